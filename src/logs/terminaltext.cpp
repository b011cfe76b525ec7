// SPDX-License-Identifier: MIT
#include "logs/terminaltext.h"

#include <vector>

namespace trainyard::logs {

namespace {

struct Cell
{
    char32_t cp;
    int style; // index into the styles seen
};

class Screen
{
public:
    explicit Screen(int maxChars)
        : m_max(maxChars)
    {
        m_styles.push_back(TextStyle{});
    }

    void put(char32_t cp)
    {
        if (m_cursor >= m_max)
            return;
        const Cell cell{cp, m_current};
        if (m_cursor < int(m_cells.size()))
            m_cells[std::size_t(m_cursor)] = cell;
        else
            m_cells.push_back(cell);
        ++m_cursor;
    }
    void carriageReturn() { m_cursor = 0; }
    void backspace()
    {
        if (m_cursor > 0)
            --m_cursor;
    }
    void eraseToEnd()
    {
        if (m_cursor < int(m_cells.size()))
            m_cells.resize(std::size_t(m_cursor));
    }
    void setStyle(const TextStyle &style)
    {
        if (style == m_styles[std::size_t(m_current)])
            return;
        for (std::size_t i = 0; i < m_styles.size(); ++i) {
            if (m_styles[i] == style) {
                m_current = int(i);
                return;
            }
        }
        m_styles.push_back(style);
        m_current = int(m_styles.size()) - 1;
    }
    TextStyle style() const { return m_styles[std::size_t(m_current)]; }

