// SPDX-License-Identifier: MIT
// Cross-reference checks of a parsed catalog: every name a part of the catalog uses must be
// defined by another part. Errors point at the position of the offending name.
#include "catalog/catalogparser.h"

#include <QCoreApplication>
#include <QSet>

namespace trainyard::catalog::detail {

namespace {

class Checker
{
public:
    Checker(const Catalog &catalog, Reader &reader)
        : m_catalog(catalog)
        , m_reader(reader)
    {
        for (const MachineType &m : catalog.machineTypes) {
            m_machines.insert(m.name, &m);
            if (!m.family.isEmpty())
                m_families.insert(m.family);
        }
        for (const AcceleratorType &a : catalog.accelerators)
            m_accelerators.insert(a.type, &a);
    }

    void run()
    {
        checkMachineTypes();
        checkAccelerators();
        checkGpuCounts();
        checkRegions();
        checkScaleTiers();
        checkRuntimes();
    }

private:
    void error(const QString &field, const QString &message)
    {
        m_reader.error(field, m_reader.at(field), message);
    }
    void warning(const QString &field, const QString &message)
    {
        m_reader.warning(field, m_reader.at(field), message);
    }

    const MachineType *machine(const QString &name, const QString &field)
    {
        const MachineType *m = m_machines.value(name);
        if (!m && !name.isEmpty()) {
            error(field,
                  QCoreApplication::translate("trainyard::Catalog", "Unknown machine type \"%1\".")
                      .arg(name));
        }
        return m;
    }

    const AcceleratorType *accelerator(const QString &type, const QString &field)
    {
        const AcceleratorType *a = m_accelerators.value(type);
        if (!a && !type.isEmpty()) {
            error(field, QCoreApplication::translate("trainyard::Catalog",
                                                     "Unknown accelerator type \"%1\".")
                             .arg(type));
        }
        return a;
    }

    void acceleratorList(const QStringList &types, const QString &field)
    {
        for (qsizetype i = 0; i < types.size(); ++i)
            accelerator(types.at(i), itemPath(field, i));
    }

    void checkMachineTypes()
    {
        for (qsizetype i = 0; i < m_catalog.machineTypes.size(); ++i) {
            const MachineType &m = m_catalog.machineTypes.at(i);
            const QString path = itemPath(QStringLiteral("machineTypes"), i);
            if (m.builtIn)
                accelerator(m.builtIn->type, path + QStringLiteral(".builtIn.type"));
            if (m.legacy && !m.family.isEmpty()) {
                warning(path + QStringLiteral(".family"),
                        QCoreApplication::translate("trainyard::Catalog",
                                                    "Legacy machine types have no Compute "
                                                    "Engine family."));
            }
        }
    }

    void checkAccelerators()
    {
        for (qsizetype i = 0; i < m_catalog.accelerators.size(); ++i) {
            const AcceleratorType &a = m_catalog.accelerators.at(i);
            const QString path = itemPath(QStringLiteral("accelerators"), i);
            if (!a.onlyOnFamily.isEmpty() && !m_families.contains(a.onlyOnFamily)) {
                warning(path + QStringLiteral(".onlyOnFamily"),
                        QCoreApplication::translate("trainyard::Catalog",
                                                    "No machine type belongs to the family "
                                                    "\"%1\".")
                            .arg(a.onlyOnFamily));
            }
            for (qsizetype j = 0; j < a.limits.size(); ++j) {
                if (!a.allowedCounts.contains(a.limits.at(j).count)) {
                    warning(itemPath(path + QStringLiteral(".limits"), j) +
                                QStringLiteral(".count"),
                            QCoreApplication::translate("trainyard::Catalog",
                                                        "The limit applies to a count that is "
                                                        "not in allowedCounts."));
                }
            }
        }
    }

