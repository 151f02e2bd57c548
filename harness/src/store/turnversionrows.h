#pragma once

#include "valis/context/turnversions.h"
#include "valis/core/result.h"

#include <QSqlDatabase>

#include <optional>

namespace valis::store {

/// Reads and appends rows of the turn_versions table. Like RecordWriter it never opens a
/// transaction: SessionStore wraps each public operation in one.
class TurnVersionRows
{
public:
    explicit TurnVersionRows(const QSqlDatabase &db) : m_db(db) {}

    /// Appends `versions` (createdAt set when invalid) to session `sessionId`.
    Result<QList<TurnVersion>> append(const QString &sessionId, QList<TurnVersion> versions);
    /// The newest version per (turn, level), ordered by turn then level (S, C, T); only `turn`
    /// and only `level` when given.
    Result<QList<TurnVersion>> newest(const QString &sessionId, std::optional<int> turn,
                                      std::optional<TurnLevel> level) const;
    /// Every version of `turn`, oldest first.
    Result<QList<TurnVersion>> history(const QString &sessionId, int turn) const;

private:
    Result<qint64> sessionRow(const QString &sessionId) const;

    QSqlDatabase m_db;
};

} // namespace valis::store
