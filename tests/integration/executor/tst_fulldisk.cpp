// SPDX-License-Identifier: MIT
// Issue 13: a full disk. The store is a 20 MB tmpfs (mounted in a private mount namespace of
// this test process, so nothing outside sees it) that a trainer fills. The job must still end
// SUCCEEDED with state.json and run.json intact, `local train` must return, a new job onto
// the full disk must fail at once saying so, and after space is freed every job reads back
// with its true state. Also the store's writes one by one: a write that does not fit keeps the
// old file.
#include "exec/runsettings.h"
#include "store/atomicwrite.h"
#include "store/jobstore.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <cstring>
#include <sched.h>
#include <sys/mount.h>

using namespace trainyard;
using namespace trainyard::testing;
using store::JobStatus;

class TestFullDisk : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void writeThatDoesNotFitKeepsTheOldFile();
    void trainerFillingTheStoreKeepsItsOutcome();

private:
    // Fills the tmpfs to the last byte.
    void fill(const QString &name);

    QTemporaryDir m_tmp;
    QString m_mount;
    QString m_mountError; // why no tmpfs could be mounted
};

void TestFullDisk::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_mount = m_tmp.filePath(QStringLiteral("tmpfs"));
    QVERIFY(QDir().mkpath(m_mount));
    // A mount namespace of our own (children inherit it), private so nothing propagates out.
    if (::unshare(CLONE_NEWNS) != 0) {
        m_mountError = QStringLiteral("unshare(CLONE_NEWNS): %1")
                           .arg(QString::fromLocal8Bit(std::strerror(errno)));
        return;
    }
    if (::mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
        ::mount("tmpfs", QFile::encodeName(m_mount).constData(), "tmpfs", 0, "size=20m") != 0)
        m_mountError = QStringLiteral("mount -t tmpfs: %1")
                           .arg(QString::fromLocal8Bit(std::strerror(errno)));
}

void TestFullDisk::cleanupTestCase()
{
    if (m_mountError.isEmpty())
        ::umount2(QFile::encodeName(m_mount).constData(), MNT_DETACH);
}

void TestFullDisk::fill(const QString &name)
{
    QFile file(m_mount + QLatin1Char('/') + name);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Unbuffered));
    const QByteArray block(64 * 1024, 'x');
    while (file.write(block) == block.size()) {
    }
    while (file.write("y", 1) == 1) {
    }
}

void TestFullDisk::writeThatDoesNotFitKeepsTheOldFile()
{
    if (!m_mountError.isEmpty())
        QSKIP(qPrintable(QStringLiteral("the kernel refuses a private tmpfs: ") + m_mountError));
    const QString target = m_mount + QStringLiteral("/state-like.json");
    QVERIFY(store::writeFileAtomically(target, QByteArray("{\"good\": true}\n")));
    fill(QStringLiteral("filler"));
    const store::WriteResult full =
        store::writeFileAtomically(target, QByteArray(256 * 1024, 'n'));
    QVERIFY(!full);
    QVERIFY(full.diskFull());
    QCOMPARE(full.errorMessage, QStringLiteral("no space left on device: ") + target);
    QFile read(target);
    QVERIFY(read.open(QIODevice::ReadOnly));
    QCOMPARE(read.readAll(), QByteArray("{\"good\": true}\n"));
    // No temporary file is left behind.
    QCOMPARE(QDir(m_mount).entryList({QStringLiteral("state-like.json*")}, QDir::Files).size(), 1);
    QVERIFY(QFile::remove(m_mount + QStringLiteral("/filler")));
    QVERIFY(QFile::remove(target));
}

void TestFullDisk::trainerFillingTheStoreKeepsItsOutcome()
{
    if (!m_mountError.isEmpty())
        QSKIP(qPrintable(QStringLiteral("the kernel refuses a private tmpfs: ") + m_mountError));
    if (!QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
        QSKIP("needs /usr/bin/python3");
    const QString home = m_mount + QStringLiteral("/store");
    const QString fillDir = m_mount + QStringLiteral("/fill");
    QVERIFY(QDir().mkpath(home));
    // The trainer fills the store's file system, logs on, and exits 0.
    const CliRun run = runCli(
        home,
        {QStringLiteral("local"), QStringLiteral("train"), QStringLiteral("--module-name"),
         QStringLiteral("fixtrainer.diskfill"), QStringLiteral("--package-path"), fixturePackage(),
         QStringLiteral("--job-dir"), m_tmp.filePath(QStringLiteral("out")), QStringLiteral("--"),
         QStringLiteral("--fill-dir"), fillDir},
        60000);
    QVERIFY2(run.finished, "local train hung on the full disk");
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.err.contains("SUCCEEDED"), run.err.constData());

    store::JobStore store(home);
    const QStringList ids = store.ids();
    QCOMPARE(ids.size(), 1);
    const QString jobId = ids.first();
    const store::StateReadResult read = store.readState(jobId);
    QVERIFY2(read, qPrintable(read.errorMessage));
    QCOMPARE(read.state.state, JobStatus::Succeeded);
    exec::RunSettings settings;
    QCOMPARE(exec::readRunSettings(store, jobId, &settings), QString());
    // The log holds whole records only: the last line is complete.
    const QStringList logs = QDir(store.logsDir(jobId)).entryList(QDir::Files);
    QCOMPARE(logs.size(), 1);
    QFile log(store.logsDir(jobId) + QLatin1Char('/') + logs.first());
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QByteArray logBytes = log.readAll();
    QVERIFY(logBytes.isEmpty() || logBytes.endsWith('\n'));

    // A new job onto the full disk fails at once, saying why.
    const CliRun second = runCli(
        home,
        {QStringLiteral("local"), QStringLiteral("train"), QStringLiteral("--module-name"),
         QStringLiteral("fixtrainer.sleeper"), QStringLiteral("--package-path"), fixturePackage(),
         QStringLiteral("--job-dir"), m_tmp.filePath(QStringLiteral("out2"))},
        30000);
    QVERIFY2(second.finished, "a job onto the full disk hung");
    QVERIFY(second.exitCode != 0);
    QVERIFY2(second.err.contains("no space left on device"), second.err.constData());
    QVERIFY2(!second.err.contains("started"), second.err.constData());
    QCOMPARE(store.ids().size(), 1);

    // Space freed: every job reads back with its true state.
    QVERIFY(QDir(fillDir).removeRecursively());
    const CliRun list = runCli(home, {QStringLiteral("jobs"), QStringLiteral("list")});
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.contains(jobId.toUtf8()) && list.out.contains("SUCCEEDED"),
             list.out.constData());
}

QTEST_GUILESS_MAIN(TestFullDisk)
#include "tst_fulldisk.moc"
