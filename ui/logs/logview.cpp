// SPDX-License-Identifier: MIT
#include "logs/logview.h"

#include "logs/logaccess.h"
#include "logs/logmodel.h"

#include <QAccessible>
#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>
#include <algorithm>

namespace trainyard::ui::logs {

using trainyard::logs::Severity;

namespace {

constexpr int Gap = 8;
constexpr int MaxCopyRows = 200000;

// A severity colour readable on the palette's base colour (dark themes included).
QColor severityColor(Severity severity, const QPalette &palette)
{
    const bool dark = palette.color(QPalette::Base).lightness() < 128;
    switch (severity) {
    case Severity::Debug:
        return palette.color(QPalette::PlaceholderText);
    case Severity::Info:
        return palette.color(QPalette::Text);
    case Severity::Warning:
        return dark ? QColor(0xf0, 0xc0, 0x40) : QColor(0x9a, 0x60, 0x00);
    case Severity::Error:
    case Severity::Critical:
        return dark ? QColor(0xff, 0x70, 0x70) : QColor(0xc0, 0x10, 0x10);
    }
    return palette.color(QPalette::Text);
}

// An ANSI colour, darkened on a light background where the terminal's light colours (yellow,
// white) would not be readable.
QColor ansiColor(qint32 colour, const QPalette &palette)
{
    QColor c = (colour & trainyard::logs::TextStyle::TrueColor)
                   ? QColor::fromRgb(QRgb(colour & 0xffffff))
                   : QColor::fromRgb(QRgb(trainyard::logs::paletteRgb(colour)));
    const bool lightBase = palette.color(QPalette::Base).lightness() >= 128;
    const int luma = (299 * c.red() + 587 * c.green() + 114 * c.blue()) / 1000;
    if (lightBase && luma > 150)
        c = c.darker(100 + luma / 2);
    return c;
}

} // namespace

void LogView::drawStyled(QPainter &p, int x, int y, int baseline, const QString &text,
                         const QList<trainyard::logs::StyledSpan> &spans, const QColor &plain,
                         bool selected) const
{
    // The text in pieces: plain between the spans, each span in its ANSI style.
    const QFontMetrics fm(font());
    int at = 0;
    int left = x;
    const auto piece = [&](int from, int to, const trainyard::logs::TextStyle *style) {
        if (to <= from)
            return;
        const QString part = text.mid(from, to - from);
        const int w = fm.horizontalAdvance(part);
        QColor fg = plain;
        if (style != nullptr && !selected) {
            QColor bg;
            if (style->foreground >= 0)
                fg = ansiColor(style->foreground, palette());
            if (style->background >= 0)
                bg = ansiColor(style->background, palette());
            if (style->inverse) {
                const QColor old = fg;
                fg = bg.isValid() ? bg : palette().color(QPalette::Base);
                bg = old;
            }
            if (bg.isValid())
                p.fillRect(left, y, w, m_rowHeight, bg);
        }
        if (style != nullptr && (style->bold || style->italic || style->underline)) {
            QFont f = font();
            f.setBold(style->bold);
            f.setItalic(style->italic);
            f.setUnderline(style->underline);
            p.setFont(f);
        }
        p.setPen(fg);
        p.drawText(left, baseline, part);
        if (style != nullptr)
            p.setFont(font());
        left += w;
    };
    for (const trainyard::logs::StyledSpan &span : spans) {
        if (span.start >= text.size())
            break;
        piece(at, span.start, nullptr);
        piece(span.start, std::min(int(text.size()), span.start + span.length), &span.style);
        at = span.start + span.length;
    }
    piece(at, int(text.size()), nullptr);
}

LogView::LogView(LogModel *model, QWidget *parent)
    : QAbstractScrollArea(parent)
    , m_model(model)
    , m_highlighter(new Highlighter(this))
{
    installLogViewAccessibility();
    connect(m_highlighter, &Highlighter::ready, viewport(), [this] { viewport()->update(); });
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setBackgroundRole(QPalette::Base);
    QFont mono = font();
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    setFont(mono);
    updateMetrics();
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &LogView::onRowsInserted);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_anchor = m_current = -1;
        m_maxTextWidth = 0;
        updateScrollBars();
        viewport()->update();
        QAccessibleTableModelChangeEvent reset(this, QAccessibleTableModelChangeEvent::ModelReset);
        QAccessible::updateAccessibility(&reset);
    });
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, &LogView::onValueChanged);
}

