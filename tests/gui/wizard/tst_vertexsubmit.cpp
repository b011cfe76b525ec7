// SPDX-License-Identifier: MIT
// Review > "Submit to Vertex AI…" (offscreen) against the fake Google Cloud of tests/fakes:
// the bundled example opened in the wizard, the dialog's fields checked as they are typed
// (plain-text messages under them), remembered in QSettings, then a real submit on a worker
// thread: the package built as an sdist by python3, uploaded to the fake Cloud Storage, the
// CustomJob created; the dialog shows the resource name, the job store holds the record and
// the console lists it. An unknown project shows the service's error and keeps a "not
// submitted" record.
#include "catalog/catalog.h"
#include "cloudrecord/cloudjob.h"
#include "fakecloud.h"
#include "jobs/jobconsole.h"
#include "jobs/joblistmodel.h"
#include "store/jobstore.h"
#include "wizard/jobwizard.h"
#include "wizard/reviewpage.h"
#include "wizard/vertexsubmitdialog.h"
#include "wizard/wizardfields.h"
#include "wizard/wizardpage.h"
#include "wizardtesthelpers.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace trainyard;
using namespace trainyard::ui::wizard;

namespace {

bool isNextEnabled(QWizard &w)
{
    return w.button(QWizard::NextButton)->isEnabled();
}

bool copyTree(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    const QDir source(from);
    const QFileInfoList entries =
        source.entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QFileInfo &entry : entries) {
        const QString target = QDir(to).filePath(entry.fileName());
        if (entry.isDir() ? !copyTree(entry.filePath(), target)
                          : !QFile::copy(entry.filePath(), target))
            return false;
    }
    return true;
}

} // namespace

