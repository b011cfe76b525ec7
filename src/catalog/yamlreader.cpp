// SPDX-License-Identifier: MIT
#include "catalog/yamlreader.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace trainyard::catalog::detail {

namespace {

// Far above the built-in catalog (about 1,500 nodes), far below what would take noticeable time.
constexpr int NodeBudget = 200000;
constexpr qsizetype MaxDiagnostics = 100;

QString describe(const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Map:
        return QCoreApplication::translate("trainyard::Catalog", "a mapping");
    case YAML::NodeType::Sequence:
        return QCoreApplication::translate("trainyard::Catalog", "a list");
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
        return QCoreApplication::translate("trainyard::Catalog", "nothing");
    case YAML::NodeType::Scalar:
        break;
    }
    QString text = QString::fromStdString(node.Scalar());
    if (text.size() > 40)
        text = text.left(40) + QStringLiteral("...");
    return QStringLiteral("\"%1\"").arg(text);
}

QString scalarText(const YAML::Node &node)
{
    return QString::fromStdString(node.Scalar()).trimmed();
}

} // namespace

Reader::Reader(const QString &fileName)
    : m_fileName(fileName)
    , m_budget(NodeBudget)
{}

jobspec::SourcePos Reader::posOf(const YAML::Node &node)
{
    if (!node.IsDefined())
        return {};
    const YAML::Mark mark = node.Mark();
    if (mark.is_null() || mark.line < 0 || mark.column < 0)
        return {};
    return {mark.line + 1, mark.column + 1};
}

void Reader::add(jobspec::Severity severity, const QString &field, jobspec::SourcePos pos,
                 const QString &message)
{
    if (m_stopped)
        return;
    if (m_diags.size() >= MaxDiagnostics) {
        m_stopped = true;
        m_diags.append({jobspec::Severity::Error, QString(),
                        QCoreApplication::translate("trainyard::Catalog",
                                                    "Too many problems; stopped reading the "
                                                    "catalog."),
                        pos, m_fileName});
        return;
    }
    m_diags.append({severity, field, message, pos, m_fileName});
}

void Reader::error(const QString &field, jobspec::SourcePos pos, const QString &message)
{
    add(jobspec::Severity::Error, field, pos.isValid() ? pos : at(field), message);
}

void Reader::warning(const QString &field, jobspec::SourcePos pos, const QString &message)
{
    add(jobspec::Severity::Warning, field, pos.isValid() ? pos : at(field), message);
}

void Reader::record(const QString &field, const YAML::Node &node)
{
    const jobspec::SourcePos pos = posOf(node);
    if (pos.isValid())
        m_positions.insert(field, pos);
}

jobspec::SourcePos Reader::at(const QString &field) const
{
    QString path = field;
    while (!path.isEmpty()) {
        const auto it = m_positions.constFind(path);
        if (it != m_positions.constEnd())
            return *it;
        const qsizetype cut =
            std::max(path.lastIndexOf(QLatin1Char('.')), path.lastIndexOf(QLatin1Char('[')));
        if (cut <= 0)
            break;
        path.truncate(cut);
    }
    return {};
}

bool Reader::spend(const YAML::Node &node)
{
    if (m_stopped)
        return false;
    if (--m_budget >= 0)
        return true;
    add(jobspec::Severity::Error, QString(), posOf(node),
        QCoreApplication::translate("trainyard::Catalog",
                                    "The catalog has too many entries (more than %1 values).")
            .arg(NodeBudget));
    m_stopped = true;
    return false;
}

QString joinPath(const QString &parent, const QString &key)
{
    return parent.isEmpty() ? key : parent + QLatin1Char('.') + key;
}

QString itemPath(const QString &list, qsizetype index)
{
    return list + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
}

std::optional<QString> readString(Reader &reader, const YAML::Node &node, const QString &path)
{
    if (!node.IsScalar()) {
        reader.error(
            path, Reader::posOf(node),
            QCoreApplication::translate("trainyard::Catalog", "Expected a text value, found %1.")
                .arg(describe(node)));
        return std::nullopt;
    }
    return scalarText(node);
}

