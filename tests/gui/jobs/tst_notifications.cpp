// SPDX-License-Identifier: MIT
// Job-ended notifications reach a real notification server: dunst, on the session bus and X
// display that ctest gives this test alone (dbus-run-session, xvfb-run). What the server
// received is read back from its history with dunstctl.
#include "consoletesthelpers.h"
#include "jobs/desktopnotifier.h"
#include "jobs/jobconsole.h"
#include "jobs/joblistmodel.h"
#include "jobspec/yamlio.h"

#include <QApplication>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using ui::jobs::DesktopNotifier;

namespace {

const QString NotificationService = QStringLiteral("org.freedesktop.Notifications");

struct Received
{
    QString app;
    QString summary;
    QString body;
};

QString dunstctl(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral("dunstctl"), args);
    if (!p.waitForFinished(10000))
        return {};
    return QString::fromUtf8(p.readAllStandardOutput());
}

// Everything dunst has shown, newest first (closing them moves them into its history).
QList<Received> received()
{
    dunstctl({QStringLiteral("close-all")});
    const QJsonObject doc =
        QJsonDocument::fromJson(dunstctl({QStringLiteral("history")}).toUtf8()).object();
    QList<Received> out;
    const QJsonArray lists = doc.value(QLatin1String("data")).toArray();
    for (const QJsonValue &list : lists) {
        for (const QJsonValue &v : list.toArray()) {
            const QJsonObject o = v.toObject();
            const auto field = [&o](const char *name) {
                return o.value(QLatin1String(name))
                    .toObject()
                    .value(QLatin1String("data"))
                    .toVariant()
                    .toString();
            };
            out.append({field("appname"), field("summary"), field("body")});
        }
    }
    return out;
}

bool hasSummary(const QString &summary, const QString &bodyPart)
{
    for (const Received &r : received()) {
        if (r.summary == summary && r.body.contains(bodyPart))
            return true;
    }
    return false;
}

} // namespace

class TestNotifications : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void notificationReachesTheServer();
    void consoleNotifiesWhenJobsEnd();
    void aBurstBecomesOneSummary();
    void withoutAServerNothingBreaks();

private:
    void startServer();
    void stopServer();

    QTemporaryDir m_tmp;
    QProcess m_dunst;
};

void TestNotifications::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("trainyard-tests"));
    QApplication::setApplicationDisplayName(QStringLiteral("Trainyard"));
    if (QStandardPaths::findExecutable(QStringLiteral("dunst")).isEmpty())
        QSKIP("dunst is not installed (scripts/install-deps.sh --tests installs it)");
    if (qEnvironmentVariableIsEmpty("DISPLAY"))
        QSKIP("no X display: run through ctest, which starts this test under xvfb-run");
    QVERIFY(QDBusConnection::sessionBus().isConnected());
    QVERIFY2(!QDBusConnection::sessionBus().interface()->isServiceRegistered(NotificationService),
             "another notification server owns this bus: run through ctest (private bus)");
    QVERIFY(m_tmp.isValid());
    startServer();
}

void TestNotifications::cleanupTestCase()
{
    stopServer();
}

