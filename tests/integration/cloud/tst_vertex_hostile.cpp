// SPDX-License-Identifier: MIT
// `trainyard ai custom-jobs ...` against a hostile or broken outside (the real binary, the fake
// Google Cloud of tests/fakes):
//  - a resource name, --region or a tampered cloud.json that names another host: refused with
//    exit 2 before any URL is built; a listener on a loopback port receives nothing, nor does
//    the fake (no token is even asked for);
//  - a proxy's HTML page answered with 200, and answers without a valid name or state: an error
//    naming the host and the status, never `{}` and never a wait without end;
//  - escape sequences in what the service answers (OSC 52, title, screen clear) never reach the
//    terminal raw;
//  - waits on a cloud state (cancel, stream-logs) end at their deadline;
//  - staged packages are named by the archive built: a changed setup.py or a sibling package
//    is a new object, the same package again is not uploaded twice.
#include "cloudrecord/cloudjob.h"
#include "fakecloud.h"
#include "store/jobstore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QTcpServer>
#include <QtTest>

using namespace trainyard;

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
    qint64 ms = 0;
};

const QString esc = QStringLiteral("\x1b");

} // namespace

class TestVertexHostile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    FakeCloud m_fake;
    QString m_saKey;
    QString m_config;
    QString m_image =
        QStringLiteral("us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11.py310:latest");

    // withVertex false: TRAINYARD_VERTEX_ENDPOINT unset, so the Vertex host is built from the
    // region as on a user's machine.
    Run run(const QStringList &args, bool withVertex = true)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), m_dir.filePath(QStringLiteral("home")));
        env.insert(QStringLiteral("CLOUDSDK_CONFIG"), m_dir.filePath(QStringLiteral("gcloud")));
        env.insert(QStringLiteral("TRAINYARD_HOME"), m_dir.filePath(QStringLiteral("jobs")));
        env.insert(QStringLiteral("GOOGLE_APPLICATION_CREDENTIALS"), m_saKey);
        env.remove(QStringLiteral("GOOGLE_CLOUD_PROJECT"));
        env.remove(QStringLiteral("GCLOUD_PROJECT"));
        m_fake.addEndpoints(env);
        if (!withVertex)
            env.remove(QStringLiteral("TRAINYARD_VERTEX_ENDPOINT"));
        QProcess p;
        p.setProcessEnvironment(env);
        QElapsedTimer clock;
        clock.start();
        p.start(QStringLiteral(TRAINYARD_BINARY),
                QStringList{QStringLiteral("ai"), QStringLiteral("custom-jobs")} + args);
        Run r;
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
        }
        r.ms = clock.elapsed();
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

    QStringList createArgs(const QStringList &more = {}) const
    {
        return QStringList{QStringLiteral("create"),
                           QStringLiteral("--config"),
                           m_config,
                           QStringLiteral("--project"),
                           QStringLiteral("proj-1"),
                           QStringLiteral("--executor-image-uri"),
                           m_image} +
               more;
    }

    // Submits a job; its resource name and local record.
    bool submit(const QString &displayName, QString *name, QString *localId)
    {
        const Run r = run(createArgs({QStringLiteral("--display-name"), displayName}));
        if (r.exitCode != 0) {
            qWarning("%s", qPrintable(r.err));
            return false;
        }
        const qsizetype open = r.out.indexOf(QLatin1Char('['));
        const qsizetype close = r.out.indexOf(QLatin1Char(']'));
        *name = r.out.mid(open + 1, close - open - 1);
        const qsizetype record = r.out.indexOf(QLatin1String("local record "));
        *localId = r.out.mid(record + 13).section(QLatin1Char(')'), 0, 0);
        return !name->isEmpty() && !localId->isEmpty();
    }

    int requestCount() { return int(m_fake.control(QStringLiteral("requests")).size()); }
    QJsonArray requests()
    {
        QNetworkAccessManager nam;
        QNetworkReply *reply =
            nam.get(QNetworkRequest(QUrl(m_fake.root() + QStringLiteral("_fake/requests"))));
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        const QJsonArray a = QJsonDocument::fromJson(reply->readAll()).array();
        delete reply;
        return a;
    }

    void fault(const QJsonObject &body) { m_fake.control(QStringLiteral("faults"), body); }
    void config(const QJsonObject &body) { m_fake.control(QStringLiteral("config"), body); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QDir(m_dir.path()).mkpath(QStringLiteral("home"));
        m_config =
            QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/mnist_like/config.yaml");
        QVERIFY(m_fake.start({QStringLiteral("--queued-seconds"), QStringLiteral("0.2"),
                              QStringLiteral("--pending-seconds"), QStringLiteral("0.2"),
                              QStringLiteral("--running-seconds"), QStringLiteral("2"),
                              QStringLiteral("--cancelling-seconds"), QStringLiteral("0.3"),
                              QStringLiteral("--log-lines-per-replica"), QStringLiteral("2"),
                              QStringLiteral("--quiet")}));
        m_saKey = m_fake.writeServiceAccountKey(m_dir.path(), QStringLiteral("proj-1"));
        QVERIFY(!m_saKey.isEmpty());
    }

    void hostileNamesReachNothing_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        // %1 is the listener's port.
        const QString name = QStringLiteral("projects/p/locations/127.0.0.1:%1#/customJobs/1");
        const QString region = QStringLiteral("127.0.0.1:%1#");
        const QString notName = QStringLiteral("is not a job's resource name");
        const QString notRegion = QStringLiteral("is not a region");
        QTest::newRow("describe NAME") << QStringList{QStringLiteral("describe"), name} << notName;
        QTest::newRow("cancel NAME") << QStringList{QStringLiteral("cancel"), name} << notName;
        QTest::newRow("stream-logs NAME")
            << QStringList{QStringLiteral("stream-logs"), name} << notName;
        QTest::newRow("describe with user info")
            << QStringList{QStringLiteral("describe"),
                           QStringLiteral("projects/proj-1/locations/us-central1@127.0.0.1:%1/"
                                          "customJobs/1")}
            << notName;
        QTest::newRow("describe ID --region")
            << QStringList{QStringLiteral("describe"),  QStringLiteral("1"),
                           QStringLiteral("--region"),  region,
                           QStringLiteral("--project"), QStringLiteral("proj-1")}
            << notRegion;
        QTest::newRow("list --region")
            << QStringList{QStringLiteral("list"), QStringLiteral("--region"), region,
                           QStringLiteral("--project"), QStringLiteral("proj-1")}
            << notRegion;
        QTest::newRow("create --region") << QStringList{QStringLiteral("create"),
                                                        QStringLiteral("--config"),
                                                        m_config,
                                                        QStringLiteral("--project"),
                                                        QStringLiteral("proj-1"),
                                                        QStringLiteral("--executor-image-uri"),
                                                        m_image,
                                                        QStringLiteral("--region"),
                                                        region}
                                         << notRegion;
    }
    void hostileNamesReachNothing()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTcpServer listener;
        QVERIFY(listener.listen(QHostAddress::LocalHost));
        for (QString &a : args)
            a.replace(QLatin1String("%1"), QString::number(listener.serverPort()));
        const int before = requestCount();
        const Run r = run(args, false);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        // Nothing connected to the listener, nothing reached the fake (not even a token grant).
        QVERIFY(!listener.hasPendingConnections());
        QVERIFY(!listener.waitForNewConnection(300));
        QCOMPARE(requestCount(), before);
    }

    void tamperedCloudJsonReachesNothing()
    {
        QString name;
        QString localId;
        QVERIFY(submit(QStringLiteral("tampered"), &name, &localId));
        QTcpServer listener;
        QVERIFY(listener.listen(QHostAddress::LocalHost));
        const store::JobStore store(m_dir.filePath(QStringLiteral("jobs")));
        cloud::CloudRecord record;
        QVERIFY(cloud::readCloudRecord(store, localId, &record));
        record.resourceName = QStringLiteral("projects/p/locations/127.0.0.1:%1#/customJobs/1")
                                  .arg(listener.serverPort());
        record.region = QStringLiteral("127.0.0.1:%1#").arg(listener.serverPort());
        QVERIFY(cloud::writeCloudRecord(store, localId, record));
        const int before = requestCount();
        for (const char *command : {"describe", "cancel", "stream-logs"}) {
            for (bool withVertex : {false, true}) {
                const Run r = run({QString::fromLatin1(command), localId}, withVertex);
                QCOMPARE(r.exitCode, 2);
                QVERIFY2(r.err.contains(localId) && r.err.contains(QLatin1String("not a job's")),
                         qPrintable(r.err));
            }
        }
        QVERIFY(!listener.waitForNewConnection(300));
        QCOMPARE(requestCount(), before);
    }

    void htmlAnswerIsAnError()
    {
        QString name;
        QString localId;
        QVERIFY(submit(QStringLiteral("html"), &name, &localId));
        const QString jobPath = QStringLiteral("/customJobs/[0-9]+$");
        // describe: before, `{}` and exit 0.
        fault({{QStringLiteral("path"), jobPath},
               {QStringLiteral("method"), QStringLiteral("GET")},
               {QStringLiteral("kind"), QStringLiteral("html")}});
        Run r = run({QStringLiteral("describe"), name});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("127.0.0.1 (HTTP 200) is not JSON")) &&
                     r.err.contains(QLatin1String("Access denied")),
                 qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
        // cancel: the request is sent, the wait for its end meets the proxy page: an error.
        fault({{QStringLiteral("path"), jobPath},
               {QStringLiteral("method"), QStringLiteral("GET")},
               {QStringLiteral("kind"), QStringLiteral("html")},
               {QStringLiteral("count"), 50}});
        r = run({QStringLiteral("cancel"), name});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("(HTTP 200) is not JSON")), qPrintable(r.err));
        QVERIFY(r.ms < 30000);
        m_fake.control(QStringLiteral("reset"), QJsonObject());
        // stream-logs: the log page is a proxy page.
        QVERIFY(submit(QStringLiteral("html2"), &name, &localId));
        fault({{QStringLiteral("path"), QStringLiteral("entries:list")},
               {QStringLiteral("kind"), QStringLiteral("html")},
               {QStringLiteral("count"), 50}});
        r = run({QStringLiteral("stream-logs"), name, QStringLiteral("--polling-interval"),
                 QStringLiteral("1")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("logs")) && r.err.contains(QLatin1String("not JSON")),
                 qPrintable(r.err));
        m_fake.control(QStringLiteral("reset"), QJsonObject());
        // A JSON answer without a state is no job either (before: a wait without end).
        QVERIFY(submit(QStringLiteral("nostate"), &name, &localId));
        fault({{QStringLiteral("path"), jobPath},
               {QStringLiteral("method"), QStringLiteral("GET")},
               {QStringLiteral("kind"), QStringLiteral("patch")},
               {QStringLiteral("json"), QJsonObject{{QStringLiteral("state"), QJsonValue()}}},
               {QStringLiteral("count"), 50}});
        r = run({QStringLiteral("stream-logs"), name, QStringLiteral("--polling-interval"),
                 QStringLiteral("1")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("a job without a valid state")), qPrintable(r.err));
        m_fake.control(QStringLiteral("reset"), QJsonObject());
    }

    void escapeSequencesNeverReachTheTerminal()
    {
        const QString osc52 = QStringLiteral("\x1b]52;c;cm0gLXJmIH4K\x07");
        // The name `create` is answered with.
        fault({{QStringLiteral("path"), QStringLiteral("/customJobs$")},
               {QStringLiteral("method"), QStringLiteral("POST")},
               {QStringLiteral("kind"), QStringLiteral("patch")},
               {QStringLiteral("json"),
                QJsonObject{{QStringLiteral("name"),
                             QString(QStringLiteral("projects/proj-1/locations/us-central1/"
                                                    "customJobs/1") +
                                     osc52 + QStringLiteral("\x1b]0;pwned\x07\x1b[2J"))}}}});
        Run r = run(createArgs({QStringLiteral("--display-name"), QStringLiteral("esc")}));
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!r.out.contains(esc) && !r.err.contains(esc) && !r.err.contains(QChar(7)));
        QVERIFY2(r.err.contains(QLatin1String("a job without a valid resource name")),
                 qPrintable(r.err));
        // The service's error text on cancel.
        QString name;
        QString localId;
        QVERIFY(submit(QStringLiteral("esc2"), &name, &localId));
        fault({{QStringLiteral("path"), QStringLiteral(":cancel$")},
               {QStringLiteral("status"), 400},
               {QStringLiteral("message"),
                QString(QStringLiteral("bad") + osc52 + QChar(0x9b) + QStringLiteral("2J"))}});
        r = run({QStringLiteral("cancel"), name});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!r.out.contains(esc) && !r.err.contains(esc) && !r.err.contains(QChar(0x9b)));
        QVERIFY2(r.err.contains(QLatin1String("bad\\x1b]52;c;")), qPrintable(r.err));
        // The log lines stream-logs prints.
        config({{QStringLiteral("log_lines"),
                 QJsonArray{
                     QString(QStringLiteral("step {step}") + osc52 + QStringLiteral("\x1b[2J"))}}});
        QVERIFY(submit(QStringLiteral("esc3"), &name, &localId));
        r = run({QStringLiteral("stream-logs"), name, QStringLiteral("--polling-interval"),
                 QStringLiteral("1")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QLatin1String("\\x1b]52;c;")), qPrintable(r.out));
        QVERIFY(!r.out.contains(esc) && !r.err.contains(esc));
        config({{QStringLiteral("log_lines"), QJsonArray()}});
    }

    void waitsEndAtTheirDeadline()
    {
        config({{QStringLiteral("running_seconds"), 120},
                {QStringLiteral("cancelling_seconds"), 120}});
        QString name;
        QString localId;
        QVERIFY(submit(QStringLiteral("long"), &name, &localId));
        Run r = run({QStringLiteral("stream-logs"), name, QStringLiteral("--polling-interval"),
                     QStringLiteral("1"), QStringLiteral("--timeout"), QStringLiteral("2")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("Stopped following")), qPrintable(r.err));
        QVERIFY(r.ms < 30000);
        r = run({QStringLiteral("cancel"), name, QStringLiteral("--timeout"), QStringLiteral("2")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("still CANCELLING after 2 s")), qPrintable(r.err));
        QVERIFY(r.ms < 30000);
        r = run({QStringLiteral("cancel"), name, QStringLiteral("--timeout"), QStringLiteral("0")});
        QCOMPARE(r.exitCode, 2);
        config(
            {{QStringLiteral("running_seconds"), 2}, {QStringLiteral("cancelling_seconds"), 0.3}});
    }

    void stagedObjectsFollowTheArchive()
    {
        // A project with its own setup.py beside the package, as gcloud users have.
        const QString project = m_dir.filePath(QStringLiteral("proj"));
        QVERIFY(QDir().mkpath(project + QStringLiteral("/trainer")));
        const auto write = [](const QString &path, const QByteArray &text) {
            QFile f(path);
            return f.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
                   f.write(text) == text.size();
        };
        const QByteArray setup = "from setuptools import find_packages, setup\n"
                                 "setup(name='trainer', version='0.1', packages=find_packages(),\n"
                                 "      install_requires=[%1])\n";
        QVERIFY(write(project + QStringLiteral("/setup.py"), QByteArray(setup).replace("%1", "")));
        QVERIFY(write(project + QStringLiteral("/trainer/__init__.py"), ""));
        QVERIFY(write(project + QStringLiteral("/trainer/task.py"), "print('training')\n"));
        QFile::remove(project + QStringLiteral("/config.yaml"));
        QVERIFY(QFile::copy(m_config, project + QStringLiteral("/config.yaml")));
        const QStringList args{QStringLiteral("create"),
                               QStringLiteral("--config"),
                               project + QStringLiteral("/config.yaml"),
                               QStringLiteral("--project"),
                               QStringLiteral("proj-1"),
                               QStringLiteral("--executor-image-uri"),
                               m_image,
                               QStringLiteral("--staging-bucket"),
                               QStringLiteral("gs://stage-bucket/hash"),
                               QStringLiteral("--display-name"),
                               QStringLiteral("hashed")};
        const auto objects = [this] {
            QStringList names;
            const QJsonArray all =
                m_fake.control(QStringLiteral("state")).value(QLatin1String("objects")).toArray();
            for (const QJsonValue &o : all) {
                const QString name = o.toObject().value(QLatin1String("name")).toString();
                if (name.startsWith(QLatin1String("hash/")))
                    names << name;
            }
            names.sort();
            return names;
        };
        Run r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(objects().size(), 1);
        // The same package again: the rebuilt archive is the same, so nothing is uploaded.
        r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("staged already")), qPrintable(r.err));
        QCOMPARE(objects().size(), 1);
        // A changed setup.py (the package folder unchanged) is another archive: a new object.
        QVERIFY(write(project + QStringLiteral("/setup.py"),
                      QByteArray(setup).replace("%1", "'numpy>=1.20'")));
        r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(!r.err.contains(QLatin1String("staged already")), qPrintable(r.err));
        QCOMPARE(objects().size(), 2);
        // A sibling package that find_packages() takes in: a new object again.
        QVERIFY(QDir().mkpath(project + QStringLiteral("/helpers")));
        QVERIFY(write(project + QStringLiteral("/helpers/__init__.py"), "X = 1\n"));
        r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(!r.err.contains(QLatin1String("staged already")), qPrintable(r.err));
        const QStringList names = objects();
        QCOMPARE(names.size(), 3);
        // Each object is named by the SHA-256 of its own bytes.
        for (const QString &n : names) {
            const QString hash = n.section(QLatin1Char('/'), 2, 2);
            QCOMPARE(hash.size(), 64);
        }
    }

    void cleanupTestCase() { m_fake.stop(); }
};

QTEST_GUILESS_MAIN(TestVertexHostile)
#include "tst_vertex_hostile.moc"
