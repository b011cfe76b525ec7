// SPDX-License-Identifier: MIT
#include "study/parallelcoordinates.h"

#include <QAccessible>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <limits>

namespace trainyard::ui::study {

namespace {

constexpr double Nan = std::numeric_limits<double>::quiet_NaN();

// A perceptually ordered ramp (viridis' ends and middle): worst dark blue, best yellow.
QColor ramp(double t)
{
    static const QColor stops[] = {QColor(0x44, 0x01, 0x54), QColor(0x3b, 0x52, 0x8b),
                                   QColor(0x21, 0x91, 0x8c), QColor(0x5e, 0xc9, 0x62),
                                   QColor(0xfd, 0xe7, 0x25)};
    t = std::clamp(t, 0.0, 1.0) * 4;
    const int i = std::min(3, int(t));
    const double f = t - i;
    const QColor &a = stops[i];
    const QColor &b = stops[i + 1];
    return QColor::fromRgbF(float(a.redF() + f * (b.redF() - a.redF())),
                            float(a.greenF() + f * (b.greenF() - a.greenF())),
                            float(a.blueF() + f * (b.blueF() - a.blueF())));
}

} // namespace

ParallelCoordinates::ParallelCoordinates(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("parallelCoordinates"));
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Parallel coordinates of the trials"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
}

void ParallelCoordinates::setTuning(const store::TuningState &tuning, const QStringList &parameters)
{
    m_tuning = tuning;
    m_parameters = parameters;
    rebuild();
    updateAccessibility();
    update();
}

void ParallelCoordinates::setCurrentTrial(const QString &trialId)
{
    if (trialId == m_current)
        return;
    m_current = trialId;
    updateAccessibility();
    update();
}

QString ParallelCoordinates::axisTitle(int axis) const
{
    return axis >= 0 && axis < axisCount() ? m_axes[size_t(axis)].title : QString();
}

void ParallelCoordinates::rebuild()
{
    m_trials = m_tuning.trials;
    m_axes.clear();
    QStringList titles = m_parameters;
    titles.append(m_tuning.hyperparameterMetricTag);
    for (int a = 0; a < titles.size(); ++a) {
        Axis axis;
        const bool objective = a == titles.size() - 1;
        axis.title = objective ? tr("%1 (objective)").arg(titles.at(a)) : titles.at(a);
        for (const store::TrialState &t : std::as_const(m_trials)) {
            if (objective)
                axis.values.append(t.finalMetric
                                       ? QString::number(t.finalMetric->objectiveValue, 'g', 17)
                                       : QString());
            else
                axis.values.append(t.hyperparameters.value(titles.at(a)));
        }
        double lo = std::numeric_limits<double>::infinity();
        double hi = -lo;
        for (const QString &v : std::as_const(axis.values)) {
            if (v.isEmpty())
                continue;
            bool ok = false;
            const double d = v.toDouble(&ok);
            if (!ok || !std::isfinite(d)) {
                axis.numeric = false;
            } else {
                lo = std::min(lo, d);
                hi = std::max(hi, d);
            }
            if (!axis.categories.contains(v))
                axis.categories.append(v);
        }
        if (axis.numeric && lo <= hi) {
            axis.log = !objective && lo > 0 && hi / lo > 100;
            axis.lo = lo;
            axis.hi = hi;
        } else if (!axis.numeric) {
            axis.categories.sort();
        }
        m_axes.push_back(axis);
    }
}

int ParallelCoordinates::bestIndex() const
{
    const bool minimize = m_tuning.goal == QLatin1String("MINIMIZE");
    int best = -1;
    for (int i = 0; i < m_trials.size(); ++i) {
        const auto &m = m_trials.at(i).finalMetric;
        if (!m)
            continue;
        if (best < 0 ||
            (minimize ? m->objectiveValue < m_trials.at(best).finalMetric->objectiveValue
                      : m->objectiveValue > m_trials.at(best).finalMetric->objectiveValue))
            best = i;
    }
    return best;
}

QRectF ParallelCoordinates::plotRect() const
{
    const QFontMetrics fm = fontMetrics();
    const double top = fm.height() * 2.5;
    const double bottom = fm.height() * 2;
    // Room for the tick labels right of the last axis and half of the outer axes' titles.
    double side = fm.horizontalAdvance(QStringLiteral("0.000000")) * 0.75;
    if (!m_axes.empty())
        side = std::max({side, fm.horizontalAdvance(m_axes.front().title) / 2.0 + 4,
                         fm.horizontalAdvance(m_axes.back().title) / 2.0 + 4});
    side = std::min(side, width() / 4.0);
    return QRectF(side, top, std::max(10.0, width() - 2 * side),
                  std::max(10.0, height() - top - bottom));
}

