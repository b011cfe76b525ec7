// SPDX-License-Identifier: MIT
#include "jobspec/yamltree.h"

#include "jobspec/yamlio.h"

#include <QCoreApplication>
#include <new>
#include <sstream>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

namespace trainyard::jobspec::yaml {

namespace {

struct Msg
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::YamlImport)
};

Diagnostic error(const QString &message, SourcePos pos = {})
{
    Diagnostic d;
    d.severity = Severity::Error;
    d.message = message;
    d.pos = pos;
    return d;
}

QString hexByte(uchar c)
{
    return QString::number(c, 16).toUpper().rightJustified(2, QLatin1Char('0'));
}

// Tracks line and column (in characters) over the raw bytes, for the prescan.
struct Cursor
{
    int line = 1;
    int column = 1;
    SourcePos pos() const { return {line, column}; }
};

bool isQuoteStart(uchar prev)
{
    return prev == '\n' || prev == '\r' || prev == ' ' || prev == '\t' || prev == '[' ||
           prev == '{' || prev == ',' || prev == ':';
}

// Length of the valid UTF-8 sequence at b[i], or 0.
int utf8Length(const uchar *b, qsizetype i, qsizetype n)
{
    const uchar c = b[i];
    int len = 0;
    uint cp = 0;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
        cp = c & 0x1Fu;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        cp = c & 0x0Fu;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        cp = c & 0x07u;
    } else {
        return 0;
    }
    if (i + len > n)
        return 0;
    for (int k = 1; k < len; ++k) {
        const uchar cc = b[i + k];
        if ((cc & 0xC0u) != 0x80u)
            return 0;
        cp = (cp << 6) | (cc & 0x3Fu);
    }
    if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
        (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
        return 0;
    return len;
}

bool looksLikeUtf16(const uchar *b, qsizetype n)
{
    const qsizetype m = std::min<qsizetype>(n, 1024) & ~qsizetype(1);
    qsizetype even = 0;
    qsizetype odd = 0;
    for (qsizetype i = 0; i < m; ++i) {
        if (b[i] == 0)
            ++((i % 2) ? odd : even);
    }
    const qsizetype pairs = m / 2;
    return pairs > 0 && ((odd * 2 >= pairs && even == 0) || (even * 2 >= pairs && odd == 0));
}

struct ParseAbort
{
    QString message;
    SourcePos pos;
};

} // namespace

int Tree::resolve(int index) const
{
    if (index >= 0 && at(index).kind == Node::Kind::Alias)
        return at(index).target;
    return index;
}

QString Tree::text(int index) const
{
    const Node &n = at(index);
    return QString::fromUtf8(m_text.data() + n.textOffset, n.textLength);
}

SourcePos Tree::pos(int index) const
{
    const Node &n = at(index);
    return {n.line, n.column};
}

qint64 Tree::expandedSize(qint64 limit) const
{
    if (m_root < 0)
        return 0;
    // Counted when pushed, so the pending stack never outgrows the limit.
    std::vector<int> stack{m_root};
    qint64 count = 1;
    while (!stack.empty() && count <= limit) {
        const Node &n = at(stack.back());
        stack.pop_back();
        if (n.kind == Node::Kind::Alias) {
            if (n.target >= 0) {
                stack.push_back(n.target);
                ++count;
            }
            continue;
        }
        for (int c = n.first; c >= 0 && count <= limit; c = at(c).next) {
            stack.push_back(c);
            ++count;
        }
    }
    return count;
}

