#pragma once

#include "valis/core/result.h"

#include <QSqlDatabase>

/// The schema of the PostgreSQL DetailStore and its migrations.
///
/// `agent_memories` holds every record, content included (bytea: command output need not be
/// valid UTF-8; TOAST compresses it, with lz4 where the server has it). Search matches over
/// `search_vector`, a tsvector the store computes when it writes a row (summary and path
/// weighted 'A', then the content), GIN-indexed. Hits are ranked over `rank_vector`, the same
/// for the summary, the path and the first rankedContentBytes of the content, kept only for
/// records with more content than that (NULL: search_vector ranks): ranking reads the vector of
/// every candidate, and a large log's vector is a hundred times a note's, while what a record
/// is about is said early. Version 2 adds `pair_vector` (the pairs of adjacent common words
/// and the recency bucket, GIN-indexed; NULL in rows written before) and `memory_pair_words`
/// (the common words, postgrespairwords.h), which answer phrases of common words.
/// Version 3 adds `memory_words` (every word of the rows written since, postgresvocabulary.h),
/// which lets a search expand a prefix into the few words it begins.
/// `valis_memory_schema` records the version.
namespace valis::memory::postgres_schema {

/// Content beyond this does not count for the rank (see above).
inline constexpr qsizetype rankedContentBytes = 8 * 1024;

/// Every search_vector (and pair_vector) also holds its record's recency bucket, the lexeme "#<id / this>"
/// (without a position, so no phrase can touch it). A search asks the index for the matches in
/// the newest buckets first (postgresmemorysearch.h): a word in half of a million records then
/// costs the heap visits of a few thousand rows, not of half a million.
inline constexpr qint64 recencyBucketRows = 4096;

/// The version this build creates and reads.
int latestVersion();

/// Creates or migrates the schema in one transaction under a transaction-scoped advisory lock,
/// so that several processes opening a fresh database at once create it exactly once. A
/// database from a newer Valis is refused ("memory.future-schema") and left untouched.
Result<void> ensure(QSqlDatabase &db);

} // namespace valis::memory::postgres_schema
