// SPDX-License-Identifier: MIT
// Masking secret values in log lines: what a user reading a log sees.
#include "secrets/masker.h"

#include <QFile>
#include <QProcess>
#include <QTest>

using trainyard::secrets::Masker;

class TestMasker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void masksLine_data();
    void masksLine();
    void shortValuesAreNotMasked_data();
    void shortValuesAreNotMasked();
    void cleanLineIsUntouched();
    void emptyMaskerChangesNothing();
    void manyLinesFewHits();
    void masksBase64_data();
    void masksBase64();
    void masksEscapedForms_data();
    void masksEscapedForms();
    void masksValueWithCarriageReturn();
    void masksPythonRepr_data();
    void masksPythonRepr();
};

void TestMasker::masksLine_data()
{
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QList<QByteArray>>("values");
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QByteArray>("expected");

    const QStringList hf{QStringLiteral("hf")};
    const QList<QByteArray> tok{QByteArrayLiteral("hf_abc123")};
    QTest::newRow("middle") << hf << tok << QByteArray("token=hf_abc123 ok")
                            << QByteArray("token=[secret:hf] ok");
    QTest::newRow("start") << hf << tok << QByteArray("hf_abc123 is the token")
                           << QByteArray("[secret:hf] is the token");
    QTest::newRow("end") << hf << tok << QByteArray("the token is hf_abc123")
                         << QByteArray("the token is [secret:hf]");
    QTest::newRow("whole line") << hf << tok << QByteArray("hf_abc123")
                                << QByteArray("[secret:hf]");
    QTest::newRow("repeated") << hf << tok << QByteArray("hf_abc123,hf_abc123 hf_abc123")
                              << QByteArray("[secret:hf],[secret:hf] [secret:hf]");
    QTest::newRow("prefix only stays")
        << hf << tok << QByteArray("hf_abc12 is not it") << QByteArray("hf_abc12 is not it");
    QTest::newRow("self-overlapping value")
        << QStringList{QStringLiteral("a")} << QList<QByteArray>{"aaaa"} << QByteArray("xaaaaaay")
        << QByteArray("x[secret:a]y");
    QTest::newRow("two secrets") << QStringList{QStringLiteral("hf"), QStringLiteral("wandb")}
                                 << QList<QByteArray>{"hf_abc123", "wb-987654"}
                                 << QByteArray("hf=hf_abc123 wandb=wb-987654")
                                 << QByteArray("hf=[secret:hf] wandb=[secret:wandb]");
    QTest::newRow("one value inside another: longest wins")
        << QStringList{QStringLiteral("short"), QStringLiteral("long")}
        << QList<QByteArray>{"abcd", "xxabcdyy"} << QByteArray("[xxabcdyy] [abcd]")
        << QByteArray("[[secret:long,short]] [[secret:short]]");
    QTest::newRow("overlapping secrets leave no fragment")
        << QStringList{QStringLiteral("a"), QStringLiteral("b")}
        << QList<QByteArray>{"abcdef", "defghi"} << QByteArray("<abcdefghi>")
        << QByteArray("<[secret:a,b]>");
    QTest::newRow("adjacent secrets merge") << QStringList{QStringLiteral("a"), QStringLiteral("b")}
                                            << QList<QByteArray>{"1111", "2222"}
                                            << QByteArray("11112222") << QByteArray("[secret:a,b]");
    QTest::newRow("binary bytes around")
        << hf << tok << QByteArray("\x00\xff hf_abc123\x00\xfe", 15)
        << QByteArray("\x00\xff [secret:hf]\x00\xfe", 17);
    QTest::newRow("binary value") << QStringList{QStringLiteral("bin")}
                                  << QList<QByteArray>{QByteArray("\x00\x01\x02\xff", 4)}
                                  << QByteArray("a\x00\x01\x02\xff"
                                                "b",
                                                6)
                                  << QByteArray("a[secret:bin]b");
    QTest::newRow("utf-8 value") << QStringList{QStringLiteral("u")}
                                 << QList<QByteArray>{QByteArray("p\xc3\xa4ss")}
                                 << QByteArray("key: p\xc3\xa4ss!")
                                 << QByteArray("key: [secret:u]!");
}

void TestMasker::masksLine()
{
    QFETCH(QStringList, names);
    QFETCH(QList<QByteArray>, values);
    QFETCH(QByteArray, line);
    QFETCH(QByteArray, expected);
    Masker masker;
    for (qsizetype i = 0; i < names.size(); ++i)
        QVERIFY(masker.addSecret(names.at(i), values.at(i)));
    QByteArray out;
    QCOMPARE(masker.mask(line.constData(), line.size(), &out), line != expected);
    QCOMPARE(masker.masked(line), expected);
    for (const QByteArray &value : std::as_const(values))
        QVERIFY(!masker.masked(line).contains(value));
}

void TestMasker::shortValuesAreNotMasked_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<bool>("masked");
    QTest::newRow("1 byte") << QByteArray("1") << false;
    QTest::newRow("3 bytes") << QByteArray("abc") << false;
    QTest::newRow("4 bytes") << QByteArray("abcd") << true;
    QTest::newRow("3 bytes utf-8 = 2 chars") << QByteArray("\xc3\xa4x") << false;
}