    void checkGpuCounts()
    {
        for (qsizetype i = 0; i < m_catalog.gpuCounts.size(); ++i) {
            const GpuCountRow &row = m_catalog.gpuCounts.at(i);
            const QString path = itemPath(QStringLiteral("gpuCounts"), i);
            const MachineType *m = machine(row.machineType, path + QStringLiteral(".machineType"));
            if (m && m->legacy) {
                error(path + QStringLiteral(".machineType"),
                      QCoreApplication::translate("trainyard::Catalog",
                                                  "The legacy machine type \"%1\" takes no "
                                                  "accelerator configuration; remove its row.")
                          .arg(row.machineType));
            }
            QStringList types = row.counts.keys();
            types.sort(); // stable order of diagnostics
            for (const QString &type : std::as_const(types)) {
                const QString field = path + QStringLiteral(".counts.") + type;
                const AcceleratorType *a = accelerator(type, field);
                if (!a)
                    continue;
                const QList<int> counts = row.counts.value(type);
                for (int count : counts) {
                    if (!a->allowedCounts.contains(count)) {
                        warning(field, QCoreApplication::translate(
                                           "trainyard::Catalog",
                                           "%1 x %2 is not in the accelerator's allowedCounts.")
                                           .arg(count)
                                           .arg(type));
                    }
                }
            }
        }
    }

    void checkRegions()
    {
        for (qsizetype i = 0; i < m_catalog.regions.size(); ++i) {
            const Region &r = m_catalog.regions.at(i);
            const QString path = itemPath(QStringLiteral("regions"), i);
            acceleratorList(r.accelerators, path + QStringLiteral(".accelerators"));
            acceleratorList(r.doubtfulAccelerators, path + QStringLiteral(".doubtfulAccelerators"));
            acceleratorList(r.seedAccelerators, path + QStringLiteral(".seedAccelerators"));
            for (qsizetype j = 0; j < r.seedAccelerators.size(); ++j) {
                if (!r.accelerators.contains(r.seedAccelerators.at(j))) {
                    error(itemPath(path + QStringLiteral(".seedAccelerators"), j),
                          QCoreApplication::translate("trainyard::Catalog",
                                                      "\"%1\" is confirmed but not listed in "
                                                      "accelerators.")
                              .arg(r.seedAccelerators.at(j)));
                }
            }
            for (qsizetype j = 0; j < r.tpuVersions.size(); ++j) {
                const QString field = itemPath(path + QStringLiteral(".tpuVersions"), j);
                const AcceleratorType *a = accelerator(r.tpuVersions.at(j), field);
                if (a && !a->tpu) {
                    error(field, QCoreApplication::translate("trainyard::Catalog",
                                                             "\"%1\" is not a TPU type.")
                                     .arg(a->type));
                }
            }
            for (qsizetype j = 0; j < r.zones.size(); ++j) {
                acceleratorList(r.zones.at(j).accelerators,
                                itemPath(path + QStringLiteral(".zones"), j) +
                                    QStringLiteral(".accelerators"));
            }
            for (qsizetype j = 0; j < r.zoneConflicts.size(); ++j)
                acceleratorList(r.zoneConflicts.at(j),
                                itemPath(path + QStringLiteral(".zoneConflicts"), j));
        }
    }

    void checkScaleTiers()
    {
        for (qsizetype i = 0; i < m_catalog.scaleTiers.size(); ++i) {
            const ScaleTier &t = m_catalog.scaleTiers.at(i);
            const QString path = itemPath(QStringLiteral("scaleTiers"), i);
            machine(t.masterType, path + QStringLiteral(".masterType"));
            machine(t.workerType, path + QStringLiteral(".workerType"));
            machine(t.parameterServerType, path + QStringLiteral(".parameterServerType"));
            if (t.accelerator)
                accelerator(t.accelerator->type, path + QStringLiteral(".accelerator.type"));
        }
    }

    void checkRuntimes()
    {
        for (qsizetype i = 0; i < m_catalog.runtimeVersions.size(); ++i) {
            const RuntimeVersion &v = m_catalog.runtimeVersions.at(i);
            const QString path =
                itemPath(QStringLiteral("runtimeVersions"), i) + QStringLiteral(".pythonVersions");
            for (qsizetype j = 0; j < v.pythonVersions.size(); ++j) {
                if (!m_catalog.pythonVersions.contains(v.pythonVersions.at(j))) {
                    error(itemPath(path, j),
                          QCoreApplication::translate("trainyard::Catalog",
                                                      "Python %1 is not in the top-level list "
                                                      "pythonVersions.")
                              .arg(v.pythonVersions.at(j)));
                }
            }
        }
    }

    const Catalog &m_catalog;
    Reader &m_reader;
    QHash<QString, const MachineType *> m_machines;
    QHash<QString, const AcceleratorType *> m_accelerators;
    QSet<QString> m_families;
};

} // namespace

void checkCatalog(const Catalog &catalog, Reader &reader)
{
    Checker(catalog, reader).run();
}

} // namespace trainyard::catalog::detail
