// SPDX-License-Identifier: MIT
#include "charts/chartcontrols.h"

#include "charts/metricchart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QSlider>

namespace trainyard::ui::charts {

ChartControls makeChartControls(QWidget *parent)
{
    ChartControls c;
    c.xMode = new QComboBox(parent);
    c.xMode->setAccessibleName(
        QCoreApplication::translate("trainyard::ui::charts::ChartControls", "X axis"));
    c.xMode->addItem(QCoreApplication::translate("trainyard::ui::charts::ChartControls", "Step"),
                     int(XMode::Step));
    c.xMode->addItem(
        QCoreApplication::translate("trainyard::ui::charts::ChartControls", "Time since start"),
        int(XMode::Time));
    c.smoothing = new QSlider(Qt::Horizontal, parent);
    c.smoothing->setRange(0, 99);
    c.smoothing->setValue(60);
    c.smoothing->setMaximumWidth(200);
    c.smoothing->setAccessibleName(
        QCoreApplication::translate("trainyard::ui::charts::ChartControls", "Smoothing"));
    c.smoothing->setToolTip(
        QCoreApplication::translate("trainyard::ui::charts::ChartControls",
                                    "Smoothing (exponential moving average, as TensorBoard)"));
    c.smoothingLabel = new QLabel(parent);
    c.smoothingLabel->setTextFormat(Qt::PlainText);
    c.logScale = new QCheckBox(
        QCoreApplication::translate("trainyard::ui::charts::ChartControls", "Log scale"), parent);
    return c;
}

void setEpochAvailable(const ChartControls &controls, bool available)
{
    const int index = controls.xMode->findData(int(XMode::Epoch));
    if (available && index < 0) {
        controls.xMode->addItem(
            QCoreApplication::translate("trainyard::ui::charts::ChartControls", "Epoch"),
            int(XMode::Epoch));
    } else if (!available && index >= 0) {
        if (controls.xMode->currentIndex() == index)
            controls.xMode->setCurrentIndex(controls.xMode->findData(int(XMode::Step)));
        controls.xMode->removeItem(index);
    }
}

} // namespace trainyard::ui::charts
