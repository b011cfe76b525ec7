// SPDX-License-Identifier: MIT
#include "logs/logsearch.h"

#include "logs/literalscan.h"

#include <QCoreApplication>
#include <QFile>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <QThread>
#include <algorithm>
#include <cstring>
#include <pcre2.h>
#include <thread>

namespace trainyard::logs {

namespace {

// Sources of a pattern for which a match in a record's text is not always a match in the file
// region around it: anchors at the subject start and look-behinds see the prefix or other lines.
bool regionScanIsSound(const QString &pattern)
{
    return !pattern.contains(QLatin1Char('^')) && !pattern.contains(QLatin1String("\\A")) &&
           !pattern.contains(QLatin1String("\\G")) && !pattern.contains(QLatin1String("(?<")) &&
           !pattern.contains(QLatin1String("(*"));
}

} // namespace

struct Matcher::Impl
{
    bool fixed = false; // memmem
    QByteArray needle;
    pcre2_code *code = nullptr;
    pcre2_match_data *data = nullptr;
    bool jit = false;
    bool regionScan = true;
    LiteralScan prefilter; // a literal every match holds; lines without it are never matched

    ~Impl()
    {
        if (data != nullptr)
            pcre2_match_data_free(data);
        if (code != nullptr)
            pcre2_code_free(code);
    }

    int run(const char *subject, qsizetype size) const
    {
        const auto *s = reinterpret_cast<PCRE2_SPTR>(subject);
        return jit ? pcre2_jit_match(code, s, PCRE2_SIZE(size), 0, 0, data, nullptr)
                   : pcre2_match(code, s, PCRE2_SIZE(size), 0, 0, data, nullptr);
    }
};

Matcher::~Matcher() = default;

std::unique_ptr<Matcher> Matcher::create(const SearchOptions &options, QString *error)
{
    std::unique_ptr<Matcher> m(new Matcher);
    m->d = std::make_unique<Impl>();
    const QByteArray utf8 = options.pattern.toUtf8();
    if (!options.regex && options.caseSensitive) {
        m->d->fixed = true;
        m->d->needle = utf8;
        m->d->prefilter = chooseLiteral({utf8}, false, 1);
        return m;
    }
    uint32_t flags = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_MULTILINE;
    if (!options.caseSensitive)
        flags |= PCRE2_CASELESS;
    if (!options.regex) // a fixed string: only these options go with PCRE2_LITERAL
        flags = (flags & ~uint32_t(PCRE2_MULTILINE)) | PCRE2_LITERAL;
    int code = 0;
    PCRE2_SIZE offset = 0;
    m->d->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(utf8.constData()),
                               PCRE2_SIZE(utf8.size()), flags, &code, &offset, nullptr);
    if (m->d->code == nullptr) {
        PCRE2_UCHAR buffer[256];
        pcre2_get_error_message(code, buffer, sizeof buffer);
        if (error != nullptr)
            *error = QCoreApplication::translate("trainyard::logs::LogSearch",
                                                 "The pattern is not valid at character %1: %2")
                         .arg(offset + 1)
                         .arg(QString::fromUtf8(reinterpret_cast<const char *>(buffer)));
        return nullptr;
    }
    m->d->jit = pcre2_jit_compile(m->d->code, PCRE2_JIT_COMPLETE) == 0;
    m->d->data = pcre2_match_data_create_from_pattern(m->d->code, nullptr);
    m->d->regionScan = !options.regex || regionScanIsSound(options.pattern);
    // Without case a fixed string is its own literal (in ASCII pieces); a regular expression
    // has the runs it cannot match without (two bytes at least: shorter ones are no filter).
    m->d->prefilter = options.regex
                          ? chooseLiteral(requiredLiterals(utf8), !options.caseSensitive, 2)
                          : chooseLiteral({utf8}, !options.caseSensitive, 1);
    return m;
}

bool Matcher::matches(const char *data, qsizetype size) const
{
    if (d->fixed) {
        return d->needle.isEmpty() || memmem(data, size_t(size), d->needle.constData(),
                                             size_t(d->needle.size())) != nullptr;
    }
    return d->run(data, size) >= 0;
}

