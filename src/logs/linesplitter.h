// SPDX-License-Identifier: MIT
// Splits a byte stream (chunks as QProcess hands them over) into lines.
//
// Rules:
//  - "\n" and "\r\n" end a line; the line end is not part of the line.
//  - A bare "\r" (not followed by "\n"; progress bars redraw with it) also ends a line, so each
//    redraw becomes a record and shows up live; the "\r" stays at the end of that line's bytes,
//    which is how a viewer knows the next line redraws this one (progress bars are shown as their
//    last state, see logs/terminaltext.h). An EMPTY line ended by a bare "\r" is dropped (progress
//    bars start each redraw with "\r"), so "\rstep 1\rstep 2\n" gives "step 1\r", "step 2".
//    A "\r" at the end of one chunk and "\n" at the start of the next are one "\r\n".
//  - Lines longer than MaxLineBytes (64 KiB) are emitted in pieces of at most 64 KiB; every piece
//    after the first has `continuation` set. A cut never falls inside a valid UTF-8 sequence (it
//    moves back up to 3 bytes), so each piece displays cleanly.
//  - Bytes are never decoded or replaced: invalid UTF-8 and NUL bytes pass through as they are.
//  - The unfinished tail is kept for the next chunk (at most 64 KiB); flush() emits it at the end
//    of the stream. Output is identical wherever the chunks are cut.
//
// Hot path: memchr over the chunk; a complete line inside a chunk is handed to the sink as a
// pointer into that chunk (no copy, no allocation). Only the tail is copied.
#pragma once

#include <QByteArray>
#include <QList>
#include <cstring>

namespace trainyard::logs {

struct Line
{
    QByteArray bytes;
    bool continuation = false;

    bool operator==(const Line &o) const
    {
        return bytes == o.bytes && continuation == o.continuation;
    }
};

class LineSplitter
{
public:
    static constexpr qsizetype MaxLineBytes = 64 * 1024;

    // sink(const char *data, qsizetype size, bool continuation) is called once per line or
    // piece; data is valid only during the call.
    template<typename Sink>
    void feed(const char *data, qsizetype size, Sink &&sink);
    template<typename Sink>
    void feed(const QByteArray &chunk, Sink &&sink)
    {
        feed(chunk.constData(), chunk.size(), sink);
    }
    template<typename Sink>
    void flush(Sink &&sink);

    // Convenience for tests and small inputs: returns owned lines.
    QList<Line> feed(const QByteArray &chunk);
    QList<Line> flush();

    // Bytes held for the next chunk (never more than MaxLineBytes).
    qsizetype pendingBytes() const { return m_tail.size(); }

    // Where to cut a piece of at most `max` bytes so no UTF-8 sequence is split.
    static qsizetype cutPoint(const char *data, qsizetype max);

private:
    template<typename Sink>
    void emitLongTail(Sink &sink);
    template<typename Sink>
    void endLine(Sink &sink, bool bareCr);

    QByteArray m_tail;           // start of the current line
    bool m_continuation = false; // the next piece continues an already split line
    bool m_pendingCr = false;    // last chunk ended with "\r": the next decides "\r\n" or bare
};

template<typename Sink>
void LineSplitter::emitLongTail(Sink &sink)
{
    qsizetype pos = 0;
    while (m_tail.size() - pos > MaxLineBytes) {
        const qsizetype cut = cutPoint(m_tail.constData() + pos, MaxLineBytes);
        sink(m_tail.constData() + pos, cut, m_continuation);
        m_continuation = true;
        pos += cut;
    }
    if (pos > 0)
        m_tail.remove(0, pos);
}

template<typename Sink>
void LineSplitter::endLine(Sink &sink, bool bareCr)
{
    if (bareCr) {
        if (!m_tail.isEmpty() || m_continuation) { // an empty line ended by "\r" is dropped
            m_tail.append('\r');
            sink(m_tail.constData(), m_tail.size(), m_continuation);
        }
    } else if (!m_tail.isEmpty() || !m_continuation) {
        sink(m_tail.constData(), m_tail.size(), m_continuation);
    }
    m_tail.clear();
    m_continuation = false;
}

template<typename Sink>
void LineSplitter::feed(const char *data, qsizetype size, Sink &&sink)
{
    qsizetype i = 0;
    if (size <= 0)
        return;
    if (m_pendingCr) {
        m_pendingCr = false;
        const bool crlf = data[0] == '\n';
        endLine(sink, !crlf);
        if (crlf)
            i = 1;
    }
    const char *const end = data + size;
    const char *nextLf = nullptr; // cached memchr results; recomputed once passed
    const char *nextCr = nullptr;
    bool lfDone = false;
    bool crDone = false;
    while (i < size) {
        const char *p = data + i;
        if (!lfDone && (nextLf == nullptr || nextLf < p)) {
            nextLf = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
            lfDone = nextLf == nullptr;
        }
        if (!crDone && (nextCr == nullptr || nextCr < p)) {
            nextCr = static_cast<const char *>(std::memchr(p, '\r', size_t(end - p)));
            crDone = nextCr == nullptr;
        }
        const char *stop = nextLf;
        if (nextCr != nullptr && (stop == nullptr || nextCr < stop))
            stop = nextCr;
        if (stop == nullptr) { // no line end: keep the tail
            m_tail.append(p, end - p);
            if (m_tail.size() > MaxLineBytes)
                emitLongTail(sink);
            return;
        }
        const qsizetype segment = stop - p;
        if (*stop == '\r' && stop + 1 == end) { // "\r" or "\r\n": decided by the next chunk
            m_tail.append(p, segment);
            if (m_tail.size() > MaxLineBytes)
                emitLongTail(sink);
            m_pendingCr = true;
            return;
        }
        const bool crlf = *stop == '\r' && stop[1] == '\n';
        const bool bareCr = *stop == '\r' && !crlf;
        if (m_tail.isEmpty() && segment <= MaxLineBytes) {
            if (!bareCr)
                sink(p, segment, m_continuation);
            else if (segment > 0 || m_continuation)
                sink(p, segment + 1, m_continuation); // the line keeps its "\r"
            m_continuation = false;
        } else {
            m_tail.append(p, segment);
            emitLongTail(sink);
            endLine(sink, bareCr);
        }
        i += segment + (crlf ? 2 : 1);
    }
}

template<typename Sink>
void LineSplitter::flush(Sink &&sink)
{
    if (m_pendingCr) {
        m_pendingCr = false;
        endLine(sink, true);
    } else if (!m_tail.isEmpty()) {
        sink(m_tail.constData(), m_tail.size(), m_continuation);
    }
    m_tail.clear();
    m_continuation = false;
}

} // namespace trainyard::logs
