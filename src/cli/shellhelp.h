// SPDX-License-Identifier: MIT
// Shell completion scripts (bash, zsh, fish) and the man page, both generated from the same help
// text `trainyard --help` and `trainyard help COMMAND` print: a command's subcommands are the
// words its help lists under "Commands:" or after "trainyard COMMAND" in its usage lines; its
// flags are the --names its help mentions, and a flag's values those its help spells out
// (--format=table|json|yaml) or the catalog names (--region, --scale-tier, ...).
#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace trainyard::cli {

struct HelpEntry
{
    QString name;
    QString help; // the command's --help text
};

struct CommandWords
{
    QString name;
    QStringList subcommands;
    QStringList flags;                 // without the leading "--"
    QMap<QString, QStringList> values; // flag -> the values its help lists (a|b|c)
};

// Flag -> its possible values, for every command that takes the flag (from the catalog).
using FlagValues = QMap<QString, QStringList>;

CommandWords wordsOf(const HelpEntry &entry);

// Empty when `shell` is not bash, zsh or fish.
QString completionScript(const QString &shell, const QList<HelpEntry> &commands,
                         const FlagValues &shared = {});
// troff for man(1), section 1.
QString manPage(const QString &mainHelp, const QList<HelpEntry> &commands, const QString &version);

} // namespace trainyard::cli
