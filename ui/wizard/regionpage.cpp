// SPDX-License-Identifier: MIT
#include "wizard/regionpage.h"

#include "wizard/comboutil.h"
#include "wizard/disclosure.h"
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
#include <QSpinBox>
#include <QVBoxLayout>

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
    , m_advanced(new Disclosure(tr("Ad&vanced: scheduling, network, service account"), body()))
    , m_maxRunningTime(new QLineEdit(m_advanced->content()))
    , m_maxWaitTime(new QLineEdit(m_advanced->content()))
    , m_priority(new QSpinBox(m_advanced->content()))
    , m_network(new QLineEdit(m_advanced->content()))
    , m_serviceAccount(new QLineEdit(m_advanced->content()))
    , m_kmsKey(new QLineEdit(m_advanced->content()))
    , m_useChief(new QComboBox(m_advanced->content()))
    , m_webAccess(new QComboBox(m_advanced->content()))
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
    form->addRow(m_advanced);
    buildAdvanced();

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

void RegionPage::buildAdvanced()
{
    m_maxRunningTime->setPlaceholderText(tr("Service default: 604800s (7 days)"));
    m_maxRunningTime->setToolTip(tr("The job is cancelled when it runs longer than this, counted "
                                    "from RUNNING. Seconds followed by s, e.g. 7200s."));
    m_maxWaitTime->setPlaceholderText(tr("No limit; at least 1800s when set"));
    m_maxWaitTime->setToolTip(tr("The job is cancelled when it is still queued or preparing "
                                 "after this long. Seconds followed by s, e.g. 3600s."));
    m_priority->setRange(-1, 1000);
    m_priority->setSpecialValueText(tr("Not set (0)"));
    m_priority->setValue(-1);
    m_priority->setToolTip(tr("Scheduling priority from 0 to 1000; higher runs first."));
    m_network->setPlaceholderText(tr("projects/PROJECT_NUMBER/global/networks/NAME"));
    m_network->setToolTip(tr("The VPC network the job is peered with."));
    m_serviceAccount->setPlaceholderText(tr("NAME@PROJECT.iam.gserviceaccount.com"));
    m_serviceAccount->setToolTip(tr("The service account the job runs as (its e-mail address)."));
    m_kmsKey->setPlaceholderText(
        tr("projects/PROJECT/locations/REGION/keyRings/RING/cryptoKeys/KEY"));
    m_kmsKey->setToolTip(tr("The Cloud KMS key that encrypts the job's data "
                            "(encryptionConfig.kmsKeyName)."));
    fillOptionalBool(m_useChief, tr("Not set (master)"), tr("Yes: chief"), tr("No: master"));
    m_useChief->setToolTip(tr("The task type of the primary replica in TF_CONFIG (custom "
                              "containers only)."));
    fillOptionalBool(m_webAccess, tr("Not set (off)"), tr("On"), tr("Off"));
    m_webAccess->setToolTip(tr("Interactive shells into the running replicas."));

    auto *layout = new QVBoxLayout(m_advanced->content());
    layout->setContentsMargins(0, 0, 0, 0);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setLabelAlignment(Qt::AlignLeft | Qt::AlignTop);
    layout->addLayout(form);
    addRow(form, tr("Maximum running &time:"), m_maxRunningTime, paths::maxRunningTime);
    addRow(form, tr("Maximum w&ait time:"), m_maxWaitTime, paths::maxWaitTime);
    addRow(form, tr("Pri&ority:"), m_priority, paths::priority);
    // Problems with the scheduling block as a whole go to its first field.
    bind(paths::scheduling, m_maxRunningTime);
    addRow(form, tr("N&etwork:"), m_network, paths::network);
    addRow(form, tr("&Service account:"), m_serviceAccount, paths::serviceAccount);
    addRow(form, tr("&KMS key:"), m_kmsKey, paths::encryptionConfig);
    addRow(form, tr("&Chief in TF_CONFIG:"), m_useChief, paths::useChiefInTfConfig);
    addRow(form, tr("&Interactive shells:"), m_webAccess, paths::enableWebAccess);

    const QList<QLineEdit *> edits = {m_maxRunningTime, m_maxWaitTime, m_network, m_serviceAccount,
                                      m_kmsKey};
    for (QLineEdit *edit : edits) {
        connect(edit, &QLineEdit::textChanged, this, [this] {
            m_advanced->setSetCount(advancedSetCount());
            Q_EMIT edited();
        });
    }
    connect(m_priority, &QSpinBox::valueChanged, this, [this] {
        m_advanced->setSetCount(advancedSetCount());
        Q_EMIT edited();
    });
    for (QComboBox *combo : {m_useChief, m_webAccess}) {
        connect(combo, &QComboBox::currentIndexChanged, this, [this] {
            m_advanced->setSetCount(advancedSetCount());
            Q_EMIT edited();
        });
    }
}

