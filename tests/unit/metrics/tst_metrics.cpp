// SPDX-License-Identifier: MIT
// Metric extraction (Keras progress, key=value, user regexes, hypertune JSON lines) and
// smoothing.
#include "metrics/extract.h"
#include "metrics/series.h"
#include "metrics/unparsed.h"
#include "metrics/userpatterns.h"

#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace trainyard::metrics;

class TestMetrics : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void extractLine_data();
    void extractLine();
    void userPattern();
    void userPatternProblems();
    void userPatternStore();
    void hypertune_data();
    void hypertune();
    void smoothing();
    void lookAlikes_data();
    void lookAlikes();
};

void TestMetrics::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // QSettings of the test, not the user's
    QCoreApplication::setOrganizationName(QStringLiteral("trainyard-tests"));
    QSettings().clear();
}

// "name=value;name=value" and the step ("" when none)
static QString render(const ExtractedLine &line)
{
    QStringList parts;
    for (const MetricValue &v : line.values)
        parts << v.name + QLatin1Char('=') + QString::number(v.value);
    return parts.join(QLatin1Char(';'));
}

void TestMetrics::extractLine_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("values");
    QTest::addColumn<double>("step"); // -1: none

    QTest::newRow("keras progress") << QByteArray("20/20 [==============================] - 0s "
                                                  "2ms/step - loss: 0.1234 - accuracy: 0.9000")
                                    << QStringLiteral("loss=0.1234;accuracy=0.9") << 20.0;
    QTest::newRow("keras with val")
        << QByteArray("5/5 - 1s - loss: 0.5 - val_loss: 0.75 - val_accuracy: 0.5")
        << QStringLiteral("loss=0.5;val_loss=0.75;val_accuracy=0.5") << 5.0;
    QTest::newRow("key=value with step") << QByteArray("step=100 loss=0.5 accuracy=0.812")
                                         << QStringLiteral("loss=0.5;accuracy=0.812") << 100.0;
    QTest::newRow("worker prefix and global_step")
        << QByteArray("worker-0: step=3 global_step=10 loss=0.25") << QStringLiteral("loss=0.25")
        << 3.0;
    QTest::newRow("global_step only")
        << QByteArray("evaluator-0: eval global_step=40 loss=0.1250 accuracy=0.9375")
        << QStringLiteral("loss=0.125;accuracy=0.9375") << 40.0;
    QTest::newRow("commas and scientific")
        << QByteArray("lr=1e-3, loss=2.5E-1;") << QStringLiteral("lr=0.001;loss=0.25") << -1.0;
    QTest::newRow("nan value") << QByteArray("loss=nan") << QStringLiteral("loss=nan") << -1.0;
    QTest::newRow("plain text") << QByteArray("ERROR: worker-1 failed at step 3") << QString()
                                << -1.0;
    QTest::newRow("text value ignored")
        << QByteArray("mode=train loss=1") << QStringLiteral("loss=1") << -1.0;
    QTest::newRow("url query not a metric") << QByteArray("GET http://x/?a=1") << QString() << -1.0;
    QTest::newRow("empty") << QByteArray() << QString() << -1.0;
    // issue 21: NaN as trainers spell it
    QTest::newRow("loss=NaN") << QByteArray("loss=NaN") << QStringLiteral("loss=nan") << -1.0;
    QTest::newRow("loss: NaN") << QByteArray("loss: NaN") << QStringLiteral("loss=nan") << -1.0;
    QTest::newRow("NAN") << QByteArray("step=2 loss=NAN") << QStringLiteral("loss=nan") << 2.0;
    // issue 20: dicts, bars, and no series from the environment
    QTest::newRow("transformers 5.x dict")
        << QByteArray("{'loss': '0.6986', 'grad_norm': '0.9392', 'learning_rate': '0.0004889', "
                      "'epoch': '0.08333'}")
        << QStringLiteral("loss=0.6986;grad_norm=0.9392;learning_rate=0.0004889;epoch=0.08333")
        << -1.0;
    QTest::newRow("json line with step")
        << QByteArray(R"({"step": 10, "loss": 0.5})") << QStringLiteral("loss=0.5") << 10.0;
    QTest::newRow("tqdm bar: counter is the x")
        << QByteArray("Epoch 3: 100%|##########| 32/32 [00:00<00:00, 116.84it/s, v_num=0, "
                      "train_loss=0.619]")
        << QStringLiteral("train_loss=0.619") << 128.0;
    QTest::newRow("LOCAL_RANK") << QByteArray("LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]")
                                << QString() << -1.0;
    QTest::newRow("GPU available")
        << QByteArray("GPU available: True (cuda), used: True") << QString() << -1.0;
    QTest::newRow("Seed set") << QByteArray("Seed set to 0") << QString() << -1.0;
}

