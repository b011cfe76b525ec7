// SPDX-License-Identifier: MIT
#include "catalog/catalogcbor.h"

#include <QCborArray>
#include <QCborMap>
#include <QCborStreamReader>
#include <QCborValue>
#include <QCoreApplication>
#include <algorithm>
#include <limits>
#include <optional>
#include <type_traits>
#include <utility>

namespace trainyard::catalog {

// A field added to catalog.h must be added to describe() below too, or the compiled built-in
// catalog would silently lose it (the YAML path would still fill it, so nothing else notices).
// These sizes change when a field is added (a lone bool may hide in padding, anything larger
// cannot); they are those of x86-64 (LP64), the platform the project builds on. When one fails:
// add the new field to describe(), bump CompiledFormatVersion, add it to the tests'
// catalogdiff.h and to tst_catalogcbor's full catalog, then update the number.
#if QT_POINTER_SIZE == 8
static_assert(sizeof(BuiltInAccelerator) == 32, "catalog.h changed: update catalogcbor.cpp");
static_assert(sizeof(MachineType) == 248, "catalog.h changed: update catalogcbor.cpp");
static_assert(sizeof(CountLimit) == 40, "catalog.h changed: update catalogcbor.cpp");
static_assert(sizeof(AcceleratorType) == 248, "catalog.h changed: update catalogcbor.cpp");
static_assert(sizeof(GpuCountRow) == 40, "catalog.h changed: update catalogcbor.cpp");
static_assert(sizeof(Zone) == 48, "catalog.h changed: update catalogcbor.cpp");
static_assert(sizeof(Region) == 184, "catalog.h changed: update catalogcbor.cpp");
static_assert(sizeof(ScaleTier) == 216, "catalog.h changed: update catalogcbor.cpp");
static_assert(sizeof(RuntimeVersion) == 160, "catalog.h changed: update catalogcbor.cpp");
static_assert(sizeof(ServiceLifecycle) == 80, "catalog.h changed: update catalogcbor.cpp");
static_assert(sizeof(VertexImage) == 176, "catalog.h changed: update catalogcbor.cpp");
static_assert(sizeof(BootDisks) == 72, "catalog.h changed: update catalogcbor.cpp");
static_assert(sizeof(Catalog) == 472, "catalog.h changed: update catalogcbor.cpp");
#endif
// Certainty is written as its number; a new value needs a new format version.
static_assert(int(Certainty::Uncertain) == 2, "Certainty changed: update catalogcbor.cpp");

namespace {

const char FormatName[] = "trainyard compiled catalog";

// describe(io, s) names every field of a struct of catalog.h, in order, for both directions:
// the writer (const structs) and the reader (mutable ones) walk the same list, so a field cannot
// be written but not read, or read from a place it was not written to.
template<typename S, typename T>
using If = std::enable_if_t<std::is_same_v<std::remove_const_t<S>, T>, int>;

template<typename IO, typename S, If<S, BuiltInAccelerator> = 0>
void describe(IO &io, S &a)
{
    io.field("type", a.type);
    io.field("count", a.count);
}

template<typename IO, typename S, If<S, MachineType> = 0>
void describe(IO &io, S &m)
{
    io.field("name", m.name);
    io.field("legacy", m.legacy);
    io.field("tpu", m.tpu);
    io.field("vcpus", m.vcpus);
    io.field("memoryGb", m.memoryGb);
    io.field("sizeCertainty", m.sizeCertainty);
    io.field("builtIn", m.builtIn);
    io.field("description", m.description);
    io.field("family", m.family);
    io.field("approxShape", m.approxShape);
    io.field("retired", m.retired);
    io.field("replacedBy", m.replacedBy);
    io.field("retiredCertainty", m.retiredCertainty);
    io.field("vertexMachineType", m.vertexMachineType);
    io.field("vertexCertainty", m.vertexCertainty);
}

template<typename IO, typename S, If<S, CountLimit> = 0>
void describe(IO &io, S &l)
{
    io.field("count", l.count);
    io.field("maxVcpus", l.maxVcpus);
    io.field("maxMemoryGb", l.maxMemoryGb);
    io.field("certainty", l.certainty);
}

template<typename IO, typename S, If<S, AcceleratorType> = 0>
void describe(IO &io, S &a)
{
    io.field("type", a.type);
    io.field("gcloudName", a.gcloudName);
    io.field("displayName", a.displayName);
    io.field("tpu", a.tpu);
    io.field("allowedCounts", a.allowedCounts);
    io.field("maxVcpusPerGpu", a.maxVcpusPerGpu);
    io.field("maxMemoryGbPerGpu", a.maxMemoryGbPerGpu);
    io.field("capsCertainty", a.capsCertainty);
    io.field("limits", a.limits);
    io.field("onlyOnFamily", a.onlyOnFamily);
    io.field("vertexOnly", a.vertexOnly);
    io.field("retired", a.retired);
    io.field("replacedBy", a.replacedBy);
    io.field("retiredCertainty", a.retiredCertainty);
}

template<typename IO, typename S, If<S, GpuCountRow> = 0>
void describe(IO &io, S &r)
{
    io.field("machineType", r.machineType);
    io.field("counts", r.counts);
    io.field("certainty", r.certainty);
}

template<typename IO, typename S, If<S, Zone> = 0>
void describe(IO &io, S &z)
{
    io.field("name", z.name);
    io.field("accelerators", z.accelerators);
}

template<typename IO, typename S, If<S, Region> = 0>
void describe(IO &io, S &r)
{
    io.field("name", r.name);
    io.field("accelerators", r.accelerators);
    io.field("doubtfulAccelerators", r.doubtfulAccelerators);
    io.field("seedAccelerators", r.seedAccelerators);
    io.field("acceleratorCertainty", r.acceleratorCertainty);
    io.field("zones", r.zones);
    io.field("zoneCertainty", r.zoneCertainty);
    io.field("zoneConflicts", r.zoneConflicts);
    io.field("tpuVersions", r.tpuVersions);
}

template<typename IO, typename S, If<S, ScaleTier> = 0>
void describe(IO &io, S &t)
{
    io.field("name", t.name);
    io.field("gcloudName", t.gcloudName);
    io.field("description", t.description);
    io.field("custom", t.custom);
    io.field("masterType", t.masterType);
    io.field("workerCount", t.workerCount);
    io.field("workerType", t.workerType);
    io.field("parameterServerCount", t.parameterServerCount);
    io.field("parameterServerType", t.parameterServerType);
    io.field("accelerator", t.accelerator);
    io.field("shapeCertainty", t.shapeCertainty);
}

template<typename IO, typename S, If<S, RuntimeVersion> = 0>
void describe(IO &io, S &r)
{
    io.field("version", r.version);
    io.field("pythonVersions", r.pythonVersions);
    io.field("certainty", r.certainty);
    io.field("offered", r.offered);
    io.field("until", r.until);
    io.field("frameworks", r.frameworks);
    io.field("replacedBy", r.replacedBy);
    io.field("lifecycleCertainty", r.lifecycleCertainty);
}

template<typename IO, typename S, If<S, ServiceLifecycle> = 0>
void describe(IO &io, S &s)
{
    io.field("deprecated", s.deprecated);
    io.field("shutdown", s.shutdown);
    io.field("successor", s.successor);
    io.field("certainty", s.certainty);
}

template<typename IO, typename S, If<S, VertexImage> = 0>
void describe(IO &io, S &v)
{
    io.field("framework", v.framework);
    io.field("version", v.version);
    io.field("python", v.python);
    io.field("cpuImage", v.cpuImage);
    io.field("gpuImage", v.gpuImage);
    io.field("endOfAvailability", v.endOfAvailability);
    io.field("runtimes", v.runtimes);
    io.field("certainty", v.certainty);
}

template<typename IO, typename S, If<S, BootDisks> = 0>
void describe(IO &io, S &b)
{
    io.field("types", b.types);
    io.field("typesCertainty", b.typesCertainty);
    io.field("defaultType", b.defaultType);
    io.field("defaultSizeGb", b.defaultSizeGb);
    io.field("minSizeGb", b.minSizeGb);
    io.field("maxSizeGb", b.maxSizeGb);
    io.field("sizeCertainty", b.sizeCertainty);
}

// The data of a Catalog; its lookup indexes are rebuilt after reading.
template<typename IO, typename S, If<S, Catalog> = 0>
void describe(IO &io, S &c)
{
    io.field("source", c.source);
    io.field("date", c.date);
    io.field("machineTypes", c.machineTypes);
    io.field("accelerators", c.accelerators);
    io.field("gpuCounts", c.gpuCounts);
    io.field("regions", c.regions);
    io.field("scaleTiers", c.scaleTiers);
    io.field("runtimeVersions", c.runtimeVersions);
    io.field("service", c.service);
    io.field("vertexImages", c.vertexImages);
    io.field("formerMachineTypeNames", c.formerMachineTypeNames);
    io.field("gkeAcceleratorLabels", c.gkeAcceleratorLabels);
    io.field("pythonVersions", c.pythonVersions);
    io.field("bootDisks", c.bootDisks);
}

// Structs become maps with their fields in describe() order; optionals absent become null;
// hashes become maps in sorted key order, so that equal catalogs give equal bytes.
class Writer
{
public:
    template<typename T>
    void field(const char *key, const T &value)
    {
        m_map.insert(QLatin1String(key), encode(value));
    }

