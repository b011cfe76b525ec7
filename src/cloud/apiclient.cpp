// SPDX-License-Identifier: MIT
#include "cloud/apiclient.h"

#include "cloud/resourcename.h"
#include "text/plaintext.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTimer>

namespace trainyard::cloud {
namespace {

class Api
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::CloudApi)
};

bool isRetryable(int status)
{
    return status == 0 || status == 429 || status == 500 || status == 502 || status == 503 ||
           status == 504;
}

} // namespace

struct ApiClient::Call
{
    Request request;
    QPointer<QObject> context;
    Callback callback;
    int attempt = 0;
    bool refreshedAfter401 = false;
};

QString deniedPermission(const QJsonObject &errorObject)
{
    const QJsonArray details = errorObject.value(QLatin1String("details")).toArray();
    for (const QJsonValue &d : details) {
        const QJsonObject detail = d.toObject();
        const QString permission = detail.value(QLatin1String("metadata"))
                                       .toObject()
                                       .value(QLatin1String("permission"))
                                       .toString();
        if (!permission.isEmpty())
            return permission;
    }
    // "Permission 'aiplatform.customJobs.create' denied on resource ..." (the form IAM uses).
    static const QRegularExpression quoted(
        QStringLiteral("[Pp]ermissions? '([A-Za-z0-9_]+(?:\\.[A-Za-z0-9_]+){2,})'"));
    static const QRegularExpression bare(
        QStringLiteral("\\b([a-z][A-Za-z0-9]+\\.[a-z][A-Za-z0-9]+\\.[a-z][A-Za-z0-9]+)\\b"));
    const QString message = errorObject.value(QLatin1String("message")).toString();
    QRegularExpressionMatch m = quoted.match(message);
    if (m.hasMatch())
        return m.captured(1);
    m = bare.match(message);
    return m.hasMatch() ? m.captured(1) : QString();
}

QString malformedAnswer(const QString &what, const QUrl &url, int httpStatus,
                        const QString &problem)
{
    return Api::tr("Cannot %1: the answer of %2 (HTTP %3) is %4")
        .arg(what, text::plainText(url.host()))
        .arg(httpStatus)
        .arg(problem);
}

namespace {

// The start of a body that is not JSON, on one line, for a message.
QString bodySnippet(const QByteArray &body)
{
    QString s = QString::fromUtf8(body.left(160)).simplified();
    if (body.size() > 160)
        s += QStringLiteral("…");
    return text::plainText(s);
}

} // namespace

QString describeHttpError(int httpStatus, const QByteArray &body, const QString &what,
                          const Credentials &credentials, QString *status)
{
    const QJsonObject error =
        QJsonDocument::fromJson(body).object().value(QLatin1String("error")).toObject();
    QString message = text::plainText(error.value(QLatin1String("message")).toString());
    const QString rpcStatus = text::plainText(error.value(QLatin1String("status")).toString());
    if (status)
        *status = rpcStatus;
    if (message.isEmpty()) {
        message = text::plainText(QString::fromUtf8(body.left(300)).trimmed());
        if (message.isEmpty())
            message = Api::tr("no details");
    }
    const QString code = rpcStatus.isEmpty()
                             ? QStringLiteral("HTTP %1").arg(httpStatus)
                             : QStringLiteral("HTTP %1 %2").arg(httpStatus).arg(rpcStatus);
    const QString account =
        credentials.account.isEmpty() ? credentials.origin : credentials.account;
    switch (httpStatus) {
    case 401:
        return Api::tr("Cannot %1: not authenticated (%2): %3 Check the credentials in %4; "
                       "`gcloud auth application-default login` renews user credentials.")
            .arg(what, code, message, credentials.origin);
    case 403: {
        const QString permission = deniedPermission(error);
        if (!permission.isEmpty()) {
            return Api::tr("Cannot %1: permission denied (%2): %3 The account %4 needs the "
                           "IAM permission %5 (for example through the role Vertex AI User).")
                .arg(what, code, message, account, permission);
        }
        return Api::tr("Cannot %1: permission denied (%2): %3 (account %4)")
            .arg(what, code, message, account);
    }
    case 404:
        return Api::tr("Cannot %1: not found (%2): %3").arg(what, code, message);
    case 409:
        return Api::tr("Cannot %1: conflict (%2): %3").arg(what, code, message);
    case 429:
        return Api::tr("Cannot %1: quota or rate limit exceeded (%2), retries exhausted: %3")
            .arg(what, code, message);
    case 503:
        return Api::tr("Cannot %1: the service is unavailable (%2), retries exhausted: %3")
            .arg(what, code, message);
    default:
        break;
    }
    QStringList violations;
    const QJsonArray details = error.value(QLatin1String("details")).toArray();
    for (const QJsonValue &d : details) {
        const QJsonArray fields = d.toObject().value(QLatin1String("fieldViolations")).toArray();
        for (const QJsonValue &f : fields) {
            const QJsonObject v = f.toObject();
            violations << text::plainText(v.value(QLatin1String("field")).toString() +
                                          QStringLiteral(": ") +
                                          v.value(QLatin1String("description")).toString());
        }
    }
    if (!violations.isEmpty()) {
        return Api::tr("Cannot %1 (%2): the service refused these fields:").arg(what, code) +
               QLatin1Char('\n') + violations.join(QLatin1Char('\n'));
    }
    return Api::tr("Cannot %1 (%2): %3").arg(what, code, message);
}