void TestMetrics::extractLine()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, values);
    QFETCH(double, step);
    const ExtractedLine out = MetricExtractor().extract(line);
    QCOMPARE(render(out), values);
    QCOMPARE(out.step.has_value(), step >= 0);
    if (step >= 0)
        QCOMPARE(*out.step, step);
}

void TestMetrics::userPattern()
{
    const UserPattern p = UserPattern::fromString(
        QStringLiteral("iter (?<step>\\d+): perplexity (?<perplexity>[0-9.]+)"));
    QVERIFY(p.isValid());
    const ExtractedLine out = MetricExtractor({p}).extract(QByteArray("iter 7: perplexity 12.5"));
    QCOMPARE(render(out), QStringLiteral("perplexity=12.5"));
    QVERIFY(out.step);
    QCOMPARE(*out.step, 7.0);
    QVERIFY(MetricExtractor({p}).extract(QByteArray("something else")).isEmpty());
}

void TestMetrics::userPatternProblems()
{
    QVERIFY(!UserPattern::fromString(QStringLiteral("(unclosed")).isValid());
    QVERIFY(!UserPattern::fromString(QStringLiteral("loss ([0-9.]+)")).isValid());
    QVERIFY(!UserPattern::fromString(QStringLiteral("step (?<step>\\d+)")).isValid());
}

void TestMetrics::hypertune_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<double>("step");
    QTest::addColumn<qint64>("wallMs");
    QTest::addColumn<QString>("values");

    QTest::newRow("reference example")
        << QByteArray(
               R"({"global_step": "1000", "accuracy": "0.987", "timestamp": 1525851440.123456, "trial": "1"})")
        << true << 1000.0 << qint64(1525851440123) << QStringLiteral("accuracy=0.987");
    QTest::newRow("numbers not strings")
        << QByteArray(R"({"global_step": 5, "training/hptuning/metric": 0.5, "timestamp": 1.0})")
        << true << 5.0 << qint64(1000) << QStringLiteral("training/hptuning/metric=0.5");
    QTest::newRow("no metric") << QByteArray(R"({"global_step": "1", "timestamp": 1})") << false
                               << 0.0 << qint64(0) << QString();
    QTest::newRow("not json") << QByteArray("accuracy=1") << false << 0.0 << qint64(0) << QString();
    QTest::newRow("empty") << QByteArray() << false << 0.0 << qint64(0) << QString();
}

void TestMetrics::hypertune()
{
    QFETCH(QByteArray, line);
    QFETCH(bool, valid);
    const std::optional<HypertuneEntry> entry = parseHypertuneLine(line);
    QCOMPARE(entry.has_value(), valid);
    if (!valid)
        return;
    QFETCH(double, step);
    QFETCH(qint64, wallMs);
    QFETCH(QString, values);
    QCOMPARE(entry->step, step);
    QCOMPARE(entry->wallMs, wallMs);
    ExtractedLine asLine;
    asLine.values = entry->values;
    QCOMPARE(render(asLine), values);
}

