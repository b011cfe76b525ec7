// SPDX-License-Identifier: MIT
// Parallel coordinates of a study, as TensorBoard's HParams dashboard and W&B's parallel
// coordinates panel draw them: one vertical axis per parameter and a last one for the objective,
// one line per trial through its values, coloured by its objective (a trial without one, grey
// and dashed); numbers on a linear axis (a log axis for a parameter whose values span more than
// two decades, all positive), other values by their order. The best trial by the goal is drawn
// last and thicker.
// Keyboard: it takes focus (Tab); Up/Down (or Home/End) move the current trial, drawn
// highlighted and said in the accessible description; trialActivated() tells the table.
// Accessible name "Parallel coordinates of the trials"; its description summarises the plot:
// how many trials and axes, the best trial's values, the current trial's.
#pragma once

#include "store/jobstate.h"

#include <QStringList>
#include <QWidget>

namespace trainyard::ui::study {

class ParallelCoordinates : public QWidget
{
    Q_OBJECT
public:
    explicit ParallelCoordinates(QWidget *parent = nullptr);

    void setTuning(const store::TuningState &tuning, const QStringList &parameters);
    // The trial drawn highlighted ("" for none).
    void setCurrentTrial(const QString &trialId);
    QString currentTrial() const { return m_current; }
    // What the accessible description says (also the tooltip).
    QString summary() const;
    // Axis positions and values, for tests: the y of a trial's value on axis `axis`, or NaN.
    double yOf(const QString &trialId, int axis) const;
    int axisCount() const { return int(m_axes.size()); }
    QString axisTitle(int axis) const;

    QSize sizeHint() const override { return {640, 320}; }
    QSize minimumSizeHint() const override { return {320, 200}; }

Q_SIGNALS:
    void trialActivated(const QString &trialId);

protected:
    void paintEvent(QPaintEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    struct Axis
    {
        QString title;
        bool numeric = true;
        bool log = false;
        double lo = 0;
        double hi = 1;
        QStringList categories;
        QStringList values; // per trial, in m_trials' order ("" when it has none)
    };
    QRectF plotRect() const;
    double xOfAxis(int axis) const;
    // 0 (bottom) .. 1 (top) on an axis, or NaN when the trial has no value there.
    double position(const Axis &axis, const QString &value) const;
    QString formatTick(const Axis &axis, double fraction) const;
    void rebuild();
    void updateAccessibility();
    int bestIndex() const;

    store::TuningState m_tuning;
    QStringList m_parameters;
    QList<store::TrialState> m_trials;
    std::vector<Axis> m_axes;
    QString m_current;
};

} // namespace trainyard::ui::study
