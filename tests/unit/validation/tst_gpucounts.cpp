// SPDX-License-Identifier: MIT
// Every cell of reference table 4.2 (valid GPU counts per machine type), transcribed here from
// the reference independently of resources/catalog.yaml: each valid count passes, and the
// counts 0, 3, 16 and the next count above the largest valid one are rejected with a message
// that names the valid counts. Seed rows give errors, reconstructed [U] rows warnings.
#include "testjobs.h"

#include <QTest>

using namespace trainyard;
using namespace trainyard::testjobs;

namespace {

struct TableRow
{
    const char *machine;
    bool seed; // "S" in the Src column; "U" rows are uncertain
    // Cells in the table's column order: A100, K80, P4, P100, T4, V100. "" = not allowed.
    std::array<const char *, 6> cells;
};

const std::array<const char *, 6> gpuColumns = {"NVIDIA_TESLA_A100", "NVIDIA_TESLA_K80",
                                                "NVIDIA_TESLA_P4",   "NVIDIA_TESLA_P100",
                                                "NVIDIA_TESLA_T4",   "NVIDIA_TESLA_V100"};

// Reference §4.2, row by row.
const TableRow table42[] = {
    {"n1-standard-4", true, {"", "1,2,4,8", "1,2,4", "1,2,4", "1,2,4", "1,2,4,8"}},
    {"n1-standard-8", true, {"", "1,2,4,8", "1,2,4", "1,2,4", "1,2,4", "1,2,4,8"}},
    {"n1-standard-16", true, {"", "2,4,8", "1,2,4", "1,2,4", "1,2,4", "2,4,8"}},
    {"n1-standard-32", true, {"", "4,8", "2,4", "2,4", "2,4", "4,8"}},
    {"n1-standard-64", false, {"", "", "4", "", "4", "8"}},
    {"n1-standard-96", false, {"", "", "4", "", "4", "8"}},
    {"n1-highmem-2", true, {"", "1,2,4,8", "1,2,4", "1,2,4", "1,2,4", "1,2,4,8"}},
    {"n1-highmem-4", true, {"", "1,2,4,8", "1,2,4", "1,2,4", "1,2,4", "1,2,4,8"}},
    {"n1-highmem-8", true, {"", "1,2,4,8", "1,2,4", "1,2,4", "1,2,4", "1,2,4,8"}},
    {"n1-highmem-16", true, {"", "2,4,8", "1,2,4", "1,2,4", "1,2,4", "2,4,8"}},
    {"n1-highmem-32", true, {"", "4,8", "2,4", "2,4", "2,4", "4,8"}},
    {"n1-highmem-64", false, {"", "", "4", "", "4", "8"}},
    {"n1-highmem-96", false, {"", "", "4", "", "4", "8"}},
    {"n1-highcpu-16", true, {"", "2,4,8", "1,2,4", "1,2,4", "1,2,4", "2,4,8"}},
    {"n1-highcpu-32", true, {"", "4,8", "2,4", "2,4", "2,4", "4,8"}},
    {"n1-highcpu-64", false, {"", "8", "4", "4", "4", "8"}},
    {"n1-highcpu-96", false, {"", "", "4", "", "4", "8"}},
    {"a2-highgpu-1g", false, {"1", "", "", "", "", ""}},
    {"a2-highgpu-2g", false, {"2", "", "", "", "", ""}},
    {"a2-highgpu-4g", false, {"4", "", "", "", "", ""}},
    {"a2-highgpu-8g", false, {"8", "", "", "", "", ""}},
    {"a2-megagpu-16g", false, {"16", "", "", "", "", ""}},
};

QList<int> parseCounts(const char *cell)
{
    QList<int> counts;
    const QString text = QString::fromLatin1(cell);
    if (text.isEmpty())
        return counts;
    for (const QString &part : text.split(QLatin1Char(',')))
        counts.append(part.toInt());
    return counts;
}

QString countsText(const QList<int> &counts)
{
    QStringList parts;
    for (int c : counts)
        parts.append(QString::number(c));
    return parts.join(QStringLiteral(", "));
}

enum Expect { Valid = 0, Error = 1, Warning = 2 };

} // namespace

class TestGpuCounts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void table_data();
    void table();
    void exactMessage();
};

