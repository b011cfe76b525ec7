// SPDX-License-Identifier: MIT
// Settings > Google Cloud (offscreen) against the fake Google Cloud of tests/fakes: the page
// names the credentials it found (file, type, account) and never a secret, says how to get
// credentials when there are none, remembers project and region, and "Test connection" lists
// the jobs of the project and region without blocking, showing the count or the error the
// service gave (an unknown project: 403).
#include "fakecloud.h"
#include "settings/cloudpage.h"
#include "settings/settingsdialog.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>

using namespace trainyard;
using ui::CloudPage;

class TestCloudPage : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    FakeCloud m_fake;
    QString m_userKey;
    CloudPage *m_page = nullptr;

    template<typename T>
    T *child(const char *name) const
    {
        T *widget = m_page->findChild<T *>(QLatin1String(name));
        if (!widget)
            qWarning("no child %s", name);
        return widget;
    }
    QString credentialsText() const { return child<QLabel>("credentialsStatus")->text(); }
    QString resultText() const { return child<QLabel>("testResult")->text(); }
    void type(const char *field, const QString &text)
    {
        QLineEdit *edit = child<QLineEdit>(field);
        edit->setFocus();
        edit->selectAll();
        QTest::keyClick(edit, Qt::Key_Delete);
        QTest::keyClicks(edit, text);
    }
    void makePage()
    {
        delete m_page;
        m_page = new CloudPage;
        m_page->resize(640, 520);
        m_page->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_page));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("trainyard-tests-cloudpage"));
        QCoreApplication::setApplicationName(QStringLiteral("trainyard"));
        QVERIFY(m_dir.isValid());
        m_userKey = m_dir.filePath(QStringLiteral("adc.json"));
        QVERIFY(m_fake.start({QStringLiteral("--quiet"), QStringLiteral("--project"),
                              QStringLiteral("proj-1"), QStringLiteral("--write-authorized-user"),
                              m_userKey}));
        QProcessEnvironment env;
        m_fake.addEndpoints(env);
        const QStringList keys = env.keys();
        for (const QString &key : keys)
            qputenv(key.toUtf8().constData(), env.value(key).toUtf8());
        qputenv("HOME", m_dir.path().toUtf8());
        qputenv("CLOUDSDK_CONFIG", m_dir.filePath(QStringLiteral("gcloud")).toUtf8());
        qunsetenv("GOOGLE_CLOUD_PROJECT");
        qunsetenv("GCLOUD_PROJECT");
    }

    void init()
    {
        QSettings().clear();
        qputenv("GOOGLE_APPLICATION_CREDENTIALS", m_userKey.toUtf8());
    }

    void cleanup()
    {
        delete m_page;
        m_page = nullptr;
        QSettings().clear();
    }

    void showsTheCredentialsButNoSecret()
    {
        makePage();
        const QString text = credentialsText();
        QVERIFY2(text.contains(m_userKey), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("Type: authorized_user")), qPrintable(text));
        QFile file(m_userKey);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject key = QJsonDocument::fromJson(file.readAll()).object();
        for (const char *secret : {"client_secret", "refresh_token"}) {
            const QString value = key.value(QLatin1String(secret)).toString();
            QVERIFY(!value.isEmpty());
            QVERIFY2(!text.contains(value), secret);
        }
    }

    void noCredentialsSaysHowToGetThem()
    {
        qunsetenv("GOOGLE_APPLICATION_CREDENTIALS");
        makePage();
        QVERIFY2(credentialsText().contains(QLatin1String("gcloud auth application-default login")),
                 qPrintable(credentialsText()));
        type("projectEdit", QStringLiteral("proj-1"));
        QVERIFY(!child<QPushButton>("testButton")->isEnabled());
        // "Look again" finds a key that appeared meanwhile.
        qputenv("GOOGLE_APPLICATION_CREDENTIALS", m_userKey.toUtf8());
        QTest::mouseClick(child<QPushButton>("reloadButton"), Qt::LeftButton);
        QVERIFY2(credentialsText().contains(QLatin1String("authorized_user")),
                 qPrintable(credentialsText()));
        QVERIFY(child<QPushButton>("testButton")->isEnabled());
    }

    void testConnectionCountsTheJobs()
    {
        makePage();
        QCOMPARE(child<QLineEdit>("regionEdit")->text(), QStringLiteral("us-central1"));
        type("projectEdit", QStringLiteral("proj-1"));
        type("regionEdit", QStringLiteral("europe-west4"));
        QCOMPARE(QSettings().value(QStringLiteral("cloud/project")).toString(),
                 QStringLiteral("proj-1"));
        QCOMPARE(QSettings().value(QStringLiteral("cloud/region")).toString(),
                 QStringLiteral("europe-west4"));
        QSignalSpy tested(m_page, &CloudPage::connectionTested);
        QPushButton *button = child<QPushButton>("testButton");
        QTest::mouseClick(button, Qt::LeftButton);
        // Asynchronous: the click returned before the answer, the button waits.
        QVERIFY(!button->isEnabled());
        QVERIFY2(resultText().startsWith(QLatin1String("Listing")), qPrintable(resultText()));
        QTRY_COMPARE_WITH_TIMEOUT(tested.size(), 1, 15000);
        QCOMPARE(tested.at(0).at(0).toBool(), true);
        // (English plurals come from the app's translator; "job(s)" without it.)
        QVERIFY2(resultText().startsWith(QLatin1String("Connected: 0 custom job")),
                 qPrintable(resultText()));
        QVERIFY2(
            resultText().endsWith(QLatin1String(" in projects/proj-1/locations/europe-west4.")),
            qPrintable(resultText()));
        QVERIFY(button->isEnabled());

        // Remembered for the next page.
        makePage();
        QCOMPARE(child<QLineEdit>("projectEdit")->text(), QStringLiteral("proj-1"));
        QCOMPARE(child<QLineEdit>("regionEdit")->text(), QStringLiteral("europe-west4"));
    }

    void unknownProjectShowsTheServiceError()
    {
        makePage();
        type("projectEdit", QStringLiteral("no-such-project"));
        QSignalSpy tested(m_page, &CloudPage::connectionTested);
        QTest::mouseClick(child<QPushButton>("testButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(tested.size(), 1, 15000);
        QCOMPARE(tested.at(0).at(0).toBool(), false);
        QVERIFY2(resultText().startsWith(QLatin1String("Connection failed: ")),
                 qPrintable(resultText()));
        QVERIFY2(resultText().contains(QLatin1String("no-such-project")), qPrintable(resultText()));
    }

    void dialogHasTheTab()
    {
        ui::SettingsDialog dialog;
        auto *tabs = dialog.findChild<QTabWidget *>();
        QVERIFY(tabs);
        bool found = false;
        for (int i = 0; i < tabs->count(); ++i) {
            if (tabs->tabText(i) == QLatin1String("&Google Cloud")) {
                found = true;
                QCOMPARE(tabs->widget(i)->objectName(), QStringLiteral("cloudPage"));
            }
        }
        QVERIFY(found);
    }

    void screenshot()
    {
        const QString outDir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
        if (outDir.isEmpty())
            QSKIP("TRAINYARD_SCREENSHOT_DIR is not set");
        QDir().mkpath(outDir);
        QSettings().setValue(QStringLiteral("cloud/project"), QStringLiteral("proj-1"));
        ui::SettingsDialog dialog;
        auto *tabs = dialog.findChild<QTabWidget *>();
        auto *page = dialog.findChild<CloudPage *>(QStringLiteral("cloudPage"));
        tabs->setCurrentWidget(page);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QSignalSpy tested(page, &CloudPage::connectionTested);
        page->testConnection();
        QTRY_COMPARE_WITH_TIMEOUT(tested.size(), 1, 15000);
        QCoreApplication::processEvents();
        const QString file = outDir + QStringLiteral("/settings-google-cloud.png");
        QVERIFY2(dialog.grab().save(file), qPrintable(file));
    }
};

QTEST_MAIN(TestCloudPage)
#include "tst_cloudpage.moc"
