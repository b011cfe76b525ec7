// SPDX-License-Identifier: MIT
// `trainyard jobs list|describe|stream-logs|cancel` and the hidden `trainyard supervise`.
#include "cli/jobcommands.h"

#include "cli/cloudhooks.h"
#include "cli/commands.h"
#include "cli/jobdescribe.h"
#include "cli/output.h"
#include "cloudrecord/cloudjob.h"
#include "exec/owner.h"
#include "exec/ownerstandby.h"
#include "exec/rehearsal.h"
#include "exec/runsettings.h"
#include "jobactions/jobactions.h"
#include "jobspec/yamlemit.h"
#include "jobspec/yamlio.h"
#include "store/jobstore.h"
#include "store/recovery.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <algorithm>
#include <numeric>
#include <yaml-cpp/yaml.h>

namespace trainyard::cli {
namespace {

class Jobs
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

QMap<QString, QString> labelsOf(const store::JobStore &store, const QString &jobId)
{
    QByteArray yaml;
    if (!store.readConfig(jobId, &yaml))
        return {};
    return jobspec::importJob(yaml, QStringLiteral("config.yaml")).job.labels;
}

bool globMatch(const QString &pattern, const QString &text)
{
    const QRegularExpression re(QRegularExpression::wildcardToRegularExpression(
                                    pattern, QRegularExpression::UnanchoredWildcardConversion),
                                QRegularExpression::CaseInsensitiveOption);
    const QRegularExpression anchored(QRegularExpression::anchoredPattern(re.pattern()),
                                      QRegularExpression::CaseInsensitiveOption);
    return anchored.match(text).hasMatch();
}

namespace {

// The fields `jobs list` prints, by the names --sort-by, --format=json and --format=yaml use.
const QStringList listFields = {QStringLiteral("jobId"), QStringLiteral("state"),
                                QStringLiteral("createTime"), QStringLiteral("where")};

// gcloud's --sort-by: comma-separated fields, "~" before a field sorts it descending.
struct SortKey
{
    int field;
    bool descending;
};

QList<SortKey> parseSortBy(const QString &text, QString *error)
{
    QList<SortKey> keys;
    for (QString part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        part = part.trimmed();
        const bool descending = part.startsWith(QLatin1Char('~'));
        if (descending)
            part.remove(0, 1);
        const int field = int(listFields.indexOf(part));
        if (field < 0) {
            *error = Jobs::tr("cannot sort by '%1'; use %2 (~ before a field sorts it "
                              "descending)")
                         .arg(part, listFields.join(QLatin1String(", ")));
            return {};
        }
        keys.append({field, descending});
    }
    return keys;
}

void printList(const QList<QStringList> &rows, const QString &format)
{
    if (format == QLatin1String("json")) {
        QJsonArray array;
        for (const QStringList &row : rows) {
            QJsonObject o;
            for (int f = 0; f < listFields.size(); ++f)
                o.insert(listFields.at(f), row.at(f));
            array.append(o);
        }
        out() << QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented));
    } else if (format == QLatin1String("yaml")) {
        // As gcloud prints a list in YAML: one document per item.
        for (const QStringList &row : rows) {
            YAML::Emitter e;
            e << YAML::BeginMap;
            for (int f = 0; f < listFields.size(); ++f) {
                e << YAML::Key << listFields.at(f).toStdString() << YAML::Value;
                jobspec::yaml::emitScalar(e, row.at(f));
            }
            e << YAML::EndMap;
            out() << "---\n" << QString::fromUtf8(e.c_str()) << '\n';
        }
    } else {
        QList<QStringList> table = rows;
        table.prepend({QStringLiteral("JOB_ID"), QStringLiteral("STATUS"),
                       QStringLiteral("CREATED"), QStringLiteral("WHERE")});
        qsizetype w0 = 0;
        qsizetype w1 = 0;
        qsizetype w2 = 0;
        for (const QStringList &row : std::as_const(table)) {
            w0 = std::max(w0, row.at(0).size());
            w1 = std::max(w1, row.at(1).size());
            w2 = std::max(w2, row.at(2).size());
        }
        for (const QStringList &row : std::as_const(table)) {
            out() << sanitize(row.at(0).leftJustified(w0 + 2)) << row.at(1).leftJustified(w1 + 2)
                  << row.at(2).leftJustified(w2 + 2) << sanitize(row.at(3)) << '\n';
        }
    }
    out().flush();
}

} // namespace

