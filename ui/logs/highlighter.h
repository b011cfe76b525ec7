// SPDX-License-Identifier: MIT
// Search-match spans for the log view, computed off the GUI thread: a user's regex can be
// catastrophic (`(a+)+$` on a line of a's backtracks for as long as PCRE2's match limit lets
// it), so the view never runs it while painting. It asks spans() for each visible row's text;
// a text not seen yet is queued and matched by one task at a time on the global thread pool
// (at most MaxBatch texts, each cut to MaxTextChars, the part a row draws), and ready() asks
// for a repaint when spans arrive. Until then the row is drawn without highlight.
#pragma once

#include <QHash>
#include <QObject>
#include <QPair>
#include <QRegularExpression>
#include <QStringList>
#include <QVector>

namespace trainyard::ui::logs {

class Highlighter : public QObject
{
    Q_OBJECT
public:
    using Spans = QVector<QPair<int, int>>; // start, length (UTF-16 units)
    static constexpr int MaxBatch = 64;
    static constexpr int MaxTextChars = 1000;
    static constexpr int MaxSpansPerText = 64;
    static constexpr int MaxCachedTexts = 4096;

    explicit Highlighter(QObject *parent = nullptr);
    ~Highlighter() override;

    void setPattern(const QRegularExpression &pattern);
    bool isActive() const { return m_active; }
    // The spans of `text` when known; else nullptr and the text is queued.
    const Spans *spans(const QString &text);
    // The spans of `text` when known, without queueing it (tests).
    const Spans *cached(const QString &text) const
    {
        auto it = m_cache.constFind(text.left(MaxTextChars));
        return it == m_cache.constEnd() ? nullptr : &*it;
    }
    // True while a task runs or texts wait (tests).
    bool isBusy() const { return m_running || !m_queue.isEmpty(); }

Q_SIGNALS:
    void ready();

private:
    void startTask();
    void taskDone(quint64 generation, const QStringList &texts, const QVector<Spans> &spans);

    QRegularExpression m_pattern;
    bool m_active = false;
    quint64 m_generation = 0;
    bool m_running = false;
    QStringList m_queue;
    QHash<QString, Spans> m_cache;
};

} // namespace trainyard::ui::logs
