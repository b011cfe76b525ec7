// SPDX-License-Identifier: MIT
// The Logs tab: replica choice (all interleaved by time, or one), severity filter, text or
// regex search (case, invert) with highlighting, match count and next/previous, "Show matching
// lines only" with grep -C style context, go to a time, go to the first error, follow-tail,
// timestamps on/off, copy. The search runs on the model's worker thread as the pattern is typed;
// next/previous then jump at once. The model is refreshed on a timer (RefreshIntervalMs) within
// a time budget per tick.
//
// A jump is announced to assistive technology ("Match 3 of 12, line 45"): in the status line,
// and as the accessible description of the search field and of the log view, which sends
// DescriptionChanged; a screen reader speaks it for the one that has the focus. (Qt 6.4 has no
// announcement event: QAccessibleAnnouncementEvent came with Qt 6.8.)
#pragma once

#include <QRegularExpression>
#include <QTimer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QToolButton;

namespace trainyard::ui::logs {

// Names the clear button of a line edit with a clear button (setClearButtonEnabled).
void nameClearButton(QLineEdit *edit, const QString &name);

class LogModel;
class LogView;

class LogPanel : public QWidget
{
    Q_OBJECT
public:
    static constexpr int RefreshIntervalMs = 100;

    explicit LogPanel(QWidget *parent = nullptr);
    ~LogPanel() override;

    // Shows the logs of a job (its logs/ folder); empty: nothing.
    void setLogsDir(const QString &dir);
    LogModel *model() const { return m_model; }
    LogView *view() const { return m_view; }

    // Search (also what the controls do). Returns at once; the worker searches.
    void setSearch(const QString &text, bool regex);
    void setSearchOptions(bool caseSensitive, bool invert, int context);
    void setFilterRows(bool only); // "Show matching lines only"
    // Jumps to the next/previous match once the search has found one (searchFinished says).
    void findNext();
    void findPrevious();
    bool isSearching() const;
    int lastMatchRow() const { return m_lastMatch; }
    void setReplica(const QString &replica); // empty: all
    // "14:02:10" (today's date of the shown row) or "2026-11-22 14:02:10", local time.
    bool goToTime(const QString &text);
    void goToFirstError();
    QString statusText() const;
    // The last jump's announcement ("Match 3 of 12, line 45"); empty before one.
    QString announcement() const { return m_announcement; }

Q_SIGNALS:
    void searchFinished(bool found);
    void jumped(int row);

private:
    void tick();
    void updateReplicaChoices();
    void updateStatus();
    QRegularExpression pattern() const;
    void applySearch();
    void startSearch(bool forward);
    void onSearchChanged();
    void announce(const QString &text);
    QString matchText(int row) const;

    LogModel *m_model;
    LogView *m_view;
    QComboBox *m_replica;
    QComboBox *m_severity;
    QLineEdit *m_search;
    QCheckBox *m_regex;
    QCheckBox *m_case;
    QCheckBox *m_invert;
    QCheckBox *m_only;
    QSpinBox *m_context;
    QLineEdit *m_time;
    QToolButton *m_follow;
    QCheckBox *m_timestamps;
    QLabel *m_status;
    QTimer m_timer;
    QTimer m_searchDelay; // typing settles before the search restarts
    QStringList m_knownReplicas;
    QString m_announcement;
    int m_lastMatch = -1;
    int m_pendingJump = 0; // +1/-1: jump when the first match is known
};

} // namespace trainyard::ui::logs