int runList(const QStringList &args)
{
    const QString command = QStringLiteral("jobs list");
    const ParsedArgs parsed = parseArgs(
        args,
        {{QStringLiteral("filter"), QStringLiteral("EXPRESSION"),
          Jobs::tr("Only jobs matching the expression")},
         {QStringLiteral("format"), QStringLiteral("FORMAT"),
          Jobs::tr("table (the default), json or yaml")},
         {QStringLiteral("sort-by"), QStringLiteral("FIELD"),
          Jobs::tr("Sort by jobId, state, createTime or where; ~FIELD descending (default "
                   "~createTime, newest first)")},
         {QStringLiteral("limit"), QStringLiteral("N"), Jobs::tr("List at most N jobs")}},
        false);
    if (parsed.help) {
        out() << jobsHelp();
        out().flush();
        return exitOk;
    }
    if (!parsed.error.isEmpty())
        return usageError(command, parsed.error);
    if (!parsed.positional.isEmpty())
        return usageError(command,
                          Jobs::tr("unexpected argument '%1'").arg(parsed.positional.first()));
    QString error;
    const QList<JobFilterTerm> filter =
        parseJobFilter(parsed.value(QStringLiteral("filter")), &error);
    if (!error.isEmpty())
        return usageError(command, error);
    const QString format = parsed.has(QStringLiteral("format"))
                               ? parsed.value(QStringLiteral("format"))
                               : QStringLiteral("table");
    if (format != QLatin1String("table") && format != QLatin1String("json") &&
        format != QLatin1String("yaml"))
        return usageError(command,
                          Jobs::tr("unknown --format '%1'; use table, json or yaml").arg(format));
    const QList<SortKey> sortKeys =
        parseSortBy(parsed.has(QStringLiteral("sort-by")) ? parsed.value(QStringLiteral("sort-by"))
                                                          : QStringLiteral("~createTime"),
                    &error);
    if (!error.isEmpty())
        return usageError(command, error);
    qsizetype limit = -1;
    if (parsed.has(QStringLiteral("limit"))) {
        bool ok = false;
        limit = parsed.value(QStringLiteral("limit")).toLongLong(&ok);
        if (!ok || limit < 1)
            return usageError(command, Jobs::tr("--limit needs a whole number of at least 1"));
    }

    const store::JobStore store;
    store::recoverOrphans(store);
    QList<store::JobEntry> entries = store.list();
    const bool needLabels = std::any_of(filter.cbegin(), filter.cend(), [](const JobFilterTerm &t) {
        return t.key.startsWith(QLatin1String("labels."));
    });
    QList<QStringList> rows;
    QList<QDateTime> created; // createTime sorts as a time, not as text
    QStringList broken;       // why, on stderr
    for (const store::JobEntry &entry : std::as_const(entries)) {
        const QMap<QString, QString> labels =
            needLabels ? labelsOf(store, entry.jobId) : QMap<QString, QString>();
        if (!filter.isEmpty() &&
            (!entry.stateKnown() || !matchesJobFilter(filter, entry.jobId, entry.state, labels)))
            continue;
        rows.append({entry.jobId,
                     entry.stateKnown() ? store::jobStatusName(entry.state.state)
                                        : QStringLiteral("BROKEN"),
                     entry.state.createTime.isValid() ? rfc3339(entry.state.createTime) : QString(),
                     // Last, so that parsers of the first three columns keep working.
                     cloud::whereText(store, entry.jobId)});
        created.append(entry.state.createTime);
        if (entry.isBroken())
            broken << Jobs::tr("Job %1 is broken: %2").arg(entry.jobId, entry.errorMessage);
    }
    QList<qsizetype> order(rows.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
        for (const SortKey &k : sortKeys) {
            int c = 0;
            if (k.field == 2)
                c = created.at(a) < created.at(b) ? -1 : (created.at(b) < created.at(a) ? 1 : 0);
            else
                c = QString::compare(rows.at(a).at(k.field), rows.at(b).at(k.field));
            if (c != 0)
                return k.descending ? c > 0 : c < 0;
        }
        return false;
    });
    QList<QStringList> sorted;
    for (qsizetype i : std::as_const(order)) {
        if (limit >= 0 && sorted.size() >= limit)
            break;
        sorted.append(rows.at(i));
    }
    for (const QString &line : std::as_const(broken))
        err() << sanitize(line) << '\n';
    err().flush();
    if (sorted.isEmpty() && format == QLatin1String("table")) {
        err() << Jobs::tr("Listed 0 items.") << '\n';
        err().flush();
        return exitOk;
    }
    printList(sorted, format);
    return exitOk;
}

