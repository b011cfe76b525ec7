// SPDX-License-Identifier: MIT
// Runs the real `trainyard` binary (TRAINYARD_BINARY) for the CLI suites.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTest>

namespace clitest {

struct Result
{
    bool finished = false;
    QProcess::ExitStatus status = QProcess::CrashExit;
    int code = -1;
    QString out;
    QString err;

    QStringList errLines() const { return err.split(QLatin1Char('\n'), Qt::SkipEmptyParts); }
};

// A hang guard, not a timing assertion: the binary should finish in well under a second.
inline constexpr int hangGuardMs = 120000;

inline Result runIn(const QString &dir, const QStringList &args)
{
    QProcess process;
    process.setWorkingDirectory(dir);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("TRAINYARD_CATALOG"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(TRAINYARD_BINARY), args);
    Result r;
    r.finished = process.waitForFinished(hangGuardMs);
    if (!r.finished) {
        process.kill();
        process.waitForFinished();
    }
    r.status = process.exitStatus();
    r.code = process.exitCode();
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}

inline QString fixtures()
{
    return QStringLiteral(TRAINYARD_FIXTURES_DIR "/cli");
}

inline Result run(const QStringList &args)
{
    return runIn(fixtures(), args);
}

// 1-based line of the first line of `file` that contains `text`.
inline int lineOf(const QString &file, const QString &text)
{
    QFile f(fixtures() + QLatin1Char('/') + file);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        if (lines.at(i).contains(text))
            return i + 1;
    }
    return -1;
}

// The words a POSIX shell passes to `gcloud` when it runs `script`.
inline QStringList shellWords(const QString &script)
{
    QProcess sh;
    sh.start(
        QStringLiteral("/bin/sh"),
        {QStringLiteral("-c"), QStringLiteral("gcloud() { printf '%s\\0' \"$@\"; }\n") + script});
    if (!sh.waitForFinished(hangGuardMs) || sh.exitCode() != 0)
        return {QStringLiteral("<shell failed>")};
    QStringList words;
    const QList<QByteArray> parts = sh.readAllStandardOutput().split('\0');
    for (qsizetype i = 0; i + 1 < parts.size(); ++i)
        words << QString::fromUtf8(parts.at(i));
    return words;
}

inline bool writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

} // namespace clitest

#define VERIFY_RAN(r)                                                                              \
    do {                                                                                           \
        QVERIFY2((r).finished, "trainyard did not finish");                                        \
        QVERIFY2((r).status == QProcess::NormalExit,                                               \
                 qPrintable(QStringLiteral("crashed: ") + (r).err));                               \
    } while (false)
