#include "store/recallindex.h"

#include "store/sqlutil.h"
#include "valis/record/recordjson.h"

#include <QCoreApplication>
#include <QHash>
#include <QSqlQuery>

#include <algorithm>

namespace valis::store {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::RecallIndex)
};

QString cut(const QString &text, int chars)
{
    if (text.size() <= chars)
        return text;
    // The start says what a message is about; the end of a long output holds its verdict.
    const int head = chars * 2 / 3;
    return text.left(head) + QLatin1Char('\n') + text.right(chars - head);
}

QString quoted(const QString &word)
{
    QString escaped = word;
    escaped.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

// Messages the harness writes for the model's benefit (recalled items, plan and memory
// reminders) are not what anyone said; recalling them would feed recall its own output.
bool isReminder(const QString &body)
{
    return body.startsWith(QLatin1String("<system-reminder>"));
}

} // namespace

RecallIndex::RecallIndex(const QSqlDatabase &db)
    : m_db(db)
{}

Result<QString> RecallIndex::bodyOf(qint64 messageRow) const
{
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT v.body FROM search_chunks c JOIN parts p ON p.id = c.part_id "
                                 "JOIN search_content v ON v.id = c.id WHERE p.message_id = ? ORDER BY c.id"));
    query.addBindValue(messageRow);
    if (!query.exec())
        return sqlError(query, Text::tr("read a message for the recall index"));
    QString body;
    while (query.next()) {
        if (!body.isEmpty())
            body += QLatin1Char('\n');
        body += query.value(0).toString();
        if (body.size() > 4 * bodyChars)
            break; // enough for its head; the tail of a huge output is not worth the read
    }
    body = body.trimmed();
    if (isReminder(body))
        return QString();
    return cut(body, bodyChars);
}

Result<void> RecallIndex::insertPassage(qint64 messageRow, const Passage &passage)
{
    QSqlQuery insert(m_db);
    insert.prepare(QStringLiteral("INSERT INTO recall_passages(rowid, body, context) VALUES(?, ?, ?)"));
    insert.addBindValue(messageRow);
    insert.addBindValue(passage.body);
    insert.addBindValue(passage.context);
    return run(insert, Text::tr("update the recall index"));
}

Result<void> RecallIndex::deletePassage(qint64 messageRow, const Passage &passage)
{
    QSqlQuery remove(m_db);
    remove.prepare(QStringLiteral("INSERT INTO recall_passages(recall_passages, rowid, body, context) "
                                  "VALUES('delete', ?, ?, ?)"));
    remove.addBindValue(messageRow);
    remove.addBindValue(passage.body);
    remove.addBindValue(passage.context);
    return run(remove, Text::tr("update the recall index"));
}

Result<bool> RecallIndex::hasPending() const
{
    QSqlQuery query(m_db);
    if (!query.exec(QStringLiteral("SELECT coalesce((SELECT max(id) FROM messages), 0) > indexed_through "
                                   "FROM recall_state"))
        || !query.next()) {
        return sqlError(query, Text::tr("read the recall index state"));
    }
    return query.value(0).toBool();
}

