// SPDX-License-Identifier: MIT
// Hostile config files: each must end in a clear error diagnostic, never a crash, a hang, an
// exception or unbounded memory. Big inputs are generated here, not committed. ctest's
// timeout is the only time limit.
#include "jobspec/yamlio.h"
#include "testjobs.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace trainyard::jobspec;
using trainyard::jobspec::test::dump;

namespace {

QByteArray repeat(const QByteArray &piece, qsizetype times)
{
    QByteArray out;
    out.reserve(piece.size() * times);
    for (qsizetype i = 0; i < times; ++i)
        out += piece;
    return out;
}

QByteArray utf16(const QByteArray &ascii, bool bigEndian, bool bom)
{
    QByteArray out;
    if (bom)
        out += bigEndian ? QByteArray("\xFE\xFF") : QByteArray("\xFF\xFE");
    for (const char c : ascii) {
        if (bigEndian)
            out += '\0';
        out += c;
        if (!bigEndian)
            out += '\0';
    }
    return out;
}

// "Billion laughs": nine levels of ten aliases each.
QByteArray billionLaughs()
{
    QByteArray doc = "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
    for (int level = 1; level < 10; ++level) {
        const QByteArray prev = "*l" + QByteArray::number(level - 1);
        doc += "l" + QByteArray::number(level) + ": &l" + QByteArray::number(level) + " [";
        for (int i = 0; i < 10; ++i)
            doc += (i ? ", " : "") + prev;
        doc += "]\n";
    }
    return doc;
}

// An alias bomb through the schema itself: params x categoricalValues.
QByteArray schemaBomb()
{
    QByteArray values = "x-v: &v [";
    QByteArray params = "    params: [";
    for (int i = 0; i < 2000; ++i) {
        values += i ? ", a" : "a";
        params += i ? ", *p" : "*p";
    }
    return values + "]\nx-p: &p {parameterName: x, categoricalValues: *v}\ntrainingInput:\n" +
           "  hyperparameters:\n" + params + "]\n";
}

} // namespace

class TestYamlHostile : public QObject
{
    Q_OBJECT

private slots:
    void hostile_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        const auto row = [](const char *name, const QByteArray &bytes, const char *message) {
            QTest::newRow(name) << bytes << QString::fromUtf8(message);
        };
        row("empty", QByteArray(), "file is empty");
        row("only comments", "# nothing here\n\n   \n", "file is empty");
        row("document marker only", "---\n", "file is empty");
        row("NUL byte", QByteArray("jobId: a\0b\n", 11),
            "file contains a NUL byte at line 1, column 9; is it UTF-16 or binary?");
        row("UTF-16LE BOM", utf16("jobId: a\n", false, true), "file is UTF-16; save it as UTF-8");
        row("UTF-16BE BOM", utf16("jobId: a\n", true, true), "file is UTF-16; save it as UTF-8");
        row("UTF-16LE no BOM", utf16("jobId: a\n", false, false),
            "file is UTF-16; save it as UTF-8");
        row("UTF-16BE no BOM", utf16("jobId: a\n", true, false),
            "file is UTF-16; save it as UTF-8");
        row("UTF-32 BOM", QByteArray("\xFF\xFE\0\0j\0\0\0", 8), "UTF-32");
        row("invalid UTF-8", "jobId: a\nlabels: {x: \xFF}\n",
            "not valid UTF-8 at line 2, column 13");
        row("overlong UTF-8", "jobId: \xC0\xAF\n", "not valid UTF-8 at line 1, column 8");
        row("UTF-8 surrogate", "jobId: \xED\xA0\x80\n", "not valid UTF-8");
        row("truncated UTF-8", "jobId: \xE2\x82", "not valid UTF-8");
        row("control character", "jobId: a\x01\n", "control character 0x01 at line 1, column 9");
        row("too large", QByteArray(maxConfigFileBytes + 1, 'a'), "file is too large");
        row("deep flow sequence", QByteArray(100000, '['), "nesting is too deep");
        row("deep closed sequence", QByteArray(100000, '[') + QByteArray(100000, ']'),
            "nesting is too deep");
        row("deep flow mapping", repeat("{a: ", 100000), "nesting is too deep");
        row("deep JSON", repeat("{\"a\": ", 100000), "nesting is too deep");
        row("deep block sequence", repeat("- ", 100000) + "a\n", "nesting is too deep");
        {
            QByteArray deep;
            for (int i = 0; i < 2500; ++i)
                deep += QByteArray(i, ' ') + "a:\n";
            row("deep block mapping", deep, "nesting is too deep");
        }
        {
            QByteArray deep;
            for (int i = 0; i < 300; ++i)
                deep += QByteArray(i, ' ') + "- \n";
            row("deep indented sequence", deep, "nesting is too deep");
        }
        row("billion laughs", billionLaughs(), "document expands to too many nodes (aliases?)");
        row("self-referencing alias", "a: &a [*a, *a, *a]\n",
            "document expands to too many nodes (aliases?)");
        row("schema alias bomb", schemaBomb(), "document expands to too many nodes (aliases?)");
        row("huge flow list", "[" + repeat("a,", 300000) + "a]", "too many items");
        row("huge block list", repeat("- a\n", 1000000), "too many nodes");
        row("absurd integer", "trainingInput:\n  workerCount: " + QByteArray(100000, '9') + "\n",
            "integer out of range");
        row("absurd negative", "trainingInput:\n  workerCount: -99999999999999999999\n",
            "integer out of range");
        row("absurd float",
            "trainingInput:\n  hyperparameters:\n    params:\n"
            "      - minValue: 1e999999\n",
            "number out of range");
        row("unknown anchor", "jobId: *nope\n", "YAML syntax error");
        row("tab indentation", "trainingInput:\n\tregion: x\n", "YAML syntax error");
        row("top-level list", "[1, 2]", "expected a mapping at the top level");
        {
            QRandomGenerator gen(20240101);
            QByteArray binary(4096, '\0');
            for (char &c : binary)
                c = static_cast<char>(gen.bounded(256));
            row("random binary", binary, "");
            binary.replace('\0', 'x');
            row("random binary without NUL", binary, "");
        }
        {
            // A PNG header: binary with a NUL soon.
            row("PNG", QByteArray("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16), "");
        }
    }
    void hostile()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        const ImportResult r = importJob(bytes, QStringLiteral("hostile.yaml"));
        QVERIFY(!r.ok());
        QVERIFY(!r.diagnostics.isEmpty());
        bool found = false;
        for (const Diagnostic &d : r.diagnostics) {
            QVERIFY(!d.message.isEmpty());
            if (d.isError() && d.message.contains(message))
                found = true;
        }
        QVERIFY2(found, qPrintable(dump(r.diagnostics)));
        QVERIFY(r.diagnostics.size() <= 201);
    }

