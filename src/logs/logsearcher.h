// SPDX-License-Identifier: MIT
// Runs log searches (logsearch.h) on a worker thread of its own and hands the results back to
// the thread it lives on (the GUI thread) with queued signals. One search at a time: start()
// cancels the running one at once (an atomic flag checked every window) and a generation
// number drops whatever the cancelled search still delivers. extend() searches lines appended
// since, continuing the cursors, so a growing log is searched as it is written.
#pragma once

#include "logs/logsearch.h"

#include <QObject>
#include <QThread>
#include <memory>

namespace trainyard::logs {

class LogSearcher : public QObject
{
    Q_OBJECT
public:
    struct SourceJob
    {
        int source = 0; // the caller's own number for the file
        SearchSnapshot snapshot;
        SearchCursor cursor;
    };

    explicit LogSearcher(QObject *parent = nullptr);
    ~LogSearcher() override;

    // Starts a new search (cancelling the running one). Returns its generation.
    int start(const SearchOptions &options, QList<SourceJob> sources);
    // Searches on in the current generation (the cursors say where); ignored while one runs.
    bool extend(QList<SourceJob> sources);
    // Finds the first line at or above a severity in each source (severityFound per source).
    int findSeverity(Severity minimum, QList<SourceJob> sources);
    void cancel();

    bool isRunning() const { return m_running; }
    int generation() const { return m_generation; }
    SearchOptions options() const { return m_options; }

Q_SIGNALS:
    // Hits of one source, in line order, and the cursor to continue from.
    void hitsReady(int generation, int source, const std::vector<trainyard::logs::SearchHit> &hits,
                   const trainyard::logs::SearchCursor &cursor);
    void progress(int generation, qint64 bytesDone, qint64 bytesTotal);
    void finished(int generation);
    void failed(int generation, const QString &message);
    void severityFound(int generation, int source, qint64 line);

private:
    void run(const std::shared_ptr<std::atomic<bool>> &cancel, int generation,
             QList<SourceJob> sources);
    void onFinished(int generation);

    QThread m_thread;
    QObject *m_worker;
    SearchOptions m_options;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    int m_generation = 0;
    bool m_running = false;
};

} // namespace trainyard::logs

Q_DECLARE_METATYPE(trainyard::logs::SearchCursor)
