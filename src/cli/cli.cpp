// SPDX-License-Identifier: MIT
// Entry of the CLI: which command runs, help and version.
#include "cli/cli.h"

#include "catalog/catalog.h"
#include "cli/cloudhooks.h"
#include "cli/commands.h"
#include "cli/jobcommands.h"
#include "cli/output.h"
#include "cli/shellhelp.h"
#include "export/gcloud.h"
#include "gpu/gpuhelper.h"
#include "jobspec/yamlfields.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <cstring>

namespace trainyard::cli {
namespace {

class Cli
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

int runCompletion(const QStringList &args);

// `trainyard gpu-sampler` (gpu/gpuhelper.h): started by the owner and the window, never by hand.
int runGpuSampler(const QStringList &args)
{
    Q_UNUSED(args);
    return gpu::runGpuSamplerHelper();
}
QString completionHelp();
int runManPage(const QStringList &args);

struct Command
{
    const char *name;
    int (*run)(const QStringList &args);
    QString (*help)(); // null: a hidden command (the job owner process)
    // Runs on trainyard_cloud (cloudhooks.h): handed over by a program without it. The help of
    // every command, which completion and man-page print, includes the cloud part's.
    bool cloud = false;
};

int runSecretsCommand(const QStringList &args)
{
    return runCloudCommand(&CloudCommands::secrets, args);
}

QString secretsCommandHelp()
{
    return cloudCommands().secretsHelp();
}

int runAiCommand(const QStringList &args)
{
    return runCloudCommand(&CloudCommands::ai, args);
}

QString aiCommandHelp()
{
    return cloudCommands().aiHelp();
}

const Command commands[] = {
    {"validate", runValidate, validateHelp},
    {"export", runExport, exportHelp},
    {"import-gcloud", runImportGcloud, importHelp},
    {"local", runLocal, localHelp},
    {"jobs", runJobs, jobsHelp},
    {"supervise", runSupervise, nullptr},
    {"gpu-sampler", runGpuSampler, nullptr}, // NVML for the others, in a process of its own
    {"secrets", runSecretsCommand, secretsCommandHelp, true},
    {"ai", runAiCommand, aiCommandHelp, true},
    {"completion", runCompletion, completionHelp, true},
    {"man-page", runManPage, nullptr, true}, // writes the installed man page (the build runs it)
};

const Command *findCommand(const QString &name)
{
    for (const Command &c : commands) {
        if (name == QLatin1String(c.name))
            return &c;
    }
    return nullptr;
}

QString helpLine(const QString &left, const QString &help)
{
    constexpr int width = 25;
    QString line = QStringLiteral("  ") + left;
    line += line.size() + 2 <= width ? QString(width - line.size(), QLatin1Char(' '))
                                     : QStringLiteral("\n") + QString(width, QLatin1Char(' '));
    return line + help + QLatin1Char('\n');
}

int printText(const QString &text)
{
    out() << text;
    out().flush();
    return exitOk;
}

QList<HelpEntry> helpEntries()
{
    QList<HelpEntry> out;
    for (const Command &c : commands) {
        if (c.help)
            out.append({QLatin1String(c.name), c.help()});
    }
    return out;
}

// The values of flags that name catalog entries, as gcloud spells them on its command line.
// TRAINYARD_CATALOG is honoured; a catalog that does not load leaves these flags without
// value completion (the script itself still works).
FlagValues catalogFlagValues()
{
    FlagValues values;
    const catalog::LoadResult loaded = catalog::Catalog::loadDefault();
    if (!loaded)
        return values;
    const catalog::Catalog &cat = *loaded.catalog;
    for (const catalog::ScaleTier &t : cat.scaleTiers)
        values[QStringLiteral("scale-tier")].append(t.gcloudName);
    for (const catalog::Region &r : cat.regions)
        values[QStringLiteral("region")].append(r.name);
    for (const catalog::RuntimeVersion &r : cat.runtimeVersions)
        values[QStringLiteral("runtime-version")].append(r.version);
    values[QStringLiteral("python-version")] = cat.pythonVersions;
    QStringList machines;
    for (const catalog::MachineType &m : cat.machineTypes) {
        if (m.retired.isEmpty())
            machines.append(m.name);
    }
    for (const char *role : {"master", "worker", "parameter-server", "evaluator"})
        values[QLatin1String(role) + QStringLiteral("-machine-type")] = machines;
    return values;
}

QString completionHelp()
{
    return Cli::tr("Usage: trainyard completion bash|zsh|fish\n"
                   "\n"
                   "Print a completion script for the shell: commands, subcommands, flags and "
                   "their values (formats, and regions, scale tiers, machine types and runtime "
                   "versions from the catalog), "
                   "from the same help text 'trainyard help' prints.\n"
                   "\n"
                   "Examples:\n"
                   "  source <(trainyard completion bash)\n"
                   "  trainyard completion zsh > \"${fpath[1]}/_trainyard\"\n"
                   "  trainyard completion fish > ~/.config/fish/completions/trainyard.fish\n");
}

int runCompletion(const QStringList &args)
{
    if (args.size() == 1 &&
        (args.first() == QLatin1String("--help") || args.first() == QLatin1String("-h")))
        return printText(completionHelp());
    if (args.size() != 1)
        return usageError(QStringLiteral("completion"),
                          Cli::tr("name one shell: bash, zsh or fish"));
    const QString script = completionScript(args.first(), helpEntries(), catalogFlagValues());
    if (script.isEmpty())
        return usageError(QStringLiteral("completion"),
                          Cli::tr("unknown shell '%1'; use bash, zsh or fish").arg(args.first()));
    return printText(script);
}

int runManPage(const QStringList &args)
{
    const QString page = manPage(mainHelp(), helpEntries(), QStringLiteral(TRAINYARD_VERSION));
    if (args.isEmpty())
        return printText(page);
    QFile file(args.first());
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(page.toUtf8()) < 0) {
        err() << sanitize(Cli::tr("trainyard: cannot write %1: %2")
                              .arg(args.first(), file.errorString()))
              << '\n';
        return exitUsage;
    }
    return exitOk;
}

} // namespace

