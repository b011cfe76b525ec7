// SPDX-License-Identifier: MIT
// A secret from a REAL keychain reaches a real trainer process through the executor's launch
// plan, and its value ends up in no file under the job store, while the trainer's own output of
// the value is logged masked. The owner process (Owner + LogCapture) is not in the loop
// yet: this composes the same pieces it will use (see /work/notes/secrets-wiring.md):
//   resolveSecretsBlocking -> EnvironmentOptions::secretResolver -> planLaunch -> QProcess
//   -> LineSplitter -> Masker -> LogWriter (<store>/<job>/logs/<replica>.log)
#include "catalog/catalog.h"
#include "cloud/keychain/resolve.h"
#include "cloud/keychain/secretsync.h"
#include "exec/environment.h"
#include "exec/ports.h"
#include "logs/linesplitter.h"
#include "logs/logwriter.h"
#include "secrettesthelpers.h"
#include "service/layout.h"

#include <QCryptographicHash>
#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;

class TestSecretLaunch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void secretReachesTrainerMaskedInLog();
    void missingSecretFailsOnlyThatJob();

private:
    jobspec::Job trainerJob(const QString &secretName) const;
    QTemporaryDir m_home; // stands for $TRAINYARD_HOME
    QString m_secret;
    QByteArray m_value;
};

void TestSecretLaunch::initTestCase()
{
    QVERIFY2(!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"),
             "needs a session bus with an unlocked secret service (scripts/run-tests.sh)");
    m_secret = QStringLiteral("launch-%1-hf").arg(QCoreApplication::applicationPid());
    m_value = "hf_LaunchValue_" + QByteArray::number(QCoreApplication::applicationPid()) + "_end";
    const secrets::SecretResult r =
        secrets::writeSecretBlocking(m_secret, QString::fromUtf8(m_value),
                                     m_home.filePath(QStringLiteral("../names-") + m_secret));
    QVERIFY2(r, qPrintable(r.errorString));

    // The trainer: writes the SHA-256 of its HF_TOKEN (never the value) and prints the value.
    QDir(m_home.path()).mkpath(QStringLiteral("trainer"));
    QFile script(m_home.filePath(QStringLiteral("trainer/train.sh")));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write("#!/bin/sh\n"
                 "printf %s \"$HF_TOKEN\" | sha256sum | cut -d' ' -f1 > \"$HASH_FILE\"\n"
                 "echo \"step 1 loss 0.5\"\n"
                 "echo \"using token $HF_TOKEN for the hub\"\n"
                 "echo \"$HF_TOKEN\" >&2\n"
                 "printf 'no newline at the end %s' \"$HF_TOKEN\"\n");
    script.close();
    QVERIFY(script.setPermissions(script.permissions() | QFileDevice::ExeOwner));
}

void TestSecretLaunch::cleanupTestCase()
{
    secrets::removeSecretBlocking(m_secret,
                                  m_home.filePath(QStringLiteral("../names-") + m_secret));
    QFile::remove(m_home.filePath(QStringLiteral("../names-") + m_secret));
}

jobspec::Job TestSecretLaunch::trainerJob(const QString &secretName) const
{
    jobspec::Job job;
    job.jobId = QStringLiteral("secret_job");
    job.trainingInput.scaleTier = QStringLiteral("CUSTOM");
    job.trainingInput.master.type = QStringLiteral("n1-standard-4");
    job.trainingInput.region = QStringLiteral("us-central1");
    job.local.executable = m_home.filePath(QStringLiteral("trainer/train.sh"));
    job.local.env = {
        jobspec::EnvVar{QStringLiteral("HASH_FILE"),
                        m_home.filePath(QStringLiteral("secret_job/output/token.sha256")),
                        QString()},
        jobspec::EnvVar{QStringLiteral("HF_TOKEN"), QString(), secretName}};
    return job;
}