const char *Matcher::findCandidate(const char *from, const char *end) const
{
    if (from >= end)
        return nullptr;
    if (!d->prefilter.isNull())
        return d->prefilter.find(from, end);
    if (d->fixed) {
        if (d->needle.isEmpty())
            return from;
        return static_cast<const char *>(
            memmem(from, size_t(end - from), d->needle.constData(), size_t(d->needle.size())));
    }
    if (!d->regionScan)
        return from;
    if (d->run(from, end - from) < 0)
        return nullptr;
    return from + pcre2_get_ovector_pointer(d->data)[0];
}

SearchSnapshot SearchSnapshot::of(const LogReader &reader)
{
    SearchSnapshot s;
    s.path = reader.fileName();
    s.lineCount = reader.lineCount();
    s.endOffset = reader.indexedBytes();
    s.checkpoints = reader.checkpoints();
    s.hidden = reader.hiddenRanges();
    s.continued = reader.continuationRanges();
    return s;
}

namespace {

// Walks the mapped file by lines, using the checkpoints to skip ahead.
class LineWalker
{
public:
    LineWalker(const char *base, const SearchSnapshot &snapshot)
        : m_base(base)
        , m_snap(snapshot)
    {}

    const char *base() const { return m_base; }
    const char *end() const { return m_base + m_snap.endOffset; }

