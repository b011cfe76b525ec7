// SPDX-License-Identifier: MIT
// Review > Kubernetes, driven as a user would: the TrainJob shown by default with its errors
// beside it, an image typed in, the legacy kinds on the switch, a Trainer version's own field.
// TRAINYARD_SCREENSHOT_DIR saves wizard-review-kubernetes.png there.
#include "catalog/catalog.h"
#include "common/referencejob.h"
#include "wizard/kubernetestab.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTest>

using namespace trainyard;
using trainyard::ui::wizard::KubernetesTab;

class TestKubernetesTab : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void userExportsATrainJob();
};

namespace {

jobspec::Job torchJob()
{
    jobspec::Job job = test::fullExampleJob();
    job.trainingInput.parameterServer = jobspec::RoleSpec{};
    job.trainingInput.evaluator = jobspec::RoleSpec{};
    job.trainingInput.hyperparameters.reset();
    return job;
}

bool waitForUpdate(KubernetesTab &tab)
{
    QSignalSpy spy(&tab, &KubernetesTab::updated);
    return spy.wait(20000);
}

} // namespace

void TestKubernetesTab::userExportsATrainJob()
{
    KubernetesTab tab(catalog::Catalog::builtIn());
    tab.resize(900, 700);
    tab.show();
    QSignalSpy first(&tab, &KubernetesTab::updated);
    tab.setJob(torchJob());
    QVERIFY(first.wait(20000));

    // TrainJob by default; a package spec without an image is refused, and says why.
    QCOMPARE(tab.kindBox()->currentText(), QStringLiteral("TrainJob (Kubeflow Trainer v2)"));
    QVERIFY(tab.manifestView()->toPlainText().contains(QLatin1String("kind: TrainJob")));
    QVERIFY(tab.manifestView()->toPlainText().startsWith(QLatin1String("# Not exportable")));
    QVERIFY(tab.notesLabel()->text().contains(QLatin1String("--image")));
    QCOMPARE(tab.notesLabel()->textFormat(), Qt::PlainText);

    // The user types an image: exportable, the warnings stay beside it.
    tab.imageEdit()->setFocus();
    QTest::keyClicks(tab.imageEdit(), QStringLiteral("gcr.io/p/trainer:1"));
    QTest::keyClick(tab.imageEdit(), Qt::Key_Return);
    QVERIFY(waitForUpdate(tab));
    const QString manifest = tab.manifestView()->toPlainText();
    QVERIFY(!manifest.startsWith(QLatin1String("# Not exportable")));
    QVERIFY(manifest.contains(QLatin1String("image: gcr.io/p/trainer:1")));
    QVERIFY(manifest.contains(QLatin1String("numNodes: 10")));
    QVERIFY(tab.notesLabel()->text().contains(QLatin1String("Warning: trainingInput.region")));

    // Trainer 2.2: the GPU node selector goes through runtimePatches.
    tab.versionBox()->setCurrentIndex(tab.versionBox()->findData(QStringLiteral("2.2")));
    QVERIFY(waitForUpdate(tab));
    QVERIFY(tab.manifestView()->toPlainText().contains(QLatin1String("runtimePatches")));
    QVERIFY(tab.manifestView()->toPlainText().contains(QLatin1String("nvidia-tesla-t4")));

    if (const QByteArray dir = qgetenv("TRAINYARD_SCREENSHOT_DIR"); !dir.isEmpty())
        tab.grab().save(QString::fromLocal8Bit(dir) +
                        QStringLiteral("/wizard-review-kubernetes.png"));

    // The legacy kinds on the switch; the Trainer version is for TrainJob only.
    tab.kindBox()->setCurrentIndex(1);
    QVERIFY(waitForUpdate(tab));
    QVERIFY(tab.manifestView()->toPlainText().contains(QLatin1String("kind: TFJob")));
    QVERIFY(!tab.versionBox()->isEnabled());
    tab.kindBox()->setCurrentIndex(2);
    QVERIFY(waitForUpdate(tab));
    QVERIFY(tab.manifestView()->toPlainText().contains(QLatin1String("kind: PyTorchJob")));

    // A namespace Kubernetes refuses is an error beside the manifest.
    tab.namespaceEdit()->setFocus();
    QTest::keyClicks(tab.namespaceEdit(), QStringLiteral("My_NS"));
    QTest::keyClick(tab.namespaceEdit(), Qt::Key_Return);
    QVERIFY(waitForUpdate(tab));
    QVERIFY(tab.notesLabel()->text().contains(QLatin1String("Error: namespace")));
}

QTEST_MAIN(TestKubernetesTab)
#include "tst_kubernetestab.moc"
