// SPDX-License-Identifier: MIT
// What the TensorBoard event file suites (tst_tfevents, tst_tfeventsfollow) share: a collector of
// what a follower emits, and event files named and written as TensorFlow names and writes them.
#pragma once

#include "common/tfeventswriter.h"
#include "metrics/tfevents/eventfilefollower.h"
#include "metrics/tfevents/events.h"

#include <QFile>
#include <QObject>
#include <QStringList>
#include <QTest>
#include <vector>

namespace tfeventssuite {

using namespace trainyard::metrics::tfevents;
using trainyard::test::TfEventsWriter;

// Everything the follower emits, collected.
struct Collector
{
    explicit Collector(EventFileFollower &f)
    {
        QObject::connect(&f, &EventFileFollower::pointsAdded, &f,
                         [this](const ScalarPoints &batch) {
                             points.insert(points.end(), batch.begin(), batch.end());
                         });
    }
    std::vector<ScalarPoint> points;

    std::vector<ScalarPoint> of(const QString &run, const QString &tag) const
    {
        std::vector<ScalarPoint> out;
        for (const ScalarPoint &p : points) {
            if (p.run == run && p.tag == tag)
                out.push_back(p);
        }
        return out;
    }
    QStringList runs() const
    {
        QStringList out;
        for (const ScalarPoint &p : points) {
            if (!out.contains(p.run))
                out.append(p.run);
        }
        out.sort();
        return out;
    }
};

inline QString eventPath(const QString &dir, qint64 seconds = 1700000000, int uid = 0)
{
    return dir + u'/' + TfEventsWriter::fileName(seconds, QStringLiteral("host"), 99, uid);
}

inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline void writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

} // namespace tfeventssuite
