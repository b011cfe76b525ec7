// SPDX-License-Identifier: MIT
// `trainyard ai custom-jobs ...` through the real binary against the fake Google Cloud: submit
// the bundled example, follow it to SUCCEEDED with its logs copied into the job store, cancel a
// second job, and the faults (no credentials, malformed key, revoked refresh token, 401, 403,
// 404, 409, 429, 503, a job cancelled from elsewhere). A service-account key made by openssl
// signs real RS256 assertions; tokens live 4 s so refreshes happen during the test.
#include "cloudrecord/cloudjob.h"
#include "fakecloud.h"
#include "store/jobstore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QtTest>

using namespace trainyard;

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

class TestVertexCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    FakeCloud m_fake;
    QString m_saKey;   // service_account key file
    QString m_userKey; // authorized_user file written by the fake
    QString m_config;  // the bundled example
    QString m_image =
        QStringLiteral("us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11.py310:latest");

    QProcessEnvironment environment(const QString &credentials) const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), m_dir.filePath(QStringLiteral("home")));
        env.insert(QStringLiteral("CLOUDSDK_CONFIG"), m_dir.filePath(QStringLiteral("gcloud")));
        env.insert(QStringLiteral("TRAINYARD_HOME"), m_dir.filePath(QStringLiteral("jobs")));
        env.remove(QStringLiteral("GOOGLE_CLOUD_PROJECT"));
        env.remove(QStringLiteral("GCLOUD_PROJECT"));
        if (credentials.isEmpty())
            env.remove(QStringLiteral("GOOGLE_APPLICATION_CREDENTIALS"));
        else
            env.insert(QStringLiteral("GOOGLE_APPLICATION_CREDENTIALS"), credentials);
        m_fake.addEndpoints(env);
        return env;
    }

    Run run(const QStringList &args, const QString &credentials = QString())
    {
        QProcess p;
        p.setProcessEnvironment(environment(credentials.isNull() ? m_saKey : credentials));
        p.start(QStringLiteral(TRAINYARD_BINARY), args);
        Run r;
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
        }
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

    QStringList createArgs(const QStringList &more = {}) const
    {
        return QStringList{QStringLiteral("ai"),
                           QStringLiteral("custom-jobs"),
                           QStringLiteral("create"),
                           QStringLiteral("--config"),
                           m_config,
                           QStringLiteral("--project"),
                           QStringLiteral("proj-1"),
                           QStringLiteral("--executor-image-uri"),
                           m_image} +
               more;
    }

    store::JobStore jobStore() const
    {
        return store::JobStore(m_dir.filePath(QStringLiteral("jobs")));
    }

    QJsonObject fault(const QJsonObject &body)
    {
        return m_fake.control(QStringLiteral("faults"), body);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QDir(m_dir.path()).mkpath(QStringLiteral("home"));
        m_config =
            QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/mnist_like/config.yaml");
        m_userKey = m_dir.filePath(QStringLiteral("user-adc.json"));
        QVERIFY(m_fake.start({QStringLiteral("--queued-seconds"), QStringLiteral("0.3"),
                              QStringLiteral("--pending-seconds"), QStringLiteral("0.3"),
                              QStringLiteral("--running-seconds"), QStringLiteral("3"),
                              QStringLiteral("--cancelling-seconds"), QStringLiteral("0.5"),
                              QStringLiteral("--log-lines-per-replica"), QStringLiteral("4"),
                              QStringLiteral("--token-lifetime"), QStringLiteral("4"),
                              QStringLiteral("--write-authorized-user"), m_userKey}));
        // A real RSA key, and a service-account key file that names the fake's token endpoint.
        const QString pem = m_dir.filePath(QStringLiteral("key.pem"));
        QCOMPARE(QProcess::execute(QStringLiteral("openssl"),
                                   {QStringLiteral("genpkey"), QStringLiteral("-algorithm"),
                                    QStringLiteral("RSA"), QStringLiteral("-pkeyopt"),
                                    QStringLiteral("rsa_keygen_bits:2048"), QStringLiteral("-out"),
                                    pem}),
                 0);
        QFile pemFile(pem);
        QVERIFY(pemFile.open(QIODevice::ReadOnly));
        const QJsonObject key{
            {QStringLiteral("type"), QStringLiteral("service_account")},
            {QStringLiteral("project_id"), QStringLiteral("proj-1")},
            {QStringLiteral("private_key_id"), QStringLiteral("k1")},
            {QStringLiteral("private_key"), QString::fromLatin1(pemFile.readAll())},
            {QStringLiteral("client_email"),
             QStringLiteral("trainer@proj-1.iam.gserviceaccount.com")},
            {QStringLiteral("client_id"), QStringLiteral("1234")},
            {QStringLiteral("token_uri"), m_fake.tokenUri()},
        };
        m_saKey = m_dir.filePath(QStringLiteral("sa.json"));
        QFile sa(m_saKey);
        QVERIFY(sa.open(QIODevice::WriteOnly));
        sa.write(QJsonDocument(key).toJson());
        sa.close();
        m_fake.control(QStringLiteral("credentials"), key);
    }

    void submitFollowSucceeded()
    {
        Run r = run(createArgs());
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QLatin1String("projects/proj-1/locations/us-central1/customJobs/")));
        const store::JobStore store = jobStore();
        QVERIFY(cloud::isCloudJob(store, QStringLiteral("mnist_like_example")));
        QCOMPARE(cloud::whereText(store, QStringLiteral("mnist_like_example")),
                 QStringLiteral("Vertex AI · us-central1"));

        // The listing of the service shows it.
        r = run({QStringLiteral("ai"), QStringLiteral("custom-jobs"), QStringLiteral("list"),
                 QStringLiteral("--region"), QStringLiteral("us-central1"),
                 QStringLiteral("--project"), QStringLiteral("proj-1")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QLatin1String("mnist_like_example")));

        // Following it through the job store's command: logs per replica, then SUCCEEDED.
        r = run({QStringLiteral("ai"), QStringLiteral("custom-jobs"), QStringLiteral("stream-logs"),
                 QStringLiteral("mnist_like_example"), QStringLiteral("--polling-interval"),
                 QStringLiteral("1")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QLatin1String("workerpool0-0: Running task workerpool0-0")));
        QVERIFY(r.out.contains(QLatin1String("workerpool1-1: ")));
        QVERIFY(r.out.contains(QLatin1String("workerpool2-0: ")));
        QVERIFY(r.err.contains(QLatin1String("SUCCEEDED")));
        // Each line once, although the polls overlap.
        QCOMPARE(r.out.count(QLatin1String("Running task workerpool0-0")), 1);

        const store::StateReadResult state = store.readState(QStringLiteral("mnist_like_example"));
        QVERIFY(state);
        QCOMPARE(state.state.state, store::JobStatus::Succeeded);
        QVERIFY(state.state.startTime.isValid());
        QFile log(
            store.logPath(QStringLiteral("mnist_like_example"), QStringLiteral("workerpool0-0")));
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QByteArray logText = log.readAll();
        QVERIFY(logText.contains(" I stdout - Running task workerpool0-0"));
        QCOMPARE(logText.count("Running task"), 1);

        // The token lived 4 s: the run needed more than one.
        const QJsonObject fakeState = m_fake.control(QStringLiteral("state"));
        QVERIFY(fakeState.value(QLatin1String("tokens_issued")).toInt() >= 2);

        // describe by the record ID, through `jobs describe` (routed to Vertex AI).
        r = run({QStringLiteral("jobs"), QStringLiteral("describe"),
                 QStringLiteral("mnist_like_example")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QLatin1String("JOB_STATE_SUCCEEDED")));
    }

    void cancelSecondJob()
    {
        Run r = run({QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                     QStringLiteral("second_job"), QStringLiteral("--config"), m_config,
                     QStringLiteral("--cloud"), QStringLiteral("--project"),
                     QStringLiteral("proj-1"), QStringLiteral("--executor-image-uri"), m_image});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = run({QStringLiteral("ai"), QStringLiteral("custom-jobs"), QStringLiteral("cancel"),
                 QStringLiteral("second_job")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        QVERIFY(r.out.contains(QLatin1String("CANCELLED")));
        QCOMPARE(jobStore().readState(QStringLiteral("second_job")).state.state,
                 store::JobStatus::Cancelled);
    }

    void cancelledFromElsewhere()
    {
        Run r = run(createArgs({QStringLiteral("--display-name"), QStringLiteral("elsewhere")}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        cloud::CloudRecord record;
        QVERIFY(
            cloud::readCloudRecord(jobStore(), QStringLiteral("mnist_like_example_2"), &record));
        m_fake.control(QStringLiteral("jobs"),
                       QJsonObject{{QStringLiteral("name"), record.resourceName},
                                   {QStringLiteral("action"), QStringLiteral("cancel")}});
        r = run({QStringLiteral("ai"), QStringLiteral("custom-jobs"), QStringLiteral("stream-logs"),
                 record.resourceName, QStringLiteral("--polling-interval"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains(QLatin1String("CANCELLED")));
        QCOMPARE(jobStore().readState(QStringLiteral("mnist_like_example_2")).state.state,
                 store::JobStatus::Cancelled);
    }

    void noCredentials()
    {
        const Run r = run(createArgs(), QString(QLatin1String("")));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("gcloud auth application-default login")),
                 qPrintable(r.err));
    }

    void malformedKeyFile_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << QByteArray("{\"type\": ") << QStringLiteral("JSON error");
        QTest::newRow("no private_key")
            << QByteArray("{\"type\":\"service_account\",\"client_email\":\"a@b\","
                          "\"token_uri\":\"http://x\"}")
            << QStringLiteral("without \"private_key\"");
        QTest::newRow("broken pem")
            << QByteArray("{\"type\":\"service_account\",\"client_email\":\"a@b\","
                          "\"token_uri\":\"http://x\",\"private_key\":\"-----BEGIN PRIVATE "
                          "KEY-----\\nAAAA\\n-----END PRIVATE KEY-----\\n\"}")
            << QStringLiteral("not a PEM private key");
    }

    void malformedKeyFile()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        const QString path = m_dir.filePath(QStringLiteral("bad.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content);
        f.close();
        const Run r =
            run({QStringLiteral("ai"), QStringLiteral("custom-jobs"), QStringLiteral("list"),
                 QStringLiteral("--region"), QStringLiteral("us-central1"),
                 QStringLiteral("--project"), QStringLiteral("proj-1")},
                path);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(path) && r.err.contains(expected), qPrintable(r.err));
    }

    void userCredentialsAndRevokedToken()
    {
        // authorized_user in gcloud's well-known place (CLOUDSDK_CONFIG), found without the
        // variable.
        QDir(m_dir.path()).mkpath(QStringLiteral("gcloud"));
        const QString adc =
            m_dir.filePath(QStringLiteral("gcloud/application_default_credentials.json"));
        QFile::remove(adc);
        QVERIFY(QFile::copy(m_userKey, adc));
        const QStringList list{QStringLiteral("ai"),          QStringLiteral("custom-jobs"),
                               QStringLiteral("list"),        QStringLiteral("--region"),
                               QStringLiteral("us-central1"), QStringLiteral("--project"),
                               QStringLiteral("proj-1")};
        Run r = run(list, QString(QLatin1String("")));
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QLatin1String("mnist_like_example")));

        m_fake.control(QStringLiteral("revoke"), QJsonObject());
        r = run(list, QString(QLatin1String("")));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("revoked")) &&
                     r.err.contains(QLatin1String("gcloud auth application-default login")),
                 qPrintable(r.err));
        QFile::remove(adc);
        // Re-register the service account (the revoke applied to every credential).
        QFile sa(m_saKey);
        QVERIFY(sa.open(QIODevice::ReadOnly));
        m_fake.control(QStringLiteral("credentials"),
                       QJsonDocument::fromJson(sa.readAll()).object());
    }

    void permissionDeniedKeepsRecordAndRetries()
    {
        fault({{QStringLiteral("path"), QStringLiteral("customJobs$")},
               {QStringLiteral("method"), QStringLiteral("POST")},
               {QStringLiteral("status"), 403}});
        Run r = run({QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                     QStringLiteral("denied_job"), QStringLiteral("--config"), m_config,
                     QStringLiteral("--cloud"), QStringLiteral("--project"),
                     QStringLiteral("proj-1"), QStringLiteral("--executor-image-uri"), m_image});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("aiplatform.customJobs.create")) &&
                     r.err.contains(QLatin1String("trainer@proj-1.iam.gserviceaccount.com")),
                 qPrintable(r.err));
        const store::JobStore store = jobStore();
        store::StateReadResult state = store.readState(QStringLiteral("denied_job"));
        QCOMPARE(state.state.state, store::JobStatus::Failed);
        QVERIFY(state.state.errorMessage.startsWith(QLatin1String("not submitted: ")));

        // Submitting again retries with the same record.
        r = run({QStringLiteral("jobs"), QStringLiteral("submit"), QStringLiteral("training"),
                 QStringLiteral("denied_job"), QStringLiteral("--config"), m_config,
                 QStringLiteral("--cloud"), QStringLiteral("--project"), QStringLiteral("proj-1"),
                 QStringLiteral("--executor-image-uri"), m_image});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QLatin1String("local record denied_job)")));
        state = store.readState(QStringLiteral("denied_job"));
        QVERIFY(!state.state.isTerminal());
        QVERIFY(state.state.errorMessage.isEmpty());
    }

    void httpFaults_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");
        QTest::newRow("401 once: refreshed") << 401 << 1 << 0 << QString();
        QTest::newRow("429 once: retried") << 429 << 1 << 0 << QString();
        QTest::newRow("503 twice: retried") << 503 << 2 << 0 << QString();
        QTest::newRow("503 always") << 503 << 20 << 1 << QStringLiteral("unavailable");
        QTest::newRow("429 always") << 429 << 20 << 1 << QStringLiteral("quota");
        QTest::newRow("409") << 409 << 1 << 1
                             << QStringLiteral("conflict (HTTP 409 ALREADY_EXISTS)");
        QTest::newRow("404") << 404 << 1 << 1 << QStringLiteral("not found (HTTP 404 NOT_FOUND)");
    }

    void httpFaults()
    {
        QFETCH(int, status);
        QFETCH(int, count);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        fault({{QStringLiteral("path"), QStringLiteral("/customJobs$")},
               {QStringLiteral("method"), QStringLiteral("GET")},
               {QStringLiteral("status"), status},
               {QStringLiteral("count"), count}});
        const Run r =
            run({QStringLiteral("ai"), QStringLiteral("custom-jobs"), QStringLiteral("list"),
                 QStringLiteral("--region"), QStringLiteral("us-central1"),
                 QStringLiteral("--project"), QStringLiteral("proj-1")});
        QNetworkAccessManager nam;
        QNetworkRequest clear(QUrl(m_fake.root() + QStringLiteral("_fake/faults")));
        QNetworkReply *reply = nam.deleteResource(clear);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        delete reply;
        QVERIFY2(r.exitCode == exitCode, qPrintable(r.err));
        if (exitCode == 0)
            QVERIFY(r.out.contains(QLatin1String("mnist_like_example")));
        else
            QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    }

    void stagingUploadsOnceAndResumes()
    {
        // The first chunk's connection drops after 1000 bytes: the upload resumes from there.
        fault({{QStringLiteral("path"), QStringLiteral("/upload/storage/")},
               {QStringLiteral("method"), QStringLiteral("PUT")},
               {QStringLiteral("kind"), QStringLiteral("drop")},
               {QStringLiteral("after_bytes"), 1000}});
        const QStringList args =
            createArgs({QStringLiteral("--staging-bucket"), QStringLiteral("gs://stage-bucket/tr"),
                        QStringLiteral("--display-name"), QStringLiteral("staged")});
        Run r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("Uploading trainer-")) &&
                     r.err.contains(QLatin1String(": 100%")),
                 qPrintable(r.err));
        QJsonObject state = m_fake.control(QStringLiteral("state"));
        QJsonArray objects = state.value(QLatin1String("objects")).toArray();
        QCOMPARE(objects.size(), 1);
        const QJsonObject object = objects.first().toObject();
        const QString name = object.value(QLatin1String("name")).toString();
        QVERIFY2(name.startsWith(QLatin1String("tr/trainyard-staging/")) &&
                     name.endsWith(QLatin1String(".tar.gz")),
                 qPrintable(name));
        // The job runs the staged package.
        bool found = false;
        const QJsonArray jobs = state.value(QLatin1String("jobs")).toArray();
        for (const QJsonValue &j : jobs) {
            const QJsonObject spec = j.toObject().value(QLatin1String("jobSpec")).toObject();
            const QString uri = spec.value(QLatin1String("workerPoolSpecs"))
                                    .toArray()
                                    .first()
                                    .toObject()
                                    .value(QLatin1String("pythonPackageSpec"))
                                    .toObject()
                                    .value(QLatin1String("packageUris"))
                                    .toArray()
                                    .first()
                                    .toString();
            found = found || uri == QStringLiteral("gs://stage-bucket/") + name;
        }
        QVERIFY(found);

        // The same package again: found by its content hash, not uploaded twice.
        r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("staged already")), qPrintable(r.err));
        state = m_fake.control(QStringLiteral("state"));
        objects = state.value(QLatin1String("objects")).toArray();
        QCOMPARE(objects.size(), 1);
        QCOMPARE(objects.first().toObject().value(QLatin1String("generation")),
                 object.value(QLatin1String("generation")));
    }

    void hyperparametersSubmitATuningJob()
    {
        // The bundled example with a study: it goes to hyperparameterTuningJobs, whose schema the
        // fake enforces field by field.
        QFile example(m_config);
        QVERIFY(example.open(QIODevice::ReadOnly));
        QByteArray yaml = example.readAll();
        yaml.replace("jobId: mnist_like_example", "jobId: hp_study");
        yaml.replace("  packageUris:", "  hyperparameters:\n"
                                       "    goal: MAXIMIZE\n"
                                       "    hyperparameterMetricTag: accuracy\n"
                                       "    maxTrials: 3\n"
                                       "    maxParallelTrials: 2\n"
                                       "    maxFailedTrials: 1\n"
                                       "    algorithm: RANDOM_SEARCH\n"
                                       "    params:\n"
                                       "    - {parameterName: learning-rate, type: DOUBLE,"
                                       " minValue: 0.001, maxValue: 0.5,"
                                       " scaleType: UNIT_LOG_SCALE}\n"
                                       "    - {parameterName: hidden, type: INTEGER, minValue: 16,"
                                       " maxValue: 128, scaleType: UNIT_LINEAR_SCALE}\n"
                                       "    - {parameterName: optimizer, type: CATEGORICAL,"
                                       " categoricalValues: [sgd, adam]}\n"
                                       "    - {parameterName: layers, type: DISCRETE,"
                                       " discreteValues: [1, 2, 4]}\n"
                                       "  packageUris:");
        const QByteArray packagePath =
            QByteArray("packagePath: ") +
            QFileInfo(m_config).absoluteDir().filePath(QStringLiteral("trainer")).toUtf8();
        yaml.replace("packagePath: trainer", packagePath);
        const QString config = m_dir.filePath(QStringLiteral("hp.yaml"));
        {
            QFile f(config);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(yaml);
        }
        QStringList args = createArgs();
        args[args.indexOf(m_config)] = config;
        Run r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("HyperparameterTuningJob [projects/proj-1/locations/"
                                              "us-central1/hyperparameterTuningJobs/")),
                 qPrintable(r.out));
        QVERIFY2(!r.err.contains(QLatin1String("hyperparameters")), qPrintable(r.err));

        // What the service received.
        QJsonObject sent;
        const QJsonArray jobs =
            m_fake.control(QStringLiteral("state")).value(QLatin1String("jobs")).toArray();
        for (const QJsonValue &j : jobs) {
            if (j.toObject().value(QLatin1String("displayName")).toString() ==
                QLatin1String("hp_study"))
                sent = j.toObject();
        }
        QVERIFY(!sent.isEmpty());
        QCOMPARE(sent.value(QLatin1String("maxTrialCount")).toInt(), 3);
        QCOMPARE(sent.value(QLatin1String("parallelTrialCount")).toInt(), 2);
        QCOMPARE(sent.value(QLatin1String("maxFailedTrialCount")).toInt(), 1);
        const QJsonObject study = sent.value(QLatin1String("studySpec")).toObject();
        QCOMPARE(study.value(QLatin1String("algorithm")).toString(),
                 QStringLiteral("RANDOM_SEARCH"));
        const QJsonObject metric =
            study.value(QLatin1String("metrics")).toArray().first().toObject();
        QCOMPARE(metric.value(QLatin1String("metricId")).toString(), QStringLiteral("accuracy"));
        QCOMPARE(metric.value(QLatin1String("goal")).toString(), QStringLiteral("MAXIMIZE"));
        const QJsonArray params = study.value(QLatin1String("parameters")).toArray();
        QCOMPARE(params.size(), 4);
        const QJsonObject integer =
            params.at(1).toObject().value(QLatin1String("integerValueSpec")).toObject();
        QCOMPARE(integer.value(QLatin1String("minValue")), QJsonValue(QStringLiteral("16")));
        QCOMPARE(params.at(0).toObject().value(QLatin1String("scaleType")).toString(),
                 QStringLiteral("UNIT_LOG_SCALE"));
        QVERIFY(!params.at(2).toObject().contains(QLatin1String("scaleType")));
        QCOMPARE(params.at(3)
                     .toObject()
                     .value(QLatin1String("discreteValueSpec"))
                     .toObject()
                     .value(QLatin1String("values"))
                     .toArray()
                     .size(),
                 3);
        // Every trial runs the CustomJob spec, with the image the flag gave.
        QCOMPARE(sent.value(QLatin1String("trialJobSpec"))
                     .toObject()
                     .value(QLatin1String("workerPoolSpecs"))
                     .toArray()
                     .size(),
                 3);
        const QJsonObject python = sent.value(QLatin1String("trialJobSpec"))
                                       .toObject()
                                       .value(QLatin1String("workerPoolSpecs"))
                                       .toArray()
                                       .first()
                                       .toObject()
                                       .value(QLatin1String("pythonPackageSpec"))
                                       .toObject();
        QCOMPARE(python.value(QLatin1String("pythonModule")).toString(),
                 QStringLiteral("trainer.task"));
        QVERIFY(!python.value(QLatin1String("executorImageUri")).toString().isEmpty());

        // The record names the collection; get, logs and describe follow it there.
        const store::JobStore store = jobStore();
        cloud::CloudRecord record;
        QVERIFY(cloud::readCloudRecord(store, QStringLiteral("hp_study"), &record));
        QCOMPARE(record.collection, QStringLiteral("hyperparameterTuningJobs"));
        QCOMPARE(cloud::whereText(store, QStringLiteral("hp_study")),
                 QStringLiteral("Vertex AI · us-central1"));
        r = run({QStringLiteral("ai"), QStringLiteral("custom-jobs"), QStringLiteral("stream-logs"),
                 QStringLiteral("hp_study"), QStringLiteral("--polling-interval"),
                 QStringLiteral("1")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QLatin1String("workerpool0-0: Running task workerpool0-0")));
        QVERIFY(r.err.contains(QLatin1String("SUCCEEDED")));
        QCOMPARE(store.readState(QStringLiteral("hp_study")).state.state,
                 store::JobStatus::Succeeded);
        r = run({QStringLiteral("jobs"), QStringLiteral("describe"), QStringLiteral("hp_study")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QLatin1String("hyperparameterTuningJobs/")));
        QVERIFY(r.out.contains(QLatin1String("JOB_STATE_SUCCEEDED")));

        // The job list says where it runs, in a last column.
        r = run({QStringLiteral("jobs"), QStringLiteral("list")});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
        QVERIFY2(lines.first().simplified() == QLatin1String("JOB_ID STATUS CREATED WHERE"),
                 qPrintable(r.out));
        bool listed = false;
        for (const QString &line : lines) {
            const QStringList columns = line.simplified().split(u' ');
            if (columns.first() == QLatin1String("hp_study")) {
                listed = columns.at(1) == QLatin1String("SUCCEEDED") &&
                         line.endsWith(QStringLiteral("Vertex AI · us-central1"));
            }
        }
        QVERIFY2(listed, qPrintable(r.out));

        // A second study, cancelled through its record.
        yaml.replace("jobId: hp_study", "jobId: hp_cancel");
        {
            QFile f(config);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(yaml);
        }
        r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = run({QStringLiteral("ai"), QStringLiteral("custom-jobs"), QStringLiteral("cancel"),
                 QStringLiteral("hp_cancel")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        QVERIFY(r.out.contains(QLatin1String("CANCELLED")));
        QCOMPARE(jobStore().readState(QStringLiteral("hp_cancel")).state.state,
                 store::JobStatus::Cancelled);
    }

    void localArchivesAreStagedAsTheyAre()
    {
        // gcloud's --packages with a local wheel beside a gs:// URI: the wheel is uploaded as it
        // is, under its content hash, and listed with the sdist of the package directory.
        const QString wheel = m_dir.filePath(QStringLiteral("extra-1.0-py3-none-any.whl"));
        {
            QFile f(wheel);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(3000, 'w'));
        }
        const QStringList args = createArgs(
            {QStringLiteral("--staging-bucket"), QStringLiteral("gs://stage-bucket/pk"),
             QStringLiteral("--display-name"), QStringLiteral("archives"),
             QStringLiteral("--packages"), wheel + QStringLiteral(",gs://deps/dep-2.0.tar.gz")});
        Run r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("Uploading extra-1.0-py3-none-any.whl: 100%")),
                 qPrintable(r.err));
        auto staged = [this] {
            QStringList names;
            const QJsonArray objects =
                m_fake.control(QStringLiteral("state")).value(QLatin1String("objects")).toArray();
            for (const QJsonValue &o : objects) {
                const QString name = o.toObject().value(QLatin1String("name")).toString();
                if (name.startsWith(QLatin1String("pk/")))
                    names << name;
            }
            return names;
        };
        const QStringList names = staged();
        QCOMPARE(names.size(), 2);
        QString wheelObject;
        QString sdistObject;
        for (const QString &name : names) {
            QVERIFY2(name.startsWith(QLatin1String("pk/trainyard-staging/")), qPrintable(name));
            if (name.endsWith(QLatin1String("/extra-1.0-py3-none-any.whl")))
                wheelObject = name;
            else if (name.endsWith(QLatin1String(".tar.gz")))
                sdistObject = name;
        }
        QVERIFY(!wheelObject.isEmpty() && !sdistObject.isEmpty());

        QJsonArray uris;
        const QJsonArray jobs =
            m_fake.control(QStringLiteral("state")).value(QLatin1String("jobs")).toArray();
        for (const QJsonValue &j : jobs) {
            if (j.toObject().value(QLatin1String("displayName")).toString() !=
                QLatin1String("archives"))
                continue;
            uris = j.toObject()
                       .value(QLatin1String("jobSpec"))
                       .toObject()
                       .value(QLatin1String("workerPoolSpecs"))
                       .toArray()
                       .first()
                       .toObject()
                       .value(QLatin1String("pythonPackageSpec"))
                       .toObject()
                       .value(QLatin1String("packageUris"))
                       .toArray();
        }
        // In gcloud's order: the gs:// URIs, the local archives, the built package.
        const QStringList expected{QStringLiteral("gs://deps/dep-2.0.tar.gz"),
                                   QStringLiteral("gs://stage-bucket/") + wheelObject,
                                   QStringLiteral("gs://stage-bucket/") + sdistObject};
        QCOMPARE(uris, QJsonArray::fromStringList(expected));

        // Again: both found by their hash, nothing uploaded twice.
        r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(r.err.count(QLatin1String("staged already")), 2);
        QVERIFY(!r.err.contains(QLatin1String("Uploading")));
        QCOMPARE(staged(), names);

        // A local archive with nowhere to go is refused before anything is sent.
        r = run(createArgs({QStringLiteral("--packages"), wheel}));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("--staging-bucket")), qPrintable(r.err));
    }

    void describeUnknownJob()
    {
        const Run r =
            run({QStringLiteral("ai"), QStringLiteral("custom-jobs"), QStringLiteral("describe"),
                 QStringLiteral("123"), QStringLiteral("--region"), QStringLiteral("us-central1"),
                 QStringLiteral("--project"), QStringLiteral("proj-1")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("not found")), qPrintable(r.err));
    }

    void cleanupTestCase() { m_fake.stop(); }
};

QTEST_GUILESS_MAIN(TestVertexCli)
#include "tst_vertex_cli.moc"
