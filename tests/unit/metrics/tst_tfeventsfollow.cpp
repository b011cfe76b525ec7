// SPDX-License-Identifier: MIT
// TensorBoard event files followed as a metric source: a file that grows, a backlog, nested runs
// named as TensorBoard names them, overlapping roots, a replaced file, and the format checked both
// ways against tfevents_py.py (standard library only).
#include "common/tfeventswriter.h"
#include "metrics/tfevents/crc32c.h"
#include "metrics/tfevents/eventfilefollower.h"
#include "metrics/tfevents/events.h"
#include "metrics/tfevents/records.h"
#include "tfeventssuite.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace trainyard::metrics::tfevents;
using trainyard::test::TfEventsWriter;
using Enc = TfEventsWriter::Encoding;
using namespace Qt::Literals::StringLiterals;

Q_DECLARE_METATYPE(TfEventsWriter::Encoding)

using namespace tfeventssuite;

namespace {

QString python()
{
    const QString debian = QStringLiteral("/usr/bin/python3");
    return QFile::exists(debian) ? debian : QStandardPaths::findExecutable(u"python3"_s);
}

} // namespace

class TestTfEventsFollow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void growingFileFollowed();
    void backlogReadWithoutWaiting();
    void nestedRunsNamedLikeTensorBoard();
    void runNames_data();
    void runNames();
    void overlappingRootsReadOnce();
    void replacedFileReadAgain();
    void seriesUpdates();
    void pythonWriterReadByUs();
    void ourWriterCheckedByPython();
};

void TestTfEventsFollow::growingFileFollowed()
{
    QTemporaryDir dir;
    EventFileFollower f;
    f.addRoot(dir.path());
    f.setInterval(20);
    f.setRescanInterval(50);
    Collector c(f);
    f.start();
    QVERIFY(f.isActive());

    TfEventsWriter w(eventPath(dir.path() + u"/train"_s));
    for (int step = 0; step < 3; ++step)
        w.scalar(u"loss"_s, step, step, Enc::TensorContent);
    QTRY_COMPARE(int(c.points.size()), 3);
    for (int step = 3; step < 10; ++step) {
        w.scalar(u"loss"_s, step, step, Enc::TensorContent);
        QTest::qWait(5);
    }
    QTRY_COMPARE(int(c.points.size()), 10);
    // A second writer (a new run directory) appears while followed.
    TfEventsWriter w2(eventPath(dir.path() + u"/validation"_s, 1700000500));
    w2.scalar(u"loss"_s, 9, 0.5, Enc::SimpleValue);
    QTRY_COMPARE(int(c.points.size()), 11);
    f.stop();
    QVERIFY(!f.isActive());

    const auto train = c.of(u"train"_s, u"loss"_s);
    QCOMPARE(int(train.size()), 10);
    for (int step = 0; step < 10; ++step)
        QCOMPARE(train[std::size_t(step)].value, double(step)); // in order, none twice
    QCOMPARE(c.of(u"validation"_s, u"loss"_s).size(), std::size_t(1));
}

void TestTfEventsFollow::backlogReadWithoutWaiting()
{
    // One file with a backlog, one with nothing new: the poll is not "caught up", and a started
    // follower reads the backlog in back-to-back ticks, not one per interval.
    QTemporaryDir dir;
    {
        TfEventsWriter big(eventPath(dir.path() + u"/a"_s));
        for (int i = 0; i < 2000; ++i)
            big.scalar(u"loss"_s, i, i);
        TfEventsWriter(eventPath(dir.path() + u"/b"_s));
    }
    EventFileFollower f;
    f.addRoot(dir.path());
    f.setMaxBytesPerTick(1024);
    Collector c(f);
    f.poll();
    QVERIFY(!f.isCaughtUp());
    QVERIFY(c.points.size() < 2000);

    EventFileFollower g;
    g.addRoot(dir.path());
    g.setMaxBytesPerTick(1024);
    g.setInterval(60 * 60 * 1000); // an hour: only back-to-back ticks can finish in time
    Collector d(g);
    g.start();
    QTRY_COMPARE_WITH_TIMEOUT(int(d.points.size()), 2000, 20000);
    QVERIFY(g.isCaughtUp());
    for (int i = 0; i < 2000; ++i)
        QCOMPARE(d.points[std::size_t(i)].step, qint64(i));
}

