// SPDX-License-Identifier: MIT
// Loading the built-in service catalog: parsing :/catalog/catalog.yaml (yaml-cpp, checks)
// against reading its compiled form :/catalog/catalog.cbor (what Catalog::builtIn() does),
// which every CLI process and every job's owner process pays once. Two figures per form:
//   first load: in a fresh process (this program re-run as a child), the cost a process pays;
//   warm load:  repeated in one process after a warm-up.
// Medians (and p10/p90) over RUNS runs, default 21. Prints figures, asserts nothing; run it from
// a Release build:  bench_catalog [RUNS]
// (bench_catalog --loop yaml|compiled N only loads, N times: for a profiler)
#include "catalog/catalog.h"
#include "catalog/catalogcbor.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTextStream>
#include <algorithm>
#include <vector>

using namespace trainyard;

namespace {

const char YamlPath[] = ":/catalog/catalog.yaml";
const char CborPath[] = ":/catalog/catalog.cbor";

// One load of the built-in catalog in the given form; false when it did not load.
bool loadOnce(bool compiled)
{
    if (!compiled)
        return bool(catalog::Catalog::loadFile(QLatin1String(YamlPath)));
    QFile file{QLatin1String(CborPath)};
    if (!file.open(QIODevice::ReadOnly))
        return false;
    return bool(catalog::fromCompiled(file.readAll()));
}

struct Figures
{
    double p10 = 0;
    double median = 0;
    double p90 = 0;
};

Figures figures(std::vector<double> v)
{
    if (v.empty())
        return {};
    std::sort(v.begin(), v.end());
    auto at = [&v](double q) { return v[std::size_t(q * double(v.size() - 1) + 0.5)]; };
    return {at(0.1), at(0.5), at(0.9)};
}

std::vector<double> warmLoads(bool compiled, int runs)
{
    for (int i = 0; i < 5; ++i)
        loadOnce(compiled);
    std::vector<double> micros;
    for (int r = 0; r < runs; ++r) {
        QElapsedTimer timer;
        timer.start();
        if (!loadOnce(compiled))
            return {};
        micros.push_back(double(timer.nsecsElapsed()) / 1000.0);
    }
    return micros;
}

// The first load in a fresh process: this program run with --once yaml|compiled, which prints
// the microseconds it took.
std::vector<double> firstLoads(bool compiled, int runs)
{
    std::vector<double> micros;
    for (int r = 0; r < runs; ++r) {
        QProcess child;
        child.start(QCoreApplication::applicationFilePath(),
                    {QStringLiteral("--once"),
                     compiled ? QStringLiteral("compiled") : QStringLiteral("yaml")});
        if (!child.waitForFinished(60000) || child.exitCode() != 0)
            return {};
        bool ok = false;
        const double us = child.readAllStandardOutput().trimmed().toDouble(&ok);
        if (!ok)
            return {};
        micros.push_back(us);
    }
    return micros;
}

void print(QTextStream &out, const char *name, const std::vector<double> &samples)
{
    if (samples.empty()) {
        out << name << ": did not load\n";
        return;
    }
    const Figures f = figures(samples);
    out << name << ": median " << QString::number(f.median, 'f', 1) << " µs, p10 "
        << QString::number(f.p10, 'f', 1) << " µs, p90 " << QString::number(f.p90, 'f', 1)
        << " µs\n";
}

QString ratio(const std::vector<double> &yaml, const std::vector<double> &compiled)
{
    const double c = figures(compiled).median;
    return c > 0 ? QString::number(figures(yaml).median / c, 'f', 1) : QStringLiteral("?");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() == 3 && args.at(1) == QLatin1String("--once")) {
        QElapsedTimer timer;
        timer.start();
        if (!loadOnce(args.at(2) == QLatin1String("compiled")))
            return 1;
        QTextStream(stdout) << double(timer.nsecsElapsed()) / 1000.0 << '\n';
        return 0;
    }
    // For a profiler: many loads of one form, nothing else.
    if (args.size() == 4 && args.at(1) == QLatin1String("--loop")) {
        for (int i = args.at(3).toInt(); i > 0; --i) {
            if (!loadOnce(args.at(2) == QLatin1String("compiled")))
                return 1;
        }
        return 0;
    }
    const int runs = args.size() > 1 ? std::max(1, args.at(1).toInt()) : 21;

    QTextStream out(stdout);
    out << "bench_catalog: the built-in catalog, " << runs << " runs each\n";
    const std::vector<double> yamlFirst = firstLoads(false, runs);
    const std::vector<double> cborFirst = firstLoads(true, runs);
    print(out, "first load, YAML     ", yamlFirst);
    print(out, "first load, compiled ", cborFirst);
    out << "first load: compiled is " << ratio(yamlFirst, cborFirst) << "x faster\n";
    const std::vector<double> yamlWarm = warmLoads(false, runs);
    const std::vector<double> cborWarm = warmLoads(true, runs);
    print(out, "warm load, YAML      ", yamlWarm);
    print(out, "warm load, compiled  ", cborWarm);
    out << "warm load: compiled is " << ratio(yamlWarm, cborWarm) << "x faster\n";
    out.flush();
    return 0;
}
