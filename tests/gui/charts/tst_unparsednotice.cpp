// SPDX-License-Identifier: MIT
// Never a silent blank: a job whose replica printed lines that look like metrics in no known form
// gets no chart; the Metrics tab says so, shows such a line and offers to make a pattern from it.
// The offer opens Settings > Metrics with the line and a pattern that reads it; once saved, the
// tab extracts again, the chart appears and the notice goes. TRAINYARD_SCREENSHOT_DIR: saves
// metrics-unparsed.png.
#include "charts/metricspanel.h"
#include "charts/unparsednotice.h"
#include "logs/logwriter.h"
#include "metrics/extract.h"
#include "settings/metricpatternmodel.h"
#include "settings/metricpatternspage.h"
#include "settings/settingsdialog.h"

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using namespace trainyard::ui;
using namespace trainyard::ui::charts;

class TestUnparsedNotice : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void linesThatGaveNoChartAreTold();

private:
    QTemporaryDir m_tmp;
};

void TestUnparsedNotice::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_tmp.filePath(QStringLiteral("config"))));
    QCoreApplication::setOrganizationName(QStringLiteral("trainyard-tests"));
    QVERIFY(QSettings().fileName().startsWith(m_tmp.path()));
    QSettings().clear();
}

void TestUnparsedNotice::linesThatGaveNoChartAreTold()
{
    const QString job = m_tmp.filePath(QStringLiteral("job"));
    QVERIFY(QDir().mkpath(job + QStringLiteral("/logs")));
    {
        logs::LogWriter writer;
        QVERIFY(writer.open(job + QStringLiteral("/logs/chief-0.log")));
        for (int i = 0; i < 5; ++i) {
            const QByteArray line =
                "validation perplexity " + QByteArray::number(20.0 - i, 'f', 2) + ", best so far";
            writer.append(1795341600000LL + i, logs::Stream::Stdout, logs::Severity::Info, false,
                          line.constData(), line.size());
        }
        writer.flush();
    }
    QWidget window;
    auto *panel = new MetricsPanel(&window);
    window.resize(900, 500);
    panel->resize(900, 500);
    window.show();
    panel->setJobDirs(job + QStringLiteral("/metrics"), job + QStringLiteral("/logs"),
                      job + QStringLiteral("/hypertune"));
    UnparsedNotice *notice = panel->unparsedNotice();
    QTRY_VERIFY_WITH_TIMEOUT(!notice->text().isEmpty(), 10000);
    // (the test loads no translation: "line(s)" where the program says "lines")
    QVERIFY2(notice->text().startsWith(QStringLiteral("chief-0 printed 5 line")),
             qPrintable(notice->text()));
    QVERIFY2(notice->text().endsWith(QStringLiteral(
                 " that look like metrics, but no series came from them, e.g.: validation "
                 "perplexity 20.00, best so far")),
             qPrintable(notice->text()));
    QVERIFY(panel->chartMetrics().isEmpty());
    QVERIFY(notice->isVisible());
    if (const QByteArray dir = qgetenv("TRAINYARD_SCREENSHOT_DIR"); !dir.isEmpty())
        window.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/metrics-unparsed.png"));

    // "Make a Pattern…": Settings > Metrics with the line and a pattern that reads it.
    QTest::mouseClick(notice->patternButton(), Qt::LeftButton);
    auto *dialog = window.findChild<SettingsDialog *>();
    QVERIFY(dialog);
    auto *page = dialog->findChild<MetricPatternsPage *>();
    QVERIFY(page);
    QCOMPARE(dialog->tabs()->currentWidget(), page);
    QCOMPARE(page->findChild<QLineEdit *>(QStringLiteral("sampleEdit"))->text(),
             QStringLiteral("validation perplexity 20.00, best so far"));
    const QString pattern = page->model()->pattern(page->currentRow());
    QVERIFY2(pattern.contains(QStringLiteral("(?<perplexity>")), qPrintable(pattern));
    QVERIFY2(page->tryItText().contains(QStringLiteral("perplexity")),
             qPrintable(page->tryItText()));
    QVERIFY(page->currentProblemText().isEmpty() ||
            !page->currentProblemText().contains(QStringLiteral("not valid")));

    // Saved as typed: the tab extracts again with it, the chart comes, the notice goes.
    QTRY_VERIFY_WITH_TIMEOUT(panel->chartMetrics().contains(QStringLiteral("perplexity")), 15000);
    QCOMPARE(panel->pointCount(QStringLiteral("perplexity"), QStringLiteral("chief-0")), 5);
    QTRY_VERIFY_WITH_TIMEOUT(notice->text().isEmpty(), 10000);
    QVERIFY(notice->isHidden());
}

QTEST_MAIN(TestUnparsedNotice)
#include "tst_unparsednotice.moc"
