// SPDX-License-Identifier: MIT
// The Logs tab: replica choice (all interleaved by time, or one), severity filter, text or
// regex search with highlighting and next/previous, follow-tail, timestamps on/off, copy.
// The model is refreshed on a timer (RefreshIntervalMs) within a time budget per tick.
#pragma once

#include <QRegularExpression>
#include <QTimer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace trainyard::ui::logs {

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

    // Search (also what the buttons do). Returns at once; the match is shown when found.
    void setSearch(const QString &text, bool regex);
    void findNext();
    void findPrevious();
    bool isSearching() const { return m_searching; }
    int lastMatchRow() const { return m_lastMatch; }
    void setReplica(const QString &replica); // empty: all

Q_SIGNALS:
    void searchFinished(bool found);

private:
    void tick();
    void updateReplicaChoices();
    void updateStatus();
    QRegularExpression pattern() const;
    void startSearch(bool forward);
    void continueSearch(int generation);

    LogModel *m_model;
    LogView *m_view;
    QComboBox *m_replica;
    QComboBox *m_severity;
    QLineEdit *m_search;
    QCheckBox *m_regex;
    QToolButton *m_follow;
    QCheckBox *m_timestamps;
    QLabel *m_status;
    QTimer m_timer;
    QStringList m_knownReplicas;
    // Search state
    bool m_searching = false;
    bool m_forward = true;
    int m_generation = 0;
    int m_searchRow = 0;
    int m_searchStart = 0;
    bool m_wrapped = false;
    int m_lastMatch = -1;
    QRegularExpression m_pattern;
};

} // namespace trainyard::ui::logs
