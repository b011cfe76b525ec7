// SPDX-License-Identifier: MIT
// The values of hyperparameter tuning trials (service/trials.h): counts and the local cap, ranges
// and scales of sampled values, the grid's order, determinism per job ID.
#include "service/trials.h"

#include <QSet>
#include <QTest>
#include <algorithm>
#include <cmath>

using namespace trainyard;
using namespace trainyard::service;

namespace {

jobspec::ParameterSpec numeric(const QString &name, const QString &type, double min, double max,
                               const QString &scale = QString())
{
    jobspec::ParameterSpec p;
    p.parameterName = name;
    p.type = type;
    p.minValue = min;
    p.maxValue = max;
    p.scaleType = scale;
    return p;
}

jobspec::ParameterSpec categorical(const QString &name, const QStringList &values)
{
    jobspec::ParameterSpec p;
    p.parameterName = name;
    p.type = QStringLiteral("CATEGORICAL");
    p.categoricalValues = values;
    return p;
}

jobspec::ParameterSpec discrete(const QString &name, const QList<double> &values)
{
    jobspec::ParameterSpec p;
    p.parameterName = name;
    p.type = QStringLiteral("DISCRETE");
    p.discreteValues = values;
    return p;
}

jobspec::HyperparameterSpec hp(const QList<jobspec::ParameterSpec> &params, qint64 maxTrials,
                               const QString &algorithm = QStringLiteral("RANDOM_SEARCH"))
{
    jobspec::HyperparameterSpec s;
    s.params = params;
    s.maxTrials = maxTrials;
    s.algorithm = algorithm;
    return s;
}

QList<double> samples(const jobspec::ParameterSpec &p, int count)
{
    std::mt19937_64 random(trialSeed(QStringLiteral("samples")));
    QList<double> values;
    for (int i = 0; i < count; ++i) {
        bool ok = false;
        values << sampleParameter(p, random).toDouble(&ok);
        if (!ok)
            return {};
    }
    std::sort(values.begin(), values.end());
    return values;
}

} // namespace

class TestTrialValues : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void trialCountAndCap_data();
    void trialCountAndCap();
    void doubleScales_data();
    void doubleScales();
    void integersCoverTheirRange();
    void categoricalAndDiscretePickValues();
    void gridWalksInOrder();
    void gridSmallerThanTrials();
    void sameJobSameValues();
    void unspecifiedAlgorithmIsNoted();
    void unusableSpecs_data();
    void unusableSpecs();
    void formatting();
};

void TestTrialValues::trialCountAndCap_data()
{
    QTest::addColumn<int>("maxTrials"); // 0: unset
    QTest::addColumn<int>("cap");
    QTest::addColumn<int>("expected");
    QTest::addColumn<bool>("capped");
    QTest::newRow("default cap") << 20 << 3 << 3 << true;
    QTest::newRow("cap 0: all") << 20 << 0 << 20 << false;
    QTest::newRow("under the cap") << 2 << 3 << 2 << false;
    QTest::newRow("maxTrials unset: 1") << 0 << 3 << 1 << false;
}

void TestTrialValues::trialCountAndCap()
{
    QFETCH(int, maxTrials);
    QFETCH(int, cap);
    QFETCH(int, expected);
    QFETCH(bool, capped);
    jobspec::HyperparameterSpec s =
        hp({numeric(QStringLiteral("lr"), QStringLiteral("DOUBLE"), 0, 1)}, maxTrials);
    if (maxTrials == 0)
        s.maxTrials.reset();
    const TrialPlan plan = planTrials(s, QStringLiteral("job"), cap);
    QVERIFY(plan);
    QCOMPARE(plan.trials.size(), expected);
    QCOMPARE(plan.capped, capped);
    QCOMPARE(plan.maxTrials, qint64(qMax(1, maxTrials)));
    if (capped)
        QVERIFY(
            plan.notes.join(QLatin1Char(' '))
                .contains(QStringLiteral("%1 of %2 trials run locally").arg(cap).arg(maxTrials)));
    for (const TrialParameters &values : plan.trials) {
        QCOMPARE(values.size(), 1);
        QCOMPARE(values.first().first, QStringLiteral("lr"));
    }
}

void TestTrialValues::doubleScales_data()
{
    QTest::addColumn<QString>("scale");
    QTest::addColumn<double>("expectedMedian");
    // [0.001, 10]: linear median ~5; log median ~ the geometric mean 0.1; reverse log mirrors
    // the log scale at the top: 10 + 0.001 - 0.1.
    QTest::newRow("none") << QString() << 5.0;
    QTest::newRow("linear") << "UNIT_LINEAR_SCALE" << 5.0;
    QTest::newRow("log") << "UNIT_LOG_SCALE" << 0.1;
    QTest::newRow("reverse log") << "UNIT_REVERSE_LOG_SCALE" << 9.901;
}