double ParallelCoordinates::xOfAxis(int axis) const
{
    const QRectF r = plotRect();
    return m_axes.size() <= 1 ? r.center().x()
                              : r.left() + r.width() * axis / double(m_axes.size() - 1);
}

double ParallelCoordinates::position(const Axis &axis, const QString &value) const
{
    if (value.isEmpty())
        return Nan;
    if (!axis.numeric) {
        const qsizetype i = axis.categories.indexOf(value);
        return axis.categories.size() <= 1 ? 0.5 : double(i) / double(axis.categories.size() - 1);
    }
    const double v = value.toDouble();
    if (!(axis.hi > axis.lo))
        return 0.5;
    if (axis.log)
        return (std::log(v) - std::log(axis.lo)) / (std::log(axis.hi) - std::log(axis.lo));
    return (v - axis.lo) / (axis.hi - axis.lo);
}

double ParallelCoordinates::yOf(const QString &trialId, int axis) const
{
    for (int i = 0; i < m_trials.size(); ++i) {
        if (m_trials.at(i).trialId == trialId && axis >= 0 && axis < axisCount()) {
            const double p = position(m_axes[size_t(axis)], m_axes[size_t(axis)].values.at(i));
            const QRectF r = plotRect();
            return std::isnan(p) ? Nan : r.bottom() - p * r.height();
        }
    }
    return Nan;
}

QString ParallelCoordinates::formatTick(const Axis &axis, double fraction) const
{
    const double v =
        axis.log ? std::exp(std::log(axis.lo) + fraction * (std::log(axis.hi) - std::log(axis.lo)))
                 : axis.lo + fraction * (axis.hi - axis.lo);
    return QLocale().toString(v, 'g', 4);
}

void ParallelCoordinates::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const QRectF r = plotRect();
    const QFontMetrics fm = fontMetrics();
    if (m_axes.size() <= 1 || m_trials.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No trials yet."));
        return;
    }
    // The objective's range colours the lines.
    const Axis &objective = m_axes.back();
    const bool minimize = m_tuning.goal == QLatin1String("MINIMIZE");
    const int best = bestIndex();
    const auto lineOf = [&](int i) {
        QPainterPath path;
        bool started = false;
        for (int a = 0; a < int(m_axes.size()); ++a) {
            const double pos = position(m_axes[size_t(a)], m_axes[size_t(a)].values.at(i));
            if (std::isnan(pos))
                continue;
            const QPointF pt(xOfAxis(a), r.bottom() - pos * r.height());
            if (started)
                path.lineTo(pt);
            else
                path.moveTo(pt);
            started = true;
        }
        return path;
    };
    QList<int> order;
    for (int i = 0; i < m_trials.size(); ++i) {
        if (i != best && m_trials.at(i).trialId != m_current)
            order.append(i);
    }
    if (best >= 0 && m_trials.at(best).trialId != m_current)
        order.append(best);
    for (int i = 0; i < m_trials.size(); ++i) {
        if (m_trials.at(i).trialId == m_current)
            order.append(i);
    }
    for (int i : std::as_const(order)) {
        const store::TrialState &t = m_trials.at(i);
        QPen pen;
        if (t.finalMetric) {
            double f = position(objective, objective.values.at(i));
            pen.setColor(ramp(minimize ? 1 - f : f));
            pen.setWidthF(i == best ? 3.0 : 1.6);
        } else {
            pen.setColor(pal.color(QPalette::Disabled, QPalette::Text));
            pen.setStyle(Qt::DashLine);
            pen.setWidthF(1.2);
        }
        if (t.trialId == m_current) {
            QPen halo(pal.color(QPalette::Highlight), pen.widthF() + 4);
            halo.setCapStyle(Qt::RoundCap);
            p.setPen(halo);
            p.drawPath(lineOf(i));
        }
        p.setPen(pen);
        p.drawPath(lineOf(i));
    }
    // Axes, titles and ticks (bottom, middle, top).
    p.setPen(QPen(pal.color(QPalette::Text), 1));
    for (int a = 0; a < int(m_axes.size()); ++a) {
        const Axis &axis = m_axes[size_t(a)];
        const double x = xOfAxis(a);
        p.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()));
        const QString title = fm.elidedText(axis.title, Qt::ElideMiddle,
                                            int(r.width() / std::max<size_t>(1, m_axes.size())));
        p.drawText(QRectF(x - 200, r.top() - fm.height() * 2.2, 400, fm.height()),
                   Qt::AlignHCenter | Qt::AlignBottom, title);
        if (axis.log)
            p.drawText(QRectF(x - 200, r.top() - fm.height() * 1.2, 400, fm.height()),
                       Qt::AlignHCenter | Qt::AlignBottom, tr("(log)"));
        const auto tick = [&](double fraction, const QString &label) {
            const double y = r.bottom() - fraction * r.height();
            p.drawLine(QPointF(x - 3, y), QPointF(x + 3, y));
            p.drawText(QRectF(x + 5, y - fm.height() / 2.0, 200, fm.height()),
                       Qt::AlignLeft | Qt::AlignVCenter, label);
        };
        if (axis.numeric) {
            for (double f : {0.0, 0.5, 1.0})
                tick(f, formatTick(axis, f));
        } else {
            for (int c = 0; c < axis.categories.size(); ++c)
                tick(position(axis, axis.categories.at(c)),
                     fm.elidedText(axis.categories.at(c), Qt::ElideRight, 90));
        }
    }
    if (hasFocus()) {
        p.setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DotLine));
        p.drawRect(rect().adjusted(1, 1, -2, -2));
    }
}

