// SPDX-License-Identifier: MIT
// `trainyard secrets set NAME | list | delete NAME | rename OLD NEW`.
//
// The value of `set` is read from standard input, never from the command line (argv shows in
// `ps` and in shell history): piped input is read to its end and ONE trailing newline ("\n" or
// "\r\n") is removed; on a terminal one line is read with echo off. An empty value is refused;
// a value shorter than 4 bytes is stored with a warning (it cannot be masked in logs).
// Exit codes: 0 ok; 1 the keychain failed (its message is printed); 2 usage errors (unknown
// subcommand, bad name, empty value, a value given as an argument).
//
// Uses the blocking helpers of cloud/keychain/secretsync.h (a CLI has no GUI thread).
#pragma once

#include <QIODevice>
#include <QString>
#include <QStringList>
#include <QTextStream>

namespace trainyard::cli {

int runSecrets(const QStringList &args); // arguments after "secrets"; stdin, stdout, stderr
QString secretsHelp();

// The same with explicit streams, for tests. `input` must be open for reading;
// `inputIsTerminal` selects the prompt-and-no-echo path (only meaningful for stdin).
struct SecretsIo
{
    QIODevice *input = nullptr;
    QTextStream *out = nullptr;
    QTextStream *err = nullptr;
    bool inputIsTerminal = false;
    QString namesFile; // empty: the default names file
};
int runSecrets(const QStringList &args, const SecretsIo &io);

// The value of `secrets set` from raw input: one trailing "\n" or "\r\n" removed.
QString secretValueFromInput(const QByteArray &input);

} // namespace trainyard::cli
