// SPDX-License-Identifier: MIT
// A metric chart of a store in the test's folder, drawn synchronously: its follower answers each
// draw request at once (in the app a worker thread does). shot(): saves a widget as a PNG in
// $TRAINYARD_SCREENSHOT_DIR when it is set.
#pragma once

#include "charts/metricchart.h"
#include "metrics/storefollower.h"

#include <QDir>

namespace trainyard::test {

inline void shot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    w->grab().save(QDir(dir).filePath(name));
}

struct Chart
{
    Chart(const QString &dir, const QString &metric)
        : follower(dir, QString(), QString(), {})
        , view(metric, dir)
    {
        follower.pollOnce();
        QObject::connect(
            &view, &ui::charts::MetricChartView::drawRequested, &view,
            [this](const metrics::DrawRequest &r) { view.applyDrawn(follower.compute(r)); });
        view.resize(900, 500);
        view.show();
    }
    metrics::StoreFollower follower;
    ui::charts::MetricChartView view;
};

} // namespace trainyard::test
