#include "store/transcriptindex.h"

#include "store/sqlutil.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSqlQuery>

namespace valis::store {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("valis::TranscriptIndex", text);
}

bool isContinuationByte(char byte)
{
    return (uchar(byte) & 0xC0) == 0x80;
}

QString quoted(const QString &phrase)
{
    QString escaped = phrase;
    escaped.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

struct Candidate
{
    qint64 rowid = 0;
    double score = 0;
    int tier = 0;
};

} // namespace

TranscriptIndex::TranscriptIndex(const QSqlDatabase &db)
    : m_db(db)
    , m_chunkInsert(db)
    , m_ftsInsert(db)
{
    m_chunkInsert.prepare(QStringLiteral(
        "INSERT INTO search_chunks(part_id, session_id, role, tool_name, start, length) "
        "VALUES(?, ?, ?, ?, ?, ?)"));
    m_ftsInsert.prepare(QStringLiteral("INSERT INTO search(rowid, body) VALUES(?, ?)"));
}

QList<TextChunk> TranscriptIndex::chunk(const QByteArray &utf8, qsizetype target)
{
    QList<TextChunk> chunks;
    const qsizetype size = utf8.size();
    qsizetype start = 0;
    while (start < size) {
        qsizetype end = start + target;
        if (end >= size) {
            end = size;
        } else {
            // Prefer the last newline in the second half of the window, so a chunk is a few
            // whole lines; otherwise cut at a character boundary.
            const qsizetype newline = utf8.lastIndexOf('\n', end - 1);
            if (newline >= start + target / 2) {
                end = newline + 1;
            } else {
                while (end > start && isContinuationByte(utf8.at(end)))
                    --end;
            }
        }
        chunks.append({start, end - start});
        start = end;
    }
    return chunks;
}

