// SPDX-License-Identifier: MIT
// JobConsole: the job actions (Run again, clone, start, cancel, delete). What happens is the core's
// (jobactions::JobActions); the console asks, and shows the answer: a start, a refusal with its
// reasons and, where the GPU choice settles it, that choice.
#include "exec/locallauncher.h"
#include "jobactions/jobactions.h"
#include "jobs/jobconsole.h"
#include "jobs/jobdetail.h"
#include "jobs/joblistmodel.h"
#include "jobs/startchoice.h"
#include "store/jobstore.h"

#include <QMessageBox>
#include <QPushButton>
#include <functional>

namespace trainyard::ui::jobs {

void JobConsole::connectJobActions()
{
    connect(m_actions, &jobactions::JobActions::started, this, [this](const QString &jobId) {
        Q_EMIT message(tr("Job %1 started").arg(jobId));
        m_model->refresh();
        Q_EMIT jobSubmitted(jobId, QString());
    });
    // A run again is selected as it starts.
    connect(m_actions, &jobactions::JobActions::runAgainStarting, this,
            [this](const QString &, const QString &newJobId) { selectJob(newJobId); });
    connect(m_actions, &jobactions::JobActions::failed, this,
            [this](const QString &jobId, const QString &error) {
                fail(exec::LocalLauncher::startFailedMessage(jobId, error));
                m_model->refresh();
                Q_EMIT jobSubmitted(jobId, error);
            });
    connect(m_actions, &jobactions::JobActions::refused, this, &JobConsole::onStartRefused);
    connect(m_actions, &jobactions::JobActions::cloned, this,
            [this](const jobspec::Job &job, const jobactions::PreStartReport &report) {
                if (report.refused()) // the wizard shows where; the status bar says so now
                    Q_EMIT message(refusalText(job.jobId, report, StartFace::Console)
                                       .replace(QLatin1Char('\n'), QLatin1Char(' ')));
                Q_EMIT cloneRequested(job);
            });
    connect(m_actions, &jobactions::JobActions::cancelRequested, this,
            [this](const QString &jobId, const QString &error) {
                if (!error.isEmpty())
                    fail(error);
                else
                    Q_EMIT message(tr("Cancel requested for %1").arg(jobId));
                // A job whose owner died has nobody to read the request: the model's next look
                // recovers it (in its worker), and it ends.
                m_model->checkActive();
            });
}

void JobConsole::onStartRefused(const jobspec::Job &job, const exec::RunSettings &settings,
                                const jobactions::PreStartReport &report)
{
    const QString text = refusalText(job.jobId, report, StartFace::Console);
    Q_EMIT jobSubmitted(job.jobId, text);
    if (!offersGpuChoice(report)) {
        fail(text);
        return;
    }
    Q_EMIT message(text.section(QLatin1Char('\n'), 0, 1).replace(QLatin1Char('\n'), u' '));
    openStartChoice(this, job.jobId, report, StartFace::Console,
                    [this, job, settings](exec::GpuMode mode) {
                        exec::RunSettings chosen = settings;
                        chosen.gpus = mode;
                        QString error;
                        if (!startJob(job, chosen, &error))
                            fail(error);
                        else
                            selectJob(job.jobId);
                    });
}

bool JobConsole::cloneSpec(const QString &jobId, jobspec::Job *job, QString *error) const
{
    const jobactions::JobCopy copy = jobactions::copyJob(store::JobStore(storeRoot()), jobId);
    if (!copy) {
        if (error)
            *error = copy.errorMessage;
        return false;
    }
    *job = copy.job;
    return true;
}

bool JobConsole::startJob(const jobspec::Job &job, const exec::RunSettings &settings,
                          QString *error)
{
    // The job is given whole (a test, a retry after the GPU choice): its spec was checked where
    // it was made; what this machine must hold is checked now.
    const store::StoreResult result = m_actions->start(job, settings, {QStringLiteral("spec")});
    if (!result && error)
        *error = result.errorMessage;
    return bool(result);
}

void JobConsole::runAgain(const QString &jobId, std::optional<exec::GpuMode> gpus)
{
    if (!jobId.isEmpty())
        m_actions->runAgain(jobId, gpus); // started(), failed() or refused() follows
}

bool JobConsole::deleteJob(const QString &jobId, QString *error)
{
    if (m_detail->jobId() == jobId)
        m_detail->setJob(QString()); // release its log files
    const store::StoreResult result = m_actions->remove(jobId);
    m_model->refresh();
    if (!result) {
        if (error)
            *error = result.errorMessage;
        return false;
    }
    Q_EMIT message(tr("Deleted %1").arg(jobId));
    return true;
}

namespace {

// A question asked before something that cannot be undone, its safe answer the default: `onYes`
// runs on a yes.
void askFirst(QWidget *parent, const QString &title, const QString &text, const QString &yes,
              const QString &no, std::function<void()> onYes)
{
    auto *box = new QMessageBox(QMessageBox::Question, title, text,
                                QMessageBox::Yes | QMessageBox::No, parent);
    box->setTextFormat(Qt::PlainText);
    box->button(QMessageBox::Yes)->setText(yes);
    box->button(QMessageBox::No)->setText(no);
    box->setDefaultButton(QMessageBox::No);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(box, &QMessageBox::finished, parent, [onYes = std::move(onYes)](int result) {
        if (result == QMessageBox::Yes)
            onYes();
    });
    box->open();
}

} // namespace

void JobConsole::confirmCancel(const QString &id)
{
    if (id.isEmpty())
        return;
    askFirst(this, tr("Cancel job"),
             tr("Cancel %1? Every replica is stopped and the job ends as cancelled.").arg(id),
             tr("Cancel job"), tr("Keep running"), [this, id] { Q_EMIT cancelConfirmed(id); });
}

void JobConsole::confirmDelete()
{
    const QString id = currentJobId();
    if (id.isEmpty())
        return;
    askFirst(this, tr("Delete job"),
             tr("Delete %1 and all its files (logs, metrics, output in the job folder)? This "
                "cannot be undone.")
                 .arg(id),
             tr("Delete job"), tr("Keep job"), [this, id] {
                 QString error;
                 if (!deleteJob(id, &error))
                     fail(error);
             });
}

} // namespace trainyard::ui::jobs