class TestVertexSubmit : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    FakeCloud m_fake;
    QString m_userKey;
    QString m_storeRoot;
    QString m_config;

    static void type(QLineEdit *edit, const QString &text)
    {
        edit->setFocus();
        edit->selectAll();
        QTest::keyClick(edit, Qt::Key_Delete);
        QTest::keyClicks(edit, text);
        QCOMPARE(edit->text(), text);
    }
    static QString message(VertexSubmitDialog *d, const char *name)
    {
        // Field messages read "Error: …" as the wizard's do.
        auto *label = d->findChild<QLabel *>(QLatin1String(name));
        QString text = label && label->isVisibleTo(d) ? label->text() : QString();
        if (text.startsWith(QLatin1String("Error: ")))
            text.remove(0, 7);
        return text;
    }

    // The wizard on its Review page with the example loaded; the dialog its button opened.
    VertexSubmitDialog *openDialog(JobWizard &w, const QString &config = {})
    {
        w.setStoreRoot(m_storeRoot);
        w.show();
        if (!w.openFile(config.isEmpty() ? m_config : config))
            return nullptr;
        for (int i = 0; i < 10 && w.currentId() != ReviewPageId; ++i) {
            if (!QTest::qWaitFor([&w] { return isNextEnabled(w); }, 5000)) {
                qWarning() << static_cast<WizardPage *>(w.currentPage())->summaryText();
                return nullptr;
            }
            wizardtest::clickButton(w, QWizard::NextButton);
        }
        QPushButton *button = w.reviewPage()->vertexSubmitButton();
        if (w.currentId() != ReviewPageId || !button || !button->isVisible())
            return nullptr;
        QTest::mouseClick(button, Qt::LeftButton);
        return w.findChild<VertexSubmitDialog *>();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("trainyard-tests-vertexsubmit"));
        QCoreApplication::setApplicationName(QStringLiteral("trainyard"));
        QSettings().clear();
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
        qputenv("GOOGLE_APPLICATION_CREDENTIALS", m_userKey.toUtf8());
        qputenv("HOME", m_dir.path().toUtf8());
        qunsetenv("GOOGLE_CLOUD_PROJECT");
        qunsetenv("GCLOUD_PROJECT");
        m_storeRoot = m_dir.filePath(QStringLiteral("jobs"));
        QDir().mkpath(m_storeRoot);
        // The example, copied: building its sdist writes next to the package.
        const QString example = m_dir.filePath(QStringLiteral("example"));
        QVERIFY(copyTree(QStringLiteral(TRAINYARD_SOURCE_DIR "/resources/examples/mnist_like"),
                         example));
        m_config = QDir(example).filePath(QStringLiteral("config.yaml"));
    }

    void cleanupTestCase() { QSettings().clear(); }

    void fieldsAreCheckedAsTyped()
    {
        JobWizard w(catalog::Catalog::builtIn());
        VertexSubmitDialog *d = openDialog(w);
        QVERIFY(d);
        QVERIFY(d->isVisible());
        auto *project = d->findChild<QLineEdit *>(QStringLiteral("projectEdit"));
        auto *region = d->findChild<QLineEdit *>(QStringLiteral("regionEdit"));
        auto *bucket = d->findChild<QLineEdit *>(QStringLiteral("bucketEdit"));
        auto *account = d->findChild<QLineEdit *>(QStringLiteral("serviceAccountEdit"));
        auto *submit = d->findChild<QPushButton *>(QStringLiteral("submitButton"));
        QCOMPARE(region->text(), QStringLiteral("us-central1")); // from the spec
        QVERIFY(!submit->isEnabled());
        QCOMPARE(message(d, "projectMessage"), QStringLiteral("A project ID is required."));
        // The example names its packageUris, so the bucket may stay empty (no upload).
        QCOMPARE(message(d, "bucketMessage"), QString());

        type(project, QStringLiteral("Proj_1"));
        QVERIFY2(
            message(d, "projectMessage").startsWith(QLatin1String("'Proj_1' is not a project ID")),
            qPrintable(message(d, "projectMessage")));
        type(project, QStringLiteral("proj-1"));
        QCOMPARE(message(d, "projectMessage"), QString());

        type(region, QStringLiteral("<b>moon</b>"));
        QCOMPARE(message(d, "regionMessage"),
                 QStringLiteral("'<b>moon</b>' is not a region name such as us-central1."));
        QCOMPARE(d->findChild<QLabel *>(QStringLiteral("regionMessage"))->textFormat(),
                 Qt::PlainText);
        type(region, QStringLiteral("us-central1"));

        type(bucket, QStringLiteral("my-bucket"));
        QCOMPARE(message(d, "bucketMessage"),
                 QStringLiteral("The staging bucket must be gs://BUCKET[/PATH]."));
        type(bucket, QStringLiteral("gs://My Bucket"));
        QVERIFY2(message(d, "bucketMessage")
                     .startsWith(QLatin1String("'My Bucket' is not a bucket name")),
                 qPrintable(message(d, "bucketMessage")));
        type(bucket, QStringLiteral("gs://trainyard-test/staging"));
        QCOMPARE(message(d, "bucketMessage"), QString());

        type(account, QStringLiteral("runner"));
        QCOMPARE(message(d, "serviceAccountMessage"),
                 QStringLiteral("'runner' is not a service account e-mail address."));
        QVERIFY(!submit->isEnabled());
        type(account, QStringLiteral("runner@proj-1.iam.gserviceaccount.com"));
        QCOMPARE(message(d, "serviceAccountMessage"), QString());
        QVERIFY(submit->isEnabled());
        d->reject();
    }

    void submitsAndTheConsoleListsIt()
    {
        QSettings().setValue(QStringLiteral("cloud/project"), QStringLiteral("proj-1"));
        QSettings().setValue(QStringLiteral("cloud/stagingBucket"),
                             QStringLiteral("gs://trainyard-test/staging"));
        JobWizard w(catalog::Catalog::builtIn());
        VertexSubmitDialog *d = openDialog(w);
        QVERIFY(d);
        // Remembered from last time.
        QCOMPARE(d->findChild<QLineEdit *>(QStringLiteral("projectEdit"))->text(),
                 QStringLiteral("proj-1"));
        QCOMPARE(d->findChild<QLineEdit *>(QStringLiteral("bucketEdit"))->text(),
                 QStringLiteral("gs://trainyard-test/staging"));
        type(d->findChild<QLineEdit *>(QStringLiteral("serviceAccountEdit")),
             QStringLiteral("runner@proj-1.iam.gserviceaccount.com"));
        QSignalSpy submitted(&w, &JobWizard::cloudJobSubmitted);
        QSignalSpy failed(d, &VertexSubmitDialog::submitFailed);
        auto *submit = d->findChild<QPushButton *>(QStringLiteral("submitButton"));
        auto *buttons = d->findChild<QDialogButtonBox *>();
        QTest::mouseClick(submit, Qt::LeftButton);
        // Asynchronous: the click returns at once and the dialog waits for the worker.
        QVERIFY(d->submitting());
        QVERIFY(!buttons->button(QDialogButtonBox::Close)->isEnabled());
        QVERIFY(message(d, "progressLabel").startsWith(QLatin1String("Building the package")));
        QTRY_VERIFY_WITH_TIMEOUT(!d->submitting(), 60000);
        QVERIFY2(failed.isEmpty(), qPrintable(d->resultText()));
        QCOMPARE(submitted.size(), 1);
        const QString localId = submitted.at(0).at(0).toString();
        const QString name = submitted.at(0).at(1).toString();
        QCOMPARE(localId, QStringLiteral("mnist_like_example"));
        QVERIFY2(
            name.startsWith(QLatin1String("projects/proj-1/locations/us-central1/customJobs/")),
            qPrintable(name));
        QCOMPARE(d->resultText(),
                 QStringLiteral("Submitted: %1\nThe job list shows it as %2.").arg(name, localId));
        QVERIFY(buttons->button(QDialogButtonBox::Close)->isEnabled());

        // The service got the staged package and the service account.
        const QJsonObject job = m_fake.control(QStringLiteral("jobs/") + cloud::jobIdOf(name));
        Q_UNUSED(job)
        const store::JobStore store(m_storeRoot);
        QVERIFY(cloud::isCloudJob(store, localId));
        cloud::CloudRecord record;
        QVERIFY(cloud::readCloudRecord(store, localId, &record));
        QCOMPARE(record.resourceName, name);
        QCOMPARE(record.project, QStringLiteral("proj-1"));

        // The console lists it as a cloud job.
        ui::jobs::JobConsole console(m_storeRoot);
        console.show();
        ui::jobs::JobListModel *model = console.model();
        QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(localId) >= 0, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(
            model->index(model->rowOf(localId), ui::jobs::JobListModel::WhereColumn)
                .data()
                .toString(),
            QStringLiteral("Vertex AI · us-central1"), 10000);

        const QString shots = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            QDir().mkpath(shots);
            QCoreApplication::processEvents();
            QVERIFY(d->grab().save(shots + QStringLiteral("/wizard-submit-vertex.png")));
        }
    }

    void unknownProjectKeepsANotSubmittedRecord()
    {
        QSettings().setValue(QStringLiteral("cloud/project"), QStringLiteral("proj-gone"));
        JobWizard w(catalog::Catalog::builtIn());
        VertexSubmitDialog *d = openDialog(w);
        QVERIFY(d);
        QSignalSpy failed(d, &VertexSubmitDialog::submitFailed);
        QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("submitButton")),
                          Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 60000);
        QVERIFY2(d->resultText().startsWith(QLatin1String("Not submitted: ")),
                 qPrintable(d->resultText()));
        QVERIFY2(d->resultText().contains(QLatin1String("proj-gone")), qPrintable(d->resultText()));
        // The package was staged before: not uploaded again (same content hash) — the job name
        // is new, the record keeps the attempt.
        QVERIFY2(d->resultText().contains(QLatin1String("mnist_like_example_2")),
                 qPrintable(d->resultText()));
        const store::JobStore store(m_storeRoot);
        cloud::CloudRecord record;
        QVERIFY(cloud::readCloudRecord(store, QStringLiteral("mnist_like_example_2"), &record));
        QVERIFY(!record.submitted());
        QVERIFY(record.submitError.contains(QLatin1String("proj-gone")));
        QVERIFY(d->findChild<QPushButton *>(QStringLiteral("submitButton"))->isEnabled());

        const QString shots = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            QCoreApplication::processEvents();
            QVERIFY(d->grab().save(shots + QStringLiteral("/wizard-submit-vertex-error.png")));
        }
    }

    void hyperparametersSubmitATuningJob()
    {
        // The same submit path as `ai custom-jobs create`: a spec with a study becomes a
        // HyperparameterTuningJob (the fake checks its schema field by field).
        QFile example(m_config);
        QVERIFY(example.open(QIODevice::ReadOnly));
        QByteArray yaml = example.readAll();
        yaml.replace("jobId: mnist_like_example", "jobId: hp_dialog");
        yaml.replace("  packageUris:", "  hyperparameters:\n"
                                       "    goal: MAXIMIZE\n"
                                       "    hyperparameterMetricTag: accuracy\n"
                                       "    maxTrials: 2\n"
                                       "    maxParallelTrials: 1\n"
                                       "    params:\n"
                                       "    - {parameterName: learning-rate, type: DOUBLE,"
                                       " minValue: 0.001, maxValue: 0.5,"
                                       " scaleType: UNIT_LOG_SCALE}\n"
                                       "  packageUris:");
        const QString config =
            QFileInfo(m_config).absoluteDir().filePath(QStringLiteral("hp.yaml"));
        {
            QFile f(config);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(yaml);
        }
        QSettings().setValue(QStringLiteral("cloud/project"), QStringLiteral("proj-1"));
        QSettings().setValue(QStringLiteral("cloud/stagingBucket"),
                             QStringLiteral("gs://trainyard-test/staging"));
        JobWizard w(catalog::Catalog::builtIn());
        VertexSubmitDialog *d = openDialog(w, config);
        QVERIFY(d);
        QSignalSpy submitted(&w, &JobWizard::cloudJobSubmitted);
        QSignalSpy failed(d, &VertexSubmitDialog::submitFailed);
        QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("submitButton")),
                          Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!d->submitting(), 60000);
        QVERIFY2(failed.isEmpty(), qPrintable(d->resultText()));
        QCOMPARE(submitted.size(), 1);
        const QString localId = submitted.at(0).at(0).toString();
        const QString name = submitted.at(0).at(1).toString();
        QCOMPARE(localId, QStringLiteral("hp_dialog"));
        QVERIFY2(name.startsWith(QLatin1String(
                     "projects/proj-1/locations/us-central1/hyperparameterTuningJobs/")),
                 qPrintable(name));
        const store::JobStore store(m_storeRoot);
        cloud::CloudRecord record;
        QVERIFY(cloud::readCloudRecord(store, localId, &record));
        QCOMPARE(record.collection, QStringLiteral("hyperparameterTuningJobs"));
        QCOMPARE(record.resourceName, name);
    }

    void hostileServerTextIsPlainInTheDialog()
    {
        // The service's refusal carries a clipboard write, a title change and a bidi override:
        // the result label shows them as visible escapes.
        QSettings().setValue(QStringLiteral("cloud/project"), QStringLiteral("proj-1"));
        m_fake.control(QStringLiteral("faults"),
                       QJsonObject{{QStringLiteral("path"), QStringLiteral("/customJobs$")},
                                   {QStringLiteral("method"), QStringLiteral("POST")},
                                   {QStringLiteral("status"), 400},
                                   {QStringLiteral("message"),
                                    QString(QStringLiteral("quota\x1b]52;c;cm0gLXJm\x07 "
                                                           "\x1b]0;pwned\x07") +
                                            QChar(0x202e) + QStringLiteral("exe.txt"))}});
        JobWizard w(catalog::Catalog::builtIn());
        VertexSubmitDialog *d = openDialog(w);
        QVERIFY(d);
        QSignalSpy failed(d, &VertexSubmitDialog::submitFailed);
        QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("submitButton")),
                          Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 60000);
        const QString text = d->resultText();
        QVERIFY2(text.contains(QLatin1String("quota\\x1b]52;c;cm0gLXJm\\x07")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("\\u202eexe.txt")), qPrintable(text));
        QVERIFY(!text.contains(QChar(0x1b)) && !text.contains(QChar(7)) &&
                !text.contains(QChar(0x202e)));
        const QString shots = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            QCoreApplication::processEvents();
            QVERIFY(d->grab().save(shots + QStringLiteral("/wizard-submit-vertex-hostile.png")));
        }
    }
};

QTEST_MAIN(TestVertexSubmit)
#include "tst_vertexsubmit.moc"
