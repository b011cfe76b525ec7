// SPDX-License-Identifier: MIT
// The built-in metric forms on real trainer output (tests/fixtures/metrics, README there names
// each sample's tool, version and source): the exact series and values a log gives, the x
// position of each point, progress bar redraws counted once, and no series from the lines that
// report the environment.
#include "logs/linesplitter.h"
#include "metrics/extract.h"

#include <QFile>
#include <QMap>
#include <QTest>
#include <charconv>
#include <cmath>

using namespace trainyard::metrics;

namespace {

QString shortest(double v)
{
    if (std::isnan(v))
        return QStringLiteral("nan");
    char buffer[64];
    const std::to_chars_result r = std::to_chars(buffer, buffer + sizeof buffer, v);
    return QString::fromLatin1(buffer, int(r.ptr - buffer));
}

// The series a log's lines give, as the recorder stores them: "name: x=value x=value ...",
// one line per series in name order; a point without a step is numbered within its series.
QString seriesOf(const QByteArray &bytes)
{
    trainyard::logs::LineSplitter splitter;
    QList<trainyard::logs::Line> lines = splitter.feed(bytes);
    lines += splitter.flush();
    LogLineState state;
    LineScan scan;
    std::vector<LogLineState::Point> points;
    QMap<QString, QStringList> series;
    for (const trainyard::logs::Line &line : std::as_const(lines)) {
        MetricExtractor::scanBuiltIn(line.bytes.constData(), line.bytes.size(), &scan);
        points.clear();
        state.take(scan, &points);
        for (const LogLineState::Point &p : points) {
            QStringList &s = series[QString::fromUtf8(p.name, p.size)];
            const double x = p.step < 0 ? double(s.size()) : p.step;
            s << shortest(x) + QLatin1Char('=') + shortest(p.value);
        }
    }
    QStringList out;
    for (auto it = series.cbegin(); it != series.cend(); ++it)
        out << it.key() + QStringLiteral(": ") + it.value().join(QLatin1Char(' '));
    return out.join(QLatin1Char('\n'));
}

QByteArray fixture(const QString &name)
{
    QFile file(QStringLiteral(TRAINYARD_FIXTURES_DIR "/metrics/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

} // namespace

class TestTrainerForms : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void trainerSamples_data();
    void trainerSamples();
    void lines_data();
    void lines();
    void barRedrawsAreNotMeasurements();
};

void TestTrainerForms::trainerSamples_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("expected");

    QTest::newRow("transformers 4.x dicts")
        << QStringLiteral("transformers-4.x-dicts.txt")
        << QStringLiteral("epoch: 0=0.25 1=0.5 2=0.75 3=1\n"
                          "grad_norm: 0=37.657958984375 1=17.54932403564453 2=14.871335983276367 "
                          "3=10.582595825195312\n"
                          "learning_rate: 0=4.5833333333333334e-05 1=4.166666666666667e-05 "
                          "2=3.7500000000000003e-05 3=3.3333333333333335e-05\n"
                          "loss: 0=2.119 1=1.6462 2=1.5798 3=1.6039");
    // The training bar counts global steps: the dicts written between its redraws go there.
    QTest::newRow("transformers 4.x bar and dicts")
        << QStringLiteral("transformers-4.x-bar-and-dicts.txt")
        << QStringLiteral("epoch: 0=0.98 2087=0.98 2088=0.98\n"
                          "train_step_runtime: 0=0.6309 2087=0.641 2088=0.6355\n"
                          "train_step_samples_per_second: 0=57.063 2087=56.162 2088=56.652");
    QTest::newRow("transformers 5.x quoted numbers")
        << QStringLiteral("transformers-5.x-dicts.txt")
        << QStringLiteral("epoch: 0=0.08333 1=1\n"
                          "eval_loss: 0=0.6536\n"
                          "eval_runtime: 0=0.0621\n"
                          "grad_norm: 0=0.9392\n"
                          "learning_rate: 0=0.0004889\n"
                          "loss: 0=0.6986");
    // Epoch 3 of bars of 32 steps, at 32/32: global step 128; v_num is not a metric.
    QTest::newRow("lightning 2.6.6 rich tail")
        << QStringLiteral("lightning-2.6.6-rich-tail.txt")
        << QStringLiteral("train_loss: 128=0.619\nval_acc: 128=0.727\nval_loss: 128=0.602");
    QTest::newRow("lightning rich columns (rich 13.3.1), time column wrapped")
        << QStringLiteral("lightning-rich-columns-rich-13.3.1.txt")
        << QStringLiteral("train_loss: 128=0.573\nval_acc: 128=0.72\nval_loss: 128=0.6");
    QTest::newRow("lightning environment lines give nothing")
        << QStringLiteral("lightning-environment.txt") << QString();
    QTest::newRow("public lightning bars") << QStringLiteral("lightning-bars-public.txt")
                                           << QStringLiteral("consumed_samples: 794=1630000\n"
                                                             "loss: 794=3.1\n"
                                                             "reduced_train_loss: 794=3.09\n"
                                                             "train_loss: 5072=10.416");
    // A postfix repeated by the next redraws (and by the next epoch's first) is one point; x is
    // epoch * total + n.
    QTest::newRow("tqdm 4.64.1 postfix")
        << QStringLiteral("tqdm-4.64.1-postfix.txt")
        << QStringLiteral("acc: 0=0.51 1=0.62 2=0.7 3=0.74 5=0.81 6=0.85 7=0.91\n"
                          "loss: 0=0.912 1=0.801 2=0.65 3=0.512 5=0.438 6=0.401 7=0.379");
    // 8 training steps in 2 epochs, 2 validations: 8 train_loss points, 2 val_loss points.
    QTest::newRow("lightning tqdm bars (tqdm 4.64.1)")
        << QStringLiteral("lightning-tqdm-order-tqdm-4.64.1.txt")
        << QStringLiteral("train_loss: 1=0.693 2=0.67 3=0.653 4=0.649 5=0.64 6=0.638 7=0.63 "
                          "8=0.619\n"
                          "val_acc: 4=0.625 8=0.727\n"
                          "val_loss: 4=0.661 8=0.602");
}

void TestTrainerForms::trainerSamples()
{
    QFETCH(QString, file);
    QFETCH(QString, expected);
    QCOMPARE(seriesOf(fixture(file)), expected);
}

void TestTrainerForms::lines_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("expected");