void TestSecretLaunch::secretReachesTrainerMaskedInLog()
{
    const jobspec::Job job = trainerJob(m_secret);
    const secrets::SecretResolution resolution = secrets::resolveSecretsBlocking(job);
    QVERIFY2(resolution, qPrintable(resolution.errorMessage));

    service::LayoutOptions layoutOptions;
    const catalog::Catalog noTiers;
    service::LayoutResult layout = service::planLayout(job, noTiers, layoutOptions);
    QVERIFY2(layout, qPrintable(layout.error));
    QVERIFY(exec::assignFreePorts(layout.layout));
    const QDir jobDir(m_home.filePath(QStringLiteral("secret_job")));
    QVERIFY(jobDir.mkpath(QStringLiteral("output")) && jobDir.mkpath(QStringLiteral("logs")));
    exec::EnvironmentOptions options;
    options.jobDir = jobDir.filePath(QStringLiteral("output"));
    options.metricsDirectory = jobDir.filePath(QStringLiteral("hypertune"));
    options.secretResolver = resolution.resolver();
    const exec::LaunchPlan plan = exec::planLaunch(job, layout.layout, options);
    QVERIFY2(plan, qPrintable(plan.error));
    QCOMPARE(plan.replicas.size(), 1);
    const exec::ReplicaLaunch &launch = plan.replicas.constFirst();
    QCOMPARE(launch.secretVariables, QStringList{QStringLiteral("HF_TOKEN")});
    QVERIFY(launch.skippedSecrets.isEmpty());
    QCOMPARE(exec::preflight(launch), QString());

    // Run it; log its output the way the owner does, with the masker in the line path.
    const secrets::Masker masker = resolution.masker();
    logs::LogWriter writer;
    QVERIFY(writer.open(jobDir.filePath(QStringLiteral("logs/%1.log").arg(launch.replica.name))));
    QProcess process;
    process.setProgram(launch.program);
    process.setArguments(launch.arguments);
    process.setWorkingDirectory(launch.workingDirectory);
    process.setProcessEnvironment(launch.environment);
    process.start();
    QVERIFY(process.waitForStarted());
    QVERIFY(process.waitForFinished(60000)); // a hang guard
    QCOMPARE(process.exitCode(), 0);
    int maskedLines = 0;
    for (const logs::Stream stream : {logs::Stream::Stdout, logs::Stream::Stderr}) {
        const QByteArray chunk = stream == logs::Stream::Stdout ? process.readAllStandardOutput()
                                                                : process.readAllStandardError();
        logs::LineSplitter splitter;
        auto sink = [&](const char *data, qsizetype size, bool continuation) {
            QByteArray masked;
            if (masker.mask(data, size, &masked)) {
                ++maskedLines;
                data = masked.constData();
                size = masked.size();
            }
            writer.append(0, stream, logs::Severity::Info, continuation, data, size);
        };
        splitter.feed(chunk.constData(), chunk.size(), sink);
        splitter.flush(sink);
    }
    QVERIFY(writer.flush());
    QCOMPARE(maskedLines, 3);

    // The trainer saw the value: its hash matches.
    QFile hashFile(jobDir.filePath(QStringLiteral("output/token.sha256")));
    QVERIFY(hashFile.open(QIODevice::ReadOnly));
    QCOMPARE(hashFile.readAll().trimmed(),
             QCryptographicHash::hash(m_value, QCryptographicHash::Sha256).toHex());
    // The log shows the masked line; no file under the store holds the value.
    QFile log(writer.fileName());
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QByteArray logText = log.readAll();
    const QByteArray expectedLine = QByteArray("using token ") +
                                    secrets::Masker::replacement(m_secret) +
                                    QByteArray(" for the hub");
    QVERIFY(logText.contains(expectedLine));
    QVERIFY(logText.contains("step 1 loss 0.5"));
    QVERIFY(secrets::test::fileCount(m_home.path()) >= 3);
    QCOMPARE(secrets::test::filesContaining(m_home.path(), m_value), QStringList());
}

void TestSecretLaunch::missingSecretFailsOnlyThatJob()
{
    const jobspec::Job job = trainerJob(QStringLiteral("launch-never-set"));
    const secrets::SecretResolution resolution = secrets::resolveSecretsBlocking(job);
    QVERIFY(!resolution);
    QCOMPARE(
        resolution.errorMessage,
        QStringLiteral("The secret \"launch-never-set\" (for HF_TOKEN) is not in the keychain."));
    jobspec::Job plain = job;
    plain.local.env.removeLast();
    QVERIFY(secrets::resolveSecretsBlocking(plain));
}

QTEST_GUILESS_MAIN(TestSecretLaunch)
#include "tst_secretlaunch.moc"
