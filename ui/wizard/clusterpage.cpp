// SPDX-License-Identifier: MIT
#include "wizard/clusterpage.h"

#include "wizard/comboutil.h"
#include "wizard/disclosure.h"
#include "wizard/fieldmessage.h"
#include "wizard/wizardfields.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace trainyard::ui::wizard {

namespace {

constexpr int maxReplicaCount = 10000;
// Larger than any disk the service offers, so the validator explains a size out of range.
constexpr int maxDiskSizeGb = 1000000;

QString rolePath(jobspec::Role role, const char *suffix)
{
    return QLatin1String("trainingInput.") + jobspec::roleKey(role) + QLatin1String(suffix);
}

enum Column { LabelColumn, CountColumn, TypeColumn, AcceleratorColumn, AcceleratorCountColumn };

} // namespace

ClusterPage::ClusterPage(const catalog::Catalog &catalog, QWidget *parent)
    : WizardPage(parent)
    , m_catalog(catalog)
    , m_tier(new QComboBox(body()))
    , m_tierText(new QLabel(body()))
    , m_roles(new QGroupBox(tr("Custom cluster"), body()))
    , m_disks(new Disclosure(tr("B&oot disks"), body()))
{
    setTitle(tr("Cluster"));
    setSubTitle(tr("Choose the machines the job runs on: a predefined scale tier, or your own "
                   "cluster (CUSTOM)."));

    m_tier->addItem(tr("(not set)"), QString());
    for (const catalog::ScaleTier &t : catalog.scaleTiers) {
        m_tier->addItem(t.name, t.name);
        m_tier->setItemData(m_tier->count() - 1, t.description, Qt::ToolTipRole);
    }
    // A new job starts with the catalog's first tier (BASIC, the service's default).
    m_tier->setCurrentIndex(m_tier->count() > 1 ? 1 : 0);
    m_tierText->setTextFormat(Qt::PlainText);
    m_tierText->setWordWrap(true);

    auto *layout = new QVBoxLayout(body());
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addRow(form, tr("&Scale tier:"), m_tier, paths::scaleTier);
    form->addRow(QString(), m_tierText);
    layout->addLayout(form);

    auto *grid = new QGridLayout(m_roles);
    const QStringList headers = {tr("Role"), tr("Replicas"), tr("Machine type"), tr("Accelerator"),
                                 tr("Accelerators per replica")};
    for (int c = 0; c < int(headers.size()); ++c) {
        auto *h = new QLabel(headers.at(c), m_roles);
        QFont f = h->font();
        f.setBold(true);
        h->setFont(f);
        h->setWordWrap(true); // "Accelerators per replica" takes two lines rather than width
        grid->addWidget(h, 0, c, Qt::AlignBottom);
    }
    grid->setColumnStretch(TypeColumn, 3);
    grid->setColumnStretch(AcceleratorColumn, 2);
    grid->setColumnStretch(AcceleratorCountColumn, 1);

    auto *diskGrid = new QGridLayout(m_disks->content());
    diskGrid->setContentsMargins(0, 0, 0, 0);
    const QStringList diskHeaders = {tr("Role"), tr("Boot disk type"), tr("Boot disk size")};
    for (int c = 0; c < int(diskHeaders.size()); ++c) {
        auto *h = new QLabel(diskHeaders.at(c), m_disks->content());
        QFont f = h->font();
        f.setBold(true);
        h->setFont(f);
        diskGrid->addWidget(h, 0, c);
    }
    diskGrid->setColumnStretch(1, 2);
    diskGrid->setColumnStretch(2, 1);
    diskGrid->setColumnStretch(3, 2);
    int gridRow = 1;
    for (jobspec::Role role : jobspec::allRoles) {
        buildRow(role, gridRow);
        gridRow += 2;
    }
    layout->addWidget(m_roles);
    layout->addWidget(m_disks);
    m_machineGpus = new QLabel(body());
    m_machineGpus->setObjectName(QStringLiteral("machineGpusLabel"));
    m_machineGpus->setTextFormat(Qt::PlainText);
    m_machineGpus->setWordWrap(true);
    m_machineGpus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_machineGpus->hide();
    layout->addWidget(m_machineGpus);
    layout->addStretch(1);
    connect(this, &WizardPage::edited, this, &ClusterPage::updateMachineGpus);

    registerField(fields::scaleTier, m_tier, "currentText");
    connect(m_tier, &QComboBox::currentIndexChanged, this, &ClusterPage::onTierChanged);
    onTierChanged();
    orderTabs();
}

