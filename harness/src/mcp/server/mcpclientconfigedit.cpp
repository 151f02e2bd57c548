#include "mcpclientconfigedit.h"

#include "../tomlsubset.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace valis::mcp {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("valis::McpClientConfig", text);
}

Error malformed(const QString &message, const QString &where)
{
    return Error(QStringLiteral("mcp-client.malformed"), message, where);
}

// ---- JSON -------------------------------------------------------------------------------------
// The text was parsed by QJsonDocument before it is scanned here, so the scanner only has to
// find where members start and end, not to validate.

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

qsizetype skipSpace(const QByteArray &text, qsizetype i)
{
    while (i < text.size() && isJsonSpace(text.at(i)))
        ++i;
    return i;
}

qsizetype skipString(const QByteArray &text, qsizetype i)
{
    for (++i; i < text.size(); ++i) {
        if (text.at(i) == '\\')
            ++i;
        else if (text.at(i) == '"')
            return i + 1;
    }
    return text.size();
}

qsizetype skipValue(const QByteArray &text, qsizetype i)
{
    if (i >= text.size())
        return i;
    const char first = text.at(i);
    if (first == '"')
        return skipString(text, i);
    if (first == '{' || first == '[') {
        int depth = 0;
        while (i < text.size()) {
            const char c = text.at(i);
            if (c == '"') {
                i = skipString(text, i);
                continue;
            }
            if (c == '{' || c == '[') {
                ++depth;
            } else if ((c == '}' || c == ']') && --depth == 0) {
                return i + 1;
            }
            ++i;
        }
        return i;
    }
    while (i < text.size() && !isJsonSpace(text.at(i)) && text.at(i) != ',' && text.at(i) != '}' && text.at(i) != ']')
        ++i;
    return i;
}

struct Member
{
    QString key;
    qsizetype keyStart = 0;
    qsizetype valueStart = 0;
    qsizetype valueEnd = 0;
};

struct ObjectSpan
{
    qsizetype open = 0;  ///< the '{'
    qsizetype close = 0; ///< the '}'
    QList<Member> members;

    /// The last member named `key` (the one a JSON reader keeps), or null.
    const Member *find(const QString &key) const
    {
        for (qsizetype i = members.size() - 1; i >= 0; --i) {
            if (members.at(i).key == key)
                return &members.at(i);
        }
        return nullptr;
    }
};

ObjectSpan readObject(const QByteArray &text, qsizetype open)
{
    ObjectSpan span;
    span.open = open;
    qsizetype i = skipSpace(text, open + 1);
    while (i < text.size() && text.at(i) == '"') {
        Member member;
        member.keyStart = i;
        const qsizetype keyEnd = skipString(text, i);
        member.key = QJsonDocument::fromJson('[' + text.mid(i, keyEnd - i) + ']').array().at(0).toString();
        i = skipSpace(text, skipSpace(text, keyEnd) + 1); // past the ':'
        member.valueStart = i;
        member.valueEnd = skipValue(text, i);
        span.members.append(member);
        i = skipSpace(text, member.valueEnd);
        if (i < text.size() && text.at(i) == ',')
            i = skipSpace(text, i + 1);
    }
    span.close = i;
    return span;
}

qsizetype lineStart(const QByteArray &text, qsizetype position)
{
    const qsizetype newline = text.lastIndexOf('\n', position - 1);
    return newline < 0 ? 0 : newline + 1;
}

QByteArray lineIndent(const QByteArray &text, qsizetype position)
{
    qsizetype i = lineStart(text, position);
    const qsizetype from = i;
    while (i < text.size() && (text.at(i) == ' ' || text.at(i) == '\t'))
        ++i;
    return text.mid(from, i - from);
}

bool startsItsLine(const QByteArray &text, qsizetype position)
{
    for (qsizetype i = lineStart(text, position); i < position; ++i) {
        if (text.at(i) != ' ' && text.at(i) != '\t')
            return false;
    }
    return true;
}

QByteArray scalar(const QJsonValue &value)
{
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return wrapped.mid(1, wrapped.size() - 2);
}

/// The layout of the members of `object`: their indent and the file's indent unit, taken from
/// its first member when that sits on a line of its own.
JsonLayout memberLayout(const QByteArray &text, const ObjectSpan &object, const QByteArray &newline)
{
    JsonLayout layout;
    layout.newline = newline;
    const QByteArray outer = lineIndent(text, object.open);
    if (!object.members.isEmpty() && startsItsLine(text, object.members.constFirst().keyStart)) {
        layout.indent = lineIndent(text, object.members.constFirst().keyStart);
        if (layout.indent.size() > outer.size() && layout.indent.startsWith(outer))
            layout.unit = layout.indent.mid(outer.size());
    } else {
        layout.indent = outer + layout.unit;
    }
    layout.compact = !object.members.isEmpty() && !text.mid(object.open, object.close - object.open).contains('\n');
    return layout;
}

