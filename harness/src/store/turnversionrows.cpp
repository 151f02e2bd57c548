#include "store/turnversionrows.h"

#include "store/sqlutil.h"

#include "valis/record/recordjson.h"

#include <QCoreApplication>
#include <QSqlQuery>

#include <algorithm>

namespace valis::store {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::SessionStore)
};

const QString Columns = QStringLiteral("turn, level, text, tokens, model, source_hash, created_at");

Result<QList<TurnVersion>> readRows(QSqlQuery &query)
{
    QList<TurnVersion> versions;
    while (query.next()) {
        TurnVersion version;
        version.turn = query.value(0).toInt();
        const std::optional<TurnLevel> level = turnLevelFromString(query.value(1).toString());
        if (!level)
            continue; // the table's CHECK allows S, C and T only
        version.level = *level;
        version.text = query.value(2).toString();
        version.tokens = query.value(3).toLongLong();
        version.model = query.value(4).toString();
        version.sourceHash = query.value(5).toString();
        version.createdAt = recordjson::parseTimestamp(query.value(6).toString());
        versions.append(version);
    }
    return versions;
}

} // namespace

Result<qint64> TurnVersionRows::sessionRow(const QString &sessionId) const
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("SELECT id FROM sessions WHERE uid = ?"));
    query.addBindValue(sessionId);
    if (!query.exec())
        return sqlError(query, Text::tr("read turn versions"));
    if (!query.next())
        return Error(QStringLiteral("store.no-session"), Text::tr("there is no session \"%1\"").arg(sessionId));
    return query.value(0).toLongLong();
}

Result<QList<TurnVersion>> TurnVersionRows::append(const QString &sessionId, QList<TurnVersion> versions)
{
    const Result<qint64> row = sessionRow(sessionId);
    if (!row.ok())
        return row.error();
    QSqlQuery insert(m_db);
    insert.prepare(QStringLiteral("INSERT INTO turn_versions(session_id, %1) VALUES(?, ?, ?, ?, ?, ?, ?, ?)").arg(Columns));
    for (TurnVersion &version : versions) {
        if (version.level == TurnLevel::Raw || version.turn < 0) {
            return Error(QStringLiteral("store.bad-turn-version"),
                         Text::tr("a stored turn version needs a turn and the level S, C or T (turn %1, level %2)")
                             .arg(version.turn)
                             .arg(turnLevelLetter(version.level)));
        }
        if (!version.createdAt.isValid())
            version.createdAt = QDateTime::currentDateTimeUtc();
        insert.addBindValue(row.value());
        insert.addBindValue(version.turn);
        insert.addBindValue(turnLevelLetter(version.level));
        insert.addBindValue(version.text);
        insert.addBindValue(version.tokens);
        insert.addBindValue(version.model);
        insert.addBindValue(version.sourceHash);
        insert.addBindValue(recordjson::formatTimestamp(version.createdAt));
        Result<void> done = run(insert, Text::tr("store turn versions"));
        if (!done.ok())
            return done.error();
    }
    return versions;
}

Result<QList<TurnVersion>> TurnVersionRows::newest(const QString &sessionId, std::optional<int> turn,
                                                   std::optional<TurnLevel> level) const
{
    const Result<qint64> row = sessionRow(sessionId);
    if (!row.ok())
        return row.error();
    // Row ids grow with every insert, so the highest id of a (turn, level) is its newest
    // version whatever the clocks of the processes that wrote them said.
    QString filter;
    if (turn)
        filter += QStringLiteral(" AND turn = :turn");
    if (level)
        filter += QStringLiteral(" AND level = :level");
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("SELECT %1 FROM turn_versions WHERE id IN (SELECT max(id) FROM turn_versions "
                                 "WHERE session_id = :session%2 GROUP BY turn, level)")
                      .arg(Columns, filter));
    query.bindValue(QStringLiteral(":session"), row.value());
    if (turn)
        query.bindValue(QStringLiteral(":turn"), *turn);
    if (level)
        query.bindValue(QStringLiteral(":level"), turnLevelLetter(*level));
    if (!query.exec())
        return sqlError(query, Text::tr("read turn versions"));
    Result<QList<TurnVersion>> versions = readRows(query);
    if (versions.ok()) {
        std::sort(versions->begin(), versions->end(), [](const TurnVersion &a, const TurnVersion &b) {
            return a.turn != b.turn ? a.turn < b.turn : int(a.level) < int(b.level);
        });
    }
    return versions;
}

Result<QList<TurnVersion>> TurnVersionRows::history(const QString &sessionId, int turn) const
{
    const Result<qint64> row = sessionRow(sessionId);
    if (!row.ok())
        return row.error();
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("SELECT %1 FROM turn_versions WHERE session_id = ? AND turn = ? ORDER BY id").arg(Columns));
    query.addBindValue(row.value());
    query.addBindValue(turn);
    if (!query.exec())
        return sqlError(query, Text::tr("read turn versions"));
    return readRows(query);
}

} // namespace valis::store