    const std::vector<Cell> &cells() const { return m_cells; }
    const TextStyle &styleAt(int index) const { return m_styles[std::size_t(index)]; }

private:
    int m_max;
    int m_cursor = 0;
    int m_current = 0;
    std::vector<Cell> m_cells;
    std::vector<TextStyle> m_styles;
};

// Applies SGR parameters to a style (ECMA-48 8.3.117 and the xterm extensions).
void applySgr(const std::vector<int> &params, TextStyle *s)
{
    if (params.empty()) {
        *s = TextStyle{};
        return;
    }
    for (std::size_t i = 0; i < params.size(); ++i) {
        const int p = params[i];
        if (p == 0)
            *s = TextStyle{};
        else if (p == 1)
            s->bold = true;
        else if (p == 3)
            s->italic = true;
        else if (p == 4)
            s->underline = true;
        else if (p == 7)
            s->inverse = true;
        else if (p == 22)
            s->bold = false;
        else if (p == 23)
            s->italic = false;
        else if (p == 24)
            s->underline = false;
        else if (p == 27)
            s->inverse = false;
        else if (p >= 30 && p <= 37)
            s->foreground = p - 30;
        else if (p == 39)
            s->foreground = -1;
        else if (p >= 40 && p <= 47)
            s->background = p - 40;
        else if (p == 49)
            s->background = -1;
        else if (p >= 90 && p <= 97)
            s->foreground = p - 90 + 8;
        else if (p >= 100 && p <= 107)
            s->background = p - 100 + 8;
        else if (p == 38 || p == 48) {
            qint32 colour = -2;
            if (i + 2 < params.size() && params[i + 1] == 5) {
                colour = params[i + 2] >= 0 && params[i + 2] <= 255 ? params[i + 2] : -2;
                i += 2;
            } else if (i + 4 < params.size() && params[i + 1] == 2) {
                const auto c = [](int v) { return qint32(v < 0 ? 0 : v > 255 ? 255 : v); };
                colour = TextStyle::TrueColor | c(params[i + 2]) << 16 | c(params[i + 3]) << 8 |
                         c(params[i + 4]);
                i += 4;
            } else {
                return; // malformed: ignore the rest
            }
            if (colour != -2)
                (p == 38 ? s->foreground : s->background) = colour;
        }
    }
}

// Plays the bytes on the screen. Returns nothing; the screen holds the result.
void play(QByteArrayView bytes, Screen &screen)
{
    const char *const data = bytes.data();
    const qsizetype n = bytes.size();
    qsizetype i = 0;
    while (i < n) {
        const auto c = static_cast<unsigned char>(data[i]);
        if (c >= 0x20 && c != 0x7f) {
            // A run of printable bytes (UTF-8 included): decode it at once.
            qsizetype j = i + 1;
            while (j < n) {
                const auto d = static_cast<unsigned char>(data[j]);
                if (d < 0x20 || d == 0x7f)
                    break;
                ++j;
            }
            const QString run = QString::fromUtf8(data + i, j - i);
            for (qsizetype k = 0; k < run.size(); ++k) {
                const QChar ch = run.at(k);
                if (ch.isHighSurrogate() && k + 1 < run.size() && run.at(k + 1).isLowSurrogate()) {
                    screen.put(QChar::surrogateToUcs4(ch, run.at(k + 1)));
                    ++k;
                } else {
                    screen.put(ch.unicode());
                }
            }
            i = j;
            continue;
        }
        ++i;
        if (c == '\r') {
            screen.carriageReturn();
        } else if (c == '\b') {
            screen.backspace();
        } else if (c == '\t') {
            screen.put(U'\t');
        } else if (c == 0x1b) {
            if (i >= n)
                break;
            const char kind = data[i];
            if (kind ==
                '[') { // CSI: parameters 0x30-0x3f, intermediates 0x20-0x2f, final 0x40-0x7e
                ++i;
                const qsizetype paramStart = i;
                while (i < n && static_cast<unsigned char>(data[i]) >= 0x20 &&
                       static_cast<unsigned char>(data[i]) <= 0x3f)
                    ++i;
                const qsizetype paramEnd = i;
                if (i >= n)
                    break;
                const char final = data[i++];
                if (final == 'm') {
                    std::vector<int> params;
                    int value = -1;
                    for (qsizetype k = paramStart; k <= paramEnd; ++k) {
                        const char d = k < paramEnd ? data[k] : ';';
                        if (d >= '0' && d <= '9') {
                            value = (value < 0 ? 0 : value) * 10 + (d - '0');
                            if (value > 100000)
                                value = 100000;
                        } else if (d == ';' || d == ':') {
                            params.push_back(value < 0 ? 0 : value);
                            value = -1;
                        }
                    }
                    if (params.size() == 1 && paramEnd == paramStart)
                        params.clear(); // "\x1b[m"
                    TextStyle s = screen.style();
                    applySgr(params, &s);
                    screen.setStyle(s);
                } else if (final == 'K') {
                    const bool toEnd = paramEnd == paramStart || data[paramStart] == '0';
                    if (toEnd)
                        screen.eraseToEnd();
                }
            } else if (kind == ']') { // OSC: up to BEL or ST
                ++i;
                while (i < n && data[i] != '\a' &&
                       !(data[i] == 0x1b && i + 1 < n && data[i + 1] == '\\'))
                    ++i;
                i += i < n && data[i] == '\a' ? 1 : 2;
            } else {
                ++i; // a two-byte escape
            }
        } else {
            screen.put(char32_t(0x2400 + (c == 0x7f ? 0x21 : c))); // Control Pictures
        }
    }
}

void appendCp(QString &text, char32_t cp)
{
    if (cp > 0xffff) {
        text.append(QChar::highSurrogate(cp));
        text.append(QChar::lowSurrogate(cp));
    } else {
        text.append(QChar(char16_t(cp)));
    }
}

QByteArray sgrFor(const TextStyle &s)
{
    QByteArray out("\x1b[0");
    if (s.bold)
        out += ";1";
    if (s.italic)
        out += ";3";
    if (s.underline)
        out += ";4";
    if (s.inverse)
        out += ";7";
    const auto colour = [&out](qint32 c, int base) {
        if (c < 0)
            return;
        if (c & TextStyle::TrueColor)
            out += ';' + QByteArray::number(base + 8) + ";2;" +
                   QByteArray::number((c >> 16) & 255) + ';' + QByteArray::number((c >> 8) & 255) +
                   ';' + QByteArray::number(c & 255);
        else if (c < 8)
            out += ';' + QByteArray::number(base + c);
        else if (c < 16)
            out += ';' + QByteArray::number(base + 60 + c - 8);
        else
            out += ';' + QByteArray::number(base + 8) + ";5;" + QByteArray::number(c);
    };
    colour(s.foreground, 30);
    colour(s.background, 40);
    out += 'm';
    return out;
}

} // namespace

StyledText renderTerminalLine(QByteArrayView bytes, int maxChars)
{
    Screen screen(maxChars);
    play(bytes, screen);
    StyledText out;
    out.text.reserve(qsizetype(screen.cells().size()));
    int currentStyle = 0;
    for (const Cell &cell : screen.cells()) {
        const int at = int(out.text.size());
        appendCp(out.text, cell.cp);
        const int len = int(out.text.size()) - at;
        if (cell.style == 0)
            continue;
        if (!out.spans.isEmpty() && currentStyle == cell.style &&
            out.spans.last().start + out.spans.last().length == at) {
            out.spans.last().length += len;
        } else {
            out.spans.append(StyledSpan{at, len, screen.styleAt(cell.style)});
            currentStyle = cell.style;
        }
    }
    return out;
}

QByteArray terminalSafeSgr(QByteArrayView bytes)
{
    Screen screen(1 << 24);
    play(bytes, screen);
    QString text;
    QByteArray out;
    int current = 0;
    for (const Cell &cell : screen.cells()) {
        if (cell.style != current) {
            out += text.toUtf8();
            text.clear();
            out += sgrFor(screen.styleAt(cell.style));
            current = cell.style;
        }
        // C1 controls (U+009B is a CSI to some terminals) and bidirectional overrides are
        // shown as their code, never passed to the terminal.
        const char32_t cp = cell.cp;
        if ((cp >= 0x7f && cp <= 0x9f) || (cp >= 0x202a && cp <= 0x202e) ||
            (cp >= 0x2066 && cp <= 0x2069))
            text += QStringLiteral("\\u%1").arg(uint(cp), 4, 16, QLatin1Char('0'));
        else
            appendCp(text, cp);
    }
    out += text.toUtf8();
    if (current != 0)
        out += "\x1b[0m";
    return out;
}

quint32 paletteRgb(int index)
{
    static const quint32 base[16] = {0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd,
                                     0x00cdcd, 0xe5e5e5, 0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00,
                                     0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff};
    if (index < 0)
        return 0;
    if (index < 16)
        return base[index];
    if (index < 232) {
        const int i = index - 16;
        const auto level = [](int v) { return quint32(v == 0 ? 0 : 55 + v * 40); };
        return level(i / 36) << 16 | level(i / 6 % 6) << 8 | level(i % 6);
    }
    const quint32 g = quint32(8 + (index - 232) * 10);
    return g << 16 | g << 8 | g;
}

} // namespace trainyard::logs
