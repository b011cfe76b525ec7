// SPDX-License-Identifier: MIT
// The built-in metric forms on real trainer output (tests/fixtures/metrics, README there names
// each sample's tool, version and source): the exact series and values a log gives, the x
// position of each point, progress bar redraws counted once, and no series from the lines that
// report the environment.
#include "logs/linesplitter.h"
#include "metrics/extract.h"

#include <QFile>
#include <QMap>
#include <QProcess>
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
    auto add = [&series](const std::vector<LogLineState::Point> &found) {
        for (const LogLineState::Point &p : found) {
            QStringList &s = series[QString::fromUtf8(p.name, p.size)];
            const double x = p.step < 0 ? double(s.size()) : p.step;
            s << shortest(x) + QLatin1Char('=') + shortest(p.value);
        }
    };
    for (const trainyard::logs::Line &line : std::as_const(lines)) {
        MetricExtractor::scanBuiltIn(line.bytes.constData(), line.bytes.size(), &scan);
        points.clear();
        state.take(scan, &points);
        add(points);
    }
    points.clear();
    state.finish(&points); // the end of the log
    add(points);
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
    void bundledExamplesChartCleanCurves();
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
    // The real tqdm iterator at 200 steps/s: it shows a new counter only every mininterval
    // (0.1 s), so set_postfix redraws one counter with many values; the last one shown at each
    // counter is its point (file: 60 redraws of 4 counters).
    QTest::newRow("tqdm 4.64.1 iterator, postfix at 200 steps/s")
        << QStringLiteral("tqdm-4.64.1-iterator-postfix-fast.txt")
        << QStringLiteral("loss: 0=0.0588 17=0.0294 34=0.0192 52=0.0167");
    // XGBoost 1.7.4: xgb.train with two evals, xgb.cv (mean+std: the mean) and the sklearn API.
    QTest::newRow("xgboost 1.7.4 train, cv, XGBRegressor")
        << QStringLiteral("xgboost-1.7.4-train-cv-sklearn.txt")
        << QStringLiteral("test-rmse: 0=5.06741 1=4.54666 2=4.08819\n"
                          "train-rmse: 0=4.84074 1=4.16459 2=3.61704 3=3.213 4=2.88529 0=4.80577 "
                          "1=4.09986 2=3.52503\n"
                          "valid-rmse: 0=5.29406 1=4.53942 2=4.18269 3=3.8281 4=3.51693\n"
                          "validation_0-rmse: 0=5.29406 1=4.53942 2=4.18269");
    QTest::newRow("xgboost 1.6.0 public log, warning between two runs")
        << QStringLiteral("xgboost-1.6.0-public-readme.txt")
        << QStringLiteral("train-rmse: 0=21.60208 1=19.55555 2=17.71453 3=16.06071 4=14.57054 "
                          "5=13.23501 6=12.03721 7=10.94917 8=9.98378 9=9.10604\n"
                          "validation_0-rmse: 0=17.06433 1=12.2714 2=8.92523 3=6.56554 4=4.88678 "
                          "5=3.70939 6=2.89225 7=2.33943 8=1.94412 9=1.66867");
    QTest::newRow("lightgbm 2.2.1 plot example")
        << QStringLiteral("lightgbm-2.2.1-plot-example.txt")
        << QStringLiteral("training's l1: 10=0.457448 20=0.436869 30=0.421302 40=0.411107 "
                          "50=0.403695 60=0.398704 70=0.394876 80=0.391147 90=0.388101 "
                          "100=0.385174\n"
                          "training's l2: 10=0.217995 20=0.205099 30=0.197421 40=0.192856 "
                          "50=0.189593 60=0.187043 70=0.184982 80=0.1828 90=0.180817 "
                          "100=0.179171\n"
                          "valid_1's l1: 10=0.456464 20=0.434057 30=0.417019 40=0.406303 "
                          "50=0.398997 60=0.393977 70=0.389805 80=0.386476 90=0.384404 "
                          "100=0.382929\n"
                          "valid_1's l2: 10=0.21641 20=0.201616 30=0.192514 40=0.187258 "
                          "50=0.183688 60=0.181009 70=0.178803 80=0.176799 90=0.175775 "
                          "100=0.175321");
    // lightgbm.cv: the mean of "mean + std"; the early-stopping repeat of round 104 is no point.
    QTest::newRow("lightgbm cv, early stopping")
        << QStringLiteral("lightgbm-cv-early-stopping.txt")
        << QStringLiteral("cv_agg's train auc: 10=0.771145 20=0.788937 30=0.803447 100=0.861688 "
                          "110=0.867427 200=0.911222\n"
                          "cv_agg's train binary_logloss: 10=0.612213 20=0.578536 30=0.55849 "
                          "100=0.48946 110=0.482607 200=0.42645\n"
                          "cv_agg's valid auc: 10=0.745838 20=0.75902 30=0.767319 100=0.773914 "
                          "110=0.773293 200=0.769132\n"
                          "cv_agg's valid binary_logloss: 10=0.621781 20=0.595008 30=0.582061 "
                          "100=0.567869 110=0.568371 200=0.572429");
    // MLP: "Iteration N, loss = X" (two fits), its validation score at the iteration; SGD: each
    // epoch's line at the epoch of the "-- Epoch N" before it.
    QTest::newRow("scikit-learn 1.2.1 MLP and SGD verbose")
        << QStringLiteral("sklearn-1.2.1-mlp-sgd-verbose.txt")
        << QStringLiteral("Avg. loss: 1=3.143045 2=3.114937 3=2.210084\n"
                          "Bias: 1=-8.742864 2=-8.751504 3=-28.689546\n"
                          "NNZs: 1=8 2=8 3=8\n"
                          "Norm: 1=42.45 2=61.39 3=46.74\n"
                          "T: 1=200 2=400 3=600\n"
                          "Validation score: 1=0.7 2=0.7 3=0.7 4=0.7\n"
                          "loss: 1=1.07069906 2=1.06406452 3=1.05745797 4=1.05088221 5=1.04433818 "
                          "1=1.07158394 2=1.06495492 3=1.0583529 4=1.05178271");
    // Keras 2 fit(): x is the global batch, (epoch - 1) * 422 + batch, also after left-out epochs;
    // the model summary's counts give nothing.
    QTest::newRow("keras 2 mnist convnet (keras-io)")
        << QStringLiteral("keras-2-mnist-convnet.txt")
        << QStringLiteral("Test accuracy: 4879=0.9922000169754028\n"
                          "Test loss: 4879=0.023950600996613503\n"
                          "accuracy: 422=0.7643 844=0.9639 1266=0.9737 4642=0.9874 4879=0.9877\n"
                          "loss: 422=0.784 844=0.1199 1266=0.0845 4642=0.0406 4879=0.0398\n"
                          "val_accuracy: 422=0.978 844=0.9843 1266=0.9877 4642=0.992\n"
                          "val_loss: 422=0.078 844=0.0559 1266=0.0469 4642=0.0303");
    // model.evaluate() after fit(): its bar of 313 batches is no training step.
    QTest::newRow("keras 2 perceiver, evaluate after fit (keras-io)")
        << QStringLiteral("keras-2-perceiver-evaluate.txt")
        << QStringLiteral("acc: 704=0.0389 1408=0.0889 31680=0.6197\n"
                          "acc (evaluate): 31680=0.5264\n"
                          "loss: 704=4.455 1408=4.0639 31680=1.5569\n"
                          "loss (evaluate): 31680=1.863\n"
                          "top5-acc: 704=0.1407 1408=0.2576 31680=0.877\n"
                          "top5-acc (evaluate): 31680=0.8087\n"
                          "val_acc: 704=0.0802 1408=0.1272 31680=0.514\n"
                          "val_loss: 704=4.0544 1408=3.7379 31680=1.894\n"
                          "val_top5-acc: 704=0.2516 1408=0.3556 31680=0.7962");
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
                               << QStringLiteral("acc: 5=nan\nloss: 5=nan");
    // Keras keeps working, ETA included.
    QTest::newRow("keras eta")
        << QByteArray(
               " 5/20 [======>.......................] - ETA: 0s - loss: 0.5000 - accuracy: 0.9000")
        << QStringLiteral("accuracy: 5=0.9\nloss: 5=0.5");
    QTest::newRow("keras 3") << QByteArray(
                                    "20/20 \xe2\x94\x81\xe2\x94\x81\xe2\x94\x81 0s 2ms/step - "
                                    "accuracy: 0.9000 - loss: 0.1200")
                             << QStringLiteral("accuracy: 20=0.9\nloss: 20=0.12");
    // A step word and its number, then pairs (hand-written loops, scikit-learn's MLP).
    QTest::newRow("step word pairs") << QByteArray("step 12 loss 0.4321 acc 0.91")
                                     << QStringLiteral("acc: 12=0.91\nloss: 12=0.4321");
    QTest::newRow("Step N:") << QByteArray("Step 12: loss 0.4321")
                             << QStringLiteral("loss: 12=0.4321");
    QTest::newRow("epoch then step") << QByteArray("Epoch 2 step 12 loss=0.5 acc=0.9")
                                     << QStringLiteral("acc: 12=0.9\nepoch: 12=2\nloss: 12=0.5");
    QTest::newRow("epoch/total, step, bars")
        << QByteArray("epoch 2/10, step 120 | loss 0.25 | lr 1e-4")
        << QStringLiteral("epoch: 120=2\nloss: 120=0.25\nlr: 120=1e-04");
    QTest::newRow("sklearn MLP") << QByteArray("Iteration 3, loss = 0.41230000")
                                 << QStringLiteral("loss: 3=0.4123");
    QTest::newRow("iter N:") << QByteArray("iter 7: perplexity 12.5")
                             << QStringLiteral("perplexity: 7=12.5");
    QTest::newRow("logging prefix, a time skipped")
        << QByteArray("INFO:__main__:step 40 loss 0.3 time 1.2s") << QStringLiteral("loss: 40=0.3");
    QTest::newRow("step of total, no pairs")
        << QByteArray("step 3 of 10: saving checkpoint") << QString();
    QTest::newRow("step alone") << QByteArray("Step 5/100") << QString();
    QTest::newRow("step word inside a sentence")
        << QByteArray("reached step 100 loss 0.5") << QString();
    QTest::newRow("lightning checkpoint message")
        << QByteArray("Epoch 3, global step 128: 'val_loss' reached 0.60200 (best 0.60200), "
                      "saving model")
        << QString();
    // Boosting rounds as pasted (tabs as blanks), XGBoost's timestamped warnings.
    QTest::newRow("xgboost cv mean+std")
        << QByteArray("[0]\ttrain-rmse:4.80577+0.25470\ttest-rmse:5.06741+0.60513")
        << QStringLiteral("test-rmse: 0=5.06741\ntrain-rmse: 0=4.80577");
    QTest::newRow("lightgbm pasted with blanks")
        << QByteArray("[1]     valid_0's auc: 0.764496 valid_0's l2: 0.24288")
        << QStringLiteral("valid_0's auc: 1=0.764496\nvalid_0's l2: 1=0.24288");
    QTest::newRow("xgboost warning")
        << QByteArray("[15:20:06] WARNING: /workspace/src/learner.cc:627: ") << QString();
    QTest::newRow("counts") << QByteArray("Modules in train mode: 427") << QString();
    // Keras shows each value once: an equal value at the next epoch is a new point.
    QTest::newRow("keras equal values")
        << QByteArray("Epoch 1/2\n2/2 [==] - 0s - loss: 0.5000 - val_loss: 0.4000\nEpoch 2/2\n"
                      "2/2 [==] - 0s - loss: 0.5000 - val_loss: 0.4000")
        << QStringLiteral("loss: 2=0.5 4=0.5\nval_loss: 2=0.4 4=0.4");
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

