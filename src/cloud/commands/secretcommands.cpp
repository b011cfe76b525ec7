// SPDX-License-Identifier: MIT
#include "cloud/commands/secretcommands.h"

#include "cli/commands.h"
#include "cli/output.h"
#include "cloud/keychain/secretservice.h"
#include "cloud/keychain/secretstore.h"
#include "cloud/keychain/secretsync.h"

#include <QCoreApplication>
#include <QFile>
#include <cstdio>
#include <termios.h>
#include <unistd.h>

namespace trainyard::cli {

namespace {

class Secrets
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Secrets)
};

constexpr int exitKeychain = 1;

int usage(const SecretsIo &io, const QString &message)
{
    *io.err << sanitize(Secrets::tr("trainyard secrets: %1").arg(message)) << '\n'
            << Secrets::tr("Run 'trainyard secrets --help' for usage.") << '\n';
    io.err->flush();
    return exitUsage;
}

int failed(const SecretsIo &io, const secrets::SecretResult &result)
{
    *io.err << sanitize(Secrets::tr("trainyard secrets: %1").arg(result.errorString)) << '\n';
    if (!result.keychainDetail.isEmpty())
        *io.err << sanitize(Secrets::tr("Keychain detail: %1").arg(result.keychainDetail)) << '\n';
    io.err->flush();
    using Status = secrets::SecretResult::Status;
    switch (result.status) {
    case Status::InvalidName:
    case Status::EmptyValue:
    case Status::AlreadyExists:
        return exitUsage;
    default:
        return exitKeychain;
    }
}

// One line from a terminal with echo off (restored afterwards, also on error).
QByteArray readHidden(QIODevice *input, QTextStream &err, const QString &name)
{
    err << Secrets::tr("Value of the secret %1 (input is hidden): ").arg(name);
    err.flush();
    termios saved{};
    const bool haveTerm = ::tcgetattr(STDIN_FILENO, &saved) == 0;
    if (haveTerm) {
        termios quiet = saved;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    }
    const QByteArray line = input->readLine();
    if (haveTerm)
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
    err << '\n';
    err.flush();
    return line;
}

int runSet(const QStringList &rest, const SecretsIo &io)
{
    if (rest.size() > 1) {
        return usage(io, Secrets::tr("the value is read from standard input, never from the "
                                     "command line: trainyard secrets set NAME"));
    }
    if (rest.isEmpty())
        return usage(io, Secrets::tr("set needs the secret's NAME"));
    const QString &name = rest.constFirst();
    if (!secrets::SecretStore::isValidName(name))
        return usage(io, secrets::SecretStore::nameRule());
    const QByteArray raw =
        io.inputIsTerminal ? readHidden(io.input, *io.err, name) : io.input->readAll();
    const QString value = secretValueFromInput(raw);
    if (value.isEmpty())
        return usage(io, Secrets::tr("the value of the secret %1 is empty").arg(name));
    if (value.toUtf8().size() < secrets::MinimumMaskedLength) {
        *io.err << Secrets::tr("warning: %1").arg(secrets::SecretStore::shortValueWarning(name))
                << '\n';
        io.err->flush();
    }
    if (const secrets::SecretResult r = secrets::writeSecretBlocking(name, value, io.namesFile); !r)
        return failed(io, r);
    return exitOk;
}

int runList(const QStringList &rest, const SecretsIo &io)
{
    if (!rest.isEmpty())
        return usage(io, Secrets::tr("list takes no arguments"));
    const QString file =
        io.namesFile.isEmpty() ? secrets::SecretStore::defaultNamesFile() : io.namesFile;
    const QStringList names = secrets::SecretStore(file).names();
    for (const QString &name : names)
        *io.out << name << '\n';
    io.out->flush();
    return exitOk;
}

int runDelete(const QStringList &rest, const SecretsIo &io)
{
    if (rest.size() != 1)
        return usage(io, Secrets::tr("delete needs exactly one NAME"));
    if (!secrets::SecretStore::isValidName(rest.constFirst()))
        return usage(io, secrets::SecretStore::nameRule());
    const secrets::SecretResult r = secrets::removeSecretBlocking(rest.constFirst(), io.namesFile);
    return r ? exitOk : failed(io, r);
}

