// SPDX-License-Identifier: MIT
// metrics::writeShortest() writes what std::to_chars writes, byte for byte: for every whole
// number, thousandth and value of up to nine decimals it takes its short path on (steps, wall
// times from milliseconds, what trainers print; both signs, every magnitude and both forms), at
// the edges of those paths (2^53, 10^12, 10^6, ties between fixed and scientific) and for values
// it hands to std::to_chars.
#include "metrics/shortestnumber.h"

#include <QTest>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

using trainyard::metrics::ShortestNumberMaxChars;
using trainyard::metrics::writeShortest;

namespace {

std::string ours(double v)
{
    char text[ShortestNumberMaxChars];
    return std::string(text, writeShortest(v, text));
}

std::string theirs(double v)
{
    char text[64];
    return std::string(text, std::to_chars(text, text + sizeof text, v).ptr);
}

} // namespace

class TestShortestNumber : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void examples_data();
    void examples();
    void equalsToChars();
};

void TestShortestNumber::examples_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("step") << 41.0 << QByteArray("41");
    QTest::newRow("tie keeps fixed") << 10000.0 << QByteArray("10000");
    QTest::newRow("exponent when shorter") << 100000.0 << QByteArray("1e+05");
    QTest::newRow("1.2e+07") << 12000000.0 << QByteArray("1.2e+07");
    QTest::newRow("wall time") << 1763800000017.0 / 1000.0 << QByteArray("1763800000.017");
    QTest::newRow("wall time on a second") << 1763800000000.0 / 1000.0 << QByteArray("1763800000");
    QTest::newRow("wall time, tenths") << 1763800000100.0 / 1000.0 << QByteArray("1763800000.1");
    QTest::newRow("small") << 0.0001 << QByteArray("1e-04");
    QTest::newRow("thousandth") << 0.001 << QByteArray("0.001");
    QTest::newRow("negative") << -2.5 << QByteArray("-2.5");
    QTest::newRow("loss") << 0.6931471805599453 << QByteArray("0.6931471805599453");
}

void TestShortestNumber::examples()
{
    QFETCH(double, value);
    QFETCH(QByteArray, text);
    QCOMPARE(QByteArray::fromStdString(ours(value)), text);
    QCOMPARE(QByteArray::fromStdString(theirs(value)), text); // the reference agrees
}

void TestShortestNumber::equalsToChars()
{
    int checked = 0;
    const auto check = [&checked](double v) {
        ++checked;
        const std::string a = ours(v);
        const std::string b = theirs(v);
        if (a != b)
            QFAIL(qPrintable(QStringLiteral("%1: ours %2, std::to_chars %3")
                                 .arg(v, 0, 'g', 17)
                                 .arg(QString::fromStdString(a), QString::fromStdString(b))));
    };
    // Every small whole number and thousandth, both signs.
    for (int i = 1; i <= 200000; ++i) {
        check(i);
        check(-i);
        check(i / 1000.0);
        check(-i / 1000.0);
    }
    // Whole numbers and thousandths of every magnitude: powers of ten, one digit, many digits,
    // runs of trailing zeros, up to the edges of the short paths and beyond.
    quint64 x = 88172645463325252ull;
    const auto next = [&x] {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        return x;
    };
    for (int e = 0; e <= 17; ++e) {
        const double p = std::pow(10.0, e);
        for (double v : {p, 2 * p, 12 * p, 105 * p, 9 * p, 99 * p, 123456789 * p, p - 1, p + 1}) {
            check(v);
            check(-v);
            check(v / 1000.0);
            check(std::nextafter(v / 1000.0, 0.0));
        }
    }
    for (int i = 0; i < 300000; ++i) {
        const auto digits = int(next() % 16) + 1;
        const auto m = qint64(next() % quint64(std::pow(10.0, digits)));
        const double zeros = std::pow(10.0, double(next() % 4));
        check(double(m) * zeros);
        check(double(m) / 1000.0);
        check(-double(m) / 1000.0);
        // Milliseconds since the epoch, as wall times are stored.
        const auto ms = qint64(next() % 4102444800000ull);
        check(double(ms) / 1000.0);
    }
    // What trainers print: up to nine decimals, below and above 10^6.
    for (int i = 0; i < 300000; ++i) {
        const int decimals = int(next() % 10);
        const double scale = std::pow(10.0, decimals);
        const auto m =
            qint64(next() % 100000000000000ull) / qint64(std::pow(10.0, double(next() % 14)));
        check(double(m) / scale);
        check(-double(m) / scale);
    }
    for (double v : {0.6931, 1e-9, 1.5e-9, 123456.123456789, 999999.999999999, 1e6 - 1e-9, 1e6,
                     1000000.000000001, 0.1, 0.2, 0.3, 2.5e-5, 9.99999999e-7})
        check(v);
    for (double v : {9007199254740991.0, 9007199254740992.0, 9007199254740993.0, 1e12 - 0.001, 1e12,
                     1e12 + 0.001, 999999999999.999, 4503599627370495.5})
        check(v);
    // Values the short paths leave to std::to_chars.
    for (int i = 0; i < 100000; ++i) {
        double v = 0;
        const quint64 bits = next();
        std::memcpy(&v, &bits, sizeof v);
        if (std::isfinite(v))
            check(v);
        check(double(next() % 1000000) / 7.0);
    }
    for (double v :
         {0.0, -0.0, std::numeric_limits<double>::min(), std::numeric_limits<double>::denorm_min(),
          std::numeric_limits<double>::max(), -std::numeric_limits<double>::max(), 1e-300, 5e-324})
        check(v);
    QVERIFY(checked > 1000000);
}

QTEST_GUILESS_MAIN(TestShortestNumber)
#include "tst_shortestnumber.moc"
