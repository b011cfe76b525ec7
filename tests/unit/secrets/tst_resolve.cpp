// SPDX-License-Identifier: MIT
// Resolving a job's secret references at launch against a REAL secret service.
#include "cloud/keychain/resolve.h"
#include "cloud/keychain/secretsync.h"
#include "exec/environment.h"
#include "service/layout.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard;
using namespace trainyard::secrets;

namespace {

QString uniqueName(const char *base)
{
    static const QString run = QString::number(QCoreApplication::applicationPid());
    return QStringLiteral("resolve-") + run + QLatin1Char('-') + QLatin1String(base);
}

jobspec::EnvVar literal(const QString &name, const QString &value)
{
    return jobspec::EnvVar{name, value, QString()};
}

jobspec::EnvVar secretVar(const QString &name, const QString &secret)
{
    return jobspec::EnvVar{name, QString(), secret};
}

} // namespace

class TestResolve : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void references();
    void resolvesEverySecret();
    void missingSecretIsNamed_data();
    void missingSecretIsNamed();
    void resolutionFeedsTheMasker();
    void shortValueIsReported();

private:
    QTemporaryDir m_dir;
    QString namesFile() const { return m_dir.filePath(QStringLiteral("secret-names")); }
    QString m_hf;
    QString m_wandb;
    QString m_short;
};

void TestResolve::initTestCase()
{
    QVERIFY2(!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"),
             "needs a session bus with an unlocked secret service (scripts/run-tests.sh)");
    m_hf = uniqueName("hf");
    m_wandb = uniqueName("wandb");
    m_short = uniqueName("short");
    SecretResult r = writeSecretBlocking(m_hf, QStringLiteral("hf_resolve_value_1"), namesFile());
    QVERIFY2(r, qPrintable(r.errorString));
    r = writeSecretBlocking(m_wandb, QStringLiteral("wandb-resolve-value-2"), namesFile());
    QVERIFY2(r, qPrintable(r.errorString));
    r = writeSecretBlocking(m_short, QStringLiteral("ab"), namesFile());
    QVERIFY2(r, qPrintable(r.errorString));
}

void TestResolve::cleanupTestCase()
{
    for (const QString &name : {m_hf, m_wandb, m_short})
        removeSecretBlocking(name, namesFile());
}

void TestResolve::references()
{
    jobspec::Job job;
    job.local.env = {literal(QStringLiteral("A"), QStringLiteral("1")),
                     secretVar(QStringLiteral("HF_TOKEN"), QStringLiteral("hf")),
                     secretVar(QStringLiteral("WANDB_API_KEY"), QStringLiteral("wandb")),
                     secretVar(QStringLiteral("HUGGING_FACE_HUB_TOKEN"), QStringLiteral("hf"))};
    const QList<SecretReference> refs = secretReferences(job);
    QCOMPARE(refs.size(), 2);
    QCOMPARE(refs.at(0).secret, QStringLiteral("hf"));
    QCOMPARE(refs.at(0).variables,
             (QStringList{QStringLiteral("HF_TOKEN"), QStringLiteral("HUGGING_FACE_HUB_TOKEN")}));
    QCOMPARE(refs.at(1).secret, QStringLiteral("wandb"));
}

void TestResolve::resolvesEverySecret()
{
    jobspec::Job job;
    job.local.env = {secretVar(QStringLiteral("HF_TOKEN"), m_hf),
                     secretVar(QStringLiteral("WANDB_API_KEY"), m_wandb),
                     literal(QStringLiteral("PLAIN"), QStringLiteral("x"))};
    JobSecretResolver resolver;
    QSignalSpy finished(&resolver, &JobSecretResolver::finished);
    resolver.start(job);
    QVERIFY(resolver.isRunning());
    QVERIFY(finished.wait(20000));
    QCOMPARE(finished.size(), 1);
    const SecretResolution r = finished.takeFirst().at(0).value<SecretResolution>();
    QVERIFY2(r, qPrintable(r.errorMessage));
    QCOMPARE(r.values.value(m_hf), QStringLiteral("hf_resolve_value_1"));
    QCOMPARE(r.values.value(m_wandb), QStringLiteral("wandb-resolve-value-2"));
    const secrets::SecretResolver fn = r.resolver();
    QCOMPARE(fn(m_hf), std::optional<QString>(QStringLiteral("hf_resolve_value_1")));
    QCOMPARE(fn(QStringLiteral("unknown")), std::nullopt);
}

void TestResolve::missingSecretIsNamed_data()
{
    QTest::addColumn<QStringList>("secrets"); // referenced, in spec order ("hf" = present)
    QTest::addColumn<QStringList>("failed");
    QTest::addColumn<QString>("message");
    QTest::newRow("one missing") << QStringList{QStringLiteral("gone")}
                                 << QStringList{QStringLiteral("gone")}
                                 << QStringLiteral(
                                        "The secret \"gone\" (for VAR0) is not in the keychain.");
    QTest::newRow("present and missing")
        << QStringList{QStringLiteral("hf"), QStringLiteral("gone")}
        << QStringList{QStringLiteral("gone")}
        << QStringLiteral("The secret \"gone\" (for VAR1) is not in the keychain.");
    QTest::newRow("two missing, spec order")
        << QStringList{QStringLiteral("zz-gone"), QStringLiteral("aa-gone")}
        << QStringList{QStringLiteral("zz-gone"), QStringLiteral("aa-gone")}
        << QStringLiteral("The secret \"zz-gone\" (for VAR0) is not in the keychain.\n"
                          "The secret \"aa-gone\" (for VAR1) is not in the keychain.");
    QTest::newRow("invalid name") << QStringList{QStringLiteral("no such")}
                                  << QStringList{QStringLiteral("no such")}
                                  << QStringLiteral(
                                         "The secret name \"no such\" (for VAR0) is not valid. ") +
                                         SecretStore::nameRule();
}

void TestResolve::missingSecretIsNamed()
{
    QFETCH(QStringList, secrets);
    QFETCH(QStringList, failed);
    QFETCH(QString, message);
    jobspec::Job job;
    for (qsizetype i = 0; i < secrets.size(); ++i) {
        const QString secret = secrets.at(i) == QLatin1String("hf") ? m_hf : secrets.at(i);
        job.local.env.append(secretVar(QStringLiteral("VAR%1").arg(i), secret));
    }
    const SecretResolution r = resolveSecretsBlocking(job);
    QVERIFY(!r);
    QCOMPARE(r.failedSecrets, failed);
    QCOMPARE(r.errorMessage, message);
}

void TestResolve::resolutionFeedsTheMasker()
{
    jobspec::Job job;
    job.local.env = {secretVar(QStringLiteral("HF_TOKEN"), m_hf)};
    const SecretResolution r = resolveSecretsBlocking(job);
    QVERIFY2(r, qPrintable(r.errorMessage));
    const Masker masker = r.masker();
    QCOMPARE(masker.masked("token: hf_resolve_value_1"), "token: " + Masker::replacement(m_hf));
}

void TestResolve::shortValueIsReported()
{
    jobspec::Job job;
    job.local.env = {secretVar(QStringLiteral("PIN"), m_short)};
    const SecretResolution r = resolveSecretsBlocking(job);
    QVERIFY2(r, qPrintable(r.errorMessage));
    QCOMPARE(r.shortSecrets, QStringList{m_short});
    QVERIFY(r.masker().isEmpty());
}

QTEST_GUILESS_MAIN(TestResolve)
#include "tst_resolve.moc"
