// SPDX-License-Identifier: MIT
// Page 3: the cluster. A scale tier with the catalog's explanation; for CUSTOM one row per role
// (master, workers, parameter servers, evaluators) with count, machine type (vCPUs, memory),
// accelerator type and count. The count offers the catalog's valid choices for the machine and
// accelerator; a value that another change made invalid stays and the validator's reason shows
// next to it.
#pragma once

#include "catalog/catalog.h"
#include "gpu/nvml.h"
#include "wizard/wizardpage.h"

#include <array>

class QComboBox;
class QGroupBox;
class QLabel;
class QSpinBox;

namespace trainyard::ui::wizard {

class Disclosure;

class ClusterPage : public WizardPage
{
    Q_OBJECT
public:
    explicit ClusterPage(const catalog::Catalog &catalog, QWidget *parent = nullptr);

    void load(const jobspec::Job &job) override;
    void store(jobspec::Job &job) const override;

    struct RoleRow
    {
        jobspec::Role role = jobspec::Role::Master;
        QLabel *label = nullptr;
        QSpinBox *count = nullptr; // null for the master
        QComboBox *type = nullptr;
        QComboBox *acceleratorType = nullptr;
        QComboBox *acceleratorCount = nullptr;
        QComboBox *diskType = nullptr; // in the "Boot disks" section
        QSpinBox *diskSize = nullptr;
    };
    QComboBox *tierCombo() const { return m_tier; }
    QLabel *tierExplanation() const { return m_tierText; }
    const RoleRow &row(jobspec::Role role) const { return m_rows[std::size_t(role)]; }
    Disclosure *disks() const { return m_disks; }
    // What this machine has, next to what the job asks (for a local run).
    void setMachineGpus(const gpu::GpuInventory &inventory);
    QLabel *machineGpusLabel() const { return m_machineGpus; }

protected:
    void diagnosticsApplied() override;

private:
    void buildRow(jobspec::Role role, int gridRow);
    void buildDiskRow(RoleRow &row, const QString &label, int gridRow);
    void orderTabs();
    int diskSetCount() const;
    void fillMachineTypes(QComboBox *combo);
    void fillAccelerators(QComboBox *combo);
    void onTierChanged();
    void onRoleCountChanged(RoleRow &row);
    void onMachineChanged(RoleRow &row);
    void onAcceleratorChanged(RoleRow &row);
    // Offers the valid counts; keeps the current value (added when it is not among them).
    void refreshCounts(RoleRow &row, bool pickDefault);
    void refreshAcceleratorTexts(RoleRow &row);
    void updateEnabled();
    void updateMachineGpus();
    QString machineText(const catalog::MachineType &m) const;

    const catalog::Catalog &m_catalog;
    QComboBox *m_tier;
    QLabel *m_tierText;
    QGroupBox *m_roles;
    Disclosure *m_disks;
    std::array<RoleRow, 4> m_rows;
    QLabel *m_machineGpus;
    gpu::GpuInventory m_inventory;
    bool m_inventoryKnown = false;
    bool m_loading = false; // no defaults are filled in while a job is loaded
};

} // namespace trainyard::ui::wizard