    // The offset of a line, from its checkpoint.
    qint64 offsetOf(qint64 line) const
    {
        const qint64 cp =
            std::min<qint64>(line / LogReader::IndexStride, m_snap.checkpoints.size() - 1);
        qint64 l = cp * LogReader::IndexStride;
        qint64 off = m_snap.checkpoints.at(cp);
        while (l < line) {
            off = nextLineOffset(off);
            ++l;
        }
        return off;
    }
    qint64 nextLineOffset(qint64 off) const
    {
        const void *nl = std::memchr(m_base + off, '\n', size_t(m_snap.endOffset - off));
        return nl == nullptr ? m_snap.endOffset : static_cast<const char *>(nl) - m_base + 1;
    }
    qint64 previousLineOffset(qint64 off) const
    {
        if (off <= 0)
            return 0;
        const void *nl = off >= 2 ? memrchr(m_base, '\n', size_t(off - 1)) : nullptr;
        return nl == nullptr ? 0 : static_cast<const char *>(nl) - m_base + 1;
    }
    // Moves (line, off) forward to the line that contains the byte at `target`.
    void advance(qint64 *line, qint64 *off, qint64 target) const
    {
        const auto &cps = m_snap.checkpoints;
        const auto it = std::upper_bound(cps.cbegin(), cps.cend(), target);
        if (it != cps.cbegin()) {
            const qint64 k = (it - cps.cbegin()) - 1;
            if (k * LogReader::IndexStride > *line) {
                *line = k * LogReader::IndexStride;
                *off = cps.at(k);
            }
        }
        for (;;) {
            const qint64 next = nextLineOffset(*off);
            if (next > target || next >= m_snap.endOffset)
                return;
            *off = next;
            ++*line;
        }
    }

private:
    const char *m_base;
    const SearchSnapshot &m_snap;
};

// A record's text: the bytes after the prefix, or the whole line if it is not a record.
void recordText(const char *line, qsizetype len, const char **text, qsizetype *size)
{
    const bool framed = len >= RecordPrefixSize && line[23] == 'Z' && line[24] == ' ' &&
                        line[33] == ' ' && line[35] == ' ';
    *text = framed ? line + RecordPrefixSize : line;
    *size = framed ? len - RecordPrefixSize : len;
}

SearchHit hitAt(const char *base, qint64 line, qint64 off, qint64 endOffset, bool context)
{
    SearchHit hit;
    hit.line = line;
    hit.context = context;
    const char *p = base + off;
    const qsizetype avail = qsizetype(std::min<qint64>(endOffset - off, RecordPrefixSize));
    if (avail >= RecordPrefixSize && parseTimestamp(p, avail, &hit.timestamp)) {
        if (!severityFromLetter(p[25], &hit.severity))
            hit.severity = Severity::Info;
    } else {
        hit.timestamp = 0;
    }
    return hit;
}

struct Selected
{
    qint64 line;
    qint64 off;
};

// The checkpoint (index) where a search from (firstLine, startOff) is split in two, or -1: a
// second thread pays off from four windows on (64 MiB by default; tests' tiny windows split
// small files, so both halves and their seam are checked against grep).
qint64 splitPoint(const SearchSnapshot &snapshot, qint64 firstLine, qint64 startOff,
                  qint64 windowBytes)
{
    if (snapshot.endOffset - startOff < 4 * windowBytes || QThread::idealThreadCount() < 2)
        return -1;
    const qint64 middle = startOff + (snapshot.endOffset - startOff) / 2;
    const auto &cps = snapshot.checkpoints;
    const qint64 k = (std::upper_bound(cps.cbegin(), cps.cend(), middle) - cps.cbegin()) - 1;
    if (k <= 0 || k * LogReader::IndexStride <= firstLine || cps.at(k) <= startOff ||
        cps.at(k) >= snapshot.endOffset)
        return -1;
    return k;
}

// The groups with a match among the lines from (line, off) up to the byte `stop` (a line start),
// by their first line, appended to *matched in order. False when cancelled. done(bytes) reports
// progress after each window.
bool scanMatches(const LineWalker &walk, const SearchSnapshot &snapshot, const Matcher &matcher,
                 qint64 line, qint64 off, qint64 stop, qint64 windowBytes,
                 const std::atomic<bool> &cancel, std::vector<Selected> *matched,
                 const std::function<void(qint64)> &done)
{
    const char *const base = walk.base();
    const qint64 startOff = off;
    const auto lineMatches = [&](qint64 lineOff) {
        const qint64 next = walk.nextLineOffset(lineOff);
        const char *text = nullptr;
        qsizetype size = 0;
        recordText(base + lineOff, qsizetype(next - lineOff - 1), &text, &size);
        return matcher.matches(text, size);
    };
    while (off < stop) {
        if (cancel.load(std::memory_order_relaxed))
            return false;
        qint64 windowEnd = std::min(stop, off + windowBytes);
        if (windowEnd < stop) // end the window at a line end
            windowEnd = walk.nextLineOffset(windowEnd - 1);
        const char *p = base + off;
        while (p < base + windowEnd) {
            const char *c = matcher.findCandidate(p, base + windowEnd);
            if (c == nullptr)
                break;
            walk.advance(&line, &off, c - base);
            if (lineMatches(off)) {
                const LineRange *r = LogReader::rangeOf(snapshot.hidden, line);
                const qint64 head = r != nullptr ? r->first - 1 : line;
                if (matched->empty() || matched->back().line != head)
                    matched->push_back(Selected{head, head == line ? off : -1});
            }
            off = walk.nextLineOffset(off);
            ++line;
            p = base + off;
        }
        if (off < windowEnd) { // no candidate left in the window: skip to its end
            walk.advance(&line, &off, windowEnd - 1);
            off = walk.nextLineOffset(off);
            ++line;
        }
        done(off - startOff);
    }
    return true;
}

} // namespace