    static QCborValue encode(const QString &v) { return v; }
    static QCborValue encode(bool v) { return v; }
    static QCborValue encode(int v) { return qint64(v); }
    static QCborValue encode(double v) { return v; }
    static QCborValue encode(Certainty v) { return qint64(v); }

    template<typename T>
    static QCborValue encode(const std::optional<T> &v)
    {
        return v ? encode(*v) : QCborValue(nullptr);
    }

    template<typename T>
    static QCborValue encode(const QList<T> &list)
    {
        QCborArray array;
        for (const T &item : list)
            array.append(encode(item));
        return array;
    }

    template<typename T>
    static QCborValue encode(const QHash<QString, T> &hash)
    {
        QStringList keys = hash.keys();
        std::sort(keys.begin(), keys.end());
        QCborMap map;
        for (const QString &key : std::as_const(keys))
            map.insert(key, encode(hash.value(key)));
        return map;
    }

    template<typename S>
    static QCborValue encode(const S &s)
    {
        Writer writer;
        describe(writer, s);
        return writer.m_map;
    }

private:
    QCborMap m_map;
};

// Where a value sits in the document, for a diagnostic: a chain up to the root, turned into a
// path ("machineTypes[3].builtIn.count") only when something is wrong.
struct Where
{
    const Where *parent = nullptr;
    const char *key = nullptr; // the field's name; null for a list item (then `index`)
    qsizetype index = -1;