bool prescan(QByteArray &bytes, Diagnostics &diags)
{
    const auto fail = [&diags](const QString &message, SourcePos pos = {}) {
        diags.append(error(message, pos));
        return false;
    };
    if (bytes.size() > maxConfigFileBytes) {
        return fail(Msg::tr("file is too large: %1 bytes, the limit is %2 bytes")
                        .arg(bytes.size())
                        .arg(maxConfigFileBytes));
    }
    if (bytes.isEmpty())
        return fail(Msg::tr("file is empty"));
    const auto *raw = reinterpret_cast<const uchar *>(bytes.constData());
    const qsizetype size = bytes.size();
    if (size >= 4 && ((raw[0] == 0xFF && raw[1] == 0xFE && raw[2] == 0 && raw[3] == 0) ||
                      (raw[0] == 0 && raw[1] == 0 && raw[2] == 0xFE && raw[3] == 0xFF)))
        return fail(Msg::tr("file is UTF-32; save it as UTF-8"));
    if (size >= 2 && ((raw[0] == 0xFF && raw[1] == 0xFE) || (raw[0] == 0xFE && raw[1] == 0xFF)))
        return fail(Msg::tr("file is UTF-16; save it as UTF-8"));
    if (looksLikeUtf16(raw, size))
        return fail(Msg::tr("file is UTF-16; save it as UTF-8"));
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);

    const auto *b = reinterpret_cast<const uchar *>(bytes.constData());
    const qsizetype n = bytes.size();
    enum class State { Plain, Double, Single, Comment } state = State::Plain;
    bool escaped = false;
    int depth = 0;
    int items = 0;
    uchar prev = '\n';
    Cursor at;
    for (qsizetype i = 0; i < n;) {
        const uchar c = b[i];
        if (c >= 0x80) {
            const int len = utf8Length(b, i, n);
            if (len == 0) {
                return fail(Msg::tr("file is not valid UTF-8 at line %1, column %2 (byte 0x%3); "
                                    "save it as UTF-8")
                                .arg(at.line)
                                .arg(at.column)
                                .arg(hexByte(c)),
                            at.pos());
            }
            i += len;
            ++at.column;
            prev = 'a';
            escaped = false;
            continue;
        }
        if (c == 0) {
            return fail(Msg::tr("file contains a NUL byte at line %1, column %2; is it UTF-16 or "
                                "binary?")
                            .arg(at.line)
                            .arg(at.column),
                        at.pos());
        }
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
            return fail(Msg::tr("file contains the control character 0x%1 at line %2, column %3; "
                                "is it binary?")
                            .arg(hexByte(c))
                            .arg(at.line)
                            .arg(at.column),
                        at.pos());
        }
        switch (state) {
        case State::Comment:
            if (c == '\n' || c == '\r')
                state = State::Plain;
            break;
        case State::Double:
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                state = State::Plain;
            break;
        case State::Single:
            if (c == '\'') {
                if (i + 1 < n && b[i + 1] == '\'') {
                    ++i;
                    ++at.column;
                } else {
                    state = State::Plain;
                }
            }
            break;
        case State::Plain:
            if (c == '#' && (prev == ' ' || prev == '\t' || prev == '\n' || prev == '\r')) {
                state = State::Comment;
            } else if (c == '"' && isQuoteStart(prev)) {
                state = State::Double;
            } else if (c == '\'' && isQuoteStart(prev)) {
                state = State::Single;
            } else if (c == '[' || c == '{') {
                if (++depth > maxNestingDepth) {
                    return fail(Msg::tr("nesting is too deep at line %1, column %2 (more than %3 "
                                        "levels)")
                                    .arg(at.line)
                                    .arg(at.column)
                                    .arg(maxNestingDepth),
                                at.pos());
                }
            } else if (c == ']' || c == '}') {
                depth = std::max(0, depth - 1);
            } else if (c == ',' && depth > 0 && ++items > maxFlowItems) {
                return fail(Msg::tr("too many items in [ ] and { } collections at line %1 (more "
                                    "than %2)")
                                .arg(at.line)
                                .arg(maxFlowItems),
                            at.pos());
            }
            break;
        }
        if (c == '\n' || (c == '\r' && (i + 1 >= n || b[i + 1] != '\n'))) {
            ++at.line;
            at.column = 1;
        } else if (c != '\r') {
            ++at.column;
        }
        prev = c;
        ++i;
    }
    return true;
}

// Builds a Tree from yaml-cpp's parser events, enforcing the node and depth limits.
class TreeBuilder : public YAML::EventHandler
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::YamlImport)

