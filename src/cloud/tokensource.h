// SPDX-License-Identifier: MIT
// OAuth 2.0 access tokens for one set of credentials (google/oauth2/_client.py): the
// refresh-token grant for authorized_user, the JWT-bearer grant for service_account. A token
// lives in memory only, is shared by concurrent callers, and is fetched again shortly before
// it expires (google-auth's 3 min 45 s margin, less for tokens that live shorter than 15 min)
// or when a caller reports a 401. It never reaches a log, a file or a command line.
#pragma once

#include "cloud/credentials.h"

#include <QDateTime>
#include <QObject>
#include <QPointer>
#include <QUrl>
#include <functional>
#include <vector>

class QNetworkAccessManager;
class QNetworkReply;

namespace trainyard::cloud {

class TokenSource : public QObject
{
    Q_OBJECT
public:
    using Callback = std::function<void(const QByteArray &token, const QString &error)>;

    TokenSource(Credentials credentials, QNetworkAccessManager *network, QObject *parent = nullptr);

    const Credentials &credentials() const { return m_credentials; }
    // authorized_user: $TRAINYARD_OAUTH_TOKEN_ENDPOINT, else Google's; service_account: the
    // file's token_uri.
    QUrl tokenEndpoint() const;

    // Calls `callback` (on this thread, later) with a valid token, or an error. Nothing is
    // called when `context` is gone by then.
    void withToken(QObject *context, Callback callback);
    // Forgets the token (after a 401), so the next caller fetches a new one.
    void invalidate();
    // How many tokens were fetched (for tests and diagnostics).
    int fetchCount() const { return m_fetchCount; }

private:
    void fetch(int attempt);
    void finish(const QByteArray &token, const QString &error);
    QString grantError(int httpStatus, const QByteArray &body) const;

    Credentials m_credentials;
    QNetworkAccessManager *m_network;
    QByteArray m_token;
    QDateTime m_refreshAfter;
    bool m_fetching = false;
    int m_fetchCount = 0;
    struct Waiter
    {
        QPointer<QObject> context;
        Callback callback;
    };
    std::vector<Waiter> m_waiting;
};

} // namespace trainyard::cloud