int runRename(const QStringList &rest, const SecretsIo &io)
{
    if (rest.size() != 2)
        return usage(io, Secrets::tr("rename needs OLD and NEW names"));
    if (!secrets::SecretStore::isValidName(rest.at(0)) ||
        !secrets::SecretStore::isValidName(rest.at(1)))
        return usage(io, secrets::SecretStore::nameRule());
    const secrets::SecretResult r =
        secrets::renameSecretBlocking(rest.at(0), rest.at(1), io.namesFile);
    return r ? exitOk : failed(io, r);
}

} // namespace

QString secretValueFromInput(const QByteArray &input)
{
    QByteArray value = input;
    if (value.endsWith("\r\n"))
        value.chop(2);
    else if (value.endsWith('\n'))
        value.chop(1);
    return QString::fromUtf8(value);
}

QString secretsHelp()
{
    return Secrets::tr(
        "Usage: trainyard secrets set NAME        (the value is read from standard input)\n"
        "       trainyard secrets list            (names only)\n"
        "       trainyard secrets delete NAME\n"
        "       trainyard secrets rename OLD NEW\n"
        "\n"
        "Named secrets for trainers, stored in the system keychain. A job's local environment "
        "refers to one by name:\n"
        "\n"
        "  trainyardLocal:\n"
        "    env:\n"
        "      HF_TOKEN: {secret: hf}\n"
        "\n"
        "Examples:\n"
        "  printf %s \"$TOKEN\" | trainyard secrets set hf\n"
        "  trainyard secrets set hf < token.txt\n"
        "\n"
        "One trailing newline of the input is removed. Values shorter than 4 bytes are stored "
        "but not masked in logs.\n"
        "Exit codes: 0 ok, 1 the keychain failed, 2 usage errors.\n");
}

int runSecrets(const QStringList &args, const SecretsIo &io)
{
    if (args.isEmpty())
        return usage(io, Secrets::tr("missing subcommand (set, list, delete or rename)"));
    const QString &sub = args.constFirst();
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        *io.out << secretsHelp();
        io.out->flush();
        return exitOk;
    }
    const QStringList rest = args.mid(1);
    if (rest.contains(QLatin1String("--help")) || rest.contains(QLatin1String("-h"))) {
        *io.out << secretsHelp();
        io.out->flush();
        return exitOk;
    }
    static const QStringList subcommands = {QStringLiteral("set"), QStringLiteral("list"),
                                            QStringLiteral("delete"), QStringLiteral("rename")};
    if (!subcommands.contains(sub))
        return usage(io, Secrets::tr("unknown subcommand '%1'").arg(sub));
    // Every subcommand needs the keychain (list shows what is in it): without one, say so.
    QString detail;
    if (const QString problem = secrets::secretServiceProblem(&detail); !problem.isEmpty()) {
        if (detail.isEmpty()) { // no session bus at all
            *io.err << sanitize(Secrets::tr("trainyard secrets: no secret service is available: %1")
                                    .arg(problem))
                    << '\n'
                    << Secrets::tr("Secrets are kept in the desktop keychain (GNOME Keyring, "
                                   "KWallet or another org.freedesktop.secrets service); start "
                                   "one in this session and try again.")
                    << '\n';
        } else {
            *io.err << sanitize(Secrets::tr("trainyard secrets: %1").arg(problem)) << '\n'
                    << sanitize(Secrets::tr("Keychain detail: %1").arg(detail)) << '\n';
        }
        io.err->flush();
        return exitKeychain;
    }
    if (sub == QLatin1String("set"))
        return runSet(rest, io);
    if (sub == QLatin1String("list"))
        return runList(rest, io);
    if (sub == QLatin1String("delete"))
        return runDelete(rest, io);
    if (sub == QLatin1String("rename"))
        return runRename(rest, io);
    return usage(io, Secrets::tr("unknown subcommand '%1'").arg(sub));
}

int runSecrets(const QStringList &args)
{
    QFile input;
    if (!input.open(stdin, QIODevice::ReadOnly))
        return usage(SecretsIo{nullptr, &out(), &err(), false, QString()},
                     Secrets::tr("standard input cannot be read"));
    SecretsIo io;
    io.input = &input;
    io.out = &out();
    io.err = &err();
    io.inputIsTerminal = ::isatty(STDIN_FILENO) == 1;
    return runSecrets(args, io);
}

} // namespace trainyard::cli