void TestNotifications::startServer()
{
    m_dunst.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_dunst.start(QStringLiteral("dunst"), {});
    QVERIFY(m_dunst.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(
        QDBusConnection::sessionBus().interface()->isServiceRegistered(NotificationService), 10000);
}

void TestNotifications::stopServer()
{
    if (m_dunst.state() == QProcess::NotRunning)
        return;
    m_dunst.terminate();
    if (!m_dunst.waitForFinished(5000))
        m_dunst.kill();
    m_dunst.waitForFinished();
    QTRY_VERIFY(
        !QDBusConnection::sessionBus().interface()->isServiceRegistered(NotificationService));
}

void TestNotifications::notificationReachesTheServer()
{
    DesktopNotifier notifier;
    QSignalSpy sent(&notifier, &DesktopNotifier::sent);
    // Outside text with markup characters must arrive as the same text, not as markup.
    notifier.notify(QStringLiteral("Job failed"), QStringLiteral("<b>x</b> & y has ended: Failed"),
                    DesktopNotifier::Urgency::Critical);
    QVERIFY(sent.wait(10000));
    QCOMPARE(sent.first().at(0).toString(), QStringLiteral("dbus"));
    const QList<Received> all = received();
    QVERIFY(!all.isEmpty());
    const Received &r = all.first();
    QCOMPARE(r.app, QStringLiteral("Trainyard"));
    QCOMPARE(r.summary, QStringLiteral("Job failed"));
    // dunst reads markup in bodies (it says so in its capabilities), so the text went escaped.
    QCOMPARE(r.body, QStringLiteral("&lt;b&gt;x&lt;/b&gt; &amp; y has ended: Failed"));
}

void TestNotifications::consoleNotifiesWhenJobsEnd()
{
    const auto job = [](const QString &id, const QString &module, const QString &args) {
        const QByteArray yaml =
            QStringLiteral(
                "jobId: %1\ntrainingInput:\n  scaleTier: BASIC\n  region: us-central1\n"
                "  runtimeVersion: \"2.11\"\n  pythonVersion: \"3.7\"\n  pythonModule: %2\n"
                "  args: [%3]\ntrainyardLocal:\n  packagePath: %4\n")
                .arg(id, module, args,
                     QStringLiteral(TRAINYARD_FIXTURES_DIR "/trainers/fixtrainer"))
                .toUtf8();
        return jobspec::importJob(yaml, id + QStringLiteral(".yaml")).job;
    };
    ui::jobs::JobConsole console(m_tmp.filePath(QStringLiteral("store")));
    console.setOwnerProgram(QStringLiteral(TRAINYARD_BINARY));
    console.model()->setRefreshInterval(200);
    QSignalSpy sent(console.notifier(), &DesktopNotifier::sent);

    exec::RunSettings settings;
    settings.maxRestarts = 0;
    settings.startPort = 29860;
    settings.jobDir = m_tmp.filePath(QStringLiteral("out-fail"));
    QString error;
    QVERIFY2(
        submitAndWait(console,
                      job(QStringLiteral("notify_fails"), QStringLiteral("fixtrainer.fail"), {}),
                      settings, &error),
        qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(sent.count() == 1, 30000);
    QCOMPARE(sent.first().at(0).toString(), QStringLiteral("dbus"));
    QVERIFY(hasSummary(QStringLiteral("Job failed"), QStringLiteral("notify_fails")));

    settings.jobDir = m_tmp.filePath(QStringLiteral("out-ok"));
    QVERIFY2(
        submitAndWait(console,
                      job(QStringLiteral("notify_succeeds"), QStringLiteral("fixtrainer.sleeper"),
                          QStringLiteral("\"--expect\", \"1\"")),
                      settings, &error),
        qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(sent.count() == 2, 30000);
    QVERIFY(hasSummary(QStringLiteral("Job succeeded"), QStringLiteral("notify_succeeds")));
}

// Fifty jobs ending together: one notification that counts them, not fifty stacked toasts.
void TestNotifications::aBurstBecomesOneSummary()
{
    ui::jobs::JobConsole console(m_tmp.filePath(QStringLiteral("burst-store")));
    QSignalSpy sent(console.notifier(), &DesktopNotifier::sent);
    for (int i = 0; i < 50; ++i) {
        Q_EMIT console.model()->jobEnded(QStringLiteral("burst_%1").arg(i),
                                         i % 10 == 0 ? store::JobStatus::Failed
                                                     : store::JobStatus::Succeeded);
    }
    QTRY_VERIFY_WITH_TIMEOUT(sent.count() == 1, 10000);
    QTest::qWait(2000);
    QCOMPARE(sent.count(), 1);
    const auto shown = [] {
        QStringList all;
        for (const Received &r : received())
            all << r.summary + QStringLiteral(" | ") + r.body;
        return all.join(QLatin1Char('\n'));
    };
    // No translator in this test: the summary's plural reads as written in the source (the
    // application's English plurals make it "50 jobs ended").
    const QString summary = QStringLiteral("50 job(s) ended");
    QTRY_VERIFY2(hasSummary(summary, QStringLiteral("Failed: 5")), qPrintable(shown()));
    QVERIFY2(hasSummary(summary, QStringLiteral("Succeeded: 45")), qPrintable(shown()));
}

void TestNotifications::withoutAServerNothingBreaks()
{
    stopServer();
    DesktopNotifier notifier;
    QSignalSpy sent(&notifier, &DesktopNotifier::sent);
    notifier.notify(QStringLiteral("Job succeeded"), QStringLiteral("a has ended"));
    QVERIFY(sent.wait(30000));
    // Offscreen there is no tray either: nothing is shown, and the reason is D-Bus's error.
    QCOMPARE(sent.first().at(0).toString(), QStringLiteral("none"));
    QVERIFY(!sent.first().at(1).toString().isEmpty());
}

QTEST_MAIN(TestNotifications)
#include "tst_notifications.moc"
