// SPDX-License-Identifier: MIT
// The wizard's Review page offers how a local run's replicas get this machine's GPUs (auto, CPU
// only, shared: the CLI's --gpus) and shows the plan that follows, with the machine described by
// the NVML double (tests/nvmlfake, one H200). Driven with the keyboard as a user would; set
// TRAINYARD_SCREENSHOT_DIR to save review-gpus-<mode>.png there.
#include "catalog/catalog.h"
#include "common/gpujobs.h"
#include "gpu/gpusampler.h"
#include "wizard/clusterpage.h"
#include "wizard/reviewpage.h"

#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QTest>

using namespace trainyard;
using trainyard::ui::wizard::ClusterPage;
using trainyard::ui::wizard::ReviewPage;

namespace {

jobspec::Job threeGpuJob()
{
    return test::threeT4Job(QStringLiteral("gpu_review"));
}

void screenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("TRAINYARD_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QTest::qWait(50); // the layout follows the new texts
    w->grab().save(QDir(dir).filePath(name));
}

} // namespace

class TestGpuReview : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reviewOffersCpuSharedAuto();
    void clusterPageSaysWhatThisMachineHas();
};

void TestGpuReview::reviewOffersCpuSharedAuto()
{
    const gpu::GpuInventory inventory = gpu::readInventory();
    QCOMPARE(inventory.gpus.size(), 1); // the double's H200
    ReviewPage page(catalog::Catalog::builtIn());
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.showJob(threeGpuJob(), {}, QStringLiteral("config.yaml"));
    // Before the machine is known nothing is claimed.
    QVERIFY(page.gpuPlanLabel()->text().contains(QLatin1String("Looking for")));
    page.setMachineGpus(inventory);
    QComboBox *mode = page.gpuModeCombo();
    QCOMPARE(page.gpuMode(), exec::GpuMode::Auto);
    const QString refused = page.gpuPlanLabel()->text();
    QVERIFY2(refused.contains(QLatin1String("asks for 3 GPUs (chief-0 1, worker-0 1, worker-1 1); "
                                            "this machine has 1: NVIDIA H200")),
             qPrintable(refused));
    QVERIFY(refused.contains(QLatin1String("This machine: GPU 0 NVIDIA H200 (143771 MiB).")));
    QVERIFY(!page.runButton()->isEnabled());
    screenshot(&page, QStringLiteral("review-gpus-auto.png"));

    // CPU only: every GPU hidden, the run may start.
    mode->setFocus();
    QTest::keyClick(mode, Qt::Key_Down);
    QCOMPARE(page.gpuMode(), exec::GpuMode::Cpu);
    const QString cpu = page.gpuPlanLabel()->text();
    QVERIFY2(cpu.contains(QLatin1String("chief-0: no GPU (CUDA_VISIBLE_DEVICES=)")),
             qPrintable(cpu));
    QVERIFY(cpu.contains(QLatin1String("NCCL needs a GPU per rank")));
    QVERIFY(page.runButton()->isEnabled());
    screenshot(&page, QStringLiteral("review-gpus-cpu.png"));

    // Shared: round-robin over the one GPU, with NCCL's warning.
    QTest::keyClick(mode, Qt::Key_Down);
    QCOMPARE(page.gpuMode(), exec::GpuMode::Shared);
    const QString shared = page.gpuPlanLabel()->text();
    QVERIFY2(shared.contains(QLatin1String("worker-1: GPU 0 (NVIDIA H200)")), qPrintable(shared));
    QVERIFY(shared.contains(QLatin1String("NCCL refuses two ranks on one GPU")));
    QVERIFY(shared.contains(QLatin1String("asks for NVIDIA Tesla T4 GPUs"))); // a note only
    QVERIFY(page.runButton()->isEnabled());
    screenshot(&page, QStringLiteral("review-gpus-shared.png"));

    // Back to auto: refused again.
    QTest::keyClick(mode, Qt::Key_Up);
    QTest::keyClick(mode, Qt::Key_Up);
    QCOMPARE(page.gpuMode(), exec::GpuMode::Auto);
    QVERIFY(!page.runButton()->isEnabled());
}

void TestGpuReview::clusterPageSaysWhatThisMachineHas()
{
    ClusterPage page(catalog::Catalog::builtIn());
    page.load(threeGpuJob());
    page.setMachineGpus(gpu::readInventory());
    const QString text = page.machineGpusLabel()->text();
    QVERIFY2(text.contains(QLatin1String("NVIDIA H200")) && text.contains(QLatin1String("3 GPU")),
             qPrintable(text));
    QVERIFY(text.contains(QLatin1String("CPU only or Shared")));
}

QTEST_MAIN(TestGpuReview)
#include "tst_gpureview.moc"
