// SPDX-License-Identifier: MIT
// Issue 21: every store file through the checked atomic write, with the OS reason in errors.
// fsync is made to fail (EIO) through the write's injectable sync call: the old file must stay
// and no temporary be left (removing the fsync or its check from the write fails these tests).
// The metric store's progress.json goes the same way; a log that cannot be written says why;
// the free-space floor for a new job scales with the file system.
#include "logs/logwriter.h"
#include "metrics/metricstore.h"
#include "store/atomicwrite.h"
#include "store/jobstore.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

using namespace trainyard;

namespace {

std::atomic<int> syncCalls{0}; // the batch writer syncs from several threads

int failingSync(int)
{
    ++syncCalls;
    errno = EIO;
    return -1;
}

// Fails the first sync only (whichever file of a batch that is), like a disk failing once.
int failingOnce(int fd)
{
    if (syncCalls++ == 0) {
        errno = EIO;
        return -1;
    }
    return ::fsync(fd);
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Restores fsync(2) at the end of a test, whatever happens.
struct FailingSync
{
    explicit FailingSync(store::SyncFunction sync = &failingSync)
    {
        syncCalls = 0;
        store::setSyncFunctionForTesting(sync);
    }
    ~FailingSync() { store::setSyncFunctionForTesting(nullptr); }
};

} // namespace

class TestStoreWrites : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fsyncFailureKeepsTheOldFile();
    void fsyncFailureLeavesNoNewFile();
    void durabilityDecidesWhatIsSynced();
    void newJobIsSyncedAndHoldsItsReserve();
    void batchReplacesAllOrNothing();
    void progressFileIsCheckedAndSynced();
    void logWriteFailureNamesTheOsReason();
    void spaceFloorScalesWithTheFileSystem();
    void newJobAllowedWithRoom();
};

void TestStoreWrites::fsyncFailureKeepsTheOldFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("state.json"));
    QVERIFY(store::writeFileAtomically(path, "old contents"));
    {
        const FailingSync failing;
        const store::WriteResult r = store::writeFileAtomically(path, "new contents");
        QVERIFY(!r);
        QCOMPARE(r.error, EIO);
        QVERIFY2(r.errorMessage.contains(QLatin1String("Input/output error")),
                 qPrintable(r.errorMessage));
        QVERIFY(r.errorMessage.contains(path));
        QCOMPARE(syncCalls.load(), 1);
    }
    QCOMPARE(readAll(path), QByteArray("old contents"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("state.json")}); // no temporary left
    // fsync works again: the write goes through.
    QVERIFY(store::writeFileAtomically(path, "new contents"));
    QCOMPARE(readAll(path), QByteArray("new contents"));
}

void TestStoreWrites::fsyncFailureLeavesNoNewFile()
{
    QTemporaryDir dir;
    const FailingSync failing;
    QVERIFY(!store::writeFileAtomically(dir.filePath(QStringLiteral("config.yaml")), "x"));
    QVERIFY(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).isEmpty());
}

void TestStoreWrites::progressFileIsCheckedAndSynced()
{
    // Before: progress.json was written with an unchecked QSaveFile (0 bytes on a full disk).
    QTemporaryDir dir;
    metrics::StoreProgress progress;
    progress.logOffsets.insert(QStringLiteral("chief-0"), 100);
    progress.valid = true;
    QString error;
    QVERIFY2(progress.save(dir.path(), &error), qPrintable(error));
    const QByteArray before = readAll(dir.filePath(QStringLiteral("progress.json")));
    QVERIFY(!before.isEmpty());
    progress.logOffsets.insert(QStringLiteral("chief-0"), 200);
    {
        const FailingSync failing;
        QVERIFY(!progress.save(dir.path(), &error));
        QCOMPARE(syncCalls.load(), 1);
    }
    QVERIFY2(error.contains(QLatin1String("Input/output error")), qPrintable(error));
    QCOMPARE(readAll(dir.filePath(QStringLiteral("progress.json"))), before);
    QCOMPARE(metrics::StoreProgress::load(dir.path()).logOffsets.value(QStringLiteral("chief-0")),
             qint64(100));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("progress.json")});
}

void TestStoreWrites::logWriteFailureNamesTheOsReason()
{
    // /dev/full: every write fails with ENOSPC, as on a full disk.
    if (!QFile::exists(QStringLiteral("/dev/full")))
        QSKIP("needs /dev/full");
    logs::LogWriter writer;
    QVERIFY(writer.open(QStringLiteral("/dev/full")));
    QSignalSpy failed(&writer, &logs::LogWriter::writeFailed);
    writer.append(1, logs::Stream::Stdout, logs::Severity::Info, false, "one", 3);
    QVERIFY(!writer.flush());
    QCOMPARE(failed.count(), 1);
    const QString message = failed.first().first().toString();
    QVERIFY2(message.contains(QLatin1String("No space left on device")), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1String("Unknown error")), qPrintable(message));
    // Stopped for good: later records are dropped and counted, not written after the note.
    writer.append(2, logs::Stream::Stdout, logs::Severity::Info, false, "two", 3);
    QVERIFY(!writer.flush());
    QCOMPARE(writer.recordsDropped(), qint64(2));
    QCOMPARE(failed.count(), 1);
}

