#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QList>
#include <QSqlDatabase>

struct fts5_api;

namespace valis::store {

/// What the `valis_stats(search)` FTS5 function reports for one matching row: enough to score
/// it with BM25 without FTS5's own bm25(), which counts every phrase's matches over the whole
/// index on each query (a full doclist scan for a common word).
struct RowStats
{
    qint64 indexRows = 0;    ///< rows in the index
    qint64 indexTokens = 0;  ///< tokens in the index
    qint64 rowTokens = 0;    ///< tokens in this row
    QList<int> phraseHits;   ///< occurrences of each query phrase in this row

    static RowStats fromBlob(const QByteArray &blob);
};

/// The FTS5 extension interface of the SQLite connection behind `db` (QSQLITE's handle).
Result<fts5_api *> fts5ApiOf(const QSqlDatabase &db);

/// Registers `valis_stats` on the SQLite connection behind `db` (QSQLITE's handle).
Result<void> registerRankingFunction(const QSqlDatabase &db);

/// BM25 scores (lower is better, as FTS5 reports them) for rows read together. Document
/// frequencies are taken from these rows: exact when they are all the query's matches, an
/// estimate scaled to `span` (the number of index rows they were drawn from) when they are the
/// newest stretch of a longer list.
QList<double> bm25Scores(const QList<RowStats> &rows, qint64 span);

} // namespace valis::store