// The widgets were created role by role (each role's boot disk row with it) and the "Boot
// disks" button first: Tab follows the page as it reads instead, the cluster grid row by row,
// then the boot disks.
void ClusterPage::orderTabs()
{
    QWidget *previous = m_tier;
    const auto chain = [&previous](QWidget *next) {
        if (!next)
            return;
        QWidget::setTabOrder(previous, next);
        previous = next;
    };
    for (const RoleRow &r : m_rows) {
        chain(r.count);
        chain(r.type);
        chain(r.acceleratorType);
        chain(r.acceleratorCount);
    }
    chain(m_disks->button());
    for (const RoleRow &r : m_rows) {
        chain(r.diskType);
        chain(r.diskSize);
    }
}

void ClusterPage::buildRow(jobspec::Role role, int gridRow)
{
    RoleRow &r = m_rows[std::size_t(role)];
    r.role = role;
    auto *grid = static_cast<QGridLayout *>(m_roles->layout());
    QString label;
    switch (role) {
    case jobspec::Role::Master:
        label = tr("&Master");
        break;
    case jobspec::Role::Worker:
        label = tr("&Workers");
        break;
    case jobspec::Role::ParameterServer:
        label = tr("&Parameter servers");
        break;
    case jobspec::Role::Evaluator:
        label = tr("E&valuators");
        break;
    }
    r.label = new QLabel(label, m_roles);
    grid->addWidget(r.label, gridRow, LabelColumn);
    buildDiskRow(r, QString(label).remove(QLatin1Char('&')), gridRow);

    if (role != jobspec::Role::Master) {
        r.count = new QSpinBox(m_roles);
        r.count->setRange(0, maxReplicaCount);
        r.count->setAccessibleName(
            tr("%1: number of replicas").arg(QString(label).remove(QLatin1Char('&'))));
        grid->addWidget(r.count, gridRow, CountColumn);
        grid->addWidget(bind(rolePath(role, "Count"), r.count), gridRow + 1, CountColumn);
        connect(r.count, &QSpinBox::valueChanged, this, [this, &r] { onRoleCountChanged(r); });
    }
    const QString plain = QString(label).remove(QLatin1Char('&'));
    r.type = new QComboBox(m_roles);
    r.type->setAccessibleName(tr("%1: machine type").arg(plain));
    fillMachineTypes(r.type);
    r.acceleratorType = new QComboBox(m_roles);
    r.acceleratorType->setAccessibleName(tr("%1: accelerator type").arg(plain));
    fillAccelerators(r.acceleratorType);
    // The longest item ("n1-highmem-96 — 96 vCPUs, 624 GB", "NVIDIA Tesla K80 (retired) — not
    // on ...") would make the grid wider than a 1366 px screen: the drop-downs take the width
    // the page gives them, their lists stay wide enough for every item.
    for (QComboBox *combo : {r.type, r.acceleratorType}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(12);
    }
    r.acceleratorCount = new QComboBox(m_roles);
    r.acceleratorCount->setAccessibleName(tr("%1: accelerators per replica").arg(plain));
    r.label->setBuddy(r.count ? static_cast<QWidget *>(r.count) : r.type);

    grid->addWidget(r.type, gridRow, TypeColumn);
    grid->addWidget(r.acceleratorType, gridRow, AcceleratorColumn);
    grid->addWidget(r.acceleratorCount, gridRow, AcceleratorCountColumn);

    // Longest prefix wins: the specific paths go to their widget, the rest of the role's
    // config to the machine type.
    grid->addWidget(bind(rolePath(role, "Type"), r.type), gridRow + 1, TypeColumn);
    FieldMessage *typeFallback = bind(rolePath(role, "Config"), r.type);
    grid->addWidget(typeFallback, gridRow + 1, TypeColumn);
    auto *accMessages = new QWidget(m_roles);
    auto *accLayout = new QVBoxLayout(accMessages);
    accLayout->setContentsMargins(0, 0, 0, 0);
    accLayout->addWidget(bind(rolePath(role, "Config.acceleratorConfig"), r.acceleratorType));
    accLayout->addWidget(bind(rolePath(role, "Config.acceleratorConfig.type"), r.acceleratorType));
    grid->addWidget(accMessages, gridRow + 1, AcceleratorColumn);
    grid->addWidget(bind(rolePath(role, "Config.acceleratorConfig.count"), r.acceleratorCount),
                    gridRow + 1, AcceleratorCountColumn);

    connect(r.type, &QComboBox::currentIndexChanged, this, [this, &r] { onMachineChanged(r); });
    connect(r.acceleratorType, &QComboBox::currentIndexChanged, this,
            [this, &r] { onAcceleratorChanged(r); });
    connect(r.acceleratorCount, &QComboBox::currentIndexChanged, this, &ClusterPage::edited);
    refreshAcceleratorTexts(r);
    refreshCounts(r, false);
}

