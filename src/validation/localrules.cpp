// SPDX-License-Identifier: MIT
// Rules for the local part of a spec (trainyardLocal): what to run on this machine and the
// environment variables given to the replicas.
#include "validation/limits.h"
#include "validation/rules.h"

namespace trainyard::validation::detail {

namespace {

bool isEnvNameStart(QChar c)
{
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
           (c >= QLatin1Char('A') && c <= QLatin1Char('Z')) || c == QLatin1Char('_');
}

bool isEnvName(const QString &name)
{
    if (name.isEmpty() || !isEnvNameStart(name.front()))
        return false;
    for (QChar c : name) {
        if (!isEnvNameStart(c) && !(c >= QLatin1Char('0') && c <= QLatin1Char('9')))
            return false;
    }
    return true;
}

// Linux MAX_ARG_STRLEN: the longest string execve takes, its terminating NUL included.
constexpr qsizetype maxEnvStringBytes = 32 * 4096;

QString envField(const QString &name)
{
    return QLatin1String("trainyardLocal.env.") + name;
}

} // namespace

void checkLocalRun(Context &ctx)
{
    const jobspec::LocalRun &local = ctx.job.local;
    if (!local.packagePath.isEmpty() && !local.executable.isEmpty()) {
        ctx.error(QStringLiteral("trainyardLocal.executable"),
                  QCoreApplication::translate(
                      "trainyard::Validation",
                      "packagePath and executable are exclusive: run a Python package "
                      "(packagePath with pythonModule) or an executable, not both"));
    }
    if (ctx.isLocal() && local.packagePath.isEmpty() && local.executable.isEmpty() &&
        ctx.input.master.config.imageUri.isEmpty()) {
        ctx.error(QStringLiteral("trainyardLocal"),
                  QCoreApplication::translate(
                      "trainyard::Validation",
                      "a local run needs something to run: set trainyardLocal."
                      "packagePath (the trainer's package directory), trainyardLocal."
                      "executable, or masterConfig.imageUri"));
    }

    for (qsizetype i = 0; i < local.env.size(); ++i) {
        const QString &name = local.env.at(i).name;
        if (!isEnvName(name)) {
            ctx.error(envField(name), QCoreApplication::translate(
                                          "trainyard::Validation",
                                          "environment variable name %1 is not valid: use letters, "
                                          "digits and underscores, not starting with a digit")
                                          .arg(quoted(name)));
            continue;
        }
        if (name.startsWith(limits::latin1(limits::reservedEnvPrefix))) {
            ctx.error(envField(name),
                      QCoreApplication::translate(
                          "trainyard::Validation",
                          "environment variable %1 starts with %2, which the service "
                          "reserves: choose another name")
                          .arg(name, limits::latin1(limits::reservedEnvPrefix)));
        } else if (limits::contains(limits::reservedEnvNames, name)) {
            ctx.error(envField(name), QCoreApplication::translate(
                                          "trainyard::Validation",
                                          "environment variable %1 is set by Trainyard for every "
                                          "replica and cannot be overridden; reserved names: %2")
                                          .arg(name, joinedNames<limits::reservedEnvNames>()));
        }
        // execve refuses a single NAME=value string longer than MAX_ARG_STRLEN (32 pages,
        // 128 KiB on Linux, the terminating NUL included): the replica would not start.
        // (UTF-8 takes at most 3 bytes per UTF-16 unit: most strings are told without encoding.)
        const QString &value = local.env.at(i).value;
        const bool mayBeLong = 3 * (name.size() + value.size()) + 2 > maxEnvStringBytes;
        const qsizetype bytes =
            mayBeLong ? name.toUtf8().size() + 1 + value.toUtf8().size() : name.size() + 1;
        if (local.env.at(i).secret.isEmpty() && bytes + 1 > maxEnvStringBytes) {
            ctx.error(envField(name),
                      QCoreApplication::translate(
                          "trainyard::Validation",
                          "environment variable %1 is %2 bytes long as NAME=value; the system "
                          "starts no process with a variable over %3 bytes (128 KiB)")
                          .arg(name)
                          .arg(bytes)
                          .arg(maxEnvStringBytes - 1));
        }
        for (qsizetype k = 0; k < i; ++k) {
            if (local.env.at(k).name == name) {
                ctx.error(envField(name),
                          QCoreApplication::translate("trainyard::Validation",
                                                      "environment variable %1 is set twice")
                              .arg(name));
                break;
            }
        }
    }
}

} // namespace trainyard::validation::detail