void TestMasker::shortValuesAreNotMasked()
{
    QFETCH(QByteArray, value);
    QFETCH(bool, masked);
    Masker masker;
    QCOMPARE(masker.addSecret(QStringLiteral("s"), value), masked);
    QCOMPARE(masker.isEmpty(), !masked);
    const QByteArray line = "value " + value + " here";
    QCOMPARE(masker.masked(line) != line, masked);
}

void TestMasker::cleanLineIsUntouched()
{
    Masker masker;
    masker.addSecret(QStringLiteral("hf"), QByteArrayLiteral("hf_abc123"));
    QByteArray out = "unchanged";
    const QByteArray line = "epoch 1 loss 0.25 hf_abc12";
    QVERIFY(!masker.mask(line.constData(), line.size(), &out));
    QCOMPARE(out, QByteArray("unchanged"));
    QVERIFY(!masker.mask(nullptr, 0, &out));
}

void TestMasker::emptyMaskerChangesNothing()
{
    const Masker masker;
    QVERIFY(masker.isEmpty());
    QCOMPARE(masker.masked("hf_abc123"), QByteArray("hf_abc123"));
}

void TestMasker::manyLinesFewHits()
{
    Masker masker;
    masker.addSecret(QStringLiteral("hf"), QByteArrayLiteral("hf_abc123"));
    masker.addSecret(QStringLiteral("gcs"), QByteArrayLiteral("GOOG1EXAMPLEKEY"));
    int masked = 0;
    for (int i = 0; i < 1000; ++i) {
        QByteArray line = "step " + QByteArray::number(i) + " loss 0.1";
        if (i % 100 == 7)
            line += " GOOG1EXAMPLEKEY";
        const QByteArray out = masker.masked(line);
        QVERIFY(!out.contains("GOOG1EXAMPLEKEY"));
        masked += out != line;
    }
    QCOMPARE(masked, 10);
}

void TestMasker::masksBase64_data()
{
    // base64(PREFIX + "hf_abc123XYZ>>?" + "!!") as a Basic header or a token blob carries it: at
    // each byte alignment, in both alphabets ('>>?' encodes to "Pj4/" or "Pj4_").
    QTest::addColumn<QByteArray>("encoded");
    QTest::addColumn<int>("prefixBytes");
    QTest::newRow("aligned") << QByteArray("aGZfYWJjMTIzWFlaPj4/ISE=") << 0;
    QTest::newRow("aligned, url-safe") << QByteArray("aGZfYWJjMTIzWFlaPj4_ISE=") << 0;
    QTest::newRow("shift 2") << QByteArray("dTpoZl9hYmMxMjNYWVo+Pj8hIQ==") << 2;
    QTest::newRow("shift 2, url-safe") << QByteArray("dTpoZl9hYmMxMjNYWVo-Pj8hIQ==") << 2;
    QTest::newRow("shift 1 (3 bytes before)") << QByteArray("dXM6aGZfYWJjMTIzWFlaPj4/ISE=") << 3;
}

void TestMasker::masksBase64()
{
    QFETCH(QByteArray, encoded);
    QFETCH(int, prefixBytes);
    Masker masker;
    QVERIFY(masker.addSecret(QStringLiteral("hf"), QByteArray("hf_abc123XYZ>>?")));
    const QByteArray line = "Authorization: Basic " + encoded;
    const QByteArray masked = masker.masked(line);
    QVERIFY2(masked.contains("[secret:hf]"), masked.constData());
    // What is left of the encoded text: the prefix's and the suffix's characters and at most
    // one character on each side that mixes them with the value.
    QByteArray rest = masked.mid(21);
    rest.replace("[secret:hf]", "");
    const int allowed = (prefixBytes * 4 + 2) / 3 + 4 /* "ISE=" */ + 2;
    QVERIFY2(rest.size() <= allowed, rest.constData());
    // Decoded, what is left holds no piece of the value longer than 2 bytes.
    QVERIFY(!QByteArray::fromBase64(rest).contains("abc"));
}

void TestMasker::masksEscapedForms_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QByteArray>("expected");
    const QByteArray url("p@ss w/rd&x=1");
    QTest::newRow("percent-encoded") << url << QByteArray("GET /cb?t=p%40ss%20w%2Frd%26x%3D1 HTTP")
                                     << QByteArray("GET /cb?t=[secret:s] HTTP");
    QTest::newRow("lower-case escapes")
        << url << QByteArray("t=p%40ss%20w%2frd%26x%3d1&n=2") << QByteArray("t=[secret:s]&n=2");
    QTest::newRow("form-encoded") << url << QByteArray("body: t=p%40ss+w%2Frd%26x%3D1")
                                  << QByteArray("body: t=[secret:s]");
    const QByteArray json("ab\"cd\\ef\x1b/\xc3\xa9");
    QTest::newRow("json.dumps") << json << QByteArray("{\"t\": \"ab\\\"cd\\\\ef\\u001b/\\u00e9\"}")
                                << QByteArray("{\"t\": \"[secret:s]\"}");
    QTest::newRow("json, UTF-8 kept")
        << json << QByteArray("{\"t\":\"ab\\\"cd\\\\ef\\u001b/\xc3\xa9\"}")
        << QByteArray("{\"t\":\"[secret:s]\"}");
    QTest::newRow("json, \\/ and upper-case hex")
        << json << QByteArray("{\"t\":\"ab\\\"cd\\\\ef\\u001B\\/\xc3\xa9\"}")
        << QByteArray("{\"t\":\"[secret:s]\"}");
    QTest::newRow("repr of a value with \\r")
        << QByteArray("tok1\rtok2-long") << QByteArray("env={'T': 'tok1\\rtok2-long'}")
        << QByteArray("env={'T': '[secret:s]'}");
}

