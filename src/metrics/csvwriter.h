// SPDX-License-Identifier: MIT
// The one CSV writer: every CSV Trainyard writes (a chart's points, the Compare table, the
// Compare points aligned on the step, `trainyard jobs metrics --format=csv`) goes through it.
//
// RFC 4180: fields separated by ',', rows ended by '\n', text fields always quoted with '"'
// doubled inside. Numbers in the shortest form that reads back to the same double (0.656, not
// 0.65600000000000003); whole numbers below 2^53 without exponent (1000000, not 1e+06);
// non-finite values as nan, inf, -inf. Rows are buffered and written in chunks.
//
// `jobs metrics` writes its own established form through the same writer: text quoted only
// where it must be (minimalField()) and numbers in the shortest form with or without exponent,
// whichever is shorter (shortestNumber(): 1e+06, 0.0001 as 1e-04).
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringView>
#include <functional>
#include <vector>

class QIODevice;

namespace trainyard::metrics {

class CsvWriter
{
public:
    explicit CsvWriter(QIODevice *out);
    ~CsvWriter();
    CsvWriter(const CsvWriter &) = delete;
    CsvWriter &operator=(const CsvWriter &) = delete;

    CsvWriter &text(QStringView value);      // quoted
    CsvWriter &number(double value);         // formatNumber()
    CsvWriter &shortestNumber(double value); // formatShortest()
    CsvWriter &empty();                      // an empty field
    CsvWriter &raw(const QByteArray &field); // a field that needs no quoting (e.g. a timestamp)
    void endRow();
    // A whole row at once: `fields` (raw fields already joined with ',') and then `count`
    // numbers in formatShortest() form, as raw(fields).shortestNumber(...)... .endRow() writes
    // it, in one step (`jobs metrics` writes millions of these).
    void numbersRow(const QByteArray &fields, const double *numbers, int count);
    // Writes what is buffered; false when the device failed.
    bool flush();

    static QByteArray formatNumber(double value);
    // The shortest text that reads back to the same double, fixed or with exponent, whichever is
    // shorter (fixed on a tie: 100000 is 1e+05, 10000 stays); non-finite as nan, inf, -inf.
    static QByteArray formatShortest(double value);
    // `value` as a field for raw(), quoted (with '"' doubled) only where it must be: when it
    // holds ',', '"', CR or LF, or starts or ends with white space a reader would trim.
    static QByteArray minimalField(QStringView value);

private:
    void separate();
    void put(const char *data, qsizetype size);
    void put(char c);

    QIODevice *m_out;
    std::vector<char> m_buffer; // m_used bytes of it are the rows not yet written
    qsizetype m_used = 0;
    bool m_rowStarted = false;
    bool m_failed = false;
};

// Writes `path` atomically (QSaveFile): `fill` writes the rows and returns false to abandon the
// file (its *error set). On failure *error names the file and the reason.
bool writeCsvFile(const QString &path, const std::function<bool(CsvWriter &)> &fill,
                  QString *error);

} // namespace trainyard::metrics
