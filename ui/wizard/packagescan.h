// SPDX-License-Identifier: MIT
// What the Trainer page learns about a Python package directory on disk: whether it exists, is
// a package (has __init__.py) and which modules it holds. The walk is bounded (depth, entries)
// and runs off the GUI thread (PackageScanner, QtConcurrent).
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>

namespace trainyard::ui::wizard {

struct PackageScan
{
    QString directory;
    bool exists = false;
    bool isDirectory = false;
    bool isPackage = false; // has __init__.py
    bool truncated = false; // the walk stopped at its bounds
    QStringList modules;    // dotted names starting with the package's name: trainer.task
};

inline constexpr int packageScanMaxDepth = 6;
inline constexpr int packageScanMaxEntries = 5000;

// Blocking; call it off the GUI thread.
PackageScan scanPackage(const QString &directory);

// Runs scanPackage() on the thread pool; only the latest request's result is delivered.
class PackageScanner : public QObject
{
    Q_OBJECT
public:
    explicit PackageScanner(QObject *parent = nullptr);
    ~PackageScanner() override;

    void scan(const QString &directory);
    bool isRunning() const;

Q_SIGNALS:
    void finished(const trainyard::ui::wizard::PackageScan &result);

private:
    void onFinished();

    QFutureWatcher<PackageScan> m_watcher;
    QString m_pending; // requested while a scan ran
    bool m_hasPending = false;
};

} // namespace trainyard::ui::wizard