// Durable and ContentOnly writes sync the file before the rename (a failing sync keeps the old
// bytes); RuntimeOnly files (port reservations) are replaced without any sync.
void TestStoreWrites::durabilityDecidesWhatIsSynced()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("f"));
    QVERIFY(store::writeFileAtomically(path, "old"));
    for (const store::Durability durability :
         {store::Durability::Durable, store::Durability::ContentOnly}) {
        const FailingSync failing;
        QVERIFY(!store::writeFileAtomically(path, "new", 0644, durability));
        QCOMPARE(syncCalls.load(), 1);
        QCOMPARE(readAll(path), QByteArray("old"));
    }
    {
        const FailingSync failing;
        QVERIFY(store::writeFileAtomically(path, "new", 0644, store::Durability::RuntimeOnly));
        QCOMPARE(syncCalls.load(), 0);
    }
    QCOMPARE(readAll(path), QByteArray("new"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("f")});
}

// A new job's config.yaml and state.json are synced (a failing sync leaves no job behind), and
// its space reserve is allocated on disk, not a sparse file.
void TestStoreWrites::newJobIsSyncedAndHoldsItsReserve()
{
    QTemporaryDir dir;
    store::JobStore jobs(dir.path());
    {
        const FailingSync failing;
        const store::StoreResult created = jobs.createJob(QStringLiteral("j"), "jobId: j\n");
        QVERIFY(!created);
        QVERIFY2(created.errorMessage.contains(QLatin1String("Input/output error")),
                 qPrintable(created.errorMessage));
        QCOMPARE(syncCalls.load(), 2); // config.yaml and state.json, side by side
    }
    QVERIFY(!jobs.contains(QStringLiteral("j")));
    QVERIFY(jobs.createJob(QStringLiteral("j"), "jobId: j\n"));
    QVERIFY(jobs.readState(QStringLiteral("j")));
    struct stat st = {};
    QCOMPARE(::stat(QFile::encodeName(jobs.spaceReservePath(QStringLiteral("j"))).constData(), &st),
             0);
    QCOMPARE(qint64(st.st_size), qint64(store::JobStore::SpaceReserveBytes));
    QVERIFY2(qint64(st.st_blocks) * 512 >= store::JobStore::SpaceReserveBytes,
             qPrintable(QString::number(qint64(st.st_blocks) * 512)));
}

// The files of a batch are synced side by side; one failed sync replaces none of them.
void TestStoreWrites::batchReplacesAllOrNothing()
{
    QTemporaryDir dir;
    QList<store::FileContent> files;
    for (const char *name : {"a", "b", "c"}) {
        const QString path = dir.filePath(QLatin1String(name));
        QVERIFY(store::writeFileAtomically(path, "old"));
        files.append({path, QByteArray("new ") + name});
    }
    {
        const FailingSync failing(&failingOnce);
        const store::WriteResult written =
            store::writeFilesAtomically(files, 0644, store::Durability::ContentOnly);
        QVERIFY(!written);
        QCOMPARE(written.error, EIO);
        QCOMPARE(syncCalls.load(), 3);
    }
    for (const store::FileContent &file : std::as_const(files))
        QCOMPARE(readAll(file.path), QByteArray("old"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
    QVERIFY(store::writeFilesAtomically(files, 0644, store::Durability::ContentOnly));
    for (const store::FileContent &file : std::as_const(files))
        QCOMPARE(readAll(file.path), file.bytes);
}

void TestStoreWrites::spaceFloorScalesWithTheFileSystem()
{
    QCOMPARE(store::newJobSpaceFloor(20 * 1000 * 1000), qint64(200 * 1000)); // 1 %
    QCOMPARE(store::newJobSpaceFloor(qint64(50) * 1000 * 1000 * 1000), qint64(500) * 1000 * 1000);
    QCOMPARE(store::newJobSpaceFloor(qint64(4) * 1000 * 1000 * 1000 * 1000),
             qint64(1000) * 1000 * 1000); // at most 1 GB
}

void TestStoreWrites::newJobAllowedWithRoom()
{
    // The refusal itself on a nearly full tmpfs is tst_fulldisk's; here the message of a store
    // whose file system is known to have room.
    QTemporaryDir dir;
    QCOMPARE(store::checkSpaceForNewJob(dir.path()), QString());
}

QTEST_GUILESS_MAIN(TestStoreWrites)
#include "tst_storewrites.moc"
