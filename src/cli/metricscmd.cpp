// SPDX-License-Identifier: MIT
// `trainyard jobs metrics JOB_ID [--format=csv|json] [--source S] [--metric M]`: every stored
// point of every series of a job's metric store (log, hypertune, TensorBoard and whatever other
// kinds the store holds), streamed from the series files: records are read in blocks and written
// as they are read, so a series of 10 M points costs a block of memory, not the series.
//
// Before reading, the logs are extracted into the store up to their end when no owner process
// writes it (as the console's Metrics tab does); while the job runs its owner keeps the store
// just behind the logs and this prints what is stored at that moment.
//
// JSON: {"jobId": ..., "series": [{"source", "metric", "kind", "points": [[step, wall_time,
// value], ...]}]}; wall_time in seconds since the epoch; non-finite values as the strings "nan",
// "inf" and "-inf". CSV (metrics::CsvWriter): source,metric,step,wall_time,value; names quoted only
// where they must be. Numbers in shortest round-trip form.
// A TensorBoard series' source is its run (the event file's folder relative to the log dir, as
// TensorBoard names it) followed by " (TensorBoard)".
#include "cli/commands.h"
#include "cli/jobcommands.h"
#include "cli/output.h"
#include "cloudrecord/cloudjob.h"
#include "metrics/csvwriter.h"
#include "metrics/extract.h"
#include "metrics/metricstore.h"
#include "metrics/shortestnumber.h"
#include "metrics/storefollower.h"
#include "metrics/unparsed.h"
#include "metrics/userpatterns.h"
#include "store/jobstore.h"
#include "store/recovery.h"

#include <QCoreApplication>
#include <QFile>
#include <QSettings>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace trainyard::cli {
namespace {

class Metrics
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Cli)
};

// Buffered stdout writes of the JSON form (fwrite in blocks); false once a write failed.
class JsonWriter
{
public:
    ~JsonWriter() { flush(); }
    // "[step, wall_time, value]" after `lead`, with one check for room.
    void point(const char *lead, double step, double wallTime, double value)
    {
        const std::size_t leadSize = std::strlen(lead);
        const std::size_t most = leadSize + 3 * (metrics::ShortestNumberMaxChars + 4) + 2;
        if (m_used + most > sizeof m_buffer)
            flush();
        char *out = m_buffer + m_used;
        std::memcpy(out, lead, leadSize);
        out += leadSize;
        *out++ = '[';
        out = number(step, out);
        *out++ = ',';
        *out++ = ' ';
        out = number(wallTime, out);
        *out++ = ',';
        *out++ = ' ';
        out = number(value, out);
        *out++ = ']';
        m_used = std::size_t(out - m_buffer);
    }
    void add(const char *data, std::size_t size)
    {
        if (m_used + size > sizeof m_buffer)
            flush();
        if (size > sizeof m_buffer) {
            m_ok = std::fwrite(data, 1, size, stdout) == size && m_ok;
            return;
        }
        std::memcpy(m_buffer + m_used, data, size);
        m_used += size;
    }
    void add(const char *text) { add(text, std::strlen(text)); }
    void add(const QByteArray &bytes) { add(bytes.constData(), std::size_t(bytes.size())); }
    // Shortest round-trip form; non-finite values as the strings "nan", "inf", "-inf" (at
    // most ShortestNumberMaxChars + 2 bytes at out); returns the end.
    static char *number(double v, char *out)
    {
        if (std::isfinite(v))
            return metrics::writeShortest(v, out);
        const char *word = std::isnan(v) ? "\"nan\"" : v > 0 ? "\"inf\"" : "\"-inf\"";
        const std::size_t n = std::strlen(word);
        std::memcpy(out, word, n);
        return out + n;
    }
    bool flush()
    {
        if (m_used > 0)
            m_ok = std::fwrite(m_buffer, 1, m_used, stdout) == m_used && m_ok;
        m_used = 0;
        m_ok = std::fflush(stdout) == 0 && m_ok;
        return m_ok;
    }

private:
    char m_buffer[256 * 1024];
    std::size_t m_used = 0;
    bool m_ok = true;
};

QByteArray jsonString(const QString &text)
{
    QByteArray out("\"");
    const QByteArray utf8 = text.toUtf8();
    for (const char c : utf8) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (uchar(c) < 0x20 || c == 0x7f) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", unsigned(uchar(c)));
            out += escape;
        } else {
            out += c;
        }
    }
    return out + '"';
}