Result<bool> RecallIndex::indexPending(qint64 maxBytes)
{
    QSqlQuery state(m_db);
    if (!state.exec(QStringLiteral("SELECT indexed_through FROM recall_state")) || !state.next())
        return sqlError(state, Text::tr("read the recall index state"));
    qint64 through = state.value(0).toLongLong();
    state.finish();

    QSqlQuery pending(m_db);
    pending.setForwardOnly(true);
    pending.prepare(QStringLiteral("SELECT id, session_id, seq FROM messages WHERE id > ? ORDER BY id LIMIT 128"));
    // The passage before this one in its session, if it is in the index: its successor's text
    // goes into its context now.
    QSqlQuery previous(m_db);
    previous.prepare(QStringLiteral("SELECT d.id, d.has_next, m.seq FROM recall_docs d JOIN messages m ON m.id = d.id "
                                    "WHERE d.session_id = ? AND m.seq < ? ORDER BY m.seq DESC LIMIT 1"));
    QSqlQuery beforePrevious(m_db);
    beforePrevious.prepare(QStringLiteral("SELECT d.id FROM recall_docs d JOIN messages m ON m.id = d.id "
                                          "WHERE d.session_id = ? AND m.seq < ? ORDER BY m.seq DESC LIMIT 1"));
    QSqlQuery noteDoc(m_db);
    noteDoc.prepare(QStringLiteral("INSERT OR REPLACE INTO recall_docs(id, session_id, has_next) VALUES(?, ?, ?)"));

    // A message's text is read for its own passage and again as its successor's neighbour (and
    // once more when that successor re-indexes it): read each once per call.
    QHash<qint64, QString> bodies;
    const auto bodyOnce = [this, &bodies](qint64 row) -> Result<QString> {
        if (const auto it = bodies.constFind(row); it != bodies.cend())
            return it.value();
        Result<QString> body = bodyOf(row);
        if (body.ok()) {
            if (bodies.size() > 512)
                bodies.clear();
            bodies.insert(row, body.value());
        }
        return body;
    };
    qint64 done = 0;
    bool finished = false;
    while (!finished && (maxBytes < 0 || done < maxBytes)) {
        pending.addBindValue(through);
        if (!pending.exec())
            return sqlError(pending, Text::tr("update the recall index"));
        QList<std::tuple<qint64, qint64, qint64>> batch;
        while (pending.next())
            batch.append({pending.value(0).toLongLong(), pending.value(1).toLongLong(), pending.value(2).toLongLong()});
        pending.finish();
        finished = batch.isEmpty();
        for (const auto &[row, sessionRow, seq] : std::as_const(batch)) {
            if (maxBytes >= 0 && done >= maxBytes)
                break;
            Result<QString> body = bodyOnce(row);
            if (body.hasError())
                return body.error();
            through = row;
            if (body->isEmpty())
                continue;
            done += body->size();

            previous.addBindValue(sessionRow);
            previous.addBindValue(seq);
            if (!previous.exec())
                return sqlError(previous, Text::tr("update the recall index"));
            QString previousBody;
            if (previous.next()) {
                const qint64 previousRow = previous.value(0).toLongLong();
                const bool previousHadNext = previous.value(1).toBool();
                const qint64 previousSeq = previous.value(2).toLongLong();
                previous.finish();
                Result<QString> text = bodyOnce(previousRow);
                if (text.hasError())
                    return text.error();
                previousBody = text.value();
                if (!previousHadNext) {
                    // Its passage was indexed before this message existed: take it out as it was
                    // and put it back with this message beside it.
                    beforePrevious.addBindValue(sessionRow);
                    beforePrevious.addBindValue(previousSeq);
                    if (!beforePrevious.exec())
                        return sqlError(beforePrevious, Text::tr("update the recall index"));
                    QString olderContext;
                    if (beforePrevious.next()) {
                        const qint64 olderRow = beforePrevious.value(0).toLongLong();
                        beforePrevious.finish();
                        Result<QString> older = bodyOnce(olderRow);
                        if (older.hasError())
                            return older.error();
                        olderContext = older->left(neighbourChars);
                    }
                    beforePrevious.finish();
                    Result<void> removed = deletePassage(previousRow, {previousBody, olderContext});
                    if (removed.ok())
                        removed = insertPassage(previousRow,
                                                {previousBody, olderContext + QLatin1Char('\n') + body->left(neighbourChars)});
                    if (removed.hasError())
                        return removed.error();
                    noteDoc.addBindValue(previousRow);
                    noteDoc.addBindValue(sessionRow);
                    noteDoc.addBindValue(1);
                    Result<void> noted = run(noteDoc, Text::tr("update the recall index"));
                    if (noted.hasError())
                        return noted.error();
                }
            }
            previous.finish();
            Result<void> inserted = insertPassage(row, {body.value(), previousBody.left(neighbourChars)});
            if (inserted.hasError())
                return inserted.error();
            noteDoc.addBindValue(row);
            noteDoc.addBindValue(sessionRow);
            noteDoc.addBindValue(0);
            Result<void> noted = run(noteDoc, Text::tr("update the recall index"));
            if (noted.hasError())
                return noted.error();
        }
    }
    QSqlQuery update(m_db);
    update.prepare(QStringLiteral("UPDATE recall_state SET indexed_through = ?"));
    update.addBindValue(through);
    Result<void> updated = run(update, Text::tr("update the recall index"));
    if (updated.hasError())
        return updated.error();
    Result<bool> more = hasPending();
    if (more.hasError())
        return more.error();
    return !more.value();
}