void TestTrialValues::doubleScales()
{
    QFETCH(QString, scale);
    QFETCH(double, expectedMedian);
    const QList<double> values =
        samples(numeric(QStringLiteral("x"), QStringLiteral("DOUBLE"), 0.001, 10, scale), 4001);
    QCOMPARE(values.size(), 4001);
    QVERIFY(values.first() >= 0.001);
    QVERIFY(values.last() <= 10);
    const double median = values.at(2000);
    if (scale == QLatin1String("UNIT_LOG_SCALE")) // compare in log space
        QVERIFY2(std::fabs(std::log10(median) - std::log10(expectedMedian)) < 0.2,
                 qPrintable(QString::number(median)));
    else
        QVERIFY2(std::fabs(median - expectedMedian) < 0.4, qPrintable(QString::number(median)));
}

void TestTrialValues::integersCoverTheirRange()
{
    for (const QString &scale :
         {QStringLiteral("UNIT_LINEAR_SCALE"), QStringLiteral("UNIT_LOG_SCALE")}) {
        const QList<double> values =
            samples(numeric(QStringLiteral("n"), QStringLiteral("INTEGER"), 1, 6, scale), 2000);
        QCOMPARE(values.size(), 2000);
        QSet<double> seen(values.cbegin(), values.cend());
        QCOMPARE(seen, (QSet<double>{1, 2, 3, 4, 5, 6}));
    }
    const QList<double> log = samples(numeric(QStringLiteral("n"), QStringLiteral("INTEGER"), 1,
                                              1000, QStringLiteral("UNIT_LOG_SCALE")),
                                      2001);
    QVERIFY(log.at(1000) > 15 && log.at(1000) < 60); // geometric mean ~32
}

void TestTrialValues::categoricalAndDiscretePickValues()
{
    std::mt19937_64 random(1);
    QSet<QString> cats;
    QSet<QString> nums;
    const jobspec::ParameterSpec c =
        categorical(QStringLiteral("opt"), {QStringLiteral("adam"), QStringLiteral("sgd")});
    const jobspec::ParameterSpec d = discrete(QStringLiteral("drop"), {0.1, 0.25, 4});
    for (int i = 0; i < 200; ++i) {
        cats.insert(sampleParameter(c, random));
        nums.insert(sampleParameter(d, random));
    }
    QCOMPARE(cats, (QSet<QString>{QStringLiteral("adam"), QStringLiteral("sgd")}));
    QCOMPARE(nums,
             (QSet<QString>{QStringLiteral("0.1"), QStringLiteral("0.25"), QStringLiteral("4")}));
}

void TestTrialValues::gridWalksInOrder()
{
    const TrialPlan plan =
        planTrials(hp({numeric(QStringLiteral("units"), QStringLiteral("INTEGER"), 1, 2),
                       categorical(QStringLiteral("opt"), {QStringLiteral("a"), QStringLiteral("b"),
                                                           QStringLiteral("c")})},
                      5, QStringLiteral("GRID_SEARCH")),
                   QStringLiteral("job"), 0);
    QVERIFY(plan);
    QStringList walked;
    for (const TrialParameters &values : plan.trials)
        walked << values.at(0).second + values.at(1).second;
    QCOMPARE(walked, (QStringList{QStringLiteral("1a"), QStringLiteral("1b"), QStringLiteral("1c"),
                                  QStringLiteral("2a"), QStringLiteral("2b")}));
}

void TestTrialValues::gridSmallerThanTrials()
{
    const TrialPlan plan =
        planTrials(hp({discrete(QStringLiteral("d"), {1, 2.5})}, 10, QStringLiteral("GRID_SEARCH")),
                   QStringLiteral("job"), 0);
    QVERIFY(plan);
    QCOMPARE(plan.trials.size(), 2);
    QCOMPARE(plan.trials.at(1).at(0).second, QStringLiteral("2.5"));
    QVERIFY(plan.notes.join(QLatin1Char(' ')).contains(QLatin1String("only 2 points")));
}

