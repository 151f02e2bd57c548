#include "memory/searchquery.h"

#include <QStringList>

#include <algorithm>

namespace valis::memory {

namespace {

bool isWordCharacter(char32_t c)
{
    return QChar::isLetterOrNumber(c) || QChar::isMark(c);
}

bool hasWordCharacter(const QString &text)
{
    const QList<uint> codePoints = text.toUcs4();
    return std::any_of(codePoints.cbegin(), codePoints.cend(), [](uint c) { return isWordCharacter(c); });
}

/// Letters and digits at the end of `text`'s last word ("build.lo" -> 2, "foo*" -> 3).
int lastWordLength(const QString &text)
{
    const QList<uint> codePoints = text.toUcs4();
    // Skip trailing punctuation, then count the run of word characters before it.
    qsizetype end = codePoints.size();
    while (end > 0 && !isWordCharacter(codePoints.at(end - 1)))
        --end;
    qsizetype start = end;
    while (start > 0 && isWordCharacter(codePoints.at(start - 1)))
        --start;
    return int(end - start);
}

} // namespace

QList<SearchTerm> parseSearchQuery(const QString &query)
{
    QList<SearchTerm> terms;
    QString word;
    auto endWord = [&]() {
        if (hasWordCharacter(word))
            terms.append({word, false, false});
        word.clear();
    };
    const qsizetype size = query.size();
    for (qsizetype i = 0; i < size; ++i) {
        const QChar c = query.at(i);
        if (c == QLatin1Char('"')) {
            const qsizetype close = query.indexOf(QLatin1Char('"'), i + 1);
            if (close > i) {
                endWord();
                const QString phrase = query.mid(i + 1, close - i - 1).simplified();
                if (hasWordCharacter(phrase))
                    terms.append({phrase, true, false});
                i = close;
                continue;
            }
            // An unbalanced quote quotes nothing: it is part of the word it stands in.
            word += c;
            continue;
        }
        if (c.isSpace() || c.category() == QChar::Other_Control) {
            endWord();
            continue;
        }
        word += c;
    }
    endWord();
    if (!terms.isEmpty() && !terms.last().phrase && lastWordLength(terms.last().text) >= minPrefixLength)
        terms.last().prefix = true;
    if (terms.size() > maxSearchTerms)
        terms.resize(maxSearchTerms);
    return terms;
}

QString fts5Term(const SearchTerm &term)
{
    QString escaped = term.text;
    escaped.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    QString part = QLatin1Char('"') + escaped + QLatin1Char('"');
    if (term.prefix)
        part += QLatin1Char('*');
    return part;
}

QString fts5Query(const QList<SearchTerm> &terms)
{
    QStringList parts;
    parts.reserve(terms.size());
    for (const SearchTerm &term : terms)
        parts << fts5Term(term);
    return parts.join(QLatin1Char(' '));
}

} // namespace valis::memory
