// SPDX-License-Identifier: MIT
// The chart controls the Metrics tab and the Compare view share: x axis (step, time, epoch),
// smoothing, log scale.
#pragma once

class QCheckBox;
class QComboBox;
class QLabel;
class QSlider;
class QWidget;

namespace trainyard::ui::charts {

struct ChartControls
{
    QComboBox *xMode = nullptr;       // XMode as item data
    QSlider *smoothing = nullptr;     // 0..99, the EMA weight in percent
    QLabel *smoothingLabel = nullptr; // plain text, filled by the owner
    QCheckBox *logScale = nullptr;
};

// Makes the controls as children of `parent`, set to their defaults (step axis, smoothing 0.60).
ChartControls makeChartControls(QWidget *parent);

// Offers "Epoch" as an x axis only while a shown run has an epoch series; when it goes away
// while chosen, the step axis is chosen.
void setEpochAvailable(const ChartControls &controls, bool available);

} // namespace trainyard::ui::charts