Result<void> RecallIndex::forgetSessions(const QList<qint64> &sessionRows)
{
    for (const qint64 sessionRow : sessionRows) {
        QSqlQuery docs(m_db);
        docs.setForwardOnly(true);
        docs.prepare(QStringLiteral("SELECT d.id, d.has_next FROM recall_docs d JOIN messages m ON m.id = d.id "
                                    "WHERE d.session_id = ? ORDER BY m.seq"));
        docs.addBindValue(sessionRow);
        if (!docs.exec())
            return sqlError(docs, Text::tr("update the recall index"));
        QList<std::pair<qint64, bool>> rows;
        while (docs.next())
            rows.append({docs.value(0).toLongLong(), docs.value(1).toBool()});
        docs.finish();
        QList<QString> bodies;
        for (const auto &entry : std::as_const(rows)) {
            Result<QString> body = bodyOf(entry.first);
            if (body.hasError())
                return body.error();
            bodies << body.value();
        }
        // Rebuild each passage exactly as it was indexed, then take it out.
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QString context = i > 0 ? bodies.at(i - 1).left(neighbourChars) : QString();
            if (rows.at(i).second && i + 1 < rows.size())
                context += QLatin1Char('\n') + bodies.at(i + 1).left(neighbourChars);
            Result<void> removed = deletePassage(rows.at(i).first, {bodies.at(i), context});
            if (removed.hasError())
                return removed;
        }
        QSqlQuery forget(m_db);
        forget.prepare(QStringLiteral("DELETE FROM recall_docs WHERE session_id = ?"));
        forget.addBindValue(sessionRow);
        Result<void> forgotten = run(forget, Text::tr("update the recall index"));
        if (forgotten.hasError())
            return forgotten;
    }
    return success();
}

Result<QStringList> RecallIndex::withoutCommonWords(const QStringList &phrases) const
{
    QSqlQuery total(m_db);
    if (!total.exec(QStringLiteral("SELECT count(*) FROM recall_docs")) || !total.next())
        return sqlError(total, Text::tr("search the recall index"));
    const qint64 passages = total.value(0).toLongLong();
    total.finish();
    if (passages < commonWordMinPassages || phrases.size() < 2)
        return phrases;
    // Counting stops at the cap, so a word pays for at most that many rows of its list; BM25
    // would score every row of it.
    const qint64 cap = qint64(double(passages) * commonWordShare);
    QSqlQuery count(m_db);
    count.prepare(QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM recall_passages WHERE recall_passages MATCH ? LIMIT ?)"));
    QStringList kept;
    QStringList common;
    for (const QString &phrase : phrases) {
        count.addBindValue(phrase);
        count.addBindValue(cap);
        if (!count.exec() || !count.next())
            return sqlError(count, Text::tr("search the recall index"));
        (count.value(0).toLongLong() >= cap ? common : kept) << phrase;
        count.finish();
    }
    // A question of common words only is still asked, with all of them.
    return kept.isEmpty() ? common : kept;
}

Result<QList<RecallMatch>> RecallIndex::search(const QStringList &terms, const RecallMatchQuery &request) const
{
    QStringList phrases;
    for (const QString &term : terms) {
        if (!term.trimmed().isEmpty())
            phrases << quoted(term.trimmed());
    }
    if (phrases.isEmpty())
        return QList<RecallMatch>();
    Result<QStringList> kept = withoutCommonWords(phrases);
    if (kept.hasError())
        return kept.error();
    phrases = kept.value();
    QString sql = QStringLiteral(
        "SELECT r.rowid, -bm25(recall_passages, 1.0, %1) AS score, m.uid, m.seq, m.turn, m.role, m.created_at, "
        "s.uid, s.title FROM recall_passages r JOIN messages m ON m.id = r.rowid JOIN sessions s ON s.id = m.session_id "
        "WHERE recall_passages MATCH :match")
                      .arg(neighbourWeight);
    if (!request.sessionId.isEmpty())
        sql += QStringLiteral(" AND s.uid = :session");
    if (!request.excludeSessionId.isEmpty())
        sql += QStringLiteral(" AND s.uid <> :exclude");
    sql += QStringLiteral(" ORDER BY score DESC LIMIT :limit");
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    query.prepare(sql);
    query.bindValue(QStringLiteral(":match"), phrases.join(QStringLiteral(" OR ")));
    if (!request.sessionId.isEmpty())
        query.bindValue(QStringLiteral(":session"), request.sessionId);
    if (!request.excludeSessionId.isEmpty())
        query.bindValue(QStringLiteral(":exclude"), request.excludeSessionId);
    query.bindValue(QStringLiteral(":limit"), qMax(1, request.limit));
    if (!query.exec())
        return sqlError(query, Text::tr("search the recall index"));
    QList<RecallMatch> matches;
    QList<qint64> rows;
    while (query.next()) {
        RecallMatch match;
        rows << query.value(0).toLongLong();
        match.score = query.value(1).toDouble();
        match.messageId = query.value(2).toString();
        match.seq = query.value(3).toLongLong();
        match.turn = query.value(4).toInt();
        roleFromName(query.value(5).toString(), &match.role);
        match.createdAt = recordjson::parseTimestamp(query.value(6).toString());
        match.sessionId = query.value(7).toString();
        match.sessionTitle = query.value(8).toString();
        matches << match;
    }
    query.finish();
    for (qsizetype i = 0; i < matches.size(); ++i) {
        Result<QString> body = bodyOf(rows.at(i));
        if (body.hasError())
            return body.error();
        matches[i].text = body->left(600);
    }
    return matches;
}

} // namespace valis::store