std::optional<int> readInt(Reader &reader, const YAML::Node &node, const QString &path, int minimum)
{
    bool ok = false;
    int value = 0;
    if (node.IsScalar())
        value = scalarText(node).toInt(&ok, 10);
    if (!ok) {
        reader.error(
            path, Reader::posOf(node),
            QCoreApplication::translate("trainyard::Catalog", "Expected a whole number, found %1.")
                .arg(describe(node)));
        return std::nullopt;
    }
    if (value < minimum) {
        reader.error(path, Reader::posOf(node),
                     QCoreApplication::translate("trainyard::Catalog",
                                                 "Expected a number of at least %1, found %2.")
                         .arg(minimum)
                         .arg(value));
        return std::nullopt;
    }
    return value;
}

std::optional<double> readNumber(Reader &reader, const YAML::Node &node, const QString &path)
{
    bool ok = false;
    double value = 0;
    if (node.IsScalar())
        value = scalarText(node).toDouble(&ok);
    if (!ok || !std::isfinite(value)) {
        reader.error(
            path, Reader::posOf(node),
            QCoreApplication::translate("trainyard::Catalog", "Expected a number, found %1.")
                .arg(describe(node)));
        return std::nullopt;
    }
    if (value <= 0) {
        reader.error(path, Reader::posOf(node),
                     QCoreApplication::translate("trainyard::Catalog",
                                                 "Expected a positive number, found %1.")
                         .arg(value));
        return std::nullopt;
    }
    return value;
}

namespace {

bool expectSequence(Reader &reader, const YAML::Node &node, const QString &path)
{
    if (node.IsSequence())
        return true;
    reader.error(path, Reader::posOf(node),
                 QCoreApplication::translate("trainyard::Catalog", "Expected a list, found %1.")
                     .arg(describe(node)));
    return false;
}

} // namespace

QStringList readStringList(Reader &reader, const YAML::Node &node, const QString &path)
{
    QStringList result;
    if (!expectSequence(reader, node, path))
        return result;
    qsizetype index = 0;
    for (const YAML::Node &item : node) {
        if (!reader.spend(item))
            break;
        const QString p = itemPath(path, index++);
        reader.record(p, item);
        if (const auto s = readString(reader, item, p))
            result.append(*s);
    }
    return result;
}

QList<int> readIntList(Reader &reader, const YAML::Node &node, const QString &path)
{
    QList<int> result;
    if (!expectSequence(reader, node, path))
        return result;
    qsizetype index = 0;
    for (const YAML::Node &item : node) {
        if (!reader.spend(item))
            break;
        const QString p = itemPath(path, index++);
        reader.record(p, item);
        if (const auto v = readInt(reader, item, p, 1))
            result.append(*v);
    }
    return result;
}

MapReader::MapReader(Reader &reader, const YAML::Node &node, const QString &path)
    : m_reader(reader)
    , m_node(node)
    , m_path(path)
{
    if (!m_reader.spend(node))
        return;
    m_reader.record(path, node);
    if (!node.IsMap()) {
        m_reader.error(path, Reader::posOf(node),
                       QCoreApplication::translate("trainyard::Catalog",
                                                   "Expected a mapping (key: value), found %1.")
                           .arg(describe(node)));
        return;
    }
    m_valid = true;
    for (auto it = node.begin(); it != node.end(); ++it) {
        const YAML::Node key = it->first;
        if (!m_reader.spend(key)) {
            m_valid = false;
            return;
        }
        if (!key.IsScalar()) {
            m_reader.error(path, Reader::posOf(key),
                           QCoreApplication::translate("trainyard::Catalog",
                                                       "Expected a field name, found %1.")
                               .arg(describe(key)));
            continue;
        }
        const QString name = scalarText(key);
        if (m_entries.contains(name)) {
            m_reader.error(
                joinPath(path, name), Reader::posOf(key),
                QCoreApplication::translate("trainyard::Catalog", "The field \"%1\" appears twice.")
                    .arg(name));
            continue;
        }
        m_entries.insert(name, {key, it->second});
        m_order.append(name);
        m_reader.record(joinPath(path, name), it->second.IsNull() ? key : it->second);
    }
}

QString MapReader::fieldPath(const char *key) const
{
    return joinPath(m_path, QLatin1String(key));
}

YAML::Node MapReader::take(const char *key, bool required)
{
    const QString name = QLatin1String(key);
    m_taken.insert(name);
    const auto it = m_entries.constFind(name);
    if (it != m_entries.constEnd() && !it->second.IsNull())
        return it->second;
    if (required && m_valid) {
        const jobspec::SourcePos pos =
            it != m_entries.constEnd() ? Reader::posOf(it->first) : Reader::posOf(m_node);
        m_reader.error(fieldPath(key), pos,
                       QCoreApplication::translate("trainyard::Catalog",
                                                   "The required field \"%1\" is missing.")
                           .arg(name));
    }
    return YAML::Node(YAML::NodeType::Undefined);
}

