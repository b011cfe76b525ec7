// SPDX-License-Identifier: MIT
#include "export/commandline.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <ctime>

namespace trainyard::exporters {

using namespace trainyard::jobspec;
namespace {

class GcloudPaste
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::GcloudPaste)
};

// gcloud's global flags (calliope) and the submit command's client-only flags.
const QList<ClientFlag> clientFlags = {
    {"staging-bucket", true},
    {"stream-logs", false},
    {"async", false},
    {"project", true},
    {"billing-project", true},
    {"account", true},
    {"impersonate-service-account", true},
    {"quiet", false},
    {"verbosity", true},
    {"format", true},
    {"log-http", false},
    {"user-output-enabled", false},
    {"configuration", true},
    {"polling-interval", true},
    {"allow-multiline-logs", false},
    {"task-name", true},
};

bool isNameChar(QChar c, bool first)
{
    const char16_t u = c.unicode();
    if ((u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || u == u'_')
        return true;
    return !first && u >= u'0' && u <= u'9';
}

Diagnostic diag(Severity severity, const QString &field, const QString &message)
{
    Diagnostic d;
    d.severity = severity;
    d.field = field;
    d.message = message;
    d.origin = GcloudPaste::tr("gcloud command");
    return d;
}

// Joins `\`-newline continuations (and a Windows `^`-newline) into one logical line each.
QStringList logicalLines(const QString &text)
{
    QString joined = text;
    joined.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    QStringList lines;
    QString current;
    const QStringList raw = joined.split(QLatin1Char('\n'));
    for (const QString &line : raw) {
        const QString &l = line;
        // A trailing backslash (outside single quotes, which a paste rarely has there)
        // continues the line.
        qsizetype end = l.size();
        while (end > 0 && (l.at(end - 1) == QLatin1Char(' ') || l.at(end - 1) == QLatin1Char('\t')))
            --end;
        const bool continues = end > 0 && l.at(end - 1) == QLatin1Char('\\') &&
                               !(end > 1 && l.at(end - 2) == QLatin1Char('\\'));
        if (continues) {
            current += l.left(end - 1) + QLatin1Char(' ');
            continue;
        }
        current += l;
        lines << current;
        current.clear();
    }
    if (!current.isEmpty())
        lines << current;
    return lines;
}

} // namespace

const QList<ClientFlag> &clientSideFlags()
{
    return clientFlags;
}

const ClientFlag *clientSideFlag(const QString &name)
{
    for (const ClientFlag &f : clientFlags) {
        if (name == QLatin1String(f.name))
            return &f;
    }
    return nullptr;
}

QString IgnoredFlag::text() const
{
    QString out = QStringLiteral("--") + name;
    if (!value.isEmpty())
        out += QLatin1Char('=') + value;
    return out;
}

namespace {

// The output of `date [-u] +FORMAT` now, as the shell's command substitution gives it
// (strftime), or a null string when `command` is another command.
QString dateOutput(const QStringList &command)
{
    if (command.isEmpty() || command.constFirst() != QLatin1String("date"))
        return {};
    bool utc = false;
    QString format = QStringLiteral("%a %b %e %H:%M:%S %Z %Y"); // date's own default
    for (qsizetype k = 1; k < command.size(); ++k) {
        const QString &w = command.at(k);
        if (w == QLatin1String("-u") || w == QLatin1String("--utc"))
            utc = true;
        else if (w.startsWith(QLatin1Char('+')))
            format = w.mid(1);
        else
            return {}; // -d, --date=…: not this machine's "now"
    }
    const std::time_t now = std::time(nullptr);
    std::tm parts{};
    if (utc)
        gmtime_r(&now, &parts);
    else
        localtime_r(&now, &parts);
    const QByteArray fmt = format.toLocal8Bit();
    char buffer[512];
    // The format is the pasted text's, as date(1) takes it; strftime reads no arguments from it.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    const std::size_t n = std::strftime(buffer, sizeof buffer, fmt.constData(), &parts);
#pragma GCC diagnostic pop
    if (n == 0 && !fmt.isEmpty())
        return {};
    return QString::fromLocal8Bit(buffer, qsizetype(n));
}

} // namespace

