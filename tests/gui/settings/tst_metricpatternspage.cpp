// SPDX-License-Identifier: MIT
// Settings > Metrics (offscreen): patterns typed into the page are checked and explained as they
// are typed, kept in the settings (unusable ones too), tried on a pasted log line through the
// real extractors, and an open Metrics tab re-extracts its job with them.
// With TRAINYARD_SCREENSHOT_DIR set, the page is saved there as settings-metrics.png.
#include "charts/metricspanel.h"
#include "logs/record.h"
#include "metrics/extract.h"
#include "metrics/metricstore.h"
#include "metrics/userpatterns.h"
#include "settings/metricpatternmodel.h"
#include "settings/metricpatternspage.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using trainyard::ui::MetricPatternModel;
using trainyard::ui::MetricPatternsPage;
using trainyard::ui::charts::MetricsPanel;

namespace {

const QString Example = QStringLiteral("eval (?<eval_auc>[0-9.]+) at (?<step>\\d+)");

QStringList storedPatterns()
{
    return QSettings().value(QLatin1String(metrics::UserPatternsSettingsKey)).toStringList();
}

template<typename T>
T *child(QWidget *parent, const char *name)
{
    auto *w = parent->findChild<T *>(QLatin1String(name));
    if (!w)
        qWarning("no child %s", name);
    return w;
}

// Replaces the text of a line edit as a user would: select all, type.
void retype(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    if (text.isEmpty())
        QTest::keyClick(edit, Qt::Key_Backspace);
    else
        QTest::keyClicks(edit, text);
}

QByteArray record(qint64 ms, const QByteArray &text)
{
    QByteArray out;
    logs::appendRecordLine(out, ms, logs::Severity::Info, logs::Stream::Stdout, false,
                           text.constData(), text.size());
    return out;
}

} // namespace

class TestMetricPatternsPage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void typedPatternsAreCheckedAndSaved();
    void tryItShowsWhatEveryExtractorFinds();
    void orderMattersAndCanBeChanged();
    void editInPlace();
    void loadsSavedListAndFollowsOtherWindows();
    void keyboardAndPlainText();
    void openPanelPicksUpPatterns();
    void screenshot();

private:
    QTemporaryDir m_tmp;
};

void TestMetricPatternsPage::initTestCase()
{
    // Settings in a folder of this run only (before the first QSettings use: Qt caches the
    // path), so no user settings are touched and parallel runs do not share a file.
    QVERIFY(m_tmp.isValid());
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_tmp.filePath(QStringLiteral("config"))));
    QCoreApplication::setOrganizationName(QStringLiteral("trainyard-tests"));
    QVERIFY2(QSettings().fileName().startsWith(m_tmp.path()), qPrintable(QSettings().fileName()));
}

void TestMetricPatternsPage::init()
{
    QSettings().clear(); // every test starts without patterns
}

