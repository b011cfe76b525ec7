// SPDX-License-Identifier: MIT
// The one CSV writer: every CSV Trainyard writes (a chart's points, the Compare table, the
// Compare points aligned on the step, `trainyard jobs metrics --format=csv`) goes through it.
//
// RFC 4180: fields separated by ',', rows ended by '\n', text fields always quoted with '"'
// doubled inside. Numbers in the shortest form that reads back to the same double (0.656, not
// 0.65600000000000003); whole numbers below 2^53 without exponent (1000000, not 1e+06);
// non-finite values as nan, inf, -inf. Rows are buffered and written in chunks.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringView>
#include <functional>

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
    CsvWriter &empty();                      // an empty field
    CsvWriter &raw(const QByteArray &field); // a field that needs no quoting (e.g. a timestamp)
    void endRow();
    // Writes what is buffered; false when the device failed.
    bool flush();

    static QByteArray formatNumber(double value);

private:
    void separate();

    QIODevice *m_out;
    QByteArray m_buffer;
    bool m_rowStarted = false;
    bool m_failed = false;
};

// Writes `path` atomically (QSaveFile): `fill` writes the rows and returns false to abandon the
// file (its *error set). On failure *error names the file and the reason.
bool writeCsvFile(const QString &path, const std::function<bool(CsvWriter &)> &fill,
                  QString *error);

} // namespace trainyard::metrics
