// SPDX-License-Identifier: MIT
#include "wizard/regionpage.h"

#include "wizard/comboutil.h"
#include "wizard/fieldmessage.h"
#include "wizard/wizardfields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>

namespace trainyard::ui::wizard {

namespace {

QString shortGpuName(const catalog::Catalog &cat, const QString &type)
{
    const catalog::AcceleratorType *a = cat.accelerator(type);
    if (!a || a->displayName.isEmpty())
        return type;
    return a->displayName.section(QLatin1Char(' '), -1);
}

void addAccelerator(QStringList &out, const QString &type)
{
    if (!type.isEmpty() && !out.contains(type))
        out.append(type);
}

void addBuiltIn(const catalog::Catalog &cat, QStringList &out, const QString &machineType)
{
    if (const catalog::MachineType *m = cat.machineType(machineType); m && m->builtIn)
        addAccelerator(out, m->builtIn->type);
}

} // namespace

RegionPage::RegionPage(const catalog::Catalog &catalog, QWidget *parent)
    : WizardPage(parent)
    , m_catalog(catalog)
    , m_region(new QComboBox(body()))
    , m_runtime(new QComboBox(body()))
    , m_python(new QComboBox(body()))
    , m_jobDir(new QLineEdit(body()))
    , m_browse(new QPushButton(tr("Bro&wse…"), body()))
    , m_localOnly(new QCheckBox(tr("For a &local run only: allow a local job directory and no "
                                   "runtime version"),
                                body()))
{
    setTitle(tr("Region and runtime"));
    setSubTitle(tr("Choose where the job runs, the software it runs with, and where its output "
                   "goes."));

    for (const catalog::Region &r : catalog.regions) {
        m_region->addItem(r.name, r.name);
    }
    m_region->setCurrentIndex(-1);
    m_region->setToolTip(tr("The GPU types each region offers are listed after its name."));
    setJobAccelerators({});

    m_runtime->setEditable(true);
    m_runtime->setInsertPolicy(QComboBox::NoInsert);
    for (auto it = catalog.runtimeVersions.crbegin(); it != catalog.runtimeVersions.crend(); ++it)
        m_runtime->addItem(it->version, it->version);
    m_runtime->setCurrentIndex(-1);
    m_runtime->setToolTip(tr("The AI Platform runtime version: TensorFlow and other libraries "
                             "preinstalled."));
    m_python->setEditable(true);
    m_python->setInsertPolicy(QComboBox::NoInsert);
    fillPythonVersions();
    m_python->setCurrentIndex(-1);

    m_jobDir->setPlaceholderText(tr("gs://bucket/path, or a local directory for local runs"));
    m_jobDir->setToolTip(tr("Where the job writes its output (--job-dir). The service needs a "
                            "Cloud Storage path; a local directory works only for local runs."));
    m_localOnly->setToolTip(tr("Checks the job for a run on this machine instead of the "
                               "service. The review still lists what the service would "
                               "reject."));

    auto *dirRow = new QWidget(body());
    auto *dirLayout = new QHBoxLayout(dirRow);
    dirLayout->setContentsMargins(0, 0, 0, 0);
    dirLayout->addWidget(m_jobDir, 1);
    dirLayout->addWidget(m_browse);

    QFormLayout *form = newForm();
    addRow(form, tr("&Region:"), m_region, paths::region);
    addRow(form, tr("R&untime version:"), m_runtime, paths::runtimeVersion);
    addRow(form, tr("&Python version:"), m_python, paths::pythonVersion);
    addRow(form, tr("&Job directory:"), dirRow, paths::jobDir, m_jobDir);
    form->addRow(QString(), m_localOnly);

    registerField(fields::region, m_region, "currentText");
    registerField(fields::runtimeVersion, m_runtime, "currentText");
    registerField(fields::pythonVersion, m_python, "currentText");
    registerField(fields::jobDir, m_jobDir);
    registerField(fields::localOnly, m_localOnly);

    connect(m_region, &QComboBox::currentIndexChanged, this, &RegionPage::edited);
    connect(m_runtime, &QComboBox::currentTextChanged, this, [this] {
        fillPythonVersions();
        Q_EMIT edited();
    });
    connect(m_python, &QComboBox::currentTextChanged, this, &RegionPage::edited);
    connect(m_jobDir, &QLineEdit::textChanged, this, &RegionPage::edited);
    connect(m_localOnly, &QCheckBox::toggled, this, &RegionPage::edited);
    connect(m_browse, &QPushButton::clicked, this, &RegionPage::browseJobDir);
}

void RegionPage::fillPythonVersions()
{
    const QString current = m_python->currentText();
    QStringList versions = m_catalog.pythonVersions;
    if (const catalog::RuntimeVersion *rv = m_catalog.runtimeVersion(m_runtime->currentText().trimmed());
        rv && !rv->pythonVersions.isEmpty())
        versions = rv->pythonVersions;
    const QSignalBlocker blocker(m_python);
    m_python->clear();
    for (auto it = versions.crbegin(); it != versions.crend(); ++it)
        m_python->addItem(*it, *it);
    m_python->setCurrentIndex(m_python->findText(current));
    m_python->setEditText(current);
}

QStringList RegionPage::usedAccelerators(const spec::Job &job, const catalog::Catalog &cat)
{
    QStringList out;
    const spec::TrainingInput &in = job.trainingInput;
    const catalog::ScaleTier *tier = cat.scaleTier(in.scaleTier);
    if (tier && !tier->custom) {
        if (tier->accelerator)
            addAccelerator(out, tier->accelerator->type);
        addBuiltIn(cat, out, tier->masterType);
        if (tier->workerCount > 0)
            addBuiltIn(cat, out, tier->workerType);
        if (tier->parameterServerCount > 0)
            addBuiltIn(cat, out, tier->parameterServerType);
        return out;
    }
    for (spec::Role role : spec::allRoles) {
        const spec::RoleSpec &r = in.role(role);
        const bool active = role == spec::Role::Master ? !r.type.isEmpty() : r.count.value_or(0) > 0;
        if (!active)
            continue;
        addBuiltIn(cat, out, r.type);
        if (r.config.acceleratorConfig)
            addAccelerator(out, r.config.acceleratorConfig->type);
    }
    return out;
}

void RegionPage::setJobAccelerators(const QStringList &types)
{
    m_accelerators = types;
    for (int i = 0; i < m_region->count(); ++i) {
        const QString name = m_region->itemData(i).toString();
        const catalog::Region *region = m_catalog.region(name);
        if (!region) {
            m_region->setItemText(i, tr("%1 (not in the catalog)").arg(name));
            continue;
        }
        QStringList offered;
        for (const QString &a : region->accelerators)
            offered.append(shortGpuName(m_catalog, a));
        for (const QString &t : region->tpuVersions)
            offered.append(t);
        QStringList missing;
        for (const QString &t : types) {
            if (!region->accelerators.contains(t) && !region->tpuVersions.contains(t))
                missing.append(t);
        }
        QString text = offered.isEmpty()
                           ? tr("%1 (no GPUs)").arg(name)
                           : tr("%1 (%2)").arg(name, offered.join(QLatin1String(", ")));
        QString tip = region->accelerators.isEmpty()
                          ? tr("%1 offers no GPUs.").arg(name)
                          : tr("%1 offers %2.").arg(name, region->accelerators.join(QLatin1String(", ")));
        if (!missing.isEmpty()) {
            text = tr("%1 — no %2").arg(text, missing.join(QLatin1String(", ")));
            tip = tr("%1\nThis job uses %2, which this region does not offer.")
                      .arg(tip, missing.join(QLatin1String(", ")));
        }
        if (!catalog::isCertain(region->acceleratorCertainty))
            tip = tr("%1\nThe catalog is not sure of this region's GPU offer.").arg(tip);
        m_region->setItemText(i, text);
        m_region->setItemData(i, tip, Qt::ToolTipRole);
    }
}

bool RegionPage::localOnly() const
{
    return m_localOnly->isChecked();
}

void RegionPage::applyDefaults()
{
    const QSettings settings;
    if (m_region->currentIndex() < 0) {
        const QString region = settings.value(settings::region).toString();
        if (m_catalog.region(region))
            selectData(m_region, region);
    }
    if (m_runtime->currentText().isEmpty()) {
        QString runtime = settings.value(settings::runtimeVersion).toString();
        if (runtime.isEmpty() && !m_catalog.runtimeVersions.isEmpty())
            runtime = m_catalog.runtimeVersions.constLast().version;
        selectData(m_runtime, runtime);
    }
    if (m_python->currentText().isEmpty()) {
        QString python = settings.value(settings::pythonVersion).toString();
        if (python.isEmpty() && m_python->count() > 0)
            python = m_python->itemText(0);
        selectData(m_python, python);
    }
}

int RegionPage::nextId() const
{
    return field(fields::tuning).toBool() ? HyperparameterPageId : ReviewPageId;
}

void RegionPage::load(const spec::Job &job)
{
    const spec::TrainingInput &in = job.trainingInput;
    if (in.region.isEmpty()) {
        m_region->setCurrentIndex(-1);
    } else {
        selectData(m_region, in.region);
        setJobAccelerators(m_accelerators);
    }
    selectData(m_runtime, in.runtimeVersion);
    fillPythonVersions();
    selectData(m_python, in.pythonVersion);
    m_jobDir->setText(in.jobDir);
    // A local job directory can only mean a local run.
    m_localOnly->setChecked(!in.jobDir.isEmpty() && !in.jobDir.startsWith(QLatin1String("gs://")));
}

void RegionPage::store(spec::Job &job) const
{
    spec::TrainingInput &in = job.trainingInput;
    in.region = m_region->currentIndex() >= 0 ? m_region->currentData().toString() : QString();
    in.runtimeVersion = currentValue(m_runtime);
    in.pythonVersion = currentValue(m_python);
    in.jobDir = m_jobDir->text().trimmed();
}

void RegionPage::browseJobDir()
{
    const QString start = m_jobDir->text().startsWith(QLatin1String("gs://")) ? QString()
                                                                              : m_jobDir->text();
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Choose the job directory"), start);
    if (!dir.isEmpty())
        m_jobDir->setText(QDir::toNativeSeparators(dir));
}

} // namespace trainyard::ui::wizard
