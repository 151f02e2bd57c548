#include "yamlsubset.h"

#include <QString>

#include <optional>

namespace valis::test {

namespace {

bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}

void appendUtf8(QByteArray &out, char32_t codePoint)
{
    const QString text = QString::fromUcs4(&codePoint, 1);
    out += text.toUtf8();
}

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

/// The reader: a cursor over the lines of one document.
class Reader
{
public:
    Reader(const QByteArray &text, const QString &fileName)
        : m_fileName(fileName)
    {
        qsizetype start = 0;
        while (start < text.size()) {
            qsizetype end = text.indexOf('\n', start);
            const bool hasBreak = end >= 0;
            if (!hasBreak)
                end = text.size();
            QByteArrayView line(text.constData() + start, end - start);
            if (line.endsWith('\r'))
                line.chop(1);
            qsizetype indent = 0;
            while (indent < line.size() && line.at(indent) == ' ')
                ++indent;
            m_lines.push_back({indent, line.sliced(indent), hasBreak});
            start = end + 1;
        }
    }

    std::optional<YamlNode> document()
    {
        skipInsignificant();
        if (m_pos >= size()) {
            YamlNode empty;
            return empty;
        }
        if (current().indent != 0)
            return fail(QStringLiteral("the document does not start at column 1"));
        std::optional<YamlNode> root = blockNode(0);
        if (!root)
            return std::nullopt;
        skipInsignificant();
        if (m_pos < size())
            return fail(QStringLiteral("unexpected content after the document"));
        return root;
    }

    Error error() const
    {
        return Error(QStringLiteral("test.yaml"), m_error, m_fileName + QLatin1Char(':') + QString::number(m_errorLine));
    }

private:
    struct Line
    {
        qsizetype indent; // leading spaces
        QByteArrayView text; // after them
        bool hasBreak;
    };

    qsizetype size() const { return qsizetype(m_lines.size()); }
    Line &current() { return m_lines[size_t(m_pos)]; }
    int lineNumber() const { return int(m_pos) + 1; }

    std::nullopt_t fail(const QString &message, int line = 0)
    {
        if (m_error.isEmpty()) {
            m_error = message;
            m_errorLine = line > 0 ? line : lineNumber();
        }
        return std::nullopt;
    }

    static bool isEmptyText(QByteArrayView text)
    {
        for (char c : text) {
            if (!isBlank(c))
                return false;
        }
        return true;
    }

    bool insignificant(const Line &line) const
    {
        return isEmptyText(line.text) || line.text.front() == '#'
               || (line.indent == 0 && (line.text == QByteArrayView("---") || line.text == QByteArrayView("...")));
    }

    void skipInsignificant()
    {
        while (m_pos < size() && insignificant(current()))
            ++m_pos;
    }

    static bool isSequenceEntry(QByteArrayView text)
    {
        return text == QByteArrayView("-") || text.startsWith("- ");
    }

    /// Where the ':' ending a mapping key is in `text`, or -1 when `text` is not `key: ...`.
    static qsizetype keyColon(QByteArrayView text)
    {
        if (text.isEmpty())
            return -1;
        qsizetype from = 0;
        const char first = text.front();
        if (first == '"' || first == '\'') {
            qsizetype i = 1;
            while (i < text.size() && text.at(i) != first)
                i += (first == '"' && text.at(i) == '\\') ? 2 : 1;
            if (i >= text.size())
                return -1;
            from = i + 1;
        } else if (QByteArrayView("|>[{!&*#-?").contains(first) && !(first == '-' && text.size() > 1 && text.at(1) != ' ')) {
            return -1;
        }
        for (qsizetype i = from; i < text.size(); ++i) {
            if (text.at(i) == ':' && (i + 1 == text.size() || text.at(i + 1) == ' '))
                return i;
            if (text.at(i) == ' ' && i + 1 < text.size() && text.at(i + 1) == '#')
                return -1;
        }
        return -1;
    }

    std::optional<YamlNode> blockNode(qsizetype indent)
    {
        if (current().text.front() == '\t')
            return fail(QStringLiteral("a tab in the indentation"));
        if (isSequenceEntry(current().text))
            return sequence(indent);
        return mapping(indent);
    }

