// SPDX-License-Identifier: MIT
// The Compare view, driven from the job console: three jobs selected in the list give one chart
// per metric with three lines (one per job, one colour per job in every chart), a table whose
// last/min/max equal the points in the jobs' metric stores, sortable, with CSV exports; a tuning
// job's trials give a scatter of a metric's final value against each parameter. The jobs were
// recorded without a store (logs only): opening them converts them in the background.
//
// Set TRAINYARD_SCREENSHOT_DIR to save compare-charts.png, compare-table.png and
// compare-trials-scatter.png.
#include "charts/metricchart.h"
#include "compare/compareview.h"
#include "compare/frozentableview.h"
#include "compare/runlegend.h"
#include "jobs/jobconsole.h"
#include "jobs/joblistmodel.h"
#include "logs/logwriter.h"
#include "metrics/metricstore.h"
#include "store/jobstore.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QChartView>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QListWidget>
#include <QScatterSeries>
#include <QScrollBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <limits>

using namespace trainyard;

namespace {

QByteArray config(const QString &jobId)
{
    return QStringLiteral("jobId: %1\ntrainingInput:\n  scaleTier: BASIC\n  region: us-central1\n"
                          "  pythonModule: trainer.task\n  runtimeVersion: \"2.11\"\n"
                          "  pythonVersion: \"3.7\"\n")
        .arg(jobId)
        .toUtf8();
}

// A log as the owner writes it: "step=N loss=… accuracy=…" lines of a run with learning rate lr.
void writeTrainerLog(const QString &path, double lr, int steps)
{
    logs::LogWriter writer;
    QVERIFY(writer.open(path));
    for (int i = 0; i <= steps; ++i) {
        const double loss = 2.0 * std::exp(-lr * i) + 0.05 * std::sin(i * 0.7);
        const double acc = 1.0 - std::exp(-lr * i * 0.8) * 0.9 + 0.01 * std::cos(i * 1.3);
        const QByteArray line = "step=" + QByteArray::number(i) +
                                " loss=" + QByteArray::number(loss, 'g', 10) +
                                " accuracy=" + QByteArray::number(acc, 'g', 10);
        writer.append(1763800000000 + i * 1000, logs::Stream::Stdout, logs::Severity::Info, false,
                      line.constData(), line.size());
        if (i % 50 == 0) {
            const QByteArray noise("Epoch done, saving checkpoint");
            writer.append(1763800000000 + i * 1000, logs::Stream::Stdout, logs::Severity::Info,
                          false, noise.constData(), noise.size());
        }
    }
    writer.close();
}

struct Stats
{
    double last = 0;
    double min = std::numeric_limits<double>::infinity();
    double max = -std::numeric_limits<double>::infinity();
    qint64 count = 0;
};

// Straight from the store's series file.
Stats storedStats(const QString &jobDir, const QString &source, const QString &metric)
{
    Stats s;
    metrics::SeriesReader r;
    if (!r.open(QDir(jobDir + QStringLiteral("/metrics"))
                    .filePath(metrics::seriesFileName({metrics::kinds::Log, source, metric}))))
        return s;
    for (qint64 i = 0; i < r.count(); ++i) {
        s.min = std::min(s.min, r.point(i).value);
        s.max = std::max(s.max, r.point(i).value);
    }
    s.last = r.point(r.count() - 1).value;
    s.count = r.count();
    return s;
}

int column(QAbstractItemModel *model, const QString &header)
{
    for (int c = 0; c < model->columnCount(); ++c) {
        if (model->headerData(c, Qt::Horizontal).toString() == header)
            return c;
    }
    return -1;
}

void shot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    w->grab().save(QDir(dir).filePath(name));
}

} // namespace

class TestCompareView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void threeJobsSideBySide();
    void tuningTrialsScatter();
    void legendTableAndFrozenRunColumn();

private:
    QString m_root;
    QTemporaryDir m_tmp;
    QStringList m_jobs{QStringLiteral("lr_0_01"), QStringLiteral("lr_0_02"),
                       QStringLiteral("lr_0_05")};
};

