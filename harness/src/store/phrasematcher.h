#pragma once

#include "store/transcripttokenizer.h"

#include <QList>
#include <QString>

namespace valis::store {

/// One term of a query as TranscriptIndex::ftsQueryFor() writes it: a quoted phrase of one or
/// more words, the last of them a prefix when the term ends in `*`.
struct QueryTerm
{
    QList<QByteArray> tokens;
    bool prefix = false;
};

/// Decides what FTS5 would decide about one chunk for a query of ftsQueryFor()'s shape (every
/// term required), from the chunk's tokens: whether it matches, each term's occurrences (what
/// valis_stats reports) and the snippet FTS5's snippet() would make. The phrase pair index uses
/// it to check its candidates without a seek into FTS5 per candidate, which costs 0.1-0.3 ms for
/// a phrase of common words on 1 GB.
class PhraseMatcher
{
public:
    /// The terms of `fts` (written by ftsQueryFor()), split into words as FTS5 splits a query.
    static Result<QList<QueryTerm>> termsOf(const QString &fts, const TranscriptTokenizer &tokenizer);

    explicit PhraseMatcher(QList<QueryTerm> terms);

    struct Instance
    {
        int term = 0;
        int position = 0;
    };
    struct Match
    {
        bool matches = false;
        QList<int> hits;            ///< occurrences per term, in the query's order
        QList<Instance> instances;  ///< by position, then term: FTS5's xInst() order
    };
    Match match(const TokenizedText &tokens) const;

    /// What `snippet(search, 0, open, close, ellipsis, windowTokens)` returns for this chunk.
    QString snippet(const QByteArray &utf8, const TokenizedText &tokens, const Match &match, const QString &open,
                    const QString &close, const QString &ellipsis, int windowTokens) const;

private:
    bool termAt(const QueryTerm &term, const TokenizedText &tokens, qsizetype position) const;
    int score(const Match &match, int first, int windowTokens, int *adjusted, int documentTokens) const;

    QList<QueryTerm> m_terms;
};

} // namespace valis::store
