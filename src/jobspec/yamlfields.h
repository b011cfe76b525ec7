// SPDX-License-Identifier: MIT
// Internal to config.yaml import: typed reading of a yaml::Tree into job fields. Records the
// position of every value in the SourceMap, reports wrong types as errors at the value and
// unknown keys as errors at the key (with a "did you mean" suggestion), as the API refuses them.
#pragma once

#include "jobspec/diagnostic.h"
#include "jobspec/yamltree.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

namespace trainyard::jobspec::yaml {

class FieldReader
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::YamlImport)

public:
    // Reads the value node found at a field path.
    using Handler = std::function<void(int node, const QString &path)>;
    struct Key
    {
        Key(const char *keyName, Handler handler)
            : name(QLatin1String(keyName))
            , read(std::move(handler))
        {}
        Key(QString keyName, Handler handler)
            : name(std::move(keyName))
            , read(std::move(handler))
        {}
        QString name;
        Handler read;
    };
    // How unknown keys of one mapping are explained.
    struct Unknown
    {
        QStringList outputOnly; // accepted and ignored with a warning
        QStringList misplaced;  // keys of the TrainingInput written at the top level
    };

    FieldReader(const Tree &tree, SourceMap &sources, Diagnostics &diags);

    // Each known key's handler gets its value; null values count as absent. Returns false
    // (after an error unless the node is null) when the node is not a mapping.
    bool readMapping(int node, const QString &path, const QList<Key> &keys,
                     const Unknown &unknown = {}, bool nullAllowed = true);
    // The key names of a mapping node, in file order.
    QStringList keysOf(int node) const;
    // Calls read(keyText, valueNode, path) for every entry of a free-form mapping (labels,
    // env). Returns false when the node is not a mapping.
    bool forEachEntry(
        int node, const QString &path,
        const std::function<void(const QString &key, int value, const QString &path)> &read);
    // Calls read(itemNode, "path[i]") for every item of a list.
    bool forEachItem(int node, const QString &path, const Handler &read);

    Handler string(QString &target, bool gcloudField = true);
    Handler integer(std::optional<qint64> &target);
    Handler boolean(std::optional<bool> &target);
    Handler number(std::optional<double> &target);
    Handler stringList(QStringList &target, bool gcloudField = true);
    Handler numberList(QList<double> &target);

    // The text of a scalar, or an error "expected a string, got a list". Null gives "".
    std::optional<QString> scalarText(int node, const QString &path, bool gcloudField);

    bool isNull(int node) const;
    bool isMapping(int node) const;
    // 'text' for a scalar, "a list", "a mapping", "an empty value".
    QString describe(int node) const;

    void error(int node, const QString &path, const QString &message);
    void warning(int node, const QString &path, const QString &message);

    static QString join(const QString &path, const QString &key);
    // A known key close to an unknown one (case or a small edit distance), or "".
    static QString suggestion(const QString &unknown, const QStringList &known);

    // Appends a summary when more than maxDiagnostics problems were found. Call once at the end.
    void finish();

private:
    void add(Severity severity, int node, const QString &path, const QString &message);
    void record(int node, const QString &path);

    const Tree &m_tree;
    SourceMap &m_sources;
    Diagnostics &m_diags;
    int m_suppressed = 0;
    bool m_suppressedError = false;
};

} // namespace trainyard::jobspec::yaml