void TestCompareView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("trainyard-tests"));
    QSettings().clear();
    m_root = m_tmp.filePath(QStringLiteral("store"));
    store::JobStore store(m_root);
    const double rates[] = {0.01, 0.02, 0.05};
    for (int j = 0; j < m_jobs.size(); ++j) {
        const QString &id = m_jobs.at(j);
        QVERIFY(store.createJob(id, config(id)));
        store::JobState state = store.readState(id).state;
        state.state = store::JobStatus::Succeeded;
        QVERIFY(store.writeState(id, state));
        QDir().mkpath(store.logsDir(id));
        writeTrainerLog(store.logPath(id, QStringLiteral("chief-0")), rates[j], 300);
    }
    // A tuning job of four trials (learning rate × optimizer).
    const QString tuning = QStringLiteral("hp_search");
    QVERIFY(store.createJob(tuning, config(tuning)));
    store::JobState state = store.readState(tuning).state;
    state.state = store::JobStatus::Succeeded;
    store::TuningState t;
    t.hyperparameterMetricTag = QStringLiteral("accuracy");
    const double trialRates[] = {0.005, 0.01, 0.03, 0.08};
    const char *optimizers[] = {"sgd", "adam", "sgd", "adam"};
    QDir().mkpath(store.logsDir(tuning));
    for (int i = 0; i < 4; ++i) {
        store::TrialState trial;
        trial.trialId = QString::number(i + 1);
        trial.state = store::JobStatus::Succeeded;
        trial.hyperparameters.insert(QStringLiteral("learning_rate"),
                                     QString::number(trialRates[i]));
        trial.hyperparameters.insert(QStringLiteral("optimizer"),
                                     QString::fromLatin1(optimizers[i]));
        t.trials.append(trial);
        writeTrainerLog(
            store.logPath(tuning, store::trialLogName(QStringLiteral("chief-0"), trial.trialId)),
            trialRates[i], 200);
    }
    state.tuning = t;
    QVERIFY(store.writeState(tuning, state));
}