    // Many problems are reported, but not without end.
    void diagnosticsAreCapped()
    {
        const QByteArray doc = "trainingInput:\n  args: [" + repeat("[x], ", 5000) + "y]\n";
        const ImportResult r = importJob(doc, QStringLiteral("many.yaml"));
        QVERIFY(!r.ok());
        QVERIFY(r.diagnostics.size() <= 201);
        QVERIFY(r.diagnostics.last().message.contains(QStringLiteral("more problems")));
    }

    void files_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content"); // written unless the name says otherwise
        QTest::addColumn<bool>("unreadable");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << QStringLiteral("missing.yaml") << QByteArray() << true
                                 << QStringLiteral("no such file");
        QTest::newRow("directory")
            << QStringLiteral("dir") << QByteArray() << true << QStringLiteral("directory");
        QTest::newRow("100 MB") << QStringLiteral("big.yaml") << QByteArray() << true
                                << QStringLiteral("104857600 bytes, the limit is 8388608 bytes");
        QTest::newRow("empty") << QStringLiteral("empty.yaml") << QByteArray() << false
                               << QStringLiteral("file is empty");
        QTest::newRow("bad") << QStringLiteral("bad.yaml") << QByteArray("trainingInput: [")
                             << false << QStringLiteral("YAML syntax error");
    }
    void files()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(bool, unreadable);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(name);
        if (name == QLatin1String("dir")) {
            QVERIFY(QDir(dir.path()).mkdir(name));
        } else if (name != QLatin1String("missing.yaml")) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
            if (name == QLatin1String("big.yaml"))
                QVERIFY(f.resize(100 * 1024 * 1024)); // sparse: no disk space used
        }
        bool flag = !unreadable;
        const ImportResult r = importJobFile(path, &flag);
        QCOMPARE(flag, unreadable);
        QVERIFY(!r.ok());
        QVERIFY2(r.diagnostics.at(0).message.contains(message),
                 qPrintable(r.diagnostics.at(0).message));
        QCOMPARE(r.sources.fileName, path);
    }

    void readableFile()
    {
        bool flag = true;
        const ImportResult r = importJobFile(test::fixturePath("full_example.yaml"), &flag);
        QVERIFY(!flag);
        QVERIFY2(r.ok(), qPrintable(dump(r.diagnostics)));
        QVERIFY(r.job == test::fullExampleJob());
    }
};

QTEST_GUILESS_MAIN(TestYamlHostile)
#include "tst_yamlhostile.moc"