    std::optional<YamlNode> mapping(qsizetype indent)
    {
        YamlNode node;
        node.type = YamlNode::Type::Map;
        node.line = lineNumber();
        for (;;) {
            skipInsignificant();
            if (m_pos >= size() || current().indent < indent)
                break;
            if (current().indent > indent)
                return fail(QStringLiteral("unexpected indentation"));
            const QByteArrayView text = current().text;
            const qsizetype colon = keyColon(text);
            if (colon < 0)
                return fail(QStringLiteral("expected `key: value`"));
            QByteArray key = text.first(colon).toByteArray();
            if (!key.isEmpty() && (key.front() == '"' || key.front() == '\''))
                key = key.mid(1, key.size() - 2); // simple quoted keys only
            QByteArrayView rest = text.sliced(colon + 1);
            while (!rest.isEmpty() && isBlank(rest.front()))
                rest = rest.sliced(1);
            const int keyLine = lineNumber();
            ++m_pos;
            std::optional<YamlNode> value = valueOf(rest, indent, keyLine, SameIndentSequence::Allowed);
            if (!value)
                return std::nullopt;
            node.keys.push_back(key);
            node.values.push_back(std::move(*value));
        }
        return node;
    }

    std::optional<YamlNode> sequence(qsizetype indent)
    {
        YamlNode node;
        node.type = YamlNode::Type::Sequence;
        node.line = lineNumber();
        for (;;) {
            skipInsignificant();
            if (m_pos >= size() || current().indent < indent)
                break;
            if (current().indent > indent)
                return fail(QStringLiteral("unexpected indentation"));
            if (!isSequenceEntry(current().text))
                break; // the mapping this sequence is a value of goes on
            QByteArrayView rest = current().text.sliced(1);
            qsizetype itemIndent = indent + 1;
            while (!rest.isEmpty() && rest.front() == ' ') {
                rest = rest.sliced(1);
                ++itemIndent;
            }
            std::optional<YamlNode> item;
            if (!rest.isEmpty() && (keyColon(rest) >= 0 || isSequenceEntry(rest))) {
                // `- key: value`: a mapping (or sequence) whose first line shares the dash's.
                current().indent = itemIndent;
                current().text = rest;
                item = blockNode(itemIndent);
            } else {
                const int itemLine = lineNumber();
                ++m_pos;
                item = valueOf(rest, indent, itemLine, SameIndentSequence::NotAllowed);
            }
            if (!item)
                return std::nullopt;
            node.values.push_back(std::move(*item));
        }
        return node;
    }

    enum class SameIndentSequence { Allowed, NotAllowed };

