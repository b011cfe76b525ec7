// SPDX-License-Identifier: MIT
#include "jobs/tfconfigview.h"

#include "catalog/catalog.h"
#include "exec/environment.h"
#include "exec/runsettings.h"
#include "jobspec/yamlio.h"
#include "service/layout.h"
#include "service/tfconfig.h"
#include "store/jobstore.h"

#include <QCoreApplication>
#include <QJsonDocument>

namespace trainyard::ui::jobs {

namespace {
// lupdate files a free function's tr() under the enclosing namespace; translate with
// that same context so the German text is found at run time.
QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::ui::jobs", text);
}
} // namespace

TfConfigResult replicaTfConfig(const QString &storeRoot, const QString &jobId,
                               const store::JobState &state, const QString &replicaName)
{
    TfConfigResult result;
    const store::JobStore store(storeRoot);
    QByteArray yaml;
    if (const store::StoreResult read = store.readConfig(jobId, &yaml); !read) {
        result.errorMessage = read.errorMessage;
        return result;
    }
    const jobspec::ImportResult imported = jobspec::importJob(yaml, store.configPath(jobId));
    if (!imported) {
        result.errorMessage = tr("The stored config.yaml cannot be read.");
        return result;
    }
    exec::RunSettings settings;
    exec::readRunSettings(store, jobId, &settings);
    static const catalog::LoadResult loaded = catalog::Catalog::loadDefault();
    if (!loaded.catalog) {
        result.errorMessage = tr("The service catalog cannot be loaded.");
        return result;
    }
    service::LayoutOptions options;
    options.style = settings.style;
    options.distributed = settings.distributed;
    options.startPort = settings.startPort;
    options.maxLocalReplicas = settings.maxLocalReplicas;
    options.localTensorFlowMajor = settings.localTensorFlowMajor;
    service::LayoutResult layout = service::planLayout(imported.job, *loaded.catalog, options);
    if (!layout) {
        result.errorMessage = layout.error;
        return result;
    }
    for (service::Replica &replica : layout.layout.replicas) {
        const int i = state.replicaIndex(replica.name);
        if (i >= 0 && state.replicas.at(i).port > 0 && replica.inCluster())
            replica.port = quint16(state.replicas.at(i).port);
    }
    const service::Replica *replica = layout.layout.find(replicaName);
    if (!replica) {
        result.errorMessage = tr("The job's cluster has no replica %1.").arg(replicaName);
        return result;
    }
    // A tuning job's replicas run the current (or last) trial.
    const QString trialId = state.tuning && !state.tuning->trials.isEmpty()
                                ? state.tuning->trials.constLast().trialId
                                : QString();
    const QJsonObject config = service::tfConfig(imported.job, layout.layout, *replica, trialId,
                                                 imported.job.trainingInput.args);
    result.json = QString::fromUtf8(QJsonDocument(config).toJson(QJsonDocument::Indented));
    return result;
}

} // namespace trainyard::ui::jobs
