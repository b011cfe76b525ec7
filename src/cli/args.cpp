// SPDX-License-Identifier: MIT
#include "cli/args.h"

#include <QCoreApplication>

namespace trainyard::cli {
namespace {

class Args
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

enum class Kind { Unknown, Option, OptionSwitch, JobFlag, JobSwitch, ClientFlag, ClientSwitch };

Kind kindOf(const QString &name, const QList<OptionSpec> &options, bool acceptJobFlags)
{
    for (const OptionSpec &o : options) {
        if (o.name == name)
            return o.valueName.isEmpty() ? Kind::OptionSwitch : Kind::Option;
    }
    if (acceptJobFlags) {
        if (exporters::jobSwitchNames().contains(name))
            return Kind::JobSwitch;
        if (exporters::jobFlagNames().contains(name))
            return Kind::JobFlag;
        if (const exporters::ClientFlag *f = exporters::clientSideFlag(name))
            return f->takesValue ? Kind::ClientFlag : Kind::ClientSwitch;
    }
    return Kind::Unknown;
}

} // namespace

ParsedArgs parseArgs(const QStringList &args, const QList<OptionSpec> &options, bool acceptJobFlags)
{
    ParsedArgs parsed;
    auto fail = [&parsed](const QString &message) {
        if (parsed.error.isEmpty())
            parsed.error = message;
    };
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        if (parsed.jobFlags.hasUserArgs) {
            parsed.jobFlags.userArgs << arg;
            continue;
        }
        if (arg == QLatin1String("--")) {
            if (!acceptJobFlags)
                fail(Args::tr("unexpected '--': this command takes no app arguments"));
            parsed.jobFlags.hasUserArgs = true;
            continue;
        }
        if (arg == QLatin1String("-h") || arg == QLatin1String("--help")) {
            parsed.help = true;
            continue;
        }
        if (arg == QLatin1String("-q") && acceptJobFlags) {
            parsed.ignored.append({QStringLiteral("quiet"), QString()});
            continue;
        }
        if (!arg.startsWith(QLatin1String("--"))) {
            if (arg.startsWith(QLatin1Char('-')) && arg.size() > 1)
                fail(Args::tr("unknown flag '%1'").arg(arg));
            else
                parsed.positional << arg;
            continue;
        }
        const qsizetype eq = arg.indexOf(QLatin1Char('='));
        const QString name = arg.mid(2, eq < 0 ? -1 : eq - 2);
        const bool hasValue = eq >= 0;
        QString value = hasValue ? arg.mid(eq + 1) : QString();
        const Kind kind = kindOf(name, options, acceptJobFlags);
        if (kind == Kind::Unknown) {
            fail(Args::tr("unknown flag '--%1'").arg(name));
            continue;
        }
        if (kind == Kind::OptionSwitch && hasValue) {
            fail(Args::tr("--%1 takes no value").arg(name));
            continue;
        }
        if (kind == Kind::ClientSwitch || kind == Kind::ClientFlag) {
            if (kind == Kind::ClientFlag && !hasValue && i + 1 < args.size() &&
                !args.at(i + 1).startsWith(QLatin1String("--")))
                value = args.at(++i);
            parsed.ignored.append({name, value});
            continue;
        }
        if ((kind == Kind::Option || kind == Kind::JobFlag) && !hasValue) {
            if (i + 1 >= args.size() || args.at(i + 1).startsWith(QLatin1String("--"))) {
                fail(Args::tr("--%1 needs a value").arg(name));
                continue;
            }
            value = args.at(++i);
        }
        if (kind == Kind::JobFlag || kind == Kind::JobSwitch)
            parsed.jobFlags.flags.append({name, value});
        else
            parsed.options.insert(name, value);
    }
    return parsed;
}

} // namespace trainyard::cli
