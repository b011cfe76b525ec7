// SPDX-License-Identifier: MIT
#include "catalog/catalogparser.h"

#include <QCoreApplication>
#include <QDate>
#include <QSet>

namespace trainyard::catalog::detail {

namespace {

// Reports a second item with the same key (a name that must be unique within a list).
class UniqueNames
{
public:
    // `message` is translated and has %1 for the name.
    UniqueNames(Reader &reader, const QString &message)
        : m_reader(reader)
        , m_message(message)
    {}

    void add(const std::optional<QString> &name, const QString &field)
    {
        if (!name || name->isEmpty())
            return;
        if (m_seen.contains(*name)) {
            m_reader.error(field, m_reader.at(field), m_message.arg(*name));
            return;
        }
        m_seen.insert(*name);
    }

private:
    Reader &m_reader;
    QString m_message;
    QSet<QString> m_seen;
};

QString requireName(Reader &reader, MapReader &map, const char *key)
{
    const std::optional<QString> name = map.string(key, true);
    if (name && name->isEmpty()) {
        reader.error(
            map.fieldPath(key), reader.at(map.fieldPath(key)),
            QCoreApplication::translate("trainyard::Catalog", "The field \"%1\" must not be empty.")
                .arg(QLatin1String(key)));
    }
    return name.value_or(QString());
}

std::optional<BuiltInAccelerator> readBuiltIn(Reader &reader, MapReader &parent, const char *key)
{
    const YAML::Node node = parent.take(key);
    if (!node.IsDefined())
        return std::nullopt;
    MapReader map(reader, node, parent.fieldPath(key));
    if (!map.isValid())
        return std::nullopt;
    BuiltInAccelerator acc;
    acc.type = requireName(reader, map, "type");
    acc.count = map.integer("count", true, 1).value_or(0);
    map.finish();
    return acc;
}

void parseMachineTypes(MapReader &top, Catalog &catalog, Reader &reader)
{
    UniqueNames names(reader,
                      QCoreApplication::translate("trainyard::Catalog",
                                                  "The machine type \"%1\" is defined twice."));
    top.forEachItem("machineTypes", true, [&](const YAML::Node &item, const QString &path) {
        MapReader map(reader, item, path);
        if (!map.isValid())
            return;
        MachineType m;
        m.name = requireName(reader, map, "name");
        names.add(m.name, map.fieldPath("name"));
        m.family = map.string("family").value_or(QString());
        m.legacy = map.boolean("legacy");
        m.tpu = map.boolean("tpu");
        m.vcpus = map.integer("vcpus", !m.tpu, 1).value_or(0);
        m.memoryGb = map.number("memoryGb", !m.tpu).value_or(0);
        m.sizeCertainty = map.certainty("certainty", Certainty::Uncertain);
        m.builtIn = readBuiltIn(reader, map, "builtIn");
        m.approxShape = map.string("approxShape").value_or(QString());
        m.description = map.string("description").value_or(QString());
        m.retired = map.string("retired").value_or(QString());
        m.replacedBy = map.string("replacedBy").value_or(QString());
        m.retiredCertainty = map.certainty("retiredCertainty", Certainty::Uncertain, false);
        m.vertexMachineType = map.string("vertexMachineType").value_or(QString());
        m.vertexCertainty = map.certainty("vertexCertainty", Certainty::Uncertain, false);
        map.finish();
        catalog.machineTypes.append(m);
    });
}

void parseAccelerators(MapReader &top, Catalog &catalog, Reader &reader)
{
    UniqueNames types(reader,
                      QCoreApplication::translate("trainyard::Catalog",
                                                  "The accelerator \"%1\" is defined twice."));
    UniqueNames gcloudNames(
        reader, QCoreApplication::translate("trainyard::Catalog",
                                            "The accelerator gcloud name \"%1\" is used twice."));
    top.forEachItem("accelerators", true, [&](const YAML::Node &item, const QString &path) {
        MapReader map(reader, item, path);
        if (!map.isValid())
            return;
        AcceleratorType a;
        a.type = requireName(reader, map, "type");
        types.add(a.type, map.fieldPath("type"));
        a.gcloudName = requireName(reader, map, "gcloudName");
        gcloudNames.add(a.gcloudName, map.fieldPath("gcloudName"));
        a.displayName = map.string("displayName", true).value_or(QString());
        a.tpu = map.boolean("tpu");
        a.allowedCounts = map.intList("allowedCounts", true);
        if (const auto v = map.integer("maxVcpusPerGpu", false, 1))
            a.maxVcpusPerGpu = *v;
        if (const auto v = map.number("maxMemoryGbPerGpu"))
            a.maxMemoryGbPerGpu = *v;
        a.capsCertainty = map.certainty("capsCertainty", Certainty::Uncertain);
        map.forEachItem("limits", false, [&](const YAML::Node &limitNode, const QString &lp) {
            MapReader lm(reader, limitNode, lp);
            if (!lm.isValid())
                return;
            CountLimit limit;
            limit.count = lm.integer("count", true, 1).value_or(0);
            if (const auto v = lm.integer("maxVcpus", false, 1))
                limit.maxVcpus = *v;
            if (const auto v = lm.number("maxMemoryGb"))
                limit.maxMemoryGb = *v;
            limit.certainty = lm.certainty("certainty", Certainty::Uncertain);
            lm.finish();
            a.limits.append(limit);
        });
        a.onlyOnFamily = map.string("onlyOnFamily").value_or(QString());
        a.vertexOnly = map.boolean("vertexOnly");
        a.retired = map.string("retired").value_or(QString());
        a.replacedBy = map.string("replacedBy").value_or(QString());
        a.retiredCertainty = map.certainty("retiredCertainty", Certainty::Uncertain, false);
        map.finish();
        catalog.accelerators.append(a);
    });
}

void parseGpuCounts(MapReader &top, Catalog &catalog, Reader &reader)
{
    UniqueNames rows(reader, QCoreApplication::translate(
                                 "trainyard::Catalog",
                                 "There are two gpuCounts rows for the machine type \"%1\"."));
    top.forEachItem("gpuCounts", true, [&](const YAML::Node &item, const QString &path) {
        MapReader map(reader, item, path);
        if (!map.isValid())
            return;
        GpuCountRow row;
        row.machineType = requireName(reader, map, "machineType");
        rows.add(row.machineType, map.fieldPath("machineType"));
        row.certainty = map.certainty("certainty", Certainty::Uncertain);
        map.forEachEntry("counts", true,
                         [&](const QString &accel, const YAML::Node &, const YAML::Node &value) {
                             const QString p = joinPath(map.fieldPath("counts"), accel);
                             row.counts.insert(accel, readIntList(reader, value, p));
                         });
        map.finish();
        catalog.gpuCounts.append(row);
    });
}

void parseRegions(MapReader &top, Catalog &catalog, Reader &reader)
{
    UniqueNames names(reader, QCoreApplication::translate("trainyard::Catalog",
                                                          "The region \"%1\" is defined twice."));
    top.forEachItem("regions", true, [&](const YAML::Node &item, const QString &path) {
        MapReader map(reader, item, path);
        if (!map.isValid())
            return;
        Region r;
        r.name = requireName(reader, map, "name");
        names.add(r.name, map.fieldPath("name"));
        r.accelerators = map.stringList("accelerators");
        r.doubtfulAccelerators = map.stringList("doubtfulAccelerators");
        r.seedAccelerators = map.stringList("seedAccelerators");
        r.acceleratorCertainty = map.certainty("acceleratorCertainty", Certainty::Uncertain, false);
        r.tpuVersions = map.stringList("tpuVersions");
        map.forEachItem("zones", false, [&](const YAML::Node &zoneNode, const QString &zp) {
            MapReader zm(reader, zoneNode, zp);
            if (!zm.isValid())
                return;
            Zone z;
            z.name = requireName(reader, zm, "name");
            z.accelerators = zm.stringList("accelerators");
            zm.finish();
            r.zones.append(z);
        });
        r.zoneCertainty = map.certainty("zoneCertainty", Certainty::Uncertain, false);
        map.forEachItem("zoneConflicts", false, [&](const YAML::Node &set, const QString &sp) {
            r.zoneConflicts.append(readStringList(reader, set, sp));
        });
        map.finish();
        catalog.regions.append(r);
    });
}

void parseScaleTiers(MapReader &top, Catalog &catalog, Reader &reader)
{
    UniqueNames names(reader, QCoreApplication::translate(
                                  "trainyard::Catalog", "The scale tier \"%1\" is defined twice."));
    UniqueNames gcloudNames(
        reader, QCoreApplication::translate("trainyard::Catalog",
                                            "The scale tier gcloud name \"%1\" is used twice."));
    top.forEachItem("scaleTiers", true, [&](const YAML::Node &item, const QString &path) {
        MapReader map(reader, item, path);
        if (!map.isValid())
            return;
        ScaleTier t;
        t.name = requireName(reader, map, "name");
        names.add(t.name, map.fieldPath("name"));
        t.gcloudName = requireName(reader, map, "gcloudName");
        gcloudNames.add(t.gcloudName, map.fieldPath("gcloudName"));
        t.description = map.string("description").value_or(QString());
        t.custom = map.boolean("custom");
        t.masterType = map.string("masterType", !t.custom).value_or(QString());
        t.workerCount = map.integer("workerCount", false, 0).value_or(0);
        t.workerType = map.string("workerType", t.workerCount > 0).value_or(QString());
        t.parameterServerCount = map.integer("parameterServerCount", false, 0).value_or(0);
        t.parameterServerType =
            map.string("parameterServerType", t.parameterServerCount > 0).value_or(QString());
        t.accelerator = readBuiltIn(reader, map, "accelerator");
        t.shapeCertainty = map.certainty("certainty", Certainty::Uncertain);
        map.finish();
        catalog.scaleTiers.append(t);
    });
}

void parseRuntimeVersions(MapReader &top, Catalog &catalog, Reader &reader)
{
    UniqueNames versions(
        reader, QCoreApplication::translate("trainyard::Catalog",
                                            "The runtime version \"%1\" is defined twice."));
    top.forEachItem("runtimeVersions", true, [&](const YAML::Node &item, const QString &path) {
        MapReader map(reader, item, path);
        if (!map.isValid())
            return;
        RuntimeVersion v;
        v.version = requireName(reader, map, "version");
        versions.add(v.version, map.fieldPath("version"));
        v.pythonVersions = map.stringList("pythonVersions", true);
        v.certainty = map.certainty("certainty", Certainty::Uncertain);
        v.offered = map.string("offered").value_or(QString());
        v.until = map.string("until").value_or(QString());
        v.frameworks = map.string("frameworks").value_or(QString());
        v.replacedBy = map.string("replacedBy").value_or(QString());
        v.lifecycleCertainty = map.certainty("lifecycleCertainty", Certainty::Uncertain, false);
        map.finish();
        catalog.runtimeVersions.append(v);
    });
}

void parseService(MapReader &top, Catalog &catalog, Reader &reader)
{
    const YAML::Node node = top.take("service");
    if (!node.IsDefined())
        return;
    MapReader map(reader, node, top.fieldPath("service"));
    if (!map.isValid())
        return;
    ServiceLifecycle &s = catalog.service;
    s.deprecated = map.string("deprecated").value_or(QString());
    s.shutdown = map.string("shutdown").value_or(QString());
    s.successor = map.string("successor").value_or(QString());
    s.certainty = map.certainty("certainty", Certainty::Uncertain, false);
    map.finish();
}

void parseVertexImages(MapReader &top, Catalog &catalog, Reader &reader)
{
    top.forEachItem("vertexImages", false, [&](const YAML::Node &item, const QString &path) {
        MapReader map(reader, item, path);
        if (!map.isValid())
            return;
        VertexImage v;
        v.framework = requireName(reader, map, "framework");
        v.version = requireName(reader, map, "version");
        v.python = map.string("python").value_or(QString());
        v.cpuImage = map.string("cpu", true).value_or(QString());
        v.gpuImage = map.string("gpu").value_or(QString());
        v.endOfAvailability = map.string("endOfAvailability").value_or(QString());
        v.runtimes = map.stringList("runtimes");
        v.certainty = map.certainty("certainty", Certainty::Uncertain, false);
        map.finish();
        catalog.vertexImages.append(v);
    });
}

void parseFormerNames(MapReader &top, Catalog &catalog, Reader &)
{
    top.forEachEntry("formerMachineTypeNames", false,
                     [&](const QString &name, const YAML::Node &, const YAML::Node &value) {
                         if (value.IsScalar())
                             catalog.formerMachineTypeNames.insert(
                                 name, QString::fromStdString(value.Scalar()));
                     });
}

void parseGkeAcceleratorLabels(MapReader &top, Catalog &catalog, Reader &)
{
    top.forEachEntry("gkeAcceleratorLabels", false,
                     [&](const QString &type, const YAML::Node &, const YAML::Node &value) {
                         if (value.IsScalar())
                             catalog.gkeAcceleratorLabels.insert(
                                 type, QString::fromStdString(value.Scalar()));
                     });
}

void parseBootDisks(MapReader &top, Catalog &catalog, Reader &reader)
{
    const YAML::Node node = top.take("bootDisks");
    if (!node.IsDefined())
        return;
    MapReader map(reader, node, top.fieldPath("bootDisks"));
    if (!map.isValid())
        return;
    BootDisks &d = catalog.bootDisks;
    d.types = map.stringList("types", true);
    d.typesCertainty = map.certainty("typesCertainty", Certainty::Uncertain);
    d.defaultType = map.string("defaultType").value_or(QString());
    d.defaultSizeGb = map.integer("defaultSizeGb", false, 1).value_or(0);
    d.minSizeGb = map.integer("minSizeGb", false, 1).value_or(0);
    d.maxSizeGb = map.integer("maxSizeGb", false, 1).value_or(0);
    d.sizeCertainty = map.certainty("sizeCertainty", Certainty::Uncertain, false);
    map.finish();
}

} // namespace

void parseCatalog(const YAML::Node &root, Catalog &catalog, Reader &reader)
{
    if (!root.IsDefined() || root.IsNull()) {
        reader.error(QString(), {1, 1},
                     QCoreApplication::translate("trainyard::Catalog", "The catalog is empty."));
        return;
    }
    MapReader top(reader, root, QString());
    if (!top.isValid())
        return;

    const std::optional<int> schema = top.integer("schemaVersion", true, 1);
    if (schema && *schema != SchemaVersion) {
        reader.error(QStringLiteral("schemaVersion"), reader.at(QStringLiteral("schemaVersion")),
                     QCoreApplication::translate("trainyard::Catalog",
                                                 "Schema version %1 is not supported; this "
                                                 "version of Trainyard reads version %2.")
                         .arg(*schema)
                         .arg(SchemaVersion));
        return; // the rest may mean something else in another schema
    }
    catalog.date = top.string("asOf", true).value_or(QString());
    if (!catalog.date.isEmpty() && !QDate::fromString(catalog.date, Qt::ISODate).isValid()) {
        reader.warning(QStringLiteral("asOf"), reader.at(QStringLiteral("asOf")),
                       QCoreApplication::translate("trainyard::Catalog",
                                                   "\"%1\" is not a date of the form YYYY-MM-DD.")
                           .arg(catalog.date));
    }
    catalog.pythonVersions = top.stringList("pythonVersions", true);

    parseMachineTypes(top, catalog, reader);
    parseAccelerators(top, catalog, reader);
    parseGpuCounts(top, catalog, reader);
    parseRegions(top, catalog, reader);
    parseScaleTiers(top, catalog, reader);
    parseRuntimeVersions(top, catalog, reader);
    parseBootDisks(top, catalog, reader);
    parseService(top, catalog, reader);
    parseVertexImages(top, catalog, reader);
    parseFormerNames(top, catalog, reader);
    parseGkeAcceleratorLabels(top, catalog, reader);
    top.finish();
}

} // namespace trainyard::catalog::detail