void TestCompareView::threeJobsSideBySide()
{
    ui::jobs::JobConsole console(m_root);
    console.resize(1000, 700);
    console.show();
    QTRY_COMPARE_WITH_TIMEOUT(console.model()->rowCount(), 4, 10000);
    // The list shows the newest first; sorted by ID, the selection reads in the order made.
    for (QTableView *view : console.findChildren<QTableView *>()) {
        if (view->accessibleName() == QLatin1String("Jobs"))
            view->sortByColumn(ui::jobs::JobListModel::JobIdColumn, Qt::AscendingOrder);
    }
    console.selectJobs(m_jobs);
    QCOMPARE(console.selectedJobIds(), m_jobs);
    QVERIFY(console.compareAction()->isEnabled());
    console.selectJobs({m_jobs.first()}); // one plain job: nothing to compare
    QVERIFY(!console.compareAction()->isEnabled());
    console.selectJobs(m_jobs);

    QPointer<ui::compare::CompareView> view = console.openCompare(console.selectedJobIds());
    QVERIFY(view);
    // Every change of the table (rows inserted as the runs' figures arrive, sorted, filtered)
    // goes through the model testers.
    QAbstractItemModelTester tableTester(view->tableModel(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(view->table()->model(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    view->resize(1300, 800);
    QVERIFY(QTest::qWaitForWindowExposed(view));
    QTRY_VERIFY_WITH_TIMEOUT(view->isComplete() && view->metrics().size() == 2 &&
                                 view->chart(QStringLiteral("loss"))->lineSeries().size() == 3,
                             20000);
    QCOMPARE(view->metrics(), (QStringList{QStringLiteral("accuracy"), QStringLiteral("loss")}));

    // One line per job in every chart, named after the job, in the job's colour everywhere.
    QSet<QRgb> colours;
    for (const QString &metric : view->metrics()) {
        ui::charts::MetricChartView *chart = view->chart(metric);
        QTRY_COMPARE(chart->lineSeries().size(), 3);
        for (int j = 0; j < 3; ++j) {
            QLineSeries *line = chart->lineSeries().at(j);
            QCOMPARE(line->name(), m_jobs.at(j));
            QCOMPARE(line->color(), view->colorOf(m_jobs.at(j)));
            QTRY_VERIFY(line->count() > 100); // redrawn for the laid-out width
            colours.insert(line->color().rgb());
        }
    }
    QCOMPARE(colours.size(), 3);
    // The steeper learning rate's smoothed loss ends lower.
    {
        view->setSmoothing(0.0);
        QTRY_VERIFY(view->isComplete());
        ui::charts::MetricChartView *loss = view->chart(QStringLiteral("loss"));
        QTRY_VERIFY(loss->lineSeries().at(2)->points().last().y() <
                    loss->lineSeries().at(0)->points().last().y());
    }

    // The table: last, min and max of each job's stored points.
    QAbstractItemModel *table = view->table()->model();
    QCOMPARE(table->rowCount(), 3);
    for (int r = 0; r < 3; ++r) {
        const QString run = table->index(r, 0).data().toString();
        const QString jobDir = store::JobStore(m_root).jobDir(run);
        for (const QString &metric : {QStringLiteral("loss"), QStringLiteral("accuracy")}) {
            const Stats s = storedStats(jobDir, QStringLiteral("chief-0"), metric);
            QCOMPARE(s.count, 301);
            QCOMPARE(table->index(r, column(table, metric + QStringLiteral(" last")))
                         .data(Qt::UserRole)
                         .toDouble(),
                     s.last);
            QCOMPARE(table->index(r, column(table, metric + QStringLiteral(" min")))
                         .data(Qt::UserRole)
                         .toDouble(),
                     s.min);
            QCOMPARE(table->index(r, column(table, metric + QStringLiteral(" max")))
                         .data(Qt::UserRole)
                         .toDouble(),
                     s.max);
        }
    }
    // Sortable: by the last loss, ascending, the fastest learning rate comes first.
    view->table()->sortByColumn(column(table, QStringLiteral("loss last")), Qt::AscendingOrder);
    QCOMPARE(table->index(0, 0).data().toString(), m_jobs.at(2));
    QCOMPARE(table->index(2, 0).data().toString(), m_jobs.at(0));

    // CSV of the table (as sorted) and of every point aligned on the step.
    const QString csv = m_tmp.filePath(QStringLiteral("table.csv"));
    QVERIFY(view->exportTableCsv(csv));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QVERIFY(lines.at(0).startsWith("\"Run\",\"accuracy last\""));
    QVERIFY(lines.at(1).startsWith("\"lr_0_05\","));
    const QString aligned = m_tmp.filePath(QStringLiteral("points.csv"));
    QVERIFY(view->exportAlignedCsv(aligned));
    QFile a(aligned);
    QVERIFY(a.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = a.readAll().trimmed().split('\n');
    QCOMPARE(rows.size(), 302); // header + steps 0..300
    QCOMPARE(rows.at(0).count(','), 6);
    QCOMPARE(rows.at(301).split(',').first(), QByteArray("300"));
    const QString png = m_tmp.filePath(QStringLiteral("charts.png"));
    QVERIFY(view->exportPng(png));
    QVERIFY(QImage(png).width() > 500);

    view->setSmoothing(0.6);
    QTRY_VERIFY(view->isComplete());
    shot(view, QStringLiteral("compare-charts.png"));
    view->tabs()->setCurrentIndex(1);
    shot(view, QStringLiteral("compare-table.png"));
    view->close();
    QTRY_VERIFY(view.isNull()); // deleted on close
}

void TestCompareView::tuningTrialsScatter()
{
    ui::jobs::JobConsole console(m_root);
    QTRY_COMPARE_WITH_TIMEOUT(console.model()->rowCount(), 4, 10000);
    QTRY_VERIFY(console.model()->job(QStringLiteral("hp_search")));
    console.selectJobs({QStringLiteral("hp_search")});
    QVERIFY(console.compareAction()->isEnabled());
    QPointer<ui::compare::CompareView> view = console.openCompare({QStringLiteral("hp_search")});
    QVERIFY(view);
    view->resize(1300, 800);
    QTRY_VERIFY_WITH_TIMEOUT(view->isComplete() &&
                                 view->chart(QStringLiteral("accuracy"))->lineSeries().size() == 4,
                             20000);
    QCOMPARE(view->chart(QStringLiteral("accuracy"))->lineSeries().first()->name(),
             QStringLiteral("trial 1"));
    QVERIFY(view->tabs()->isTabVisible(2));
    view->setScatterMetric(QStringLiteral("accuracy"));
    QChartView *lr = view->scatter(QStringLiteral("learning_rate"));
    QChartView *opt = view->scatter(QStringLiteral("optimizer"));
    QVERIFY(lr && opt);
    QCOMPARE(lr->chart()->series().size(), 4);
    const QString jobDir = store::JobStore(m_root).jobDir(QStringLiteral("hp_search"));
    for (QAbstractSeries *s : lr->chart()->series()) {
        auto *scatter = qobject_cast<QScatterSeries *>(s);
        QVERIFY(scatter);
        const QString trial = scatter->name().section(QLatin1Char(' '), 1);
        const Stats st = storedStats(jobDir, QStringLiteral("chief-0.trial-") + trial,
                                     QStringLiteral("accuracy"));
        QCOMPARE(scatter->count(), 1);
        QCOMPARE(scatter->at(0).y(), st.last);
        QCOMPARE(scatter->color(), view->colorOf(scatter->name()));
    }
    QCOMPARE(view->table()->model()->rowCount(), 4);
    QVERIFY(column(view->table()->model(), QStringLiteral("learning_rate")) > 0);
    view->tabs()->setCurrentIndex(2);
    shot(view, QStringLiteral("compare-trials-scatter.png"));
    view->close();
}

// Three runs with long job IDs and arguments of which two differ: one legend for all charts with
// the full names (tooltips too), a run with two replicas drawn in its colour with two line
// styles; the table puts the differing arguments right after Run and keeps Run in view while
// scrolling sideways.
void TestCompareView::legendTableAndFrozenRunColumn()
{
    const QString root = m_tmp.filePath(QStringLiteral("store2"));
    store::JobStore store(root);
    const QStringList ids{QStringLiteral("lr_0_001_cosine_warmup_500_batch_64_seed_1"),
                          QStringLiteral("lr_0_003_cosine_warmup_500_batch_64_seed_1"),
                          QStringLiteral("lr_0_010_cosine_warmup_500_batch_64_seed_2")};
    const char *rates[] = {"0.001", "0.003", "0.01"};
    const char *seeds[] = {"1", "1", "2"};
    for (int j = 0; j < 3; ++j) {
        QByteArray yaml = config(ids.at(j));
        yaml += QByteArray("  args: [\"--learning-rate=") + rates[j] +
                "\", \"--batch-size\", \"64\", \"--seed\", \"" + seeds[j] +
                "\", \"--warmup-steps=500\", \"--scheduler=cosine\", \"--label-smoothing=0.1\"]\n";
        QVERIFY(store.createJob(ids.at(j), yaml));
        store::JobState state = store.readState(ids.at(j)).state;
        state.state = store::JobStatus::Succeeded;
        QVERIFY(store.writeState(ids.at(j), state));
        QDir().mkpath(store.logsDir(ids.at(j)));
        writeTrainerLog(store.logPath(ids.at(j), QStringLiteral("chief-0")), 0.01 * (j + 1), 120);
    }
    writeTrainerLog(store.logPath(ids.at(2), QStringLiteral("worker-0")), 0.03, 120);

    ui::jobs::JobConsole console(root);
    QTRY_COMPARE_WITH_TIMEOUT(console.model()->rowCount(), 3, 10000);
    QPointer<ui::compare::CompareView> view = console.openCompare(ids);
    QVERIFY(view);
    view->resize(1300, 800);
    QVERIFY(QTest::qWaitForWindowExposed(view));
    QTRY_VERIFY_WITH_TIMEOUT(
        view->isComplete() && view->chart(QStringLiteral("loss"))->lineSeries().size() == 4, 20000);

    // One legend: an entry per line style drawn, each run by its colour with its full name, a
    // run with two replicas by each replica's style.
    ui::charts::MetricChartView *loss = view->chart(QStringLiteral("loss"));
    QVERIFY(!loss->chart()->legend()->isVisible());
    ui::compare::RunLegend *legend = view->legend();
    QVERIFY(legend->isVisible());
    QCOMPARE(legend->names(),
             QStringList({ids.at(0), ids.at(1), ids.at(2) + QStringLiteral(" · chief-0"),
                          ids.at(2) + QStringLiteral(" · worker-0")}));
    for (int j = 0; j < 3; ++j) {
        QVERIFY(legend->toolTips().at(j).startsWith(ids.at(j)));
        QVERIFY(legend->toolTips().at(j).contains(QStringLiteral("learning-rate = ") +
                                                  QLatin1String(rates[j])));
    }
    for (int i = 0; i < legend->count(); ++i) { // full names, never elided
        QListWidgetItem *item = legend->item(i);
        QVERIFY2(legend->visualItemRect(item).width() >=
                     legend->fontMetrics().horizontalAdvance(item->text()),
                 qPrintable(item->text()));
    }
    QCOMPARE(legend->entries().at(3).style, Qt::DashLine);
    QCOMPARE(legend->entries().at(3).color, view->colorOf(ids.at(2)));
    const QList<QLineSeries *> lines = loss->lineSeries();
    QCOMPARE(lines.at(0)->name(), ids.at(0));
    QCOMPARE(lines.at(2)->name(), ids.at(2) + QStringLiteral(" · chief-0"));
    QCOMPARE(lines.at(3)->name(), ids.at(2) + QStringLiteral(" · worker-0"));
    QCOMPARE(lines.at(2)->pen().color(), view->colorOf(ids.at(2)));
    QCOMPARE(lines.at(3)->pen().color(), view->colorOf(ids.at(2)));
    QCOMPARE(lines.at(2)->pen().style(), Qt::SolidLine);
    QCOMPARE(lines.at(3)->pen().style(), Qt::DashLine);
    QCOMPARE(lines.at(0)->pen().style(), Qt::SolidLine);
    shot(view, QStringLiteral("compare-legend.png"));

    // The table: Run, the arguments that differ, the metrics, then what every run shares.
    view->tabs()->setCurrentIndex(1);
    QAbstractItemModel *table = view->table()->model();
    QCOMPARE(table->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Run"));
    QCOMPARE(table->headerData(1, Qt::Horizontal).toString(), QStringLiteral("learning-rate"));
    QCOMPARE(table->headerData(2, Qt::Horizontal).toString(), QStringLiteral("seed"));
    QCOMPARE(table->headerData(3, Qt::Horizontal).toString(), QStringLiteral("accuracy last"));
    QVERIFY(
        table->headerData(1, Qt::Horizontal, ui::compare::CompareTableModel::DiffersRole).toBool());
    for (const QString &shared : {QStringLiteral("batch-size"), QStringLiteral("warmup-steps"),
                                  QStringLiteral("scheduler"), QStringLiteral("label-smoothing")}) {
        QVERIFY2(column(table, shared) > column(table, QStringLiteral("loss max")),
                 qPrintable(shared));
        QVERIFY(!table
                     ->headerData(column(table, shared), Qt::Horizontal,
                                  ui::compare::CompareTableModel::DiffersRole)
                     .toBool());
    }
    QCOMPARE(table->index(0, 1).data().toString(), QStringLiteral("0.001"));
    QCOMPARE(table->index(2, 2).data().toString(), QStringLiteral("2"));

    // Scrolled all the way right, the Run column stays in view.
    view->resize(700, 600);
    auto *frozen = qobject_cast<ui::compare::FrozenColumnTableView *>(view->table());
    QVERIFY(frozen);
    QTRY_VERIFY(frozen->horizontalScrollBar()->maximum() > 0);
    frozen->horizontalScrollBar()->setValue(frozen->horizontalScrollBar()->maximum());
    QTRY_VERIFY(frozen->columnViewportPosition(0) < 0); // the table's own Run column scrolled away
    QTableView *runColumn = frozen->frozenView();
    QVERIFY(runColumn->isVisible());
    QCOMPARE(runColumn->geometry().left(),
             frozen->verticalHeader()->width() + frozen->frameWidth());
    QVERIFY(runColumn->width() >= frozen->columnWidth(0));
    QVERIFY(runColumn->isColumnHidden(1));
    const QModelIndex first = runColumn->indexAt(QPoint(5, runColumn->rowViewportPosition(0) + 3));
    QCOMPARE(first.column(), 0);
    QCOMPARE(first.data().toString(), table->index(0, 0).data().toString());
    shot(view, QStringLiteral("compare-table-frozen.png"));
    view->close();
}

QTEST_MAIN(TestCompareView)
#include "tst_compareview.moc"