bool searchLog(const SearchSnapshot &snapshot, const Matcher &matcher, const SearchOptions &options,
               SearchCursor *cursor, std::vector<SearchHit> *hits, const std::atomic<bool> &cancel,
               QString *error, const std::function<void(const SearchProgress &)> &progress,
               qint64 windowBytes)
{
    if (cursor->nextLine >= snapshot.lineCount || snapshot.endOffset <= 0)
        return true;
    QFile file(snapshot.path);
    if (!file.open(QIODevice::ReadOnly) || file.size() < snapshot.endOffset) {
        if (error != nullptr)
            *error = QCoreApplication::translate("trainyard::logs::LogSearch",
                                                 "Cannot read the log file %1: %2")
                         .arg(snapshot.path, file.errorString());
        return false;
    }
    uchar *map = file.map(0, snapshot.endOffset);
    if (map == nullptr) {
        if (error != nullptr)
            *error = QCoreApplication::translate("trainyard::logs::LogSearch",
                                                 "Cannot map the log file %1: %2")
                         .arg(snapshot.path, file.errorString());
        return false;
    }
    const char *const base = reinterpret_cast<const char *>(map);
    const LineWalker walk(base, snapshot);
    const auto isHidden = [&](qint64 line) { return LogReader::inRanges(snapshot.hidden, line); };

    const qint64 firstLine = cursor->nextLine;
    const qint64 startOff = walk.offsetOf(firstLine);
    const qint64 total = snapshot.endOffset - startOff;
    windowBytes = std::max<qint64>(windowBytes, 1);

    // Phase 1: the groups that match, by their first line. A long stretch is split at a
    // checkpoint and its second half scanned by a second thread (with a matcher of its own).
    std::vector<Selected> matched;
    std::atomic<qint64> secondDone{0};
    const qint64 second = splitPoint(snapshot, firstLine, startOff, windowBytes);
    const std::unique_ptr<Matcher> secondMatcher =
        second < 0 ? nullptr : Matcher::create(options, nullptr);
    if (!secondMatcher) {
        if (!scanMatches(walk, snapshot, matcher, firstLine, startOff, snapshot.endOffset,
                         windowBytes, cancel, &matched, [&](qint64 done) {
                             if (progress)
                                 progress(SearchProgress{done, total});
                         }))
            return false;
    } else {
        const qint64 secondLine = second * LogReader::IndexStride;
        const qint64 secondOff = snapshot.checkpoints.at(second);
        std::vector<Selected> secondMatched;
        bool secondOk = false;
        std::thread helper([&] {
            secondOk = scanMatches(walk, snapshot, *secondMatcher, secondLine, secondOff,
                                   snapshot.endOffset, windowBytes, cancel, &secondMatched,
                                   [&](qint64 done) { secondDone.store(done); });
        });
        const bool firstOk =
            scanMatches(walk, snapshot, matcher, firstLine, startOff, secondOff, windowBytes,
                        cancel, &matched, [&](qint64 done) {
                            if (progress)
                                progress(SearchProgress{done + secondDone.load(), total});
                        });
        helper.join();
        if (!firstOk || !secondOk)
            return false;
        // A group that starts in the first half and goes on into the second is one group.
        for (const Selected &s : secondMatched) {
            if (matched.empty() || matched.back().line != s.line)
                matched.push_back(s);
        }
    }
    // Long lines, joined: a match across a 64 KiB cut is a match too.
    for (const LineRange &r : snapshot.continued) {
        if (r.end() <= firstLine || r.first >= snapshot.lineCount)
            continue;
        const qint64 head = r.first - 1;
        qint64 o = walk.offsetOf(head);
        QByteArray joined;
        for (qint64 l = head; l < std::min(r.end(), snapshot.lineCount); ++l) {
            const qint64 next = walk.nextLineOffset(o);
            const char *text = nullptr;
            qsizetype size = 0;
            recordText(base + o, qsizetype(next - o - 1), &text, &size);
            joined.append(text, size);
            o = next;
        }
        if (matcher.matches(joined.constData(), joined.size()))
            matched.push_back(Selected{head, -1});
    }
    std::sort(matched.begin(), matched.end(),
              [](const Selected &a, const Selected &b) { return a.line < b.line; });
    matched.erase(
        std::unique(matched.begin(), matched.end(),
                    [](const Selected &a, const Selected &b) { return a.line == b.line; }),
        matched.end());
    for (Selected &s : matched) {
        if (s.off < 0)
            s.off = walk.offsetOf(s.line);
    }

    // Phase 2: what is selected (the matches, or with invert every other group).
    std::vector<Selected> selected;
    if (!options.invert) {
        for (const Selected &s : matched) {
            if (s.line > cursor->lastEmitted)
                selected.push_back(s);
        }
    } else {
        std::size_t m = 0;
        qint64 o = startOff;
        for (qint64 l = firstLine; l < snapshot.lineCount; ++l) {
            if ((l & 0xffff) == 0 && cancel.load(std::memory_order_relaxed))
                return false;
            while (m < matched.size() && matched[m].line < l)
                ++m;
            const bool isMatch = m < matched.size() && matched[m].line == l;
            if (!isMatch && !isHidden(l) && l > cursor->lastEmitted)
                selected.push_back(Selected{l, o});
            o = walk.nextLineOffset(o);
        }
    }

    // Phase 3: the hits, with context lines around them (counted in rows, hidden lines skipped).
    const int context = std::max(0, options.context);
    qint64 lastEmitted = cursor->lastEmitted;
    qint64 lastEmittedOff = cursor->lastEmittedOffset;
    qint64 afterLeft = cursor->afterLeft;
    const auto put = [&](qint64 l, qint64 o, bool isContext) {
        hits->push_back(hitAt(base, l, o, snapshot.endOffset, isContext));
        lastEmitted = l;
        lastEmittedOff = o;
    };
    // The next row after `l` (at offset o): its line and offset.
    const auto nextRow = [&](qint64 *l, qint64 *o) {
        do {
            *o = walk.nextLineOffset(*o);
            ++*l;
        } while (*l < snapshot.lineCount && isHidden(*l));
    };
    const auto payAfter = [&](qint64 before) {
        if (afterLeft <= 0 || lastEmitted < 0)
            return;
        qint64 l = lastEmitted;
        qint64 o = lastEmittedOff;
        for (;;) {
            nextRow(&l, &o);
            if (afterLeft <= 0 || l >= before || l >= snapshot.lineCount)
                break;
            put(l, o, true);
            --afterLeft;
        }
    };
    for (const Selected &s : selected) {
        payAfter(s.line);
        if (context > 0) {
            std::vector<Selected> before;
            qint64 l = s.line;
            qint64 o = s.off;
            while (int(before.size()) < context && l > 0) {
                o = walk.previousLineOffset(o);
                --l;
                while (l > 0 && isHidden(l)) {
                    o = walk.previousLineOffset(o);
                    --l;
                }
                if (l <= lastEmitted || isHidden(l))
                    break;
                before.push_back(Selected{l, o});
            }
            for (auto it = before.rbegin(); it != before.rend(); ++it)
                put(it->line, it->off, true);
        }
        put(s.line, s.off, false);
        afterLeft = context;
    }
    payAfter(snapshot.lineCount);
    cursor->lastEmitted = lastEmitted;
    cursor->lastEmittedOffset = lastEmittedOff;
    cursor->afterLeft = afterLeft;
    cursor->nextLine = snapshot.lineCount;
    return true;
}

