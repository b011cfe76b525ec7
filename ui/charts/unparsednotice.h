// SPDX-License-Identifier: MIT
// The Metrics tab's "never a silent blank" notice: when a replica printed lines that look like
// metrics and no series came from them (metrics::unparsedNotices, written by the store's writer),
// it says so, shows one such line and offers to make a pattern from it (Settings > Metrics with
// the line and a pattern that reads it filled in). Hidden otherwise.
//
// It reads the store's unparsed.json off the GUI thread (threads::offThread) when asked (refresh())
// and every RefreshMs while a job is shown, so a running job's notice comes and goes with its
// lines.
#pragma once

#include "metrics/unparsed.h"

#include <QFrame>
#include <QTimer>

class QLabel;
class QPushButton;

namespace trainyard::ui::charts {

class UnparsedNotice : public QFrame
{
    Q_OBJECT
public:
    static constexpr int RefreshMs = 2000;

    explicit UnparsedNotice(QWidget *parent = nullptr);

    // The job's metric store (empty: none, hidden).
    void setStoreDir(const QString &dir);
    void refresh();

    // As shown (for tests).
    QString text() const;
    QString sampleLine() const { return m_sample; }
    QPushButton *patternButton() const { return m_button; }

Q_SIGNALS:
    void shown();

private:
    void show(const QList<metrics::UnparsedNotice> &notices);
    void makePattern();

    QString m_dir;
    QString m_sample;
    QLabel *m_label;
    QPushButton *m_button;
    QTimer m_timer;
    int m_generation = 0;
    int m_running = -1; // the generation of the read under way (-1: none)
};

} // namespace trainyard::ui::charts
