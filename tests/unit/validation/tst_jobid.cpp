// SPDX-License-Identifier: MIT
// Job ID rules (docs/service.md §1) through validateJobId() and through validate().
#include "testjobs.h"

#include <QTest>

using namespace trainyard;
using namespace trainyard::testjobs;

class TestJobId : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rules_data();
    void rules();
    void existingIds();
    void throughValidate();
};

void TestJobId::rules_data()
{
    QTest::addColumn<QString>("jobId");
    QTest::addColumn<QStringList>("expected"); // substrings, one per expected diagnostic

    const QString max = QStringLiteral("a") + QString(127, QLatin1Char('b'));
    QTest::newRow("typical") << QStringLiteral("census_20240101_120000") << QStringList();
    QTest::newRow("one letter") << QStringLiteral("a") << QStringList();
    QTest::newRow("upper and lower case") << QStringLiteral("Census_Run_2") << QStringList();
    QTest::newRow("trailing underscore") << QStringLiteral("x_") << QStringList();
    QTest::newRow("128 characters") << max << QStringList();
    QTest::newRow("129 characters")
        << max + QLatin1Char('b')
        << QStringList{QStringLiteral("jobId is 129 characters long; the maximum is 128")};
    QTest::newRow("empty") << QString() << QStringList{QStringLiteral("jobId is required")};
    QTest::newRow("leading digit")
        << QStringLiteral("1census")
        << QStringList{QStringLiteral("must start with a letter (A–Z or a–z), not '1'")};
    QTest::newRow("leading underscore")
        << QStringLiteral("_census")
        << QStringList{QStringLiteral("must start with a letter (A–Z or a–z), not '_'")};
    QTest::newRow("hyphen") << QStringLiteral("cens-us")
                            << QStringList{QStringLiteral(
                                   "character 5 '-' is not allowed: use letters, digits and "
                                   "underscores (hyphens are not allowed)")};
    QTest::newRow("non-ASCII letter")
        << QStringLiteral("caf\u00e9_run")
        << QStringList{QStringLiteral("character 4 '\u00e9' is not allowed: use only the letters "
                                      "A–Z and a–z")};
    QTest::newRow("non-ASCII first letter")
        << QStringLiteral("\u00e9t\u00e9")
        << QStringList{QStringLiteral("not '\u00e9'"), QStringLiteral("character 3 '\u00e9'")};
    QTest::newRow("space") << QStringLiteral("my job")
                           << QStringList{QStringLiteral("character 3 ' ' is not allowed")};
    QTest::newRow("dot") << QStringLiteral("job.1")
                         << QStringList{QStringLiteral("character 4 '.' is not allowed")};
    QTest::newRow("emoji counts as one character")
        << QStringLiteral("ab\U0001F600c")
        << QStringList{QStringLiteral("character 3 '\U0001F600' is not allowed")};
    QTest::newRow("leading digit and too long")
        << QStringLiteral("9") + max
        << QStringList{QStringLiteral("not '9'"),
                       QStringLiteral("is 129 characters long; the maximum is 128")};
}

void TestJobId::rules()
{
    QFETCH(QString, jobId);
    QFETCH(QStringList, expected);

    const jobspec::Diagnostics diags = validation::validateJobId(jobId);
    QVERIFY2(diags.size() == expected.size(), qPrintable(dump(diags)));
    for (qsizetype i = 0; i < diags.size(); ++i) {
        QVERIFY(diags.at(i).isError());
        QCOMPARE(diags.at(i).field, QStringLiteral("jobId"));
        QVERIFY2(diags.at(i).message.contains(expected.at(i)), qPrintable(dump(diags)));
    }
}

void TestJobId::existingIds()
{
    const QSet<QString> existing{QStringLiteral("census"), QStringLiteral("census_2")};
    const jobspec::Diagnostics diags =
        validation::validateJobId(QStringLiteral("census"), existing);
    QCOMPARE(diags.size(), 1);
    QVERIFY(diags.first().isError());
    QVERIFY2(diags.first().message.startsWith(QStringLiteral("a job named census already exists")),
             qPrintable(dump(diags)));
    // The suggested alternative is free.
    QVERIFY2(diags.first().message.contains(QStringLiteral("census_3")), qPrintable(dump(diags)));

    QVERIFY(validation::validateJobId(QStringLiteral("census_4"), existing).isEmpty());
}

void TestJobId::throughValidate()
{
    Job job = baseJob();
    QVERIFY2(run(job).isEmpty(), qPrintable(dump(run(job))));

    job.jobId = QStringLiteral("census-2024");
    const jobspec::Diagnostics diags = run(job);
    QCOMPARE(diags.size(), 1);
    QCOMPARE(diags.first().field, QStringLiteral("jobId"));

    validation::Options options;
    options.existingJobIds = {QStringLiteral("census_20240101_120000")};
    const jobspec::Diagnostics taken = validation::validate(baseJob(), cat(), options);
    QCOMPARE(taken.size(), 1);
    QVERIFY(taken.first().message.contains(QStringLiteral("already exists")));
}

QTEST_GUILESS_MAIN(TestJobId)
#include "tst_jobid.moc"
