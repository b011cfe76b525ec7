// SPDX-License-Identifier: MIT
// Tables of the reference (ai-platform-training.md, sections 3.1, 3.2, 4.2) pasted verbatim,
// and a reader for their Markdown rows. Independent of resources/catalog.yaml on purpose.
#pragma once

#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace reference {

// Reference table 4.2, verbatim.
inline const char Table42[] = R"(
| n1-standard-4 | | 1,2,4,8 | 1,2,4 | 1,2,4 | 1,2,4 | 1,2,4,8 | S |
| n1-standard-8 | | 1,2,4,8 | 1,2,4 | 1,2,4 | 1,2,4 | 1,2,4,8 | S |
| n1-standard-16 | | 2,4,8 | 1,2,4 | 1,2,4 | 1,2,4 | 2,4,8 | S |
| n1-standard-32 | | 4,8 | 2,4 | 2,4 | 2,4 | 4,8 | S |
| n1-standard-64 | | | 4 | | 4 | 8 | U |
| n1-standard-96 | | | 4 | | 4 | 8 | U |
| n1-highmem-2 | | 1,2,4,8 | 1,2,4 | 1,2,4 | 1,2,4 | 1,2,4,8 | S |
| n1-highmem-4 | | 1,2,4,8 | 1,2,4 | 1,2,4 | 1,2,4 | 1,2,4,8 | S |
| n1-highmem-8 | | 1,2,4,8 | 1,2,4 | 1,2,4 | 1,2,4 | 1,2,4,8 | S |
| n1-highmem-16 | | 2,4,8 | 1,2,4 | 1,2,4 | 1,2,4 | 2,4,8 | S |
| n1-highmem-32 | | 4,8 | 2,4 | 2,4 | 2,4 | 4,8 | S |
| n1-highmem-64 | | | 4 | | 4 | 8 | U |
| n1-highmem-96 | | | 4 | | 4 | 8 | U |
| n1-highcpu-16 | | 2,4,8 | 1,2,4 | 1,2,4 | 1,2,4 | 2,4,8 | S |
| n1-highcpu-32 | | 4,8 | 2,4 | 2,4 | 2,4 | 4,8 | S |
| n1-highcpu-64 | | 8 | 4 | 4 | 4 | 8 | U |
| n1-highcpu-96 | | | 4 | | 4 | 8 | U |
| a2-highgpu-1g | 1 | | | | | | U |
| a2-highgpu-2g | 2 | | | | | | U |
| a2-highgpu-4g | 4 | | | | | | U |
| a2-highgpu-8g | 8 | | | | | | U |
| a2-megagpu-16g | 16 | | | | | | U |
)";

// Column order of table 4.2.
inline const char *const Gpus[] = {"NVIDIA_TESLA_A100", "NVIDIA_TESLA_K80", "NVIDIA_TESLA_P4",
                                   "NVIDIA_TESLA_P100", "NVIDIA_TESLA_T4",  "NVIDIA_TESLA_V100"};

// Reference table 3.1, verbatim.
inline const char Table31[] = R"(
| n1-standard-4 | 4 | 15 |
| n1-standard-8 | 8 | 30 |
| n1-standard-16 | 16 | 60 |
| n1-standard-32 | 32 | 120 |
| n1-standard-64 | 64 | 240 |
| n1-standard-96 | 96 | 360 |
| n1-highmem-2 | 2 | 13 |
| n1-highmem-4 | 4 | 26 |
| n1-highmem-8 | 8 | 52 |
| n1-highmem-16 | 16 | 104 |
| n1-highmem-32 | 32 | 208 |
| n1-highmem-64 | 64 | 416 |
| n1-highmem-96 | 96 | 624 |
| n1-highcpu-16 | 16 | 14.4 |
| n1-highcpu-32 | 32 | 28.8 |
| n1-highcpu-64 | 64 | 57.6 |
| n1-highcpu-96 | 96 | 86.4 |
| a2-highgpu-1g | 12 | 85 |
| a2-highgpu-2g | 24 | 170 |
| a2-highgpu-4g | 48 | 340 |
| a2-highgpu-8g | 96 | 680 |
| a2-megagpu-16g | 96 | 1360 |
)";

// Reference table 3.2, verbatim.
inline const char Table32[] = R"(
| standard | — | n1-standard-4 | 4 / 15 |
| large_model | — (high memory, for PS) | n1-highmem-8 | 8 / 52 |
| complex_model_s | — | n1-highcpu-8 | 8 / 7.2 |
| complex_model_m | — (≈2× complex_model_s) | n1-highcpu-16 | 16 / 14.4 |
| complex_model_l | — (≈2× complex_model_m) | n1-highcpu-32 | 32 / 28.8 |
| standard_gpu | 1 × K80 [S] | n1-standard-8 + K80 | 8 / 30 |
| complex_model_m_gpu | 4 × K80 [S] | n1-standard-16 + 4 K80 | 16 / 60 |
| complex_model_l_gpu | 8 × K80 [S] | n1-standard-32 + 8 K80 | 32 / 120 |
| standard_p100 | 1 × P100 [S] | n1-standard-8 + P100 | 8 / 30 |
| complex_model_m_p100 | 4 × P100 [S] | n1-standard-16 + 4 P100 | 16 / 60 |
| standard_v100 | 1 × V100 [S] | n1-standard-8 + V100 | 8 / 30 |
| large_model_v100 | 1 × V100 [S] | n1-highmem-8 + V100 | 8 / 52 |
| complex_model_m_v100 | 4 × V100 [S] | n1-standard-16 + 4 V100 | 16 / 60 |
| complex_model_l_v100 | 8 × V100 [S] | n1-standard-32 + 8 V100 | 32 / 120 |
)";

inline QList<QStringList> rowsOf(const char *table)
{
    QList<QStringList> rows;
    const QStringList lines = QString::fromUtf8(table).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &line : lines) {
        QStringList cells = line.split(QLatin1Char('|'));
        cells = cells.mid(1, cells.size() - 2); // drop the text outside the outer bars
        for (QString &cell : cells)
            cell = cell.trimmed();
        rows.append(cells);
    }
    return rows;
}

inline QList<int> countsOf(const QString &cell)
{
    QList<int> counts;
    if (cell.isEmpty())
        return counts;
    const QStringList parts = cell.split(QLatin1Char(','));
    for (const QString &p : parts)
        counts.append(p.toInt());
    return counts;
}

inline QString gpuOf(const QString &text)
{
    // "4 × K80 [S]" -> NVIDIA_TESLA_K80
    static const QRegularExpression re(QStringLiteral("^\\d+ × (\\w+)"));
    const QRegularExpressionMatch m = re.match(text);
    return m.hasMatch() ? QStringLiteral("NVIDIA_TESLA_") + m.captured(1) : QString();
}

} // namespace reference
