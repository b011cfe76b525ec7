// SPDX-License-Identifier: MIT
#include "wizard/reviewpage.h"

#include "export/gcloud.h"
#include "export/vertex.h"
#include "jobactions/prestart.h"
#include "jobs/startchoice.h"
#include "jobspec/yamlio.h"
#include "wizard/fieldmessage.h"
#include "wizard/kubernetestab.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace trainyard::ui::wizard {

ReviewPage::ReviewPage(const catalog::Catalog &catalog, QWidget *parent)
    : WizardPage(parent)
    , m_catalog(catalog)
    , m_tabs(new QTabWidget(body()))
    , m_yaml(new QPlainTextEdit(body()))
    , m_gcloud(new QPlainTextEdit(body()))
    , m_vertex(new QPlainTextEdit(body()))
    , m_kubernetes(new KubernetesTab(catalog, body()))
    , m_notes(new QLabel(body()))
    , m_save(new QPushButton(tr("&Save config.yaml…"), body()))
    , m_export(new QPushButton(tr("&Export for gcloud…"), body()))
    , m_run(new QPushButton(tr("&Run locally"), body()))
    , m_submitVertex(new QPushButton(tr("Submit to &Vertex AI…"), body()))
    , m_status(new QLabel(body()))
    , m_gpuMode(new QComboBox(body()))
    , m_gpuPlan(new QLabel(body()))
    , m_rehearse(new QCheckBox(tr("Rehearse VM &maintenance"), body()))
{
    setTitle(tr("Review"));
    setSubTitle(tr("The job as the service will receive it. Save it, or run it on this "
                   "machine."));

    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (QPlainTextEdit *view : {m_yaml, m_gcloud, m_vertex}) {
        view->setReadOnly(true);
        view->setFont(mono);
        view->setLineWrapMode(QPlainTextEdit::NoWrap);
        view->setTabChangesFocus(true);
    }
    m_gcloud->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    // Named apart from their tabs ("config.yaml"), which a screen reader lists beside them.
    m_yaml->setAccessibleName(tr("config.yaml as text"));
    m_gcloud->setAccessibleName(tr("gcloud command as text"));
    m_vertex->setAccessibleName(tr("Vertex AI CustomJob JSON"));
    m_tabs->addTab(viewWithCopy(m_yaml, tr("&Copy YAML")), tr("config.yaml"));
    m_tabs->addTab(viewWithCopy(m_gcloud, tr("&Copy command")), tr("gcloud command"));
    m_tabs->addTab(viewWithCopy(m_vertex, tr("&Copy JSON")), tr("Vertex AI JSON"));
    m_tabs->addTab(m_kubernetes, tr("Kubernetes"));

    m_notes->setTextFormat(Qt::PlainText);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes->hide();
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->hide();

    m_save->setToolTip(tr("Saves the whole job, including the trainyardLocal section (package "
                          "directory, executable, environment), so nothing is lost. Trainyard "
                          "opens it again; for gcloud use Export."));
    m_export->setToolTip(tr("Saves the config.yaml shown above, without the local-only "
                            "section: the file gcloud's --config accepts."));
    m_run->setToolTip(tr("Stores the job and runs it on this machine with Trainyard's local "
                         "executor."));

    m_submitVertex->setObjectName(QStringLiteral("submitVertexButton"));
    m_submitVertex->setToolTip(tr("Builds and uploads the package, then creates the job as a "
                                  "Vertex AI CustomJob; the job list shows it with the local "
                                  "runs."));

    m_gpuMode->setObjectName(QStringLiteral("gpuModeCombo"));
    m_gpuMode->addItem(tr("GPUs of their own (auto)"), gpuModeName(exec::GpuMode::Auto));
    m_gpuMode->addItem(tr("CPU only: every GPU hidden"), gpuModeName(exec::GpuMode::Cpu));
    m_gpuMode->addItem(tr("Shared: GPUs handed out round-robin"),
                       gpuModeName(exec::GpuMode::Shared));
    m_gpuMode->setToolTip(tr("How a local run's replicas get this machine's GPUs. NCCL needs a "
                             "GPU of its own per rank; gloo runs on the CPU."));
    m_gpuPlan->setObjectName(QStringLiteral("gpuPlanLabel"));
    m_gpuPlan->setTextFormat(Qt::PlainText);
    m_gpuPlan->setWordWrap(true);
    m_gpuPlan->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_gpuPlan->setText(tr("Looking for this machine's GPUs…"));
    auto *gpuRow = new QHBoxLayout;
    auto *gpuLabel = new QLabel(tr("&GPUs for a local run:"), body());
    gpuLabel->setBuddy(m_gpuMode);
    gpuRow->addWidget(gpuLabel);
    gpuRow->addWidget(m_gpuMode);
    connect(m_gpuMode, &QComboBox::currentIndexChanged, this, &ReviewPage::updateGpuPlan);
    m_rehearse->setObjectName(QStringLiteral("rehearseMaintenanceCheck"));
    m_rehearse->setToolTip(
        tr("For a local run: each replica gets one VM "
           "maintenance event, as when the service moves it to another VM: SIGTERM, the grace "
           "period, SIGKILL, then the same launch again. The moment is seeded by the job ID, so "
           "a rerun repeats it. `trainyard jobs describe` and the Overview say whether each "
           "replica resumed from its checkpoint or started over."));
    gpuRow->addSpacing(12);
    gpuRow->addWidget(m_rehearse);
    gpuRow->addStretch(1);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_save);
    buttons->addWidget(m_export);
    buttons->addWidget(m_run);
    buttons->addWidget(m_submitVertex);
    buttons->addStretch(1);

    auto *layout = new QVBoxLayout(body());
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_notes);
    layout->addLayout(gpuRow);
    layout->addWidget(m_gpuPlan);
    layout->addLayout(buttons);
    layout->addWidget(m_status);

    connect(m_save, &QPushButton::clicked, this, &ReviewPage::saveRequested);
    connect(m_export, &QPushButton::clicked, this, &ReviewPage::exportRequested);
    connect(m_run, &QPushButton::clicked, this, &ReviewPage::runRequested);
    connect(m_submitVertex, &QPushButton::clicked, this, &ReviewPage::vertexSubmitRequested);
}

