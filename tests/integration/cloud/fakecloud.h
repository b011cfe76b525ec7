// SPDX-License-Identifier: MIT
// Starts tests/fakes/fake_gcloud.py on a free loopback port and talks to its control API.
#pragma once

#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <QTemporaryDir>
#include <QTimer>

class FakeCloud
{
public:
    ~FakeCloud() { stop(); }

    bool start(const QStringList &extraArgs)
    {
        m_process.setProgram(QStringLiteral("python3"));
        m_process.setArguments(QStringList{QStringLiteral(TRAINYARD_FAKE_GCLOUD),
                                           QStringLiteral("--port"), QStringLiteral("0")} +
                               extraArgs);
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        m_process.start();
        if (!m_process.waitForStarted(10000))
            return false;
        QByteArray line;
        for (int i = 0; i < 100 && !line.contains('\n'); ++i) {
            m_process.waitForReadyRead(200);
            line += m_process.readAllStandardOutput();
        }
        const QJsonObject ready = QJsonDocument::fromJson(line.trimmed()).object();
        m_root = ready.value(QLatin1String("root_url")).toString();
        m_tokenUri = ready.value(QLatin1String("token_uri")).toString();
        return !m_root.isEmpty();
    }

    void stop()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            if (!m_process.waitForFinished(5000))
                m_process.kill();
            m_process.waitForFinished(2000);
        }
    }

    QString root() const { return m_root; }
    QString tokenUri() const { return m_tokenUri; }

    // A control call: POST with a JSON body (or GET with none); the JSON answer.
    QJsonObject control(const QString &path, const QJsonObject *body = nullptr)
    {
        QNetworkAccessManager nam;
        QNetworkRequest request(QUrl(m_root + QStringLiteral("_fake/") + path));
        request.setHeader(QNetworkRequest::ContentTypeHeader,
                          QByteArrayLiteral("application/json"));
        QNetworkReply *reply =
            body ? nam.post(request, QJsonDocument(*body).toJson()) : nam.get(request);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        loop.exec();
        const QJsonObject answer = QJsonDocument::fromJson(reply->readAll()).object();
        delete reply;
        return answer;
    }
    QJsonObject control(const QString &path, const QJsonObject &body)
    {
        return control(path, &body);
    }

    // Makes a real RSA key with openssl, registers its service account with the fake and
    // writes the key file (token_uri: this fake) into `dir`; its path, or empty on failure.
    QString writeServiceAccountKey(const QString &dir, const QString &project)
    {
        const QString pem = dir + QStringLiteral("/key.pem");
        if (QProcess::execute(QStringLiteral("openssl"),
                              {QStringLiteral("genpkey"), QStringLiteral("-algorithm"),
                               QStringLiteral("RSA"), QStringLiteral("-pkeyopt"),
                               QStringLiteral("rsa_keygen_bits:2048"), QStringLiteral("-out"),
                               pem}) != 0)
            return {};
        QFile pemFile(pem);
        if (!pemFile.open(QIODevice::ReadOnly))
            return {};
        const QJsonObject key{
            {QStringLiteral("type"), QStringLiteral("service_account")},
            {QStringLiteral("project_id"), project},
            {QStringLiteral("private_key_id"), QStringLiteral("k1")},
            {QStringLiteral("private_key"), QString::fromLatin1(pemFile.readAll())},
            {QStringLiteral("client_email"),
             QStringLiteral("trainer@%1.iam.gserviceaccount.com").arg(project)},
            {QStringLiteral("client_id"), QStringLiteral("1234")},
            {QStringLiteral("token_uri"), m_tokenUri},
        };
        const QString path = dir + QStringLiteral("/sa.json");
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write(QJsonDocument(key).toJson());
        control(QStringLiteral("credentials"), key);
        return path;
    }

    // The environment that points the trainyard binary at this fake.
    void addEndpoints(QProcessEnvironment &env) const
    {
        env.insert(QStringLiteral("TRAINYARD_VERTEX_ENDPOINT"), m_root);
        env.insert(QStringLiteral("TRAINYARD_LOGGING_ENDPOINT"), m_root);
        env.insert(QStringLiteral("TRAINYARD_STORAGE_ENDPOINT"), m_root);
        env.insert(QStringLiteral("TRAINYARD_OAUTH_TOKEN_ENDPOINT"), m_tokenUri);
    }

private:
    QProcess m_process;
    QString m_root;
    QString m_tokenUri;
};
