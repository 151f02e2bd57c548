#pragma once

#include "memory/searchquery.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

/// How the PostgreSQL DetailStore turns text into its tsvector and a search_memory query into
/// a tsquery, so that it finds what the SQLite backend (FTS5, unicode61) finds.
///
/// PostgreSQL's own parser keeps "src/main.cpp", "exit-code" or "foo.example.com" as single
/// tokens, where FTS5 sees "src main cpp", "exit code", ... and its speed is a large part of the
/// cost of a write. So the store splits words itself, the same way for documents and queries:
/// words are runs of letters, digits and marks, lower-cased, Latin letters without their
/// diacritics ("Café" -> "cafe"), everything else a separator. It writes the tsvector and the
/// tsquery as literals (bound values, cast by the server), so no parser, dictionary or server
/// locale stands between the two sides: no stemming, no stop words, log lines and identifiers
/// stay as they are.
namespace valis::memory::postgres_text {

/// `text` as space-separated lower-case words, as described above.
QString words(const QString &text);

/// The tsvector (in its input syntax) of a record: the words of `head` (summary and path,
/// weight A) then those of `content` up to `contentBytes` (default: its indexed part,
/// memoryrules.h: the first MB, as the SQLite store), positions counted across both. A tsvector holds at most 1 MB and a word's position
/// stops counting at 16,383: words past the point where the tsvector would outgrow about
/// 900 KB are left out (only content made of hundreds of thousands of distinct words gets there).
QString tsvector(const QString &head, const QByteArray &content, qsizetype contentBytes = -1);

/// A record's vectors as the store writes them (postgresschema.h, version 2).
struct RecordVectors
{
    QString search;           ///< as tsvector() with the whole indexed part
    QString pairs;            ///< as pairVector()
    QStringList distinctWords; ///< the words of `search`, each once, in order of appearance
};

/// The lexeme a pair vector holds when it could not hold every pair (a pair of two huge words,
/// or more pairs than a tsvector holds): such a record is a candidate for every pair query.
inline constexpr char incompletePairsLexeme[] = "'~incomplete'";

/// search, its distinct words and the pair vector, splitting the text once.
RecordVectors recordVectors(const QString &head, const QByteArray &content, const QSet<QString> &commonWords);

/// The pair vector of a record (tsvector input syntax, no positions): for each two adjacent
/// words of the sequence tsvector() indexes that are both in `commonWords`, the lexeme
/// "first_second" ('_' is never part of a word), each once; incompletePairsLexeme when some
/// pair could not be kept. Empty when no pair of common words is adjacent.
QString pairVector(const QString &head, const QByteArray &content, const QSet<QString> &commonWords);

/// How a query's phrases are narrowed by the pair vectors.
struct PairPlan
{
    QString pairs;     ///< tsquery over pair vectors: every pair of the plan
    QString unproven;  ///< tsquery of the terms a record holding `pairs` may still miss; empty: none
    qint64 since = 0;  ///< the first row whose pair vector knows all the words of `pairs`
};

/// The pairs of the query's phrases whose two words are both in `since` (word -> the first
/// row whose pairs include it); nothing when no phrase has such a pair. The last word of a
/// prefix term forms no pair. A phrase of two words is proven by its pair (the pair is only
/// written where the two stand side by side); other terms are `unproven`.
std::optional<PairPlan> pairPlan(const QList<SearchTerm> &terms, const QHash<QString, qint64> &since);

/// The tsquery (in its input syntax, every word a quoted lexeme) that requires every term: a
/// term's words in order (`<->`), the prefix term's last word with `:*`, or as any of
/// `prefixWords` when given and not empty (the words it begins, postgresvocabulary.h). Empty
/// when no term has a word.
QString tsquery(const QList<SearchTerm> &terms, const QStringList *prefixWords = nullptr);

/// The words of every term ANDed (prefix as in tsquery()), without their order: what a phrase
/// query needs from the index before its positions are checked. Empty when that is tsquery()
/// itself (no term has more than one word).
QString tsqueryWords(const QList<SearchTerm> &terms, const QStringList *prefixWords = nullptr);

/// The tsquery that matches records of the recency buckets `first` to `last` (postgresschema.h).
QString bucketsQuery(qint64 first, qint64 last);
/// `query` restricted to `restriction`: both ANDed.
QString bothQueries(const QString &query, const QString &restriction);

/// Byte strings to look for in a hit's content to place its snippet: the longest query word as
/// typed in lower case, Capitalised and UPPER case (content is not normalised).
QList<QByteArray> snippetNeedles(const QList<SearchTerm> &terms);

/// A one-line snippet from `window` (raw content around the first needle, possibly cut inside
/// a character at either end): whitespace collapsed, "…" where text was cut.
QString snippetText(const QByteArray &window, bool cutAtStart, bool cutAtEnd);

} // namespace valis::memory::postgres_text
