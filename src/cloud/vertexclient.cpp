// SPDX-License-Identifier: MIT
#include "cloud/vertexclient.h"

#include "cloud/resourcename.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QTimer>
#include <QUrlQuery>

namespace trainyard::cloud {
namespace {

class Vertex
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::CloudApi)
};

QUrl rootFromEnv(const char *variable, const QString &fallback)
{
    QString root = qEnvironmentVariable(variable);
    if (root.isEmpty())
        root = fallback;
    if (!root.endsWith(QLatin1Char('/')))
        root += QLatin1Char('/');
    return QUrl(root);
}

QUrl under(const QUrl &root, const QString &path)
{
    QUrl url = root;
    url.setPath(root.path() + path);
    return url;
}

constexpr int maxEmptyLogPages = 20;

// Refuses a call before any URL is built: `answer` runs from the event loop (as a network
// answer would), unless `context` is gone.
template<typename Answer>
void refuse(QObject *context, Answer answer)
{
    QTimer::singleShot(0, context, std::move(answer));
}

ApiResult refused(const QString &what, const QString &reason)
{
    ApiResult r;
    r.errorMessage = Vertex::tr("Cannot %1: %2").arg(what, reason);
    return r;
}

// What a job answer must hold: a resource name of the collection asked for and a job state.
QString jobAnswerProblem(const QJsonObject &job, const QString &collection)
{
    JobName name;
    if (!parseJobName(job.value(QLatin1String("name")).toString(), &name) ||
        name.collection != collection)
        return Vertex::tr("a job without a valid resource name");
    static const QRegularExpression stateRe(QStringLiteral("\\AJOB_STATE_[A-Z_]{1,40}\\z"));
    if (!stateRe.match(job.value(QLatin1String("state")).toString()).hasMatch())
        return Vertex::tr("a job without a valid state");
    return {};
}

// A page of a list: `field` absent or an array of objects, nextPageToken absent or a string.
bool isPage(const QJsonObject &page, const QString &field)
{
    const QJsonValue items = page.value(field);
    if (!items.isUndefined() && !items.isArray())
        return false;
    const QJsonArray array = items.toArray();
    for (const auto &v : array) {
        if (!v.isObject())
            return false;
    }
    const QJsonValue next = page.value(QLatin1String("nextPageToken"));
    return next.isUndefined() || next.isString();
}

} // namespace

QUrl vertexRoot(const QString &region)
{
    return rootFromEnv("TRAINYARD_VERTEX_ENDPOINT",
                       QStringLiteral("https://%1-aiplatform.googleapis.com/").arg(region));
}

QUrl loggingRoot()
{
    return rootFromEnv("TRAINYARD_LOGGING_ENDPOINT",
                       QStringLiteral("https://logging.googleapis.com/"));
}

QUrl storageRoot()
{
    return rootFromEnv("TRAINYARD_STORAGE_ENDPOINT",
                       QStringLiteral("https://storage.googleapis.com/"));
}

VertexClient::VertexClient(ApiClient *api, QObject *parent)
    : QObject(parent)
    , m_api(api)
{}

void VertexClient::createJob(const QString &project, const QString &region,
                             const QString &collection, const QJsonObject &job, QObject *context,
                             const JobCallback &callback)
{
    QString problem = checkProject(project);
    if (problem.isEmpty())
        problem = checkRegion(region);
    if (problem.isEmpty() && collection != QLatin1String("customJobs") &&
        collection != QLatin1String("hyperparameterTuningJobs"))
        problem = Vertex::tr("unknown job collection");
    const QString what =
        Vertex::tr("create the job in %1").arg(isRegion(region) ? region : QString());
    if (!problem.isEmpty()) {
        refuse(context, [callback, r = refused(what, problem)] { callback(r); });
        return;
    }
    const QUrl url =
        under(vertexRoot(region), QStringLiteral("v1/") + locationName(project, region) +
                                      QLatin1Char('/') + collection);
    m_api->callJson(
        "POST", url, job, what, context, [url, what, collection, callback](ApiResult r) {
            if (r) {
                if (const QString bad = jobAnswerProblem(r.json, collection); !bad.isEmpty())
                    r.errorMessage = malformedAnswer(what, url, r.httpStatus, bad);
            }
            callback(r);
        });
}

void VertexClient::getJob(const QString &name, QObject *context, const JobCallback &callback)
{
    JobName parsed;
    if (!parseJobName(name, &parsed)) {
        refuse(context, [callback, r = refused(Vertex::tr("read the job"), checkJobName(name))] {
            callback(r);
        });
        return;
    }
    const QUrl url = under(vertexRoot(parsed.region), QStringLiteral("v1/") + name);
    const QString what = Vertex::tr("read the job %1").arg(name);
    m_api->call("GET", url, {}, what, context, [url, what, parsed, callback](ApiResult r) {
        if (r) {
            if (const QString bad = jobAnswerProblem(r.json, parsed.collection); !bad.isEmpty())
                r.errorMessage = malformedAnswer(what, url, r.httpStatus, bad);
        }
        callback(r);
    });
}

void VertexClient::cancelJob(const QString &name, QObject *context, JobCallback callback)
{
    JobName parsed;
    if (!parseJobName(name, &parsed)) {
        refuse(context, [callback, r = refused(Vertex::tr("cancel the job"), checkJobName(name))] {
            callback(r);
        });
        return;
    }
    const QUrl url =
        under(vertexRoot(parsed.region), QStringLiteral("v1/") + name + QStringLiteral(":cancel"));
    m_api->callJson("POST", url, QJsonObject(), Vertex::tr("cancel the job %1").arg(name), context,
                    std::move(callback));
}

