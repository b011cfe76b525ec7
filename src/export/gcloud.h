// SPDX-License-Identifier: MIT
// gcloud's side of a job: the `gcloud ai-platform jobs submit training` flags (docs/service.md §11)
// applied as overrides to a spec (a given flag replaces the file's value), and the export of a
// spec as an equivalent, shell-quoted gcloud command line.
#pragma once

#include "catalog/catalog.h"
#include "jobspec/diagnostic.h"
#include "jobspec/job.h"

#include <QString>
#include <QStringList>

namespace trainyard::exporters {

using jobspec::Diagnostics;
using jobspec::Job;
using jobspec::SourceMap;

// Flags as given on a command line: name without the leading dashes -> value, in order.
struct FlagOverrides
{
    struct Flag
    {
        QString name;  // "worker-count"
        QString value; // "4"
    };
    QList<Flag> flags;
    bool hasUserArgs = false; // a "--" was given: userArgs replaces trainingInput.args
    QStringList userArgs;
};

// One job flag as the CLI's parser and help text need it.
struct JobFlag
{
    QString name;      // "worker-count" (without dashes)
    QString valueName; // "COUNT"; empty for a switch
    QString help;      // one line, translated
    bool isSwitch = false;
};
// Every job flag applyFlags() understands, in help order, help texts translated.
QList<JobFlag> jobFlags();

// Names of the job flags apply() understands (without dashes), for the CLI's parser.
const QStringList &jobFlagNames();
// Flags that are switches (take no value), e.g. use-chief-in-tf-config.
const QStringList &jobSwitchNames();

// Applies the flags to `job`, recording in `sources.flags` which field each flag set.
// Bad flag values (--worker-count=nine, --master-accelerator type=foo) become diagnostics
// whose origin is the flag.
Diagnostics applyFlags(Job &job, SourceMap &sources, const FlagOverrides &flags,
                       const catalog::Catalog &catalog);

// Quote one word for a POSIX shell (single quotes, only when needed).
QString shellQuote(const QString &word);

// The gcloud command that submits this job. Fields that gcloud has no flag for (evaluators,
// hyperparameters, scheduling, diskConfig, ...) go through --config FILE: pass the name the
// user will save the config as; when empty and such fields exist, a placeholder name
// "config.yaml" is used and the command says so in a comment line.
QString gcloudCommand(const Job &job, const catalog::Catalog &catalog,
                      const QString &configFileName = QString());

} // namespace trainyard::exporters
