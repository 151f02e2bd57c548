#include "store/phrasematcher.h"

#include <QCoreApplication>

namespace valis::store {

namespace {

Error termsError(const QString &detail)
{
    return Error(QStringLiteral("search.pairs-unusable"), detail);
}

} // namespace

Result<QList<QueryTerm>> PhraseMatcher::termsOf(const QString &fts, const TranscriptTokenizer &tokenizer)
{
    // ftsQueryFor() writes `"term"` or `"term"*`, a doubled quote for a quote, one space between.
    QList<QueryTerm> terms;
    qsizetype at = 0;
    while (at < fts.size()) {
        if (fts.at(at) == QLatin1Char(' ')) {
            ++at;
            continue;
        }
        if (fts.at(at) != QLatin1Char('"'))
            return termsError(QStringLiteral("not a query of quoted terms"));
        QString text;
        ++at;
        for (;;) {
            if (at >= fts.size())
                return termsError(QStringLiteral("an unterminated term"));
            if (fts.at(at) == QLatin1Char('"')) {
                if (at + 1 < fts.size() && fts.at(at + 1) == QLatin1Char('"')) {
                    text += QLatin1Char('"');
                    at += 2;
                    continue;
                }
                ++at;
                break;
            }
            text += fts.at(at++);
        }
        QueryTerm term;
        if (at < fts.size() && fts.at(at) == QLatin1Char('*')) {
            term.prefix = true;
            ++at;
        }
        Result<TokenizedText> tokens = tokenizer.tokenize(text.toUtf8(), TranscriptTokenizer::Purpose::Query);
        if (!tokens.ok())
            return tokens.error();
        // A term without words is one FTS5 treats in its own way; such a query takes FTS5's path.
        if (tokens->size() == 0)
            return termsError(QStringLiteral("a term without words"));
        for (qsizetype i = 0; i < tokens->size(); ++i)
            term.tokens.append(QByteArray(tokens->word(i).constData(), tokens->word(i).size())); // outlives `tokens`
        terms.append(std::move(term));
    }
    if (terms.isEmpty())
        return termsError(QStringLiteral("no terms"));
    return terms;
}

PhraseMatcher::PhraseMatcher(QList<QueryTerm> terms)
    : m_terms(std::move(terms))
{
}

bool PhraseMatcher::termAt(const QueryTerm &term, const TokenizedText &tokens, qsizetype position) const
{
    const qsizetype length = term.tokens.size();
    if (position + length > tokens.size())
        return false;
    const auto word = [&](qsizetype i) {
        const IndexToken &token = tokens.tokens.at(i);
        return QByteArrayView(tokens.folded.constData() + token.folded, token.length);
    };
    for (qsizetype k = 0; k + 1 < length; ++k) {
        if (word(position + k) != QByteArrayView(term.tokens.at(k)))
            return false;
    }
    const QByteArrayView last = word(position + length - 1);
    return term.prefix ? last.startsWith(term.tokens.constLast()) : last == QByteArrayView(term.tokens.constLast());
}

PhraseMatcher::Match PhraseMatcher::match(const TokenizedText &tokens) const
{
    Match result;
    result.hits = QList<int>(m_terms.size(), 0);
    for (qsizetype position = 0; position < tokens.size(); ++position) {
        for (qsizetype term = 0; term < m_terms.size(); ++term) {
            if (termAt(m_terms.at(term), tokens, position)) {
                ++result.hits[term];
                result.instances.append({int(term), int(position)});
            }
        }
    }
    result.matches = std::all_of(result.hits.cbegin(), result.hits.cend(), [](int hits) { return hits > 0; });
    return result;
}

int PhraseMatcher::score(const Match &match, int first, int windowTokens, int *adjusted, int documentTokens) const
{
    // FTS5's snippet scoring: a term's first occurrence in the window counts 1000, each further
    // one 1; the window is then moved so that its occurrences sit in the middle.
    QList<bool> seen(m_terms.size(), false);
    int total = 0;
    int firstHit = -1;
    int lastEnd = 0;
    const qint64 end = qint64(first) + windowTokens;
    for (const Instance &instance : match.instances) {
        if (instance.position < first || instance.position >= end)
            continue;
        total += seen.at(instance.term) ? 1 : 1000;
        seen[instance.term] = true;
        if (firstHit < 0)
            firstHit = instance.position;
        lastEnd = instance.position + int(m_terms.at(instance.term).tokens.size());
    }
    if (adjusted) {
        qint64 start = firstHit - (windowTokens - (lastEnd - firstHit)) / 2;
        if (start + windowTokens > documentTokens)
            start = documentTokens - windowTokens;
        if (start < 0)
            start = 0;
        *adjusted = int(start);
    }
    return total;
}

QString PhraseMatcher::snippet(const QByteArray &utf8, const TokenizedText &text, const Match &match,
                               const QString &open, const QString &close, const QString &ellipsis,
                               int windowTokens) const
{
    const QList<IndexToken> &tokens = text.tokens;
    const int documentTokens = int(tokens.size());
    // Sentence starts, as FTS5 finds them: the first token, and a token after '.' or ':' and
    // white space.
    QList<int> sentences;
    for (int position = 0; position < documentTokens; ++position) {
        if (position == 0) {
            sentences.append(0);
            continue;
        }
        int i = tokens.at(position).start - 1;
        char c = 0;
        for (; i >= 0; --i) {
            c = utf8.at(i);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
                break;
        }
        if (i != tokens.at(position).start - 1 && (c == '.' || c == ':'))
            sentences.append(position);
    }

    int bestScore = 0;
    int bestStart = 0;
    for (const Instance &instance : match.instances) {
        int adjusted = 0;
        const int windowScore = score(match, instance.position, windowTokens, &adjusted, documentTokens);
        if (windowScore > bestScore) {
            bestScore = windowScore;
            bestStart = adjusted;
        }
        if (!sentences.isEmpty() && documentTokens > windowTokens) {
            qsizetype j = 0;
            while (j + 1 < sentences.size() && sentences.at(j + 1) <= instance.position)
                ++j;
            const int sentence = sentences.at(j);
            if (sentence < instance.position) {
                const int sentenceScore = score(match, sentence, windowTokens, nullptr, documentTokens)
                                          + (sentence == 0 ? 120 : 100);
                if (sentenceScore > bestScore) {
                    bestScore = sentenceScore;
                    bestStart = sentence;
                }
            }
        }
    }

    // Occurrences that overlap are highlighted as one.
    struct Span
    {
        int start = -1;
        int end = -1;
    };
    QList<Span> spans;
    for (const Instance &instance : match.instances) {
        const int end = instance.position - 1 + int(m_terms.at(instance.term).tokens.size());
        if (!spans.isEmpty() && instance.position <= spans.last().end)
            spans.last().end = qMax(spans.last().end, end);
        else
            spans.append({instance.position, end});
    }
    qsizetype next = 0;
    while (next < spans.size() && spans.at(next).start < bestStart)
        ++next;
    auto current = [&]() { return next < spans.size() ? spans.at(next) : Span(); };

    const QByteArray openUtf8 = open.toUtf8();
    const QByteArray closeUtf8 = close.toUtf8();
    const int rangeStart = bestStart;
    const int rangeEnd = bestStart + windowTokens - 1;
    QByteArray out;
    if (bestStart > 0)
        out += ellipsis.toUtf8();
    int offset = 0;
    auto appendText = [&](int upTo) { out.append(utf8.constData() + offset, upTo - offset); };
    for (int position = rangeStart; position < documentTokens && position <= rangeEnd; ++position) {
        const IndexToken &token = tokens.at(position);
        if (rangeStart != 0 && position == rangeStart)
            offset = token.start;
        if (position == current().start) {
            appendText(token.start);
            out += openUtf8;
            offset = token.start;
        }
        if (position == current().end) {
            if (current().start < rangeStart)
                out += openUtf8;
            appendText(token.end);
            out += closeUtf8;
            offset = token.end;
            ++next;
        }
        if (position == rangeEnd) {
            appendText(token.end);
            offset = token.end;
            if (position >= current().start && position < current().end)
                out += closeUtf8;
        }
    }
    if (rangeEnd >= documentTokens - 1)
        out.append(utf8.constData() + offset, utf8.size() - offset);
    else
        out += ellipsis.toUtf8();
    return QString::fromUtf8(out);
}

} // namespace valis::store
