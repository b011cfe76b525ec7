// SPDX-License-Identifier: MIT
#include "logs/highlighter.h"

#include "threads/offthread.h"

#include <algorithm>

namespace trainyard::ui::logs {

Highlighter::Highlighter(QObject *parent)
    : QObject(parent)
{}

Highlighter::~Highlighter() = default; // a running task finds the object gone and drops its work

void Highlighter::setPattern(const QRegularExpression &pattern)
{
    ++m_generation;
    m_pattern = pattern;
    m_active = !pattern.pattern().isEmpty() && pattern.isValid();
    m_cache.clear();
    m_queue.clear();
}

const Highlighter::Spans *Highlighter::spans(const QString &text)
{
    if (!m_active)
        return nullptr;
    const QString key = text.left(MaxTextChars);
    auto it = m_cache.constFind(key);
    if (it != m_cache.constEnd())
        return &*it;
    if (!m_queue.contains(key))
        m_queue.append(key);
    if (!m_running)
        startTask();
    return nullptr;
}

void Highlighter::startTask()
{
    if (m_queue.isEmpty())
        return;
    // The rows asked for last are the ones on screen now.
    const QStringList texts = m_queue.mid(std::max<qsizetype>(0, m_queue.size() - MaxBatch));
    m_queue.clear();
    m_running = true;
    const QRegularExpression pattern = m_pattern;
    const quint64 generation = m_generation;
    // Back on the GUI thread through threads::offThread: dropped when the highlighter is gone.
    threads::offThread(
        this,
        [pattern, texts] {
            QVector<Spans> all;
            all.reserve(texts.size());
            for (const QString &text : texts) {
                Spans spans;
                auto it = pattern.globalMatch(text);
                while (it.hasNext() && spans.size() < MaxSpansPerText) {
                    const QRegularExpressionMatch m = it.next();
                    if (m.capturedLength() == 0)
                        break;
                    spans.append({int(m.capturedStart()), int(m.capturedLength())});
                }
                all.append(spans);
            }
            return all;
        },
        [this, generation, texts](const QVector<Spans> &all) { taskDone(generation, texts, all); });
}

void Highlighter::taskDone(quint64 generation, const QStringList &texts,
                           const QVector<Spans> &spans)
{
    m_running = false;
    if (generation == m_generation) {
        if (m_cache.size() + texts.size() > MaxCachedTexts)
            m_cache.clear();
        for (qsizetype i = 0; i < texts.size(); ++i)
            m_cache.insert(texts.at(i), spans.at(i));
        Q_EMIT ready();
    }
    startTask();
}

} // namespace trainyard::ui::logs