    // JSON Lines of a trainer's own logger: step gives x; lists, objects, booleans, text skipped.
    QTest::newRow("json line") << QByteArray(R"({"step": 10, "loss": 0.5})")
                               << QStringLiteral("loss: 10=0.5");
    QTest::newRow("json line, non-numeric skipped")
        << QByteArray(R"({"global_step": 20, "loss": 0.25, "lr": 1e-3, "tags": ["a", "b"], )"
                      R"("cfg": {"x": 1}, "ok": true, "name": "run", "none": null, "epoch": 2})")
        << QStringLiteral("epoch: 20=2\nloss: 20=0.25\nlr: 20=0.001");
    QTest::newRow("python dict, tensor and numpy values")
        << QByteArray("{'loss': tensor(0.5000, device='cuda:0'), 'acc': np.float64(0.75), 'n': 3}")
        << QStringLiteral("acc: 0=0.75\nn: 0=3");
    QTest::newRow("dict with NaN spellings")
        << QByteArray(R"({"a": NaN, "b": Infinity, "c": -Infinity, 'd': nan, 'e': 'NAN'})")
        << QStringLiteral("a: 0=nan\nb: 0=inf\nc: 0=-inf\nd: 0=nan\ne: 0=nan");
    QTest::newRow("not a dict") << QByteArray("{loss: 0.5}") << QString();
    QTest::newRow("broken dict") << QByteArray("{'loss': 0.5") << QString();
    QTest::newRow("tqdm without total") << QByteArray("epoch 2: 12it [00:01, 11.50it/s, loss=0.25]")
                                        << QStringLiteral("loss: 12=0.25");
    QTest::newRow("tqdm seconds per iteration and NaN")
        << QByteArray("Epoch 1:  50%|#####     | 5/10 [00:10<00:10,  2.00s/it, loss=NaN, v_num=3]")
        << QStringLiteral("loss: 15=nan");
    // issue 21: NaN spellings in metric lines
    QTest::newRow("loss=NaN") << QByteArray("loss=NaN") << QStringLiteral("loss: 0=nan");
    QTest::newRow("loss: NaN") << QByteArray("loss: NaN") << QStringLiteral("loss: 0=nan");
    QTest::newRow("NAN") << QByteArray("step=3 loss=NAN acc=0.5")
                         << QStringLiteral("acc: 3=0.5\nloss: 3=nan");
    QTest::newRow("keras NaN") << QByteArray("5/5 - 1s - loss: NaN - acc: nan")
                               << QStringLiteral("acc: 0=nan\nloss: 0=nan");
    // Keras keeps working, ETA included.
    QTest::newRow("keras eta")
        << QByteArray(
               " 5/20 [======>.......................] - ETA: 0s - loss: 0.5000 - accuracy: 0.9000")
        << QStringLiteral("accuracy: 0=0.9\nloss: 0=0.5");
    QTest::newRow("keras 3") << QByteArray(
                                    "20/20 \xe2\x94\x81\xe2\x94\x81\xe2\x94\x81 0s 2ms/step - "
                                    "accuracy: 0.9000 - loss: 0.1200")
                             << QStringLiteral("accuracy: 0=0.9\nloss: 0=0.12");
    // The environment: nothing.
    QTest::newRow("LOCAL_RANK") << QByteArray("LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]")
                                << QString();
    QTest::newRow("GPU available")
        << QByteArray("GPU available: True (cuda), used: True") << QString();
    QTest::newRow("Seed") << QByteArray("Seed set to 0") << QString();
    QTest::newRow("rich summary") << QByteArray("Total estimated model params size (MB): 538")
                                  << QString();
    QTest::newRow("plain bar, no metric")
        << QByteArray("100%|##########| 97.8M/97.8M [00:09<00:00, 10.3MB/s]") << QString();
}

void TestTrainerForms::lines()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, expected);
    QCOMPARE(seriesOf(line + '\n'), expected);
}

void TestTrainerForms::barRedrawsAreNotMeasurements()
{
    // 50 redraws of one bar per step (tqdm redraws on every update) over 3 steps: 3 points, and
    // a metric that does not change between validations stays one point.
    QByteArray log;
    for (int step = 1; step <= 3; ++step) {
        for (int redraw = 0; redraw < 50; ++redraw) {
            log += "\rEpoch 0:  10%|#         | " + QByteArray::number(step) +
                   "/30 [00:01<00:09, 3.00it/s, v_num=0, train_loss=0." + QByteArray::number(step) +
                   ", val_loss=0.900]";
        }
    }
    log += '\n';
    QCOMPARE(seriesOf(log), QStringLiteral("train_loss: 1=0.1 2=0.2 3=0.3\nval_loss: 1=0.9"));
}

QTEST_GUILESS_MAIN(TestTrainerForms)
#include "tst_trainerforms.moc"