void TestTfEventsFollow::nestedRunsNamedLikeTensorBoard()
{
    QTemporaryDir dir;
    const QString root = dir.path();
    TfEventsWriter(eventPath(root)).scalar(u"a"_s, 1, 1);
    TfEventsWriter(eventPath(root + u"/train"_s)).scalar(u"epoch_loss"_s, 1, 1);
    TfEventsWriter(eventPath(root + u"/validation"_s)).scalar(u"epoch_loss"_s, 1, 2);
    TfEventsWriter(eventPath(root + u"/trial 3/logs/train"_s))
        .scalar(u"batch/loss"_s, 1, 3, Enc::TensorContent);
    // Two files in one run directory (a restarted writer): one run, both files.
    TfEventsWriter(eventPath(root + u"/train"_s, 1700000999, 1)).scalar(u"epoch_loss"_s, 2, 4);
    // Not an event file.
    writeAll(root + u"/train/checkpoint"_s, QByteArrayLiteral("x"));

    EventFileFollower f;
    f.addRoot(root);
    Collector c(f);
    QCOMPARE(f.poll(), 5);
    QCOMPARE(c.runs(), QStringList({u"."_s, u"train"_s, u"trial 3/logs/train"_s, u"validation"_s}));
    QCOMPARE(f.stats().files, 5);
    QCOMPARE(c.of(u"train"_s, u"epoch_loss"_s).size(), std::size_t(2));
    QCOMPARE(c.of(u"trial 3/logs/train"_s, u"batch/loss"_s).size(), std::size_t(1));
    QCOMPARE(f.runOf(eventPath(root + u"/validation"_s)), u"validation"_s);

    // With a run prefix (TensorBoard's `name`): "<prefix>" for the root, "<prefix>/<dir>" below.
    EventFileFollower g;
    g.addRoot(root + u"/trial 3"_s, u"trial-3/"_s);
    g.addRoot(root + u"/train"_s, u"job"_s);
    Collector d(g);
    g.poll();
    QCOMPARE(d.runs(), QStringList({u"job"_s, u"trial-3/logs/train"_s}));
}

void TestTfEventsFollow::runNames_data()
{
    QTest::addColumn<QString>("root");
    QTest::addColumn<QString>("directory");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("run");
    QTest::newRow("root") << u"/logs"_s << u"/logs"_s << QString() << u"."_s;
    QTest::newRow("root slash") << u"/logs/"_s << u"/logs"_s << QString() << u"."_s;
    QTest::newRow("child") << u"/logs"_s << u"/logs/train"_s << QString() << u"train"_s;
    QTest::newRow("nested") << u"/logs"_s << u"/logs/a/b/c"_s << QString() << u"a/b/c"_s;
    QTest::newRow("prefix root") << u"/j"_s << u"/j"_s << u"t1"_s << u"t1"_s;
    QTest::newRow("prefix child") << u"/j"_s << u"/j/eval"_s << u"t1"_s << u"t1/eval"_s;
}

void TestTfEventsFollow::runNames()
{
    QFETCH(QString, root);
    QFETCH(QString, directory);
    QFETCH(QString, prefix);
    QFETCH(QString, run);
    QCOMPARE(EventFileFollower::runName(root, directory, prefix), run);
    QVERIFY(EventFileFollower::isEventFile(u"/x/events.out.tfevents.1700000000.host.1.0"_s));
    QVERIFY(EventFileFollower::isEventFile(u"events.out.tfevents.1.h.profile-empty"_s));
    QVERIFY(!EventFileFollower::isEventFile(u"/tfevents/checkpoint"_s));
}

void TestTfEventsFollow::overlappingRootsReadOnce()
{
    // AIP_TENSORBOARD_LOG_DIR (<job>/logs) lies inside the job dir: its files are read once.
    QTemporaryDir dir;
    TfEventsWriter(eventPath(dir.path() + u"/logs"_s)).scalar(u"loss"_s, 1, 1);
    EventFileFollower f;
    f.addRoot(dir.path() + u"/logs"_s);
    f.addRoot(dir.path());
    f.addRoot(dir.path() + u"/does-not-exist-yet"_s);
    Collector c(f);
    QCOMPARE(f.poll(), 1);
    QCOMPARE(c.points[0].run, u"."_s); // named for the root added first
    QCOMPARE(f.files().size(), 1);
}