public:
    TreeBuilder(const QByteArray &bytes, Tree &tree)
        : m_bytes(bytes)
        , m_tree(tree)
    {}

    // 1-based line and character column of a yaml-cpp mark (whose column counts bytes).
    SourcePos toPos(const YAML::Mark &mark)
    {
        if (mark.line < 0 || mark.pos < 0)
            return {};
        const qsizetype pos = std::min<qsizetype>(mark.pos, m_bytes.size());
        const qsizetype lineStart = std::max<qsizetype>(0, pos - mark.column);
        // Marks mostly arrive in order: continue counting from the previous one on this line.
        if (lineStart != m_lineStart || pos < m_countedTo) {
            m_lineStart = lineStart;
            m_countedTo = lineStart;
            m_chars = 0;
        }
        for (qsizetype i = m_countedTo; i < pos; ++i) {
            if ((static_cast<uchar>(m_bytes.at(i)) & 0xC0u) != 0x80u)
                ++m_chars;
        }
        m_countedTo = pos;
        return {mark.line + 1, m_chars + 1};
    }

    void OnDocumentStart(const YAML::Mark &mark) override
    {
        if (++m_documents > 1)
            throw ParseAbort{tr("file contains more than one YAML document"), toPos(mark)};
    }
    void OnDocumentEnd() override {}

    void OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) override
    {
        add(Node::Kind::Null, mark, anchor);
    }

    void OnAlias(const YAML::Mark &mark, YAML::anchor_t anchor) override
    {
        const int i = add(Node::Kind::Alias, mark, 0);
        if (anchor < m_anchors.size())
            node(i).target = m_anchors[anchor];
    }

    void OnScalar(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor,
                  const std::string &value) override
    {
        const bool plain = tag == "?";
        if (plain && (value == "~" || value == "null" || value == "Null" || value == "NULL")) {
            add(Node::Kind::Null, mark, anchor);
            return;
        }
        const int i = add(Node::Kind::Scalar, mark, anchor);
        if (!plain) {
            m_lastQuoted = i;
            m_lastQuotedByte = mark.pos;
        }
        Node &n = node(i);
        n.quoted = !plain;
        n.textOffset = static_cast<int>(m_tree.m_text.size());
        n.textLength = static_cast<int>(value.size());
        m_tree.m_text += value;
    }

    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override
    {
        open(add(Node::Kind::Sequence, mark, anchor), mark);
    }
    void OnSequenceEnd() override { close(); }

    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override
    {
        open(add(Node::Kind::Mapping, mark, anchor), mark);
    }
    void OnMapEnd() override { close(); }

    // yaml-cpp ends a quoted scalar that is never closed at the end of the file without an
    // error. Such a scalar is the last node: check that its closing quote exists.
    bool lastQuoteUnclosed(SourcePos *pos) const
    {
        if (m_lastQuoted < 0 || m_lastQuoted + 1 != static_cast<int>(m_tree.m_nodes.size()) ||
            m_lastQuotedByte < 0 || m_lastQuotedByte >= m_bytes.size())
            return false;
        const char quote = m_bytes.at(m_lastQuotedByte);
        if (quote != '"' && quote != '\'')
            return false;
        for (qsizetype i = m_lastQuotedByte + 1; i < m_bytes.size(); ++i) {
            const char c = m_bytes.at(i);
            if (quote == '"' && c == '\\') {
                ++i;
            } else if (c == quote) {
                if (quote == '\'' && i + 1 < m_bytes.size() && m_bytes.at(i + 1) == '\'')
                    ++i;
                else
                    return false;
            }
        }
        *pos = m_tree.pos(m_lastQuoted);
        return true;
    }

