// SPDX-License-Identifier: MIT
// Authorised JSON calls to Google's REST APIs, asynchronous (QNetworkAccessManager; nothing
// blocks the caller's thread). Adds `Authorization: Bearer` (and x-goog-user-project for a
// quota project), retries 429, 500, 503, 504 and dropped connections with exponential backoff
// (honouring Retry-After), refreshes the token and retries once on a 401, and turns a
// google.rpc.Status error body into a message that names the cause: the permission of a 403,
// the resource of a 404, the fields of a 400. A request goes only to a Google host or an
// explicitly configured endpoint (isAllowedEndpoint); a success whose body is not a JSON object
// (a proxy's HTML page answered with 200) is an error that names the host and the status.
#pragma once

#include "cloud/tokensource.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPair>
#include <QUrl>
#include <functional>
#include <memory>

class QNetworkAccessManager;
class QNetworkReply;

namespace trainyard::cloud {

struct ApiResult
{
    int httpStatus = 0;           // 0: no answer (network down, token failure)
    QJsonObject json;             // the body of a success
    QString status;               // google.rpc status of a failure: "PERMISSION_DENIED", ...
    QString errorMessage;         // translated; empty on success; outside text made plain
    QByteArray rawHeaderLocation; // the Location header (resumable uploads)
    QByteArray rawHeaderRange;    // the Range header of a 308

    explicit operator bool() const { return errorMessage.isEmpty(); }
};

// "Cannot WHAT: the answer of HOST (HTTP STATUS) is not ...": a success that is not what the
// API answers. `problem` says what is wrong ("not JSON", "a job without a state").
QString malformedAnswer(const QString &what, const QUrl &url, int httpStatus,
                        const QString &problem);

// A message for a failed call: `what` names the call ("create the job"), the body is parsed as
// google.rpc.Status. Exposed for tests.
QString describeHttpError(int httpStatus, const QByteArray &body, const QString &what,
                          const Credentials &credentials, QString *status = nullptr);
// The IAM permission a 403 names (ErrorInfo metadata.permission, or "Permission 'x.y.z'" in the
// message); empty when none.
QString deniedPermission(const QJsonObject &errorObject);

class ApiClient : public QObject
{
    Q_OBJECT
public:
    using Callback = std::function<void(const ApiResult &)>;

    explicit ApiClient(Credentials credentials, QObject *parent = nullptr);

    const Credentials &credentials() const { return m_tokens->credentials(); }
    TokenSource *tokens() const { return m_tokens; }
    QNetworkAccessManager *network() const { return m_network; }

    struct Request
    {
        QByteArray verb = "GET";
        QUrl url;
        QByteArray body;
        QByteArray contentType = "application/json";
        QList<QPair<QByteArray, QByteArray>> headers;
        QString what;
        // 308 (Resume Incomplete of resumable uploads) is a success, not an error.
        bool accept308 = false;
        // Retry transient failures (429, 5xx, dropped connections) with backoff.
        bool retry = true;
        // A success must carry a JSON object (not for 308, nor where only headers matter).
        bool expectJson = true;
    };
    void send(const Request &request, QObject *context, Callback callback);

    // `verb` GET, POST, PUT or DELETE; `body` is sent as application/json unless empty (and
    // verb is GET). `what` names the call in messages. `callback` runs on this thread unless
    // `context` is gone.
    void call(const QByteArray &verb, const QUrl &url, const QByteArray &body, const QString &what,
              QObject *context, Callback callback);
    void callJson(const QByteArray &verb, const QUrl &url, const QJsonObject &body,
                  const QString &what, QObject *context, Callback callback);

    // Attempts per call for transient failures (5); the first retry waits baseDelayMs (1 s, or
    // $TRAINYARD_CLOUD_RETRY_BASE_MS), doubling.
    void setRetryPolicy(int maxAttempts, int baseDelayMs);

private:
    struct Call;
    void attempt(const std::shared_ptr<Call> &call);
    void sendWithToken(const std::shared_ptr<Call> &call, const QByteArray &token);

    QNetworkAccessManager *m_network;
    TokenSource *m_tokens;
    int m_maxAttempts = 5;
    int m_baseDelayMs = 1000;
};

} // namespace trainyard::cloud