// Never a silent blank (unparsed.h): which lines look like metrics, and the pattern made from one
// reads its values.
void TestMetrics::lookAlikes_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<bool>("looksLike");
    QTest::addColumn<QString>("extracted"); // by the suggested pattern ("" when none)

    QTest::newRow("name and decimal") << QByteArray("validation perplexity 12.50, best so far")
                                      << true << QStringLiteral("perplexity=12.5");
    QTest::newRow("iter and colon")
        << QByteArray("iter 7: ppl 12.5 bleu=0.31") << true << QStringLiteral("ppl=12.5;bleu=0.31");
    QTest::newRow("step word") << QByteArray("Iter 40 | dice 0.8123") << true
                               << QStringLiteral("dice=0.8123");
    QTest::newRow("exponent") << QByteArray("lr 3.0e-4 now") << true << QStringLiteral("lr=0.0003");
    QTest::newRow("quoted key") << QByteArray("'rmse': 0.25") << true
                                << QStringLiteral("rmse=0.25");
    QTest::newRow("version") << QByteArray("Python 3.11.2 on linux") << false << QString();
    QTest::newRow("time") << QByteArray("took 0.5s") << false << QString();
    QTest::newRow("whole numbers") << QByteArray("rank 0 of 3 on port 29500") << false << QString();
    QTest::newRow("no name") << QByteArray("   0.25") << false << QString();
}

void TestMetrics::lookAlikes()
{
    QFETCH(QByteArray, line);
    QFETCH(bool, looksLike);
    QFETCH(QString, extracted);
    QCOMPARE(looksLikeMetrics(line.constData(), line.size()), looksLike);
    if (!looksLike)
        return;
    const QString pattern = suggestPattern(QString::fromUtf8(line));
    const UserPattern p = UserPattern::fromString(pattern);
    QVERIFY2(p.isValid(), qPrintable(pattern + QStringLiteral(": ") + p.problem()));
    // The pattern alone (what built-in forms find too is left out) reads the line's values.
    ExtractedLine out;
    const QRegularExpressionMatch m = p.regex.match(QString::fromUtf8(line));
    QVERIFY2(m.hasMatch(), qPrintable(pattern));
    QStringList got;
    for (const QString &group : p.regex.namedCaptureGroups()) {
        if (!group.isEmpty() && group != QLatin1String("step"))
            got << group + QLatin1Char('=') + QString::number(m.captured(group).toDouble());
    }
    QCOMPARE(got.join(QLatin1Char(';')), extracted);
}

void TestMetrics::smoothing()
{
    const QVector<double> flat(50, 2.0);
    for (double v : smoothEma(flat, 0.6))
        QVERIFY(qFuzzyCompare(v, 2.0)); // debiased: a constant stays constant
    const QVector<double> values = {0, 10, 0, 10};
    QCOMPARE(smoothEma(values, 0.0), values);
    const QVector<double> smoothed = smoothEma(values, 0.9);
    QCOMPARE(smoothed.first(), 0.0);
    QVERIFY(smoothed.at(1) < 10.0 && smoothed.at(1) > 0.0);
}

// The settings page writes through the store: every pattern is kept, changed() tells listeners
// only about real changes, and extraction reads the usable ones in order.
void TestMetrics::userPatternStore()
{
    UserPatternStore *store = UserPatternStore::instance();
    QCOMPARE(UserPatternStore::instance(), store);
    QSignalSpy changed(store, &UserPatternStore::changed);
    const QStringList list{QStringLiteral("b=(?<b>\\d+)"), QStringLiteral("(unclosed"),
                           QStringLiteral("no group"), QStringLiteral("a=(?<a>\\d+)")};
    store->setPatterns(list);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(store->patterns(), list);
    QCOMPARE(QSettings().value(QLatin1String(UserPatternsSettingsKey)).toStringList(), list);
    store->setPatterns(list);
    QCOMPARE(changed.count(), 1); // the same list: no notice

    const QStringList usable{list.at(0), list.at(3)};
    QCOMPARE(UserPatternStore::usableTexts(list), usable);
    const QList<UserPattern> patterns = UserPatternStore::usable(list);
    QCOMPARE(patterns.size(), 2);
    QCOMPARE(patterns.at(1).regex.pattern(), list.at(3));
    QCOMPARE(userPatternsFromSettings().size(), 2);

    store->setPatterns({});
    QCOMPARE(changed.count(), 2);
    QVERIFY(!QSettings().contains(QLatin1String(UserPatternsSettingsKey)));
    QCOMPARE(userPatternsFromSettings().size(), 0);
}

QTEST_GUILESS_MAIN(TestMetrics)
#include "tst_metrics.moc"