QStringList shellWords(const QString &text, const QHash<QString, QString> &variables,
                       QStringList *unset)
{
    QStringList words;
    QString word;
    bool inWord = false;
    enum class Quote { None, Single, Double } quote = Quote::None;
    auto flush = [&] {
        if (inWord)
            words << word;
        word.clear();
        inWord = false;
    };
    auto variable = [&](qsizetype &i) {
        // At text[i] == '$'. Substitutes $NAME / ${NAME}; leaves unknown ones as written.
        const qsizetype start = i;
        QString name;
        qsizetype end = i + 1;
        if (end < text.size() && text.at(end) == QLatin1Char('(')) {
            // $(command): `date +FORMAT` is evaluated; any other command stays as written,
            // one word (the shell would not split it either inside a word).
            int depth = 0;
            qsizetype close = end;
            for (; close < text.size(); ++close) {
                if (text.at(close) == QLatin1Char('('))
                    ++depth;
                else if (text.at(close) == QLatin1Char(')') && --depth == 0)
                    break;
            }
            if (close >= text.size())
                return false;
            const QString inner = text.mid(end + 1, close - end - 1);
            const QString output = dateOutput(shellWords(inner, variables, unset));
            word += output.isNull() ? text.mid(start, close + 1 - start) : output;
            if (output.isNull() && unset &&
                !unset->contains(QLatin1Char('(') + inner + QLatin1Char(')')))
                unset->append(QLatin1Char('(') + inner + QLatin1Char(')'));
            inWord = true;
            i = close;
            return true;
        }
        if (end < text.size() && text.at(end) == QLatin1Char('{')) {
            const qsizetype close = text.indexOf(QLatin1Char('}'), end);
            if (close < 0)
                return false;
            name = text.mid(end + 1, close - end - 1);
            end = close + 1;
        } else {
            while (end < text.size() && isNameChar(text.at(end), end == i + 1))
                ++end;
            name = text.mid(i + 1, end - i - 1);
        }
        if (name.isEmpty())
            return false;
        if (variables.contains(name)) {
            word += variables.value(name);
        } else {
            word += text.mid(start, end - start);
            if (unset && !unset->contains(name))
                unset->append(name);
        }
        inWord = true;
        i = end - 1;
        return true;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        switch (quote) {
        case Quote::Single:
            if (c == QLatin1Char('\''))
                quote = Quote::None;
            else
                word += c;
            continue;
        case Quote::Double:
            if (c == QLatin1Char('"')) {
                quote = Quote::None;
            } else if (c == QLatin1Char('\\') && i + 1 < text.size() &&
                       QStringLiteral("\"\\$`").contains(text.at(i + 1))) {
                word += text.at(++i);
            } else if (c == QLatin1Char('$') && variable(i)) {
            } else {
                word += c;
            }
            continue;
        case Quote::None:
            break;
        }
        if (c.isSpace()) {
            flush();
        } else if (c == QLatin1Char('#') && !inWord) {
            const qsizetype nl = text.indexOf(QLatin1Char('\n'), i);
            i = nl < 0 ? text.size() : nl;
            flush();
        } else if (c == QLatin1Char('\'')) {
            quote = Quote::Single;
            inWord = true;
        } else if (c == QLatin1Char('"')) {
            quote = Quote::Double;
            inWord = true;
        } else if (c == QLatin1Char('\\') && i + 1 < text.size()) {
            word += text.at(++i);
            inWord = true;
        } else if (c == QLatin1Char('$') && variable(i)) {
        } else {
            word += c;
            inWord = true;
        }
    }
    flush();
    return words;
}

Diagnostics ignoredFlagNotes(const QList<IgnoredFlag> &ignored)
{
    Diagnostics out;
    for (const IgnoredFlag &f : ignored) {
        Diagnostic d;
        d.severity = Severity::Warning;
        d.origin = QStringLiteral("--") + f.name;
        d.message = GcloudPaste::tr("%1 only steers the gcloud client; ignored here").arg(f.text());
        out << d;
    }
    return out;
}