struct Series
{
    QString file;
    metrics::SeriesKey key;
    QString source; // as printed
    qint64 header = 0;
};

QString printedSource(const metrics::SeriesKey &key)
{
    if (key.kind == metrics::kinds::TensorBoard)
        return key.source + QStringLiteral(" (TensorBoard)");
    return key.source;
}

int kindOrder(const QString &kind)
{
    if (kind == metrics::kinds::Log)
        return 0;
    if (kind == metrics::kinds::Hypertune)
        return 1;
    if (kind == metrics::kinds::TensorBoard)
        return 2;
    return 3;
}

// The records of a series from the header on, read in place from the mapped file; f(point) for
// each. The count is the complete records at the start (a writer may be appending).
template<typename F>
bool forEachPoint(const Series &series, F &&f)
{
    QFile file(series.file);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const qint64 size = file.size();
    const qint64 count = (size - series.header) / qint64(sizeof(metrics::MetricPoint));
    if (count <= 0)
        return size >= series.header;
    const qint64 end = series.header + count * qint64(sizeof(metrics::MetricPoint));
    const uchar *map = file.map(0, end);
    if (map == nullptr)
        return false;
    // The header's length need not keep the records aligned: each one is copied out.
    const uchar *p = map + series.header;
    for (qint64 i = 0; i < count; ++i, p += sizeof(metrics::MetricPoint)) {
        metrics::MetricPoint point;
        std::memcpy(&point, p, sizeof point);
        f(point);
    }
    return true;
}

// The JSON form to stdout; false (and *error set) when a write failed.
bool writeJson(const QString &jobId, const QList<Series> &series, QString *error)
{
    JsonWriter w;
    w.add("{\n  \"jobId\": ");
    w.add(jsonString(jobId));
    w.add(",\n  \"series\": [");
    bool firstSeries = true;
    for (const Series &s : series) {
        w.add(firstSeries ? "\n    {\"source\": " : ",\n    {\"source\": ");
        w.add(jsonString(s.source));
        w.add(", \"metric\": ");
        w.add(jsonString(s.key.metric));
        w.add(", \"kind\": ");
        w.add(jsonString(s.key.kind));
        w.add(", \"points\": [");
        bool firstPoint = true;
        forEachPoint(s, [&](const metrics::MetricPoint &p) {
            w.point(firstPoint ? "\n      " : ",\n      ", p.step, double(p.wallMs) / 1000.0,
                    p.value);
            firstPoint = false;
        });
        w.add(firstPoint ? "]}" : "\n    ]}");
        firstSeries = false;
    }
    w.add(firstSeries ? "]\n}\n" : "\n  ]\n}\n");
    if (w.flush())
        return true;
    *error = QString::fromLocal8Bit(std::strerror(errno));
    return false;
}

// The CSV form to stdout through the project's CSV writer; a terminal gets source and metric
// names with control characters made visible.
bool writeCsv(const QList<Series> &series, bool terminal, QString *error)
{
    QFile stdoutFile;
    if (!stdoutFile.open(STDOUT_FILENO, QIODevice::WriteOnly | QIODevice::Unbuffered,
                         QFileDevice::DontCloseHandle)) {
        *error = stdoutFile.errorString();
        return false;
    }
    bool flushed = false;
    {
        metrics::CsvWriter csv(&stdoutFile);
        csv.raw("source").raw("metric").raw("step").raw("wall_time").raw("value").endRow();
        for (const Series &s : series) {
            const QByteArray source =
                metrics::CsvWriter::minimalField(terminal ? sanitize(s.source) : s.source);
            const QByteArray metric =
                metrics::CsvWriter::minimalField(terminal ? sanitize(s.key.metric) : s.key.metric);
            const QByteArray fields = source + ',' + metric;
            forEachPoint(s, [&](const metrics::MetricPoint &p) {
                const double numbers[] = {p.step, double(p.wallMs) / 1000.0, p.value};
                csv.numbersRow(fields, numbers, 3);
            });
        }
        flushed = csv.flush();
    }
    if (flushed)
        return true;
    *error = stdoutFile.errorString();
    return false;
}

} // namespace

