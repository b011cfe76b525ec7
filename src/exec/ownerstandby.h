// SPDX-License-Identifier: MIT
// An owner process started before its job exists. The CLI starts one as soon as it knows it
// will run a job locally; the owner loads (a Qt start, the catalog) on the other core while the
// CLI validates and stores the job, then takes the job's ID from its standard input and runs it
// as runOwner() would. A standby that is never given a job (the spec had errors, the CLI was
// interrupted) sees its input close and exits without touching the store.
//
// Two ways to start one:
// - forkForSubmit(), first thing in main(): `jobs submit training` forks itself before
//   QCoreApplication exists (no thread yet, nothing buffered), so the standby costs a fork of a
//   freshly loaded process instead of a second process start (the dynamic linking of Qt and its
//   libraries: 7-12 ms on a 2-core machine, the longest step of a submit). The child is
//   retitled `supervise --standby`, then `supervise --store ROOT JOB_ID` once it has its job
//   (`supervise JOB_ID` where the store's path does not fit), so ps and pgrep see an owner,
//   not a second submit.
// - start(): a fresh `supervise --store ROOT --standby` (posix_spawn), for callers that did not
//   fork one (a program whose main() has not called forkForSubmit()).
//
// The exchange, over a socket pair on the owner's standard input:
//   CLI -> owner: "<job ID>\n"
//   owner -> CLI: "<owner pid>\n" once it has claimed nothing yet but taken the job on; its
//                 output then goes to <job>/owner.log.
// No answer (the owner died, or did not answer in time) and the CLI starts an owner the usual
// way (startOwner); the job's owner lock settles any race between the two.
#pragma once

#include "store/jobstore.h"

#include <QString>

namespace trainyard::exec {

class OwnerStandby
{
public:
    OwnerStandby() = default;
    OwnerStandby(const OwnerStandby &) = delete;
    OwnerStandby &operator=(const OwnerStandby &) = delete;
    OwnerStandby(OwnerStandby &&other) noexcept;
    OwnerStandby &operator=(OwnerStandby &&other) noexcept;
    ~OwnerStandby(); // a standby never given a job exits

    // Starts `program supervise --store ROOT --standby` in a session of its own. An invalid
    // standby (isValid() false) when it cannot be started; callers then use startOwner() as
    // before.
    static OwnerStandby start(const QString &program, const QString &storeRoot);

    // Called by main() before QCoreApplication exists. For `jobs submit training` (neither
    // --cloud nor --help), forks: the parent returns false and its CLI later takes the standby
    // with takeForked(); the child returns true with argc/argv retitled, leads a session of its
    // own, holds only its end of the pair (as standard input) and /dev/null, and must then build
    // its QCoreApplication and return runStandbyOwner(store::JobStore()). Any other command line,
    // or a failed fork: false, nothing forked.
    static bool forkForSubmit(int &argc, char **argv);
    // The standby forkForSubmit() made, once; an invalid one when there is none.
    static OwnerStandby takeForked();

    bool isValid() const { return m_socket >= 0; }

    // Gives the standby the job (stored already). Returns the owner's pid, or 0 with *error set
    // when it did not take it; the standby is spent either way.
    qint64 assign(const QString &jobId, int timeoutMs = 30000, QString *error = nullptr);

private:
    void close();
    int m_socket = -1;
};

// The standby's side (`supervise --standby`): waits for a job ID on standard input, answers,
// sends its output to the job's owner.log and runs it (runOwner). Exits 0 without running
// anything when its input closes first.
int runStandbyOwner(const store::JobStore &store);

} // namespace trainyard::exec
