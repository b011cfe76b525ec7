// SPDX-License-Identifier: MIT
#include "catalog/catalog.h"

#include "catalog/catalogcbor.h"
#include "catalog/catalogparser.h"
#include "catalog/gpucaps.h"
#include "catalog/yamlreader.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QtGlobal>
#include <exception>
#include <string>

namespace trainyard::catalog {

namespace {

constexpr qint64 MaxCatalogBytes = 4 * 1024 * 1024;
const char BuiltInPath[] = ":/catalog/catalog.yaml";
const char CompiledBuiltInPath[] = ":/catalog/catalog.cbor";
const char EnvironmentVariable[] = "TRAINYARD_CATALOG";

template<typename T>
const T *lookup(const QHash<QString, int> &index, const QList<T> &list, const QString &key)
{
    const int i = index.value(key, -1);
    return i < 0 ? nullptr : &list.at(i);
}

LoadResult failure(const QString &origin, const QString &message)
{
    LoadResult result;
    result.diagnostics.append({jobspec::Severity::Error, QString(), message, {}, origin});
    return result;
}

QString tooLarge(const QString &origin)
{
    return QCoreApplication::translate("trainyard::Catalog",
                                       "The catalog file %1 is larger than %2 MiB.")
        .arg(origin)
        .arg(MaxCatalogBytes / (1024 * 1024));
}

// The built-in catalog from its compiled form, made from catalog.yaml at build time; parsing
// the YAML itself (the fallback, should the compiled form be missing or unreadable) costs every
// process several milliseconds.
LoadResult loadBuiltIn()
{
    QFile compiled{QLatin1String(CompiledBuiltInPath)};
    if (compiled.open(QIODevice::ReadOnly)) {
        LoadResult result = fromCompiled(compiled.readAll(), QLatin1String(CompiledBuiltInPath));
        if (result)
            return result;
    }
    return Catalog::loadFile(QLatin1String(BuiltInPath));
}

const LoadResult &builtInResult()
{
    static const LoadResult result = loadBuiltIn();
    return result;
}

} // namespace

const MachineType *Catalog::machineType(const QString &name) const
{
    return lookup(m_machineIndex, machineTypes, name);
}

const AcceleratorType *Catalog::accelerator(const QString &type) const
{
    return lookup(m_acceleratorIndex, accelerators, type);
}

const AcceleratorType *Catalog::acceleratorByGcloudName(const QString &gcloudName) const
{
    return lookup(m_gcloudAcceleratorIndex, accelerators, gcloudName);
}

const GpuCountRow *Catalog::gpuCountRow(const QString &machineType) const
{
    return lookup(m_gpuRowIndex, gpuCounts, machineType);
}

const Region *Catalog::region(const QString &name) const
{
    return lookup(m_regionIndex, regions, name);
}

const ScaleTier *Catalog::scaleTier(const QString &name) const
{
    return lookup(m_tierIndex, scaleTiers, name);
}

const ScaleTier *Catalog::scaleTierByGcloudName(const QString &gcloudName) const
{
    return lookup(m_gcloudTierIndex, scaleTiers, gcloudName);
}

const VertexImage *Catalog::vertexImageForRuntime(const QString &runtime,
                                                  const QString &python) const
{
    const VertexImage *found = nullptr;
    for (const VertexImage &image : vertexImages) {
        if (!image.runtimes.contains(runtime))
            continue;
        if (!python.isEmpty() && image.python == python)
            return &image;
        if (!found)
            found = &image;
    }
    return found;
}

const RuntimeVersion *Catalog::runtimeVersion(const QString &version) const
{
    return lookup(m_runtimeIndex, runtimeVersions, version);
}

QList<int> Catalog::validGpuCounts(const QString &machineTypeName, const QString &acceleratorType,
                                   Certainty *certainty) const
{
    const MachineType *m = machineType(machineTypeName);
    const AcceleratorType *a = accelerator(acceleratorType);
    if (!m || !a) {
        // Unknown names: nothing is known to be attachable; the caller reports the name.
        if (certainty)
            *certainty = Certainty::Uncertain;
        return {};
    }
    if (a->tpu) {
        // Cloud TPUs are not GPUs: no table row or cap speaks about them.
        if (certainty)
            *certainty = Certainty::Uncertain;
        return {};
    }
    if (!m->legacy && !m->tpu) {
        if (const GpuCountRow *row = gpuCountRow(machineTypeName)) {
            if (certainty)
                *certainty = row->certainty;
            return row->counts.value(acceleratorType);
        }
    }
    return gpuCountsFromCaps(*m, *a, certainty);
}

void Catalog::buildIndex()
{
    auto fill = [](QHash<QString, int> &index, qsizetype size, auto keyOf) {
        index.clear();
        index.reserve(size);
        for (qsizetype i = 0; i < size; ++i) {
            const QString key = keyOf(i);
            if (!key.isEmpty() && !index.contains(key))
                index.insert(key, int(i));
        }
    };
    fill(m_machineIndex, machineTypes.size(),
         [this](qsizetype i) { return machineTypes.at(i).name; });
    fill(m_acceleratorIndex, accelerators.size(),
         [this](qsizetype i) { return accelerators.at(i).type; });
    fill(m_gcloudAcceleratorIndex, accelerators.size(),
         [this](qsizetype i) { return accelerators.at(i).gcloudName; });
    fill(m_gpuRowIndex, gpuCounts.size(),
         [this](qsizetype i) { return gpuCounts.at(i).machineType; });
    fill(m_regionIndex, regions.size(), [this](qsizetype i) { return regions.at(i).name; });
    fill(m_tierIndex, scaleTiers.size(), [this](qsizetype i) { return scaleTiers.at(i).name; });
    fill(m_gcloudTierIndex, scaleTiers.size(),
         [this](qsizetype i) { return scaleTiers.at(i).gcloudName; });
    fill(m_runtimeIndex, runtimeVersions.size(),
         [this](qsizetype i) { return runtimeVersions.at(i).version; });
}

LoadResult Catalog::load(const QByteArray &yaml, const QString &fileName)
{
    if (yaml.size() > MaxCatalogBytes)
        return failure(fileName, tooLarge(fileName));

    detail::Reader reader(fileName);
    auto catalog = std::make_shared<Catalog>();
    catalog->source = fileName;
    try {
        const YAML::Node root = YAML::Load(std::string(yaml.constData(), size_t(yaml.size())));
        detail::parseCatalog(root, *catalog, reader);
        if (!reader.stopped())
            detail::checkCatalog(*catalog, reader);
    } catch (const YAML::Exception &e) {
        // Syntax errors (and yaml-cpp's depth guard) arrive here with a 0-based mark.
        jobspec::SourcePos pos;
        if (!e.mark.is_null())
            pos = {e.mark.line + 1, e.mark.column + 1};
        reader.error(QString(), pos,
                     QCoreApplication::translate("trainyard::Catalog", "YAML syntax error: %1")
                         .arg(QString::fromStdString(e.msg)));
    } catch (const std::exception &e) {
        reader.error(
            QString(), {},
            QCoreApplication::translate("trainyard::Catalog", "The catalog could not be read: %1")
                .arg(QString::fromLocal8Bit(e.what())));
    }

    LoadResult result;
    result.diagnostics = reader.takeDiagnostics();
    if (!jobspec::hasErrors(result.diagnostics)) {
        catalog->buildIndex();
        result.catalog = std::move(catalog);
    }
    return result;
}

LoadResult Catalog::loadFile(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists()) {
        return failure(path, QCoreApplication::translate("trainyard::Catalog",
                                                         "The catalog file %1 does not exist.")
                                 .arg(path));
    }
    if (info.isDir()) {
        return failure(path, QCoreApplication::translate("trainyard::Catalog",
                                                         "The catalog path %1 is a directory.")
                                 .arg(path));
    }
    if (info.size() > MaxCatalogBytes)
        return failure(path, tooLarge(path));

    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return failure(path, QCoreApplication::translate("trainyard::Catalog",
                                                         "The catalog file %1 cannot be read: %2")
                                 .arg(path, file.errorString()));
    }
    // Read one byte past the cap so that files growing (or lying about their size) are caught.
    const QByteArray data = file.read(MaxCatalogBytes + 1);
    if (data.size() > MaxCatalogBytes)
        return failure(path, tooLarge(path));
    if (file.error() != QFileDevice::NoError) {
        return failure(path, QCoreApplication::translate("trainyard::Catalog",
                                                         "The catalog file %1 cannot be read: %2")
                                 .arg(path, file.errorString()));
    }
    return load(data, path);
}

LoadResult Catalog::loadDefault()
{
    const QString path = qEnvironmentVariable(EnvironmentVariable);
    if (!path.isEmpty())
        return loadFile(path);
    return builtInResult();
}

const Catalog &Catalog::builtIn()
{
    const LoadResult &result = builtInResult();
    if (!result.catalog) {
        QString reasons;
        for (const jobspec::Diagnostic &d : result.diagnostics) {
            reasons += QStringLiteral("\n%1:%2:%3: %4: %5")
                           .arg(d.origin)
                           .arg(d.pos.line)
                           .arg(d.pos.column)
                           .arg(d.field, d.message);
        }
        qFatal("The built-in service catalog does not load:%s", qPrintable(reasons));
    }
    return *result.catalog;
}

} // namespace trainyard::catalog
