#include "regexdialect.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>

namespace valis::tools::search {

// Messages in this file go back to the model, which reads English best; they are not tr()'d.

namespace {

// What Rust's regex syntax lets a backslash make literal, outside and inside classes.
const QString RustMeta = QStringLiteral("\\.+*?()|[]{}^$#&-~");
// POSIX classes are ASCII-only in Rust's syntax but Unicode-aware in PCRE2 with UCP (which \w
// and \b need), so PCRE gets their ASCII ranges spelled out.
const QHash<QString, QString> &posixClasses()
{
    static const QHash<QString, QString> classes = {
        {QStringLiteral("alnum"), QStringLiteral("0-9A-Za-z")},
        {QStringLiteral("alpha"), QStringLiteral("A-Za-z")},
        {QStringLiteral("ascii"), QStringLiteral("\\x00-\\x7F")},
        {QStringLiteral("blank"), QStringLiteral("\\t ")},
        {QStringLiteral("cntrl"), QStringLiteral("\\x00-\\x1F\\x7F")},
        {QStringLiteral("digit"), QStringLiteral("0-9")},
        {QStringLiteral("graph"), QStringLiteral("!-~")},
        {QStringLiteral("lower"), QStringLiteral("a-z")},
        {QStringLiteral("print"), QStringLiteral(" -~")},
        {QStringLiteral("punct"), QStringLiteral("!-/:-@\\[-`{-~")},
        {QStringLiteral("space"), QStringLiteral("\\t\\n\\x0B\\f\\r ")},
        {QStringLiteral("upper"), QStringLiteral("A-Z")},
        {QStringLiteral("word"), QStringLiteral("0-9A-Za-z_")},
        {QStringLiteral("xdigit"), QStringLiteral("0-9A-Fa-f")},
    };
    return classes;
}

bool isHex(QChar c)
{
    return (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || (c >= QLatin1Char('a') && c <= QLatin1Char('f'))
           || (c >= QLatin1Char('A') && c <= QLatin1Char('F'));
}

/// One escape, written for each dialect.
struct Piece
{
    QString rust;
    QString line;
    QString buffer;
};

Piece same(const QString &text)
{
    return {text, text, text};
}

// In line mode ripgrep (with --crlf) never lets a pattern match "\n" or "\r": it takes them
// out of every class. The PCRE forms of class-like items get the same restriction.
const QString NoLineBreak = QStringLiteral("[^\\r\\n]");

QString withoutLineBreaks(const QString &pcre)
{
    return QStringLiteral("(?:(?![\\r\\n])") + pcre + QLatin1Char(')');
}

const QString LineBreakError = QStringLiteral(
    "the pattern matches a line break (\\n or \\r) outside a class, which only a multiline search can match; set multiline: true");

class Translator
{
public:
    Translator(const QString &pattern, const PatternOptions &options) : m_p(pattern), m_options(options) {}

    Result<PreparedPattern> run()
    {
        while (m_i < m_p.size() && m_error.isEmpty())
            step();
        if (m_error.isEmpty() && m_depth > 0)
            fail(QStringLiteral("a `(` is never closed; write `\\(` to match a parenthesis"));
        if (!m_error.isEmpty()) {
            return Error(QStringLiteral("grep.pattern"),
                         QStringLiteral("Invalid pattern: %1. %2").arg(m_error, patternSyntaxHint()));
        }
        return PreparedPattern{m_rust, m_line, m_buffer};
    }

private:
    const QString &m_p;
    const PatternOptions &m_options;
    qsizetype m_i = 0;
    int m_depth = 0;
    bool m_atStart = true;      // nothing to repeat yet (start, after `(` or `|`)
    bool m_afterRepeat = false; // the last item was a quantifier
    QString m_rust;
    QString m_line;
    QString m_buffer;
    QString m_error;
    bool m_lineBreak = false; // the last escape was \n or \r

    QChar at(qsizetype i) const { return i < m_p.size() ? m_p.at(i) : QChar(); }
    void fail(const QString &problem)
    {
        if (m_error.isEmpty())
            m_error = problem;
    }
    void emit(const Piece &piece)
    {
        m_rust += piece.rust;
        m_line += piece.line;
        m_buffer += piece.buffer;
    }
    void atom(const Piece &piece)
    {
        emit(piece);
        m_atStart = false;
        m_afterRepeat = false;
    }
    QString position(qsizetype i) const { return QString::number(i + 1); }

    void step()
    {
        const QChar c = m_p.at(m_i);
        switch (c.unicode()) {
        case u'\\': {
            const Piece piece = escape(false);
            if (m_error.isEmpty())
                atom(piece);
            return;
        }
        case u'(':
            group();
            return;
        case u')':
            if (m_depth == 0) {
                fail(QStringLiteral("the `)` at position %1 closes no group; write `\\)` to match a parenthesis").arg(position(m_i)));
                return;
            }
            --m_depth;
            ++m_i;
            atom(same(QStringLiteral(")")));
            return;
        case u'|':
            ++m_i;
            emit(same(QStringLiteral("|")));
            m_atStart = true;
            m_afterRepeat = false;
            return;
        case u'*':
        case u'+':
        case u'?':
            repetition(QString(c), 1);
            return;
        case u'{':
            brace();
            return;
        case u'}':
            ++m_i;
            atom(same(QStringLiteral("\\}")));
            return;
        case u'[':
            characterClass();
            return;
        case u'$':
            ++m_i;
            // ripgrep runs with --crlf, where `$` also matches before "\r\n".
            atom({QStringLiteral("$"), QStringLiteral("(?=\\r?$)"), QStringLiteral("(?=\\r?$)")});
            return;
        case u'.':
            ++m_i;
            // In line mode ripgrep never matches a line break, "\r" included (--crlf).
            atom(m_options.multiline ? same(QStringLiteral(".")) : Piece{QStringLiteral("."), NoLineBreak, NoLineBreak});
            return;
        case u'\r':
        case u'\n':
            if (!m_options.multiline) {
                fail(LineBreakError);
                return;
            }
            ++m_i;
            atom(same(c == QLatin1Char('\n') ? QStringLiteral("\\n") : QStringLiteral("\\r")));
            return;
        default:
            ++m_i;
            atom(same(QString(c)));
            return;
        }
    }

    void repetition(const QString &quantifier, qsizetype length)
    {
        const qsizetype start = m_i;
        if (m_atStart) {
            fail(QStringLiteral("`%1` at position %2 has nothing to repeat; write `\\%3` to match it")
                     .arg(quantifier, position(start), quantifier.left(1)));
            return;
        }
        if (m_afterRepeat) {
            fail(QStringLiteral("`%1` at position %2 repeats a repetition; put the inner one in a group, like (a+)*")
                     .arg(quantifier, position(start)));
            return;
        }
        m_i += length;
        QString text = quantifier;
        if (at(m_i) == QLatin1Char('?')) {
            text += QLatin1Char('?'); // lazy
            ++m_i;
        } else if (at(m_i) == QLatin1Char('+')) {
            fail(QStringLiteral("possessive quantifiers (`%1+` at position %2) are not supported").arg(quantifier, position(start)));
            return;
        }
        emit(same(text));
        m_afterRepeat = true;
    }

    void brace()
    {
        // Rust allows spaces inside the braces, PCRE does not: both get the tight form.
        static const QRegularExpression counted(QStringLiteral("\\G\\{\\s*(\\d+)\\s*(?:(,)\\s*(\\d*)\\s*)?\\}"));
        const QRegularExpressionMatch match = counted.match(m_p, m_i);
        if (!match.hasMatch() || m_atStart) {
            // Not a repetition: a literal brace, as in PCRE and GNU grep ("if (x) {").
            ++m_i;
            atom(same(QStringLiteral("\\{")));
            return;
        }
        QString text = QLatin1Char('{') + match.captured(1);
        if (match.capturedLength(2) > 0)
            text += QLatin1Char(',') + match.captured(3);
        text += QLatin1Char('}');
        repetition(text, match.capturedLength(0));
    }

    void group()
    {
        if (at(m_i + 1) != QLatin1Char('?')) {
            ++m_i;
            ++m_depth;
            emit(same(QStringLiteral("(")));
            m_atStart = true;
            m_afterRepeat = false;
            return;
        }
        const qsizetype start = m_i;
        const QChar kind = at(m_i + 2);
        const QChar next = at(m_i + 3);
        auto openGroup = [this](const QString &text, qsizetype length) {
            m_i += length;
            ++m_depth;
            emit(same(text));
            m_atStart = true;
            m_afterRepeat = false;
        };
        if (kind == QLatin1Char(':')) {
            openGroup(QStringLiteral("(?:"), 3);
            return;
        }
        if (kind == QLatin1Char('=') || kind == QLatin1Char('!')
            || (kind == QLatin1Char('<') && (next == QLatin1Char('=') || next == QLatin1Char('!')))) {
            fail(QStringLiteral("look-around (`(?=`, `(?!`, `(?<=`, `(?<!`) is not supported; match the surrounding text "
                                "instead, or search twice"));
            return;
        }
        if (kind == QLatin1Char('<') || (kind == QLatin1Char('P') && next == QLatin1Char('<'))) {
            // A named group; (?<name>...) is accepted too and written as (?P<name>...).
            const qsizetype nameStart = m_i + (kind == QLatin1Char('<') ? 3 : 4);
            const qsizetype close = m_p.indexOf(QLatin1Char('>'), nameStart);
            static const QRegularExpression validName(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
            const QString name = close < 0 ? QString() : m_p.mid(nameStart, close - nameStart);
            if (close < 0 || !validName.match(name).hasMatch()) {
                fail(QStringLiteral("the group name at position %1 is invalid; names are letters, digits and _").arg(position(start)));
                return;
            }
            openGroup(QStringLiteral("(?P<") + name + QLatin1Char('>'), close + 1 - m_i);
            return;
        }
        // Flags: (?i) or (?i-s:...)
        qsizetype j = m_i + 2;
        QString flags;
        while (j < m_p.size() && QStringLiteral("imsUxu-").contains(m_p.at(j)))
            flags += m_p.at(j++);
        if (!flags.isEmpty() && (at(j) == QLatin1Char(')') || at(j) == QLatin1Char(':'))) {
            if (flags.contains(QLatin1Char('x')) || flags.contains(QLatin1Char('u'))) {
                fail(QStringLiteral("the flags `x` and `u` are not supported (only i, m, s and U)"));
                return;
            }
            if (at(j) == QLatin1Char(':')) {
                openGroup(m_p.mid(m_i, j + 1 - m_i), j + 1 - m_i);
            } else {
                emit(same(m_p.mid(m_i, j + 1 - m_i)));
                m_i = j + 1;
            }
            return;
        }
        if (kind == QLatin1Char('>')) {
            fail(QStringLiteral("atomic groups (`(?>`) are not supported"));
            return;
        }
        fail(QStringLiteral("the group syntax `%1` at position %2 is not supported (backreferences, recursion, comments "
                            "and conditionals are not available)")
                 .arg(m_p.mid(m_i, 4), position(start)));
    }

    /// `\x..`, `\u....`, `\U........` and their braced forms, from the letter after the backslash.
    Piece hexEscape(qsizetype letter, bool inClass)
    {
        const QChar kind = m_p.at(letter);
        QString digits;
        qsizetype end = letter + 1;
        if (at(end) == QLatin1Char('{')) {
            const qsizetype close = m_p.indexOf(QLatin1Char('}'), end);
            digits = close < 0 ? QString() : m_p.mid(end + 1, close - end - 1);
            end = close < 0 ? m_p.size() : close + 1;
        } else {
            const int width = kind == QLatin1Char('x') ? 2 : kind == QLatin1Char('u') ? 4 : 8;
            digits = m_p.mid(end, width);
            end += digits.size();
            if (digits.size() != width)
                digits.clear();
        }
        bool ok = !digits.isEmpty() && digits.size() <= 8;
        for (const QChar d : std::as_const(digits))
            ok = ok && isHex(d);
        const uint value = ok ? digits.toUInt(&ok, 16) : 0;
        if (!ok || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) {
            fail(QStringLiteral("the escape `%1` at position %2 is not a valid code point; write \\x41, \\x{1F600}, \\u0041 or \\U0001F600")
                     .arg(m_p.mid(letter - 1, end - letter + 1), position(letter - 1)));
            return {};
        }
        m_lineBreak = value == 0x0A || value == 0x0D;
        if (m_lineBreak && !m_options.multiline && !inClass) {
            fail(LineBreakError);
            return {};
        }
        const QString raw = m_p.mid(letter - 1, end - letter + 1);
        m_i = end;
        const QString pcre = QStringLiteral("\\x{") + QString::number(value, 16) + QLatin1Char('}');
        return {raw, pcre, pcre};
    }

    /// The escape at m_i (a backslash); `inClass` for one inside [...].
    Piece escape(bool inClass)
    {
        const qsizetype start = m_i;
        if (m_i + 1 >= m_p.size()) {
            fail(QStringLiteral("the pattern ends with a lone backslash; write `\\\\` to match a backslash"));
            return {};
        }
        const QChar d = m_p.at(m_i + 1);
        const QString both = QStringLiteral("\\") + d;
        if (d.isDigit()) {
            fail(QStringLiteral("backreferences (`%1` at position %2) are not supported").arg(both, position(start)));
            return {};
        }
        m_lineBreak = false;
        if (d == QLatin1Char('x') || d == QLatin1Char('u') || d == QLatin1Char('U'))
            return hexEscape(m_i + 1, inClass);
        m_i += 2;
        if (RustMeta.contains(d))
            return same(both);
        const bool lineMode = !m_options.multiline;
        switch (d.unicode()) {
        case u'd': case u'w': case u'S': case u't': case u'f': case u'a':
            return same(both);
        case u'D': case u'W': case u's':
            // These include "\r" and "\n", which a line-mode search never matches.
            if (lineMode && !inClass)
                return {both, withoutLineBreaks(both), withoutLineBreaks(both)};
            return same(both);
        case u'n': case u'r':
            m_lineBreak = true;
            if (lineMode && !inClass) {
                fail(LineBreakError);
                return {};
            }
            return same(both);
        case u'b': case u'B':
            if (inClass)
                break;
            return same(both);
        case u'A':
            if (inClass)
                break;
            return {both, both, m_options.multiline ? both : QStringLiteral("^")};
        case u'z': case u'Z':
            if (inClass)
                break;
            // In line mode the end of the text is the end of the line, before "\r\n".
            return {QStringLiteral("\\z"), QStringLiteral("\\z"), m_options.multiline ? QStringLiteral("\\z") : QStringLiteral("(?=\\r?$)")};
        case u'v':
            return {both, QStringLiteral("\\x{b}"), QStringLiteral("\\x{b}")};
        case u'e':
            return {QStringLiteral("\\x1B"), QStringLiteral("\\x{1b}"), QStringLiteral("\\x{1b}")};
        case u'<': case u'>':
            if (inClass)
                return {QString(d), both, both};
            return same(QStringLiteral("\\b")); // GNU grep's word edges; \b is the nearest
        case u'p': case u'P': {
            qsizetype end = m_i + 1;
            if (at(m_i) == QLatin1Char('{')) {
                const qsizetype close = m_p.indexOf(QLatin1Char('}'), m_i);
                if (close < 0) {
                    fail(QStringLiteral("the Unicode class at position %1 has no closing `}`").arg(position(start)));
                    return {};
                }
                end = close + 1;
            }
            if (m_i >= m_p.size()) {
                fail(QStringLiteral("`%1` at the end needs a Unicode class name, like \\pL or \\p{Greek}").arg(both));
                return {};
            }
            const QString raw = m_p.mid(start, end - start);
            m_i = end;
            if (lineMode && !inClass)
                return {raw, withoutLineBreaks(raw), withoutLineBreaks(raw)};
            return same(raw);
        }
        default:
            break;
        }
        if (d.unicode() < 128 && !d.isLetterOrNumber() && d.unicode() > 32) {
            // Escaped punctuation that Rust's syntax has no escape for (\/ \% \@ ...) is literal.
            return {QString(d), both, both};
        }
        if (d == QLatin1Char(' '))
            return {QStringLiteral("\\x20"), QStringLiteral(" "), QStringLiteral(" ")};
        if (d.unicode() >= 128)
            return same(QString(d));
        QString hint;
        if (d == QLatin1Char('h'))
            hint = QStringLiteral("; write [ \\t] for horizontal space");
        else if (d == QLatin1Char('Q') || d == QLatin1Char('E'))
            hint = QStringLiteral("; set fixed_strings: true to search for literal text");
        else if (d == QLatin1Char('R'))
            hint = QStringLiteral("; write \\r?\\n (with multiline: true)");
        fail(QStringLiteral("the escape `%1` at position %2 is not supported%3").arg(both, position(start), hint));
        return {};
    }

    void characterClass()
    {
        const qsizetype start = m_i;
        Piece piece = same(QStringLiteral("["));
        bool negated = false;
        bool onlyLineBreaks = true; // ripgrep refuses a class of nothing but line breaks in line mode
        ++m_i;
        if (at(m_i) == QLatin1Char('^')) {
            negated = true;
            piece.rust += QLatin1Char('^');
            piece.line += QLatin1Char('^');
            piece.buffer += QLatin1Char('^');
            ++m_i;
        }
        auto add = [&piece](const Piece &part) {
            piece.rust += part.rust;
            piece.line += part.line;
            piece.buffer += part.buffer;
        };
        if (at(m_i) == QLatin1Char(']')) {
            add(same(QStringLiteral("\\]")));
            onlyLineBreaks = false;
            ++m_i;
        }
        for (;;) {
            if (m_i >= m_p.size()) {
                fail(QStringLiteral("the `[` at position %1 is never closed; write `\\[` to match a bracket").arg(position(start)));
                return;
            }
            const QChar c = m_p.at(m_i);
            if (c == QLatin1Char(']')) {
                add(same(QStringLiteral("]")));
                ++m_i;
                break;
            }
            const QString two = m_p.mid(m_i, 2);
            if (two == QLatin1String("&&") || two == QLatin1String("~~") || two == QLatin1String("--")) {
                fail(QStringLiteral("class set operations (`&&`, `--`, `~~` at position %1) are not supported").arg(position(m_i)));
                return;
            }
            if (c == QLatin1Char('[')) {
                if (at(m_i + 1) != QLatin1Char(':')) {
                    fail(QStringLiteral("nested classes are not supported (position %1); write `\\[` for a bracket inside a class")
                             .arg(position(m_i)));
                    return;
                }
                const qsizetype close = m_p.indexOf(QStringLiteral(":]"), m_i + 2);
                const QString name = close < 0 ? QString() : m_p.mid(m_i + 2, close - m_i - 2);
                if (name.startsWith(QLatin1Char('^'))) {
                    fail(QStringLiteral("negated POSIX classes ([:^name:] at position %1) are not supported; write [^[:name:]]")
                             .arg(position(m_i)));
                    return;
                }
                if (!posixClasses().contains(name)) {
                    QStringList known = posixClasses().keys();
                    std::sort(known.begin(), known.end());
                    fail(QStringLiteral("unknown POSIX class at position %1; known are [:%2:]")
                             .arg(position(m_i), known.join(QStringLiteral(":], [:"))));
                    return;
                }
                const QString ascii = posixClasses().value(name);
                add({m_p.mid(m_i, close + 2 - m_i), ascii, ascii});
                onlyLineBreaks = false;
                m_i = close + 2;
                continue;
            }
            if (c == QLatin1Char('\\')) {
                const Piece part = escape(true);
                if (!m_error.isEmpty())
                    return;
                add(part);
                onlyLineBreaks = onlyLineBreaks && m_lineBreak;
                continue;
            }
            if (c == QLatin1Char('\n') || c == QLatin1Char('\r')) {
                add(same(c == QLatin1Char('\n') ? QStringLiteral("\\n") : QStringLiteral("\\r")));
            } else {
                add(same(QString(c)));
                onlyLineBreaks = false;
            }
            ++m_i;
        }
        if (!m_options.multiline) {
            if (onlyLineBreaks && !negated) {
                fail(LineBreakError);
                return;
            }
            piece.line = withoutLineBreaks(piece.line);
            piece.buffer = withoutLineBreaks(piece.buffer);
        }
        atom(piece);
    }
};

} // namespace

QString patternSyntaxHint()
{
    return QStringLiteral("Patterns use Rust regex syntax, as ripgrep does: like PCRE without look-around, "
                          "backreferences, atomic groups or possessive quantifiers. Escape ( ) [ ] { } . * + ? | ^ $ \\ "
                          "with a backslash to match them, or set fixed_strings: true to search for literal text.");
}

Result<PreparedPattern> preparePattern(const QString &pattern, const PatternOptions &options)
{
    if (!options.fixedString)
        return Translator(pattern, options).run();
    if (!options.multiline && pattern.contains(QLatin1Char('\n'))) {
        return Error(QStringLiteral("grep.pattern"),
                     QStringLiteral("Invalid pattern: the text contains a line break, which only a multiline search can "
                                    "match; set multiline: true."));
    }
    QString escaped;
    escaped.reserve(pattern.size() * 2);
    for (const QChar c : pattern) {
        if (RustMeta.contains(c))
            escaped += QLatin1Char('\\');
        escaped += c;
    }
    return Translator(escaped, options).run();
}

} // namespace valis::tools::search