void ClusterPage::buildDiskRow(RoleRow &r, const QString &plain, int gridRow)
{
    QWidget *parent = m_disks->content();
    auto *grid = static_cast<QGridLayout *>(parent->layout());
    const catalog::BootDisks &facts = m_catalog.bootDisks;
    grid->addWidget(new QLabel(plain, parent), gridRow, 0);

    r.diskType = new QComboBox(parent);
    r.diskType->setAccessibleName(tr("%1: boot disk type").arg(plain));
    r.diskType->addItem(facts.defaultType.isEmpty() ? tr("Service default")
                                                    : tr("Default (%1)").arg(facts.defaultType),
                        QString());
    for (const QString &type : facts.types)
        r.diskType->addItem(type, type);
    r.diskSize = new QSpinBox(parent);
    r.diskSize->setAccessibleName(tr("%1: boot disk size in GB").arg(plain));
    r.diskSize->setRange(0, maxDiskSizeGb);
    r.diskSize->setSuffix(tr(" GB"));
    r.diskSize->setSpecialValueText(facts.defaultSizeGb > 0
                                        ? tr("Default (%1 GB)").arg(facts.defaultSizeGb)
                                        : tr("Service default"));
    if (facts.minSizeGb > 0 && facts.maxSizeGb > 0)
        r.diskSize->setToolTip(tr("%1 to %2 GB").arg(facts.minSizeGb).arg(facts.maxSizeGb));
    grid->addWidget(r.diskType, gridRow, 1);
    grid->addWidget(r.diskSize, gridRow, 2);

    auto *typeMessages = new QWidget(parent);
    auto *typeLayout = new QVBoxLayout(typeMessages);
    typeLayout->setContentsMargins(0, 0, 0, 0);
    typeLayout->addWidget(bind(rolePath(r.role, paths::diskConfig.data()), r.diskType));
    typeLayout->addWidget(bind(rolePath(r.role, paths::bootDiskType.data()), r.diskType));
    grid->addWidget(typeMessages, gridRow + 1, 1);
    grid->addWidget(bind(rolePath(r.role, paths::bootDiskSizeGb.data()), r.diskSize), gridRow + 1,
                    2, 1, 2);

    const auto changed = [this] {
        m_disks->setSetCount(diskSetCount());
        Q_EMIT edited();
    };
    connect(r.diskType, &QComboBox::currentIndexChanged, this, changed);
    connect(r.diskSize, &QSpinBox::valueChanged, this, changed);
}

int ClusterPage::diskSetCount() const
{
    int n = 0;
    for (const RoleRow &r : m_rows) {
        n += currentValue(r.diskType).isEmpty() ? 0 : 1;
        n += r.diskSize->value() != r.diskSize->minimum() ? 1 : 0;
    }
    return n;
}

void ClusterPage::setMachineGpus(const gpu::GpuInventory &inventory)
{
    m_inventory = inventory;
    m_inventoryKnown = true;
    updateMachineGpus();
}