void TestTfEventsFollow::replacedFileReadAgain()
{
    QTemporaryDir dir;
    const QString path = eventPath(dir.path());
    {
        TfEventsWriter w(path);
        for (int i = 0; i < 5; ++i)
            w.scalar(u"loss"_s, i, i);
    }
    EventFileFollower f;
    f.addRoot(dir.path());
    Collector c(f);
    QSignalSpy reset(&f, &EventFileFollower::fileReset);
    QCOMPARE(f.poll(), 5);
    {
        TfEventsWriter w(path); // truncates: a shorter file
        w.scalar(u"loss"_s, 0, 42);
    }
    QCOMPARE(f.poll(), 1);
    QCOMPARE(reset.count(), 1);
    QCOMPARE(c.points.back().value, 42.0);
}

void TestTfEventsFollow::seriesUpdates()
{
    ScalarPoints points{{u"train"_s, u"loss"_s, 1, 1700000000.5, 0.5},
                        {u"eval"_s, u"loss"_s, 1, 1700000001.0, 0.7},
                        {u"train"_s, u"loss"_s, 2, 1700000002.0, 0.4}};
    const auto updates = toSeriesUpdates(points, u"tb:"_s);
    QCOMPARE(updates.size(), 2);
    QCOMPARE(updates[0].metric, u"loss"_s);
    QCOMPARE(updates[0].source, u"tb:train"_s);
    QCOMPARE(updates[0].points.size(), 2);
    QCOMPARE(updates[0].points[0].wallMs, qint64(1700000000500));
    QCOMPARE(updates[0].points[1].step, 2.0);
    QCOMPARE(updates[1].source, u"tb:eval"_s);
}

void TestTfEventsFollow::pythonWriterReadByUs()
{
    const QString py = python();
    if (py.isEmpty())
        QSKIP("no python3");
    QTemporaryDir dir;
    const QString path = eventPath(dir.path() + u"/py"_s);
    QDir().mkpath(dir.path() + u"/py"_s);
    QProcess p;
    p.start(py, {QStringLiteral(TRAINYARD_SOURCE_DIR "/tests/unit/metrics/tfevents_py.py"),
                 u"write"_s, path});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    EventFileFollower f;
    f.addRoot(dir.path());
    Collector c(f);
    QCOMPARE(f.poll(), 10);
    const auto simple = c.of(u"py"_s, u"py/simple"_s);
    const auto tensor = c.of(u"py"_s, u"py/tensor"_s);
    QCOMPARE(int(simple.size()), 5);
    QCOMPARE(int(tensor.size()), 5);
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(simple[std::size_t(i)].value, i * 0.5);
        QCOMPARE(tensor[std::size_t(i)].value, i * 0.25);
        QCOMPARE(tensor[std::size_t(i)].wallTime, 1700000000.5 + i);
    }
    QCOMPARE(f.stats().corruptRecords, qint64(0));
}

void TestTfEventsFollow::ourWriterCheckedByPython()
{
    const QString py = python();
    if (py.isEmpty())
        QSKIP("no python3");
    QTemporaryDir dir;
    const QString path = eventPath(dir.path());
    {
        TfEventsWriter w(path);
        for (int i = 0; i < 7; ++i)
            w.scalar(u"loss"_s, i, i, i % 2 ? Enc::TensorContent : Enc::SimpleValue);
    }
    QProcess p;
    p.start(py, {QStringLiteral(TRAINYARD_SOURCE_DIR "/tests/unit/metrics/tfevents_py.py"),
                 u"check"_s, path});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    QCOMPARE(p.readAllStandardOutput().trimmed(),
             QByteArrayLiteral("records=8 first=brain.Event:2"));
}

QTEST_GUILESS_MAIN(TestTfEventsFollow)
#include "tst_tfeventsfollow.moc"
