// SPDX-License-Identifier: MIT
// JobWizard: Run locally. The checks and the start are the core's (jobactions::JobActions); the
// wizard shows a refusal on the Review page and offers the GPU choice where it settles it.
#include "exec/locallauncher.h"
#include "jobactions/jobactions.h"
#include "jobs/startchoice.h"
#include "store/jobstore.h"
#include "wizard/jobpage.h"
#include "wizard/jobwizard.h"
#include "wizard/reviewpage.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>

namespace trainyard::ui::wizard {

using jobs::StartFace;

void JobWizard::connectJobActions()
{
    const auto startEnded = [this] {
        m_starting = false;
        button(QWizard::FinishButton)->setEnabled(currentPage() && currentPage()->isComplete());
    };
    connect(m_actions, &jobactions::JobActions::started, this,
            [this, startEnded](const QString &jobId) {
                startEnded();
                m_options.existingJobIds.insert(jobId);
                m_jobPage->setExistingJobIds(m_options.existingJobIds);
                Q_EMIT jobStarted(jobId, store::JobStore(m_storeRoot).jobDir(jobId));
                finishAccepted();
            });
    connect(m_actions, &jobactions::JobActions::failed, this,
            [this, startEnded](const QString &jobId, const QString &error) {
                startEnded();
                m_reviewPage->setStatus(exec::LocalLauncher::startFailedMessage(jobId, error),
                                        true);
            });
    connect(m_actions, &jobactions::JobActions::refused, this,
            [this, startEnded](const jobspec::Job &job, const exec::RunSettings &,
                               const jobactions::PreStartReport &report) {
                startEnded();
                showRefusal(job, report);
            });
}

exec::RunSettings JobWizard::localRunSettings() const
{
    // The user's defaults (Settings > Local runs): interpreter, restarts, ports, cap...
    exec::RunSettings settings =
        exec::readLocalRunDefaults().runSettings(service::RunStyle::Submit);
    settings.gpus = m_reviewPage->gpuMode(); // the Review page's choice
    settings.rehearseMaintenance = m_reviewPage->rehearseMaintenance();
    settings.baseDirectory =
        m_fileName.isEmpty() ? QDir::currentPath() : QFileInfo(m_fileName).absolutePath();
    return settings;
}

void JobWizard::showRefusal(const jobspec::Job &job, const jobactions::PreStartReport &report)
{
    m_reviewPage->setStatus(jobs::refusalText(job.jobId, report, StartFace::Wizard), true);
    if (!jobs::offersGpuChoice(report) || findChild<QMessageBox *>(QStringLiteral("startChoice")))
        return;
    jobs::openStartChoice(this, job.jobId, report, StartFace::Wizard, [this](exec::GpuMode mode) {
        m_reviewPage->setGpuMode(mode); // the choice shows where it is made
        QString error;
        if (!runLocally(&error))
            m_reviewPage->setStatus(error, true);
    });
}

bool JobWizard::runLocally(QString *error)
{
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    if (m_starting)
        return fail(tr("The job is being started."));
    const jobspec::Job j = job();
    const exec::RunSettings settings = localRunSettings();
    // What can be said at once (pure, and one stat of the package folder); the rest is checked
    // again with the others off the GUI thread, before anything is stored.
    jobactions::PreStartRequest request;
    request.job = j;
    request.settings = settings;
    request.catalog = &m_catalog;
    request.storeRoot = m_storeRoot;
    request.existingJobIds = m_options.existingJobIds;
    request.only = {QStringLiteral("spec"), QStringLiteral("resume"),
                    QStringLiteral("packageFolder")};
    if (m_inventoryKnown) {
        request.only << QStringLiteral("gpus");
        request.inventory = m_reviewPage->machineGpus();
    }
    if (const jobactions::PreStartReport report = jobactions::checkBeforeStart(request);
        report.refused()) {
        showRefusal(j, report);
        return fail(jobs::refusalText(j.jobId, report, StartFace::Wizard));
    }
    // The spec was checked just now, against the IDs this wizard knows.
    if (const store::StoreResult taken =
            m_actions->start(j, settings, {QStringLiteral("spec"), QStringLiteral("resume")});
        !taken)
        return fail(taken.errorMessage);
    m_starting = true; // started(), failed() or refused() follows
    button(QWizard::FinishButton)->setEnabled(false);
    m_reviewPage->setStatus(tr("Starting the job %1…").arg(j.jobId), false);
    return true;
}

} // namespace trainyard::ui::wizard