void LogView::updateMetrics()
{
    const QFontMetrics fm(font());
    m_rowHeight = fm.height() + 2;
    m_timeWidth = fm.horizontalAdvance(QStringLiteral("0000-00-00 00:00:00.000")) + Gap;
    m_replicaWidth = fm.horizontalAdvance(QStringLiteral("evaluator-replica-0")) + Gap;
    m_severityWidth = fm.horizontalAdvance(QStringLiteral("CRITICAL")) + Gap;
    updateScrollBars();
}

void LogView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        updateMetrics();
    QAbstractScrollArea::changeEvent(event);
}

int LogView::visibleRowCount() const
{
    return std::max(1, viewport()->height() / m_rowHeight);
}

int LogView::firstVisibleRow() const
{
    return verticalScrollBar()->value();
}

void LogView::updateScrollBars()
{
    m_adjusting = true;
    const int rows = m_model->rowCount();
    const int page = visibleRowCount();
    verticalScrollBar()->setRange(0, std::max(0, rows - page));
    verticalScrollBar()->setPageStep(page);
    verticalScrollBar()->setSingleStep(1);
    const int prefix = (m_showTimestamps ? m_timeWidth : 0) + m_replicaWidth + m_severityWidth;
    horizontalScrollBar()->setRange(0, std::max(0, prefix + m_maxTextWidth - viewport()->width()));
    horizontalScrollBar()->setPageStep(viewport()->width());
    horizontalScrollBar()->setSingleStep(20);
    if (m_follow)
        verticalScrollBar()->setValue(verticalScrollBar()->maximum());
    m_adjusting = false;
}

void LogView::onRowsInserted()
{
    updateScrollBars();
    viewport()->update();
}

void LogView::onValueChanged(int value)
{
    if (m_adjusting)
        return;
    const bool atBottom = value >= verticalScrollBar()->maximum();
    if (atBottom != m_follow) {
        m_follow = atBottom;
        Q_EMIT followingChanged(m_follow);
    }
}

void LogView::setFollowing(bool follow)
{
    if (follow == m_follow)
        return;
    m_follow = follow;
    if (follow) {
        m_adjusting = true;
        verticalScrollBar()->setValue(verticalScrollBar()->maximum());
        m_adjusting = false;
    }
    Q_EMIT followingChanged(m_follow);
}

void LogView::setShowTimestamps(bool show)
{
    m_showTimestamps = show;
    updateScrollBars();
    viewport()->update();
    // The columns changed: a reader asks for the cells again.
    QAccessibleTableModelChangeEvent reset(this, QAccessibleTableModelChangeEvent::ModelReset);
    QAccessible::updateAccessibility(&reset);
}

QList<int> LogView::shownColumns() const
{
    QList<int> columns;
    if (m_showTimestamps)
        columns.append(LogModel::TimeColumn);
    columns << LogModel::ReplicaColumn << LogModel::SeverityColumn << LogModel::MessageColumn;
    return columns;
}

QString LogView::columnTitle(int column) const
{
    return m_model->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
}

QString LogView::timeText(qint64 msecs) const
{
    return msecs > 0 ? QDateTime::fromMSecsSinceEpoch(msecs).toLocalTime().toString(
                           QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"))
                     : QString();
}

QString LogView::cellText(int row, int column) const
{
    if (row < 0 || row >= m_model->rowCount())
        return {};
    const LogLine &line = m_model->line(row);
    switch (column) {
    case LogModel::TimeColumn:
        return timeText(line.timestamp);
    case LogModel::ReplicaColumn:
        return m_model->replicaName(line.source);
    case LogModel::SeverityColumn:
        return trainyard::logs::severityName(line.severity);
    case LogModel::MessageColumn:
        return line.text;
    default:
        return {};
    }
}

QString LogView::lineContext(int row) const
{
    QStringList parts{cellText(row, LogModel::ReplicaColumn),
                      cellText(row, LogModel::SeverityColumn)};
    const QString time = cellText(row, LogModel::TimeColumn);
    if (!time.isEmpty())
        parts.append(time);
    return parts.join(QStringLiteral(", "));
}

QRect LogView::cellRect(int row, int column) const
{
    const int first = firstVisibleRow();
    if (row < first || row > first + visibleRowCount() || row >= m_model->rowCount())
        return {};
    int x = 4 - horizontalScrollBar()->value();
    for (int c : shownColumns()) {
        const int w = c == LogModel::TimeColumn       ? m_timeWidth
                      : c == LogModel::ReplicaColumn  ? m_replicaWidth
                      : c == LogModel::SeverityColumn ? m_severityWidth
                                                      : std::max(0, viewport()->width() - x);
        if (c == column)
            return QRect(x, (row - first) * m_rowHeight, w, m_rowHeight)
                .intersected(viewport()->rect());
        x += w;
    }
    return {};
}

void LogView::announceCurrent()
{
    if (m_current < 0 || !hasFocus())
        return;
    // The message cell of the current row (logaccess.cpp: the table's cells, row by row).
    const int columns = int(shownColumns().size());
    QAccessibleEvent focus(this, QAccessible::Focus);
    focus.setChild(m_current * columns + columns - 1);
    QAccessible::updateAccessibility(&focus);
}

void LogView::focusInEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusInEvent(event);
    announceCurrent();
}

