// SPDX-License-Identifier: MIT
// Hostile files and values: the binary ends with exit 1 or 2 and a clear message, never a
// crash, and control characters never reach the terminal.
#include "clirunner.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QStringConverter>
#include <QTemporaryDir>

using namespace clitest;

class TestCliHostile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void hostileFiles_data();
    void hostileFiles();
    void controlCharactersDoNotReachTheTerminal();
    void companionNeverFromWorkingDirectory();

private:
    QTemporaryDir m_tmp;
};

void TestCliHostile::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(TRAINYARD_BINARY)).isExecutable(), TRAINYARD_BINARY);
    QVERIFY(m_tmp.isValid());
}

void TestCliHostile::hostileFiles_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content"); // empty: made by the test itself

    const char nulText[] = "jobId: a\0b\ntrainingInput:\n  scaleTier: BASIC\n";
    QTest::newRow("NUL bytes") << "nul.yaml" << QByteArray(nulText, sizeof(nulText) - 1);

    auto utf16 = QStringEncoder(QStringConverter::Utf16LE, QStringConverter::Flag::WriteBom);
    const QByteArray utf16Text =
        utf16(QStringLiteral("jobId: wide\ntrainingInput:\n  scaleTier: NONE\n"));
    QTest::newRow("UTF-16") << "utf16.yaml" << utf16Text;

    const int depth = 100000;
    QTest::newRow("nesting 100000 deep")
        << "deep.yaml" << QByteArray(depth, '[') + QByteArray(depth, ']') + '\n';
    QTest::newRow("nested maps 100000 deep")
        << "deepmaps.yaml"
        << QByteArray("jobId: x\nlabels: ") + QByteArray(depth, '{') + QByteArray(depth, '}') +
               '\n';

    QByteArray bomb =
        "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n";
    for (char c = 'b'; c <= 'j'; ++c) {
        const char prev = char(c - 1);
        bomb += QByteArray(1, c) + ": &" + c + " [*" + prev + ",*" + prev + ",*" + prev + ",*" +
                prev + ",*" + prev + ",*" + prev + ",*" + prev + ",*" + prev + ",*" + prev + "]\n";
    }
    bomb += "jobId: bomb\ntrainingInput:\n  args: *j\n";
    QTest::newRow("alias bomb") << "bomb.yaml" << bomb;

    QByteArray binary;
    for (int i = 0; i < 4096; ++i)
        binary += char((i * 7919) & 0xff);
    QTest::newRow("binary") << "binary.yaml" << binary;
    QTest::newRow("100 MB") << "big.yaml" << QByteArray();
}

void TestCliHostile::hostileFiles()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);

    const QString path = m_tmp.filePath(name);
    if (content.isEmpty()) {
        QFile big(path);
        QVERIFY(big.open(QIODevice::WriteOnly));
        QVERIFY(big.write("jobId: big\n") > 0);
        QVERIFY(big.resize(100 * 1024 * 1024)); // sparse: zeros after the first line
        big.close();
    } else {
        QVERIFY(writeFile(path, content));
    }
    const Result r = runIn(m_tmp.path(), {QStringLiteral("validate"), name});
    VERIFY_RAN(r);
    QVERIFY2(r.code == 1 || r.code == 2, qPrintable(QString::number(r.code) + r.err));
    QVERIFY2(r.err.startsWith(name + QLatin1Char(':')), qPrintable(r.err.left(2000)));
    QVERIFY2(r.err.contains(QLatin1String(": error: ")), qPrintable(r.err.left(2000)));
    QVERIFY2(r.err.size() < 100000, "the message should be short");
    QFile::remove(path);
}

