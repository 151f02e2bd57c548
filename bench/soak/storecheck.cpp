#include "storecheck.h"

#include "valis/core/datalocations.h"
#include "valis/store/sessionstore.h"

#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

namespace valis::bench {

namespace {

// Each row of `sql`'s first column; `error` gets the failure when it cannot run.
QStringList rowsOf(QSqlDatabase &db, const QString &sql, QString *error)
{
    QSqlQuery query(db);
    QStringList rows;
    if (!query.exec(sql)) {
        *error = query.lastError().text();
        return rows;
    }
    while (query.next())
        rows << query.value(0).toString();
    return rows;
}

class CheckedDatabase
{
public:
    CheckedDatabase(const QString &path, StoreCheck *check) : m_name(QUuid::createUuid().toString()), m_path(path), m_check(check)
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        if (!db.open())
            fail(QStringLiteral("cannot open: %1").arg(db.lastError().text()));
    }
    ~CheckedDatabase()
    {
        QSqlDatabase::database(m_name, false).close();
        QSqlDatabase::removeDatabase(m_name);
    }

    // `sql` returns `expected` as its only row (an empty `expected`: no rows at all).
    void expect(const QString &what, const QString &sql, const QString &expected)
    {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        if (!db.isOpen())
            return;
        QString error;
        const QStringList rows = rowsOf(db, sql, &error);
        if (!error.isEmpty())
            fail(QStringLiteral("%1: %2").arg(what, error));
        else if (expected.isEmpty() ? !rows.isEmpty() : rows != QStringList{expected})
            fail(QStringLiteral("%1: %2").arg(what, rows.mid(0, 5).join(QStringLiteral("; "))));
        else
            m_check->passed << QStringLiteral("%1: %2").arg(QFileInfo(m_path).fileName(), what);
    }

    // A statement that checks by failing (FTS5's integrity-check).
    void run(const QString &what, const QString &sql)
    {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        if (!db.isOpen())
            return;
        QSqlQuery query(db);
        if (!query.exec(sql))
            fail(QStringLiteral("%1: %2").arg(what, query.lastError().text()));
        else
            m_check->passed << QStringLiteral("%1: %2").arg(QFileInfo(m_path).fileName(), what);
    }

private:
    void fail(const QString &text) { m_check->failures << QStringLiteral("%1: %2").arg(QFileInfo(m_path).fileName(), text); }

    QString m_name;
    QString m_path;
    StoreCheck *m_check = nullptr;
};

void checkRecord(const DataLocations &locations, StoreCheck *check)
{
    auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
    if (!store.ok()) {
        check->failures << QStringLiteral("the session store does not open: %1").arg(store.error().toString());
        return;
    }
    // The transcript index catches up with the record, so it can be checked against it whole.
    const Result<bool> indexed = store.value()->indexPending();
    if (!indexed.ok() || !indexed.value()) {
        check->failures << QStringLiteral("indexing the pending text failed: %1")
                               .arg(indexed.ok() ? QStringLiteral("text is still pending") : indexed.error().toString());
        return;
    }
    const Result<QList<SessionInfo>> sessions = store.value()->sessions();
    if (!sessions.ok()) {
        check->failures << QStringLiteral("sessions do not list: %1").arg(sessions.error().toString());
        return;
    }
    qint64 messages = 0;
    for (const SessionInfo &session : sessions.value()) {
        const Result<QList<Message>> read = store.value()->messages(session.id);
        const Result<qint64> counted = store.value()->messageCount(session.id);
        if (!read.ok() || !counted.ok()) {
            check->failures << QStringLiteral("session %1 does not read back: %2")
                                   .arg(session.id, (read.ok() ? counted.error() : read.error()).toString());
            continue;
        }
        if (read->size() != counted.value())
            check->failures << QStringLiteral("session %1 counts %2 messages but reads %3").arg(session.id).arg(counted.value()).arg(read->size());
        messages += read->size();
    }
    check->passed << QStringLiteral("%1 sessions, %2 messages read back through the SessionStore").arg(sessions->size()).arg(messages);
}

} // namespace

StoreCheck StoreCheck::run(const DataLocations &locations)
{
    StoreCheck check;
    checkRecord(locations, &check);
    {
        CheckedDatabase db(locations.sessionDatabasePath(), &check);
        db.expect(QStringLiteral("PRAGMA integrity_check"), QStringLiteral("PRAGMA integrity_check"), QStringLiteral("ok"));
        db.expect(QStringLiteral("PRAGMA foreign_key_check"), QStringLiteral("PRAGMA foreign_key_check"), QString());
        db.run(QStringLiteral("transcript index integrity-check against its content"),
               QStringLiteral("INSERT INTO search(search, rank) VALUES('integrity-check', 1)"));
        db.run(QStringLiteral("recall index integrity-check"), QStringLiteral("INSERT INTO recall_passages(recall_passages) VALUES('integrity-check')"));
        db.expect(QStringLiteral("every message has the parts it counts"),
                  QStringLiteral("SELECT m.uid FROM messages m WHERE m.part_count != (SELECT count(*) FROM parts p WHERE p.message_id = m.id)"),
                  QString());
        db.expect(QStringLiteral("every tool call has its result"),
                  QStringLiteral("SELECT c.call_id FROM parts c JOIN messages m ON m.id = c.message_id WHERE c.kind = 'tool_call' AND NOT EXISTS "
                                 "(SELECT 1 FROM parts r JOIN messages n ON n.id = r.message_id WHERE r.kind = 'tool_result' "
                                 "AND r.call_id = c.call_id AND n.session_id = m.session_id)"),
                  QString());
        db.expect(QStringLiteral("every message's parent is in its session"),
                  QStringLiteral("SELECT m.uid FROM messages m WHERE m.parent_uid IS NOT NULL AND NOT EXISTS "
                                 "(SELECT 1 FROM messages p WHERE p.session_id = m.session_id AND p.uid = m.parent_uid)"),
                  QString());
    }
    if (QFileInfo::exists(locations.memoryDatabasePath())) {
        CheckedDatabase memory(locations.memoryDatabasePath(), &check);
        memory.expect(QStringLiteral("PRAGMA integrity_check"), QStringLiteral("PRAGMA integrity_check"), QStringLiteral("ok"));
        memory.expect(QStringLiteral("PRAGMA foreign_key_check"), QStringLiteral("PRAGMA foreign_key_check"), QString());
    }
    return check;
}

} // namespace valis::bench