ApiClient::ApiClient(Credentials credentials, QObject *parent)
    : QObject(parent)
    , m_network(new QNetworkAccessManager(this))
    , m_tokens(new TokenSource(std::move(credentials), m_network, this))
{
    // Tests shorten the backoff; the number of attempts stays.
    bool ok = false;
    const int base = qEnvironmentVariableIntValue("TRAINYARD_CLOUD_RETRY_BASE_MS", &ok);
    if (ok && base >= 0)
        m_baseDelayMs = base;
}

void ApiClient::setRetryPolicy(int maxAttempts, int baseDelayMs)
{
    m_maxAttempts = std::max(1, maxAttempts);
    m_baseDelayMs = std::max(0, baseDelayMs);
}

void ApiClient::call(const QByteArray &verb, const QUrl &url, const QByteArray &body,
                     const QString &what, QObject *context, Callback callback)
{
    Request request;
    request.verb = verb;
    request.url = url;
    request.body = body;
    request.what = what;
    send(request, context, std::move(callback));
}

void ApiClient::callJson(const QByteArray &verb, const QUrl &url, const QJsonObject &body,
                         const QString &what, QObject *context, Callback callback)
{
    call(verb, url, QJsonDocument(body).toJson(QJsonDocument::Compact), what, context,
         std::move(callback));
}

void ApiClient::send(const Request &request, QObject *context, Callback callback)
{
    auto c = std::make_shared<Call>();
    c->request = request;
    c->context = context;
    c->callback = std::move(callback);
    attempt(c);
}

void ApiClient::attempt(const std::shared_ptr<Call> &c)
{
    QString refused;
    if (!isAllowedEndpoint(c->request.url, &refused)) {
        // Never a token (nor a connection) for a host that is not Google's.
        QTimer::singleShot(0, this, [c, refused] {
            if (!c->context)
                return;
            ApiResult result;
            result.errorMessage = Api::tr("Cannot %1: %2").arg(c->request.what, refused);
            c->callback(result);
        });
        return;
    }
    ++c->attempt;
    m_tokens->withToken(this, [this, c](const QByteArray &token, const QString &error) {
        if (!error.isEmpty()) {
            if (c->context) {
                ApiResult result;
                result.errorMessage = error;
                c->callback(result);
            }
            return;
        }
        sendWithToken(c, token);
    });
}

void ApiClient::sendWithToken(const std::shared_ptr<Call> &c, const QByteArray &token)
{
    const Request &r = c->request;
    QNetworkRequest request(r.url);
    request.setRawHeader("Authorization", "Bearer " + token);
    if (!credentials().quotaProjectId.isEmpty())
        request.setRawHeader("x-goog-user-project", credentials().quotaProjectId.toUtf8());
    if (!r.body.isEmpty() || r.verb != "GET")
        request.setHeader(QNetworkRequest::ContentTypeHeader, r.contentType);
    for (const auto &h : r.headers)
        request.setRawHeader(h.first, h.second);
    request.setTransferTimeout(60000);
    // A redirect is answered, not followed: the token stays with the host it was meant for.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
    QNetworkReply *reply = m_network->sendCustomRequest(request, r.verb, r.body);
    connect(reply, &QNetworkReply::finished, this, [this, c, reply] {
        reply->deleteLater();
        if (!c->context)
            return;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray body = reply->readAll();
        ApiResult result;
        result.httpStatus = status;
        result.rawHeaderLocation = reply->rawHeader("Location");
        result.rawHeaderRange = reply->rawHeader("Range");
        if ((status >= 200 && status < 300) || (status == 308 && c->request.accept308)) {
            if (status != 308 && c->request.expectJson) {
                QJsonParseError parseError;
                const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
                if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
                    result.errorMessage = malformedAnswer(
                        c->request.what, c->request.url, status,
                        body.trimmed().isEmpty() ? Api::tr("empty, not JSON")
                                                 : Api::tr("not JSON: %1").arg(bodySnippet(body)));
                } else {
                    result.json = document.object();
                }
            }
            c->callback(result);
            return;
        }
        if (status == 401 && !c->refreshedAfter401) {
            c->refreshedAfter401 = true;
            m_tokens->invalidate();
            attempt(c);
            return;
        }
        if (c->request.retry && isRetryable(status) && c->attempt < m_maxAttempts) {
            qint64 delay = qint64(m_baseDelayMs) << (c->attempt - 1);
            bool ok = false;
            const int retryAfter = reply->rawHeader("Retry-After").toInt(&ok);
            if (ok && retryAfter >= 0)
                delay = std::max<qint64>(delay, std::min(retryAfter, 60) * qint64(1000));
            delay += QRandomGenerator::global()->bounded(std::max(1, m_baseDelayMs / 4 + 1));
            QTimer::singleShot(std::chrono::milliseconds(delay), this, [this, c] { attempt(c); });
            return;
        }
        if (status == 0) {
            result.errorMessage =
                Api::tr("Cannot %1: no answer from %2: %3")
                    .arg(c->request.what, c->request.url.host(), reply->errorString());
        } else {
            result.errorMessage =
                describeHttpError(status, body, c->request.what, credentials(), &result.status);
        }
        c->callback(result);
    });
}

} // namespace trainyard::cloud
