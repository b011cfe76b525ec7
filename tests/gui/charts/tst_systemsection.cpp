// SPDX-License-Identifier: MIT
// The Metrics tab's System section with a running job: the console starts the real owner
// (`trainyard supervise`) on fixtrainer.hog (a chief logging a loss and a parameter server, both
// holding memory), NVML being the double (tests/nvmlfake, one H200 on which the chief's child
// holds GPU memory). The system charts appear below the training charts, titled with their units
// and drawn against time.
// TRAINYARD_SCREENSHOT_DIR: saves metrics-system.png (the Metrics tab while the job runs).
#include "charts/metricspanel.h"
#include "common/nvmldouble.h"
#include "jobs/jobconsole.h"
#include "jobs/jobdetail.h"
#include "jobs/joblistmodel.h"
#include "jobspec/yamlio.h"
#include "metrics/systemsampler.h"
#include "store/jobstore.h"

#include <QAbstractAxis>
#include <QChart>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using namespace Qt::Literals::StringLiterals;
namespace sys = metrics::systemseries;

class TestSystemSection : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    void describe(const QByteArray &text)
    {
        QVERIFY(test::describeNvmlDouble(m_tmp.filePath(u"nvml.txt"_s), text));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"trainyard-tests"_s);
        QSettings().clear();
        QVERIFY(m_tmp.isValid());
        if (!QFile::exists(u"/usr/bin/python3"_s))
            QSKIP("needs /usr/bin/python3");
    }

    void systemSectionBelowTrainingCharts()
    {
        const QByteArray gpu = "driver 580.159\ngpu name=NVIDIA H200; memory_total_mib=143771; "
                               "memory_used_mib=9000; utilization=87; power_mw=455000; "
                               "temperature=58\n";
        describe(gpu);
        qputenv("NVMLFAKE_DESCRIPTION", m_tmp.filePath(u"nvml.txt"_s).toLocal8Bit());
        const QString out = m_tmp.filePath(u"out"_s);
        const QByteArray yaml =
            u"jobId: system_section\ntrainingInput:\n  scaleTier: CUSTOM\n  region: us-central1\n"
            "  runtimeVersion: \"2.11\"\n  pythonVersion: \"3.7\"\n  pythonModule: fixtrainer.hog\n"
            "  args: [\"--mib\", \"120\", \"--child-mib\", \"60\", \"--log-metrics\", "
            "\"--seconds\", \"90\"]\n  masterType: n1-standard-4\n"
            "  parameterServerType: n1-standard-4\n  parameterServerCount: 1\n"
            "trainyardLocal:\n  packagePath: %1\n"_s
                .arg(QStringLiteral(TRAINYARD_FIXTURES_DIR "/trainers/fixtrainer"))
                .toUtf8();
        jobspec::ImportResult imported = jobspec::importJob(yaml, u"system.yaml"_s);
        QVERIFY(imported);
        exec::RunSettings settings;
        settings.startPort = 29880;
        settings.graceMs = 2000;
        settings.jobDir = out;

        ui::jobs::JobConsole console(m_tmp.filePath(u"store"_s));
        console.setOwnerProgram(QStringLiteral(TRAINYARD_BINARY));
        console.model()->setRefreshInterval(200);
        console.resize(1300, 900);
        console.show();
        QVERIFY(QTest::qWaitForWindowExposed(&console));
        QSignalSpy submitted(&console, &ui::jobs::JobConsole::jobSubmitted);
        QString error;
        QVERIFY2(console.startJob(imported.job, settings, &error), qPrintable(error));
        QVERIFY(submitted.wait(30000));
        console.selectJob(u"system_section"_s);
        QTRY_COMPARE(console.currentJobId(), u"system_section"_s);

        // The chief's child holds 3 GiB on the GPU once it runs.
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(out + u"/child-chief-0"_s), 30000);
        QFile childFile(out + u"/child-chief-0"_s);
        QVERIFY(childFile.open(QIODevice::ReadOnly));
        describe(gpu + "process gpu=0; pid=" + childFile.readAll().trimmed() + "; used_mib=3072\n");

        ui::jobs::JobDetail *detail = console.detail();
        detail->tabs()->setCurrentIndex(ui::jobs::JobDetail::MetricsTab);
        ui::charts::MetricsPanel *panel = detail->metricsPanel();
        panel->setXMode(ui::charts::XMode::Step);
        panel->setSmoothing(0); // the drawn values are the points
        const QStringList system{sys::CpuPercent,   sys::MemoryMiB, sys::GpuUtilizationPercent,
                                 sys::GpuMemoryMiB, sys::GpuPowerW, sys::GpuTemperatureC};
        QTRY_VERIFY_WITH_TIMEOUT(panel->chart(u"loss"_s) != nullptr, 30000);
        for (const QString &metric : system)
            QTRY_VERIFY2_WITH_TIMEOUT(panel->chart(metric) != nullptr, qPrintable(metric), 30000);
        // A few seconds of points: the chief's GPU memory has been seen.
        ui::charts::MetricChartView *gpuMemory = panel->chart(sys::GpuMemoryMiB);
        auto seriesMax = [](ui::charts::MetricChartView *chart, const QString &name) {
            double max = -1;
            for (QLineSeries *s : chart->lineSeries()) {
                if (s->name() == name) {
                    for (const QPointF &p : s->points())
                        max = std::max(max, p.y());
                }
            }
            return max;
        };
        QTRY_COMPARE_WITH_TIMEOUT(seriesMax(gpuMemory, u"chief-0"_s), 3072.0, 30000);
        QTRY_COMPARE_WITH_TIMEOUT(seriesMax(gpuMemory, u"gpu0"_s), 9000.0, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(seriesMax(panel->chart(sys::MemoryMiB), u"chief-0"_s) > 170,
                                 20000);
        QTRY_VERIFY_WITH_TIMEOUT(seriesMax(panel->chart(sys::MemoryMiB), u"ps-0"_s) > 170, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(seriesMax(panel->chart(sys::CpuPercent), u"chief-0"_s) > 20,
                                 20000);
        QCOMPARE(seriesMax(gpuMemory, u"ps-0"_s), 0.0);

        // Layout: training charts, then the heading, then the System charts in their order.
        QLabel *heading = panel->systemHeading();
        QVERIFY(heading->isVisible());
        QCOMPARE(heading->text(), u"System"_s);
        QWidget *grid = heading->parentWidget();
        const auto top = [grid](QWidget *w) { return w->mapTo(grid, QPoint(0, 0)).y(); };
        ui::charts::MetricChartView *loss = panel->chart(u"loss"_s);
        // As drawn: the charts of a page are made a few per turn of the event loop, and the
        // last one's place in the scroll area is settled at the next turn.
        QTRY_VERIFY2(top(heading) >= top(loss) + loss->height(),
                     qPrintable(u"heading at %1, loss chart %2..%3"_s.arg(top(heading))
                                    .arg(top(loss))
                                    .arg(top(loss) + loss->height())));
        const QStringList order = panel->chartMetrics();
        QCOMPARE(order.first(), u"loss"_s);
        QCOMPARE(order.mid(order.size() - system.size()), system);
        for (const QString &metric : system) {
            ui::charts::MetricChartView *c = panel->chart(metric);
            QVERIFY2(top(c) > top(heading), qPrintable(metric));
            QCOMPARE(c->chart()->title(),
                     ui::charts::MetricsPanel::systemChartTitle(metric).toHtmlEscaped());
            QCOMPARE(c->chart()->axes(Qt::Horizontal).value(0)->titleText(),
                     u"Time since start (s)"_s);
        }
        QCOMPARE(panel->chart(sys::GpuPowerW)->chart()->title(), u"GPU power (W)"_s);
        QCOMPARE(loss->chart()->axes(Qt::Horizontal).value(0)->titleText(), u"Step"_s);

        if (const QString dir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QTest::qWait(1500);
            QDir().mkpath(dir);
            QVERIFY(console.grab().save(dir + u"/metrics-system.png"_s));
            panel->grab().save(dir + u"/metrics-system-panel.png"_s);
        }
    }

    void cleanup()
    {
        // Whatever the outcome, the job ends: the chief exits 0 once the stop file exists.
        QFile stop(m_tmp.filePath(u"out/stop"_s));
        if (stop.open(QIODevice::WriteOnly))
            stop.close();
        const store::JobStore jobs(m_tmp.filePath(u"store"_s));
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const store::StateReadResult r = jobs.readState(u"system_section"_s);
                return !r || r.state.isTerminal();
            }(),
            60000);
        QTest::qWait(1000); // the owner releases the store after the final state
    }
};

QTEST_MAIN(TestSystemSection)
#include "tst_systemsection.moc"