void LogView::setHighlight(const QRegularExpression &pattern)
{
    m_highlighter->setPattern(pattern);
    viewport()->update();
}

void LogView::scrollContentsBy(int, int)
{
    viewport()->update();
}

void LogView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBars();
}

bool LogView::isTrainyardMark(const QString &text)
{
    return text.startsWith(u"[trainyard] ");
}

void LogView::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    const QPalette &pal = palette();
    const QFontMetrics fm(font());
    const int first = firstVisibleRow();
    const int rows = m_model->rowCount();
    const int last = std::min(rows - 1, first + visibleRowCount());
    const int dx = -horizontalScrollBar()->value();
    const QPair<int, int> sel = selection();
    const int width = viewport()->width();
    for (int row = first; row <= last; ++row) {
        const LogLine &line = m_model->line(row);
        const int y = (row - first) * m_rowHeight;
        const bool selected = row >= sel.first && row <= sel.second && sel.first >= 0;
        // Trainyard's own marks (a restart, the log cap) stand out: a tinted row with a bar at
        // its left edge, in the warning colour for warnings (a replica that started over).
        const bool ownMark = !line.continuation && isTrainyardMark(line.text);
        const bool warningMark = ownMark && line.severity >= Severity::Warning;
        if (selected) {
            p.fillRect(0, y, width, m_rowHeight, pal.color(QPalette::Highlight));
        } else if (ownMark) {
            QColor tint =
                warningMark ? severityColor(Severity::Warning, pal) : pal.color(QPalette::Link);
            tint.setAlpha(40);
            p.fillRect(0, y, width, m_rowHeight, tint);
            tint.setAlpha(255);
            p.fillRect(0, y, 3, m_rowHeight, tint);
        }
        const QColor textColor =
            selected ? pal.color(QPalette::HighlightedText) : pal.color(QPalette::Text);
        const int baseline = y + 1 + fm.ascent();
        int x = dx + 4;
        p.setPen(selected ? textColor : pal.color(QPalette::PlaceholderText));
        if (m_showTimestamps) {
            if (line.timestamp > 0)
                p.drawText(x, baseline, timeText(line.timestamp));
            x += m_timeWidth;
        }
        p.drawText(x, baseline,
                   fm.elidedText(m_model->replicaName(line.source), Qt::ElideMiddle,
                                 m_replicaWidth - Gap));
        x += m_replicaWidth;
        p.setPen(selected ? textColor : severityColor(line.severity, pal));
        p.drawText(x, baseline, trainyard::logs::severityName(line.severity));
        x += m_severityWidth;
        const QString &text = line.text;
        // The spans come from the highlighter's worker: no regex runs while painting.
        if (const Highlighter::Spans *spans = m_highlighter->spans(text)) {
            QColor mark = pal.color(QPalette::Highlight);
            mark.setAlpha(selected ? 255 : 90);
            for (const auto &[start, length] : *spans) {
                const int left = fm.horizontalAdvance(text.left(start));
                const int w = fm.horizontalAdvance(text.mid(start, length));
                p.fillRect(x + left, y, w, m_rowHeight,
                           selected ? pal.color(QPalette::Link) : mark);
            }
        }
        QColor plainColor = line.severity >= Severity::Error || warningMark
                                ? severityColor(line.severity, pal)
                                : textColor;
        if (line.context)
            plainColor = pal.color(QPalette::PlaceholderText);
        if (selected)
            plainColor = textColor;
        // Plain text only: QPainter::drawText never interprets markup.
        const QString shown =
            text.size() > 1000 && x + fm.horizontalAdvance(text.left(1000)) > width
                ? text.left(1000)
                : text;
        drawStyled(p, x, y, baseline, shown, line.spans, plainColor, selected);
        const int textWidth = fm.horizontalAdvance(shown);
        if (textWidth > m_maxTextWidth) {
            m_maxTextWidth = textWidth;
            QMetaObject::invokeMethod(
                this, [this] { updateScrollBars(); }, Qt::QueuedConnection);
        }
    }
}

