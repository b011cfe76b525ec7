// SPDX-License-Identifier: MIT
// `trainyard jobs metrics` throughput (prints figures; not a ctest case): a job with 2 series of
// N points each (default 10,000,000) is written to a store once, as the owner writes it; then
// the real trainyard program prints every point as CSV and as JSON to /dev/null, R times each,
// alternating (medians printed). Target: 3 M points/s in both forms.
//
//   bench_jobsmetrics [--points N] [--runs R] [--dir DIR] [--store HOME]
//
// --store HOME keeps the store in HOME (as TRAINYARD_HOME) and reuses a job written there before
// (with the same N), so two builds can be timed on the same files.
#include "benchmedian.h"
#include "metrics/metricrecorder.h"
#include "metrics/metricstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <cmath>
#include <cstdio>
#include <vector>

using trainyard::bench::median;
using namespace trainyard;

namespace {

// The job's store as its owner writes it: loss and accuracy of chief-0, steps 0..n-1.
bool writeJob(const QString &jobDir, qint64 n)
{
    for (const char *sub : {"/logs", "/hypertune"})
        QDir().mkpath(jobDir + QLatin1String(sub));
    metrics::MetricRecorder rec(jobDir + QStringLiteral("/metrics"), {});
    if (!rec.open(0))
        return false;
    const QStringList names{QStringLiteral("loss"), QStringLiteral("accuracy")};
    for (qint64 i = 0; i < n; ++i) {
        for (int m = 0; m < names.size(); ++m) {
            const double v = (m == 0 ? 2.0 * std::exp(-double(i) / (double(n) / 5.0))
                                     : 1.0 - std::exp(-double(i) / (double(n) / 4.0))) +
                             0.05 * std::sin(double(i) / 37.0 + m);
            rec.addPoint(
                metrics::SeriesKey{metrics::kinds::Log, QStringLiteral("chief-0"), names.at(m)},
                metrics::MetricPoint{double(i), 1763800000000 + i * 17, v});
        }
    }
    rec.close();
    return true;
}

// Seconds for one `trainyard jobs metrics JOB --format=F` with stdout to /dev/null; -1 on failure.
double runOnce(const QString &home, const QString &format)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TRAINYARD_HOME"), home);
    p.setProcessEnvironment(env);
    p.setStandardOutputFile(QProcess::nullDevice());
    QElapsedTimer t;
    t.start();
    p.start(QStringLiteral(TRAINYARD_BINARY),
            {QStringLiteral("jobs"), QStringLiteral("metrics"), QStringLiteral("big"),
             QStringLiteral("--format=") + format});
    if (!p.waitForFinished(600000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        std::fprintf(stderr, "trainyard jobs metrics --format=%s failed: %s\n", qPrintable(format),
                     p.readAllStandardError().constData());
        return -1;
    }
    return double(t.nsecsElapsed()) / 1e9;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    qint64 points = 10000000;
    int runs = 3;
    QString dirArg;
    QString storeArg;
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); i += 2) {
        if (args.at(i) == QLatin1String("--points"))
            points = args.at(i + 1).toLongLong();
        else if (args.at(i) == QLatin1String("--runs"))
            runs = args.at(i + 1).toInt();
        else if (args.at(i) == QLatin1String("--dir"))
            dirArg = args.at(i + 1);
        else if (args.at(i) == QLatin1String("--store"))
            storeArg = args.at(i + 1);
    }
    QTemporaryDir tmp((dirArg.isEmpty() ? QDir::tempPath() : dirArg) +
                      QStringLiteral("/bench_jobsmetrics-XXXXXX"));
    const QString home = storeArg.isEmpty() ? tmp.path() : storeArg;
    const QString stamp = home + QStringLiteral("/big/points-%1").arg(points);
    if (!QFile::exists(stamp)) {
        QDir(home + QStringLiteral("/big")).removeRecursively();
        QElapsedTimer setup;
        setup.start();
        if (!writeJob(home + QStringLiteral("/big"), points) ||
            !QFile(stamp).open(QIODevice::WriteOnly))
            return 1;
        std::printf("store of 2 x %lld points written in %.1f s\n", static_cast<long long>(points),
                    double(setup.nsecsElapsed()) / 1e9);
    }
    runOnce(home, QStringLiteral("csv")); // the series files into the page cache
    std::vector<double> csv;
    std::vector<double> json;
    for (int r = 0; r < runs; ++r) {
        csv.push_back(runOnce(home, QStringLiteral("csv")));
        json.push_back(runOnce(home, QStringLiteral("json")));
    }
    const double total = 2.0 * double(points);
    for (const auto &[name, times] : {std::pair{"csv", &csv}, std::pair{"json", &json}}) {
        const double s = median(*times);
        std::printf("jobs metrics --format=%s, 2 x %lld points: %.2f s, %.2f M points/s "
                    "(median of %d; target 3, ratio %.2f)\n",
                    name, static_cast<long long>(points), s, total / s / 1e6, runs,
                    total / s / 1e6 / 3.0);
    }
    return 0;
}
