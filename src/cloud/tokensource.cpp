// SPDX-License-Identifier: MIT
#include "cloud/tokensource.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrlQuery>

namespace trainyard::cloud {
namespace {

class Tokens
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Credentials)
};

constexpr int maxAttempts = 3;
constexpr qint64 refreshMarginSeconds = 225; // google/auth/_helpers.py REFRESH_THRESHOLD

QByteArray formValue(const QString &value)
{
    return QUrl::toPercentEncoding(value);
}

} // namespace

TokenSource::TokenSource(Credentials credentials, QNetworkAccessManager *network, QObject *parent)
    : QObject(parent)
    , m_credentials(std::move(credentials))
    , m_network(network)
{}

QUrl TokenSource::tokenEndpoint() const
{
    if (m_credentials.type == Credentials::Type::ServiceAccount)
        return QUrl(m_credentials.tokenUri);
    const QString override = qEnvironmentVariable("TRAINYARD_OAUTH_TOKEN_ENDPOINT");
    return QUrl(override.isEmpty() ? QString::fromLatin1(googleTokenUri) : override);
}

void TokenSource::withToken(QObject *context, Callback callback)
{
    if (!m_token.isEmpty() && QDateTime::currentDateTimeUtc() < m_refreshAfter) {
        const QByteArray token = m_token;
        QTimer::singleShot(0, context, [token, callback] { callback(token, QString()); });
        return;
    }
    m_waiting.push_back({QPointer<QObject>(context), std::move(callback)});
    if (!m_fetching) {
        m_fetching = true;
        QTimer::singleShot(0, this, [this] { fetch(1); });
    }
}

void TokenSource::invalidate()
{
    m_token.clear();
}

void TokenSource::fetch(int attempt)
{
    if (!m_credentials) {
        finish({}, m_credentials.errorMessage.isEmpty() ? Tokens::tr("No Google Cloud credentials.")
                                                        : m_credentials.errorMessage);
        return;
    }
    QByteArray form;
    if (m_credentials.type == Credentials::Type::AuthorizedUser) {
        form = "grant_type=refresh_token&client_id=" + formValue(m_credentials.clientId) +
               "&client_secret=" + formValue(m_credentials.clientSecret) + "&refresh_token=" +
               QUrl::toPercentEncoding(QString::fromUtf8(m_credentials.refreshToken));
    } else {
        QString error;
        const QByteArray assertion =
            signJwtAssertion(m_credentials, QDateTime::currentSecsSinceEpoch(), &error);
        if (assertion.isEmpty()) {
            finish({}, Tokens::tr("%1: private_key: %2").arg(m_credentials.origin, error));
            return;
        }
        form = "grant_type=" +
               formValue(QStringLiteral("urn:ietf:params:oauth:grant-type:jwt-bearer")) +
               "&assertion=" + assertion;
    }
    QNetworkRequest request(tokenEndpoint());
    request.setHeader(QNetworkRequest::ContentTypeHeader,
                      QByteArrayLiteral("application/x-www-form-urlencoded"));
    request.setTransferTimeout(30000);
    QNetworkReply *reply = m_network->post(request, form);
    connect(reply, &QNetworkReply::finished, this, [this, reply, attempt] {
        reply->deleteLater();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray body = reply->readAll();
        if (status == 200) {
            const QJsonObject o = QJsonDocument::fromJson(body).object();
            const QByteArray token = o.value(QLatin1String("access_token")).toString().toUtf8();
            // expires_in may arrive as a number or a string (_client.py _parse_expiry).
            const QJsonValue expiresValue = o.value(QLatin1String("expires_in"));
            qint64 expiresIn = expiresValue.isString() ? expiresValue.toString().toLongLong()
                                                       : qint64(expiresValue.toDouble(3600));
            if (token.isEmpty()) {
                finish({}, Tokens::tr("The token endpoint %1 answered without an access "
                                      "token.")
                               .arg(tokenEndpoint().toDisplayString()));
                return;
            }
            const qint64 margin = std::min(refreshMarginSeconds, expiresIn / 4);
            m_token = token;
            m_refreshAfter = QDateTime::currentDateTimeUtc().addSecs(expiresIn - margin);
            ++m_fetchCount;
            finish(token, QString());
            return;
        }
        const bool transient = status == 0 || status == 429 || status >= 500;
        if (transient && attempt < maxAttempts) {
            QTimer::singleShot(500 * (1 << attempt), this, [this, attempt] { fetch(attempt + 1); });
            return;
        }
        if (status == 0) {
            finish({}, Tokens::tr("Cannot reach the token endpoint %1: %2")
                           .arg(tokenEndpoint().toDisplayString(), reply->errorString()));
            return;
        }
        finish({}, grantError(status, body));
    });
}

QString TokenSource::grantError(int httpStatus, const QByteArray &body) const
{
    const QJsonObject o = QJsonDocument::fromJson(body).object();
    const QString code = o.value(QLatin1String("error")).toString();
    const QString description = o.value(QLatin1String("error_description")).toString();
    const QString detail = code.isEmpty()          ? QStringLiteral("HTTP %1").arg(httpStatus)
                           : description.isEmpty() ? code
                                                   : code + QStringLiteral(": ") + description;
    if (code == QLatin1String("invalid_grant") &&
        m_credentials.type == Credentials::Type::AuthorizedUser) {
        return Tokens::tr("The refresh token in %1 was refused (%2): it was revoked or has "
                          "expired. Run `gcloud auth application-default login` again.")
            .arg(m_credentials.origin, detail);
    }
    if (m_credentials.type == Credentials::Type::ServiceAccount) {
        return Tokens::tr("The service account key of %1 (%2) was refused by %3 (%4): the key "
                          "may be deleted or disabled.")
            .arg(m_credentials.account, m_credentials.origin, tokenEndpoint().toDisplayString(),
                 detail);
    }
    return Tokens::tr("The token endpoint %1 refused the credentials in %2 (%3).")
        .arg(tokenEndpoint().toDisplayString(), m_credentials.origin, detail);
}

void TokenSource::finish(const QByteArray &token, const QString &error)
{
    m_fetching = false;
    std::vector<Waiter> waiting;
    waiting.swap(m_waiting);
    for (Waiter &w : waiting) {
        if (w.context)
            w.callback(token, error);
    }
}

} // namespace trainyard::cloud
