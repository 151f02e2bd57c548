#pragma once

#include "valis/core/result.h"
#include "valis/memory/detailstore.h"

#include <QElapsedTimer>
#include <QMap>
#include <QMutex>

namespace valis::memory {

class PostgresConnections;
class PostgresPairWords;
class PostgresVocabulary;
struct SearchTerm;

/// How often words occur in the store, from the planner's statistics (pg_stats: the most common
/// lexemes of search_vector and their frequencies, which ANALYZE and autovacuum gather), read
/// at most once a minute. A search uses them to choose how to find its newest matches.
/// Thread-safe.
class PostgresWordFrequencies
{
public:
    /// Reads the statistics again when they are older than a minute.
    Result<void> refresh(PostgresConnections &connections);
    /// The share of records (0 to 1) whose vector holds `word`, or the word's prefix when
    /// `prefix`; words too rare to be listed get half the rarest listed frequency.
    double frequency(const QString &word, bool prefix) const;
    /// Whether the statistics list `word` (or a word it begins, for a prefix).
    bool listed(const QString &word, bool prefix) const;

private:
    mutable QMutex m_mutex;
    QMap<QString, double> m_frequencies;
    double m_rarest = 0.001;
    QElapsedTimer m_read;
};

/// search_memory on the PostgreSQL DetailStore (see PostgresDetailStore::search()).
///
/// Matches are ranked in tiers, newest first, as the SQLite store ranks them (sqlitememorysearch.h):
/// a tier is the next 128 matches or tierWindowRows records, whichever ends first, so a word
/// found everywhere is ranked among its newest matches, a rarer one among its matches in the
/// newest 65,536 records, and the newest records win ties of relevance. 128 matches, not
/// SQLite's 512, because the rank (ts_rank over rank_vector, postgresschema.h) decompresses
/// each candidate's vector, where SQLite reads a few numbers per row. The window also bounds the
/// search: once the newest window holds the hits wanted, older records are not looked at. A
/// filter by session, type or folder, whose records may be few and far apart, has tiers of
/// matches only (SQLite ranks a filter's few records in one tier).
///
/// The newest matches come one of three ways, whichever the word frequencies say is cheaper
/// (neither PostgreSQL plan for "newest matches first" is right for every query: a backward
/// scan of the key index reads and decompresses the vector of every row it passes, which for a
/// rare word is every row; a bitmap scan visits every match, which for a common word is most
/// rows):
///  - From the GIN index whole, for several words none of which the statistics list as common:
///    all matches at once, given that there are at most a few thousand (else as below). Not
///    for one such word: it can still begin thousands of records' words (the last word of a
///    query is a prefix), and learning that by reading 1,500 matches costs more than stretches.
///  - From the GIN index, stretch by stretch of recency buckets (postgresschema.h): the newest
///    bucket, then the 4, 16 and 64 before it, then everything older. The index intersects the
///    query's postings with a stretch's, so rows are visited only for the matches of a few
///    buckets. A prefix that many words share makes the index merge all their postings first.
///  - Newest first along the key index, testing each record's small rank vector (and its
///    whole vector only when that misses): for queries that many records match, where the
///    first few thousand rows hold the tier.
///
/// The statistics decide, except for one word they do not list: it may be rare, or a prefix of
/// many words each too rare to be listed (at a million records, prefixes in 4% to 11% of the
/// records were). The newest 256 records are walked first, and the share of them that match
/// decides between walking on and the stretches.
///
/// A phrase is looked up by its words (which the index answers exactly) and its word order is
/// then checked on each candidate's whole vector: a phrase of common words that rarely stand
/// together would read many vectors. So where two adjacent words of a phrase are both common
/// (postgrespairwords.h), the rows written since they became common are first looked up by
/// their pair vectors (only rows where the two stand together), stretch by stretch; older rows
/// as above. Phrases are ranked in tiers of 64 (or of the hits wanted, when more), not 512: the
/// ranking of a phrase leans more on recency than SQLite's.
///
/// The last word is first searched as typed, as SQLite does (unless the vocabulary,
/// postgresvocabulary.h, says no record holds it); only when that does not fill the page does it
/// match as a prefix too. A prefix that begins at most PostgresVocabulary::maxExpansion listed
/// words is looked up in the index as those words, in the rows the vocabulary covers: the index
/// would otherwise merge the postings of every word it begins over the whole store first.
///
/// Snippets: the content around the first place the longest query word appears as typed
/// (lower, Capitalised or UPPER case) in the first rankedContentBytes, else the summary; for
/// the hits returned only.
Result<QList<MemoryHit>> searchPostgresMemories(PostgresConnections &connections, PostgresWordFrequencies &frequencies,
                                                PostgresPairWords &pairWords, const PostgresVocabulary &vocabulary,
                                                const QString &query, const MemoryFilter &filter);

} // namespace valis::memory
