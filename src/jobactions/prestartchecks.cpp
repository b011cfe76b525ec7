// SPDX-License-Identifier: MIT
// The pre-start checks (prestart.h), one function each, and the table that runs them. To add a
// check: write `void checkSomething(const Context &, PreStartReport &)` here (or in a file of its
// own, declared below) and add its row to checks(); it runs for the wizard, the console and the
// CLI alike, and its findings reach both faces with their remedies.
#include "catalog/catalog.h"
#include "exec/environment.h"
#include "exec/ports.h"
#include "exec/resumecheck.h"
#include "gpu/gpusampler.h"
#include "jobactions/prestart.h"
#include "store/atomicwrite.h"
#include "store/jobstore.h"
#include "validation/validator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QThread>

namespace trainyard::jobactions {

namespace {

// What every check sees: the request, the store, and this machine's GPUs read once.
struct Context
{
    const PreStartRequest &request;
    store::JobStore store;
    gpu::GpuInventory inventory;
    int cores = 1;
};

PreStartDiagnostic finding(const char *check, const QString &field, const QString &message,
                           QList<Remedy> remedies,
                           jobspec::Severity severity = jobspec::Severity::Error)
{
    PreStartDiagnostic d;
    d.check = QString::fromLatin1(check);
    d.severity = severity;
    d.field = field;
    d.message = message;
    d.remedies = std::move(remedies);
    return d;
}

bool specRefused(const PreStartReport &report)
{
    const QList<PreStartDiagnostic> spec = report.of(QStringLiteral("spec"));
    return std::any_of(spec.cbegin(), spec.cend(),
                       [](const PreStartDiagnostic &d) { return d.isError(); });
}

// The validator's rules for a local run (validation::Target::Local), the store's job IDs taken.
void checkSpec(const Context &ctx, PreStartReport &report)
{
    validation::Options options;
    options.target = validation::Target::Local;
    options.existingJobIds = ctx.request.existingJobIds;
    if (options.existingJobIds.isEmpty()) {
        const QStringList ids = ctx.store.ids();
        options.existingJobIds = QSet<QString>(ids.cbegin(), ids.cend());
    }
    const jobspec::Diagnostics found =
        validation::validate(ctx.request.job, *ctx.request.catalog, options, ctx.request.sources);
    for (const jobspec::Diagnostic &d : found) {
        PreStartDiagnostic f =
            finding("spec", d.field, d.message,
                    d.isError() ? QList<Remedy>{Remedy::FixSpec} : QList<Remedy>{}, d.severity);
        f.validation = d;
        report.diagnostics.append(f);
    }
}

// resumePreviousJobId (exec/resumecheck.h): the previous local study this job continues exists
// here, has ended, and tunes the same parameters with the same goal and metric tag.
void checkResume(const Context &ctx, PreStartReport &report)
{
    if (const std::optional<jobspec::Diagnostic> d =
            exec::checkResumePreviousJob(ctx.store, ctx.request.job)) {
        PreStartDiagnostic f = finding("resume", d->field, d->message, {Remedy::FixSpec});
        f.validation = *d;
        report.diagnostics.append(f);
    }
}

// The trainer's package folder, resolved as the owner resolves it. (What is in it, the module,
// is the owner's preflight: a job that cannot import its module fails at once, recorded.)
void checkPackageFolder(const Context &ctx, PreStartReport &report)
{
    const jobspec::Job &job = ctx.request.job;
    if (job.local.packagePath.isEmpty())
        return;
    const QString folder =
        exec::absoluteFrom(ctx.request.settings.baseDirectory, job.local.packagePath);
    if (!QFileInfo(folder).isDir())
        report.diagnostics.append(finding(
            "packageFolder", QStringLiteral("trainyardLocal.packagePath"),
            QCoreApplication::translate("trainyard::jobactions",
                                        "The package directory %1 does not exist on this machine.")
                .arg(QDir::toNativeSeparators(folder)),
            {Remedy::ChoosePackageFolder}));
}

// Which GPUs each replica sees, with the user's choice (auto, cpu, shared): refused when the
// machine has fewer GPUs than the job asks for of its own.
void checkGpus(const Context &ctx, PreStartReport &report)
{
    if (specRefused(report))
        return; // no cluster to place: the spec's errors say why
    report.gpuPlan = exec::planJobGpus(ctx.request.job, ctx.request.settings, *ctx.request.catalog,
                                       ctx.inventory.gpus, ctx.cores);
    report.gpuPlanMade = true;
    const exec::JobGpuPlan &plan = report.gpuPlan;
    if (plan)
        return;
    if (!plan.refusal.isEmpty())
        report.diagnostics.append(finding("gpus", QStringLiteral("gpus"), plan.refusal,
                                          {Remedy::RunOnCpu, Remedy::ShareGpus}));
    else
        report.diagnostics.append(finding("gpus", QString(), plan.error, {Remedy::FixSpec}));
}

// The store's floor for a new job (store::newJobSpaceFloor), on the nearest folder that exists.
void checkDiskSpace(const Context &ctx, PreStartReport &report)
{
    QString path = ctx.store.root();
    while (!QFileInfo::exists(path) && !QDir(path).isRoot() && !path.isEmpty())
        path = QFileInfo(path).absolutePath();
    if (const QString why = store::checkSpaceForNewJob(path); !why.isEmpty())
        report.diagnostics.append(
            finding("diskSpace", QStringLiteral("store"), why, {Remedy::FreeSpace}));
}

// Free ports for the cluster from its first port (as the owner will choose them, skipping those
// other owners on this machine have claimed, in any store: exec/ports.h), for every trial that
// runs at once. The claims taken here only to apply the owner's rules lapse on return.
void checkPorts(const Context &ctx, PreStartReport &report)
{
    if (specRefused(report))
        return;
    const service::LayoutResult layout = service::planLayout(
        ctx.request.job, *ctx.request.catalog, exec::layoutOptions(ctx.request.settings));
    if (!layout)
        return; // the GPU check says why
    int needed = 0;
    for (const service::Replica &r : layout.layout.replicas)
        needed += r.inCluster() ? 1 : 0;
    if (report.gpuPlanMade && report.gpuPlan.tuning)
        needed *= std::max(1, report.gpuPlan.trialSlots.count);
    if (needed == 0)
        return;
    exec::PortReservations probe;
    const exec::PortResult ports =
        exec::findFreePorts(layout.layout.startPort, needed, layout.layout.host, {}, &probe);
    if (!ports)
        report.diagnostics.append(
            finding("ports", QStringLiteral("startPort"), ports.error, {Remedy::ChooseStartPort}));
}

using CheckFunction = void (*)(const Context &, PreStartReport &);

struct Check
{
    const char *name;
    CheckFunction run;
};

// The checks, in the order they run (later ones may look at what earlier ones found).
const QList<Check> &checks()
{
    static const QList<Check> table = {
        {"spec", checkSpec},                   // the validator's rules for a local run
        {"resume", checkResume},               // resumePreviousJobId's study
        {"packageFolder", checkPackageFolder}, // the trainer's package folder
        {"gpus", checkGpus},                   // the GPU plan with the user's choice
        {"diskSpace", checkDiskSpace},         // the store's free-space floor
        {"ports", checkPorts},                 // the cluster's ports
    };
    return table;
}

} // namespace

QStringList preStartCheckNames()
{
    QStringList names;
    for (const Check &c : checks())
        names << QString::fromLatin1(c.name);
    return names;
}

PreStartReport checkBeforeStart(const PreStartRequest &request)
{
    Context ctx{request,
                store::JobStore(request.storeRoot.isEmpty() ? store::JobStore::defaultRoot()
                                                            : request.storeRoot),
                {},
                request.cores};
    if (ctx.cores <= 0)
        ctx.cores = QThread::idealThreadCount();
    const auto wanted = [&request](const char *name) {
        const QLatin1String n(name);
        return (request.only.isEmpty() || request.only.contains(n)) && !request.skip.contains(n);
    };
    if (wanted("gpus"))
        ctx.inventory = request.inventory ? *request.inventory : gpu::readInventory();
    PreStartReport report;
    for (const Check &c : checks()) {
        if (wanted(c.name))
            c.run(ctx, report);
    }
    return report;
}

} // namespace trainyard::jobactions