void TestTrialValues::sameJobSameValues()
{
    const jobspec::HyperparameterSpec s =
        hp({numeric(QStringLiteral("lr"), QStringLiteral("DOUBLE"), 0.0001, 0.1,
                    QStringLiteral("UNIT_LOG_SCALE")),
            numeric(QStringLiteral("units"), QStringLiteral("INTEGER"), 1, 1000),
            categorical(QStringLiteral("opt"), {QStringLiteral("adam"), QStringLiteral("sgd")})},
           5);
    const TrialPlan a = planTrials(s, QStringLiteral("census_1"), 0);
    const TrialPlan b = planTrials(s, QStringLiteral("census_1"), 0);
    const TrialPlan c = planTrials(s, QStringLiteral("census_2"), 0);
    QCOMPARE(a.trials, b.trials);
    QVERIFY(a.trials != c.trials);
    // The cap takes the first trials of the same sequence.
    QCOMPARE(planTrials(s, QStringLiteral("census_1"), 2).trials, a.trials.mid(0, 2));
    // Stable across platforms and Qt versions: FNV-1a of the ID.
    QCOMPARE(trialSeed(QString()), 14695981039346656037ULL);
    QCOMPARE(trialSeed(QStringLiteral("a")), 0xaf63dc4c8601ec8cULL);
}

void TestTrialValues::unspecifiedAlgorithmIsNoted()
{
    for (const QString &algorithm : {QString(), QStringLiteral("ALGORITHM_UNSPECIFIED")}) {
        const TrialPlan plan = planTrials(
            hp({numeric(QStringLiteral("lr"), QStringLiteral("DOUBLE"), 0, 1)}, 2, algorithm),
            QStringLiteral("job"), 0);
        QVERIFY(plan.notes.join(QLatin1Char(' ')).contains(QLatin1String("Bayesian")));
    }
    const TrialPlan random =
        planTrials(hp({numeric(QStringLiteral("lr"), QStringLiteral("DOUBLE"), 0, 1)}, 2),
                   QStringLiteral("job"), 0);
    QVERIFY(random.notes.isEmpty());
    jobspec::HyperparameterSpec parallel =
        hp({numeric(QStringLiteral("lr"), QStringLiteral("DOUBLE"), 0, 1)}, 2);
    parallel.maxParallelTrials = 4;
    // Trials run side by side now (TrialRunner's slots): nothing to note about them here.
    QVERIFY(!planTrials(parallel, QStringLiteral("job"), 0)
                 .notes.join(QLatin1Char(' '))
                 .contains(QLatin1String("one at a time")));
}

void TestTrialValues::unusableSpecs_data()
{
    QTest::addColumn<QString>("what");
    QTest::newRow("no params") << "none";
    QTest::newRow("grid with DOUBLE") << "grid-double";
    QTest::newRow("log scale from 0") << "log-zero";
    QTest::newRow("no categories") << "no-categories";
    QTest::newRow("grid without a whole number") << "grid-empty";
}

void TestTrialValues::unusableSpecs()
{
    QFETCH(QString, what);
    jobspec::HyperparameterSpec s = hp({}, 3);
    if (what == QLatin1String("grid-double"))
        s = hp({numeric(QStringLiteral("lr"), QStringLiteral("DOUBLE"), 0, 1)}, 3,
               QStringLiteral("GRID_SEARCH"));
    else if (what == QLatin1String("log-zero"))
        s = hp({numeric(QStringLiteral("lr"), QStringLiteral("DOUBLE"), 0, 1,
                        QStringLiteral("UNIT_LOG_SCALE"))},
               3);
    else if (what == QLatin1String("no-categories"))
        s = hp({categorical(QStringLiteral("opt"), {})}, 3);
    else if (what == QLatin1String("grid-empty"))
        s = hp({numeric(QStringLiteral("units"), QStringLiteral("INTEGER"), 2.2, 2.8)}, 3,
               QStringLiteral("GRID_SEARCH"));
    const TrialPlan plan = planTrials(s, QStringLiteral("job"), 0);
    QVERIFY(!plan);
    QVERIFY(plan.trials.isEmpty());
}

void TestTrialValues::formatting()
{
    QCOMPARE(formatParameterValue(3), QStringLiteral("3"));
    QCOMPARE(formatParameterValue(-2), QStringLiteral("-2"));
    QCOMPARE(formatParameterValue(0.001), QStringLiteral("0.001"));
    QCOMPARE(formatParameterValue(0.1 + 0.2), QStringLiteral("0.30000000000000004"));
    QCOMPARE(formatParameterValue(1e-05), QStringLiteral("1e-05"));
}

QTEST_GUILESS_MAIN(TestTrialValues)
#include "tst_trialvalues.moc"
