#include "memory/postgrestextsearch.h"

#include "memory/memoryrules.h"

#include <QHash>
#include <QSet>
#include <QRegularExpression>
#include <QVarLengthArray>
#include <QStringList>

namespace valis::memory::postgres_text {

namespace {

bool isWordCharacter(char32_t c)
{
    return QChar::isLetterOrNumber(c) || QChar::isMark(c);
}

/// The word-splitting loop of words(); appends to `out`.
void appendWords(QStringView text, QString &out)
{
    bool separator = !out.isEmpty();
    const auto append = [&out, &separator](char32_t c) {
        if (separator && !out.isEmpty())
            out += QLatin1Char(' ');
        separator = false;
        if (QChar::requiresSurrogates(c)) {
            out += QChar(QChar::highSurrogate(c));
            out += QChar(QChar::lowSurrogate(c));
        } else {
            out += QChar(char16_t(c));
        }
    };
    const QChar *p = text.data();
    const QChar *const end = p + text.size();
    while (p < end) {
        char32_t c = p->unicode();
        ++p;
        if (c < 0x80) {
            // Most of what is indexed is ASCII: decide it without the Unicode tables.
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
                append(c);
            else if (c >= 'A' && c <= 'Z')
                append(c + ('a' - 'A'));
            else
                separator = true;
            continue;
        }
        if (QChar::isHighSurrogate(c) && p < end && p->isLowSurrogate()) {
            c = QChar::surrogateToUcs4(char16_t(c), p->unicode());
            ++p;
        }
        if (!isWordCharacter(c)) {
            separator = true;
            continue;
        }
        // Combining diacritics go, as FTS5's unicode61 removes them ("cafe" finds "café").
        if (c >= 0x300 && c <= 0x36f)
            continue;
        c = QChar::toLower(c);
        if (c >= 0xc0 && c <= 0x24f && QChar::decompositionTag(c) == QChar::Canonical)
            c = QChar::decomposition(c).at(0).unicode();
        append(c);
    }
}

} // namespace

QString words(const QString &text)
{
    QString out;
    out.reserve(text.size());
    appendWords(text, out);
    return out;
}

namespace {

// PostgreSQL's limits (tsvector.h): positions stop at 16,383, a lexeme keeps 256 of them, a
// lexeme is at most 2,047 bytes, a tsvector at most 1 MB.
constexpr int maxPosition = 16383;
constexpr qsizetype maxPositions = 256;
constexpr qsizetype maxLexemeBytes = 2047;
constexpr qsizetype tsvectorBudget = 900 * 1024;
constexpr quint16 weightA = 0x8000;

qsizetype utf8Length(QStringView text)
{
    qsizetype bytes = 0;
    for (const QChar c : text) {
        const char16_t unit = c.unicode();
        bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : QChar::isSurrogate(unit) ? 2 : 3;
    }
    return bytes;
}

/// `word` as a quoted lexeme of the tsvector / tsquery input syntax. Words hold only letters,
/// digits and marks; the escaping is what keeps that harmless should it ever change.
void appendLexeme(QString &out, QStringView word)
{
    out += QLatin1Char('\'');
    for (const QChar c : word) {
        if (c == QLatin1Char('\'') || c == QLatin1Char('\\'))
            out += c;
        out += c;
    }
    out += QLatin1Char('\'');
}

} // namespace

namespace {

/// The words of a record: those of the head, then those of the content's indexed part.
struct RecordWords
{
    QString head;
    QString body;
};

RecordWords recordWords(const QString &head, const QByteArray &content, qsizetype contentBytes)
{
    RecordWords words;
    words.head = postgres_text::words(head);
    const QByteArray indexed = indexedPart(content);
    const QString text = QString::fromUtf8(contentBytes < 0 ? indexed : indexed.left(contentBytes));
    words.body.reserve(text.size());
    appendWords(text, words.body);
    return words;
}

/// Calls `visit(word, inHead)` for every word of `words`, in order.
template<typename Visit>
void forEachWord(const RecordWords &words, Visit &&visit)
{
    for (const QString *text : {&words.head, &words.body}) {
        const bool inHead = text == &words.head;
        qsizetype start = 0;
        while (start < text->size()) {
            qsizetype end = text->indexOf(QLatin1Char(' '), start);
            if (end < 0)
                end = text->size();
            if (end > start)
                visit(QStringView(*text).mid(start, end - start), inHead);
            start = end + 1;
        }
    }
}

QString tsvectorOf(const RecordWords &words, QStringList *distinct)
{
    struct Lexeme
    {
        QVarLengthArray<quint16, 6> positions; ///< the position, | weightA
    };
    QHash<QStringView, Lexeme> lexemes;
    QList<QStringView> order;
    qsizetype estimate = 0;
    int position = 0;
    bool full = false;
    forEachWord(words, [&](QStringView word, bool inHead) {
        const int at = qMin(++position, maxPosition);
        const qsizetype bytes = utf8Length(word);
        if (bytes > maxLexemeBytes)
            return;
        auto it = lexemes.find(word);
        if (it == lexemes.end()) {
            estimate += bytes + 8;
            if (full || estimate > tsvectorBudget) {
                full = true;
                return;
            }
            it = lexemes.insert(word, Lexeme());
            order.append(word);
        }
        QVarLengthArray<quint16, 6> &positions = it->positions;
        // Every occurrence past the last position shares it: one is enough.
        if (positions.size() >= maxPositions || (!positions.isEmpty() && (positions.last() & ~weightA) == at))
            return;
        positions.append(quint16(at) | (inHead ? weightA : 0));
        estimate += 2;
    });
    QString literal;
    literal.reserve(words.head.size() + words.body.size() + lexemes.size() * 8);
    if (distinct)
        distinct->reserve(order.size());
    for (const QStringView word : std::as_const(order)) {
        if (!literal.isEmpty())
            literal += QLatin1Char(' ');
        appendLexeme(literal, word);
        QLatin1Char separator(':');
        for (const quint16 value : lexemes.value(word).positions) {
            literal += separator;
            literal += QString::number(value & ~weightA);
            if (value & weightA)
                literal += QLatin1Char('A');
            separator = QLatin1Char(',');
        }
        if (distinct)
            distinct->append(word.toString());
    }
    return literal;
}

QString pairVectorOf(const RecordWords &words, const QSet<QString> &common)
{
    QSet<QString> pairs;
    QString literal;
    qsizetype estimate = 0;
    bool incomplete = false;
    QStringView previous;
    bool previousCommon = false;
    const auto add = [&](QStringView first, QStringView second) {
        QString pair;
        pair.reserve(first.size() + second.size() + 1);
        pair += first;
        pair += QLatin1Char('_');
        pair += second;
        if (pairs.contains(pair))
            return;
        const qsizetype bytes = utf8Length(pair);
        if (bytes > maxLexemeBytes || estimate + bytes + 3 > tsvectorBudget) {
            incomplete = true;
            return;
        }
        estimate += bytes + 3;
        if (!literal.isEmpty())
            literal += QLatin1Char(' ');
        appendLexeme(literal, pair);
        pairs.insert(std::move(pair));
    };
    if (!common.isEmpty()) {
        forEachWord(words, [&](QStringView word, bool) {
            const bool isCommon = common.contains(word.toString());
            if (isCommon && previousCommon && !incomplete)
                add(previous, word);
            previous = word;
            previousCommon = isCommon;
        });
    }
    if (incomplete) {
        if (!literal.isEmpty())
            literal += QLatin1Char(' ');
        literal += QLatin1String(incompletePairsLexeme);
    }
    return literal;
}

} // namespace

QString tsvector(const QString &head, const QByteArray &content, qsizetype contentBytes)
{
    return tsvectorOf(recordWords(head, content, contentBytes), nullptr);
}

RecordVectors recordVectors(const QString &head, const QByteArray &content, const QSet<QString> &commonWords)
{
    const RecordWords words = recordWords(head, content, -1);
    RecordVectors vectors;
    vectors.search = tsvectorOf(words, &vectors.distinctWords);
    vectors.pairs = pairVectorOf(words, commonWords);
    return vectors;
}

QString pairVector(const QString &head, const QByteArray &content, const QSet<QString> &commonWords)
{
    return pairVectorOf(recordWords(head, content, -1), commonWords);
}

namespace {

/// The prefix term's last lexeme: `word:*`, or the words it stands for.
QString prefixLexeme(const QString &lexeme, const QStringList *prefixWords)
{
    if (!prefixWords || prefixWords->isEmpty())
        return lexeme + QStringLiteral(":*");
    QStringList alternatives;
    for (const QString &word : *prefixWords) {
        QString alternative;
        appendLexeme(alternative, word);
        alternatives << alternative;
    }
    return alternatives.size() == 1 ? alternatives.constFirst()
                                    : QLatin1Char('(') + alternatives.join(QStringLiteral(" | ")) + QLatin1Char(')');
}

} // namespace

QString tsquery(const QList<SearchTerm> &terms, const QStringList *prefixWords)
{
    QStringList parts;
    for (const SearchTerm &term : terms) {
        const QStringList termWords = words(term.text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (termWords.isEmpty())
            continue;
        QStringList lexemes;
        for (const QString &word : termWords) {
            QString lexeme;
            appendLexeme(lexeme, word);
            lexemes << lexeme;
        }
        if (term.prefix)
            lexemes.last() = prefixLexeme(lexemes.last(), prefixWords);
        parts << (lexemes.size() == 1 ? lexemes.first()
                                      : QLatin1Char('(') + lexemes.join(QStringLiteral(" <-> ")) + QLatin1Char(')'));
    }
    return parts.join(QStringLiteral(" & "));
}

std::optional<PairPlan> pairPlan(const QList<SearchTerm> &terms, const QHash<QString, qint64> &since)
{
    QStringList lexemes;
    QList<SearchTerm> unproven;
    qint64 first = 0;
    for (const SearchTerm &term : terms) {
        const QStringList termWords = words(term.text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        const qsizetype pairable = termWords.size() - (term.prefix ? 1 : 0);
        qsizetype paired = 0;
        for (qsizetype i = 0; i + 1 < pairable; ++i) {
            const auto a = since.constFind(termWords.at(i));
            const auto b = since.constFind(termWords.at(i + 1));
            if (a == since.cend() || b == since.cend())
                continue;
            QString lexeme;
            appendLexeme(lexeme, QString(termWords.at(i) + QLatin1Char('_') + termWords.at(i + 1)));
            if (!lexemes.contains(lexeme))
                lexemes << lexeme;
            first = qMax(first, qMax(a.value(), b.value()));
            ++paired;
        }
        if (!(termWords.size() == 2 && !term.prefix && paired == 1))
            unproven << term;
    }
    if (lexemes.isEmpty())
        return std::nullopt;
    return PairPlan{lexemes.join(QStringLiteral(" & ")), tsquery(unproven), first};
}

QString tsqueryWords(const QList<SearchTerm> &terms, const QStringList *prefixWords)
{
    QStringList lexemes;
    bool severalWords = false;
    for (const SearchTerm &term : terms) {
        const QStringList termWords = words(term.text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        severalWords = severalWords || termWords.size() > 1;
        for (const QString &word : termWords) {
            QString lexeme;
            appendLexeme(lexeme, word);
            lexemes << lexeme;
        }
        if (term.prefix && !termWords.isEmpty())
            lexemes.last() = prefixLexeme(lexemes.last(), prefixWords);
    }
    return severalWords ? lexemes.join(QStringLiteral(" & ")) : QString();
}

QString bucketsQuery(qint64 first, qint64 last)
{
    QStringList buckets;
    for (qint64 bucket = first; bucket <= last; ++bucket)
        buckets << QStringLiteral("'#%1'").arg(bucket);
    return buckets.size() == 1 ? buckets.constFirst() : QLatin1Char('(') + buckets.join(QStringLiteral(" | ")) + QLatin1Char(')');
}

QString bothQueries(const QString &query, const QString &restriction)
{
    if (restriction.isEmpty())
        return query;
    return QLatin1Char('(') + query + QStringLiteral(") & ") + restriction;
}

QList<QByteArray> snippetNeedles(const QList<SearchTerm> &terms)
{
    QString longest;
    for (const SearchTerm &term : terms) {
        QString word;
        const auto consider = [&longest, &word]() {
            if (word.size() > longest.size())
                longest = word;
            word.clear();
        };
        for (const QChar c : term.text) {
            if (c.isLetterOrNumber() || c.isMark() || c.isSurrogate())
                word += c;
            else
                consider();
        }
        consider();
    }
    if (longest.isEmpty())
        return {};
    const QString lower = longest.toLower();
    const QString capitalised = lower.left(1).toUpper() + lower.mid(1);
    const QString upper = longest.toUpper();
    QList<QByteArray> needles{lower.toUtf8()};
    for (const QString &variant : {capitalised, upper}) {
        const QByteArray bytes = variant.toUtf8();
        if (!needles.contains(bytes))
            needles << bytes;
    }
    return needles;
}

QString snippetText(const QByteArray &window, bool cutAtStart, bool cutAtEnd)
{
    static const QRegularExpression whitespace(QStringLiteral("\\s"));
    QString text = QString::fromUtf8(window);
    // Cut characters decode to U+FFFD at the edges; cut words are dropped to the next space.
    if (cutAtStart) {
        const qsizetype space = text.indexOf(whitespace);
        if (space > 0 && space < text.size() / 3)
            text.remove(0, space);
    }
    if (cutAtEnd) {
        const qsizetype space = text.lastIndexOf(whitespace);
        if (space > 0 && space > text.size() * 2 / 3)
            text.truncate(space);
    }
    while (!text.isEmpty() && text.front() == QChar::ReplacementCharacter)
        text.remove(0, 1);
    while (!text.isEmpty() && text.back() == QChar::ReplacementCharacter)
        text.chop(1);
    text = text.simplified();
    if (cutAtStart && !text.isEmpty())
        text.prepend(QChar(0x2026));
    if (cutAtEnd && !text.isEmpty())
        text.append(QChar(0x2026));
    return text;
}

} // namespace valis::memory::postgres_text