// An unusable pattern shows why, next to it and under the line edit, and is saved all the same;
// a usable one says what it finds. Only usable ones reach extraction.
void TestMetricPatternsPage::typedPatternsAreCheckedAndSaved()
{
    MetricPatternsPage page;
    QAbstractItemModelTester tester(page.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto *edit = child<QLineEdit>(&page, "patternEdit");
    auto *problem = child<QLabel>(&page, "problemLabel");
    auto *view = child<QTableView>(&page, "patternView");
    QVERIFY(edit && problem && view);
    QVERIFY(!edit->isEnabled()); // nothing to edit before Add

    QTest::mouseClick(child<QPushButton>(&page, "addButton"), Qt::LeftButton);
    QCOMPARE(page.model()->rowCount(), 1);
    QVERIFY(edit->isEnabled());
    QVERIFY(edit->hasFocus());
    QVERIFY(problem->text().contains(QStringLiteral("Empty")));
    QCOMPARE(storedPatterns(), QStringList()); // an empty row is not saved

    // Not a regular expression: the reason, with Qt's own message.
    QTest::keyClicks(edit, QStringLiteral("eval (?<eval_auc>[0-9.]+"));
    QCOMPARE(problem->text(),
             QStringLiteral("The pattern is not valid: missing closing parenthesis"));
    const QModelIndex status = page.model()->index(0, MetricPatternModel::StatusColumn);
    QCOMPARE(status.data().toString(), problem->text());
    QVERIFY(!page.model()->index(0, 0).data(Qt::DecorationRole).isNull()); // marked
    QCOMPARE(storedPatterns(), {QStringLiteral("eval (?<eval_auc>[0-9.]+")});
    QCOMPARE(metrics::userPatternsFromSettings().size(), 0);

    // A regular expression without a named group for a metric.
    retype(edit, QStringLiteral("eval ([0-9.]+) at (?<step>\\d+)"));
    QVERIFY2(problem->text().contains(QStringLiteral("no named group for a metric")),
             qPrintable(problem->text()));

    // Usable.
    retype(edit, Example);
    QCOMPARE(problem->text(), QStringLiteral("Usable: finds eval_auc and the step."));
    QCOMPARE(status.data().toString(), problem->text());
    QVERIFY(page.model()->index(0, 0).data(Qt::DecorationRole).isNull());
    QCOMPARE(storedPatterns(), {Example});
    QCOMPARE(metrics::userPatternsFromSettings().size(), 1);

    // A second, unusable one is kept (and saved) next to it; extraction takes the usable one.
    QTest::mouseClick(child<QPushButton>(&page, "addButton"), Qt::LeftButton);
    QCOMPARE(page.currentRow(), 1);
    QTest::keyClicks(edit, QStringLiteral("loss: (\\d+"));
    QVERIFY(page.currentProblemText().startsWith(QStringLiteral("The pattern is not valid")));
    QCOMPARE(storedPatterns(), (QStringList{Example, QStringLiteral("loss: (\\d+")}));
    QCOMPARE(metrics::userPatternsFromSettings().size(), 1);
    QCOMPARE(metrics::UserPatternStore::usableTexts(storedPatterns()), QStringList{Example});

    // Remove takes the selected row out of the list and the settings.
    QTest::mouseClick(child<QPushButton>(&page, "removeButton"), Qt::LeftButton);
    QCOMPARE(page.model()->patterns(), QStringList{Example});
    QCOMPARE(storedPatterns(), QStringList{Example});
    QCOMPARE(page.currentRow(), 0);
    QCOMPARE(edit->text(), Example);
    // The Delete key in the list too.
    view->setFocus();
    QTest::keyClick(view, Qt::Key_Delete);
    QCOMPARE(page.model()->rowCount(), 0);
    QCOMPARE(storedPatterns(), QStringList());
    QVERIFY(!edit->isEnabled());
}

void TestMetricPatternsPage::tryItShowsWhatEveryExtractorFinds()
{
    MetricPatternsPage page;
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto *sample = child<QLineEdit>(&page, "sampleEdit");
    auto *edit = child<QLineEdit>(&page, "patternEdit");
    QVERIFY(sample && edit);

    // Built-in extractors only: key=value pairs.
    sample->setFocus();
    QTest::keyClicks(sample, QStringLiteral("eval 0.912 at 1200 lr=0.01"));
    QCOMPARE(page.tryItText(),
             QStringLiteral("lr = 0.01\n"
                            "No step in this line: its points go at the replica's last step."));

    // The pattern as it is typed, before anything else happens.
    QTest::mouseClick(child<QPushButton>(&page, "addButton"), Qt::LeftButton);
    QTest::keyClicks(edit, Example);
    QCOMPARE(page.tryItText(), QStringLiteral("Step: 1200\n"
                                              "lr = 0.01\n"
                                              "eval_auc = 0.912\n"
                                              "Your patterns that match: 1"));

    // An unusable edit of it is not used.
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClick(edit, Qt::Key_Backspace);
    QCOMPARE(page.tryItText(),
             QStringLiteral("lr = 0.01\n"
                            "No step in this line: its points go at the replica's last step."));
    QTest::keyClicks(edit, QStringLiteral("+)"));

    // A line nothing matches; Keras progress.
    retype(sample, QStringLiteral("Epoch 1/5 started"));
    QCOMPARE(page.tryItText(), QStringLiteral("No metrics in this line.\n"
                                              "None of your usable patterns matches this line."));
    retype(sample, QStringLiteral("20/20 - 0s - loss: 0.25 - accuracy: 0.875"));
    QVERIFY2(page.tryItText().startsWith(
                 QStringLiteral("Step: 20\nloss = 0.25\naccuracy = 0.875\n")), // the batch
             qPrintable(page.tryItText()));
    retype(sample, QString());
    QCOMPARE(page.tryItText(), QStringLiteral("The metrics found in the line appear here."));
}

// When two patterns find the same metric on a line, the later one wins (extract.cpp): moving
// them changes what the line yields, in the page and in the settings.
void TestMetricPatternsPage::orderMattersAndCanBeChanged()
{
    const QString first = QStringLiteral("auc=(?<auc>[0-9.]+)");
    const QString second = QStringLiteral("AUC (?<auc>[0-9.]+)%");
    QSettings().setValue(QLatin1String(metrics::UserPatternsSettingsKey),
                         QStringList{first, second});
    MetricPatternsPage page;
    QAbstractItemModelTester tester(page.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto *up = child<QPushButton>(&page, "upButton");
    auto *down = child<QPushButton>(&page, "downButton");
    QCOMPARE(page.currentRow(), 0);
    QVERIFY(!up->isEnabled());
    QVERIFY(down->isEnabled());

    auto *sample = child<QLineEdit>(&page, "sampleEdit");
    sample->setFocus();
    QTest::keyClicks(sample, QStringLiteral("auc=0.5 AUC 75%"));
    QVERIFY2(page.tryItText().contains(QStringLiteral("auc = 75\n")), qPrintable(page.tryItText()));
    QVERIFY(page.tryItText().endsWith(QStringLiteral("Your patterns that match: 1, 2")));

    QTest::mouseClick(down, Qt::LeftButton);
    QCOMPARE(page.model()->patterns(), (QStringList{second, first}));
    QCOMPARE(storedPatterns(), (QStringList{second, first}));
    QCOMPARE(page.currentRow(), 1);
    QVERIFY(up->isEnabled());
    QVERIFY(!down->isEnabled());
    QVERIFY2(page.tryItText().contains(QStringLiteral("auc = 0.5\n")),
             qPrintable(page.tryItText()));

    QTest::mouseClick(up, Qt::LeftButton);
    QCOMPARE(storedPatterns(), (QStringList{first, second}));
    QCOMPARE(page.currentRow(), 0);
}

// F2 in the list edits the pattern in place; the line edit and the settings follow.
void TestMetricPatternsPage::editInPlace()
{
    QSettings().setValue(QLatin1String(metrics::UserPatternsSettingsKey),
                         QStringList{QStringLiteral("x=(?<x>\\d+)")});
    MetricPatternsPage page;
    page.show();
    QVERIFY(QTest::qWaitForWindowActive(&page));
    auto *view = child<QTableView>(&page, "patternView");
    auto *edit = child<QLineEdit>(&page, "patternEdit");
    view->setFocus();
    QCOMPARE(page.currentRow(), 0);
    QTest::keyClick(view, Qt::Key_F2);
    auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
    QVERIFY(editor && editor != edit);
    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral("y=(?<y>\\d+)"));
    QTest::keyClick(editor, Qt::Key_Return); // commits through a queued call
    QTRY_COMPARE(page.model()->patterns(), QStringList{QStringLiteral("y=(?<y>\\d+)")});
    QCOMPARE(edit->text(), QStringLiteral("y=(?<y>\\d+)"));
    QCOMPARE(page.currentProblemText(), QStringLiteral("Usable: finds y."));
    QCOMPARE(storedPatterns(), QStringList{QStringLiteral("y=(?<y>\\d+)")});
}

// A page shows what is saved, and what another settings window saves.
void TestMetricPatternsPage::loadsSavedListAndFollowsOtherWindows()
{
    const QStringList saved{QStringLiteral("(unclosed"), Example};
    QSettings().setValue(QLatin1String(metrics::UserPatternsSettingsKey), saved);
    MetricPatternsPage one;
    MetricPatternsPage two;
    QCOMPARE(one.model()->patterns(), saved);
    QVERIFY(!one.model()->isUsable(0));
    QVERIFY(one.model()->isUsable(1));
    QVERIFY(one.currentProblemText().startsWith(QStringLiteral("The pattern is not valid")));

    QTest::mouseClick(child<QPushButton>(&one, "removeButton"), Qt::LeftButton);
    QCOMPARE(two.model()->patterns(), QStringList{Example});
    QCOMPARE(two.currentProblemText(), QStringLiteral("Usable: finds eval_auc and the step."));
}

// Every control is reachable by a mnemonic (none of the Settings dialog's tabs and buttons:
// Metrics, Secrets, Local runs, Close), labels name their fields, and what the user typed is shown
// as plain text.
void TestMetricPatternsPage::keyboardAndPlainText()
{
    MetricPatternsPage page;
    page.show();
    QVERIFY(QTest::qWaitForWindowActive(&page));
    QString keys;
    const auto mnemonic = [](const QString &text) {
        const qsizetype at = text.indexOf(QLatin1Char('&'));
        return at >= 0 && at + 1 < text.size() ? text.at(at + 1).toUpper() : QChar();
    };
    for (QAbstractButton *button : page.findChildren<QAbstractButton *>()) {
        if (button->text().isEmpty())
            continue; // the line edits' clear buttons
        const QChar key = mnemonic(button->text());
        QVERIFY2(!key.isNull(), qPrintable(button->text()));
        keys += key;
    }
    for (QLabel *label : page.findChildren<QLabel *>()) {
        const QChar key = label->textFormat() == Qt::PlainText ? QChar() : mnemonic(label->text());
        if (key.isNull())
            continue;
        QVERIFY2(label->buddy(), qPrintable(label->text()));
        keys += key;
    }
    for (const QChar key : std::as_const(keys)) {
        QVERIFY2(keys.count(key) == 1, qPrintable(keys));
        QVERIFY2(!QStringLiteral("MSLC").contains(key), qPrintable(keys));
    }
    QCOMPARE(keys.size(), 8);

    // Alt+A adds a row (the button's animated click) and puts the cursor where the pattern is
    // typed.
    QTest::keyClick(&page, Qt::Key_A, Qt::AltModifier);
    QTRY_COMPARE(page.model()->rowCount(), 1);
    QTRY_VERIFY(child<QLineEdit>(&page, "patternEdit")->hasFocus());
    // Alt+T goes to the sample line.
    QTest::keyClick(&page, Qt::Key_T, Qt::AltModifier);
    QTRY_VERIFY(child<QLineEdit>(&page, "sampleEdit")->hasFocus());

    for (const char *name : {"problemLabel", "resultLabel", "exampleLabel"})
        QCOMPARE(child<QLabel>(&page, name)->textFormat(), Qt::PlainText);
    QVERIFY(!child<QTableView>(&page, "patternView")->accessibleName().isEmpty());
    QVERIFY(!child<QLineEdit>(&page, "sampleEdit")->accessibleName().isEmpty());
}

// An open Metrics tab gains a chart for a metric that only a new pattern finds in its job's log,
// once the pattern is typed in the page; unusable patterns on the way do not restart it.
void TestMetricPatternsPage::openPanelPicksUpPatterns()
{
    const QString job = m_tmp.filePath(QStringLiteral("job"));
    QVERIFY(QDir().mkpath(job + QStringLiteral("/logs")));
    QVERIFY(QDir().mkpath(job + QStringLiteral("/hypertune")));
    QFile log(job + QStringLiteral("/logs/chief-0.log"));
    QVERIFY(log.open(QIODevice::WriteOnly));
    log.write(record(1000, "step=100 loss=0.5"));
    log.write(record(2000, "eval 0.61 at 100"));
    log.write(record(3000, "step=200 loss=0.25"));
    log.write(record(4000, "eval 0.75 at 200"));
    log.close();

    MetricsPanel panel;
    panel.resize(900, 600);
    panel.show();
    QSignalSpy applied(&panel, &MetricsPanel::patternsApplied);
    panel.setJobDirs(job + QStringLiteral("/metrics"), job + QStringLiteral("/logs"),
                     job + QStringLiteral("/hypertune"));
    QTRY_VERIFY_WITH_TIMEOUT(panel.chart(QStringLiteral("loss")), 10000);
    QCOMPARE(panel.chartMetrics(), QStringList{QStringLiteral("loss")});

    MetricPatternsPage page;
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto *edit = child<QLineEdit>(&page, "patternEdit");
    QTest::mouseClick(child<QPushButton>(&page, "addButton"), Qt::LeftButton);
    QTest::keyClicks(edit, Example); // usable and unusable prefixes on the way
    QVERIFY(applied.wait(10000));
    QCOMPARE(panel.userPatterns(), QStringList{Example});
    QCOMPARE(panel.chartMetrics(),
             (QStringList{QStringLiteral("eval_auc"), QStringLiteral("loss")}));
    // The points as the store keeps them (<job>/metrics).
    QString file;
    for (const metrics::SeriesInfo &info : panel.summary()) {
        if (info.key.metric == QLatin1String("eval_auc") &&
            info.display == QLatin1String("chief-0"))
            file = info.file;
    }
    metrics::SeriesReader points;
    QVERIFY(points.open(file));
    QCOMPARE(points.count(), 2);
    QCOMPARE(points.point(0).step, 100.0);
    QCOMPARE(points.point(0).value, 0.61);
    QCOMPARE(points.point(1).step, 200.0);
    QCOMPARE(points.point(1).value, 0.75);
    // Old points are replaced, not added to.
    QCOMPARE(panel.pointCount(QStringLiteral("loss"), QStringLiteral("chief-0")), 2);
    // One restart for the whole typing (the panel waits until the patterns settle).
    QTest::qWait(3 * MetricsPanel::PatternDelayMs);
    QCOMPARE(applied.count(), 1);

    // A new unusable pattern changes nothing the charts use: no restart.
    QTest::mouseClick(child<QPushButton>(&page, "addButton"), Qt::LeftButton);
    QTest::keyClicks(edit, QStringLiteral("(unclosed"));
    QTest::qWait(3 * MetricsPanel::PatternDelayMs);
    QCOMPARE(applied.count(), 1);

    // Removing the usable one takes its chart away again.
    page.findChild<QTableView *>(QStringLiteral("patternView"))
        ->setCurrentIndex(page.model()->index(0, 0));
    QTest::mouseClick(child<QPushButton>(&page, "removeButton"), Qt::LeftButton);
    QVERIFY(applied.wait(10000));
    QCOMPARE(panel.chartMetrics(), QStringList{QStringLiteral("loss")});
    QCOMPARE(panel.pointCount(QStringLiteral("eval_auc"), QStringLiteral("chief-0")), 0);

    // Lines appended later are read with the new patterns too.
    QTest::mouseClick(child<QPushButton>(&page, "addExampleButton"), Qt::LeftButton);
    QVERIFY(applied.wait(10000));
    QVERIFY(log.open(QIODevice::Append));
    log.write(record(5000, "eval 0.8 at 300"));
    log.close();
    QTRY_VERIFY_WITH_TIMEOUT(
        panel.pointCount(QStringLiteral("eval_auc"), QStringLiteral("chief-0")) == 3, 10000);
}

// With TRAINYARD_SCREENSHOT_DIR set: the page with one usable and one unusable pattern (selected)
// and a sample line, as docs/screenshots/settings-metrics.png.
void TestMetricPatternsPage::screenshot()
{
    const QString shots = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
    if (shots.isEmpty())
        QSKIP("TRAINYARD_SCREENSHOT_DIR is not set");
    QSettings().setValue(QLatin1String(metrics::UserPatternsSettingsKey),
                         QStringList{Example, QStringLiteral("loss (?<loss>[0-9.]+")});
    MetricPatternsPage page;
    page.resize(600, 440);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    child<QTableView>(&page, "patternView")->setCurrentIndex(page.model()->index(1, 0));
    auto *sample = child<QLineEdit>(&page, "sampleEdit");
    sample->setText(QStringLiteral("eval 0.912 at 1200 lr=0.001"));
    sample->setFocus();
    QTest::qWait(200);
    QDir().mkpath(shots);
    // Quality 0: the strongest PNG compression (screenshots stay small).
    QVERIFY(page.grab().save(shots + QStringLiteral("/settings-metrics.png"), "PNG", 0));
}

QTEST_MAIN(TestMetricPatternsPage)
#include "tst_metricpatternspage.moc"
