// SPDX-License-Identifier: MIT
// Metrics at the trainer's own step, from every common form, through a real job: one replica per
// form (fixtrainer.forms: the real XGBoost, scikit-learn and tqdm, hand-written loops, LightGBM's
// and Keras's formats), each writing what it printed as the truth; every stored point is compared
// with it, step and value, in order. The fast bar (tqdm's iterator at 200 steps/s, set_postfix)
// and the two streams (a dict written through a tqdm bar on the other stream at 75 steps/s, as
// transformers does) are two of the replicas. A replica whose lines look like metrics in no known
// form gives no series, and `jobs metrics` says so on stderr.
#include "store/jobstore.h"
#include "testsupport.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <charconv>

using namespace trainyard;
using namespace trainyard::testing;

namespace {

QString shortest(double v)
{
    char buffer[64];
    const std::to_chars_result r = std::to_chars(buffer, buffer + sizeof buffer, v);
    return QString::fromLatin1(buffer, int(r.ptr - buffer));
}

// "step=value step=value ..." of [[step, value], ...] or of [[step, wall, value], ...].
QString render(const QJsonArray &points)
{
    QStringList out;
    for (const QJsonValue &p : points) {
        const QJsonArray a = p.toArray();
        out << shortest(a.first().toDouble()) + QLatin1Char('=') + shortest(a.last().toDouble());
    }
    return out.join(QLatin1Char(' '));
}

} // namespace

class TestMetricForms : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyPointAtTheTrainersStep_data();
    void everyPointAtTheTrainersStep();
    void linesThatGaveNothingAreTold();

private:
    QTemporaryDir m_tmp;
    QString m_home;
    QString m_jobDir;
    QMap<QString, QJsonObject> m_series; // "replica|metric" -> the series of `jobs metrics`
    QByteArray m_stderr;
};

void TestMetricForms::initTestCase()
{
    if (!QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
        QSKIP("These tests need /usr/bin/python3");
    QVERIFY(m_tmp.isValid());
    m_home = m_tmp.filePath(QStringLiteral("store"));
    m_jobDir = m_tmp.filePath(QStringLiteral("job"));
    QVERIFY(QDir().mkpath(m_home));
    const QString config = writeFile(m_tmp.filePath(QStringLiteral("forms.yaml")),
                                     customSpec(QStringLiteral("forms"), 7, 0, 0, m_jobDir));
    const CliRun run = runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("submit"),
                                       QStringLiteral("training"), QStringLiteral("forms_job"),
                                       QStringLiteral("--config"), config});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const CliRun metrics =
        runCli(m_home, {QStringLiteral("jobs"), QStringLiteral("metrics"),
                        QStringLiteral("forms_job"), QStringLiteral("--format=json")});
    QVERIFY2(metrics.exitCode == 0, metrics.err.constData());
    m_stderr = metrics.err;
    const QJsonArray series =
        QJsonDocument::fromJson(metrics.out).object().value(QStringLiteral("series")).toArray();
    for (const QJsonValue &v : series) {
        const QJsonObject s = v.toObject();
        if (s.value(QStringLiteral("kind")).toString() == QLatin1String("log"))
            m_series.insert(s.value(QStringLiteral("source")).toString() + QLatin1Char('|') +
                                s.value(QStringLiteral("metric")).toString(),
                            s);
    }
}

void TestMetricForms::everyPointAtTheTrainersStep_data()
{
    QTest::addColumn<QString>("replica");
    QTest::newRow("step word pairs") << QStringLiteral("chief-0");
    QTest::newRow("xgboost 1.7 evaluation log") << QStringLiteral("worker-0");
    QTest::newRow("lightgbm evaluation log") << QStringLiteral("worker-1");
    QTest::newRow("scikit-learn MLP verbose") << QStringLiteral("worker-2");
    QTest::newRow("keras progress, dynamic display") << QStringLiteral("worker-3");
    QTest::newRow("fast bar: tqdm iterator with set_postfix") << QStringLiteral("worker-4");
    QTest::newRow("two streams: dicts written through a tqdm bar") << QStringLiteral("worker-5");
}

void TestMetricForms::everyPointAtTheTrainersStep()
{
    QFETCH(QString, replica);
    const QJsonObject truth = readJson(m_jobDir + QStringLiteral("/truth-%1.json").arg(replica))
                                  .value(QStringLiteral("series"))
                                  .toObject();
    QVERIFY2(!truth.isEmpty(), qPrintable(replica));
    QStringList stored;
    for (auto it = m_series.cbegin(); it != m_series.cend(); ++it) {
        if (it.key().startsWith(replica + QLatin1Char('|')))
            stored << it.key().mid(replica.size() + 1);
    }
    QStringList printed = truth.keys();
    printed.sort();
    stored.sort();
    QCOMPARE(stored, printed); // every series, and only these
    for (const QString &metric : std::as_const(printed)) {
        const QString got = render(m_series.value(replica + QLatin1Char('|') + metric)
                                       .value(QStringLiteral("points"))
                                       .toArray());
        const QString want = render(truth.value(metric).toArray());
        QVERIFY2(got == want, qPrintable(QStringLiteral("%1 %2:\n stored  %3\n printed %4")
                                             .arg(replica, metric, got, want)));
    }
}

void TestMetricForms::linesThatGaveNothingAreTold()
{
    for (auto it = m_series.cbegin(); it != m_series.cend(); ++it)
        QVERIFY2(!it.key().startsWith(QStringLiteral("worker-6|")), qPrintable(it.key()));
    QVERIFY2(m_stderr.contains("worker-6 printed 5 line"), m_stderr.constData());
    QVERIFY2(m_stderr.contains("that look like metrics, but no series came from them, e.g.: "
                               "validation perplexity 20.00, best so far\n"),
             m_stderr.constData());
    // ... with a pattern that reads it (Settings > Metrics).
    QVERIFY2(m_stderr.contains("A pattern for Settings > Metrics that reads it: validation "
                               "perplexity (?<perplexity>"),
             m_stderr.constData());
    // Replicas that gave series are not mentioned.
    QVERIFY(!m_stderr.contains("chief-0 printed"));
}

QTEST_GUILESS_MAIN(TestMetricForms)
#include "tst_metricforms.moc"
