// SPDX-License-Identifier: MIT
// Internal to src/catalog: typed, position-aware reading of a yaml-cpp tree. Every problem
// becomes a jobspec::Diagnostic with file, 1-based line/column and field path; nothing throws.
#pragma once

#include "catalog/catalog.h"

#include <QHash>
#include <QSet>
#include <functional>
#include <optional>
#include <yaml-cpp/yaml.h>

namespace trainyard::catalog::detail {

// Collects diagnostics and the position of every field read, and bounds the work done on
// hostile input (node budget, cap on the number of diagnostics).
class Reader
{
public:
    explicit Reader(const QString &fileName);

    static jobspec::SourcePos posOf(const YAML::Node &node);

    void error(const QString &field, jobspec::SourcePos pos, const QString &message);
    void warning(const QString &field, jobspec::SourcePos pos, const QString &message);
    void record(const QString &field, const YAML::Node &node);
    // Position of the field, or of its nearest recorded ancestor.
    jobspec::SourcePos at(const QString &field) const;

    // Counts one visited node; false (with one error) once the budget is spent.
    bool spend(const YAML::Node &node);
    bool stopped() const { return m_stopped; }

    jobspec::Diagnostics takeDiagnostics() { return std::move(m_diags); }

private:
    void add(jobspec::Severity severity, const QString &field, jobspec::SourcePos pos,
             const QString &message);

    QString m_fileName;
    jobspec::Diagnostics m_diags;
    QHash<QString, jobspec::SourcePos> m_positions;
    int m_budget;
    bool m_stopped = false;
};

QString joinPath(const QString &parent, const QString &key);
QString itemPath(const QString &list, qsizetype index);

// A YAML mapping read field by field. Duplicate keys are errors; keys never taken are
// reported as warnings by finish().
class MapReader
{
public:
    MapReader(Reader &reader, const YAML::Node &node, const QString &path);

    bool isValid() const { return m_valid; }
    const QString &path() const { return m_path; }
    QString fieldPath(const char *key) const;

    // The value node of `key` (an undefined node when absent). Reports a missing required key.
    YAML::Node take(const char *key, bool required = false);

    std::optional<QString> string(const char *key, bool required = false);
    std::optional<int> integer(const char *key, bool required = false, int minimum = 0);
    std::optional<double> number(const char *key, bool required = false);
    bool boolean(const char *key, bool defaultValue = false);
    Certainty certainty(const char *key, Certainty defaultValue, bool required = true);
    QStringList stringList(const char *key, bool required = false);
    QList<int> intList(const char *key, bool required = false);

    // Iterate the (key, value) pairs of a sub-mapping; fn gets the key text and key/value.
    void forEachEntry(
        const char *key, bool required,
        const std::function<void(const QString &, const YAML::Node &, const YAML::Node &)> &fn);
    // Iterate the items of a sub-sequence; fn gets the item node and its path.
    void forEachItem(const char *key, bool required,
                     const std::function<void(const YAML::Node &, const QString &)> &fn);

    void finish();

private:
    Reader &m_reader;
    YAML::Node m_node;
    QString m_path;
    bool m_valid = false;
    QHash<QString, std::pair<YAML::Node, YAML::Node>> m_entries; // key -> (key node, value)
    QList<QString> m_order;
    QSet<QString> m_taken;
};

// Typed conversions of a value node at `path`; report and return nullopt on mismatch.
std::optional<QString> readString(Reader &reader, const YAML::Node &node, const QString &path);
std::optional<int> readInt(Reader &reader, const YAML::Node &node, const QString &path,
                           int minimum);
std::optional<double> readNumber(Reader &reader, const YAML::Node &node, const QString &path);
QStringList readStringList(Reader &reader, const YAML::Node &node, const QString &path);
QList<int> readIntList(Reader &reader, const YAML::Node &node, const QString &path);

} // namespace trainyard::catalog::detail