void TestMasker::masksEscapedForms()
{
    QFETCH(QByteArray, value);
    QFETCH(QByteArray, line);
    QFETCH(QByteArray, expected);
    Masker masker;
    QVERIFY(masker.addSecret(QStringLiteral("s"), value));
    QCOMPARE(masker.masked(line), expected);
    QCOMPARE(masker.size(), 1);
    QCOMPARE(masker.names(), QStringList{QStringLiteral("s")});
}

void TestMasker::masksValueWithCarriageReturn()
{
    // The log splits "tok1\rtok2-long" into two lines: each piece is masked on its own.
    Masker masker;
    QVERIFY(masker.addSecret(QStringLiteral("cr"), QByteArray("tok1\rtok2-long")));
    QCOMPARE(masker.masked("progress tok1"), QByteArray("progress [secret:cr]"));
    QCOMPARE(masker.masked("tok2-long done"), QByteArray("[secret:cr] done"));
    QCOMPARE(masker.masked("a tok1\rtok2-long b"), QByteArray("a [secret:cr] b"));
}

void TestMasker::masksPythonRepr_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<QByteArray>("expression"); // Python, of v (the value as a str)
    QTest::addColumn<QByteArray>("expected");   // the masked line
    const QByteArray both("pa'ss\"wo\\rd");     // both quotes and a backslash: repr escapes '
    const QByteArray dq("pa\"ss\\word");        // " and a backslash: repr quotes with '
    const QByteArray sq("it's\\a-token");       // ' and a backslash: repr quotes with "
    const QByteArray wide("t\xc3\xa9st\x1b\xe2\x80\xa8\xf0\x9f\x94\x91'\"\x7f");
    QTest::newRow("repr, both quotes")
        << both << QByteArray("repr(v)") << QByteArray("'[secret:s]'");
    QTest::newRow("dict, both quotes")
        << both << QByteArray("{'token': v}") << QByteArray("{'token': '[secret:s]'}");
    QTest::newRow("repr, double quote")
        << dq << QByteArray("repr(v)") << QByteArray("'[secret:s]'");
    QTest::newRow("repr, single quote")
        << sq << QByteArray("repr(v)") << QByteArray("\"[secret:s]\"");
    QTest::newRow("list, single quote")
        << sq << QByteArray("[v, 1]") << QByteArray("[\"[secret:s]\", 1]");
    QTest::newRow("repr, non-ASCII and controls")
        << wide << QByteArray("repr(v)") << QByteArray("'[secret:s]'");
    QTest::newRow("ascii()") << wide << QByteArray("ascii(v)") << QByteArray("'[secret:s]'");
    QTest::newRow("repr of bytes")
        << wide << QByteArray("repr(v.encode())") << QByteArray("b'[secret:s]'");
    QTest::newRow("repr of bytes, both quotes")
        << both << QByteArray("repr(v.encode())") << QByteArray("b'[secret:s]'");
}

// What a trainer prints (Python's own repr(), ascii(), a dict or list of the value) is masked
// whole: no quote, backslash or piece of the value survives the mask.
void TestMasker::masksPythonRepr()
{
    QFETCH(QByteArray, value);
    QFETCH(QByteArray, expression);
    QFETCH(QByteArray, expected);
    if (!QFile::exists(QStringLiteral("/usr/bin/python3")))
        QSKIP("needs /usr/bin/python3");
    QProcess python;
    python.start(QStringLiteral("/usr/bin/python3"),
                 {QStringLiteral("-c"),
                  QStringLiteral("import sys; v = bytes.fromhex(sys.argv[1]).decode(); "
                                 "sys.stdout.buffer.write(str(%1).encode())")
                      .arg(QString::fromLatin1(expression)),
                  QString::fromLatin1(value.toHex())});
    QVERIFY(python.waitForFinished(20000));
    QCOMPARE(python.exitCode(), 0);
    const QByteArray line = python.readAllStandardOutput();
    QVERIFY(!line.contains(value)); // the escaped form, not the value itself
    Masker masker;
    QVERIFY(masker.addSecret(QStringLiteral("s"), value));
    QCOMPARE(masker.masked(line), expected);
}

QTEST_GUILESS_MAIN(TestMasker)
#include "tst_masker.moc"