// Reads a job for describe/stream-logs/cancel; prints and returns false when it is unknown.
bool requireJob(const store::JobStore &store, const QString &jobId, store::JobState *state)
{
    const store::StateReadResult read = store.readState(jobId);
    if (read) {
        *state = read.state;
        return true;
    }
    if (read.failure == store::StateReadResult::Failure::NoSuchJob)
        err() << sanitize(Jobs::tr("There is no job %1.").arg(jobId)) << '\n';
    else if (read.failure == store::StateReadResult::Failure::NoState)
        return (*state = store::JobState(), true); // being created: QUEUED
    else
        err() << sanitize(Jobs::tr("Job %1 is broken: %2").arg(jobId, read.errorMessage)) << '\n';
    err().flush();
    return false;
}

int oneJobId(const QString &command, const QStringList &args, QString *jobId)
{
    const ParsedArgs parsed = parseArgs(args, {}, false);
    if (parsed.help) {
        out() << jobsHelp();
        out().flush();
        return exitOk;
    }
    if (!parsed.error.isEmpty())
        return usageError(command, parsed.error);
    if (parsed.positional.size() != 1)
        return usageError(command, Jobs::tr("give exactly one JOB_ID"));
    *jobId = parsed.positional.first();
    return -1;
}

int runDescribe(const QStringList &args)
{
    QString jobId;
    if (const int code = oneJobId(QStringLiteral("jobs describe"), args, &jobId); code >= 0)
        return code;
    const store::JobStore store;
    store::recoverOrphans(store);
    store::JobState state;
    if (!requireJob(store, jobId, &state))
        return exitSpecErrors;
    printPayload(describeYaml(store, jobId, state));
    return exitOk;
}

int runStreamLogs(const QStringList &args)
{
    QString jobId;
    if (const int code = oneJobId(QStringLiteral("jobs stream-logs"), args, &jobId); code >= 0)
        return code;
    const store::JobStore store;
    store::recoverOrphans(store);
    store::JobState state;
    if (!requireJob(store, jobId, &state))
        return exitSpecErrors;
    return followJob(store, jobId, FollowOptions());
}

int runCancel(const QStringList &args)
{
    QString jobId;
    if (const int code = oneJobId(QStringLiteral("jobs cancel"), args, &jobId); code >= 0)
        return code;
    const store::JobStore store;
    store::recoverOrphans(store);
    store::JobState state;
    if (!requireJob(store, jobId, &state))
        return exitSpecErrors;
    // The console's Cancel asks the same (jobactions::JobActions::cancel).
    if (const store::StoreResult requested = jobactions::cancelLocalJob(store, jobId); !requested) {
        err() << sanitize(requested.errorMessage) << '\n';
        err().flush();
        return exitSpecErrors;
    }
    FollowOptions follow;
    follow.printLogs = false;
    follow.expected = store::JobStatus::Cancelled;
    return followJob(store, jobId, follow);
}