int runJobsMetrics(const QStringList &args)
{
    const QString command = QStringLiteral("jobs metrics");
    const ParsedArgs parsed = parseArgs(
        args,
        {{QStringLiteral("format"), QStringLiteral("FORMAT"),
          Metrics::tr("csv (the default: a header row, then one row per point) or json")},
         {QStringLiteral("source"), QStringLiteral("SOURCE"),
          Metrics::tr("Only the series of this source (a replica, or \"RUN (TensorBoard)\")")},
         {QStringLiteral("metric"), QStringLiteral("METRIC"), Metrics::tr("Only this metric")}},
        false);
    if (parsed.help) {
        out() << jobsHelp();
        out().flush();
        return exitOk;
    }
    if (!parsed.error.isEmpty())
        return usageError(command, parsed.error);
    if (parsed.positional.size() != 1)
        return usageError(command, Metrics::tr("give exactly one JOB_ID"));
    const QString format = parsed.has(QStringLiteral("format"))
                               ? parsed.value(QStringLiteral("format")).toLower()
                               : QStringLiteral("csv");
    if (format != QLatin1String("csv") && format != QLatin1String("json"))
        return usageError(command, Metrics::tr("unknown format '%1'; use csv or json").arg(format));
    const bool json = format == QLatin1String("json");
    const QString jobId = parsed.positional.first();
    if (!store::JobStore::isStorableJobId(jobId))
        return usageError(command, Metrics::tr("'%1' is not a job ID").arg(jobId));

    const store::JobStore store;
    store::recoverOrphans(store);
    const store::StateReadResult read = store.readState(jobId);
    if (!read && read.failure == store::StateReadResult::Failure::NoSuchJob) {
        err() << sanitize(Metrics::tr("There is no job %1.").arg(jobId)) << '\n';
        err().flush();
        return exitSpecErrors;
    }
    if (cloud::isCloudJob(store, jobId)) {
        err() << sanitize(Metrics::tr("Job %1 runs on Vertex AI: its metrics are not stored on "
                                      "this machine.")
                              .arg(jobId))
              << '\n';
        err().flush();
        return exitSpecErrors;
    }

    // Extract what the logs hold beyond the store first, unless an owner writes it.
    const QString dir = store.metricsDir(jobId);
    {
        const QStringList patterns = metrics::UserPatternStore::usableTexts(
            QSettings().value(QLatin1String(metrics::UserPatternsSettingsKey)).toStringList());
        metrics::StoreFollower follower(dir, store.logsDir(jobId), store.hypertuneDir(jobId),
                                        patterns);
        for (int round = 0; round < 1000000; ++round) {
            follower.pollOnce();
            if (follower.caughtUp())
                break;
        }
        follower.stop();
    }

    const QString sourceFilter = parsed.value(QStringLiteral("source"));
    const QString metricFilter = parsed.value(QStringLiteral("metric"));
    QList<Series> series;
    const QStringList files = metrics::seriesFiles(dir);
    for (const QString &file : files) {
        Series s;
        s.file = file;
        if (!metrics::readSeriesHeader(file, &s.key, &s.header, nullptr))
            continue;
        s.source = printedSource(s.key);
        if (parsed.has(QStringLiteral("source")) && sourceFilter != s.source &&
            sourceFilter != s.key.source)
            continue;
        if (parsed.has(QStringLiteral("metric")) && metricFilter != s.key.metric)
            continue;
        series.append(s);
    }
    std::sort(series.begin(), series.end(), [](const Series &a, const Series &b) {
        if (a.source != b.source)
            return a.source < b.source;
        if (a.key.metric != b.key.metric)
            return a.key.metric < b.key.metric;
        return kindOrder(a.key.kind) < kindOrder(b.key.kind);
    });

    out().flush();
    std::fflush(stdout);
    QString writeError;
    const bool written = json ? writeJson(jobId, series, &writeError)
                              : writeCsv(series, ::isatty(STDOUT_FILENO) == 1, &writeError);
    if (!written) {
        err() << Metrics::tr("Cannot write the points: %1").arg(writeError) << '\n';
        err().flush();
        return exitSpecErrors;
    }
    if (series.isEmpty()) {
        err() << Metrics::tr("Listed 0 items.") << '\n';
        err().flush();
    }
    // Never a silent blank: lines that look like metrics but gave no series (metrics/unparsed.h).
    for (const metrics::UnparsedNotice &notice : metrics::unparsedNotices(dir)) {
        err() << sanitize(metrics::describeNotice(notice)) << '\n';
        if (const QString hint = metrics::patternHint(notice); !hint.isEmpty())
            err() << sanitize(hint) << '\n';
    }
    err().flush();
    return exitOk;
}

} // namespace trainyard::cli
