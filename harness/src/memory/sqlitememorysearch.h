#pragma once

#include "valis/core/result.h"
#include "valis/memory/detailstore.h"

#include <QSqlDatabase>

namespace valis::memory {

/// search_memory on the SQLite DetailStore (see SqliteDetailStore::search()).
///
/// Ranking is BM25 over summary, content and path, computed by the SessionStore's `valis_stats`
/// FTS5 function rather than FTS5's own bm25(), which reads the whole doclist of every query
/// word on each call: ordering a word that occurs in most of a million records by bm25() with
/// a LIMIT costs seconds. Matches are instead read newest first in tiers (at most
/// tierMatchBudget matches from at most tierWindowRows records), each ranked among itself,
/// until enough hits are found. In a store of up to tierWindowRows records a query with fewer
/// matches than a tier is ranked exactly; beyond that, newer records come first among matches
/// of similar strength, which suits memory, and a query costs about one tier whether its words
/// are everywhere or its phrase is rare.
///
/// A filter (session, agent, type, path) narrows where the index is read: to its records' ids
/// when it has at most fewRowsAtMost, else to the id range from its oldest to its newest record,
/// so an old session is as quick to search as a new one.
///
/// The last word is first searched as typed; only when that does not fill the page does it
/// match as a prefix too. A prefix of three characters has an index of its own (FTS5's
/// prefix='3'); a longer one is expanded through the index's vocabulary into the words it
/// begins (see ftsTerm() in the .cpp), since FTS5's own prefix query reads every posting of
/// every such word before it returns a row.
Result<QList<MemoryHit>> searchMemories(QSqlDatabase &db, const QString &query, const MemoryFilter &filter);

/// A ranking tier ends after this many matches or this many records, whichever comes first;
/// see searchMemories().
inline constexpr int tierMatchBudget = 512;
inline constexpr qint64 tierWindowRows = 65536;
/// A filter with at most this many records is searched by looking each one up.
inline constexpr int fewRowsAtMost = 32;
/// Words of the vocabulary considered for a prefix, in order, and how many of the shortest of
/// them the prefix stands for.
inline constexpr int candidateWords = 64;
inline constexpr int expandedWords = 24;

} // namespace valis::memory
