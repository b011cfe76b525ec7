// SPDX-License-Identifier: MIT
// Application Default Credentials as Google's client libraries find them (google-auth-library-
// python google/auth/_default.py and _cloud_sdk.py):
//   1. $GOOGLE_APPLICATION_CREDENTIALS: a JSON key file; when set but unreadable that is the
//      error (the library does not fall through to the next place);
//   2. gcloud's application_default_credentials.json in $CLOUDSDK_CONFIG, else ~/.config/gcloud
//      (written by `gcloud auth application-default login`).
// The metadata server of Compute Engine is not consulted (a desktop console). Types read:
// authorized_user (refresh-token grant) and service_account (JWT-bearer grant, RS256).
// Nothing here touches the network. Key material stays in memory.
#pragma once

#include <QByteArray>
#include <QString>

namespace trainyard::cloud {

// The token endpoint of Google's OAuth 2.0 server, and the JWT audience of service accounts.
inline constexpr const char *googleTokenUri = "https://oauth2.googleapis.com/token";
inline constexpr const char *cloudPlatformScope = "https://www.googleapis.com/auth/cloud-platform";

struct Credentials
{
    enum class Type { None, AuthorizedUser, ServiceAccount };
    Type type = Type::None;
    QString origin;  // the file it came from, or "keychain"
    QString account; // client_email, or the user file's "account" when present
    QString projectId;
    QString quotaProjectId;
    // authorized_user
    QString clientId;
    QString clientSecret;
    QByteArray refreshToken;
    // service_account
    QByteArray privateKeyPem;
    QString privateKeyId;
    QString tokenUri;

    QString errorMessage; // why no credentials could be used (translated)

    explicit operator bool() const { return type != Type::None && errorMessage.isEmpty(); }
    QString typeName() const; // "authorized_user", "service_account"
};

// Parses a key file's JSON. `origin` names it in messages. A malformed file gives a message
// naming the file and the field ("key.json: service_account: no private_key").
Credentials parseCredentials(const QByteArray &json, const QString &origin);

// gcloud's well-known file: $CLOUDSDK_CONFIG/application_default_credentials.json, else
// ~/.config/gcloud/application_default_credentials.json.
QString gcloudAdcPath();

// Looks in the places above. With none found, errorMessage says how to get credentials
// (`gcloud auth application-default login`).
Credentials findDefaultCredentials();

// The project: $GOOGLE_CLOUD_PROJECT, $GCLOUD_PROJECT, else the credentials' project_id (for a
// user, the quota project). Empty when none is known.
QString defaultProject(const Credentials &credentials);

// base64url without padding (RFC 7515).
QByteArray base64Url(const QByteArray &data);

// The JWT-bearer assertion of a service account (google/oauth2/service_account.py): header
// {alg RS256, typ JWT, kid private_key_id}, claims {iss, scope, aud, iat, exp = iat + lifetime},
// signed RSASSA-PKCS1-v1_5 with SHA-256 by OpenSSL. Empty with *error set when the key does
// not load or is not RSA.
QByteArray signJwtAssertion(const Credentials &credentials, qint64 issuedAt, QString *error,
                            qint64 lifetimeSeconds = 3600);

} // namespace trainyard::cloud