void VertexClient::listJobs(const QString &project, const QString &region,
                            const QString &collection, const QString &filter, QObject *context,
                            const ListCallback &callback)
{
    QString problem = checkProject(project);
    if (problem.isEmpty())
        problem = checkRegion(region);
    if (!problem.isEmpty()) {
        refuse(context, [callback, m = refused(Vertex::tr("list the jobs"), problem).errorMessage] {
            callback({}, m);
        });
        return;
    }
    QUrl url = under(vertexRoot(region), QStringLiteral("v1/") + locationName(project, region) +
                                             QLatin1Char('/') + collection);
    if (!filter.isEmpty()) {
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("filter"),
                           QString::fromUtf8(QUrl::toPercentEncoding(filter)));
        url.setQuery(query);
    }
    listPage(url, collection, Vertex::tr("list the jobs of %1 in %2").arg(project, region), {},
             std::make_shared<QList<QJsonObject>>(), context, callback);
}

void VertexClient::listPage(const QUrl &base, const QString &collection, const QString &what,
                            const QString &pageToken,
                            const std::shared_ptr<QList<QJsonObject>> &jobs, QObject *context,
                            const ListCallback &callback)
{
    QUrl url = base;
    if (!pageToken.isEmpty()) {
        QUrlQuery query(url);
        query.addQueryItem(QStringLiteral("pageToken"),
                           QString::fromUtf8(QUrl::toPercentEncoding(pageToken)));
        url.setQuery(query);
    }
    m_api->call("GET", url, {}, what, context,
                [this, url, base, collection, what, jobs, context, callback](const ApiResult &r) {
                    if (!r) {
                        callback(*jobs, r.errorMessage);
                        return;
                    }
                    if (!isPage(r.json, collection)) {
                        callback(*jobs, malformedAnswer(what, url, r.httpStatus,
                                                        Vertex::tr("not a page of jobs")));
                        return;
                    }
                    const QJsonArray page = r.json.value(collection).toArray();
                    for (const auto &v : page)
                        jobs->append(v.toObject());
                    const QString next = r.json.value(QLatin1String("nextPageToken")).toString();
                    if (next.isEmpty()) {
                        callback(*jobs, QString());
                        return;
                    }
                    listPage(base, collection, what, next, jobs, context, callback);
                });
}

void VertexClient::listJobLogs(const QString &project, const QString &jobName,
                               const QString &afterTimestamp, QObject *context,
                               const LogCallback &callback)
{
    QString problem = checkProject(project);
    if (problem.isEmpty())
        problem = checkJobName(jobName);
    if (!problem.isEmpty()) {
        refuse(context,
               [callback, m = refused(Vertex::tr("read the job's logs"), problem).errorMessage] {
                   callback({}, m);
               });
        return;
    }
    // gcloud command_lib/ai/log_util.py: resource.type="ml_job" AND resource.labels.job_id=ID.
    QString filter = QStringLiteral("resource.type=\"ml_job\" AND resource.labels.job_id=\"%1\"")
                         .arg(jobIdOf(jobName));
    if (!afterTimestamp.isEmpty())
        filter += QStringLiteral(" AND timestamp>=\"%1\"").arg(afterTimestamp);
    const QJsonObject request{
        {QStringLiteral("resourceNames"),
         QJsonArray{QString(QStringLiteral("projects/") + project)}},
        {QStringLiteral("filter"), filter},
        {QStringLiteral("orderBy"), QStringLiteral("timestamp asc")},
        {QStringLiteral("pageSize"), 1000},
    };
    logPage(request, std::make_shared<QList<CloudLogEntry>>(), 0, context, callback);
}

void VertexClient::logPage(const QJsonObject &request,
                           const std::shared_ptr<QList<CloudLogEntry>> &entries, int emptyPages,
                           QObject *context, const LogCallback &callback)
{
    const QUrl url = under(loggingRoot(), QStringLiteral("v2/entries:list"));
    m_api->callJson(
        "POST", url, request, Vertex::tr("read the job's logs"), context,
        [this, url, request, entries, emptyPages, context, callback](const ApiResult &r) {
            if (!r) {
                callback(*entries, r.errorMessage);
                return;
            }
            if (!isPage(r.json, QStringLiteral("entries"))) {
                callback(*entries,
                         malformedAnswer(Vertex::tr("read the job's logs"), url, r.httpStatus,
                                         Vertex::tr("not a page of log entries")));
                return;
            }
            const QJsonArray page = r.json.value(QLatin1String("entries")).toArray();
            for (const auto &v : page)
                entries->append(parseLogEntry(v.toObject()));
            const QString next = r.json.value(QLatin1String("nextPageToken")).toString();
            // An empty page with a token means the search is not finished: ask again, a
            // bounded number of times.
            const int empty = page.isEmpty() ? emptyPages + 1 : 0;
            if (next.isEmpty() || empty > maxEmptyLogPages) {
                callback(*entries, QString());
                return;
            }
            QJsonObject nextRequest = request;
            nextRequest.insert(QStringLiteral("pageToken"), next);
            logPage(nextRequest, entries, empty, context, callback);
        });
}

} // namespace trainyard::cloud
