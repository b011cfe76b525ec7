// SPDX-License-Identifier: MIT
// How a terminal would show one line of trainer output: for display only, never for the file.
//
// A line's bytes (as the log keeps them) are played like a terminal plays them:
//  - "\r" moves to the start of the line and "\b" one cell back; what follows overwrites, so a
//    progress bar's line shows its last state (tqdm redraws with "\r", Keras' Progbar with "\b"s
//    and "\r"). A trailing "\r" (see LineSplitter) changes nothing.
//  - ANSI/ECMA-48 escape sequences are interpreted, never shown: SGR ("\x1b[...m": bold, italic,
//    underline, inverse, the 8/16 colours, 256-colour "38;5;n" and true colour "38;2;r;g;b")
//    becomes style spans; "\x1b[K" erases to the end of the line; every other CSI, OSC and
//    two-byte escape is dropped.
//  - Invalid UTF-8 becomes U+FFFD (one per invalid sequence, as QString::fromUtf8 does); other
//    C0 control characters but tab become their visible Control Pictures symbol (U+2400 + c).
#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>

namespace trainyard::logs {

struct TextStyle
{
    // A colour: -1 the default, 0..255 the xterm palette, TrueColor | 0xRRGGBB a true colour.
    static constexpr qint32 TrueColor = 0x1000000;
    qint32 foreground = -1;
    qint32 background = -1;
    bool bold = false;
    bool italic = false;
    bool underline = false;
    bool inverse = false;

    bool isPlain() const
    {
        return foreground < 0 && background < 0 && !bold && !italic && !underline && !inverse;
    }
    bool operator==(const TextStyle &o) const
    {
        return foreground == o.foreground && background == o.background && bold == o.bold &&
               italic == o.italic && underline == o.underline && inverse == o.inverse;
    }
    bool operator!=(const TextStyle &o) const { return !(*this == o); }
};

struct StyledSpan
{
    int start = 0; // in UTF-16 units of StyledText::text
    int length = 0;
    TextStyle style;
};

struct StyledText
{
    QString text;
    QList<StyledSpan> spans; // only the styled (non-plain) parts, in order, not overlapping
};

// Plays `bytes` as one terminal line. maxChars bounds the cells kept (a huge line stays cheap).
StyledText renderTerminalLine(QByteArrayView bytes, int maxChars = 1 << 20);
// The same, text only.
inline QString terminalText(QByteArrayView bytes, int maxChars = 1 << 20)
{
    return renderTerminalLine(bytes, maxChars).text;
}
// 0xRRGGBB of a palette index (xterm's 256 colours; 0..15 as xterm's defaults).
quint32 paletteRgb(int index);

// For a terminal that interprets SGR itself (`stream-logs` on a tty): the line with its SGR
// sequences kept as they are, "\r"/"\b" played as above, and every other control character or
// escape sequence dropped or made visible, so output cannot move the cursor or change the
// terminal. Returns UTF-8 (invalid bytes as U+FFFD) and resets the style at the end if it
// changed it.
QByteArray terminalSafeSgr(QByteArrayView bytes);

} // namespace trainyard::logs