GcloudCommandLine parseGcloudCommand(const QString &text)
{
    GcloudCommandLine result;
    QHash<QString, QString> variables;
    static const QRegularExpression assignment(
        QStringLiteral("^\\s*(?:export\\s+|declare\\s+-r\\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$"));
    QStringList words;
    for (const QString &line : logicalLines(text)) {
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty() || trimmed.startsWith(QLatin1Char('#')))
            continue;
        // The command may follow `JOB_NAME=...;` on the same line: those are set first.
        const qsizetype at = line.indexOf(QLatin1String("gcloud "));
        const QStringList parts =
            (at < 0 ? line : line.left(at)).split(QLatin1Char(';'), Qt::SkipEmptyParts);
        for (const QString &part : parts) {
            const QRegularExpressionMatch m = assignment.match(part);
            if (m.hasMatch()) {
                // A variable the assignment uses but nothing sets is listed too.
                const QStringList value =
                    shellWords(m.captured(2), variables, &result.unsetVariables);
                variables.insert(m.captured(1), value.join(QLatin1Char(' ')));
            }
        }
        if (at < 0)
            continue;
        words = shellWords(line.mid(at), variables, &result.unsetVariables);
        break;
    }
    if (words.isEmpty() || words.constFirst() != QLatin1String("gcloud")) {
        result.diagnostics << diag(Severity::Error, QString(),
                                   GcloudPaste::tr("no gcloud command found; paste a line "
                                                   "starting with gcloud ai-platform jobs "
                                                   "submit training"));
        return result;
    }

    // gcloud [GLOBAL FLAGS] ai-platform|ml-engine|beta ... jobs submit training JOB | local train
    qsizetype i = 1;
    auto takeFlag = [&](qsizetype &k, QString *name, QString *value, bool *hasValue) {
        const QString &w = words.at(k);
        const qsizetype eq = w.indexOf(QLatin1Char('='));
        *name = w.mid(2, eq < 0 ? -1 : eq - 2);
        *hasValue = eq >= 0;
        *value = *hasValue ? w.mid(eq + 1) : QString();
    };
    auto addIgnored = [&](qsizetype &k, const QString &name, QString value, bool hasValue,
                          const ClientFlag &f) {
        if (f.takesValue && !hasValue && k + 1 < words.size())
            value = words.at(++k);
        result.ignored.append({name, value});
    };
    QStringList path;
    for (; i < words.size(); ++i) {
        const QString &w = words.at(i);
        if (w.startsWith(QLatin1String("--"))) {
            QString name, value;
            bool hasValue = false;
            takeFlag(i, &name, &value, &hasValue);
            if (const ClientFlag *f = clientSideFlag(name)) {
                addIgnored(i, name, value, hasValue, *f);
                continue;
            }
            break;
        }
        if (w == QLatin1String("-q")) {
            result.ignored.append({QStringLiteral("quiet"), QString()});
            continue;
        }
        path << w;
        if (path.endsWith(QLatin1String("training")) || path.endsWith(QLatin1String("train")))
            break;
    }
    const QString pathText = path.join(QLatin1Char(' '));
    static const QRegularExpression submit(QStringLiteral(
        "^(?:(?:alpha|beta) )?(?:ai-platform|ml-engine|ml)(?: (?:alpha|beta))? jobs submit "
        "training$"));
    static const QRegularExpression local(QStringLiteral(
        "^(?:(?:alpha|beta) )?(?:ai-platform|ml-engine|ml)(?: (?:alpha|beta))? local train$"));
    if (local.match(pathText).hasMatch()) {
        result.localTrain = true;
    } else if (!submit.match(pathText).hasMatch()) {
        result.diagnostics << diag(Severity::Error, QString(),
                                   GcloudPaste::tr("'gcloud %1' is not a training command; "
                                                   "expected gcloud ai-platform jobs submit "
                                                   "training JOB or gcloud ai-platform local "
                                                   "train")
                                       .arg(pathText));
        return result;
    }
    result.isCommand = true;
    ++i;

    const QStringList &jobNames = jobFlagNames();
    const QStringList &switches = jobSwitchNames();
    for (; i < words.size(); ++i) {
        const QString &w = words.at(i);
        if (w == QLatin1String("--")) {
            result.flags.hasUserArgs = true;
            result.flags.userArgs = words.mid(i + 1);
            break;
        }
        if (!w.startsWith(QLatin1String("--"))) {
            if (w == QLatin1String("-q")) {
                result.ignored.append({QStringLiteral("quiet"), QString()});
            } else if (!result.localTrain && result.jobId.isEmpty()) {
                result.jobId = w;
            } else {
                result.diagnostics << diag(Severity::Error, QString(),
                                           GcloudPaste::tr("unexpected argument '%1' before "
                                                           "'--'; app arguments go after --")
                                               .arg(w));
            }
            continue;
        }
        QString name, value;
        bool hasValue = false;
        takeFlag(i, &name, &value, &hasValue);
        if (name == QLatin1String("config") ||
            (name == QLatin1String("configuration") && result.localTrain)) {
            if (!hasValue && i + 1 < words.size())
                value = words.at(++i);
            result.configFile = value;
            continue;
        }
        if (switches.contains(name)) {
            result.flags.flags.append({name, value});
            continue;
        }
        if (jobNames.contains(name)) {
            if (!hasValue) {
                if (i + 1 >= words.size() || words.at(i + 1).startsWith(QLatin1String("--"))) {
                    result.diagnostics << diag(Severity::Error, QString(),
                                               GcloudPaste::tr("--%1 needs a value").arg(name));
                    continue;
                }
                value = words.at(++i);
            }
            result.flags.flags.append({name, value});
            continue;
        }
        if (const ClientFlag *f = clientSideFlag(name)) {
            addIgnored(i, name, value, hasValue, *f);
            continue;
        }
        // local train's own flags: --distributed, --worker-count etc. map onto job flags.
        if (result.localTrain &&
            (name == QLatin1String("distributed") || name == QLatin1String("evaluator-count") ||
             name == QLatin1String("start-port"))) {
            result.ignored.append({name, value});
            continue;
        }
        result.diagnostics << diag(Severity::Error, QString(),
                                   GcloudPaste::tr("unknown flag '--%1'").arg(name));
    }
    if (!result.localTrain && result.jobId.isEmpty()) {
        result.diagnostics << diag(Severity::Error, QStringLiteral("jobId"),
                                   GcloudPaste::tr("the command names no JOB"));
    } else if (!result.jobId.isEmpty()) {
        result.flags.flags.prepend({QStringLiteral("job-id"), result.jobId});
    }
    for (const QString &name : std::as_const(result.unsetVariables)) {
        result.diagnostics << diag(Severity::Warning, QString(),
                                   GcloudPaste::tr("$%1 is not set in the pasted text; it is "
                                                   "left as written")
                                       .arg(name));
    }
    return result;
}

GcloudImport importGcloudCommand(const QString &text, const catalog::Catalog &catalog,
                                 const QString &baseDirectory)
{
    GcloudImport result;
    result.command = parseGcloudCommand(text);
    Diagnostics diags = result.command.diagnostics;
    if (!result.command.isCommand) {
        result.import.diagnostics = diags;
        return result;
    }
    if (!result.command.configFile.isEmpty()) {
        const QString path = QDir(baseDirectory.isEmpty() ? QDir::currentPath() : baseDirectory)
                                 .absoluteFilePath(result.command.configFile);
        result.import = importJobFile(path, &result.configUnreadable);
        for (Diagnostic &d : result.import.diagnostics)
            result.import.sources.locate(d);
    }
    Diagnostics flagDiags =
        applyFlags(result.import.job, result.import.sources, result.command.flags, catalog);
    for (Diagnostic &d : flagDiags)
        result.import.sources.locate(d);
    diags << ignoredFlagNotes(result.command.ignored) << flagDiags;
    result.import.diagnostics << diags;
    return result;
}

} // namespace trainyard::exporters