private:
    Node &node(int i) { return m_tree.m_nodes[static_cast<size_t>(i)]; }

    int add(Node::Kind kind, const YAML::Mark &mark, YAML::anchor_t anchor)
    {
        if (m_tree.m_nodes.size() >= static_cast<size_t>(maxParsedNodes)) {
            throw ParseAbort{tr("document has too many nodes (more than %1)").arg(maxParsedNodes),
                             toPos(mark)};
        }
        const int i = static_cast<int>(m_tree.m_nodes.size());
        Node n;
        n.kind = kind;
        const SourcePos pos = toPos(mark);
        n.line = pos.line;
        n.column = pos.column;
        m_tree.m_nodes.push_back(n);
        if (m_open.empty()) {
            if (m_tree.m_root < 0)
                m_tree.m_root = i;
        } else {
            Open &parent = m_open.back();
            if (parent.last < 0)
                node(parent.node).first = i;
            else
                node(parent.last).next = i;
            parent.last = i;
        }
        if (anchor > 0) {
            if (anchor >= m_anchors.size())
                m_anchors.resize(anchor + 1, -1);
            m_anchors[anchor] = i;
        }
        return i;
    }

    void open(int i, const YAML::Mark &mark)
    {
        if (m_open.size() >= static_cast<size_t>(maxNestingDepth)) {
            const SourcePos pos = toPos(mark);
            throw ParseAbort{tr("nesting is too deep at line %1, column %2 (more than %3 "
                                "levels)")
                                 .arg(pos.line)
                                 .arg(pos.column)
                                 .arg(maxNestingDepth),
                             pos};
        }
        m_open.push_back({i, -1});
    }

    void close()
    {
        if (!m_open.empty())
            m_open.pop_back();
    }

    struct Open
    {
        int node;
        int last;
    };

    const QByteArray &m_bytes;
    Tree &m_tree;
    std::vector<Open> m_open;
    std::vector<int> m_anchors;
    int m_documents = 0;
    int m_lastQuoted = -1;
    qsizetype m_lastQuotedByte = -1;
    qsizetype m_lineStart = -1;
    qsizetype m_countedTo = 0;
    int m_chars = 0;
};

namespace {

// yaml-cpp's parser messages, said the way a person editing a config file would need them.
QString syntaxMessage(const std::string &msg)
{
    struct Entry
    {
        const char *yamlCpp;
        const char *text;
    };
    static const Entry table[] = {
        {YAML::ErrorMsg::MAP_VALUE,
         QT_TRANSLATE_NOOP("trainyard::YamlImport",
                           "unexpected ':' (quote a value that contains ': ', or check the "
                           "indentation)")},
        {YAML::ErrorMsg::END_OF_MAP_FLOW,
         QT_TRANSLATE_NOOP("trainyard::YamlImport", "a closing '}' is missing")},
        {YAML::ErrorMsg::END_OF_SEQ_FLOW,
         QT_TRANSLATE_NOOP("trainyard::YamlImport", "a closing ']' is missing")},
        {YAML::ErrorMsg::FLOW_END,
         QT_TRANSLATE_NOOP("trainyard::YamlImport", "unexpected ']' or '}'")},
        {YAML::ErrorMsg::END_OF_MAP,
         QT_TRANSLATE_NOOP("trainyard::YamlImport", "the indentation is inconsistent")},
        {YAML::ErrorMsg::END_OF_SEQ,
         QT_TRANSLATE_NOOP("trainyard::YamlImport", "the indentation is inconsistent")},
        {YAML::ErrorMsg::EOF_IN_SCALAR,
         QT_TRANSLATE_NOOP("trainyard::YamlImport", "a quoted string is not closed")},
        {YAML::ErrorMsg::UNKNOWN_ANCHOR,
         QT_TRANSLATE_NOOP("trainyard::YamlImport",
                           "an alias (*name) refers to an anchor (&name) that is not defined")},
        {YAML::ErrorMsg::TAB_IN_INDENTATION,
         QT_TRANSLATE_NOOP("trainyard::YamlImport", "a tab is used for indentation; use spaces")},
        {YAML::ErrorMsg::BLOCK_ENTRY,
         QT_TRANSLATE_NOOP("trainyard::YamlImport", "a list item ('- ') is not allowed here")},
        {YAML::ErrorMsg::INVALID_ESCAPE,
         QT_TRANSLATE_NOOP("trainyard::YamlImport",
                           "unknown escape sequence in a double-quoted string")},
    };
    QString detail = QString::fromStdString(msg);
    for (const Entry &e : table) {
        if (msg.rfind(e.yamlCpp, 0) == 0) {
            detail = QCoreApplication::translate("trainyard::YamlImport", e.text);
            break;
        }
    }
    return Msg::tr("YAML syntax error: %1").arg(detail);
}

} // namespace

