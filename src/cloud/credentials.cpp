// SPDX-License-Identifier: MIT
#include "cloud/credentials.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <memory>
#include <openssl/evp.h>
#include <openssl/pem.h>

namespace trainyard::cloud {
namespace {

class Cred
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Credentials)
};

QString envValue(const char *name)
{
    return qEnvironmentVariable(name);
}

Credentials failed(const QString &origin, const QString &message)
{
    Credentials c;
    c.origin = origin;
    c.errorMessage = message;
    return c;
}

} // namespace

QString Credentials::typeName() const
{
    switch (type) {
    case Type::AuthorizedUser:
        return QStringLiteral("authorized_user");
    case Type::ServiceAccount:
        return QStringLiteral("service_account");
    case Type::None:
        break;
    }
    return {};
}

Credentials parseCredentials(const QByteArray &json, const QString &origin)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return failed(origin, Cred::tr("%1: not a credentials file: JSON error at offset %2: %3")
                                  .arg(origin)
                                  .arg(parseError.offset)
                                  .arg(parseError.errorString()));
    }
    if (!doc.isObject())
        return failed(origin,
                      Cred::tr("%1: not a credentials file: not a JSON object").arg(origin));
    const QJsonObject o = doc.object();
    const QString type = o.value(QLatin1String("type")).toString();
    auto field = [&o](const char *name) { return o.value(QLatin1String(name)).toString(); };
    auto missing = [&origin, &type](const char *name) {
        return failed(
            origin,
            Cred::tr("%1: %2 credentials without \"%3\"").arg(origin, type, QLatin1String(name)));
    };

    Credentials c;
    c.origin = origin;
    c.projectId = field("project_id");
    c.quotaProjectId = field("quota_project_id");
    if (type == QLatin1String("authorized_user")) {
        // google/oauth2/credentials.py from_authorized_user_info: these three are required.
        for (const char *name : {"client_id", "client_secret", "refresh_token"}) {
            if (field(name).isEmpty())
                return missing(name);
        }
        c.type = Credentials::Type::AuthorizedUser;
        c.clientId = field("client_id");
        c.clientSecret = field("client_secret");
        c.refreshToken = field("refresh_token").toUtf8();
        c.account = field("account");
        return c;
    }
    if (type == QLatin1String("service_account")) {
        // google/auth/_service_account_info.py: client_email, token_uri, private_key.
        for (const char *name : {"client_email", "token_uri", "private_key"}) {
            if (field(name).isEmpty())
                return missing(name);
        }
        c.type = Credentials::Type::ServiceAccount;
        c.account = field("client_email");
        c.tokenUri = field("token_uri");
        c.privateKeyPem = field("private_key").toUtf8();
        c.privateKeyId = field("private_key_id");
        QString error;
        // Load the key now so a broken one is reported where the file is named.
        if (signJwtAssertion(c, 0, &error).isEmpty())
            return failed(origin, Cred::tr("%1: private_key: %2").arg(origin, error));
        return c;
    }
    if (type.isEmpty())
        return failed(origin, Cred::tr("%1: credentials without \"type\"").arg(origin));
    return failed(origin, Cred::tr("%1: credentials of type \"%2\" are not supported; use a "
                                   "service account key or `gcloud auth application-default "
                                   "login`")
                              .arg(origin, type));
}

QString gcloudAdcPath()
{
    QString config = envValue("CLOUDSDK_CONFIG");
    if (config.isEmpty())
        config = QDir::homePath() + QStringLiteral("/.config/gcloud");
    return config + QStringLiteral("/application_default_credentials.json");
}

static Credentials readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return failed(path, Cred::tr("%1: cannot read: %2").arg(path, file.errorString()));
    // A key file is a few kilobytes; refuse anything that is clearly not one.
    if (file.size() > 1024 * 1024)
        return failed(path, Cred::tr("%1: not a credentials file: too large").arg(path));
    return parseCredentials(file.readAll(), path);
}

Credentials findDefaultCredentials()
{
    const QString explicitPath = envValue("GOOGLE_APPLICATION_CREDENTIALS");
    if (!explicitPath.isEmpty()) {
        if (!QFileInfo::exists(explicitPath)) {
            return failed(explicitPath,
                          Cred::tr("GOOGLE_APPLICATION_CREDENTIALS names %1, which does not "
                                   "exist")
                              .arg(explicitPath));
        }
        return readFile(explicitPath);
    }
    const QString adc = gcloudAdcPath();
    if (QFileInfo::exists(adc))
        return readFile(adc);
    return failed(QString(),
                  Cred::tr("No Google Cloud credentials found. Run `gcloud auth "
                           "application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS "
                           "to a service account key file."));
}

QString defaultProject(const Credentials &credentials)
{
    for (const char *name : {"GOOGLE_CLOUD_PROJECT", "GCLOUD_PROJECT"}) {
        const QString value = envValue(name);
        if (!value.isEmpty())
            return value;
    }
    if (!credentials.projectId.isEmpty())
        return credentials.projectId;
    return credentials.quotaProjectId;
}

QByteArray base64Url(const QByteArray &data)
{
    return data.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

QByteArray signJwtAssertion(const Credentials &credentials, qint64 issuedAt, QString *error,
                            qint64 lifetimeSeconds)
{
    const QByteArray &pem = credentials.privateKeyPem;
    std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new_mem_buf(pem.constData(), int(pem.size())),
                                                  &BIO_free);
    std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(
        bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr) : nullptr,
        &EVP_PKEY_free);
    if (!key) {
        *error = Cred::tr("not a PEM private key");
        return {};
    }
    if (EVP_PKEY_get_base_id(key.get()) != EVP_PKEY_RSA) {
        *error = Cred::tr("not an RSA key (RS256 needs one)");
        return {};
    }
    QJsonObject header{{QStringLiteral("alg"), QStringLiteral("RS256")},
                       {QStringLiteral("typ"), QStringLiteral("JWT")}};
    if (!credentials.privateKeyId.isEmpty())
        header.insert(QStringLiteral("kid"), credentials.privateKeyId);
    const QJsonObject claims{
        {QStringLiteral("iss"), credentials.account},
        {QStringLiteral("scope"), QLatin1String(cloudPlatformScope)},
        {QStringLiteral("aud"), QLatin1String(googleTokenUri)},
        {QStringLiteral("iat"), double(issuedAt)},
        {QStringLiteral("exp"), double(issuedAt + lifetimeSeconds)},
    };
    const QByteArray signingInput =
        base64Url(QJsonDocument(header).toJson(QJsonDocument::Compact)) + '.' +
        base64Url(QJsonDocument(claims).toJson(QJsonDocument::Compact));

    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    size_t length = 0;
    const auto *input = reinterpret_cast<const unsigned char *>(signingInput.constData());
    if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key.get()) != 1 ||
        EVP_DigestSign(ctx.get(), nullptr, &length, input, size_t(signingInput.size())) != 1) {
        *error = Cred::tr("the key cannot sign");
        return {};
    }
    QByteArray signature(qsizetype(length), '\0');
    auto *out = reinterpret_cast<unsigned char *>(signature.data());
    if (EVP_DigestSign(ctx.get(), out, &length, input, size_t(signingInput.size())) != 1) {
        *error = Cred::tr("the key cannot sign");
        return {};
    }
    signature.truncate(qsizetype(length));
    return signingInput + '.' + base64Url(signature);
}

} // namespace trainyard::cloud
