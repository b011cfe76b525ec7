// SPDX-License-Identifier: MIT
// A tuning job's study in the console (offscreen): the Trials tab's table (TrialsModel under
// QAbstractItemModelTester: state, objective, step, early-stopping mark, each parameter,
// sortable, rows merged as trials arrive), the parallel coordinates (axes, log axis, keyboard,
// accessible name and description, selection shared with the table), and the Compare view of
// the trials with the objective as the service reports it (its column and the scatter's
// default). TRAINYARD_SCREENSHOT_DIR=docs/screenshots saves study-trials.png.
#include "compare/comparetablemodel.h"
#include "compare/compareview.h"
#include "compare/scatterpage.h"
#include "jobs/jobdetail.h"
#include "store/jobstore.h"
#include "study/parallelcoordinates.h"
#include "study/studyview.h"
#include "study/trialsmodel.h"
#include "wizard/hyperparampage.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace trainyard;
using namespace trainyard::ui;

namespace {

store::TrialState trial(int id, double lr, const QString &optimizer,
                        std::optional<double> objective, store::JobStatus state,
                        bool stopped = false)
{
    store::TrialState t;
    t.trialId = QString::number(id);
    t.hyperparameters.insert(QStringLiteral("learning_rate"), QString::number(lr));
    t.hyperparameters.insert(QStringLiteral("optimizer"), optimizer);
    t.state = state;
    t.isTrialStoppedEarly = stopped;
    if (objective)
        t.finalMetric = store::TrialMetric{stopped ? 40 : 100, *objective};
    return t;
}

store::TuningState sampleStudy()
{
    store::TuningState s;
    s.hyperparameterMetricTag = QStringLiteral("accuracy");
    s.goal = QStringLiteral("MAXIMIZE");
    s.maxTrials = 6;
    s.localTrials = 6;
    using store::JobStatus;
    s.trials = {trial(1, 0.01, QStringLiteral("adam"), 0.81, JobStatus::Succeeded),
                trial(2, 0.0003, QStringLiteral("sgd"), 0.62, JobStatus::Succeeded),
                trial(3, 0.05, QStringLiteral("adam"), 0.93, JobStatus::Succeeded),
                trial(4, 0.2, QStringLiteral("sgd"), 0.12, JobStatus::Succeeded, true),
                trial(5, 0.0001, QStringLiteral("rmsprop"), std::nullopt, JobStatus::Failed)};
    s.trials[4].errorMessage = QStringLiteral("The replica chief-0 exited with code 3.");
    return s;
}

jobspec::HyperparameterSpec specOf()
{
    jobspec::HyperparameterSpec hp;
    jobspec::ParameterSpec opt;
    opt.parameterName = QStringLiteral("optimizer");
    opt.type = QStringLiteral("CATEGORICAL");
    opt.categoricalValues = {QStringLiteral("adam"), QStringLiteral("sgd"),
                             QStringLiteral("rmsprop")};
    jobspec::ParameterSpec lr;
    lr.parameterName = QStringLiteral("learning_rate");
    lr.type = QStringLiteral("DOUBLE");
    lr.minValue = 1e-4;
    lr.maxValue = 0.3;
    lr.scaleType = QStringLiteral("UNIT_LOG_SCALE");
    hp.params = {opt, lr}; // the spec's order: optimizer first
    return hp;
}

} // namespace

class TestStudyView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void trialsTable();
    void rowsMergeAsTrialsArrive();
    void parallelCoordinates();
    void keyboardAndSelection();
    void trialsTabInTheJobDetail();
    void compareShowsTheObjective();
    void wizardSaysWhichAlgorithm();
};