QWidget *ReviewPage::viewWithCopy(QPlainTextEdit *view, const QString &copyLabel)
{
    auto *box = new QWidget(m_tabs);
    auto *layout = new QVBoxLayout(box);
    auto *copy = new QPushButton(copyLabel, box);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(copy);
    layout->addWidget(view, 1);
    layout->addLayout(row);
    connect(copy, &QPushButton::clicked, this,
            [view] { QApplication::clipboard()->setText(view->toPlainText()); });
    return box;
}

void ReviewPage::showJob(const jobspec::Job &job, const jobspec::Diagnostics &cloudOnly,
                         const QString &configFileName)
{
    m_yaml->setPlainText(QString::fromUtf8(jobspec::exportYaml(job, jobspec::ExportScope::Cloud)));
    m_gcloud->setPlainText(exporters::gcloudCommand(job, m_catalog, configFileName));
    jobspec::Diagnostics vertexNotes;
    m_vertex->setPlainText(
        QString::fromUtf8(exporters::vertexCustomJobJson(job, m_catalog, &vertexNotes)));
    m_kubernetes->setJob(job);

    QStringList lines;
    if (!cloudOnly.isEmpty()) {
        lines.append(tr("Checked for a local run. Before this job can go to the service:"));
        for (const jobspec::Diagnostic &d : cloudOnly)
            lines.append(tr("• %1: %2").arg(d.field, d.message));
    }
    // Once: the legacy service is gone, and where this job would run today.
    const catalog::ServiceLifecycle &service = m_catalog.service;
    if (!service.shutdown.isEmpty()) {
        lines.append(tr("Where this would run today: AI Platform Training took its last jobs on "
                        "%1; this job would run as a %2 job (the Vertex AI JSON tab), with "
                        "%n change(s) on the way.",
                        nullptr, int(vertexNotes.size()))
                         .arg(service.shutdown, service.successor));
    }
    if (!vertexNotes.isEmpty()) {
        lines.append(tr("On Vertex AI:"));
        for (const jobspec::Diagnostic &d : std::as_const(vertexNotes))
            lines.append(tr("• %1: %2").arg(d.field, d.message));
    }
    m_notes->setText(lines.join(QLatin1Char('\n')));
    m_notes->setVisible(!lines.isEmpty());
    m_job = job;
    updateGpuPlan();
}