void ClusterPage::updateMachineGpus()
{
    if (!m_inventoryKnown)
        return;
    jobspec::Job job;
    store(job);
    qint64 asked = 0;
    if (job.trainingInput.scaleTier == QLatin1String("CUSTOM")) {
        for (jobspec::Role role : jobspec::allRoles) {
            const jobspec::RoleSpec &spec = job.trainingInput.role(role);
            const qint64 replicas = role == jobspec::Role::Master ? 1 : spec.count.value_or(0);
            if (spec.config.acceleratorConfig)
                asked += replicas * spec.config.acceleratorConfig->count.value_or(0);
        }
    } else if (const catalog::ScaleTier *tier = m_catalog.scaleTier(job.trainingInput.scaleTier);
               tier && tier->accelerator) {
        const catalog::AcceleratorType *a = m_catalog.accelerator(tier->accelerator->type);
        if (!a || !a->tpu)
            asked = tier->accelerator->count;
    }
    QString here;
    if (m_inventory.hasGpus()) {
        QStringList names;
        for (const gpu::GpuInfo &g : std::as_const(m_inventory.gpus))
            names << g.name;
        here = tr("This machine has %n GPU(s): %1.", nullptr, int(m_inventory.gpus.size()))
                   .arg(names.join(QStringLiteral(", ")));
    } else {
        here = tr("This machine has no NVIDIA GPU.");
    }
    const QString asks = tr("The job asks for %n GPU(s) in all.", nullptr, int(asked));
    QString verdict;
    if (asked > 0 && !m_inventory.hasGpus())
        verdict = tr("A local run uses the CPU.");
    else if (asked > m_inventory.gpus.size())
        verdict = tr("A local run needs CPU only or Shared GPUs (Review page).");
    m_machineGpus->setText(QStringList{here, asks, verdict}.join(QLatin1Char(' ')).trimmed());
    m_machineGpus->show();
}

void ClusterPage::diagnosticsApplied()
{
    updateMachineGpus();
    // A message inside the closed section opens it: a problem is never hidden.
    if (m_disks->isExpanded() || !m_disks->isVisibleTo(this))
        return;
    for (const Binding &b : bindings()) {
        if (b.prefix.contains(paths::diskConfig) && !b.message->text().isEmpty()) {
            m_disks->setExpanded(true);
            return;
        }
    }
}

QString ClusterPage::machineText(const catalog::MachineType &m) const
{
    if (m.tpu)
        return tr("%1 — Cloud TPU").arg(m.name);
    QString text =
        tr("%1 — %2 vCPUs, %3 GB")
            .arg(m.name, QString::number(m.vcpus), QLocale().toString(m.memoryGb, 'g', 6));
    if (m.builtIn) {
        const catalog::AcceleratorType *a = m_catalog.accelerator(m.builtIn->type);
        text = tr("%1, %2 × %3")
                   .arg(text)
                   .arg(m.builtIn->count)
                   .arg(a ? a->displayName : m.builtIn->type);
    }
    if (m.legacy)
        text = tr("%1 (legacy)").arg(text);
    return text;
}

void ClusterPage::fillMachineTypes(QComboBox *combo)
{
    combo->addItem(tr("—"), QString());
    for (const catalog::MachineType &m : m_catalog.machineTypes) {
        combo->addItem(machineText(m), m.name);
        if (!m.description.isEmpty())
            combo->setItemData(combo->count() - 1, m.description, Qt::ToolTipRole);
    }
    fitPopupToItems(combo);
}

void ClusterPage::fillAccelerators(QComboBox *combo)
{
    combo->addItem(tr("None"), QString());
    for (const catalog::AcceleratorType &a : m_catalog.accelerators)
        combo->addItem(a.displayName, a.type);
}

// The catalog's facts about a type, as item text and tooltip: retired types and types only
// Vertex AI offers are marked, never offered as if they were current.
void ClusterPage::refreshAcceleratorTexts(RoleRow &row)
{
    const QString machine = currentValue(row.type);
    const catalog::MachineType *m = m_catalog.machineType(machine);
    for (int i = 1; i < row.acceleratorType->count(); ++i) {
        const QString type = row.acceleratorType->itemData(i).toString();
        const catalog::AcceleratorType *a = m_catalog.accelerator(type);
        QString text = a ? a->displayName : type;
        QStringList tips = {type};
        if (a && !a->retired.isEmpty()) {
            text = tr("%1 (retired)").arg(text);
            tips.append(tr("No longer offered since about %1; use %2 instead.")
                            .arg(a->retired, a->replacedBy));
        } else if (a && a->vertexOnly) {
            text = tr("%1 (Vertex AI only)").arg(text);
            tips.append(tr("Offered by Vertex AI custom training only: submit the job to "
                           "Vertex AI."));
        }
        if (m && a && !a->tpu && !m->tpu && m_catalog.validGpuCounts(machine, type).isEmpty()) {
            text = tr("%1 — not on %2").arg(text, machine);
            tips.append(tr("%1 cannot be attached to %2").arg(type, machine));
        }
        row.acceleratorType->setItemText(i, text);
        row.acceleratorType->setItemData(i, tips.join(QLatin1Char('\n')), Qt::ToolTipRole);
    }
    fitPopupToItems(row.acceleratorType);
}

