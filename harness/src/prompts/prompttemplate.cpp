#include "prompts/prompttemplate.h"

#include "valis/prompts/promptstore.h"

namespace valis::prompts {

namespace {

bool isNameStart(QChar c)
{
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
        || c == QLatin1Char('_');
}

bool isNameChar(QChar c)
{
    return isNameStart(c) || (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('-')
        || c == QLatin1Char('.');
}

bool isKeyChar(QChar c)
{
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('0') && c <= QLatin1Char('9'))
        || c == QLatin1Char('-') || c == QLatin1Char('_') || c == QLatin1Char('/');
}

/// The tag starting at `open` (which points at "{{"): its piece and the index after "}}", or
/// nothing when these characters are no tag.
bool readTag(const QString &text, qsizetype open, TemplatePiece *piece, qsizetype *end)
{
    qsizetype i = open + 2;
    const qsizetype size = text.size();
    auto skipSpaces = [&] {
        while (i < size && (text.at(i) == QLatin1Char(' ') || text.at(i) == QLatin1Char('\t')))
            ++i;
    };
    skipSpaces();
    bool include = false;
    if (i < size && text.at(i) == QLatin1Char('>')) {
        include = true;
        ++i;
        skipSpaces();
    }
    const qsizetype start = i;
    if (include) {
        while (i < size && isKeyChar(text.at(i)))
            ++i;
    } else if (i < size && isNameStart(text.at(i))) {
        ++i;
        while (i < size && isNameChar(text.at(i)))
            ++i;
    }
    const QString name = text.mid(start, i - start);
    skipSpaces();
    if (name.isEmpty() || i + 1 >= size || text.at(i) != QLatin1Char('}') || text.at(i + 1) != QLatin1Char('}'))
        return false;
    if (include && !isValidPromptKey(name))
        return false;
    piece->kind = include ? TemplatePiece::Kind::Include : TemplatePiece::Kind::Variable;
    piece->value = name;
    *end = i + 2;
    return true;
}

} // namespace

QList<TemplatePiece> parseTemplate(const QString &text)
{
    QList<TemplatePiece> pieces;
    QString literal;
    auto flush = [&] {
        if (!literal.isEmpty())
            pieces.append({TemplatePiece::Kind::Text, literal});
        literal.clear();
    };
    const qsizetype size = text.size();
    qsizetype i = 0;
    while (i < size) {
        const qsizetype open = text.indexOf(QLatin1String("{{"), i);
        if (open < 0) {
            literal += QStringView(text).mid(i);
            break;
        }
        // Backslashes right before "{{": one escapes it, two are one literal backslash.
        qsizetype slashes = 0;
        while (open - slashes - 1 >= i && text.at(open - slashes - 1) == QLatin1Char('\\') && slashes < 2)
            ++slashes;
        if (slashes == 1) {
            literal += QStringView(text).mid(i, open - 1 - i);
            literal += QLatin1String("{{");
            i = open + 2;
            continue;
        }
        literal += QStringView(text).mid(i, open - i - slashes);
        if (slashes == 2)
            literal += QLatin1Char('\\');
        TemplatePiece piece;
        qsizetype end = 0;
        if (!readTag(text, open, &piece, &end)) {
            literal += QLatin1String("{{");
            i = open + 2;
            continue;
        }
        flush();
        pieces.append(piece);
        i = end;
    }
    flush();
    return pieces;
}

static QStringList namesOf(const QString &text, TemplatePiece::Kind kind)
{
    QStringList names;
    for (const TemplatePiece &piece : parseTemplate(text)) {
        if (piece.kind == kind && !names.contains(piece.value))
            names.append(piece.value);
    }
    return names;
}

QStringList templateVariables(const QString &text)
{
    return namesOf(text, TemplatePiece::Kind::Variable);
}

QStringList templateIncludes(const QString &text)
{
    return namesOf(text, TemplatePiece::Kind::Include);
}

bool isValidPromptKey(const QString &key)
{
    if (key.isEmpty() || key.size() > 128 || key.startsWith(QLatin1Char('/')) || key.endsWith(QLatin1Char('/'))
        || key.contains(QLatin1String("//")))
        return false;
    for (const QChar c : key) {
        if (!isKeyChar(c))
            return false;
    }
    return true;
}

} // namespace valis::prompts

namespace valis {

QStringList PromptVersion::variables() const
{
    return prompts::templateVariables(text);
}

} // namespace valis
