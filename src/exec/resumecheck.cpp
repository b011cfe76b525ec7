// SPDX-License-Identifier: MIT
#include "exec/resumecheck.h"

#include "jobspec/yamlio.h"
#include "service/tuning/study.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <algorithm>

namespace trainyard::exec {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::exec", text);
}

} // namespace

int PreviousStudy::lastTrialId() const
{
    int last = 0;
    for (const store::TrialState &t : trials)
        last = std::max(last, t.trialId.toInt());
    return last;
}

PreviousStudy readPreviousStudy(const store::JobStore &store, const jobspec::Job &job)
{
    PreviousStudy study;
    const jobspec::HyperparameterSpec &hp = *job.trainingInput.hyperparameters;
    study.jobId = hp.resumePreviousJobId;
    const auto fail = [&study](const QString &message) {
        study.errorMessage = message;
        return study;
    };
    if (study.jobId == job.jobId)
        return fail(tr("a job cannot resume its own study"));
    if (study.jobId.contains(QLatin1Char('/')) || study.jobId.startsWith(QLatin1Char('.')) ||
        !QFileInfo(store.jobDir(study.jobId)).isDir())
        return fail(tr("there is no job %1 in this store (%2)").arg(study.jobId, store.root()));
    if (QFileInfo::exists(store.cloudRecordPath(study.jobId)))
        return fail(tr("%1 ran on Vertex AI; a local run resumes only a local tuning job")
                        .arg(study.jobId));
    QByteArray yaml;
    if (const store::StoreResult read = store.readConfig(study.jobId, &yaml); !read)
        return fail(read.errorMessage);
    const jobspec::ImportResult imported = jobspec::importJob(yaml, store.configPath(study.jobId));
    if (!imported.ok() || !imported.job.trainingInput.hyperparameters)
        return fail(tr("%1 is not a hyperparameter tuning job").arg(study.jobId));
    study.spec = *imported.job.trainingInput.hyperparameters;
    const store::StateReadResult state = store.readState(study.jobId);
    if (!state)
        return fail(state.errorMessage);
    if (!state.state.isTerminal())
        return fail(tr("%1 is still %2; resume its study once it has ended")
                        .arg(study.jobId, store::jobStatusName(state.state.state)));
    if (state.state.tuning)
        study.trials = state.state.tuning->trials;
    const QStringList differences = service::tuning::studyDifferences(hp, study.spec);
    if (!differences.isEmpty())
        return fail(tr("its study differs from this job's: %1")
                        .arg(differences.join(QStringLiteral("; "))));
    return study;
}

std::optional<jobspec::Diagnostic> checkResumePreviousJob(const store::JobStore &store,
                                                          const jobspec::Job &job)
{
    if (!job.trainingInput.hyperparameters ||
        job.trainingInput.hyperparameters->resumePreviousJobId.isEmpty())
        return std::nullopt;
    const PreviousStudy study = readPreviousStudy(store, job);
    if (study)
        return std::nullopt;
    jobspec::Diagnostic d;
    d.severity = jobspec::Severity::Error;
    d.field = QStringLiteral("trainingInput.hyperparameters.resumePreviousJobId");
    d.message = tr("%1 cannot be resumed: %2. Name a local tuning job that has ended and tunes "
                   "the same parameters with the same goal and metric tag, or remove "
                   "resumePreviousJobId to start a new study.")
                    .arg(study.jobId, study.errorMessage);
    return d;
}

} // namespace trainyard::exec