int runRehearse(const QStringList &args)
{
    const ParsedArgs parsed =
        parseArgs(args,
                  {{QStringLiteral("replica"), QStringLiteral("NAME"), QString()},
                   {QStringLiteral("event"), QStringLiteral("maintenance|crash"), QString()}},
                  false);
    if (!parsed.error.isEmpty())
        return usageError(QStringLiteral("jobs rehearse"), parsed.error);
    if (parsed.positional.size() != 1 || !parsed.has(QStringLiteral("replica")) ||
        !parsed.has(QStringLiteral("event")))
        return usageError(QStringLiteral("jobs rehearse"),
                          Jobs::tr("usage: jobs rehearse JOB_ID --replica NAME --event "
                                   "maintenance|crash"));
    const std::optional<exec::RehearsalEvent> event =
        exec::rehearsalEventFromName(parsed.value(QStringLiteral("event")));
    if (!event)
        return usageError(QStringLiteral("jobs rehearse"),
                          Jobs::tr("--event must be maintenance or crash, not '%1'")
                              .arg(parsed.value(QStringLiteral("event"))));
    const QString jobId = parsed.positional.first();
    const QString replica = parsed.value(QStringLiteral("replica"));
    const store::JobStore store;
    store::recoverOrphans(store);
    store::JobState state;
    if (!requireJob(store, jobId, &state))
        return exitSpecErrors;
    const auto fail = [](const QString &message) {
        err() << sanitize(message) << '\n';
        err().flush();
        return exitSpecErrors;
    };
    if (state.state != store::JobStatus::Running)
        return fail(Jobs::tr("The job %1 is %2; only a RUNNING job can rehearse a restart.")
                        .arg(jobId, store::jobStatusName(state.state)));
    QStringList names;
    for (const store::ReplicaState &r : std::as_const(state.replicas))
        names.append(store::trialLogName(r.name, r.trialId));
    if (!names.contains(replica))
        return fail(Jobs::tr("The job %1 has no replica %2; its replicas: %3.")
                        .arg(jobId, replica, names.join(QStringLiteral(", "))));
    QString path;
    if (const QString error = exec::requestRehearsal(
            store, jobId, exec::RehearsalRequest{replica, *event, QString()}, &path);
        !error.isEmpty())
        return fail(error);
    QString problem;
    if (!exec::waitForRehearsal(path, 10000, &problem))
        return fail(Jobs::tr("The job's owner did not take the request within 10 s; nothing "
                             "was done."));
    if (!problem.isEmpty())
        return fail(problem);
    exec::RunSettings settings;
    exec::readRunSettings(store, jobId, &settings);
    if (*event == exec::RehearsalEvent::Maintenance)
        out() << sanitize(Jobs::tr("%1 of %2: VM maintenance: SIGTERM, up to %3 s grace period, "
                                   "SIGKILL, then a restart with the same TF_CONFIG, port and "
                                   "environment (not counted against the restarts). See `jobs "
                                   "describe %2` for whether it resumed.")
                              .arg(replica, jobId)
                              .arg(settings.graceMs / 1000.0))
              << '\n';
    else
        out() << sanitize(Jobs::tr("%1 of %2: crashed (SIGKILL); it restarts as after a "
                                   "non-zero exit, counted against the restarts. See `jobs "
                                   "describe %2` for whether it resumed.")
                              .arg(replica, jobId))
              << '\n';
    out().flush();
    return exitOk;
}

} // namespace

QList<JobFilterTerm> parseJobFilter(const QString &text, QString *error)
{
    error->clear();
    QList<JobFilterTerm> terms;
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    const QStringList words = text.split(spaces, Qt::SkipEmptyParts);
    static const QRegularExpression term(QStringLiteral("^([A-Za-z_][A-Za-z0-9_.]*)(!=|=|:)(.*)$"));
    for (const QString &word : words) {
        if (word.compare(QLatin1String("AND"), Qt::CaseInsensitive) == 0)
            continue;
        const QRegularExpressionMatch m = term.match(word);
        if (!m.hasMatch()) {
            *error =
                Jobs::tr(
                    "cannot read the filter term '%1'; use KEY=VALUE, KEY!=VALUE or KEY:PATTERN")
                    .arg(word);
            return {};
        }
        QString key = m.captured(1);
        const QString lower = key.toLower();
        if (lower == QLatin1String("jobid") || lower == QLatin1String("job_id") ||
            lower == QLatin1String("name"))
            key = QStringLiteral("jobId");
        else if (lower == QLatin1String("state") || lower == QLatin1String("status"))
            key = QStringLiteral("state");
        else if (!key.startsWith(QLatin1String("labels.")))
            return (
                *error =
                    Jobs::tr("unknown filter key '%1'; use jobId, state or labels.NAME").arg(key),
                QList<JobFilterTerm>());
        QString value = m.captured(3);
        if (value.size() >= 2 &&
            (value.startsWith(QLatin1Char('"')) || value.startsWith(QLatin1Char('\''))) &&
            value.endsWith(value.at(0)))
            value = value.mid(1, value.size() - 2);
        terms.append({key, m.captured(2), value});
    }
    return terms;
}

bool matchesJobFilter(const QList<JobFilterTerm> &terms, const QString &jobId,
                      const store::JobState &state, const QMap<QString, QString> &labels)
{
    for (const JobFilterTerm &t : terms) {
        QString actual;
        if (t.key == QLatin1String("jobId"))
            actual = jobId;
        else if (t.key == QLatin1String("state"))
            actual = store::jobStatusName(state.state);
        else
            actual = labels.value(t.key.mid(7));
        bool match = false;
        if (t.op == QLatin1String(":"))
            match = globMatch(t.value, actual);
        else
            match = actual.compare(t.value, Qt::CaseInsensitive) == 0;
        if (t.op == QLatin1String("!="))
            match = !match;
        if (!match)
            return false;
    }
    return true;
}

