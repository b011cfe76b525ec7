// SPDX-License-Identifier: MIT
// gcloud-style argument parsing for the CLI: --flag=value and --flag value, switches, and `--`
// ending the flags (everything after it is the app's argument list).
#pragma once

#include "export/commandline.h"
#include "export/gcloud.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace trainyard::cli {

// An option of a command (not a job flag).
struct OptionSpec
{
    QString name;      // without dashes
    QString valueName; // empty: a switch
    QString help;      // translated
};

struct ParsedArgs
{
    QHash<QString, QString> options;       // command options given (switches map to "")
    exporters::FlagOverrides jobFlags;     // job flags and `-- ARGS`, in order
    QList<exporters::IgnoredFlag> ignored; // gcloud's client-side flags (--staging-bucket, ...)
    QStringList positional;
    bool help = false;
    QString error; // a usage error, translated; empty when the line parsed

    bool has(const QString &option) const { return options.contains(option); }
    QString value(const QString &option) const { return options.value(option); }
};

// Parses the arguments after the command name. With `acceptJobFlags`, the gcloud job flags
// (exporters::jobFlags()) are accepted besides `options`, and so are gcloud's client-side flags
// (exporters::clientSideFlags(): --staging-bucket, --stream-logs, --project, --quiet, ...), which
// are collected in `ignored` unless the command has an option of the same name.
ParsedArgs parseArgs(const QStringList &args, const QList<OptionSpec> &options,
                     bool acceptJobFlags);

} // namespace trainyard::cli