void ReviewPage::setMachineGpus(const gpu::GpuInventory &inventory)
{
    m_inventory = inventory;
    m_inventoryKnown = true;
    updateGpuPlan();
}

bool ReviewPage::rehearseMaintenance() const
{
    return m_rehearse->isChecked();
}

exec::GpuMode ReviewPage::gpuMode() const
{
    return exec::gpuModeFromName(m_gpuMode->currentData().toString()).value_or(exec::GpuMode::Auto);
}

void ReviewPage::setGpuMode(exec::GpuMode mode)
{
    const int index = m_gpuMode->findData(gpuModeName(mode));
    if (index >= 0)
        m_gpuMode->setCurrentIndex(index);
}

void ReviewPage::updateGpuPlan()
{
    if (!m_inventoryKnown)
        return;
    // The pre-start check every start passes (pure with the machine's GPUs given): the cluster's
    // layout, what each replica asks, the placement.
    jobactions::PreStartRequest request;
    request.job = m_job;
    request.settings = exec::readLocalRunDefaults().runSettings(service::RunStyle::Submit);
    request.settings.gpus = gpuMode();
    request.catalog = &m_catalog;
    request.inventory = m_inventory;
    request.only = {QStringLiteral("gpus")};
    const jobactions::PreStartReport report = jobactions::checkBeforeStart(request);
    QStringList lines;
    if (m_inventory.hasGpus()) {
        QStringList gpus;
        for (const gpu::GpuInfo &g : std::as_const(m_inventory.gpus))
            gpus << tr("GPU %1 %2 (%3 MiB)").arg(g.index).arg(g.name).arg(g.memoryTotalMiB());
        lines << tr("This machine: %1.").arg(gpus.join(QStringLiteral(", ")));
    } else {
        lines << tr("This machine has no NVIDIA GPU (%1).").arg(m_inventory.unavailableReason);
    }
    m_gpuPlanOk = !report.refused();
    if (!m_gpuPlanOk) {
        for (const jobactions::PreStartDiagnostic &d : report.errors())
            lines << d.message;
        lines << jobs::windowAdvice(report.remedies(), jobs::StartFace::Wizard);
    } else {
        lines << report.gpuPlan.replicaLines() << report.gpuPlan.notes();
    }
    m_gpuPlan->setText(lines.join(QLatin1Char('\n')));
    QPalette p = m_gpuPlan->palette();
    p.setColor(QPalette::WindowText,
               m_gpuPlanOk ? palette().color(QPalette::WindowText) : errorColor(palette()));
    m_gpuPlan->setPalette(p);
    m_run->setEnabled(m_gpuPlanOk);
    m_run->setToolTip(m_gpuPlanOk ? tr("Stores the job and runs it on this machine with "
                                       "Trainyard's local executor.")
                                  : tr("This machine has fewer GPUs than the job asks for: "
                                       "choose CPU only or Shared above."));
}

void ReviewPage::setStatus(const QString &text, bool problem)
{
    m_status->setText(text);
    QPalette p = m_status->palette();
    p.setColor(QPalette::WindowText,
               problem ? errorColor(palette()) : palette().color(QPalette::WindowText));
    m_status->setPalette(p);
    m_status->setVisible(!text.isEmpty());
}

} // namespace trainyard::ui::wizard
