// SPDX-License-Identifier: MIT
#include "jobspec/yamlfields.h"

#include "jobspec/yamlscalar.h"

#include <QSet>
#include <algorithm>
#include <vector>

namespace trainyard::jobspec::yaml {

namespace {

int editDistance(const QString &a, const QString &b)
{
    std::vector<int> row(static_cast<size_t>(b.size()) + 1);
    for (size_t j = 0; j < row.size(); ++j)
        row[j] = static_cast<int>(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = static_cast<int>(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int above = row[static_cast<size_t>(j)];
            const int cost = a.at(i - 1) == b.at(j - 1) ? 0 : 1;
            row[static_cast<size_t>(j)] =
                std::min({above + 1, row[static_cast<size_t>(j - 1)] + 1, diagonal + cost});
            diagonal = above;
        }
    }
    return row.back();
}

} // namespace

FieldReader::FieldReader(const Tree &tree, SourceMap &sources, Diagnostics &diags)
    : m_tree(tree)
    , m_sources(sources)
    , m_diags(diags)
{}

QString FieldReader::join(const QString &path, const QString &key)
{
    return path.isEmpty() ? key : path + QLatin1Char('.') + key;
}

QString FieldReader::suggestion(const QString &unknown, const QStringList &known)
{
    const QString lower = unknown.toLower();
    for (const QString &k : known) {
        if (k.toLower() == lower)
            return k;
    }
    if (lower.size() > 64)
        return {};
    const int allowed = lower.size() <= 4 ? 1 : (lower.size() <= 10 ? 2 : 3);
    QString best;
    int bestDistance = allowed + 1;
    for (const QString &k : known) {
        if (std::abs(k.size() - lower.size()) > allowed)
            continue;
        const int d = editDistance(lower, k.toLower());
        if (d < bestDistance) {
            bestDistance = d;
            best = k;
        }
    }
    return best;
}

bool FieldReader::isNull(int node) const
{
    const int n = m_tree.resolve(node);
    return n < 0 || m_tree.at(n).kind == Node::Kind::Null;
}

bool FieldReader::isMapping(int node) const
{
    const int n = m_tree.resolve(node);
    return n >= 0 && m_tree.at(n).kind == Node::Kind::Mapping;
}

QString FieldReader::describe(int node) const
{
    const int n = m_tree.resolve(node);
    if (n < 0)
        return tr("an empty value");
    switch (m_tree.at(n).kind) {
    case Node::Kind::Null:
    case Node::Kind::Alias:
        return tr("an empty value");
    case Node::Kind::Sequence:
        return tr("a list");
    case Node::Kind::Mapping:
        return tr("a mapping");
    case Node::Kind::Scalar:
        break;
    }
    QString text = m_tree.text(n);
    const qsizetype newline = text.indexOf(QLatin1Char('\n'));
    constexpr qsizetype maxShown = 40;
    if (newline >= 0 || text.size() > maxShown)
        text = text.left(std::min(newline < 0 ? maxShown : newline, maxShown)) + QChar(0x2026);
    return QStringLiteral("'%1'").arg(text);
}

void FieldReader::add(Severity severity, int node, const QString &path, const QString &message)
{
    if (m_diags.size() >= maxDiagnostics) {
        ++m_suppressed;
        m_suppressedError = m_suppressedError || severity == Severity::Error;
        return;
    }
    Diagnostic d;
    d.severity = severity;
    d.field = path;
    d.message = message;
    if (node >= 0)
        d.pos = m_tree.pos(node);
    m_diags.append(d);
}

void FieldReader::error(int node, const QString &path, const QString &message)
{
    add(Severity::Error, node, path, message);
}

void FieldReader::warning(int node, const QString &path, const QString &message)
{
    add(Severity::Warning, node, path, message);
}

void FieldReader::finish()
{
    if (m_suppressed == 0)
        return;
    Diagnostic d;
    d.severity = m_suppressedError ? Severity::Error : Severity::Warning;
    d.message = tr("%1 more problems are not shown").arg(m_suppressed);
    m_diags.append(d);
    m_suppressed = 0;
}

void FieldReader::record(int node, const QString &path)
{
    if (node >= 0 && m_tree.at(node).line > 0)
        m_sources.positions.insert(path, m_tree.pos(node));
}

QStringList FieldReader::keysOf(int node) const
{
    QStringList keys;
    const int n = m_tree.resolve(node);
    if (n < 0 || m_tree.at(n).kind != Node::Kind::Mapping)
        return keys;
    int k = m_tree.at(n).first;
    while (k >= 0) {
        const int key = m_tree.resolve(k);
        if (key >= 0 && m_tree.at(key).kind == Node::Kind::Scalar)
            keys.append(m_tree.text(key));
        const int v = m_tree.at(k).next;
        k = v >= 0 ? m_tree.at(v).next : -1;
    }
    return keys;
}

bool FieldReader::forEachEntry(
    int node, const QString &path,
    const std::function<void(const QString &key, int value, const QString &path)> &read)
{
    const int n = m_tree.resolve(node);
    if (n < 0 || m_tree.at(n).kind == Node::Kind::Null)
        return false;
    if (m_tree.at(n).kind != Node::Kind::Mapping) {
        error(node, path, tr("expected a mapping, got %1").arg(describe(node)));
        return false;
    }
    QSet<QString> seen;
    int k = m_tree.at(n).first;
    while (k >= 0) {
        const int v = m_tree.at(k).next;
        const int following = v >= 0 ? m_tree.at(v).next : -1;
        const int key = m_tree.resolve(k);
        if (key < 0 || m_tree.at(key).kind != Node::Kind::Scalar) {
            error(k, path, tr("expected a key name, got %1").arg(describe(k)));
        } else {
            const QString name = m_tree.text(key);
            const QString child = join(path, name);
            if (seen.contains(name))
                warning(k, child, tr("duplicate key '%1'; the last one is used").arg(name));
            seen.insert(name);
            record(v >= 0 && !isNull(v) ? v : k, child);
            read(name, v, child);
        }
        k = following;
    }
    return true;
}

bool FieldReader::readMapping(int node, const QString &path, const QList<Key> &keys,
                              const Unknown &unknown, bool nullAllowed)
{
    if (isNull(node)) {
        if (!nullAllowed)
            error(node, path, tr("expected a mapping, got %1").arg(describe(node)));
        return false;
    }
    if (!isMapping(node)) {
        error(node, path, tr("expected a mapping, got %1").arg(describe(node)));
        return false;
    }
    QSet<QString> seen;
    const int n = m_tree.resolve(node);
    int k = m_tree.at(n).first;
    while (k >= 0) {
        const int v = m_tree.at(k).next;
        const int following = v >= 0 ? m_tree.at(v).next : -1;
        const int key = m_tree.resolve(k);
        if (key < 0 || m_tree.at(key).kind != Node::Kind::Scalar) {
            error(k, path, tr("expected a key name, got %1").arg(describe(k)));
            k = following;
            continue;
        }
        const QString name = m_tree.text(key);
        const QString child = join(path, name);
        if (seen.contains(name))
            warning(k, child, tr("duplicate key '%1'; the last one is used").arg(name));
        seen.insert(name);
        const auto known = std::find_if(keys.cbegin(), keys.cend(),
                                        [&name](const Key &entry) { return entry.name == name; });
        if (known != keys.cend()) {
            record(v >= 0 && !isNull(v) ? v : k, child);
            if (v >= 0 && !isNull(v))
                known->read(v, child);
        } else {
            record(k, child);
            if (unknown.outputOnly.contains(name)) {
                warning(k, child, tr("'%1' is output-only and is ignored").arg(name));
            } else if (unknown.misplaced.contains(name)) {
                // The API refuses a Job with TrainingInput's fields beside jobId.
                error(k, child,
                      tr("'%1' belongs under 'trainingInput'; the service refuses it here")
                          .arg(name));
            } else {
                // The API refuses fields it does not know ("Unknown name ... Cannot find
                // field"), so a typo must not pass as a warning.
                QStringList names;
                for (const Key &entry : keys)
                    names.append(entry.name);
                const QString guess = suggestion(name, names);
                if (guess.isEmpty())
                    error(k, child,
                          tr("unknown key '%1': the service refuses fields it does not know")
                              .arg(name));
                else
                    error(k, child, tr("unknown key '%1'; did you mean '%2'?").arg(name, guess));
            }
        }
        k = following;
    }
    return true;
}

bool FieldReader::forEachItem(int node, const QString &path, const Handler &read)
{
    const int n = m_tree.resolve(node);
    if (n < 0 || m_tree.at(n).kind == Node::Kind::Null)
        return false;
    if (m_tree.at(n).kind != Node::Kind::Sequence) {
        error(node, path, tr("expected a list, got %1").arg(describe(node)));
        return false;
    }
    int index = 0;
    for (int c = m_tree.at(n).first; c >= 0; c = m_tree.at(c).next, ++index) {
        const QString item = path + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
        record(c, item);
        read(c, item);
    }
    return true;
}

std::optional<QString> FieldReader::scalarText(int node, const QString &path, bool gcloudField)
{
    const int n = m_tree.resolve(node);
    if (n < 0 || m_tree.at(n).kind == Node::Kind::Null)
        return QString();
    if (m_tree.at(n).kind != Node::Kind::Scalar) {
        error(node, path, tr("expected a string, got %1").arg(describe(node)));
        return std::nullopt;
    }
    const QString text = m_tree.text(n);
    if (gcloudField && !m_tree.at(n).quoted) {
        if (const std::optional<QString> changed = gcloudChangedText(text)) {
            warning(node, path,
                    tr("gcloud reads the unquoted value %1 as %2; write \"%1\" in quotes to "
                       "keep it as text")
                        .arg(text, *changed));
        } else if (readsAsNumber(text)) {
            // The text survives, but as a number: the service gets it only through gcloud's
            // conversion back to text.
            warning(node, path,
                    tr("gcloud reads the unquoted value %1 as a number and sends it as \"%1\"; "
                       "write \"%1\" in quotes to keep it as text")
                        .arg(text));
        }
    }
    return text;
}

FieldReader::Handler FieldReader::string(QString &target, bool gcloudField)
{
    return [this, &target, gcloudField](int node, const QString &path) {
        if (const std::optional<QString> text = scalarText(node, path, gcloudField))
            target = *text;
    };
}

FieldReader::Handler FieldReader::integer(std::optional<qint64> &target)
{
    return [this, &target](int node, const QString &path) {
        const int n = m_tree.resolve(node);
        if (m_tree.at(n).kind != Node::Kind::Scalar) {
            error(node, path, tr("expected an integer, got %1").arg(describe(node)));
            return;
        }
        qint64 value = 0;
        switch (parseInt64(m_tree.text(n), &value)) {
        case NumberStatus::Ok:
            target = value;
            break;
        case NumberStatus::Invalid:
            error(node, path, tr("expected an integer, got %1").arg(describe(node)));
            break;
        case NumberStatus::OutOfRange:
            error(node, path, tr("integer out of range: %1").arg(describe(node)));
            break;
        }
    };
}

FieldReader::Handler FieldReader::boolean(std::optional<bool> &target)
{
    return [this, &target](int node, const QString &path) {
        const int n = m_tree.resolve(node);
        std::optional<bool> value;
        if (m_tree.at(n).kind == Node::Kind::Scalar)
            value = parseBool(m_tree.text(n));
        if (value)
            target = value;
        else
            error(node, path, tr("expected true or false, got %1").arg(describe(node)));
    };
}

FieldReader::Handler FieldReader::number(std::optional<double> &target)
{
    return [this, &target](int node, const QString &path) {
        const int n = m_tree.resolve(node);
        if (m_tree.at(n).kind != Node::Kind::Scalar) {
            error(node, path, tr("expected a number, got %1").arg(describe(node)));
            return;
        }
        double value = 0;
        switch (parseDouble(m_tree.text(n), &value)) {
        case NumberStatus::Ok:
            target = value;
            break;
        case NumberStatus::Invalid:
            error(node, path, tr("expected a number, got %1").arg(describe(node)));
            break;
        case NumberStatus::OutOfRange:
            error(node, path, tr("number out of range: %1").arg(describe(node)));
            break;
        }
    };
}

FieldReader::Handler FieldReader::stringList(QStringList &target, bool gcloudField)
{
    return [this, &target, gcloudField](int node, const QString &path) {
        target.clear();
        forEachItem(node, path, [this, &target, gcloudField](int item, const QString &itemPath) {
            if (isNull(item)) {
                error(item, itemPath, tr("expected a string, got %1").arg(describe(item)));
                return;
            }
            if (const std::optional<QString> text = scalarText(item, itemPath, gcloudField))
                target.append(*text);
        });
    };
}

FieldReader::Handler FieldReader::numberList(QList<double> &target)
{
    return [this, &target](int node, const QString &path) {
        target.clear();
        forEachItem(node, path, [this, &target](int item, const QString &itemPath) {
            std::optional<double> value;
            if (isNull(item))
                error(item, itemPath, tr("expected a number, got %1").arg(describe(item)));
            else
                number(value)(item, itemPath);
            if (value)
                target.append(*value);
        });
    };
}

} // namespace trainyard::jobspec::yaml