namespace {

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// The value of the 4 hex digits at text[i], or -1.
int hex4(const QByteArray &text, qsizetype i)
{
    if (i + 4 > text.size())
        return -1;
    int v = 0;
    for (qsizetype k = i; k < i + 4; ++k) {
        const int h = hexValue(text.at(k));
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    return v;
}

// JSON writers such as Python's json.dumps escape characters outside the BMP as a UTF-16
// surrogate pair ("\ud83d\ude80"), which YAML's \u escape refuses. Each such pair becomes the
// equivalent 8-digit \U escape, which both read as the one character it encodes.
QByteArray joinSurrogateEscapes(const QByteArray &bytes)
{
    if (!bytes.contains("\\u"))
        return bytes;
    QByteArray out;
    out.reserve(bytes.size());
    qsizetype backslashes = 0;
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const char c = bytes.at(i);
        if (c == '\\' && backslashes % 2 == 0 && i + 11 < bytes.size() && bytes.at(i + 1) == 'u' &&
            bytes.at(i + 6) == '\\' && bytes.at(i + 7) == 'u') {
            const int high = hex4(bytes, i + 2);
            const int low = hex4(bytes, i + 8);
            if (high >= 0xD800 && high <= 0xDBFF && low >= 0xDC00 && low <= 0xDFFF) {
                const uint cp = 0x10000u + ((uint(high) - 0xD800u) << 10) + (uint(low) - 0xDC00u);
                out += "\\U" + QByteArray::number(cp, 16).rightJustified(8, '0');
                i += 11;
                backslashes = 0;
                continue;
            }
        }
        backslashes = c == '\\' ? backslashes + 1 : 0;
        out += c;
    }
    return out;
}

} // namespace

Tree parse(const QByteArray &rawBytes, Diagnostics &diags)
{
    const QByteArray bytes = joinSurrogateEscapes(rawBytes);
    Tree tree;
    TreeBuilder builder(bytes, tree);
    const auto fail = [&](const QString &message, SourcePos pos) {
        tree = Tree();
        diags.append(error(message, pos));
        return tree;
    };
    try {
        std::istringstream in(std::string(bytes.constData(), static_cast<size_t>(bytes.size())));
        YAML::Parser parser(in);
        if (!parser.HandleNextDocument(builder) || tree.root() < 0)
            return fail(Msg::tr("file is empty"), {});
        parser.HandleNextDocument(builder); // throws at the start of a second document
    } catch (const ParseAbort &abort) {
        return fail(abort.message, abort.pos);
    } catch (const YAML::DeepRecursion &e) {
        const SourcePos pos = builder.toPos(e.mark);
        return fail(Msg::tr("nesting is too deep at line %1, column %2 (more than %3 levels)")
                        .arg(pos.line)
                        .arg(pos.column)
                        .arg(maxNestingDepth),
                    pos);
    } catch (const YAML::Exception &e) {
        return fail(syntaxMessage(e.msg), builder.toPos(e.mark));
    } catch (const std::bad_alloc &) {
        return fail(Msg::tr("not enough memory to read the file"), {});
    } catch (const std::exception &e) {
        return fail(Msg::tr("cannot read the file: %1").arg(QString::fromLocal8Bit(e.what())), {});
    }
    if (tree.at(tree.root()).kind == Node::Kind::Null)
        return fail(Msg::tr("file is empty"), {});
    SourcePos unclosed;
    if (builder.lastQuoteUnclosed(&unclosed))
        return fail(syntaxMessage(YAML::ErrorMsg::EOF_IN_SCALAR), unclosed);
    return tree;
}

} // namespace trainyard::jobspec::yaml