void TestGpuCounts::table_data()
{
    QTest::addColumn<QString>("machine");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("expect");
    QTest::addColumn<QString>("field");   // "count" or "type": the leaf the diagnostic names
    QTest::addColumn<QString>("message"); // expected message (exact), or a substring

    for (const TableRow &row : table42) {
        const QString machine = QString::fromLatin1(row.machine);
        const bool a2 = machine.startsWith(QStringLiteral("a2-"));
        for (std::size_t col = 0; col < gpuColumns.size(); ++col) {
            const QString gpu = QString::fromLatin1(gpuColumns[col]);
            const QList<int> valid = parseCounts(row.cells[col]);
            const QString tag = machine + QLatin1Char('/') + gpu + QLatin1Char('/');

            for (int count : valid) {
                QTest::newRow(qPrintable(tag + QString::number(count)))
                    << machine << gpu << count << int(Valid) << QString() << QString();
            }

            // The rejected counts: 0 (never valid), 3, 16 and the next count above the largest.
            QList<int> invalid{3, 16};
            if (!valid.isEmpty())
                invalid.append(valid.last() + 1);
            else
                invalid.append(1);
            for (int count : invalid) {
                if (valid.contains(count))
                    continue;
                const QString rowTag = tag + QString::number(count);
                if (valid.isEmpty() && gpu == QLatin1String("NVIDIA_TESLA_A100")) {
                    // A100 attaches only to A2 types [S]: always an error.
                    QTest::newRow(qPrintable(rowTag))
                        << machine << gpu << count << int(Error) << QStringLiteral("type")
                        << QStringLiteral("NVIDIA_TESLA_A100 cannot attach to %1; A100 attaches "
                                          "only to a2-* machine types")
                               .arg(machine);
                } else if (valid.isEmpty() && a2) {
                    // A2 types take only A100 [S].
                    QTest::newRow(qPrintable(rowTag))
                        << machine << gpu << count << int(Error) << QStringLiteral("type")
                        << QStringLiteral("%1 takes only NVIDIA_TESLA_A100, not %2")
                               .arg(machine, gpu);
                } else if (valid.isEmpty()) {
                    QTest::newRow(qPrintable(rowTag))
                        << machine << gpu << count << int(row.seed ? Error : Warning)
                        << QStringLiteral("type")
                        << QStringLiteral("%1 cannot attach to %2; GPUs that can: ")
                               .arg(gpu, machine);
                } else if (a2) {
                    // The count is fixed by the A2 type [S].
                    QTest::newRow(qPrintable(rowTag))
                        << machine << gpu << count << int(Error) << QStringLiteral("count")
                        << QStringLiteral("%1 comes with exactly %2 × NVIDIA_TESLA_A100; set count "
                                          "to %2")
                               .arg(machine, QString::number(valid.first()));
                } else {
                    QTest::newRow(qPrintable(rowTag))
                        << machine << gpu << count << int(row.seed ? Error : Warning)
                        << QStringLiteral("count")
                        << QStringLiteral("%1 × %2 cannot attach to %3; valid counts: %4")
                               .arg(QString::number(count), gpu, machine, countsText(valid));
                }
            }

            // 0 is never a count: an error whatever the row says.
            QTest::newRow(qPrintable(tag + QStringLiteral("0")))
                << machine << gpu << 0 << int(Error) << QStringLiteral("count")
                << QStringLiteral("acceleratorConfig.count is 0; it must be at least 1");
        }
    }
}

void TestGpuCounts::table()
{
    QFETCH(QString, machine);
    QFETCH(QString, gpu);
    QFETCH(int, count);
    QFETCH(int, expect);
    QFETCH(QString, field);
    QFETCH(QString, message);

    Job job = baseJob();
    job.trainingInput.master.type = machine;
    job.trainingInput.master.config.acceleratorConfig = accel(count, gpu);
    const jobspec::Diagnostics diags = run(job);

    if (expect == Valid) {
        QVERIFY2(diags.isEmpty(), qPrintable(dump(diags)));
        return;
    }
    QVERIFY2(diags.size() == 1, qPrintable(dump(diags)));
    const jobspec::Diagnostic &d = diags.first();
    QCOMPARE(d.field, QStringLiteral("trainingInput.masterConfig.acceleratorConfig.") + field);
    QCOMPARE(d.isError(), expect == Error);
    if (message.endsWith(QStringLiteral(": ")))
        QVERIFY2(d.message.startsWith(message), qPrintable(dump(diags)));
    else
        QCOMPARE(d.message, message);
}

void TestGpuCounts::exactMessage()
{
    // The reference example, word for word.
    Job job = baseJob();
    job.trainingInput.master.type = QStringLiteral("n1-highcpu-16");
    job.trainingInput.master.config.acceleratorConfig = accel(3, QStringLiteral("NVIDIA_TESLA_T4"));
    const jobspec::Diagnostics diags = run(job);
    QCOMPARE(diags.size(), 1);
    QVERIFY(diags.first().isError());
    QCOMPARE(diags.first().message,
             QStringLiteral("3 × NVIDIA_TESLA_T4 cannot attach to n1-highcpu-16; valid counts: "
                            "1, 2, 4"));

    // A machine type that takes no K80 names the GPUs that do fit, with their counts.
    job.trainingInput.master.type = QStringLiteral("n1-standard-64");
    job.trainingInput.master.config.acceleratorConfig =
        accel(4, QStringLiteral("NVIDIA_TESLA_K80"));
    const jobspec::Diagnostics k80 = run(job);
    QCOMPARE(k80.size(), 1);
    QCOMPARE(k80.first().message,
             QStringLiteral("NVIDIA_TESLA_K80 cannot attach to n1-standard-64; GPUs that can: "
                            "NVIDIA_TESLA_P4 (4), NVIDIA_TESLA_T4 (4), NVIDIA_TESLA_V100 (8)"));
}

QTEST_GUILESS_MAIN(TestGpuCounts)
#include "tst_gpucounts.moc"
