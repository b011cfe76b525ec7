// SPDX-License-Identifier: MIT
#include "metrics/ownermetrics.h"

#include "metrics/userpatterns.h"

#include <QDateTime>
#include <QDir>
#include <QSettings>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace trainyard::metrics {

OwnerMetrics::OwnerMetrics(const QString &storeDir, const QString &hypertuneDir, QObject *parent)
    : QObject(parent)
    , m_recorder(storeDir,
                 UserPatternStore::usableTexts(
                     QSettings().value(QLatin1String(UserPatternsSettingsKey)).toStringList()))
    , m_hypertuneDir(hypertuneDir)
{
    m_timer.setInterval(FlushIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &OwnerMetrics::flush);
}

OwnerMetrics::~OwnerMetrics()
{
    stop();
}

bool OwnerMetrics::start(QString *error)
{
    if (m_running)
        return true;
    if (!m_recorder.open(2000, error))
        return false;
    if (!m_tensorBoardRoots.isEmpty()) // set before the store opened (its progress loaded now)
        m_recorder.setTensorBoardRoots(m_tensorBoardRoots);
    // Lines logged before this owner (a job recorded before the store existed, an owner that
    // died between flushes) are extracted first, so the live lines continue from there.
    while (m_recorder.catchUp({logsDir(), m_hypertuneDir, {}}, CatchUpBytes) > 0) {
    }
    m_recorder.flush();
    m_stopping = false;
    m_running = true;
    m_worker = std::thread([this] { work(); });
    m_timer.start();
    return true;
}

QString OwnerMetrics::logsDir() const
{
    return QDir(m_recorder.storeDir()).filePath(QStringLiteral("../logs"));
}

void OwnerMetrics::setTensorBoardRoots(const QStringList &roots)
{
    const std::lock_guard<std::mutex> lock(m_recorderMutex);
    m_tensorBoardRoots = roots;
    m_recorder.setTensorBoardRoots(roots);
}

void OwnerMetrics::work()
{
    using Clock = std::chrono::steady_clock;
    // Extraction is background work: under CPU contention the capture thread goes first (the
    // log file buffers whatever the worker has not read yet).
    ::setpriority(PRIO_PROCESS, id_t(::syscall(SYS_gettid)), 10);
    const QString dir = logsDir();
    // Lines noted by an observer may still be in the LogWriter's buffer (it writes them out
    // within 50 ms), so the files are followed for a while after the last note, and now and
    // then anyway.
    Clock::time_point activeUntil = Clock::now();
    Clock::time_point nextAnyway = Clock::now();
    std::unique_lock<std::mutex> wait(m_stopMutex);
    while (!m_stopping) {
        const Clock::time_point now = Clock::now();
        if (m_linesArrived.exchange(false, std::memory_order_relaxed))
            activeUntil = now + std::chrono::milliseconds(10 * FollowIntervalMs);
        if (now < activeUntil || now >= nextAnyway) {
            nextAnyway = now + std::chrono::milliseconds(2 * FlushIntervalMs);
            qint64 read = 0;
            do {
                // Small steps, so the flush tick never waits long for the recorder.
                wait.unlock();
                {
                    const std::lock_guard<std::mutex> lock(m_recorderMutex);
                    read = m_recorder.catchUp({dir, {}, {}}, StepBytes);
                }
                wait.lock();
            } while (read > 0 && !m_stopping);
            // Caught up: a line that waited for a bar's next line longer than it waits
            // (LogLineState::MaxWaitMs) is stored at the bar's last counter.
            wait.unlock();
            {
                const std::lock_guard<std::mutex> lock(m_recorderMutex);
                m_recorder.expireWaiting(QDateTime::currentMSecsSinceEpoch() -
                                         LogLineState::MaxWaitMs);
            }
            wait.lock();
        }
        if (!m_stopping)
            m_stopChanged.wait_for(wait, std::chrono::milliseconds(FollowIntervalMs));
    }
}

void OwnerMetrics::flush()
{
    if (!m_running)
        return;
    const std::lock_guard<std::mutex> lock(m_recorderMutex);
    // The files beside the logs (the worker follows the logs themselves).
    m_recorder.catchUp({{}, m_hypertuneDir, m_tensorBoardRoots}, FileStepBytes);
    m_recorder.flush();
}

void OwnerMetrics::stop()
{
    m_timer.stop();
    if (!m_running)
        return;
    {
        const std::lock_guard<std::mutex> lock(m_stopMutex);
        m_stopping = true;
    }
    m_stopChanged.notify_all();
    m_worker.join();
    m_running = false;
    const std::lock_guard<std::mutex> lock(m_recorderMutex); // addPoints() may still come
    // The rest of the logs (the captures have flushed their writers by now) and of the files.
    while (m_recorder.catchUp({logsDir(), m_hypertuneDir, m_tensorBoardRoots}, CatchUpBytes) > 0) {
    }
    m_recorder.close();
}

void OwnerMetrics::addPoints(const std::vector<std::pair<SeriesKey, MetricPoint>> &points)
{
    const std::lock_guard<std::mutex> lock(m_recorderMutex);
    if (!m_recorder.isOpen())
        return;
    for (const auto &[key, point] : points)
        m_recorder.addPoint(key, point);
}

std::function<void(qint64, bool, const char *, qsizetype, qint64)>
OwnerMetrics::observer(const QString &logName)
{
    Q_UNUSED(logName); // the worker follows every log beside the store
    return [this](qint64, bool, const char *, qsizetype, qint64) {
        m_linesArrived.store(true, std::memory_order_relaxed);
    };
}

} // namespace trainyard::metrics