    QString path() const
    {
        QString up = parent ? parent->path() : QString();
        if (key) {
            if (!up.isEmpty())
                up += u'.';
            up += QLatin1String(key);
        } else if (index >= 0) {
            up += u'[' + QString::number(index) + u']';
        }
        return up;
    }
};

// Reads what Writer wrote, as a stream (building a QCborValue tree first would take longer than
// all the rest). Fields must come in describe() order with values of the right type; the first
// mismatch stops the reading and is kept as the error.
class Decoder
{
public:
    explicit Decoder(QCborStreamReader &reader)
        : m_reader(reader)
    {}

    bool failed() const { return m_failed; }
    QString errorField() const { return m_field; }
    QString errorMessage() const { return m_message; }

    void fail(const Where &where, const QString &message)
    {
        if (m_failed)
            return;
        m_failed = true;
        m_field = where.path();
        // Broken CBOR (truncated, say) shows as a wrong type where it is noticed: say what it is.
        m_message = m_reader.lastError() == QCborError::NoError ? message : cborError(m_reader);
    }

    static QString cborError(QCborStreamReader &reader)
    {
        return QCoreApplication::translate("trainyard::Catalog",
                                           "The compiled catalog is not valid CBOR: %1")
            .arg(reader.lastError().toString());
    }