    /// The value whose text starts with `rest` on line `line` (already consumed); nested
    /// content must be indented more than `parentIndent`.
    std::optional<YamlNode> valueOf(QByteArrayView rest, qsizetype parentIndent, int line, SameIndentSequence sameIndent)
    {
        bool binary = false;
        if (rest.startsWith("!!binary")) {
            binary = true;
            rest = rest.sliced(8);
        } else if (rest.startsWith("!!str")) {
            rest = rest.sliced(5);
        }
        while (!rest.isEmpty() && isBlank(rest.front()))
            rest = rest.sliced(1);
        std::optional<YamlNode> node;
        if (rest.isEmpty() || rest.front() == '#') {
            node = nestedBlock(parentIndent, line, sameIndent);
        } else {
            switch (rest.front()) {
            case '|':
                node = literalBlock(rest, parentIndent, line);
                break;
            case '>':
                return fail(QStringLiteral("folded block scalars (>) are not in the YAML subset"), line);
            case '\'':
            case '"':
                node = quoted(rest, line);
                break;
            case '!':
            case '&':
            case '*':
                return fail(QStringLiteral("tags, anchors and aliases are not in the YAML subset"), line);
            case '{':
            case '[':
                if (rest.startsWith("{}") || rest.startsWith("[]")) {
                    YamlNode empty;
                    empty.type = rest.front() == '{' ? YamlNode::Type::Map : YamlNode::Type::Sequence;
                    empty.line = line;
                    node = empty;
                    break;
                }
                return fail(QStringLiteral("flow collections are not in the YAML subset"), line);
            default:
                node = plain(rest, parentIndent, line);
                break;
            }
        }
        if (!node || !binary)
            return node;
        QByteArray compact;
        compact.reserve(node->scalar.size());
        for (char c : std::as_const(node->scalar)) {
            if (!isBlank(c) && c != '\n')
                compact += c;
        }
        const auto decoded = QByteArray::fromBase64Encoding(compact, QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return fail(QStringLiteral("invalid base64 in a !!binary scalar"), line);
        node->scalar = decoded.decoded;
        return node;
    }

    std::optional<YamlNode> nestedBlock(qsizetype parentIndent, int line, SameIndentSequence sameIndent)
    {
        skipInsignificant();
        if (m_pos < size()) {
            const Line &next = current();
            if (next.indent > parentIndent)
                return blockNode(next.indent);
            if (next.indent == parentIndent && sameIndent == SameIndentSequence::Allowed && isSequenceEntry(next.text))
                return sequence(parentIndent);
        }
        YamlNode null;
        null.line = line;
        return null;
    }

    std::optional<YamlNode> plain(QByteArrayView rest, qsizetype parentIndent, int line)
    {
        YamlNode node;
        node.type = YamlNode::Type::Scalar;
        node.line = line;
        auto lineValue = [](QByteArrayView text) {
            const qsizetype comment = text.indexOf(" #");
            if (comment >= 0)
                text = text.first(comment);
            return text.trimmed();
        };
        node.scalar = lineValue(rest).toByteArray();
        // Continuation lines fold: one break is a space, each empty line a newline.
        for (;;) {
            qsizetype look = m_pos;
            int empty = 0;
            while (look < size() && isEmptyText(m_lines[size_t(look)].text)) {
                ++look;
                ++empty;
            }
            if (look >= size())
                break;
            const Line &next = m_lines[size_t(look)];
            if (next.indent <= parentIndent || next.text.front() == '#' || keyColon(next.text) >= 0)
                break;
            node.scalar += empty == 0 ? QByteArray(" ") : QByteArray(empty, '\n');
            node.scalar += lineValue(next.text).toByteArray();
            m_pos = look + 1;
        }
        return node;
    }

    std::optional<YamlNode> literalBlock(QByteArrayView header, qsizetype parentIndent, int line)
    {
        enum class Chomp { Clip, Strip, Keep } chomp = Chomp::Clip;
        qsizetype indentIndicator = 0;
        qsizetype i = 1;
        for (; i < header.size() && !isBlank(header.at(i)); ++i) {
            const char c = header.at(i);
            if (c == '+' || c == '-')
                chomp = c == '+' ? Chomp::Keep : Chomp::Strip;
            else if (c >= '1' && c <= '9')
                indentIndicator = c - '0';
            else
                return fail(QStringLiteral("unknown block scalar indicator"), line);
        }
        const QByteArrayView after = header.sliced(i).trimmed();
        if (!after.isEmpty() && after.front() != '#')
            return fail(QStringLiteral("text after a block scalar indicator"), line);

        qsizetype blockIndent = indentIndicator > 0 ? parentIndent + indentIndicator : -1;
        if (blockIndent < 0) {
            for (qsizetype look = m_pos; look < size(); ++look) {
                const Line &candidate = m_lines[size_t(look)];
                if (!candidate.text.isEmpty()) {
                    blockIndent = candidate.indent;
                    break;
                }
            }
            if (blockIndent <= parentIndent)
                blockIndent = parentIndent + 1; // no content lines: the first non-empty line ends it
        }

        QByteArray value;
        qsizetype contentEnd = 0; // after the last content line's break
        for (; m_pos < size(); ++m_pos) {
            const Line &current = m_lines[size_t(m_pos)];
            // A line of spaces only is empty unless it has more than the block's indentation.
            const bool empty = current.text.isEmpty() && current.indent <= blockIndent;
            if (!empty && current.indent < blockIndent)
                break;
            if (!empty) {
                value += QByteArray(current.indent - blockIndent, ' ');
                value += current.text;
            }
            if (current.hasBreak)
                value += '\n';
            if (!empty)
                contentEnd = value.size();
        }
        switch (chomp) {
        case Chomp::Keep:
            break;
        case Chomp::Clip:
            value.truncate(contentEnd);
            break;
        case Chomp::Strip:
            value.truncate(contentEnd);
            if (value.endsWith('\n'))
                value.chop(1);
            break;
        }
        YamlNode node;
        node.type = YamlNode::Type::Scalar;
        node.scalar = value;
        node.line = line;
        return node;
    }

    /// A single- or double-quoted scalar starting at `rest` (its opening quote), which may go
    /// on over the following lines.
    std::optional<YamlNode> quoted(QByteArrayView rest, int line)
    {
        const char quote = rest.front();
        QByteArray value;
        qsizetype keep = 0; // bytes from escapes: never trimmed as line-end whitespace
        QByteArrayView text = rest.sliced(1);
        int textLine = line;
        for (;;) {
            bool escapedBreak = false;
            qsizetype i = 0;
            while (i < text.size()) {
                const char c = text.at(i);
                if (c == quote) {
                    if (quote == '\'' && i + 1 < text.size() && text.at(i + 1) == '\'') {
                        value += '\'';
                        keep = value.size();
                        i += 2;
                        continue;
                    }
                    const QByteArrayView after = text.sliced(i + 1).trimmed();
                    if (!after.isEmpty() && after.front() != '#')
                        return fail(QStringLiteral("text after a quoted scalar"), textLine);
                    YamlNode node;
                    node.type = YamlNode::Type::Scalar;
                    node.scalar = value;
                    node.line = line;
                    return node;
                }
                if (quote == '"' && c == '\\') {
                    if (i + 1 >= text.size()) {
                        escapedBreak = true;
                        ++i;
                        break;
                    }
                    const std::optional<qsizetype> used = escape(text.sliced(i + 1), &value);
                    if (!used)
                        return fail(QStringLiteral("an invalid escape in a double-quoted scalar"), textLine);
                    keep = value.size();
                    i += 1 + *used;
                    continue;
                }
                value += c;
                ++i;
            }
            // The line ended inside the scalar: fold it into the next.
            if (!escapedBreak) {
                qsizetype end = value.size();
                while (end > keep && isBlank(value.at(end - 1)))
                    --end;
                value.truncate(end);
            }
            int empty = 0;
            while (m_pos < size() && isEmptyText(current().text)) {
                ++m_pos;
                ++empty;
            }
            if (m_pos >= size())
                return fail(QStringLiteral("an unterminated quoted scalar"), line);
            if (empty > 0)
                value += QByteArray(empty, '\n');
            else if (!escapedBreak)
                value += ' ';
            keep = value.size();
            textLine = lineNumber();
            text = current().text;
            while (!text.isEmpty() && isBlank(text.front()))
                text = text.sliced(1);
            ++m_pos;
        }
    }

    /// Decodes the escape after a backslash at the start of `text` into `out`; returns how many
    /// bytes of `text` it used.
    static std::optional<qsizetype> escape(QByteArrayView text, QByteArray *out)
    {
        const char c = text.front();
        switch (c) {
        case '0': *out += '\0'; return 1;
        case 'a': *out += '\a'; return 1;
        case 'b': *out += '\b'; return 1;
        case 't':
        case '\t': *out += '\t'; return 1;
        case 'n': *out += '\n'; return 1;
        case 'v': *out += '\v'; return 1;
        case 'f': *out += '\f'; return 1;
        case 'r': *out += '\r'; return 1;
        case 'e': *out += '\x1b'; return 1;
        case ' ': *out += ' '; return 1;
        case '"': *out += '"'; return 1;
        case '/': *out += '/'; return 1;
        case '\\': *out += '\\'; return 1;
        case 'N': appendUtf8(*out, 0x85); return 1;
        case '_': appendUtf8(*out, 0xA0); return 1;
        case 'L': appendUtf8(*out, 0x2028); return 1;
        case 'P': appendUtf8(*out, 0x2029); return 1;
        case 'x':
        case 'u':
        case 'U': {
            const qsizetype digits = c == 'x' ? 2 : c == 'u' ? 4 : 8;
            char32_t codePoint = 0;
            if (!hexDigits(text.sliced(1), digits, &codePoint))
                return std::nullopt;
            qsizetype used = 1 + digits;
            if (codePoint >= 0xD800 && codePoint <= 0xDBFF) {
                // A UTF-16 surrogate pair written as two \u escapes.
                char32_t low = 0;
                if (!text.sliced(used).startsWith("\\u") || !hexDigits(text.sliced(used + 2), 4, &low)
                    || low < 0xDC00 || low > 0xDFFF) {
                    return std::nullopt;
                }
                codePoint = 0x10000 + ((codePoint - 0xD800) << 10) + (low - 0xDC00);
                used += 6;
            } else if (codePoint >= 0xDC00 && codePoint <= 0xDFFF) {
                return std::nullopt;
            }
            appendUtf8(*out, codePoint);
            return used;
        }
        default:
            return std::nullopt;
        }
    }

    static bool hexDigits(QByteArrayView text, qsizetype count, char32_t *value)
    {
        if (text.size() < count)
            return false;
        char32_t result = 0;
        for (qsizetype i = 0; i < count; ++i) {
            const int digit = hexValue(text.at(i));
            if (digit < 0)
                return false;
            result = result * 16 + char32_t(digit);
        }
        *value = result;
        return true;
    }

    QString m_fileName;
    std::vector<Line> m_lines;
    qsizetype m_pos = 0;
    QString m_error;
    int m_errorLine = 0;
};

} // namespace

const YamlNode *YamlNode::value(QByteArrayView key) const
{
    if (type != Type::Map)
        return nullptr;
    for (size_t i = 0; i < keys.size(); ++i) {
        if (keys[i] == key)
            return &values[i];
    }
    return nullptr;
}

QByteArray YamlNode::scalarOf(QByteArrayView key) const
{
    const YamlNode *found = value(key);
    return found && found->type == Type::Scalar ? found->scalar : QByteArray();
}

Result<YamlNode> readYamlSubset(const QByteArray &text, const QString &fileName)
{
    Reader reader(text, fileName);
    std::optional<YamlNode> document = reader.document();
    if (!document)
        return reader.error();
    return std::move(*document);
}

} // namespace valis::test