int LogView::rowAt(int y) const
{
    const int row = firstVisibleRow() + y / m_rowHeight;
    return std::clamp(row, 0, std::max(0, m_model->rowCount() - 1));
}

QPair<int, int> LogView::selection() const
{
    if (m_anchor < 0 || m_current < 0)
        return {-1, -1};
    return {std::min(m_anchor, m_current), std::max(m_anchor, m_current)};
}

void LogView::selectRows(int first, int last)
{
    m_anchor = first;
    m_current = last;
    viewport()->update();
}

void LogView::setCurrent(int row, bool extend)
{
    const int rows = m_model->rowCount();
    if (rows == 0)
        return;
    row = std::clamp(row, 0, rows - 1);
    if (!extend || m_anchor < 0)
        m_anchor = row;
    const bool moved = row != m_current;
    m_current = row;
    const int first = firstVisibleRow();
    if (row < first)
        verticalScrollBar()->setValue(row);
    else if (row >= first + visibleRowCount())
        verticalScrollBar()->setValue(row - visibleRowCount() + 1);
    viewport()->update();
    if (moved)
        announceCurrent();
}

void LogView::showRow(int row)
{
    setCurrent(row, false);
    // Center it when it was far away.
    const int first = firstVisibleRow();
    if (row < first || row >= first + visibleRowCount() - 1)
        verticalScrollBar()->setValue(row - visibleRowCount() / 2);
}

void LogView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        setCurrent(rowAt(event->position().toPoint().y()), event->modifiers() & Qt::ShiftModifier);
    QAbstractScrollArea::mousePressEvent(event);
}

void LogView::mouseMoveEvent(QMouseEvent *event)
{
    if (event->buttons() & Qt::LeftButton)
        setCurrent(rowAt(event->position().toPoint().y()), true);
}

void LogView::keyPressEvent(QKeyEvent *event)
{
    const bool extend = event->modifiers() & Qt::ShiftModifier;
    const int current = std::max(m_current, firstVisibleRow());
    if (event->matches(QKeySequence::Copy)) {
        copy();
        return;
    }
    if (event->matches(QKeySequence::SelectAll)) {
        selectRows(0, m_model->rowCount() - 1);
        return;
    }
    switch (event->key()) {
    case Qt::Key_Up:
        setCurrent(current - 1, extend);
        return;
    case Qt::Key_Down:
        setCurrent(current + 1, extend);
        return;
    case Qt::Key_PageUp:
        setCurrent(current - visibleRowCount(), extend);
        return;
    case Qt::Key_PageDown:
        setCurrent(current + visibleRowCount(), extend);
        return;
    case Qt::Key_Home:
        if (event->modifiers() & Qt::ControlModifier) {
            setCurrent(0, extend);
            return;
        }
        break;
    case Qt::Key_End:
        if (event->modifiers() & Qt::ControlModifier) {
            setCurrent(m_model->rowCount() - 1, extend);
            setFollowing(true);
            return;
        }
        break;
    default:
        break;
    }
    QAbstractScrollArea::keyPressEvent(event);
}

QString LogView::selectedText() const
{
    const QPair<int, int> sel = selection();
    if (sel.first < 0)
        return {};
    const int count = std::min(sel.second - sel.first + 1, MaxCopyRows);
    const QStringList text = m_model->fullText(sel.first, count);
    QStringList lines;
    lines.reserve(text.size());
    for (int i = 0; i < text.size(); ++i) {
        const LogLine &line = m_model->line(sel.first + i);
        QString prefix;
        if (m_showTimestamps)
            prefix = QDateTime::fromMSecsSinceEpoch(line.timestamp)
                         .toLocalTime()
                         .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz")) +
                     QLatin1Char(' ');
        lines.append(prefix + m_model->replicaName(line.source) + QLatin1Char(' ') +
                     trainyard::logs::severityName(line.severity) + QLatin1Char(' ') + text.at(i));
    }
    return lines.join(QLatin1Char('\n'));
}

void LogView::copy() const
{
    const QString text = selectedText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

} // namespace trainyard::ui::logs
