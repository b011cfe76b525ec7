// SPDX-License-Identifier: MIT
#include "wizard/kubernetestab.h"

#include "export/kubeflow.h"
#include "export/trainjob.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace trainyard::ui::wizard {

namespace {

enum Kind { TrainJob, TFJob, PyTorchJob };

} // namespace

KubernetesTab::KubernetesTab(const catalog::Catalog &catalog, QWidget *parent)
    : QWidget(parent)
    , m_catalog(catalog)
    , m_kind(new QComboBox(this))
    , m_image(new QLineEdit(this))
    , m_namespace(new QLineEdit(this))
    , m_version(new QComboBox(this))
    , m_manifest(new QPlainTextEdit(this))
    , m_notes(new QLabel(this))
{
    m_kind->addItem(tr("TrainJob (Kubeflow Trainer v2)"), TrainJob);
    m_kind->addItem(tr("TFJob (legacy Training Operator v1)"), TFJob);
    m_kind->addItem(tr("PyTorchJob (legacy Training Operator v1)"), PyTorchJob);
    m_kind->setAccessibleName(tr("Kubernetes manifest kind"));
    m_image->setPlaceholderText(tr("an image that holds the trainer package"));
    m_image->setAccessibleName(tr("Container image"));
    m_namespace->setPlaceholderText(tr("kubectl's current namespace"));
    m_namespace->setAccessibleName(tr("Kubernetes namespace"));
    m_version->addItem(tr("any 2.x (fields every version accepts)"), QString());
    for (const QString &v : exporters::trainerVersions())
        m_version->addItem(v, v);
    m_version->setAccessibleName(tr("Kubeflow Trainer version"));

    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_manifest->setReadOnly(true);
    m_manifest->setFont(mono);
    m_manifest->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_manifest->setTabChangesFocus(true);
    m_manifest->setAccessibleName(tr("Kubernetes manifest"));
    m_notes->setTextFormat(Qt::PlainText);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes->setAccessibleName(tr("Kubernetes export notes"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Kind:"), m_kind);
    form->addRow(tr("&Image:"), m_image);
    form->addRow(tr("&Namespace:"), m_namespace);
    form->addRow(tr("&Trainer version:"), m_version);

    auto *copy = new QPushButton(tr("Copy &manifest"), this);
    auto *row = new QHBoxLayout;
    row->addWidget(m_notes, 1);
    row->addWidget(copy, 0, Qt::AlignTop);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_manifest, 1);
    layout->addLayout(row);

    connect(copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(m_manifest->toPlainText()); });
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        m_version->setEnabled(m_kind->currentData().toInt() == TrainJob);
        refresh();
    });
    connect(m_version, &QComboBox::currentIndexChanged, this, &KubernetesTab::refresh);
    connect(m_image, &QLineEdit::editingFinished, this, &KubernetesTab::refresh);
    connect(m_namespace, &QLineEdit::editingFinished, this, &KubernetesTab::refresh);
    connect(&m_watcher, &QFutureWatcher<Result>::finished, this, [this] {
        display(m_watcher.result());
        if (m_again) {
            m_again = false;
            refresh();
        }
    });
}

KubernetesTab::~KubernetesTab()
{
    m_watcher.waitForFinished();
}

void KubernetesTab::setJob(const jobspec::Job &job)
{
    m_job = job;
    refresh();
}

void KubernetesTab::refresh()
{
    if (m_watcher.isRunning()) {
        m_again = true;
        return;
    }
    const int kind = m_kind->currentData().toInt();
    const QString image = m_image->text().trimmed();
    const QString ns = m_namespace->text().trimmed();
    const QString version = m_version->currentData().toString();
    const jobspec::Job job = m_job;
    const catalog::Catalog *catalog = &m_catalog;
    m_watcher.setFuture(QtConcurrent::run([=]() {
        jobspec::Diagnostics diags;
        QByteArray yaml;
        if (kind == TrainJob) {
            exporters::TrainJobOptions options;
            options.image = image;
            options.kubernetesNamespace = ns;
            options.trainerVersion = version;
            yaml = exporters::trainJobManifestYaml(job, *catalog, options, &diags);
        } else {
            exporters::KubeflowOptions options;
            options.kind = kind == TFJob ? exporters::KubeflowKind::TFJob
                                         : exporters::KubeflowKind::PyTorchJob;
            options.image = image;
            options.kubernetesNamespace = ns;
            yaml = exporters::kubeflowManifestYaml(job, *catalog, options, &diags);
        }
        Result result;
        result.refused = jobspec::hasErrors(diags);
        result.manifest = QString::fromUtf8(yaml);
        QStringList lines;
        for (const jobspec::Diagnostic &d : std::as_const(diags)) {
            lines.append((d.isError() ? KubernetesTab::tr("Error: %1: %2")
                                      : KubernetesTab::tr("Warning: %1: %2"))
                             .arg(d.field, d.message));
        }
        result.notes = lines.join(QLatin1Char('\n'));
        return result;
    }));
}

void KubernetesTab::display(const Result &result)
{
    m_manifest->setPlainText(result.refused
                                 ? tr("# Not exportable as it stands: see the errors below.\n") +
                                       result.manifest
                                 : result.manifest);
    m_notes->setText(result.notes);
    Q_EMIT updated();
}

} // namespace trainyard::ui::wizard