QString formatOptions(const QList<OptionSpec> &options)
{
    QString text;
    for (const OptionSpec &o : options) {
        const QString left = QStringLiteral("--") + o.name +
                             (o.valueName.isEmpty() ? QString() : QLatin1Char('=') + o.valueName);
        text += helpLine(left, o.help);
    }
    return text;
}

QString formatJobFlags()
{
    QString text;
    const QList<exporters::JobFlag> flags = exporters::jobFlags();
    for (const exporters::JobFlag &f : flags) {
        const QString left = QStringLiteral("--") + f.name +
                             (f.isSwitch ? QString() : QLatin1Char('=') + f.valueName);
        text += helpLine(left, f.help);
    }
    text += helpLine(QStringLiteral("-- ARG..."),
                     Cli::tr("Arguments for the app (replace trainingInput.args)"));
    return text;
}

QString mainHelp()
{
    return Cli::tr("Usage: trainyard [COMMAND [ARGS...]]\n"
                   "\n"
                   "Without a command, Trainyard opens its window.\n"
                   "\n"
                   "Commands:\n"
                   "  validate   Check job specs against the service's rules\n"
                   "  export     Print a job spec as config YAML, a gcloud command or a "
                   "Vertex AI CustomJob\n"
                   "  import-gcloud  Print the config.yaml of a pasted gcloud training "
                   "command\n"
                   "  local      Run a training job on this machine (local train)\n"
                   "  jobs       Submit, list, describe, follow and cancel jobs; print their "
                   "metrics\n"
                   "  secrets    Store, list and delete named secrets for trainers\n"
                   "  ai         Submit, watch and cancel jobs on Vertex AI (custom-jobs)\n"
                   "  completion Print a shell completion script (bash, zsh, fish)\n"
                   "  help       Show the help of a command\n"
                   "\n"
                   "Options:\n"
                   "  -h, --help     Show this help\n"
                   "  --version      Show the version\n"
                   "\n"
                   "Run 'trainyard help COMMAND' or 'trainyard COMMAND --help' for the "
                   "options and job flags of a command.\n");
}

bool wantsCli(int argc, char **argv)
{
    if (argc < 2 || !argv[1])
        return false;
    const char *first = argv[1];
    if (std::strcmp(first, "help") == 0 || std::strcmp(first, "-h") == 0)
        return true;
    // Qt's own GUI options take one dash (-platform, -style): leave those to the GUI.
    if (std::strncmp(first, "--", 2) == 0)
        return true;
    if (first[0] == '-')
        return false;
    // A word opens the window only when it names an existing config file: a mistyped command
    // is an error, never a window (a script must not hang on one).
    const QString word = QString::fromLocal8Bit(first);
    return findCommand(word) != nullptr || !QFileInfo(word).isFile();
}

int run(const QStringList &arguments)
{
    const QStringList args = arguments.mid(1);
    if (args.isEmpty())
        return printText(mainHelp());
    const QString &first = args.constFirst();
    if (first == QLatin1String("--help") || first == QLatin1String("-h"))
        return printText(mainHelp());
    if (first == QLatin1String("--version")) {
        return printText(QStringLiteral("trainyard %1\n")
                             .arg(QCoreApplication::applicationVersion().isEmpty()
                                      ? QStringLiteral(TRAINYARD_VERSION)
                                      : QCoreApplication::applicationVersion()));
    }
    if (first == QLatin1String("help")) {
        if (args.size() < 2)
            return printText(mainHelp());
        const Command *command = findCommand(args.at(1));
        if (!command || !command->help) {
            return usageError(QStringLiteral("help"),
                              Cli::tr("unknown command '%1'").arg(args.at(1)));
        }
        if (int code = 0; command->cloud && handedOver(&code))
            return code;
        return printText(command->help());
    }
    const Command *command = findCommand(first);
    if (!command) {
        QStringList names;
        for (const Command &c : commands) {
            if (c.help)
                names.append(QLatin1String(c.name));
        }
        names.append(QStringLiteral("help"));
        const QString guess = jobspec::yaml::FieldReader::suggestion(first, names);
        if (first.startsWith(QLatin1Char('-')))
            err() << sanitize(Cli::tr("trainyard: unknown command or flag '%1'").arg(first))
                  << '\n';
        else if (guess.isEmpty())
            err() << sanitize(Cli::tr("trainyard: '%1' is neither a command nor a config file")
                                  .arg(first))
                  << '\n';
        else
            err() << sanitize(Cli::tr("trainyard: unknown command '%1'; did you mean '%2'?")
                                  .arg(first, guess))
                  << '\n';
        err() << Cli::tr("Run 'trainyard --help' for usage.") << '\n';
        err().flush();
        return exitUsage;
    }
    if (int code = 0; command->cloud && handedOver(&code))
        return code;
    return command->run(args.mid(1));
}

} // namespace trainyard::cli