void ClusterPage::refreshCounts(RoleRow &row, bool pickDefault)
{
    QComboBox *combo = row.acceleratorCount;
    const QVariant current = combo->currentData();
    const QString machine = currentValue(row.type);
    const QString type = currentValue(row.acceleratorType);
    QList<int> counts;
    if (!type.isEmpty()) {
        counts = m_catalog.validGpuCounts(machine, type);
        if (counts.isEmpty()) {
            if (const catalog::AcceleratorType *a = m_catalog.accelerator(type))
                counts = a->allowedCounts;
        }
    }
    const QSignalBlocker blocker(combo);
    combo->clear();
    for (int c : std::as_const(counts))
        combo->addItem(QString::number(c), QVariant(qlonglong(c)));
    if (current.isValid()) {
        selectData(combo, current);
    } else if (pickDefault && combo->count() > 0) {
        combo->setCurrentIndex(0);
    } else {
        combo->setCurrentIndex(-1);
    }
    combo->setEnabled(!type.isEmpty() && row.type->isEnabled());
}

void ClusterPage::onTierChanged()
{
    const catalog::ScaleTier *tier = m_catalog.scaleTier(currentValue(m_tier));
    QString text;
    if (tier) {
        text = tier->description;
        if (!tier->custom) {
            QStringList shape;
            if (!tier->masterType.isEmpty())
                shape.append(tr("master: %1").arg(tier->masterType));
            if (tier->workerCount > 0)
                shape.append(
                    tr("%n worker(s): %1", nullptr, tier->workerCount).arg(tier->workerType));
            if (tier->parameterServerCount > 0)
                shape.append(tr("%n parameter server(s): %1", nullptr, tier->parameterServerCount)
                                 .arg(tier->parameterServerType));
            if (tier->accelerator)
                shape.append(
                    tr("%1 × %2").arg(tier->accelerator->count).arg(tier->accelerator->type));
            if (!shape.isEmpty())
                text = tr("%1.\nMachines: %2%3")
                           .arg(text, shape.join(QLatin1String("; ")),
                                catalog::isCertain(tier->shapeCertainty)
                                    ? QString()
                                    : tr(" (approximate; the service does not publish the exact "
                                         "shape)"));
        } else {
            text = tr("%1.\nDefine each role below.").arg(text);
        }
    } else if (currentValue(m_tier).isEmpty()) {
        text = tr("No scale tier is set: the service uses its default tier.");
    } else {
        text = tr("This tier is not in the catalog.");
    }
    m_tierText->setText(text);
    RoleRow &master = m_rows[std::size_t(jobspec::Role::Master)];
    if (!m_loading && tier && tier->custom && currentValue(master.type).isEmpty()) {
        // A custom cluster needs a master: start from the catalog's first Compute Engine type.
        for (const catalog::MachineType &m : m_catalog.machineTypes) {
            if (!m.legacy && !m.tpu && !m.builtIn) {
                selectData(master.type, m.name);
                break;
            }
        }
    }
    updateEnabled();
    Q_EMIT edited();
}

void ClusterPage::onRoleCountChanged(RoleRow &row)
{
    if (!m_loading && row.count->value() > 0 && currentValue(row.type).isEmpty()) {
        const QString masterType = currentValue(m_rows[0].type);
        if (!masterType.isEmpty())
            selectData(row.type, masterType);
    }
    updateEnabled();
    Q_EMIT edited();
}

void ClusterPage::onMachineChanged(RoleRow &row)
{
    refreshAcceleratorTexts(row);
    refreshCounts(row, false);
    Q_EMIT edited();
}

