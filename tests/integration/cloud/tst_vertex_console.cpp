// SPDX-License-Identifier: MIT
// The console with Vertex AI jobs (offscreen, real widgets): a job submitted with the real
// binary to the fake Google Cloud shows in the job list with Where "Vertex AI · us-central1",
// goes RUNNING then SUCCEEDED, its Cloud Logging lines appear in the Logs tab; the Job menu's
// Cancel cancels a second one.
#include "cloud/commands/cloudcommands.h"
#include "fakecloud.h"
#include "jobs/jobconsole.h"
#include "jobs/jobdetail.h"
#include "jobs/joblistmodel.h"
#include "logs/logmodel.h"
#include "logs/logpanel.h"

#include <QAbstractButton>
#include <QAction>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QTabWidget>
#include <QtTest>

using namespace trainyard;
using trainyard::ui::jobs::JobListModel;

class TestVertexConsole : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    FakeCloud m_fake;
    QString m_userKey;

    int submit(const QString &jobId)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(TRAINYARD_BINARY),
                {QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                 jobId, QStringLiteral("--config"),
                 QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/mnist_like/config.yaml"),
                 QStringLiteral("--cloud"), QStringLiteral("--project"), QStringLiteral("proj-1"),
                 QStringLiteral("--executor-image-uri"),
                 QStringLiteral("us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11.py310:latest")});
        p.waitForFinished(60000);
        if (p.exitCode() != 0)
            qWarning() << p.readAllStandardError();
        return p.exitCode();
    }

    int rowState(JobListModel *model, const QString &id)
    {
        const int row = model->rowOf(id);
        return row < 0 ? -2 : model->index(row, 0).data(JobListModel::StatusRole).toInt();
    }

private Q_SLOTS:
    void initTestCase()
    {
        trainyard::cli::installCloud(); // a cloud job's Cancel (the job actions' hook)
        QVERIFY(m_dir.isValid());
        m_userKey = m_dir.filePath(QStringLiteral("adc.json"));
        QVERIFY(m_fake.start({QStringLiteral("--queued-seconds"), QStringLiteral("0.5"),
                              QStringLiteral("--pending-seconds"), QStringLiteral("0.5"),
                              QStringLiteral("--running-seconds"), QStringLiteral("10"),
                              QStringLiteral("--token-lifetime"), QStringLiteral("4"),
                              QStringLiteral("--write-authorized-user"), m_userKey}));
        // The console and the binary find the same credentials, store and endpoints.
        QProcessEnvironment env;
        m_fake.addEndpoints(env);
        const QStringList keys = env.keys();
        for (const QString &key : keys)
            qputenv(key.toUtf8().constData(), env.value(key).toUtf8());
        qputenv("GOOGLE_APPLICATION_CREDENTIALS", m_userKey.toUtf8());
        qputenv("TRAINYARD_HOME", m_dir.filePath(QStringLiteral("jobs")).toUtf8());
        qputenv("HOME", m_dir.path().toUtf8());
        QDir().mkpath(m_dir.filePath(QStringLiteral("jobs")));
    }

    void cloudJobInConsole()
    {
        QCOMPARE(submit(QStringLiteral("cloud_one")), 0);
        ui::jobs::JobConsole console(m_dir.filePath(QStringLiteral("jobs")));
        console.resize(1300, 800);
        console.show();
        JobListModel *model = console.model();
        QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(QStringLiteral("cloud_one")) >= 0, 10000);
        const int row = model->rowOf(QStringLiteral("cloud_one"));
        QTRY_COMPARE_WITH_TIMEOUT(model->index(row, JobListModel::WhereColumn).data().toString(),
                                  QStringLiteral("Vertex AI · us-central1"), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(rowState(model, QStringLiteral("cloud_one")),
                                  int(store::JobStatus::Running), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(rowState(model, QStringLiteral("cloud_one")),
                                  int(store::JobStatus::Succeeded), 30000);

        // Its Cloud Logging lines in the Logs tab, per replica.
        console.selectJob(QStringLiteral("cloud_one"));
        console.detail()->tabs()->setCurrentIndex(ui::jobs::JobDetail::LogsTab);
        ui::logs::LogModel *logs = console.detail()->logPanel()->model();
        auto hasLine = [logs](const QString &replica, const QString &text) {
            for (int r = 0; r < logs->rowCount(); ++r) {
                const QModelIndex i = logs->index(r, ui::logs::LogModel::MessageColumn);
                if (i.data().toString().contains(text) &&
                    logs->index(r, 0).data(ui::logs::LogModel::ReplicaRole).toString() == replica)
                    return true;
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(
            hasLine(QStringLiteral("workerpool0-0"), QStringLiteral("Running task workerpool0-0")),
            15000);
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(QStringLiteral("workerpool1-1"), QStringLiteral("loss=")),
                                 15000);
        const QString shots = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            console.grab().save(shots + QStringLiteral("/console-vertex-logs.png"));
    }

    void cancelFromJobMenu()
    {
        QCOMPARE(submit(QStringLiteral("cloud_two")), 0);
        ui::jobs::JobConsole console(m_dir.filePath(QStringLiteral("jobs")));
        console.show();
        JobListModel *model = console.model();
        QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(QStringLiteral("cloud_two")) >= 0, 10000);
        console.selectJob(QStringLiteral("cloud_two"));
        QTRY_VERIFY_WITH_TIMEOUT(console.cancelAction()->isEnabled(), 10000);
        console.cancelAction()->trigger();
        // Cancel asks first (as for a local job); "Cancel job" goes on.
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = console.findChild<QMessageBox *>()) != nullptr);
        box->button(QMessageBox::Yes)->click();
        QTRY_COMPARE_WITH_TIMEOUT(rowState(model, QStringLiteral("cloud_two")),
                                  int(store::JobStatus::Cancelled), 30000);
        const QString shots = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            console.grab().save(shots + QStringLiteral("/console-vertex-list.png"));
    }

    void cleanupTestCase() { m_fake.stop(); }
};

QTEST_MAIN(TestVertexConsole)
#include "tst_vertex_console.moc"
