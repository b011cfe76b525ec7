// SPDX-License-Identifier: MIT
// JobConsole: the job actions (Run again, clone, start, delete).
#include "cloud/cloudwatcher.h"
#include "cloudrecord/cloudjob.h"
#include "compare/compareview.h"
#include "exec/locallauncher.h"
#include "jobs/desktopnotifier.h"
#include "jobs/diskspacemonitor.h"
#include "jobs/jobconsole.h"
#include "jobs/jobdetail.h"
#include "jobs/jobfilterproxy.h"
#include "jobs/joblistmodel.h"
#include "jobspec/arguments.h"
#include "jobspec/yamlio.h"
#include "mainwindow/screenfit.h"
#include "store/jobstore.h"
#include "validation/limits.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QShortcut>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace trainyard::ui::jobs {

QString JobConsole::uniqueJobId(const QString &base) const
{
    // The job's own name with a run number: lr_0_5 runs again as lr_0_5_run2, then lr_0_5_run3
    // (a number of the name itself, like the 5 of lr_0_5, stays).
    static const QRegularExpression suffix(QStringLiteral("_run\\d+$"));
    QString stem = base;
    stem.remove(suffix);
    const store::JobStore store(storeRoot());
    for (int n = 2;; ++n) {
        const QString number = QStringLiteral("_run%1").arg(n);
        const QString candidate =
            stem.left(validation::limits::jobIdMaxLength - number.size()) + number;
        if (!store.contains(candidate))
            return candidate;
    }
}

bool JobConsole::cloneSpec(const QString &jobId, jobspec::Job *job, QString *error) const
{
    const store::JobStore store(storeRoot());
    QByteArray yaml;
    if (const store::StoreResult read = store.readConfig(jobId, &yaml); !read) {
        if (error)
            *error = read.errorMessage;
        return false;
    }
    const jobspec::ImportResult imported = jobspec::importJob(yaml, store.configPath(jobId));
    if (!imported) {
        if (error)
            *error = tr("The config of %1 cannot be read.").arg(jobId);
        return false;
    }
    *job = imported.job;
    job->jobId = uniqueJobId(jobId);
    // Paths the run resolved against its config's folder become absolute: the clone runs from
    // wherever it is opened.
    exec::RunSettings settings;
    exec::readRunSettings(store, jobId, &settings);
    if (!settings.baseDirectory.isEmpty()) {
        const QDir base(settings.baseDirectory);
        QString &package = job->local.packagePath;
        if (!package.isEmpty() && QDir::isRelativePath(package))
            package = QDir::cleanPath(base.filePath(package));
        // An executable with a folder in its name (a bare name is looked up in PATH).
        QString &program = job->local.executable;
        if (QDir::isRelativePath(program) && program.contains(QLatin1Char('/')))
            program = QDir::cleanPath(base.filePath(program));
    }
    return true;
}

bool JobConsole::startJob(const jobspec::Job &job, const exec::RunSettings &settings,
                          QString *error)
{
    const store::JobStore store(storeRoot());
    const auto refuse = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    if (!store::JobStore::isStorableJobId(job.jobId))
        return refuse(
            tr("The job ID \"%1\" cannot name a folder in the job store.").arg(job.jobId));
    if (store.contains(job.jobId))
        return refuse(tr("There is already a job %1.").arg(job.jobId));
    m_launcher->start(job, settings); // started() or failed() follows
    return true;
}

bool JobConsole::runAgain(const QString &jobId, QString *newJobId, QString *error)
{
    jobspec::Job job;
    if (!cloneSpec(jobId, &job, error))
        return false;
    const store::JobStore store(storeRoot());
    exec::RunSettings settings;
    exec::readRunSettings(store, jobId, &settings);
    if (!startJob(job, settings, error))
        return false;
    if (newJobId)
        *newJobId = job.jobId;
    return true;
}

bool JobConsole::deleteJob(const QString &jobId, QString *error)
{
    store::JobStore store(storeRoot());
    const JobRow *row = m_model->job(jobId);
    if (row && row->stateKnown && !row->state.isTerminal() && store.isOwnerAlive(jobId)) {
        if (error)
            *error = tr("%1 is still running; cancel it first.").arg(jobId);
        return false;
    }
    if (m_detail->jobId() == jobId)
        m_detail->setJob(QString()); // release its log files
    QString grave;
    const store::StoreResult result = store.deleteJob(jobId, &grave);
    m_model->refresh();
    if (!result) {
        if (error)
            *error = result.errorMessage;
        return false;
    }
    // The job is already out of the store; its files may be gigabytes of logs.
    (void)QtConcurrent::run([grave] { QDir(grave).removeRecursively(); });
    Q_EMIT message(tr("Deleted %1").arg(jobId));
    return true;
}

void JobConsole::confirmDelete()
{
    const QString id = currentJobId();
    if (id.isEmpty())
        return;
    auto *box = new QMessageBox(QMessageBox::Question, tr("Delete job"),
                                tr("Delete %1 and all its files (logs, metrics, output in the job "
                                   "folder)? This cannot be undone.")
                                    .arg(id),
                                QMessageBox::Yes | QMessageBox::Cancel, this);
    box->setTextFormat(Qt::PlainText);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, id](int result) {
        if (result != QMessageBox::Yes)
            return;
        QString error;
        if (!deleteJob(id, &error))
            fail(error);
    });
    box->open();
}

} // namespace trainyard::ui::jobs
