// SPDX-License-Identifier: MIT
// A virtual viewport over a LogModel: paints only the visible rows (uniform height), so ten
// million lines cost nothing but the model's row map. Columns: time (optional), replica,
// severity, message; every string is drawn as plain text, ANSI colours of the line as colour.
// Selection of a row range (click, shift+click, keyboard), copy (Ctrl+C), search-match highlighting
// and follow-tail: while the view is scrolled to the bottom it stays there as rows arrive;
// scrolling up pauses it, scrolling back to the bottom resumes it. Trainyard's own lines in a log
// ("[trainyard] worker-0 restarted after VM maintenance", "... resumed at step 13") are drawn on
// a tinted row with a bar at its left edge, warnings among them in the warning colour.
//
// Assistive technology reads it as a table of its lines (logaccess.h): the cells' texts come from
// cellText(), and moving the current row sends a Focus event for the row's message cell.
#pragma once

#include "logs/highlighter.h"
#include "logs/terminaltext.h"

#include <QAbstractScrollArea>
#include <QRegularExpression>

class QPainter;

namespace trainyard::ui::logs {

class LogModel;

class LogView : public QAbstractScrollArea
{
    Q_OBJECT
public:
    explicit LogView(LogModel *model, QWidget *parent = nullptr);

    LogModel *model() const { return m_model; }

    void setShowTimestamps(bool show);
    bool showTimestamps() const { return m_showTimestamps; }
    void setFollowing(bool follow);
    bool isFollowing() const { return m_follow; }

    // Highlights matches of `pattern` (case-insensitive; empty: none). The matches are found
    // off the GUI thread (Highlighter): a row is drawn plain until its spans are known.
    void setHighlight(const QRegularExpression &pattern);
    const Highlighter *highlighter() const { return m_highlighter; }
    // Selects and shows a row (search results).
    void showRow(int row);
    int currentRow() const { return m_current; }
    // Selected rows, inclusive; -1,-1 when none.
    QPair<int, int> selection() const;
    void selectRows(int first, int last);
    QString selectedText() const;
    void copy() const;

    int firstVisibleRow() const;
    int visibleRowCount() const;
    int rowHeight() const { return m_rowHeight; }
    // A line Trainyard wrote into the log (a restart mark, the log cap): "[trainyard] ...".
    static bool isTrainyardMark(const QString &text);

    // The columns shown, as LogModel::Columns (the time only while timestamps are shown).
    QList<int> shownColumns() const;
    QString columnTitle(int column) const;
    // A cell's text as drawn (plain), and its rectangle in the viewport (empty when its row is
    // not on screen).
    QString cellText(int row, int column) const;
    QRect cellRect(int row, int column) const;
    // What a row says besides its message: "chief-0, INFO, 2026-11-22 14:02:10.123".
    QString lineContext(int row) const;

Q_SIGNALS:
    void followingChanged(bool following);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void focusInEvent(QFocusEvent *event) override;

private:
    // Tells assistive technology that the current row's cell has the focus.
    void announceCurrent();
    QString timeText(qint64 msecs) const;
    void updateScrollBars();
    void updateMetrics();
    void onRowsInserted();
    void onValueChanged(int value);
    int rowAt(int y) const;
    void setCurrent(int row, bool extend);
    void drawStyled(QPainter &p, int x, int y, int baseline, const QString &text,
                    const QList<trainyard::logs::StyledSpan> &spans, const QColor &plain,
                    bool selected) const;

    LogModel *m_model;
    Highlighter *m_highlighter;
    bool m_showTimestamps = true;
    bool m_follow = true;
    bool m_adjusting = false;
    int m_rowHeight = 16;
    int m_timeWidth = 0;
    int m_replicaWidth = 0;
    int m_severityWidth = 0;
    int m_maxTextWidth = 0;
    int m_anchor = -1;
    int m_current = -1;
};

} // namespace trainyard::ui::logs
