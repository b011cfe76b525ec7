// SPDX-License-Identifier: MIT
#include "cloud/commands/aicommands.h"

#include "cli/commands.h"
#include "cli/output.h"
#include "cloud/clouddefaults.h"
#include "cloud/credentials.h"
#include "cloud/resourcename.h"
#include "cloud/submit.h"
#include "cloud/vertexclient.h"
#include "cloud/vertexrequest.h"
#include "cloudrecord/cloudjob.h"
#include "jobspec/yamlio.h"
#include "store/jobstore.h"
#include "store/recovery.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTimer>
#include <csignal>

namespace trainyard::cli {
namespace {

class Ai
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

constexpr int exitFailed = 1;
const QString customJobs = QStringLiteral("customJobs");

int failure(const QString &command, const QString &message)
{
    // One sanitized line per line of the message (the service's field list).
    const QStringList lines = Ai::tr("trainyard %1: %2").arg(command, message).split(u'\n');
    for (const QString &line : lines)
        err() << sanitize(line) << '\n';
    err().flush();
    return exitFailed;
}

OptionSpec opt(const char *name, const char *valueName, const QString &help)
{
    return {QLatin1String(name), QLatin1String(valueName), help};
}

QList<OptionSpec> locationOptions()
{
    return {
        opt("region", "REGION",
            Ai::tr("Region of the jobs (default: the spec's region, else the one chosen in "
                   "the window's Settings > Google Cloud)")),
        opt("project", "PROJECT",
            Ai::tr("Project (default: the one chosen in the window's Settings > Google Cloud, else "
                   "GOOGLE_CLOUD_PROJECT, else the credentials' project)"))};
}

// Runs an asynchronous call to its end in a local event loop (the CLI has no window to keep
// responsive) and returns its result.
template<typename Result, typename Start>
Result await(Start start)
{
    QEventLoop loop;
    QObject context;
    Result result{};
    bool done = false;
    start(&context, [&](const Result &r) {
        result = r;
        done = true;
        loop.quit();
    });
    if (!done)
        loop.exec();
    return result;
}

void sleepMs(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

struct Session
{
    cloud::Credentials credentials;
    std::unique_ptr<cloud::ApiClient> api;
    std::unique_ptr<cloud::VertexClient> vertex;
};

// Credentials and clients, or a message (no credentials, a malformed key file).
bool openSession(Session *s, QString *error)
{
    s->credentials = cloud::findDefaultCredentials();
    if (!s->credentials) {
        *error = s->credentials.errorMessage;
        return false;
    }
    s->api = std::make_unique<cloud::ApiClient>(s->credentials);
    s->vertex = std::make_unique<cloud::VertexClient>(s->api.get());
    return true;
}

// The resource name of JOB: a full name, a local record's, or an ID with region and project.
bool resolveJob(const QString &job, const ParsedArgs &parsed, const Session &s,
                const store::JobStore &store, QString *name, QString *localId, QString *error)
{
    if (job.startsWith(QLatin1String("projects/"))) {
        *name = job;
    } else if (store.isStorableJobId(job) && cloud::isCloudJob(store, job)) {
        cloud::CloudRecord record;
        if (!cloud::readCloudRecord(store, job, &record, error))
            return false;
        if (!record.submitted()) {
            *error = Ai::tr("the job %1 was not submitted: %2").arg(job, record.submitError);
            return false;
        }
        *name = record.resourceName;
        *localId = job;
        return true;
    } else {
        const QString region = cloud::resolveRegion(parsed.value(QStringLiteral("region")), {});
        const QString project =
            cloud::resolveProject(parsed.value(QStringLiteral("project")), s.credentials);
        if (region.isEmpty() || project.isEmpty()) {
            *error = Ai::tr("%1 is neither a resource name nor a local cloud job; give --region "
                            "and --project with a job ID")
                         .arg(job);
            return false;
        }
        *name = cloud::locationName(project, region) + QStringLiteral("/customJobs/") + job;
    }
    // A job submitted from here has a local record: keep it up to date.
    const QStringList ids = store.ids();
    for (const QString &id : ids) {
        cloud::CloudRecord record;
        if (cloud::isCloudJob(store, id) && cloud::readCloudRecord(store, id, &record) &&
            cloud::jobIdOf(record.resourceName) == cloud::jobIdOf(*name) && record.submitted()) {
            *localId = id;
            break;
        }
    }
    return true;
}

cloud::ApiResult getJob(Session &s, const QString &name)
{
    return await<cloud::ApiResult>(
        [&](QObject *ctx, auto done) { s.vertex->getJob(name, ctx, done); });
}

// --- create ---------------------------------------------------------------------------------

QList<OptionSpec> createOptions()
{
    QList<OptionSpec> o = locationOptions();
    o << opt("config", "FILE", Ai::tr("The job spec (config.yaml)"))
      << opt("display-name", "NAME", Ai::tr("Display name (default: the spec's jobId)"))
      << opt("service-account", "EMAIL", Ai::tr("Run the job as this service account"))
      << opt("staging-bucket", "gs://BUCKET[/PATH]",
             Ai::tr("Build the package (trainyardLocal.packagePath, --package-path) as an sdist "
                    "and upload it here"))
      << opt("executor-image-uri", "URI",
             Ai::tr("Prebuilt training image for pools that have none, e.g. "
                    "us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-17.py310:latest"))
      << opt("catalog", "FILE", Ai::tr("Use this service catalog instead of the built-in one"));
    return o;
}

int create(const QString &command, const QStringList &args, const QString &positionalId)
{
    const ParsedArgs parsed = parseArgs(args, createOptions(), true);
    if (parsed.help) {
        out() << aiHelp();
        out().flush();
        return exitOk;
    }
    if (!parsed.error.isEmpty())
        return usageError(command, parsed.error);
    if (!parsed.has(QStringLiteral("config")))
        return usageError(command, Ai::tr("--config FILE is required"));
    if (positionalId.isEmpty() && !parsed.positional.isEmpty())
        return usageError(command,
                          Ai::tr("unexpected argument '%1'").arg(parsed.positional.constFirst()));
    const std::shared_ptr<const catalog::Catalog> catalog = loadCatalog(parsed);
    if (!catalog)
        return exitUsage;
    const QString path = parsed.value(QStringLiteral("config"));
    SpecInput input = loadSpec(path, parsed.jobFlags, *catalog);
    const QString &specName = input.import.sources.fileName;
    if (input.unreadable) {
        printDiagnostics(input.diagnostics, path, specName);
        return exitUsage;
    }
    jobspec::Job &job = input.import.job;
    if (!positionalId.isEmpty())
        job.jobId = positionalId;
    jobspec::Diagnostics diags = input.diagnostics;
    cloud::VertexRequest request;
    if (input.import.ok())
        diags << cloud::buildVertexJob(job, *catalog, &input.import.sources, &request);
    sortDiagnostics(diags);
    printDiagnostics(diags, path, specName);
    if (jobspec::hasErrors(diags) || !input.import.ok()) {
        err() << sanitize(Ai::tr("%1: not submitted").arg(path)) << '\n';
        err().flush();
        return exitSpecErrors;
    }
    request.displayName = parsed.value(QStringLiteral("display-name"));
    request.serviceAccount = parsed.value(QStringLiteral("service-account"));
    request.executorImage = parsed.value(QStringLiteral("executor-image-uri"));
    request.region =
        cloud::resolveRegion(parsed.value(QStringLiteral("region")), job.trainingInput.region);
    // --packages (gcloud's flag) may name local archives, which are staged as they are, beside
    // gs:// URIs that stay; packageUris written in the spec give way to a staged package.
    request.keepRemotePackages =
        input.import.sources.flags.value(QStringLiteral("trainingInput.packageUris")) ==
        QLatin1String("--packages");
    request.stagingBucket = parsed.value(QStringLiteral("staging-bucket"));
    if (!request.stagingBucket.isEmpty())
        request.packageDir = job.local.packagePath;
    // Local archives are relative to the working directory, the package directory to the spec.
    request.baseDir = QFileInfo(path).absolutePath();
    for (const QString &uri : std::as_const(job.trainingInput.packageUris))
        request.packages << (uri.startsWith(QLatin1String("gs://"))
                                 ? uri
                                 : QFileInfo(uri).absoluteFilePath());

    Session s;
    QString error;
    if (!openSession(&s, &error))
        return failure(command, error);
    request.project = cloud::resolveProject(parsed.value(QStringLiteral("project")), s.credentials);
    // Where it goes is checked before anything is built or sent.
    if (const QString problem = cloud::checkVertexRequest(request); !problem.isEmpty())
        return usageError(command, problem);

    cloud::StageEvents events;
    int lastPercent = -1;
    events.progress = [&lastPercent](const QString &fileName, qint64 sent, qint64 total) {
        const int percent = total > 0 ? int(sent * 100 / total) : 100;
        if (percent != lastPercent) {
            lastPercent = percent;
            err() << sanitize(Ai::tr("Uploading %1: %2%").arg(fileName).arg(percent)) << '\n';
            err().flush();
        }
    };
    events.staged = [&lastPercent](const cloud::StagedFile &staged) {
        lastPercent = -1;
        if (!staged.uploaded) {
            err() << sanitize(Ai::tr("%1 is staged already; not uploaded again.").arg(staged.uri))
                  << '\n';
            err().flush();
        }
    };
    store::JobStore store;
    const bool isTuning = request.isTuning();
    const cloud::SubmitResult r =
        cloud::submitVertexRequest(s.api.get(), store, job, request, events);
    if (!r)
        return failure(command, r.errorMessage);
    out() << sanitize((isTuning ? Ai::tr("HyperparameterTuningJob [%1] is submitted "
                                         "successfully (local record %2).")
                                : Ai::tr("CustomJob [%1] is submitted successfully (local "
                                         "record %2)."))
                          .arg(r.resourceName, r.localId))
          << '\n'
          << sanitize(
                 Ai::tr("Watch it with: trainyard ai custom-jobs stream-logs %1").arg(r.localId))
          << '\n';
    out().flush();
    return exitOk;
}

// --- list, describe, cancel, stream-logs ----------------------------------------------------

int list(const QStringList &args)
{
    const QString command = QStringLiteral("ai custom-jobs list");
    QList<OptionSpec> options = locationOptions();
    options << opt("filter", "EXPRESSION",
                   Ai::tr("The service's filter, e.g. "
                          "state=\"JOB_STATE_RUNNING\""));
    const ParsedArgs parsed = parseArgs(args, options, false);
    if (!parsed.error.isEmpty())
        return usageError(command, parsed.error);
    Session s;
    QString error;
    if (!openSession(&s, &error))
        return failure(command, error);
    const QString project =
        cloud::resolveProject(parsed.value(QStringLiteral("project")), s.credentials);
    const QString region = cloud::resolveRegion(parsed.value(QStringLiteral("region")), {});
    if (region.isEmpty() || project.isEmpty())
        return usageError(command, Ai::tr("--region and a project are required"));
    if (const QString problem = cloud::checkRegion(region); !problem.isEmpty())
        return usageError(command, problem);
    if (const QString problem = cloud::checkProject(project); !problem.isEmpty())
        return usageError(command, problem);
    QList<QJsonObject> jobs;
    const QString listError = await<QString>([&](QObject *ctx, auto done) {
        s.vertex->listJobs(project, region, customJobs, parsed.value(QStringLiteral("filter")), ctx,
                           [&jobs, done](const QList<QJsonObject> &found, const QString &e) {
                               jobs = found;
                               done(e);
                           });
    });
    if (!listError.isEmpty())
        return failure(command, listError);
    out() << QStringLiteral("%1  %2  %3  %4\n")
                 .arg(QStringLiteral("JOB_ID").leftJustified(20),
                      QStringLiteral("DISPLAY_NAME").leftJustified(30),
                      QStringLiteral("STATE").leftJustified(12), QStringLiteral("CREATE_TIME"));
    for (const QJsonObject &j : jobs) {
        out() << sanitize(
                     QStringLiteral("%1  %2  %3  %4")
                         .arg(cloud::jobIdOf(j.value(QLatin1String("name")).toString())
                                  .leftJustified(20),
                              j.value(QLatin1String("displayName")).toString().leftJustified(30),
                              cloud::shortState(j.value(QLatin1String("state")).toString())
                                  .leftJustified(12),
                              j.value(QLatin1String("createTime")).toString()))
              << '\n';
    }
    out().flush();
    return exitOk;
}

struct JobCommand
{
    ParsedArgs parsed;
    Session session;
    store::JobStore store;
    QString name;
    QString localId;
};

// Parses `COMMAND JOB [options]` and resolves JOB; returns -1 to go on, else an exit code.
int openJob(const QString &command, const QStringList &args, QList<OptionSpec> options,
            JobCommand *c)
{
    options << locationOptions();
    c->parsed = parseArgs(args, options, false);
    if (!c->parsed.error.isEmpty())
        return usageError(command, c->parsed.error);
    if (c->parsed.positional.size() != 1)
        return usageError(command, Ai::tr("give exactly one JOB"));
    if (c->parsed.has(QStringLiteral("region"))) {
        if (const QString problem = cloud::checkRegion(c->parsed.value(QStringLiteral("region")));
            !problem.isEmpty())
            return usageError(command, problem);
    }
    if (c->parsed.has(QStringLiteral("project"))) {
        if (const QString problem = cloud::checkProject(c->parsed.value(QStringLiteral("project")));
            !problem.isEmpty())
            return usageError(command, problem);
    }
    QString error;
    if (!openSession(&c->session, &error))
        return failure(command, error);
    store::recoverOrphans(c->store);
    if (!resolveJob(c->parsed.positional.constFirst(), c->parsed, c->session, c->store, &c->name,
                    &c->localId, &error))
        return failure(command, error);
    // Whatever named it (the argument, --region, a local record's cloud.json), the job's name
    // is checked before any URL is built from it.
    if (const QString problem = cloud::checkJobName(c->name); !problem.isEmpty())
        return usageError(command,
                          c->localId.isEmpty()
                              ? problem
                              : Ai::tr("the local record %1: %2").arg(c->localId, problem));
    return -1;
}

int describe(const QStringList &args)
{
    const QString command = QStringLiteral("ai custom-jobs describe");
    JobCommand c;
    if (const int code = openJob(command, args, {}, &c); code >= 0)
        return code;
    const cloud::ApiResult r = getJob(c.session, c.name);
    if (!r)
        return failure(command, r.errorMessage);
    cloud::syncCloudRecord(c.store, c.localId, r.json);
    printPayload(QString::fromUtf8(QJsonDocument(r.json).toJson(QJsonDocument::Indented)));
    return exitOk;
}

// --timeout SECONDS: 1 to 30 days' worth; *seconds keeps its default when the flag is absent.
bool timeoutFlag(const ParsedArgs &parsed, qint64 *seconds)
{
    if (!parsed.has(QStringLiteral("timeout")))
        return true;
    bool ok = false;
    const qint64 value = parsed.value(QStringLiteral("timeout")).toLongLong(&ok);
    if (!ok || value < 1 || value > 30 * 86400)
        return false;
    *seconds = value;
    return true;
}

// Polls the job until it is terminal, with backoff from 1 s up to `maxDelayMs`, until
// `deadline`; *timedOut tells a deadline from an answer.
cloud::ApiResult waitTerminal(JobCommand &c, int maxDelayMs, const QDeadlineTimer &deadline,
                              bool *timedOut)
{
    *timedOut = false;
    int delay = 1000;
    for (;;) {
        const cloud::ApiResult r = getJob(c.session, c.name);
        if (!r)
            return r;
        cloud::syncCloudRecord(c.store, c.localId, r.json);
        if (cloud::isTerminalJobState(r.json.value(QLatin1String("state")).toString()))
            return r;
        if (deadline.hasExpired()) {
            *timedOut = true;
            return r;
        }
        sleepMs(int(std::min<qint64>(delay, std::max<qint64>(deadline.remainingTime(), 1))));
        delay = std::min(delay * 2, maxDelayMs);
    }
}

int cancel(const QStringList &args)
{
    const QString command = QStringLiteral("ai custom-jobs cancel");
    JobCommand c;
    if (const int code =
            openJob(command, args,
                    {opt("async", "", Ai::tr("Do not wait until the job has ended")),
                     opt("timeout", "SECONDS",
                         Ai::tr("Wait at most this long for the job to end (default 900)"))},
                    &c);
        code >= 0)
        return code;
    qint64 timeout = 900;
    if (!timeoutFlag(c.parsed, &timeout))
        return usageError(command, Ai::tr("--timeout must be 1 to 2592000 seconds"));
    const cloud::ApiResult r = await<cloud::ApiResult>(
        [&](QObject *ctx, auto done) { c.session.vertex->cancelJob(c.name, ctx, done); });
    if (!r)
        return failure(command, r.errorMessage);
    out() << sanitize(Ai::tr("Request to cancel CustomJob [%1] has been sent.").arg(c.name))
          << '\n';
    out().flush();
    if (c.parsed.has(QStringLiteral("async")))
        return exitOk;
    bool timedOut = false;
    const cloud::ApiResult end = waitTerminal(c, 10000, QDeadlineTimer(timeout * 1000), &timedOut);
    if (!end)
        return failure(command, end.errorMessage);
    const QString state = cloud::shortState(end.json.value(QLatin1String("state")).toString());
    if (timedOut)
        return failure(command, Ai::tr("the job is still %1 after %2 s; it may end later: "
                                       "trainyard ai custom-jobs describe %3")
                                    .arg(state)
                                    .arg(timeout)
                                    .arg(c.name));
    out() << sanitize(Ai::tr("The job ended %1.").arg(state)) << '\n';
    out().flush();
    return state == QLatin1String("CANCELLED") ? exitOk : exitFailed;
}

// How long stream-logs follows a job at most: its own limit (jobSpec.scheduling.timeout,
// Vertex's default 7 days; a tuning job runs its trials one round after another) and an hour
// for the service to report the end.
qint64 followLimitSeconds(const QJsonObject &job)
{
    const bool tuning = job.contains(QLatin1String("trialJobSpec"));
    const QJsonObject spec =
        job.value(tuning ? QLatin1String("trialJobSpec") : QLatin1String("jobSpec")).toObject();
    QString timeout = spec.value(QLatin1String("scheduling"))
                          .toObject()
                          .value(QLatin1String("timeout"))
                          .toString();
    qint64 seconds = 7 * 86400;
    if (timeout.endsWith(QLatin1Char('s'))) {
        timeout.chop(1);
        bool ok = false;
        const double value = timeout.toDouble(&ok);
        if (ok && value > 0 && value < 365.0 * 86400)
            seconds = qint64(value);
    }
    if (tuning) {
        const qint64 trials =
            std::max<qint64>(1, job.value(QLatin1String("maxTrialCount")).toVariant().toLongLong());
        const qint64 parallel = std::max<qint64>(
            1, job.value(QLatin1String("parallelTrialCount")).toVariant().toLongLong());
        seconds *= std::min<qint64>((trials + parallel - 1) / parallel, 1000);
    }
    return seconds + 3600;
}

volatile std::sig_atomic_t interrupted = 0;
extern "C" void onAiInterrupt(int)
{
    interrupted = 1;
}

int streamLogs(const QStringList &args)
{
    const QString command = QStringLiteral("ai custom-jobs stream-logs");
    JobCommand c;
    if (const int code = openJob(command, args,
                                 {opt("polling-interval", "SECONDS",
                                      Ai::tr("Seconds between polls (default 60, as gcloud)")),
                                  opt("timeout", "SECONDS",
                                      Ai::tr("Stop following after this long (default: the "
                                             "job's own time limit and an hour)"))},
                                 &c);
        code >= 0)
        return code;
    bool ok = true;
    int interval = 60;
    if (c.parsed.has(QStringLiteral("polling-interval"))) {
        interval = c.parsed.value(QStringLiteral("polling-interval")).toInt(&ok);
        if (!ok || interval < 1 || interval > 3600)
            return usageError(command, Ai::tr("--polling-interval must be 1 to 3600 seconds"));
    }
    qint64 timeout = 0; // 0: from the job
    if (!timeoutFlag(c.parsed, &timeout))
        return usageError(command, Ai::tr("--timeout must be 1 to 2592000 seconds"));
    QDeadlineTimer deadline(QDeadlineTimer::Forever);
    const QString project = c.name.section(QLatin1Char('/'), 1, 1);
    cloud::CloudRecord cursor; // what has been printed (and, with a local record, copied)
    if (!c.localId.isEmpty())
        cloud::readCloudRecord(c.store, c.localId, &cursor);
    cloud::CloudRecord printed = cursor;
    printed.logCursor.clear();
    printed.logCursorIds.clear();
    std::signal(SIGINT, onAiInterrupt);
    QString finalState;
    for (bool last = false;;) {
        // Read the state first: logs fetched after a terminal state hold everything.
        const cloud::ApiResult job = getJob(c.session, c.name);
        if (!job)
            return failure(command, job.errorMessage);
        cloud::syncCloudRecord(c.store, c.localId, job.json);
        if (deadline.isForever())
            deadline.setRemainingTime((timeout > 0 ? timeout : followLimitSeconds(job.json)) *
                                      1000);
        const QString state = job.json.value(QLatin1String("state")).toString();
        last = cloud::isTerminalJobState(state);
        QList<cloud::CloudLogEntry> entries;
        const QString logError = await<QString>([&](QObject *ctx, auto done) {
            c.session.vertex->listJobLogs(
                project, c.name, printed.logCursor, ctx,
                [&entries, done](const QList<cloud::CloudLogEntry> &e, const QString &error) {
                    entries = e;
                    done(error);
                });
        });
        if (!logError.isEmpty())
            return failure(command, logError);
        for (const cloud::CloudLogEntry &e : entries) {
            if (e.timestamp < printed.logCursor ||
                (e.timestamp == printed.logCursor && printed.logCursorIds.contains(e.insertId)))
                continue;
            if (e.timestamp > printed.logCursor) {
                printed.logCursor = e.timestamp;
                printed.logCursorIds.clear();
            }
            printed.logCursorIds << e.insertId;
            out() << sanitize((e.taskName.isEmpty() ? QStringLiteral("job") : e.taskName) +
                              QStringLiteral(": ") + e.message)
                  << '\n';
        }
        out().flush();
        if (!c.localId.isEmpty()) {
            cloud::CloudRecord record;
            if (cloud::readCloudRecord(c.store, c.localId, &record)) {
                cloud::appendCloudLogs(c.store, c.localId, &record, entries);
                cloud::writeCloudRecord(c.store, c.localId, record);
            }
        }
        if (last) {
            finalState = cloud::shortState(state);
            break;
        }
        for (int waited = 0; waited < interval * 10 && !interrupted && !deadline.hasExpired();
             ++waited)
            sleepMs(100);
        if (interrupted) {
            err() << Ai::tr("Stopped following; the job keeps running.") << '\n';
            err().flush();
            return 130;
        }
        if (deadline.hasExpired()) {
            err() << sanitize(Ai::tr("Stopped following: the job is still %1 after the time "
                                     "limit of following it; it may end later.")
                                  .arg(cloud::shortState(state)))
                  << '\n';
            err().flush();
            return exitFailed;
        }
    }
    err() << sanitize(Ai::tr("The job ended %1.").arg(finalState)) << '\n';
    err().flush();
    return finalState == QLatin1String("SUCCEEDED") ? exitOk : exitFailed;
}

} // namespace

QString aiHelp()
{
    return Ai::tr("Usage: trainyard ai custom-jobs COMMAND ...\n"
                  "\n"
                  "Vertex AI custom training (as gcloud ai custom-jobs). Credentials are Google's "
                  "Application Default Credentials: GOOGLE_APPLICATION_CREDENTIALS, else the "
                  "file `gcloud auth application-default login` writes.\n"
                  "\n"
                  "Commands:\n"
                  "  create --config FILE [--region R] [--project P] [--display-name N]\n"
                  "         [--service-account EMAIL] [JOB FLAGS]   Submit a spec as a "
                  "CustomJob\n"
                  "  list --region R [--project P] [--filter EXPR]  List the CustomJobs\n"
                  "  describe JOB                                   Show a job (JSON)\n"
                  "  stream-logs JOB [--polling-interval S] [--timeout S]\n"
                  "                                                 Print its logs until it "
                  "ends\n"
                  "  cancel JOB [--async] [--timeout S]             Cancel it and wait until it "
                  "has ended\n"
                  "\n"
                  "JOB: a resource name, the ID of a job's local record, or a numeric ID with "
                  "--region and --project.\n"
                  "Regions (us-central1), projects and job names are checked before anything "
                  "is sent; requests go only to Google's hosts or the endpoints configured in "
                  "TRAINYARD_*_ENDPOINT.\n"
                  "Exit status: 0 done, 1 spec errors or a failed cloud call, 2 usage error.\n");
}

int runAi(const QStringList &args)
{
    if (args.isEmpty() || args.first() == QLatin1String("--help") ||
        args.first() == QLatin1String("-h")) {
        out() << aiHelp();
        out().flush();
        return args.isEmpty() ? exitUsage : exitOk;
    }
    if (args.first() != QLatin1String("custom-jobs"))
        return usageError(QStringLiteral("ai"),
                          Ai::tr("unknown command '%1'; use custom-jobs").arg(args.first()));
    const QString sub = args.value(1);
    const QStringList rest = args.mid(2);
    if (sub == QLatin1String("create"))
        return create(QStringLiteral("ai custom-jobs create"), rest, {});
    if (sub == QLatin1String("list"))
        return list(rest);
    if (sub == QLatin1String("describe"))
        return describe(rest);
    if (sub == QLatin1String("cancel"))
        return cancel(rest);
    if (sub == QLatin1String("stream-logs"))
        return streamLogs(rest);
    return usageError(QStringLiteral("ai custom-jobs"), Ai::tr("unknown command '%1'").arg(sub));
}

int runCloudSubmitTraining(const QStringList &args)
{
    const QString command = QStringLiteral("jobs submit training --cloud");
    const ParsedArgs parsed = parseArgs(args, createOptions(), true);
    if (parsed.positional.size() != 1)
        return usageError(command, Ai::tr("give exactly one JOB_ID"));
    QStringList rest = args;
    rest.removeOne(parsed.positional.constFirst());
    return create(command, rest, parsed.positional.constFirst());
}

} // namespace trainyard::cli
