#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"
#include "valis/store/transcriptsearch.h"

#include <QByteArray>
#include <QList>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

namespace valis::store {

/// A slice of a part's text, in UTF-8 bytes.
struct TextChunk
{
    qsizetype start = 0;
    qsizetype length = 0;
};

/// The FTS5 transcript index of one SessionStore database: cuts part text into chunks as parts
/// are appended (inside the caller's transaction) and answers ranked searches over them.
/// Exported only so the tests can reach chunk() and the tier size.
class VALIS_HARNESS_EXPORT TranscriptIndex
{
public:
    explicit TranscriptIndex(const QSqlDatabase &db);

    /// Indexes one stored part's text. `sessionRow` is the session's row id.
    Result<void> indexPart(qint64 partRow, qint64 sessionRow, Role role, const QString &toolName,
                           const QString &text);
    Result<SearchResults> search(const SearchQuery &query) const;

    /// Chunk boundaries for `utf8`: about `target` bytes each, cut after a newline where one is
    /// near, never inside a UTF-8 sequence.
    static QList<TextChunk> chunk(const QByteArray &utf8, qsizetype target = 2048);
    /// The FTS5 query for what a person typed (see SearchQuery::text), or an Error for input
    /// with no words in it.
    static Result<QString> ftsQueryFor(const QString &text);

    /// Tier 0 holds the newest `firstTierSize` chunks; each older tier is 4x the one before.
    static constexpr qint64 firstTierSize = 4096;

private:
    QSqlDatabase m_db;
    QSqlQuery m_chunkInsert;
    QSqlQuery m_ftsInsert;
};

} // namespace valis::store
