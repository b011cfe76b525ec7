// SPDX-License-Identifier: MIT
// The grammar of regions, projects and job names, and the hosts a request may go to: what a
// hostile resource name, --region or cloud.json can make of a URL is refused before it is built,
// and a request that would take the token elsewhere is answered without a connection.
#include "cloud/apiclient.h"
#include "cloud/resourcename.h"
#include "cloud/vertexclient.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QtTest>

using namespace trainyard::cloud;

class TestCloudNames : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void regions_data()
    {
        QTest::addColumn<QString>("region");
        QTest::addColumn<bool>("valid");
        QTest::newRow("us-central1") << QStringLiteral("us-central1") << true;
        QTest::newRow("europe-west4") << QStringLiteral("europe-west4") << true;
        QTest::newRow("northamerica-northeast2")
            << QStringLiteral("northamerica-northeast2") << true;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("loopback port") << QStringLiteral("127.0.0.1:47444#") << false;
        QTest::newRow("host") << QStringLiteral("evil.example.com/") << false;
        QTest::newRow("upper case") << QStringLiteral("US-CENTRAL1") << false;
        QTest::newRow("no number") << QStringLiteral("us-central") << false;
        QTest::newRow("trailing newline") << QStringLiteral("us-central1\n") << false;
        QTest::newRow("userinfo") << QStringLiteral("us-central1@evil") << false;
        QTest::newRow("global") << QStringLiteral("global") << false;
    }
    void regions()
    {
        QFETCH(QString, region);
        QFETCH(bool, valid);
        QCOMPARE(isRegion(region), valid);
        QCOMPARE(checkRegion(region).isEmpty(), valid);
    }

    void projects_data()
    {
        QTest::addColumn<QString>("project");
        QTest::addColumn<bool>("valid");
        QTest::newRow("id") << QStringLiteral("proj-1") << true;
        QTest::newRow("number") << QStringLiteral("123456789012") << true;
        QTest::newRow("domain-scoped") << QStringLiteral("example.com:my-project") << true;
        QTest::newRow("short") << QStringLiteral("p") << false;
        QTest::newRow("slash") << QStringLiteral("proj-1/../x") << false;
        QTest::newRow("host") << QStringLiteral("127.0.0.1:47444") << false;
        QTest::newRow("escape") << QStringLiteral("proj-1\x1b]52") << false;
    }
    void projects()
    {
        QFETCH(QString, project);
        QFETCH(bool, valid);
        QCOMPARE(isProject(project), valid);
    }

    void jobNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("valid");
        QTest::newRow("custom") << QStringLiteral("projects/proj-1/locations/us-central1/"
                                                  "customJobs/1234567890123456789")
                                << true;
        QTest::newRow("tuning") << QStringLiteral("projects/123/locations/europe-west4/"
                                                  "hyperparameterTuningJobs/42")
                                << true;
        QTest::newRow("the issue's name")
            << QStringLiteral("projects/p/locations/127.0.0.1:47444#/customJobs/1") << false;
        QTest::newRow("host as region")
            << QStringLiteral("projects/proj-1/locations/127.0.0.1:47444#/customJobs/1") << false;
        QTest::newRow("extra segments")
            << QStringLiteral("projects/proj-1/locations/us-central1/customJobs/1/../../x")
            << false;
        QTest::newRow("query") << QStringLiteral("projects/proj-1/locations/us-central1/"
                                                 "customJobs/1?alt=media")
                               << false;
        QTest::newRow("escape in id") << QStringLiteral("projects/proj-1/locations/us-central1/"
                                                        "customJobs/1\x1b]52;c;SGk=\x07")
                                      << false;
        QTest::newRow("other collection")
            << QStringLiteral("projects/proj-1/locations/us-central1/models/1") << false;
        QTest::newRow("not numeric")
            << QStringLiteral("projects/proj-1/locations/us-central1/customJobs/abc") << false;
    }
    void jobNames()
    {
        QFETCH(QString, name);
        QFETCH(bool, valid);
        JobName parsed;
        QCOMPARE(parseJobName(name, &parsed), valid);
        QCOMPARE(checkJobName(name).isEmpty(), valid);
        if (valid)
            QVERIFY(name.endsWith(parsed.collection + QLatin1Char('/') + parsed.id));
        else // the message shows the name without its control characters
            QVERIFY(!checkJobName(name).contains(QChar(0x1b)));
    }

    void endpoints()
    {
        qunsetenv("TRAINYARD_VERTEX_ENDPOINT");
        qunsetenv("TRAINYARD_LOGGING_ENDPOINT");
        qunsetenv("TRAINYARD_STORAGE_ENDPOINT");
        QVERIFY(isAllowedEndpoint(
            QUrl(QStringLiteral("https://us-central1-aiplatform.googleapis.com/v1/x"))));
        QVERIFY(isAllowedEndpoint(QUrl(QStringLiteral("https://logging.googleapis.com/v2/"))));
        QString error;
        for (const char *bad :
             {"http://us-central1-aiplatform.googleapis.com/v1/x", // no TLS
              "https://127.0.0.1:47444/v1/x", "https://googleapis.com.evil.example/",
              "https://evilgoogleapis.com/", "https://user@storage.googleapis.com/",
              "https://storage.googleapis.com:8443/"}) {
            QVERIFY2(!isAllowedEndpoint(QUrl(QString::fromLatin1(bad)), &error), bad);
            QVERIFY(error.contains(QLatin1String("refused")));
        }
        // An endpoint configured explicitly (the tests' fake): its root and below, nothing else.
        qputenv("TRAINYARD_STORAGE_ENDPOINT", "http://127.0.0.1:5555/");
        QVERIFY(isAllowedEndpoint(QUrl(QStringLiteral("http://127.0.0.1:5555/upload/x"))));
        QVERIFY(!isAllowedEndpoint(QUrl(QStringLiteral("http://127.0.0.1:5556/upload/x"))));
        QVERIFY(!isAllowedEndpoint(QUrl(QStringLiteral("https://127.0.0.1:5555/upload/x"))));
        qunsetenv("TRAINYARD_STORAGE_ENDPOINT");
    }

    // The client itself refuses: no token is asked for, no connection made, the callback gets
    // the reason.
    void clientRefusesBeforeConnecting()
    {
        qunsetenv("TRAINYARD_VERTEX_ENDPOINT");
        QTcpServer listener;
        QVERIFY(listener.listen(QHostAddress::LocalHost));
        const QString hostile = QStringLiteral("projects/p/locations/127.0.0.1:%1#/customJobs/1")
                                    .arg(listener.serverPort());
        Credentials credentials;
        credentials.type = Credentials::Type::AuthorizedUser;
        credentials.origin = QStringLiteral("test");
        credentials.tokenUri =
            QStringLiteral("http://127.0.0.1:%1/token").arg(listener.serverPort());
        ApiClient api(credentials);
        VertexClient vertex(&api);
        QString error;
        bool done = false;
        vertex.getJob(hostile, this, [&](const ApiResult &r) {
            error = r.errorMessage;
            done = true;
        });
        QTRY_VERIFY(done);
        QVERIFY2(error.contains(QLatin1String("not a job's resource name")), qPrintable(error));
        done = false;
        vertex.listJobs(QStringLiteral("proj-1"),
                        QStringLiteral("127.0.0.1:%1#").arg(listener.serverPort()),
                        QStringLiteral("customJobs"), {}, this,
                        [&](const QList<QJsonObject> &, const QString &e) {
                            error = e;
                            done = true;
                        });
        QTRY_VERIFY(done);
        QVERIFY2(error.contains(QLatin1String("not a region")), qPrintable(error));
        // And the ApiClient on its own: a URL elsewhere never gets a connection.
        done = false;
        api.call("GET",
                 QUrl(QStringLiteral("https://127.0.0.1:%1/v1/x").arg(listener.serverPort())), {},
                 QStringLiteral("read"), this, [&](const ApiResult &r) {
                     error = r.errorMessage;
                     done = true;
                 });
        QTRY_VERIFY(done);
        QVERIFY2(error.contains(QLatin1String("refused")), qPrintable(error));
        QVERIFY(!listener.waitForNewConnection(200));
    }
};

QTEST_GUILESS_MAIN(TestCloudNames)
#include "tst_cloudnames.moc"