int RegionPage::advancedSetCount() const
{
    int n = 0;
    for (const QLineEdit *edit :
         {m_maxRunningTime, m_maxWaitTime, m_network, m_serviceAccount, m_kmsKey})
        n += edit->text().trimmed().isEmpty() ? 0 : 1;
    n += m_priority->value() != m_priority->minimum() ? 1 : 0;
    n += optionalBool(m_useChief).has_value() ? 1 : 0;
    n += optionalBool(m_webAccess).has_value() ? 1 : 0;
    return n;
}

void RegionPage::diagnosticsApplied()
{
    // A message inside the closed section opens it: a problem is never hidden.
    if (m_advanced->isExpanded())
        return;
    for (const Binding &b : bindings()) {
        if (b.prefix.startsWith(paths::scheduling) || b.prefix == paths::network ||
            b.prefix == paths::serviceAccount || b.prefix == paths::encryptionConfig ||
            b.prefix == paths::useChiefInTfConfig || b.prefix == paths::enableWebAccess) {
            if (!b.message->text().isEmpty()) {
                m_advanced->setExpanded(true);
                return;
            }
        }
    }
}

void RegionPage::fillPythonVersions()
{
    const QString current = m_python->currentText();
    QStringList versions = m_catalog.pythonVersions;
    if (const catalog::RuntimeVersion *rv =
            m_catalog.runtimeVersion(m_runtime->currentText().trimmed());
        rv && !rv->pythonVersions.isEmpty())
        versions = rv->pythonVersions;
    const QSignalBlocker blocker(m_python);
    m_python->clear();
    for (auto it = versions.crbegin(); it != versions.crend(); ++it)
        m_python->addItem(*it, *it);
    m_python->setCurrentIndex(m_python->findText(current));
    m_python->setEditText(current);
}

QStringList RegionPage::usedAccelerators(const jobspec::Job &job, const catalog::Catalog &cat)
{
    QStringList out;
    const jobspec::TrainingInput &in = job.trainingInput;
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
    for (jobspec::Role role : jobspec::allRoles) {
        const jobspec::RoleSpec &r = in.role(role);
        const bool active =
            role == jobspec::Role::Master ? !r.type.isEmpty() : r.count.value_or(0) > 0;
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
        QString tip =
            region->accelerators.isEmpty()
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

void RegionPage::load(const jobspec::Job &job)
{
    const jobspec::TrainingInput &in = job.trainingInput;
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

    const jobspec::Scheduling scheduling = in.scheduling.value_or(jobspec::Scheduling());
    m_maxRunningTime->setText(scheduling.maxRunningTime);
    m_maxWaitTime->setText(scheduling.maxWaitTime);
    setOptionalInt(m_priority, scheduling.priority);
    m_network->setText(in.network);
    m_serviceAccount->setText(in.serviceAccount);
    m_kmsKey->setText(in.kmsKeyName);
    setOptionalBool(m_useChief, in.useChiefInTfConfig);
    setOptionalBool(m_webAccess, in.enableWebAccess);
    const int set = advancedSetCount();
    m_advanced->setSetCount(set);
    m_advanced->setExpanded(set > 0);
}

void RegionPage::store(jobspec::Job &job) const
{
    jobspec::TrainingInput &in = job.trainingInput;
    in.region = m_region->currentIndex() >= 0 ? m_region->currentData().toString() : QString();
    in.runtimeVersion = currentValue(m_runtime);
    in.pythonVersion = currentValue(m_python);
    in.jobDir = m_jobDir->text().trimmed();

    // Empty fields write nothing: no `scheduling: {}` for a job that had none (one the file
    // had stays).
    const bool hadEmpty = in.scheduling && *in.scheduling == jobspec::Scheduling();
    jobspec::Scheduling scheduling = in.scheduling.value_or(jobspec::Scheduling());
    scheduling.maxRunningTime = m_maxRunningTime->text().trimmed();
    scheduling.maxWaitTime = m_maxWaitTime->text().trimmed();
    storeOptionalInt(m_priority, scheduling.priority);
    if (scheduling != jobspec::Scheduling() || hadEmpty)
        in.scheduling = scheduling;
    else
        in.scheduling.reset();
    in.network = m_network->text().trimmed();
    in.serviceAccount = m_serviceAccount->text().trimmed();
    in.kmsKeyName = m_kmsKey->text().trimmed();
    in.useChiefInTfConfig = optionalBool(m_useChief);
    in.enableWebAccess = optionalBool(m_webAccess);
}

void RegionPage::browseJobDir()
{
    const QString start =
        m_jobDir->text().startsWith(QLatin1String("gs://")) ? QString() : m_jobDir->text();
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Choose the job directory"), start);
    if (!dir.isEmpty())
        m_jobDir->setText(QDir::toNativeSeparators(dir));
}

} // namespace trainyard::ui::wizard
