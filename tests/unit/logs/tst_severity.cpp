// SPDX-License-Identifier: MIT
// Severity of captured lines: what a user filtering by "errors" expects to see.
#include "logs/severity.h"

#include <QTest>

using trainyard::logs::Severity;
using trainyard::logs::SeverityClassifier;
using trainyard::logs::Stream;

class TestSeverity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void table_data();
    void table();
    void traceback_data();
    void traceback();
    void continuationInherits();
};

void TestSeverity::table_data()
{
    QTest::addColumn<Stream>("stream");
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<Severity>("expected");

    const auto out = Stream::Stdout;
    const auto err = Stream::Stderr;
    QTest::newRow("plain stdout") << out << QByteArray("epoch 1 loss 0.5") << Severity::Info;
    QTest::newRow("plain stderr") << err << QByteArray("some warning text") << Severity::Warning;
    QTest::newRow("empty stderr") << err << QByteArray() << Severity::Warning;
    QTest::newRow("python ERROR") << err << QByteArray("ERROR:root:boom") << Severity::Error;
    QTest::newRow("python ERROR on stdout")
        << out << QByteArray("ERROR:root:boom") << Severity::Error;
    QTest::newRow("coloured python ERROR")
        << out << QByteArray("\x1b[1;31mERROR\x1b[0m:root:boom") << Severity::Error;
    QTest::newRow("colour alone says nothing")
        << out << QByteArray("\x1b[31mboom\x1b[0m") << Severity::Info;
    QTest::newRow("python INFO on stderr")
        << err << QByteArray("INFO:root:step 1") << Severity::Info;
    QTest::newRow("python DEBUG") << err << QByteArray("DEBUG:trainer:x") << Severity::Debug;
    QTest::newRow("python WARNING") << out << QByteArray("WARNING:tf:slow") << Severity::Warning;
    QTest::newRow("python WARN") << out << QByteArray("WARN:x") << Severity::Warning;
    QTest::newRow("python CRITICAL")
        << err << QByteArray("CRITICAL:root:oom") << Severity::Critical;
    QTest::newRow("python FATAL") << err << QByteArray("FATAL:root:x") << Severity::Critical;
    QTest::newRow("lower case is not a level")
        << err << QByteArray("error: x") << Severity::Warning;
    QTest::newRow("level not at start") << out << QByteArray("got ERROR: x") << Severity::Info;
    QTest::newRow("prefix needs colon") << out << QByteArray("ERRORS found") << Severity::Info;
    QTest::newRow("absl E") << err << QByteArray("E1122 12:00:00.123456 42 x.cc:1] bad")
                            << Severity::Error;
    QTest::newRow("absl W") << err << QByteArray("W1122 12:00:00.123 x") << Severity::Warning;
    QTest::newRow("absl I on stderr")
        << err << QByteArray("I1122 12:00:00.123 x") << Severity::Info;
    QTest::newRow("absl F") << err << QByteArray("F1122 12:00:00.123 x") << Severity::Critical;
    QTest::newRow("absl needs 4 digits") << err << QByteArray("E112 x") << Severity::Warning;
    QTest::newRow("absl unknown letter") << out << QByteArray("X1122 12:00:00 x") << Severity::Info;
    QTest::newRow("tensorflow c++ W")
        << err << QByteArray("2023-11-22 10:00:00.123456: W tensorflow/core/x.cc:1] slow")
        << Severity::Warning;
    QTest::newRow("tensorflow c++ I")
        << err << QByteArray("2023-11-22 10:00:00.123456: I tensorflow/core/x.cc:1] ok")
        << Severity::Info;
    QTest::newRow("tensorflow c++ E")
        << out << QByteArray("2023-11-22 10:00:00: E x") << Severity::Error;
    QTest::newRow("date without level")
        << out << QByteArray("2023-11-22 10:00:00 step 1") << Severity::Info;
    QTest::newRow("traceback") << err << QByteArray("Traceback (most recent call last):")
                               << Severity::Error;
    QTest::newRow("invalid utf-8") << err << QByteArray("\xff\xfe ERROR:") << Severity::Warning;
}

void TestSeverity::table()
{
    QFETCH(Stream, stream);
    QFETCH(QByteArray, line);
    QFETCH(Severity, expected);
    SeverityClassifier classifier(stream);
    QCOMPARE(classifier.classify(line), expected);
}

void TestSeverity::traceback_data()
{
    QTest::addColumn<QList<QByteArray>>("lines");
    QTest::addColumn<QList<Severity>>("expected");
    const auto E = Severity::Error;
    const auto W = Severity::Warning;
    QTest::newRow("simple") << QList<QByteArray>{"before",
                                                 "Traceback (most recent call last):",
                                                 "  File \"t.py\", line 3, in <module>",
                                                 "    main()",
                                                 "ValueError: boom",
                                                 "after"}
                            << QList<Severity>{W, E, E, E, E, W};
    QTest::newRow("chained")
        << QList<QByteArray>{"Traceback (most recent call last):",
                             "  File \"a\"",
                             "KeyError: 1",
                             "",
                             "During handling of the above exception, another exception occurred:",
                             "",
                             "Traceback (most recent call last):",
                             "  File \"b\"",
                             "RuntimeError: x",
                             "next"}
        << QList<Severity>{E, E, E, W, W, W, E, E, E, W};
    QTest::newRow("blank line inside stays error")
        << QList<QByteArray>{"Traceback (most recent call last):", "", "  File \"a\"", "E: x", "y"}
        << QList<Severity>{E, E, E, E, W};
}

void TestSeverity::traceback()
{
    QFETCH(QList<QByteArray>, lines);
    QFETCH(QList<Severity>, expected);
    SeverityClassifier classifier(Stream::Stderr);
    for (qsizetype i = 0; i < lines.size(); ++i)
        QVERIFY2(classifier.classify(lines.at(i)) == expected.at(i), lines.at(i).constData());
}

void TestSeverity::continuationInherits()
{
    SeverityClassifier classifier(Stream::Stderr);
    QCOMPARE(classifier.classify("ERROR:root:a very long line", 27, false), Severity::Error);
    // The second 64 KiB piece of that line starts with arbitrary text but is still an error.
    QCOMPARE(classifier.classify("more text", 9, true), Severity::Error);
    QCOMPARE(classifier.classify("next line", 9, false), Severity::Warning);
}

QTEST_GUILESS_MAIN(TestSeverity)
#include "tst_severity.moc"