void ClusterPage::onAcceleratorChanged(RoleRow &row)
{
    refreshCounts(row, true);
    Q_EMIT edited();
}

void ClusterPage::updateEnabled()
{
    const catalog::ScaleTier *tier = m_catalog.scaleTier(currentValue(m_tier));
    const bool custom = !tier || tier->custom;
    m_roles->setVisible(custom);
    m_disks->setVisible(custom);
    for (RoleRow &r : m_rows) {
        const bool active = custom && (!r.count || r.count->value() > 0);
        r.type->setEnabled(active);
        r.diskType->setEnabled(active);
        r.diskSize->setEnabled(active);
        r.acceleratorType->setEnabled(active);
        r.acceleratorCount->setEnabled(active && !currentValue(r.acceleratorType).isEmpty());
    }
}

void ClusterPage::load(const jobspec::Job &job)
{
    const jobspec::TrainingInput &in = job.trainingInput;
    m_loading = true;
    selectData(m_tier, in.scaleTier, tr("%1 (not in the catalog)").arg(in.scaleTier));
    for (RoleRow &r : m_rows) {
        const jobspec::RoleSpec &spec = in.role(r.role);
        if (r.count)
            r.count->setValue(
                int(qBound<qint64>(qint64(0), spec.count.value_or(0), qint64(maxReplicaCount))));
        selectData(r.type, spec.type, tr("%1 (not in the catalog)").arg(spec.type));
        const std::optional<jobspec::AcceleratorConfig> &acc = spec.config.acceleratorConfig;
        selectData(r.acceleratorType, acc ? acc->type : QString(),
                   tr("%1 (not in the catalog)").arg(acc ? acc->type : QString()));
        {
            const QSignalBlocker blocker(r.acceleratorCount);
            r.acceleratorCount->clear();
            if (acc && acc->count)
                r.acceleratorCount->addItem(QString::number(*acc->count),
                                            QVariant(qlonglong(*acc->count)));
            r.acceleratorCount->setCurrentIndex(acc && acc->count ? 0 : -1);
        }
        refreshAcceleratorTexts(r);
        refreshCounts(r, false);
        const jobspec::DiskConfig disk = spec.config.diskConfig.value_or(jobspec::DiskConfig());
        selectData(r.diskType, disk.bootDiskType,
                   tr("%1 (not in the catalog)").arg(disk.bootDiskType));
        setOptionalInt(r.diskSize, disk.bootDiskSizeGb);
    }
    const int disks = diskSetCount();
    m_disks->setSetCount(disks);
    m_disks->setExpanded(disks > 0);
    onTierChanged();
    m_loading = false;
}

void ClusterPage::store(jobspec::Job &job) const
{
    jobspec::TrainingInput &in = job.trainingInput;
    in.scaleTier = currentValue(m_tier);
    const catalog::ScaleTier *tier = m_catalog.scaleTier(in.scaleTier);
    if (tier && !tier->custom)
        return; // predefined tier: the role fields stay as they were (normally empty)
    for (const RoleRow &r : m_rows) {
        jobspec::RoleSpec &spec = in.role(r.role);
        spec.type = currentValue(r.type);
        if (r.count) {
            const int n = r.count->value();
            if (n > 0 || spec.count.has_value())
                spec.count = n;
        }
        const QString accType = currentValue(r.acceleratorType);
        if (accType.isEmpty()) {
            spec.config.acceleratorConfig.reset();
        } else {
            jobspec::AcceleratorConfig acc;
            acc.type = accType;
            const QVariant count = r.acceleratorCount->currentData();
            if (count.isValid())
                acc.count = count.toLongLong();
            spec.config.acceleratorConfig = acc;
        }
        // Empty fields write nothing: no diskConfig for a role that had none (one the file
        // had stays, even empty).
        std::optional<jobspec::DiskConfig> &disk = spec.config.diskConfig;
        const bool hadEmpty = disk && *disk == jobspec::DiskConfig();
        jobspec::DiskConfig d = disk.value_or(jobspec::DiskConfig());
        d.bootDiskType = currentValue(r.diskType);
        storeOptionalInt(r.diskSize, d.bootDiskSizeGb);
        if (d != jobspec::DiskConfig() || hadEmpty)
            disk = d;
        else
            disk.reset();
    }
}

} // namespace trainyard::ui::wizard