void TestCliHostile::controlCharactersDoNotReachTheTerminal()
{
    // Raw escape sequences in a value that ends up in diagnostics (an unknown region and an
    // invalid job ID quote the value back).
    const QByteArray spec = "jobId: \"evil\x1b[2J\xe2\x80\xae_id\"\n"
                            "trainingInput:\n"
                            "  scaleTier: CUSTOM\n"
                            "  region: \"mars-north1\x1b]0;owned\x07\"\n"
                            "  masterType: n1-standard-8\n";
    QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("control.yaml")), spec));
    const Result r =
        runIn(m_tmp.path(), {QStringLiteral("validate"), QStringLiteral("control.yaml")});
    VERIFY_RAN(r);
    QCOMPARE(r.code, 1);
    for (QChar c : r.err) {
        const char16_t u = c.unicode();
        QVERIFY2(
            u == u'\n' || u == u'\t' ||
                (u >= 0x20 && u != 0x7f && !(u >= 0x80 && u < 0xa0) && u != 0x202e),
            qPrintable(
                QStringLiteral("U+%1 in %2").arg(uint(u), 4, 16, QLatin1Char('0')).arg(r.err)));
    }
    // YAML escapes (\e, \a) give the same characters after parsing; the unknown region is
    // quoted back in the validator's message.
    const QByteArray escaped = "jobId: escaped_job\n"
                               "trainingInput:\n"
                               "  scaleTier: CUSTOM\n"
                               "  region: \"mars\\e]0;owned\\a\"\n"
                               "  masterType: n1-standard-8\n";
    QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("escaped.yaml")), escaped));
    const Result e =
        runIn(m_tmp.path(), {QStringLiteral("validate"), QStringLiteral("escaped.yaml")});
    VERIFY_RAN(e);
    QCOMPARE(e.code, 1);
    QVERIFY(!e.err.contains(QChar(0x1b)));
    QVERIFY(!e.err.contains(QChar(0x07)));
    QVERIFY2(e.err.contains(QLatin1String("mars\\x1b]0;owned\\x07")), qPrintable(e.err));
    // Diagnostics come in file order.
    int previous = 0;
    const QRegularExpression at(QStringLiteral("^escaped\\.yaml:(\\d+):"));
    for (const QString &l : e.errLines()) {
        const QRegularExpressionMatch m = at.match(l);
        if (!m.hasMatch())
            continue;
        QVERIFY2(m.captured(1).toInt() >= previous, qPrintable(e.err));
        previous = m.captured(1).toInt();
    }
    QVERIFY(previous > 0);

    // A bad flag value is quoted back by the flag parser itself.
    const Result flag = runIn(
        m_tmp.path(), {QStringLiteral("validate"), QStringLiteral("--worker-count=\x1b[2J\u202e9"),
                       QStringLiteral("--worker-machine-type=x"), QStringLiteral("control.yaml")});
    VERIFY_RAN(flag);
    QVERIFY2(flag.err.contains(QLatin1String("got '\\x1b[2J\\u202e9'")), qPrintable(flag.err));
    QVERIFY(!flag.err.contains(QChar(0x1b)));
    QVERIFY(!flag.err.contains(QChar(0x202e)));

    // JSON escapes them by itself.
    const Result json =
        runIn(m_tmp.path(), {QStringLiteral("validate"), QStringLiteral("--format=json"),
                             QStringLiteral("control.yaml")});
    VERIFY_RAN(json);
    QVERIFY(!json.out.contains(QChar(0x1b)));
    QVERIFY(!QJsonDocument::fromJson(json.out.toUtf8()).isNull());
}

// Without /proc (a container or chroot that has none; here /proc covered by an empty tmpfs in a
// mount namespace of our own), `trainyard` run from PATH hands an `ai` command to the
// trainyard-cloud beside it, never to a program of that name in the working directory.
void TestCliHostile::companionNeverFromWorkingDirectory()
{
    QTemporaryDir dir;
    QFile planted(dir.filePath(QStringLiteral("trainyard-cloud")));
    QVERIFY(planted.open(QIODevice::WriteOnly));
    planted.write("#!/bin/sh\necho planted > \"$(dirname \"$0\")/planted-ran\"\n");
    planted.close();
    planted.setPermissions(planted.permissions() | QFileDevice::ExeOwner);
    QProcess process;
    process.setWorkingDirectory(dir.path());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"), QFileInfo(QStringLiteral(TRAINYARD_BINARY)).absolutePath() +
                                           QStringLiteral(":/usr/bin:/bin"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral("unshare"),
                  {QStringLiteral("--user"), QStringLiteral("--map-root-user"),
                   QStringLiteral("--mount"), QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                   QStringLiteral("mount -t tmpfs none /proc || exit 99; "
                                  "test -e /proc/self/exe && exit 99; exec trainyard ai --help")});
    QVERIFY(process.waitForFinished(hangGuardMs));
    if (process.exitCode() == 99 || process.error() == QProcess::FailedToStart)
        QSKIP("no user and mount namespace to hide /proc in");
    const QString out = QString::fromUtf8(process.readAllStandardOutput());
    QVERIFY2(!QFile::exists(dir.filePath(QStringLiteral("planted-ran"))),
             "the trainyard-cloud of the working directory ran");
    // The real one, beside the program, answered.
    QCOMPARE(process.exitCode(), 0);
    QVERIFY2(out.contains(QStringLiteral("ai")), qPrintable(out));
}

QTEST_GUILESS_MAIN(TestCliHostile)
#include "tst_clihostile.moc"
