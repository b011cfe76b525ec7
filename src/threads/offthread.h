// SPDX-License-Identifier: MIT
// The house's one idiom for one-off work off the GUI thread (docs/ARCHITECTURE.md, Threads):
// offThread(context, work, then) runs `work` on the global thread pool (QtConcurrent::run) and
// `then(result)` back on `context`'s thread, through a QFutureWatcher that `context` owns; when
// `context` is gone by then, `then` never runs. `work` gets everything it needs by value and
// shares nothing with the caller; cancelling is ignoring a stale result (a generation number in
// `then`), never touching the work's state.
//
//     offThread(this, [root] { return scanJobs(root); },
//               [this](const QList<JobSummary> &jobs) { show(jobs); });
//
// The returned watcher belongs to `context` and deletes itself after `then`; a caller that must
// not return before the work is done (a destructor) may waitForFinished() on it.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>
#include <type_traits>
#include <utility>

namespace trainyard::threads {

template<typename Work, typename Then>
auto *offThread(QObject *context, Work work, Then then)
{
    using Result = std::invoke_result_t<Work>;
    auto *watcher = new QFutureWatcher<Result>(context);
    QObject::connect(watcher, &QFutureWatcher<Result>::finished, context,
                     [watcher, then = std::move(then)]() mutable {
                         watcher->deleteLater();
                         if constexpr (std::is_void_v<Result>)
                             then();
                         else
                             then(watcher->result());
                     });
    watcher->setFuture(QtConcurrent::run(std::move(work)));
    return watcher;
}

// The same when nothing comes back: `work` runs on the pool, tied to `context` only in that a
// caller can wait for it through the returned watcher.
template<typename Work>
auto *offThread(QObject *context, Work work)
{
    return offThread(context, std::move(work), [](auto &&...) {});
}

} // namespace trainyard::threads