namespace {

// Every series of a seriesOf() text has each step once, rising.
QString repeatedSteps(const QString &series)
{
    QStringList bad;
    for (const QString &line : series.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const qsizetype colon = line.lastIndexOf(QStringLiteral(": "));
        double last = -1;
        for (const QString &point : line.mid(colon + 2).split(QLatin1Char(' '))) {
            const double x = point.section(QLatin1Char('='), 0, 0).toDouble();
            if (x <= last)
                bad << line.left(colon) + QStringLiteral(" at ") + point;
            last = x;
        }
    }
    return bad.join(QStringLiteral(", "));
}

} // namespace

void TestTrainerForms::bundledExamplesChartCleanCurves()
{
    // mnist_like, run for real: per-step lines, then Keras's epoch line after "Epoch k/K" (its
    // loss and accuracy beside the per-step ones: "loss (epoch)"), then the final evaluation.
    if (!QFile::exists(QStringLiteral("/usr/bin/python3")))
        QSKIP("mnist_like needs /usr/bin/python3");
    QProcess mnist;
    mnist.setWorkingDirectory(
        QStringLiteral(TRAINYARD_FIXTURES_DIR "/../../resources/examples/mnist_like"));
    mnist.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
    mnist.start(QStringLiteral("/usr/bin/python3"),
                {QStringLiteral("-m"), QStringLiteral("trainer.task"), QStringLiteral("--epochs"),
                 QStringLiteral("3"), QStringLiteral("--steps-per-epoch"), QStringLiteral("4")});
    QVERIFY(mnist.waitForFinished(60000));
    QCOMPARE(mnist.exitCode(), 0);
    const QString series = seriesOf(mnist.readAllStandardOutput());
    QCOMPARE(repeatedSteps(series), QString());
    QStringList names;
    for (const QString &line : series.split(QLatin1Char('\n')))
        names << line.section(QStringLiteral(": "), 0, 0);
    QCOMPARE(names,
             QStringList({QStringLiteral("accuracy"), QStringLiteral("accuracy (epoch)"),
                          QStringLiteral("final_val_accuracy"), QStringLiteral("final_val_loss"),
                          QStringLiteral("loss"), QStringLiteral("loss (epoch)"),
                          QStringLiteral("val_accuracy"), QStringLiteral("val_loss")}));
    QVERIFY2(series.contains(QStringLiteral("\nloss: 1=")) &&
                 series.contains(QStringLiteral("\nloss (epoch): 4=")) &&
                 series.contains(QStringLiteral(" 8=")) && series.contains(QStringLiteral(" 12=")),
             qPrintable(series));

    // torch_ddp's rank 0 (torch is not needed here: its lines as resources/examples/torch_ddp/
    // trainer/task.py prints them, "step=%d loss=%.4f" per step and after each epoch
    // "Epoch %d/%d" then "%d/%d - loss: %.4f" with the epoch's mean).
    QByteArray ddp;
    for (int epoch = 1; epoch <= 3; ++epoch) {
        for (int i = 1; i <= 4; ++i)
            ddp += "step=" + QByteArray::number((epoch - 1) * 4 + i) + " loss=0." +
                   QByteArray::number(epoch) + QByteArray::number(i) + "00\n";
        ddp += "Epoch " + QByteArray::number(epoch) + "/3\n4/4 - loss: 0." +
               QByteArray::number(epoch) + "500\n";
    }
    QCOMPARE(seriesOf(ddp), QStringLiteral("loss: 1=0.11 2=0.12 3=0.13 4=0.14 5=0.21 6=0.22 "
                                           "7=0.23 8=0.24 9=0.31 10=0.32 11=0.33 12=0.34\n"
                                           "loss (epoch): 4=0.15 8=0.25 12=0.35"));
}

QTEST_GUILESS_MAIN(TestTrainerForms)
#include "tst_trainerforms.moc"
