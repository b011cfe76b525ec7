// SPDX-License-Identifier: MIT
#include "logs/logsearcher.h"

#include <QElapsedTimer>
#include <QMetaObject>
#include <QPointer>

namespace trainyard::logs {

LogSearcher::LogSearcher(QObject *parent)
    : QObject(parent)
    , m_worker(new QObject)
{
    qRegisterMetaType<trainyard::logs::SearchCursor>();
    qRegisterMetaType<std::vector<trainyard::logs::SearchHit>>();
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.setObjectName(QStringLiteral("log search"));
    m_thread.start();
}

LogSearcher::~LogSearcher()
{
    cancel();
    m_thread.quit();
    m_thread.wait();
}

void LogSearcher::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
    m_cancel.reset();
    ++m_generation;
    m_running = false;
}

int LogSearcher::start(const SearchOptions &options, QList<SourceJob> sources)
{
    cancel();
    m_options = options;
    const int generation = m_generation;
    run(m_cancel = std::make_shared<std::atomic<bool>>(false), generation, std::move(sources));
    return generation;
}

bool LogSearcher::extend(QList<SourceJob> sources)
{
    if (m_running || !m_cancel)
        return false;
    run(m_cancel, m_generation, std::move(sources));
    return true;
}

void LogSearcher::run(const std::shared_ptr<std::atomic<bool>> &cancel, int generation,
                      QList<SourceJob> sources)
{
    m_running = true;
    const SearchOptions options = m_options;
    QPointer<LogSearcher> self(this);
    QMetaObject::invokeMethod(
        m_worker,
        [self, cancel, generation, options, sources] {
            QString error;
            const std::unique_ptr<Matcher> matcher = Matcher::create(options, &error);
            const auto post = [self](auto &&f) {
                QMetaObject::invokeMethod(self.data(), std::forward<decltype(f)>(f),
                                          Qt::QueuedConnection);
            };
            if (!matcher) {
                post([self, generation, error] {
                    if (self && generation == self->m_generation) {
                        Q_EMIT self->failed(generation, error);
                        self->onFinished(generation);
                    }
                });
                return;
            }
            qint64 total = 0;
            for (const SourceJob &job : sources)
                total += job.snapshot.endOffset;
            qint64 doneBefore = 0;
            QElapsedTimer sinceProgress;
            sinceProgress.start();
            for (const SourceJob &job : sources) {
                std::vector<SearchHit> hits;
                SearchCursor cursor = job.cursor;
                const auto onProgress = [&](const SearchProgress &p) {
                    if (sinceProgress.elapsed() < 50)
                        return;
                    sinceProgress.restart();
                    const qint64 done =
                        doneBefore + job.snapshot.endOffset - p.bytesTotal + p.bytesDone;
                    post([self, generation, done, total] {
                        if (self && generation == self->m_generation)
                            Q_EMIT self->progress(generation, done, total);
                    });
                };
                if (!searchLog(job.snapshot, *matcher, options, &cursor, &hits, *cancel, &error,
                               onProgress)) {
                    if (cancel->load())
                        return;
                    post([self, generation, error] {
                        if (self && generation == self->m_generation)
                            Q_EMIT self->failed(generation, error);
                    });
                    continue;
                }
                doneBefore += job.snapshot.endOffset;
                const int source = job.source;
                post([self, generation, source, hits = std::move(hits), cursor] {
                    if (self && generation == self->m_generation)
                        Q_EMIT self->hitsReady(generation, source, hits, cursor);
                });
            }
            post([self, generation, doneBefore, total] {
                if (self && generation == self->m_generation) {
                    Q_EMIT self->progress(generation, doneBefore, total);
                    self->onFinished(generation);
                }
            });
        },
        Qt::QueuedConnection);
}

int LogSearcher::findSeverity(Severity minimum, QList<SourceJob> sources)
{
    cancel();
    const int generation = m_generation;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    QPointer<LogSearcher> self(this);
    const auto cancelFlag = m_cancel;
    QMetaObject::invokeMethod(
        m_worker,
        [self, cancelFlag, generation, minimum, sources] {
            for (const SourceJob &job : sources) {
                const qint64 line =
                    findFirstSeverity(job.snapshot, minimum, job.cursor.nextLine, *cancelFlag);
                const int source = job.source;
                QMetaObject::invokeMethod(
                    self.data(),
                    [self, generation, source, line] {
                        if (self && generation == self->m_generation)
                            Q_EMIT self->severityFound(generation, source, line);
                    },
                    Qt::QueuedConnection);
            }
            QMetaObject::invokeMethod(
                self.data(),
                [self, generation] {
                    if (self && generation == self->m_generation)
                        self->onFinished(generation);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
    return generation;
}

void LogSearcher::onFinished(int generation)
{
    m_running = false;
    Q_EMIT finished(generation);
}

} // namespace trainyard::logs