QByteArray insertMember(const QByteArray &text, const ObjectSpan &object, const QString &key, const QJsonValue &value,
                        const QStringList &keyOrder, const QByteArray &newline)
{
    const JsonLayout layout = memberLayout(text, object, newline);
    const QByteArray member = scalar(key) + ": " + renderJson(value, layout, keyOrder);
    QByteArray result = text;
    if (object.members.isEmpty()) {
        // "{}" and "{ }" become a block of their own; "{\n}" keeps its closing line.
        const bool open = text.mid(object.open, object.close - object.open).contains('\n');
        if (open)
            return result.insert(object.open + 1, newline + layout.indent + member);
        const QByteArray block = newline + layout.indent + member + newline + lineIndent(text, object.open);
        return result.replace(object.open + 1, object.close - object.open - 1, block);
    }
    const qsizetype at = object.members.constLast().valueEnd;
    return result.insert(at, layout.compact ? QByteArray(", " + member) : QByteArray(',' + newline + layout.indent + member));
}

} // namespace

QByteArray renderJson(const QJsonValue &value, const JsonLayout &layout, const QStringList &firstKeys)
{
    JsonLayout inner = layout;
    inner.indent += layout.unit;
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        bool flat = layout.compact;
        if (!flat) {
            flat = std::all_of(array.begin(), array.end(),
                               [](const QJsonValue &item) { return !item.isArray() && !item.isObject(); });
        }
        QList<QByteArray> items;
        for (const QJsonValue &item : array)
            items << renderJson(item, inner, firstKeys);
        if (flat || items.isEmpty())
            return '[' + items.join(", ") + ']';
        return '[' + layout.newline + inner.indent + items.join(',' + layout.newline + inner.indent) + layout.newline
               + layout.indent + ']';
    }
    if (!value.isObject())
        return scalar(value);
    const QJsonObject object = value.toObject();
    if (object.isEmpty())
        return "{}";
    QStringList keys;
    for (const QString &key : firstKeys) {
        if (object.contains(key))
            keys << key;
    }
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!keys.contains(it.key()))
            keys << it.key();
    }
    QList<QByteArray> members;
    for (const QString &key : std::as_const(keys))
        members << scalar(key) + ": " + renderJson(object.value(key), inner, firstKeys);
    if (layout.compact)
        return '{' + members.join(", ") + '}';
    return '{' + layout.newline + inner.indent + members.join(',' + layout.newline + inner.indent) + layout.newline
           + layout.indent + '}';
}

Result<QByteArray> spliceJsonEntry(const QByteArray &text, const QString &outerKey, const QString &innerKey,
                                   const QJsonObject &entry, const QStringList &keyOrder, const QString &where)
{
    const QByteArray newline = text.contains("\r\n") ? QByteArrayLiteral("\r\n") : QByteArrayLiteral("\n");
    const qsizetype open = skipSpace(text, 0);
    if (open >= text.size() || text.at(open) != '{')
        return malformed(tr("the file is not a JSON object"), where);
    const ObjectSpan top = readObject(text, open);
    const Member *outer = top.find(outerKey);
    if (!outer)
        return insertMember(text, top, outerKey, QJsonObject{{innerKey, entry}}, keyOrder, newline);
    if (text.at(outer->valueStart) != '{')
        return malformed(tr("\"%1\" is not a JSON object; fix it by hand first").arg(outerKey), where);
    const ObjectSpan servers = readObject(text, outer->valueStart);
    const Member *inner = servers.find(innerKey);
    if (!inner)
        return insertMember(text, servers, innerKey, entry, keyOrder, newline);

    // The entry is there: its value is replaced, with the members Valis does not set (an "env"
    // the person added) kept.
    QJsonObject merged = QJsonDocument::fromJson(text.mid(inner->valueStart, inner->valueEnd - inner->valueStart)).object();
    for (auto it = entry.begin(); it != entry.end(); ++it)
        merged.insert(it.key(), it.value());
    JsonLayout layout = memberLayout(text, servers, newline);
    if (startsItsLine(text, inner->keyStart))
        layout.indent = lineIndent(text, inner->keyStart);
    QByteArray result = text;
    return result.replace(inner->valueStart, inner->valueEnd - inner->valueStart, renderJson(merged, layout, keyOrder));
}

