// SPDX-License-Identifier: MIT
// The steps a replica reports, as the restart records read them: explicit steps only, the
// global step first. Lines as the trainers print them (sources in the data tags).
#include "exec/steptracker.h"

#include <QTest>

using trainyard::exec::StepTracker;

class TestStepTracker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lines_data();
    void lines();
    void resumedOrStartedOver();
};

void TestStepTracker::lines_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<qint64>("step"); // -1: no step
    QTest::newRow("key=value (the bundled example)") << QByteArray("step=120 loss=0.5") << 120LL;
    QTest::newRow("parameter-server worker: global step wins")
        << QByteArray("worker-0: step=3 global_step=1200 loss=0.4012") << 1200LL;
    QTest::newRow("JSON Lines logger") << QByteArray(R"({"step": 10, "loss": 0.5})") << 10LL;
    QTest::newRow("dict with global_step")
        << QByteArray("{'global_step': 42, 'loss': 0.25}") << 42LL;
    // transformers 5.x Trainer.log(): no step in the dict, only epoch.
    QTest::newRow("transformers dict: no step")
        << QByteArray("{'loss': '0.6986', 'grad_norm': '0.9392', 'learning_rate': '0.0004889', "
                      "'epoch': '0.08333'}")
        << -1LL;
    // tqdm std.py format_meter: the bar's counter is a position, not a step.
    QTest::newRow("tqdm bar counter")
        << QByteArray("Epoch 1:  50%|###  | 16/32 [00:01<00:01, 16.2it/s, loss=0.512]") << -1LL;
    // TensorFlow estimator's rate line is not a step.
    QTest::newRow("global_step/sec")
        << QByteArray("INFO:tensorflow:global_step/sec: 103.9") << -1LL;
    QTest::newRow("plain text") << QByteArray("Saving checkpoint to /tmp/x") << -1LL;
    QTest::newRow("ms/step in a Keras line")
        << QByteArray("20/20 [====] - 0s 4ms/step - loss: 0.2217") << -1LL;
}

void TestStepTracker::lines()
{
    QFETCH(QByteArray, line);
    QFETCH(qint64, step);
    StepTracker tracker;
    QCOMPARE(tracker.addLine(line.constData(), line.size()), step >= 0);
    QCOMPARE(tracker.lastStep(), step >= 0 ? std::optional<qint64>(step) : std::nullopt);
}

void TestStepTracker::resumedOrStartedOver()
{
    StepTracker tracker;
    for (int s = 1; s <= 50; ++s) {
        const QByteArray line = "step=" + QByteArray::number(s) + " loss=0.1";
        tracker.addLine(line.constData(), line.size());
    }
    QCOMPARE(tracker.firstStep(), std::optional<qint64>(1));
    QCOMPARE(tracker.lastStep(), std::optional<qint64>(50));
    tracker.restarted();
    QVERIFY(!tracker.firstStepOfRun());
    tracker.addStep(41); // restored the checkpoint of step 40
    tracker.addStep(42);
    QCOMPARE(tracker.firstStepOfRun(), std::optional<qint64>(41));
    QCOMPARE(tracker.firstStep(), std::optional<qint64>(1));
    QCOMPARE(tracker.lastStep(), std::optional<qint64>(42));
}

QTEST_GUILESS_MAIN(TestStepTracker)
#include "tst_steptracker.moc"
