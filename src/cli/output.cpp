// SPDX-License-Identifier: MIT
#include "cli/output.h"

#include "text/plaintext.h"

#include <QCoreApplication>
#include <QJsonValue>
#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace trainyard::cli {
namespace {

class Output
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

bool isFlagOrigin(const QString &origin)
{
    return origin.startsWith(QLatin1String("--"));
}

QString displayOrigin(const jobspec::Diagnostic &diag, const QString &displayName,
                      const QString &specFileName)
{
    if (diag.origin.isEmpty() || diag.origin == specFileName)
        return displayName;
    return diag.origin;
}

} // namespace

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

QString sanitize(const QString &text)
{
    return text::plainText(text);
}

QString location(const jobspec::Diagnostic &diag, const QString &displayName,
                 const QString &specFileName)
{
    if (isFlagOrigin(diag.origin))
        return diag.origin;
    QString where = displayOrigin(diag, displayName, specFileName);
    if (diag.pos.isValid()) {
        where += QLatin1Char(':') + QString::number(diag.pos.line);
        if (diag.pos.column > 0)
            where += QLatin1Char(':') + QString::number(diag.pos.column);
    }
    return where;
}

void sortDiagnostics(jobspec::Diagnostics &diags)
{
    std::stable_sort(diags.begin(), diags.end(),
                     [](const jobspec::Diagnostic &a, const jobspec::Diagnostic &b) {
                         const int la = isFlagOrigin(a.origin) ? 0 : a.pos.line;
                         const int lb = isFlagOrigin(b.origin) ? 0 : b.pos.line;
                         if (la != lb)
                             return la < lb;
                         return la > 0 && a.pos.column < b.pos.column;
                     });
}

QString formatDiagnostic(const jobspec::Diagnostic &diag, const QString &displayName,
                         const QString &specFileName)
{
    // "error" and "warning" stay untranslated: the line format is for tools as well.
    QString line = location(diag, displayName, specFileName) +
                   (diag.isError() ? QStringLiteral(": error: ") : QStringLiteral(": warning: "));
    if (!diag.field.isEmpty())
        line += diag.field + QStringLiteral(": ");
    line += diag.message;
    return sanitize(line);
}

void printDiagnostics(const jobspec::Diagnostics &diags, const QString &displayName,
                      const QString &specFileName)
{
    for (const jobspec::Diagnostic &d : diags)
        err() << formatDiagnostic(d, displayName, specFileName) << '\n';
    err().flush();
}

QJsonObject diagnosticJson(const jobspec::Diagnostic &diag, const QString &displayName,
                           const QString &specFileName)
{
    const bool fromFlag = isFlagOrigin(diag.origin);
    QJsonObject o;
    o.insert(QStringLiteral("severity"),
             diag.isError() ? QStringLiteral("error") : QStringLiteral("warning"));
    o.insert(QStringLiteral("field"), diag.field);
    o.insert(QStringLiteral("message"), diag.message);
    o.insert(QStringLiteral("file"),
             fromFlag ? displayName : displayOrigin(diag, displayName, specFileName));
    const bool located = !fromFlag && diag.pos.isValid();
    o.insert(QStringLiteral("line"), located ? QJsonValue(diag.pos.line) : QJsonValue());
    o.insert(QStringLiteral("column"),
             located && diag.pos.column > 0 ? QJsonValue(diag.pos.column) : QJsonValue());
    o.insert(QStringLiteral("flag"), fromFlag ? QJsonValue(diag.origin) : QJsonValue());
    return o;
}

QString summary(const QString &displayName, const jobspec::Diagnostics &diags)
{
    int errors = 0;
    int warnings = 0;
    for (const jobspec::Diagnostic &d : diags)
        ++(d.isError() ? errors : warnings);
    const QString e = Output::tr("%n error(s)", nullptr, errors);
    const QString w = Output::tr("%n warning(s)", nullptr, warnings);
    QString text;
    if (errors > 0 && warnings > 0)
        text = Output::tr("%1: %2, %3").arg(displayName, e, w);
    else if (errors > 0)
        text = Output::tr("%1: %2").arg(displayName, e);
    else if (warnings > 0)
        text = Output::tr("%1: valid, %2").arg(displayName, w);
    else
        text = Output::tr("%1: valid").arg(displayName);
    return sanitize(text);
}

void printPayload(const QString &text)
{
    out() << (isatty(fileno(stdout)) ? text::plainText(text, text::Newlines::Keep) : text);
    out().flush();
}

} // namespace trainyard::cli