void TestStudyView::trialsTable()
{
    study::TrialsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const jobspec::HyperparameterSpec hp = specOf();
    model.setTuning(sampleStudy(), {QStringLiteral("optimizer"), QStringLiteral("learning_rate")});
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(model.columnCount(), study::TrialsModel::NUM_FIXED_COLUMNS + 2);
    QCOMPARE(model.headerData(study::TrialsModel::ObjectiveColumn, Qt::Horizontal).toString(),
             QStringLiteral("Objective: accuracy"));
    QCOMPARE(model.headerData(study::TrialsModel::NUM_FIXED_COLUMNS, Qt::Horizontal).toString(),
             QStringLiteral("optimizer"));
    const auto at = [&model](int row, int column) { return model.index(row, column).data(); };
    QCOMPARE(at(3, study::TrialsModel::StoppedColumn).toString(), QStringLiteral("stopped early"));
    QCOMPARE(at(0, study::TrialsModel::StoppedColumn).toString(), QString());
    QCOMPARE(at(3, study::TrialsModel::StepColumn).toString(), QStringLiteral("40"));
    QCOMPARE(at(4, study::TrialsModel::StateColumn).toString(), QStringLiteral("FAILED"));
    QCOMPARE(at(4, study::TrialsModel::ObjectiveColumn).toString(), QString());
    QVERIFY(model.index(4, 0).data(Qt::ToolTipRole).toString().contains(QLatin1String("code 3")));

    // Sorted by the objective, best first: 3, 1, 2, 4, then the failed trial.
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(study::TrialsModel::SortRole);
    proxy.sort(study::TrialsModel::ObjectiveColumn, Qt::DescendingOrder);
    QStringList ids;
    for (int r = 0; r < proxy.rowCount(); ++r)
        ids << proxy.index(r, study::TrialsModel::TrialColumn).data().toString();
    QCOMPARE(ids, (QStringList{QStringLiteral("3"), QStringLiteral("1"), QStringLiteral("2"),
                               QStringLiteral("4"), QStringLiteral("5")}));
    // A numeric parameter sorts as a number (0.0001 < 0.0003 < 0.01 < 0.05 < 0.2).
    proxy.sort(study::TrialsModel::NUM_FIXED_COLUMNS + 1, Qt::AscendingOrder);
    QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("5"));
    QCOMPARE(proxy.index(4, 0).data().toString(), QStringLiteral("4"));
}

void TestStudyView::rowsMergeAsTrialsArrive()
{
    study::TrialsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    store::TuningState s = sampleStudy();
    store::TuningState first = s;
    first.trials = s.trials.mid(0, 2);
    first.trials[1].state = store::JobStatus::Running;
    first.trials[1].finalMetric.reset();
    model.setTuning(first, {QStringLiteral("optimizer"), QStringLiteral("learning_rate")});
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setTuning(s, {QStringLiteral("optimizer"), QStringLiteral("learning_rate")});
    QCOMPARE(reset.count(), 0);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(changed.count(), 1); // trial 2 ended
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(model.index(1, study::TrialsModel::StateColumn).data().toString(),
             QStringLiteral("SUCCEEDED"));
}

void TestStudyView::parallelCoordinates()
{
    study::ParallelCoordinates plot;
    plot.resize(700, 360);
    plot.setTuning(sampleStudy(), {QStringLiteral("optimizer"), QStringLiteral("learning_rate")});
    QCOMPARE(plot.axisCount(), 3);
    QCOMPARE(plot.axisTitle(2), QStringLiteral("accuracy (objective)"));
    QCOMPARE(plot.accessibleName(), QStringLiteral("Parallel coordinates of the trials"));
    const QString description = plot.accessibleDescription();
    QVERIFY2(description.contains(QLatin1String("5 trial")) &&
                 description.contains(QLatin1String("on 3 axes")),
             qPrintable(description));
    QVERIFY2(description.contains(QLatin1String("Best, trial 3: optimizer = adam, learning_rate = "
                                                "0.05, accuracy = 0.93")),
             qPrintable(description));
    // Higher objective higher up; the failed trial has no point on the objective axis.
    QVERIFY(plot.yOf(QStringLiteral("3"), 2) < plot.yOf(QStringLiteral("1"), 2));
    QVERIFY(std::isnan(plot.yOf(QStringLiteral("5"), 2)));
    // learning_rate spans more than two decades: a log axis, 0.01 between 0.0003 and 0.05 in
    // logs (a linear axis would put it near the bottom).
    const double low = plot.yOf(QStringLiteral("5"), 1);  // 0.0001
    const double high = plot.yOf(QStringLiteral("4"), 1); // 0.2
    const double mid = plot.yOf(QStringLiteral("1"), 1);  // 0.01
    const double expected =
        (std::log(0.01) - std::log(0.0001)) / (std::log(0.2) - std::log(0.0001));
    QVERIFY(std::abs((low - mid) / (low - high) - expected) < 1e-6);
}

void TestStudyView::keyboardAndSelection()
{
    study::StudyView view;
    const jobspec::HyperparameterSpec hp = specOf();
    view.setTuning(sampleStudy(), &hp);
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.headline().contains(QLatin1String("Best: trial 3, accuracy = 0.93")));
    QVERIFY(view.headline().contains(QLatin1String("Bayesian optimisation")));
    // Tab from the table reaches the plot; Down moves through the trials there.
    view.activateWindow();
    view.table()->setFocus();
    QTest::keyClick(view.table(), Qt::Key_Tab);
    QVERIFY(view.plot()->hasFocus());
    QTest::keyClick(view.plot(), Qt::Key_Home);
    QCOMPARE(view.plot()->currentTrial(), QStringLiteral("1"));
    QTest::keyClick(view.plot(), Qt::Key_Down);
    QCOMPARE(view.plot()->currentTrial(), QStringLiteral("2"));
    QTest::keyClick(view.plot(), Qt::Key_End);
    QCOMPARE(view.plot()->currentTrial(), QStringLiteral("5"));
    QVERIFY(view.plot()->accessibleDescription().contains(
        QLatin1String("Current, trial 5: optimizer = rmsprop")));
    // The table follows the plot, and the plot the table.
    QCOMPARE(view.table()->currentIndex().data(study::TrialsModel::TrialIdRole).toString(),
             QStringLiteral("5"));
    view.table()->selectRow(0);
    view.table()->setCurrentIndex(view.table()->model()->index(1, 0));
    QCOMPARE(view.plot()->currentTrial(),
             view.table()->model()->index(1, 0).data(study::TrialsModel::TrialIdRole).toString());
    if (const QString dir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QDir().mkpath(dir);
        view.table()->setCurrentIndex(view.table()->model()->index(3, 0)); // trial 4, stopped
        QVERIFY(view.grab().save(dir + QStringLiteral("/study-trials.png")));
    }
}