void ParallelCoordinates::keyPressEvent(QKeyEvent *event)
{
    if (m_trials.isEmpty()) {
        QWidget::keyPressEvent(event);
        return;
    }
    int index = -1;
    for (int i = 0; i < m_trials.size(); ++i) {
        if (m_trials.at(i).trialId == m_current)
            index = i;
    }
    switch (event->key()) {
    case Qt::Key_Down:
        index = index < 0 ? 0 : std::min(int(m_trials.size()) - 1, index + 1);
        break;
    case Qt::Key_Up:
        index = index < 0 ? 0 : std::max(0, index - 1);
        break;
    case Qt::Key_Home:
        index = 0;
        break;
    case Qt::Key_End:
        index = int(m_trials.size()) - 1;
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    setCurrentTrial(m_trials.at(index).trialId);
    Q_EMIT trialActivated(m_current);
}

void ParallelCoordinates::mousePressEvent(QMouseEvent *event)
{
    // The trial whose line passes nearest the click, on the nearest axis.
    const QPointF at = event->position();
    int axis = 0;
    for (int a = 1; a < axisCount(); ++a) {
        if (std::abs(xOfAxis(a) - at.x()) < std::abs(xOfAxis(axis) - at.x()))
            axis = a;
    }
    QString nearest;
    double distance = 12;
    for (const store::TrialState &t : std::as_const(m_trials)) {
        const double y = yOf(t.trialId, axis);
        if (!std::isnan(y) && std::abs(y - at.y()) < distance) {
            distance = std::abs(y - at.y());
            nearest = t.trialId;
        }
    }
    if (!nearest.isEmpty()) {
        setCurrentTrial(nearest);
        Q_EMIT trialActivated(nearest);
    }
    QWidget::mousePressEvent(event);
}

void ParallelCoordinates::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    update();
}

void ParallelCoordinates::focusOutEvent(QFocusEvent *event)
{
    QWidget::focusOutEvent(event);
    update();
}

QString ParallelCoordinates::summary() const
{
    if (m_trials.isEmpty())
        return tr("No trials yet.");
    const auto describe = [this](int i) {
        QStringList parts;
        for (int a = 0; a + 1 < int(m_axes.size()); ++a)
            parts << m_axes[size_t(a)].title + QStringLiteral(" = ") +
                         m_axes[size_t(a)].values.at(i);
        const store::TrialState &t = m_trials.at(i);
        parts << (t.finalMetric
                      ? tr("%1 = %2").arg(m_tuning.hyperparameterMetricTag,
                                          QLocale().toString(t.finalMetric->objectiveValue, 'g', 6))
                      : tr("no objective (%1)").arg(store::jobStatusName(t.state)));
        return tr("trial %1: %2").arg(t.trialId, parts.join(QStringLiteral(", ")));
    };
    QString text = tr("%n trial(s) on %1 axes, one line each: the parameters, then the "
                      "objective %2 (goal %3).",
                      nullptr, int(m_trials.size()))
                       .arg(m_axes.size())
                       .arg(m_tuning.hyperparameterMetricTag, m_tuning.goal);
    if (const int best = bestIndex(); best >= 0)
        text += QLatin1Char(' ') + tr("Best, %1.").arg(describe(best));
    for (int i = 0; i < m_trials.size(); ++i) {
        if (m_trials.at(i).trialId == m_current)
            text += QLatin1Char(' ') + tr("Current, %1.").arg(describe(i));
    }
    text += QLatin1Char(' ') + tr("Up and Down move through the trials.");
    return text;
}

void ParallelCoordinates::updateAccessibility()
{
    const QString text = summary();
    setAccessibleDescription(text);
    setToolTip(text);
    if (QAccessible::isActive()) {
        QAccessibleEvent event(this, QAccessible::DescriptionChanged);
        QAccessible::updateAccessibility(&event);
    }
}

} // namespace trainyard::ui::study
