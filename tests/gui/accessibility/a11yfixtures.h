// SPDX-License-Identifier: MIT
// What tst_accessibility builds its windows from: logs written as the job's owner writes them,
// metric series in a store, finished jobs in a job store, and the CIELAB distance of colours.
#pragma once

#include "a11ytree.h"
#include "logs/logwriter.h"
#include "metrics/metricstore.h"
#include "metrics/systemsampler.h"
#include "store/jobstore.h"

#include <QColor>
#include <QDir>
#include <QFileInfo>
#include <QTest>
#include <QWidget>
#include <array>
#include <cmath>

namespace trainyard::test {

constexpr qint64 T0 = 1795341600000LL; // 2026-11-22T10:00:00Z

struct Line
{
    qint64 at;
    logs::Severity severity;
    QByteArray text;
};

inline void writeLog(const QString &path, const QList<Line> &lines)
{
    QDir().mkpath(QFileInfo(path).path());
    logs::LogWriter writer;
    QVERIFY(writer.open(path));
    for (const Line &l : lines)
        writer.append(l.at, logs::Stream::Stdout, l.severity, false, l.text.constData(),
                      l.text.size());
    writer.close();
}

inline void writeSeries(const QString &dir, const QString &kind, const QString &source,
                        const QString &metric, int n, double (*value)(int))
{
    QDir().mkpath(dir);
    metrics::SeriesWriter w;
    QVERIFY(w.open(dir, {kind, source, metric}, -1, nullptr));
    for (int i = 0; i < n; ++i)
        w.append({double(i * 10), T0 + i * 1000, value(i)});
    QVERIFY(w.flush());
}

inline double falling(int i)
{
    return 2.0 / (1.0 + i * 0.05);
}

inline double rising(int i)
{
    return 0.9 - 0.5 / (1.0 + i * 0.1);
}

inline double watts(int)
{
    return 75.0;
}

inline QByteArray config(const QString &jobId)
{
    return QStringLiteral("jobId: %1\ntrainingInput:\n  scaleTier: BASIC\n  region: us-central1\n"
                          "  pythonModule: trainer.task\n  runtimeVersion: \"2.11\"\n"
                          "  pythonVersion: \"3.7\"\n")
        .arg(jobId)
        .toUtf8();
}

// A finished job in the store with metric series (loss for chief-0, and worker-0 when asked;
// a GPU power reading when system).
inline void addJob(store::JobStore &store, const QString &id, bool worker, bool system)
{
    QVERIFY(store.createJob(id, config(id)));
    store::JobState state = store.readState(id).state;
    state.state = store::JobStatus::Succeeded;
    QVERIFY(store.writeState(id, state));
    QDir().mkpath(store.logsDir(id));
    const QString metricsDir = store.metricsDir(id);
    writeSeries(metricsDir, metrics::kinds::Log, QStringLiteral("chief-0"), QStringLiteral("loss"),
                60, &falling);
    writeSeries(metricsDir, metrics::kinds::Log, QStringLiteral("chief-0"),
                QStringLiteral("accuracy"), 60, &rising);
    if (worker)
        writeSeries(metricsDir, metrics::kinds::Log, QStringLiteral("worker-0"),
                    QStringLiteral("loss"), 60, &falling);
    if (system)
        writeSeries(metricsDir, metrics::kinds::System, QStringLiteral("gpu0"),
                    metrics::systemseries::GpuPowerW, 60, &watts);
}

inline void shot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    QVERIFY(w->grab().save(QDir(dir).filePath(name)));
}

inline QString report(const test::NameCheck &check)
{
    return QStringLiteral("unnamed:\n  %1\nshared names:\n  %2")
        .arg(check.unnamed.join(QStringLiteral("\n  ")),
             check.duplicates.join(QStringLiteral("\n  ")));
}

// CIELAB of an sRGB colour (D65).
inline std::array<double, 3> lab(const QColor &c)
{
    const auto linear = [](double v) {
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    const double r = linear(c.redF());
    const double g = linear(c.greenF());
    const double b = linear(c.blueF());
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

} // namespace trainyard::test