    // Whether the next item is the text string `expected` (a map's key); reads past it.
    bool keyIs(const char *expected)
    {
        if (!m_reader.isString())
            return false;
        char buffer[64];
        qsizetype have = 0;
        QCborStreamReader::StringResult<qsizetype> chunk;
        do {
            const qsizetype size = m_reader.currentStringChunkSize();
            if (size < 0 || have + size > qsizetype(sizeof buffer))
                return false;
            chunk = m_reader.readStringChunk(buffer + have, size);
            have += chunk.status == QCborStreamReader::Ok ? chunk.data : 0;
        } while (chunk.status == QCborStreamReader::Ok);
        return chunk.status == QCborStreamReader::EndOfString &&
               QByteArrayView(buffer, have) == QByteArrayView(expected);
    }

    // A text string, or nullopt (reader not moved) when the next item is none.
    std::optional<QString> readString()
    {
        if (!m_reader.isString())
            return std::nullopt;
        QString text;
        auto chunk = m_reader.readString();
        while (chunk.status == QCborStreamReader::Ok) {
            text += chunk.data;
            chunk = m_reader.readString();
        }
        if (chunk.status == QCborStreamReader::Error)
            return std::nullopt;
        return text;
    }

    void decode(QString &out, const Where &where)
    {
        if (std::optional<QString> text = readString())
            out = std::move(*text);
        else
            wrongType(where);
    }

    void decode(bool &out, const Where &where)
    {
        if (!m_reader.isBool())
            return wrongType(where);
        out = m_reader.toBool();
        m_reader.next();
    }

    void decode(int &out, const Where &where)
    {
        constexpr quint64 max = std::numeric_limits<int>::max();
        if (m_reader.isUnsignedInteger() && m_reader.toUnsignedInteger() <= max) {
            out = int(m_reader.toUnsignedInteger());
        } else if (m_reader.isNegativeInteger() &&
                   quint64(m_reader.toNegativeInteger()) <= max + 1) {
            // The absolute value; -2147483648 too.
            out = int(-qint64(m_reader.toNegativeInteger()));
        } else {
            return wrongType(where);
        }
        m_reader.next();
    }

    void decode(double &out, const Where &where)
    {
        if (!m_reader.isDouble())
            return wrongType(where);
        out = m_reader.toDouble();
        m_reader.next();
    }

    void decode(Certainty &out, const Where &where)
    {
        if (!m_reader.isUnsignedInteger() ||
            m_reader.toUnsignedInteger() > quint64(Certainty::Uncertain))
            return wrongType(where);
        out = Certainty(m_reader.toUnsignedInteger());
        m_reader.next();
    }

    template<typename T>
    void decode(std::optional<T> &out, const Where &where)
    {
        if (m_reader.isNull()) {
            out.reset();
            m_reader.next();
            return;
        }
        T value{};
        decode(value, where);
        out = std::move(value);
    }

    template<typename T>
    void decode(QList<T> &out, const Where &where)
    {
        if (!m_reader.isArray())
            return wrongType(where);
        out.clear();
        if (m_reader.isLengthKnown())
            out.reserve(qsizetype(qMin<quint64>(m_reader.length(), 4096)));
        if (!m_reader.enterContainer())
            return wrongType(where);
        for (qsizetype i = 0; !m_failed && m_reader.hasNext(); ++i) {
            T item{};
            decode(item, Where{&where, nullptr, i});
            out.append(std::move(item));
        }
        leave(where);
    }

    template<typename T>
    void decode(QHash<QString, T> &out, const Where &where)
    {
        if (!m_reader.isMap() || !m_reader.enterContainer())
            return wrongType(where);
        out.clear();
        while (!m_failed && m_reader.hasNext()) {
            QString key;
            decode(key, where);
            T value{};
            decode(value, where);
            out.insert(key, std::move(value));
        }
        leave(where);
    }