std::optional<QString> MapReader::string(const char *key, bool required)
{
    const YAML::Node node = take(key, required);
    if (!node.IsDefined())
        return std::nullopt;
    return readString(m_reader, node, fieldPath(key));
}

std::optional<int> MapReader::integer(const char *key, bool required, int minimum)
{
    const YAML::Node node = take(key, required);
    if (!node.IsDefined())
        return std::nullopt;
    return readInt(m_reader, node, fieldPath(key), minimum);
}

std::optional<double> MapReader::number(const char *key, bool required)
{
    const YAML::Node node = take(key, required);
    if (!node.IsDefined())
        return std::nullopt;
    return readNumber(m_reader, node, fieldPath(key));
}

bool MapReader::boolean(const char *key, bool defaultValue)
{
    const YAML::Node node = take(key);
    if (!node.IsDefined())
        return defaultValue;
    const QString text = node.IsScalar() ? scalarText(node).toLower() : QString();
    if (text == QLatin1String("true"))
        return true;
    if (text == QLatin1String("false"))
        return false;
    m_reader.error(
        fieldPath(key), Reader::posOf(node),
        QCoreApplication::translate("trainyard::Catalog", "Expected true or false, found %1.")
            .arg(describe(node)));
    return defaultValue;
}

Certainty MapReader::certainty(const char *key, Certainty defaultValue, bool required)
{
    const YAML::Node node = take(key, required);
    if (!node.IsDefined())
        return defaultValue;
    const QString text = node.IsScalar() ? scalarText(node) : QString();
    if (text == QLatin1String("seed"))
        return Certainty::Seed;
    if (text == QLatin1String("public"))
        return Certainty::Public;
    if (text == QLatin1String("uncertain"))
        return Certainty::Uncertain;
    m_reader.error(fieldPath(key), Reader::posOf(node),
                   QCoreApplication::translate("trainyard::Catalog",
                                               "Expected seed, public or uncertain, found %1.")
                       .arg(describe(node)));
    return defaultValue;
}

QStringList MapReader::stringList(const char *key, bool required)
{
    const YAML::Node node = take(key, required);
    if (!node.IsDefined())
        return {};
    return readStringList(m_reader, node, fieldPath(key));
}

QList<int> MapReader::intList(const char *key, bool required)
{
    const YAML::Node node = take(key, required);
    if (!node.IsDefined())
        return {};
    return readIntList(m_reader, node, fieldPath(key));
}

void MapReader::forEachEntry(
    const char *key, bool required,
    const std::function<void(const QString &, const YAML::Node &, const YAML::Node &)> &fn)
{
    const YAML::Node node = take(key, required);
    if (!node.IsDefined())
        return;
    MapReader sub(m_reader, node, fieldPath(key));
    if (!sub.isValid())
        return;
    for (const QString &name : std::as_const(sub.m_order)) {
        if (m_reader.stopped())
            return;
        sub.m_taken.insert(name);
        const auto &entry = sub.m_entries[name];
        // The entry's name is the datum here (an accelerator type): point at the key.
        m_reader.record(joinPath(sub.m_path, name), entry.first);
        fn(name, entry.first, entry.second);
    }
}

void MapReader::forEachItem(const char *key, bool required,
                            const std::function<void(const YAML::Node &, const QString &)> &fn)
{
    const YAML::Node node = take(key, required);
    if (!node.IsDefined())
        return;
    const QString path = fieldPath(key);
    if (!expectSequence(m_reader, node, path))
        return;
    qsizetype index = 0;
    for (const YAML::Node &item : node) {
        if (m_reader.stopped())
            return;
        const QString p = itemPath(path, index++);
        m_reader.record(p, item);
        fn(item, p);
    }
}

void MapReader::finish()
{
    if (!m_valid)
        return;
    for (const QString &name : std::as_const(m_order)) {
        if (m_taken.contains(name))
            continue;
        m_reader.warning(
            joinPath(m_path, name), Reader::posOf(m_entries[name].first),
            QCoreApplication::translate("trainyard::Catalog", "Unknown field \"%1\" is ignored.")
                .arg(name));
    }
}

} // namespace trainyard::catalog::detail
