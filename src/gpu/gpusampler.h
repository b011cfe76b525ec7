// SPDX-License-Identifier: MIT
// NVML asked through a helper process (`trainyard gpu-sampler`, gpuhelper.h), never loaded here:
// a driver call that hangs or crashes ends the helper, not the job's owner or the window.
//
//  - Deadlines: the helper must list the GPUs within startDeadlineMs of its start and answer a
//    sample within sampleDeadlineMs, else it is killed (SIGKILL) and the call returns without
//    a reading. nvmlInit hanging 30 s once made a 4 s job take 92 s, because the CLI, the owner
//    and the sampler each waited: now each waits at most its deadline, and a helper that missed
//    its start deadline leaves a mark in the user's runtime folder (store::userFolder()), so
//    that for UnansweredMarkMs every other caller says so at once instead of waiting again.
//  - A helper that crashed, hung or answered garbage is started again with a growing delay
//    (backoffMs, doubled up to maxBackoffMs); each failure is one note.
//  - Its answers are parsed with limits and checked (checkSnapshot): at most MaxDevices GPUs
//    and MaxProcesses processes, readings in range.
//  - Without a hint of an NVIDIA driver (no /proc/driver/nvidia, /dev/nvidiactl, /dev/dxg and
//    no LD_LIBRARY_PATH that may hold a library) no helper is started at all: no GPU.
// The helper is this installation's `trainyard` (exec::companionProgram: beside the running
// program in the build tree, bin/trainyard for the installed window), or $TRAINYARD_GPU_HELPER;
// $TRAINYARD_GPU_DEADLINE_MS and $TRAINYARD_GPU_BACKOFF_MS shorten the waits (tests).
// The helper is a child of the caller; it dies with the thread that started it
// (PR_SET_PDEATHSIG) and is never one of a job's processes (isGpuHelperProcess()).
#pragma once

#include "gpu/nvml.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringList>
#include <atomic>
#include <optional>

namespace trainyard::gpu {

struct GpuHelperOptions
{
    int startDeadlineMs = 10000;
    int sampleDeadlineMs = 5000;
    int backoffMs = 1000;
    int maxBackoffMs = 60000;

    // The defaults, shortened by $TRAINYARD_GPU_DEADLINE_MS (both deadlines) and
    // $TRAINYARD_GPU_BACKOFF_MS (the first delay; the longest is 60 times it).
    static GpuHelperOptions fromEnvironment();
};

// How long a missed start deadline is remembered (see above).
inline constexpr qint64 UnansweredMarkMs = 60000;

// One helper process, started when needed. Used from one thread at a time, but interrupt().
class GpuSampler
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::gpu::GpuSampler)

public:
    explicit GpuSampler(GpuHelperOptions options = GpuHelperOptions::fromEnvironment());
    ~GpuSampler(); // the helper is killed
    GpuSampler(const GpuSampler &) = delete;
    GpuSampler &operator=(const GpuSampler &) = delete;

    // Starts the helper when none runs (and no delay or mark says to wait) and reads the GPUs;
    // false with failure() when it could not.
    bool start();
    // The GPUs the helper found; after a failed start, unavailableReason says why there are
    // none.
    const GpuInventory &inventory() const { return m_inventory; }
    QString failure() const { return m_failure; }
    // True once the helper said there is no GPU (or no NVML): nothing to sample, ever.
    bool noGpus() const { return m_noGpus; }

    // One reading of every GPU, within the deadline; nothing when there is none (no GPU, the
    // helper waiting to start again, a deadline missed, a crash).
    std::optional<GpuSnapshot> sample();

    // Notes for a log since the last call: failures, restarts and what NVML said that was
    // capped or left out (each distinct note once a helper).
    QStringList takeNotes();

    // From any thread: a wait in progress ends at once, and no helper starts again.
    void interrupt();

    qint64 helperPid() const { return m_pid; }

private:
    enum class Read { Line, Timeout, Ended, Interrupted, TooLong };
    bool spawn();
    Read readLine(int deadlineMs, QByteArray *line);
    // Kills and reaps the helper; with `why` the failure is noted and the next start delayed;
    // `ended`: it closed its end by itself (how it ended is noted).
    void stopHelper(const QString &why = {}, bool ended = false);
    void note(const QString &text);
    bool waiting() const; // a delay after a failure, or another process's mark

    GpuHelperOptions m_options;
    GpuInventory m_inventory;
    QString m_failure;
    bool m_noGpus = false;
    qint64 m_pid = 0;
    int m_toHelper = -1;
    int m_fromHelper = -1;
    int m_wake = -1; // eventfd: interrupt()
    std::atomic<bool> m_interrupted{false};
    QByteArray m_buffer; // read from the helper, not yet a whole line
    int m_failures = 0;  // in a row
    QElapsedTimer m_sinceFailure;
    qint64 m_delayMs = 0;
    QStringList m_notes;
    QStringList m_noted; // this helper's notes so far: each once
};

// The GPUs of this machine, through a helper (one GpuSampler, started and ended). Never blocks
// longer than its start deadline.
GpuInventory readInventory();

// True for a helper process of this process not reaped yet: not a job's process.
bool isGpuHelperProcess(qint64 pid);

// Every GpuSampler of this process stops waiting and starts no helper again (a window closing
// while NVML hangs).
void interruptGpuHelpers();

} // namespace trainyard::gpu