void TestStudyView::trialsTabInTheJobDetail()
{
    QTemporaryDir dir;
    store::JobStore store(dir.path());
    QVERIFY(store.createJob(QStringLiteral("hp_job"),
                            "jobId: hp_job\ntrainingInput:\n  scaleTier: BASIC\n  region: "
                            "us-central1\n  pythonModule: trainer.task\n  hyperparameters:\n"
                            "    goal: MAXIMIZE\n    params:\n      - {parameterName: optimizer, "
                            "type: CATEGORICAL, categoricalValues: [adam, sgd, rmsprop]}\n"
                            "      - {parameterName: learning_rate, type: DOUBLE, minValue: "
                            "0.0001, maxValue: 0.3}\n"));
    jobs::JobDetail detail(dir.path());
    detail.setJob(QStringLiteral("hp_job"));
    store::JobState state;
    state.state = store::JobStatus::Running;
    detail.setState(state, true, QString());
    QVERIFY(!detail.tabs()->isTabVisible(jobs::JobDetail::TrialsTab));
    state.tuning = sampleStudy();
    detail.setState(state, true, QString());
    QVERIFY(detail.tabs()->isTabVisible(jobs::JobDetail::TrialsTab));
    // The spec's order: optimizer before learning_rate.
    QCOMPARE(detail.studyView()->model()->parameters(),
             (QStringList{QStringLiteral("optimizer"), QStringLiteral("learning_rate")}));
    QCOMPARE(detail.studyView()->model()->rowCount(), 5);
}

void TestStudyView::compareShowsTheObjective()
{
    // The trials' objective is finalMetric (what the Overview calls best), not a log series'
    // last value: it is a column of the table and the scatter's default.
    QTemporaryDir dir;
    QList<compare::CompareRun> runs;
    for (const store::TrialState &t : sampleStudy().trials)
        runs.append(compare::CompareRun{
            QStringLiteral("trial %1").arg(t.trialId), QStringLiteral("hp_job"), t.trialId,
            t.hyperparameters, QStringLiteral("accuracy"),
            t.finalMetric ? std::optional<double>(t.finalMetric->objectiveValue) : std::nullopt});
    compare::CompareView view;
    view.setRuns(dir.path(), runs);
    compare::CompareTableModel *model = view.tableModel();
    QCOMPARE(model->headerData(1, Qt::Horizontal).toString(),
             QStringLiteral("Objective: accuracy"));
    QCOMPARE(model->index(2, 1).data().toString(), QStringLiteral("0.93"));
    QCOMPARE(model->index(4, 1).data().toString(), QString());
    auto *combo = view.findChild<QComboBox *>(QStringLiteral("scatterMetric"));
    QVERIFY(combo);
    QCOMPARE(combo->currentText(), QStringLiteral("Objective: accuracy"));
    QVERIFY(view.scatter(QStringLiteral("learning_rate")));
}

void TestStudyView::wizardSaysWhichAlgorithm()
{
    ui::wizard::HyperparameterPage page;
    QComboBox *algorithm = page.algorithmCombo();
    QVERIFY(page.algorithmNote()->text().contains(QLatin1String("Vizier's Gaussian process")));
    QVERIFY(page.algorithmNote()->text().contains(QLatin1String("a local run does the same")));
    algorithm->setCurrentIndex(algorithm->findData(QStringLiteral("GRID_SEARCH")));
    QVERIFY(page.algorithmNote()->text().startsWith(QLatin1String("Grid search")));
    QCOMPARE(algorithm->accessibleDescription(), page.algorithmNote()->text());
    algorithm->setCurrentIndex(algorithm->findData(QStringLiteral("ALGORITHM_UNSPECIFIED")));
    QVERIFY(page.algorithmNote()->text().startsWith(QLatin1String("Bayesian optimisation")));
}

QTEST_MAIN(TestStudyView)
#include "tst_studyview.moc"