qint64 findFirstSeverity(const SearchSnapshot &snapshot, Severity minimum, qint64 from,
                         const std::atomic<bool> &cancel)
{
    if (from >= snapshot.lineCount || snapshot.endOffset <= 0)
        return -1;
    QFile file(snapshot.path);
    if (!file.open(QIODevice::ReadOnly) || file.size() < snapshot.endOffset)
        return -1;
    const uchar *map = file.map(0, snapshot.endOffset);
    if (map == nullptr)
        return -1;
    const char *const base = reinterpret_cast<const char *>(map);
    const LineWalker walk(base, snapshot);
    const qint64 startOff = walk.offsetOf(from);
    qint64 best = -1;
    for (Severity s : {Severity::Debug, Severity::Info, Severity::Warning, Severity::Error,
                       Severity::Critical}) {
        if (s < minimum)
            continue;
        const char needle[] = {'Z', ' ', severityLetter(s), ' ', 's', 't', 'd'};
        const char *p = base + startOff;
        const char *const end = best >= 0 ? base + walk.offsetOf(best) : base + snapshot.endOffset;
        while (p < end && !cancel.load(std::memory_order_relaxed)) {
            const auto *hit = static_cast<const char *>(memmem(p, size_t(end - p), needle, 7));
            if (hit == nullptr)
                break;
            const char *lineStart = hit - 23;
            if (lineStart >= base && (lineStart == base || lineStart[-1] == '\n')) {
                qint64 line = from;
                qint64 off = startOff;
                walk.advance(&line, &off, lineStart - base);
                const LineRange *r = LogReader::rangeOf(snapshot.continued, line);
                if (r == nullptr) {
                    const LineRange *h = LogReader::rangeOf(snapshot.hidden, line);
                    best = best < 0 ? line : std::min(best, h != nullptr ? h->first - 1 : line);
                    break;
                }
            }
            p = hit + 7;
        }
    }
    return best;
}

} // namespace trainyard::logs