Result<QString> TranscriptIndex::ftsQueryFor(const QString &text)
{
    // "quoted phrases" stay phrases; every other word becomes a quoted token so that FTS5
    // operators and punctuation in what a person typed are taken literally. A trailing * on a
    // word asks for a prefix match.
    static const QRegularExpression pieces(QStringLiteral(R"re("([^"]*)"|(\S+))re"));
    QStringList terms;
    auto it = pieces.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        if (match.capturedLength(1) > 0) {
            terms << quoted(match.captured(1));
            continue;
        }
        QString word = match.captured(2);
        if (word.isEmpty())
            continue;
        const bool prefix = word.size() > 1 && word.endsWith(QLatin1Char('*'));
        if (prefix)
            word.chop(1);
        word.remove(QLatin1Char('"'));
        if (word.isEmpty())
            continue;
        terms << (prefix ? quoted(word) + QLatin1Char('*') : quoted(word));
    }
    if (terms.isEmpty())
        return Error(QStringLiteral("search.empty-query"), tr("the search has no words to look for"));
    return terms.join(QLatin1Char(' '));
}

Result<void> TranscriptIndex::indexPart(qint64 partRow, qint64 sessionRow, Role role,
                                        const QString &toolName, const QString &text)
{
    if (text.isEmpty())
        return success();
    const QByteArray utf8 = text.toUtf8();
    const QString roleText = roleName(role);
    for (const TextChunk &piece : chunk(utf8)) {
        m_chunkInsert.bindValue(0, partRow);
        m_chunkInsert.bindValue(1, sessionRow);
        m_chunkInsert.bindValue(2, roleText);
        m_chunkInsert.bindValue(3, toolName.isEmpty() ? QVariant() : QVariant(toolName));
        m_chunkInsert.bindValue(4, piece.start);
        m_chunkInsert.bindValue(5, piece.length);
        Result<void> inserted = run(m_chunkInsert, QStringLiteral("index a part"));
        if (!inserted.ok())
            return inserted;
        m_ftsInsert.bindValue(0, m_chunkInsert.lastInsertId());
        m_ftsInsert.bindValue(1, QString::fromUtf8(utf8.constData() + piece.start, piece.length));
        inserted = run(m_ftsInsert, QStringLiteral("index a part"));
        if (!inserted.ok())
            return inserted;
    }
    return success();
}

Result<SearchResults> TranscriptIndex::search(const SearchQuery &request) const
{
    QString fts = request.text;
    if (!request.ftsSyntax) {
        Result<QString> built = ftsQueryFor(request.text);
        if (!built.ok())
            return built.error();
        fts = built.value();
    }
    QRegularExpression regex;
    if (!request.regex.isEmpty()) {
        regex.setPattern(request.regex);
        if (!regex.isValid()) {
            return Error(QStringLiteral("search.bad-regex"),
                         tr("the regular expression is not valid: %1 (at offset %2)")
                             .arg(regex.errorString())
                             .arg(regex.patternErrorOffset()));
        }
    }
    const int limit = qMax(1, request.limit);

    QSqlDatabase db = m_db;
    // The rowid range to search: all chunks, or one session's.
    qint64 low = 1;
    qint64 high = 0;
    qint64 sessionRow = -1;
    {
        QSqlQuery range(db);
        if (!request.sessionId.isEmpty()) {
            range.prepare(QStringLiteral(
                "SELECT s.id, min(c.id), max(c.id) FROM sessions s "
                "LEFT JOIN search_chunks c ON c.session_id = s.id WHERE s.uid = ?"));
            range.addBindValue(request.sessionId);
        } else {
            range.prepare(QStringLiteral("SELECT -1, min(id), max(id) FROM search_chunks"));
        }
        if (!range.exec())
            return sqlError(range, tr("search"));
        // An aggregate always yields a row; a missing session shows as a NULL id.
        if (!range.next() || range.value(0).isNull()) {
            return Error(QStringLiteral("search.no-session"),
                         tr("there is no session \"%1\"").arg(request.sessionId));
        }
        sessionRow = range.value(0).toLongLong();
        if (range.value(1).isNull())
            return SearchResults{{}, 0, true};
        low = range.value(1).toLongLong();
        high = range.value(2).toLongLong();
    }

    QString filters;
    if (sessionRow >= 0)
        filters += QStringLiteral(" AND c.session_id = :session");
    if (request.role)
        filters += QStringLiteral(" AND c.role = :role");
    if (!request.toolName.isEmpty())
        filters += QStringLiteral(" AND c.tool_name = :tool");
    const bool joinChunks = !filters.isEmpty();
    QSqlQuery ranked(db);
    ranked.prepare(QStringLiteral("SELECT search.rowid, search.rank FROM search ")
                   + (joinChunks ? QStringLiteral("JOIN search_chunks c ON c.id = search.rowid ") : QString())
                   + QStringLiteral("WHERE search MATCH :query AND search.rowid BETWEEN :low AND :high")
                   + filters + QStringLiteral(" ORDER BY search.rank")
                   + (regex.pattern().isEmpty() ? QStringLiteral(" LIMIT :limit") : QString()));
    QSqlQuery body(db);
    body.prepare(QStringLiteral("SELECT body FROM search_content WHERE id = ?"));

    SearchResults results;
    QList<Candidate> candidates;
    qint64 tierHigh = high;
    qint64 tierSize = firstTierSize;
    for (int tier = 0; tierHigh >= low && candidates.size() < limit; ++tier) {
        const qint64 tierLow = qMax(low, tierHigh - tierSize + 1);
        ranked.bindValue(QStringLiteral(":query"), fts);
        ranked.bindValue(QStringLiteral(":low"), tierLow);
        ranked.bindValue(QStringLiteral(":high"), tierHigh);
        if (sessionRow >= 0)
            ranked.bindValue(QStringLiteral(":session"), sessionRow);
        if (request.role)
            ranked.bindValue(QStringLiteral(":role"), roleName(*request.role));
        if (!request.toolName.isEmpty())
            ranked.bindValue(QStringLiteral(":tool"), request.toolName);
        if (regex.pattern().isEmpty())
            ranked.bindValue(QStringLiteral(":limit"), limit - candidates.size());
        if (!ranked.exec()) {
            const Error error = sqlError(ranked);
            if (request.ftsSyntax && error.message.contains(QLatin1String("syntax")))
                return Error(QStringLiteral("search.bad-query"),
                             tr("the FTS5 query is not valid: %1").arg(error.message));
            return error;
        }
        while (candidates.size() < limit && ranked.next()) {
            const qint64 rowid = ranked.value(0).toLongLong();
            if (!regex.pattern().isEmpty()) {
                body.addBindValue(rowid);
                if (!body.exec() || !body.next())
                    return sqlError(body, tr("search"));
                if (!regex.match(body.value(0).toString()).hasMatch())
                    continue;
            }
            candidates.append({rowid, ranked.value(1).toDouble(), tier});
        }
        ranked.finish();
        results.tiersSearched = tier + 1;
        tierHigh = tierLow - 1;
        tierSize *= 4;
    }
    results.exhausted = tierHigh < low;

    // Details and snippets only for the hits that made it: snippet() re-tokenises its chunk.
    QSqlQuery detail(db);
    detail.prepare(QStringLiteral(
        "SELECT p.idx, p.kind, c.tool_name, m.uid, m.seq, m.turn, m.role, s.uid, s.title, "
        "snippet(search, 0, char(2), char(3), '…', 24) "
        "FROM search JOIN search_chunks c ON c.id = search.rowid "
        "JOIN parts p ON p.id = c.part_id JOIN messages m ON m.id = p.message_id "
        "JOIN sessions s ON s.id = m.session_id "
        "WHERE search MATCH ? AND search.rowid = ?"));
    for (const Candidate &candidate : std::as_const(candidates)) {
        detail.addBindValue(fts);
        detail.addBindValue(candidate.rowid);
        if (!detail.exec() || !detail.next())
            return sqlError(detail, tr("search"));
        SearchHit hit;
        hit.partIndex = detail.value(0).toInt();
        partKindFromName(detail.value(1).toString(), &hit.partKind);
        hit.toolName = detail.value(2).toString();
        hit.messageId = detail.value(3).toString();
        hit.seq = detail.value(4).toLongLong();
        hit.turn = detail.value(5).toInt();
        roleFromName(detail.value(6).toString(), &hit.role);
        hit.sessionId = detail.value(7).toString();
        hit.sessionTitle = detail.value(8).toString();
        hit.snippet = detail.value(9).toString();
        hit.score = candidate.score;
        hit.tier = candidate.tier;
        results.hits.append(std::move(hit));
        detail.finish();
    }
    return results;
}

} // namespace valis::store
