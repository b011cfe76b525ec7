// SPDX-License-Identifier: MIT
// Masking secret values in log lines: what a user reading a log sees.
#include "secrets/masker.h"

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

QTEST_GUILESS_MAIN(TestMasker)
#include "tst_masker.moc"