    template<typename S>
    void decode(S &out, const Where &where)
    {
        if (!m_reader.isMap() || !m_reader.enterContainer())
            return wrongType(where);
        Fields fields(*this, where);
        describe(fields, out);
        if (!m_failed && m_reader.hasNext()) {
            const std::optional<QString> key = readString();
            fail(where, QCoreApplication::translate("trainyard::Catalog",
                                                    "The compiled catalog does not match this "
                                                    "program: unexpected field \"%1\".")
                            .arg(key.value_or(QString())));
        }
        leave(where);
    }

private:
    // The fields of the map being read, taken in order.
    class Fields
    {
    public:
        Fields(Decoder &decoder, const Where &where)
            : m_decoder(decoder)
            , m_where(where)
        {}

        template<typename T>
        void field(const char *key, T &value)
        {
            if (m_decoder.failed())
                return;
            const Where here{&m_where, key};
            if (!m_decoder.m_reader.hasNext() || !m_decoder.keyIs(key)) {
                m_decoder.fail(here, QCoreApplication::translate(
                                         "trainyard::Catalog",
                                         "The compiled catalog does not match this program: the "
                                         "field \"%1\" was expected here.")
                                         .arg(QLatin1String(key)));
                return;
            }
            m_decoder.decode(value, here);
        }

    private:
        Decoder &m_decoder;
        const Where &m_where;
    };

    void leave(const Where &where)
    {
        if (!m_failed && !m_reader.leaveContainer())
            wrongType(where);
    }

    void wrongType(const Where &where)
    {
        fail(where, QCoreApplication::translate(
                        "trainyard::Catalog",
                        "The compiled catalog holds a value of the wrong type or range."));
    }

    QCborStreamReader &m_reader;
    bool m_failed = false;
    QString m_field;
    QString m_message;
};

LoadResult failure(const QString &origin, const QString &field, const QString &message)
{
    LoadResult result;
    result.diagnostics.append({jobspec::Severity::Error, field, message, {}, origin});
    return result;
}

} // namespace

QByteArray toCompiled(const Catalog &catalog)
{
    QCborMap root;
    root.insert(QLatin1String("format"), QLatin1String(FormatName));
    root.insert(QLatin1String("version"), CompiledFormatVersion);
    root.insert(QLatin1String("catalog"), Writer::encode(catalog));
    return root.toCborValue().toCbor();
}

LoadResult fromCompiled(const QByteArray &cbor, const QString &origin)
{
    QCborStreamReader reader(cbor);
    Decoder decoder(reader);
    auto notACatalog = [&] {
        return failure(origin, QString(),
                       reader.lastError() != QCborError::NoError
                           ? Decoder::cborError(reader)
                           : QCoreApplication::translate("trainyard::Catalog",
                                                         "The data is not a compiled catalog."));
    };
    // {"format": FormatName, "version": N, "catalog": {...}}, as toCompiled() writes it.
    if (!reader.isMap() || !reader.enterContainer() || !reader.hasNext() ||
        !decoder.keyIs("format") || decoder.readString() != QLatin1String(FormatName) ||
        !reader.hasNext() || !decoder.keyIs("version") || !reader.isInteger())
        return notACatalog();
    const qint64 version = reader.toInteger();
    if (version != CompiledFormatVersion) {
        return failure(origin, QStringLiteral("version"),
                       QCoreApplication::translate("trainyard::Catalog",
                                                   "The compiled catalog has format version %1; "
                                                   "this program reads version %2.")
                           .arg(version)
                           .arg(CompiledFormatVersion));
    }
    reader.next();
    if (!reader.hasNext() || !decoder.keyIs("catalog"))
        return notACatalog();

    auto catalog = std::make_shared<Catalog>();
    decoder.decode(*catalog, Where{});
    if (decoder.failed())
        return failure(origin, decoder.errorField(), decoder.errorMessage());
    // Nothing may follow the catalog: not in the root map, not after it.
    if (reader.hasNext() || !reader.leaveContainer() || reader.currentOffset() != cbor.size())
        return notACatalog();

    catalog->buildIndex();
    LoadResult result;
    result.catalog = std::move(catalog);
    return result;
}

} // namespace trainyard::catalog