// ---- TOML -------------------------------------------------------------------------------------

namespace {

/// One line of a TOML file as far as table structure goes.
struct TomlLine
{
    qsizetype start = 0;
    qsizetype end = 0;        ///< past its newline
    enum class Kind { Blank, Header, Key, Continuation } kind = Kind::Blank;
    QStringList keys;         ///< the header's table or the key line's dotted key
    bool arrayHeader = false; ///< [[...]]
};

/// Reads a dotted key ("a.\"b c\".'d'") from `text` at `i` until `stop` (']' or '='),
/// outside quotes; `i` ends on `stop`.
QStringList readDottedKey(const QByteArray &text, qsizetype &i, char stop)
{
    QStringList parts;
    QByteArray part;
    auto finish = [&] {
        parts << QString::fromUtf8(part.trimmed());
        part.clear();
    };
    while (i < text.size() && text.at(i) != stop && text.at(i) != '\n') {
        const char c = text.at(i);
        if (c == '"' || c == '\'') {
            qsizetype end = i + 1;
            while (end < text.size() && text.at(end) != c && text.at(end) != '\n')
                end += (c == '"' && text.at(end) == '\\') ? 2 : 1;
            const QByteArray quoted = text.mid(i, end + 1 - i);
            part += c == '\'' ? quoted.mid(1, quoted.size() - 2)
                              : QJsonDocument::fromJson('[' + quoted + ']').array().at(0).toString().toUtf8();
            i = end + 1;
            continue;
        }
        if (c == '.')
            finish();
        else
            part += c;
        ++i;
    }
    finish();
    return parts;
}

QList<TomlLine> scanToml(const QByteArray &text)
{
    QList<TomlLine> lines;
    enum class Inside { Nothing, MultiBasic, MultiLiteral } inside = Inside::Nothing;
    int depth = 0; // brackets and braces of a value spread over lines
    qsizetype i = 0;
    while (i < text.size()) {
        TomlLine line;
        line.start = i;
        qsizetype j = i;
        while (j < text.size() && (text.at(j) == ' ' || text.at(j) == '\t'))
            ++j;
        const bool fresh = inside == Inside::Nothing && depth == 0;
        if (!fresh) {
            line.kind = TomlLine::Kind::Continuation;
        } else if (j >= text.size() || text.at(j) == '\n' || text.at(j) == '\r' || text.at(j) == '#') {
            line.kind = TomlLine::Kind::Blank;
        } else if (text.at(j) == '[') {
            line.kind = TomlLine::Kind::Header;
            line.arrayHeader = j + 1 < text.size() && text.at(j + 1) == '[';
            j += line.arrayHeader ? 2 : 1;
            line.keys = readDottedKey(text, j, ']');
        } else {
            line.kind = TomlLine::Kind::Key;
            line.keys = readDottedKey(text, j, '=');
            ++j;
        }
        // The rest of the line: strings, comments and brackets decide whether the next line
        // continues this one.
        while (j < text.size() && text.at(j) != '\n') {
            const char c = text.at(j);
            if (inside == Inside::MultiBasic) {
                if (c == '\\')
                    j += 2;
                else if (text.mid(j, 3) == "\"\"\"")
                    inside = Inside::Nothing, j += 3;
                else
                    ++j;
                continue;
            }
            if (inside == Inside::MultiLiteral) {
                if (text.mid(j, 3) == "'''")
                    inside = Inside::Nothing, j += 3;
                else
                    ++j;
                continue;
            }
            if (c == '#') {
                while (j < text.size() && text.at(j) != '\n')
                    ++j;
                break;
            }
            if (text.mid(j, 3) == "\"\"\"") {
                inside = Inside::MultiBasic, j += 3;
            } else if (text.mid(j, 3) == "'''") {
                inside = Inside::MultiLiteral, j += 3;
            } else if (c == '"' || c == '\'') {
                ++j;
                while (j < text.size() && text.at(j) != c && text.at(j) != '\n')
                    j += (c == '"' && text.at(j) == '\\') ? 2 : 1;
                ++j;
            } else {
                if (line.kind != TomlLine::Kind::Header && (c == '[' || c == '{'))
                    ++depth;
                else if (line.kind != TomlLine::Kind::Header && (c == ']' || c == '}'))
                    --depth;
                ++j;
            }
        }
        line.end = j < text.size() ? j + 1 : text.size();
        lines.append(line);
        i = line.end;
    }
    return lines;
}

QByteArray tomlKey(const QString &key)
{
    static const QRegularExpression bare(QStringLiteral("^[A-Za-z0-9_-]+$"));
    return bare.match(key).hasMatch() ? key.toUtf8() : tomlString(key);
}

QByteArray tomlArray(const QStringList &items)
{
    QList<QByteArray> quoted;
    for (const QString &item : items)
        quoted << tomlString(item);
    return '[' + quoted.join(", ") + ']';
}

} // namespace