QString jobsHelp()
{
    return Jobs::tr("Usage: trainyard jobs COMMAND ...\n"
                    "\n"
                    "Jobs run on this machine; they keep running when the console exits.\n"
                    "\n"
                    "Commands:\n"
                    "  submit training JOB_ID --config FILE [...]   Validate and run a job\n"
                    "  list [--filter EXPRESSION] [--format=table|json|yaml] [--sort-by=FIELD] "
                    "[--limit=N]\n"
                    "                                               List jobs, newest first (e.g. "
                    "--filter state=RUNNING, --filter 'jobId:census*', --sort-by=jobId)\n"
                    "  describe JOB_ID                              Show a job as YAML\n"
                    "  metrics JOB_ID [--format=csv|json] [--source SOURCE] [--metric METRIC]\n"
                    "                                               Print every stored point of "
                    "the job's metric series\n"
                    "                                               (log, hypertune, TensorBoard, "
                    "system), also while it runs;\n"
                    "                                               csv by default (source,metric,"
                    "step,wall_time,value), or json\n"
                    "  stream-logs JOB_ID                           Follow a job's logs until it "
                    "ends\n"
                    "  cancel JOB_ID                                Cancel a job and wait until "
                    "it is CANCELLED\n"
                    "  rehearse JOB_ID --replica NAME --event maintenance|crash\n"
                    "                                               Rehearse the service's "
                    "restart of a running replica:\n"
                    "                                               VM maintenance (SIGTERM, "
                    "grace period, SIGKILL, restart;\n"
                    "                                               not counted) or a crash "
                    "(SIGKILL; counted)\n");
}

int runJobs(const QStringList &args)
{
    if (args.isEmpty() || args.first() == QLatin1String("--help") ||
        args.first() == QLatin1String("-h")) {
        out() << jobsHelp();
        out().flush();
        return args.isEmpty() ? exitUsage : exitOk;
    }
    const QString &sub = args.first();
    if (sub == QLatin1String("submit")) {
        if (args.size() < 2 || args.at(1) != QLatin1String("training"))
            return usageError(QStringLiteral("jobs submit"),
                              Jobs::tr("use 'jobs submit training'"));
        return runSubmitTraining(args.mid(2));
    }
    // A cloud job's record (cloudrecord/cloudjob.h): describe, stream-logs and cancel go to Vertex
    // AI.
    if ((sub == QLatin1String("describe") || sub == QLatin1String("stream-logs") ||
         sub == QLatin1String("cancel")) &&
        args.size() == 2 && store::JobStore::isStorableJobId(args.at(1)) &&
        cloud::isCloudJob(store::JobStore(), args.at(1)))
        return runCloudCommand(&CloudCommands::ai,
                               QStringList{QStringLiteral("custom-jobs")} + args);
    if (sub == QLatin1String("list"))
        return runList(args.mid(1));
    if (sub == QLatin1String("describe"))
        return runDescribe(args.mid(1));
    if (sub == QLatin1String("metrics"))
        return runJobsMetrics(args.mid(1));
    if (sub == QLatin1String("stream-logs"))
        return runStreamLogs(args.mid(1));
    if (sub == QLatin1String("cancel"))
        return runCancel(args.mid(1));
    if (sub == QLatin1String("rehearse"))
        return runRehearse(args.mid(1));
    return usageError(QStringLiteral("jobs"), Jobs::tr("unknown command '%1'").arg(sub));
}

int runSupervise(const QStringList &args)
{
    const ParsedArgs parsed =
        parseArgs(args,
                  {{QStringLiteral("store"), QStringLiteral("DIR"), QString()},
                   {QStringLiteral("standby"), QString(), QString()}},
                  false);
    const bool standby = parsed.has(QStringLiteral("standby"));
    if (!parsed.error.isEmpty() || parsed.positional.size() != (standby ? 0 : 1))
        return usageError(QStringLiteral("supervise"),
                          Jobs::tr("usage: supervise [--store DIR] JOB_ID | --standby"));
    const store::JobStore store = parsed.has(QStringLiteral("store"))
                                      ? store::JobStore(parsed.value(QStringLiteral("store")))
                                      : store::JobStore();
    if (standby) // the job's ID comes on standard input (ownerstandby.h)
        return exec::runStandbyOwner(store);
    return exec::runOwner(store, parsed.positional.first());
}

} // namespace trainyard::cli