QByteArray tomlString(const QString &text)
{
    QByteArray out = "\"";
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c.unicode() < 0x20 || c.unicode() == 0x7f)
                out += "\\u" + QByteArray::number(c.unicode(), 16).rightJustified(4, '0');
            else
                out += QString(c).toUtf8();
        }
    }
    return out + '"';
}

Result<QByteArray> spliceTomlServer(const QByteArray &text, const QString &outerKey, const QString &innerKey,
                                    const QString &command, const QStringList &args, const QString &where)
{
    const QByteArray newline = text.contains("\r\n") ? QByteArrayLiteral("\r\n") : QByteArrayLiteral("\n");
    const QList<TomlLine> lines = scanToml(text);
    const QStringList wanted{outerKey, innerKey};
    const QString handEdit = tr("[%1.%2] is written with dotted keys or as an inline table, which Valis does not edit; "
                                "change it by hand to a table of its own")
                                 .arg(outerKey, innerKey);
    qsizetype header = -1;
    QStringList table; // the table the current line belongs to
    for (qsizetype n = 0; n < lines.size(); ++n) {
        const TomlLine &line = lines.at(n);
        if (line.kind == TomlLine::Kind::Header) {
            table = line.keys;
            if (line.keys == wanted && !line.arrayHeader)
                header = n;
            continue;
        }
        if (line.kind != TomlLine::Kind::Key)
            continue;
        // `mcp_servers.valis.command = ...` at the top, or `valis = {...}` in [mcp_servers].
        const bool dotted = (table.isEmpty() && line.keys.size() >= 2 && line.keys.mid(0, 2) == wanted)
                            || (table == QStringList{outerKey} && line.keys.constFirst() == innerKey);
        if (dotted)
            return malformed(handEdit, where);
        if (table.isEmpty() && line.keys == QStringList{outerKey})
            return malformed(tr("%1 is an inline table, which Valis does not edit; add [%1.%2] by hand").arg(outerKey, innerKey),
                             where);
    }

    const QByteArray commandLine = "command = " + tomlString(command) + newline;
    const QByteArray argsLine = "args = " + tomlArray(args) + newline;
    if (header < 0) {
        QByteArray result = text;
        if (!result.isEmpty() && !result.endsWith('\n'))
            result += newline;
        if (!result.isEmpty())
            result += newline;
        return QByteArray(result + '[' + tomlKey(outerKey) + '.' + tomlKey(innerKey) + ']' + newline + commandLine + argsLine);
    }

    // Replace command and args where they are (with the lines their values continue on), add
    // the missing ones below the header; every other line stays as it is.
    QByteArray result;
    qsizetype copied = 0;
    bool haveCommand = false;
    bool haveArgs = false;
    qsizetype n = header + 1;
    for (; n < lines.size() && lines.at(n).kind != TomlLine::Kind::Header; ++n) {
        const TomlLine &line = lines.at(n);
        if (line.kind != TomlLine::Kind::Key)
            continue;
        const bool isCommand = line.keys == QStringList{QStringLiteral("command")};
        const bool isArgs = line.keys == QStringList{QStringLiteral("args")};
        if (!isCommand && !isArgs)
            continue;
        qsizetype last = n;
        while (last + 1 < lines.size() && lines.at(last + 1).kind == TomlLine::Kind::Continuation)
            ++last;
        result += text.mid(copied, line.start - copied);
        QByteArray replacement = isCommand ? commandLine : argsLine;
        if (!text.mid(line.start, lines.at(last).end - line.start).endsWith('\n'))
            replacement.chop(newline.size());
        result += replacement;
        copied = lines.at(last).end;
        (isCommand ? haveCommand : haveArgs) = true;
        n = last;
    }
    result += text.mid(copied);
    if (haveCommand && haveArgs)
        return result;
    QByteArray missing = (haveCommand ? QByteArray() : commandLine) + (haveArgs ? QByteArray() : argsLine);
    const TomlLine &head = lines.at(header);
    // The header's own line ends where it did in `text`: nothing before it changed.
    if (!text.mid(head.start, head.end - head.start).endsWith('\n'))
        missing.prepend(newline);
    return result.insert(head.end, missing);
}

} // namespace valis::mcp
