#include "store/transcriptindex.h"

#include "store/fts5ranking.h"
#include "store/phrasematcher.h"
#include "store/phrasepairindex.h"
#include "store/sqlutil.h"
#include "store/transcripttokenizer.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>
#include <QSqlQuery>

namespace valis::store {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::TranscriptIndex)
};

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

/// Whether FTS5 answers `fts` by merging the doclists of many words: a prefix term of a length
/// no prefix index covers (see TranscriptIndex::prefixIndexLengths). A raw FTS5 query is not
/// parsed: any `*` counts.
bool mergesPrefixes(const QString &fts, bool rawSyntax)
{
    if (rawSyntax)
        return fts.contains(QLatin1Char('*'));
    // ftsQueryFor() writes a prefix as a quoted word followed by `*`.
    static const QRegularExpression prefixTerm(QStringLiteral(R"re("((?:[^"]|"")*)"\*)re"));
    auto it = prefixTerm.globalMatch(fts);
    while (it.hasNext()) {
        const QString word = it.next().captured(1).replace(QStringLiteral("\"\""), QStringLiteral("\""));
        if (!TranscriptIndex::prefixIndexLengths.contains(int(word.toUcs4().size())))
            return true;
    }
    return false;
}

struct Candidate
{
    qint64 rowid = 0;
    double score = 0;
    int tier = 0;
};

QString idList(const QList<qint64> &ids)
{
    QStringList text;
    text.reserve(ids.size());
    for (const qint64 id : ids)
        text << QString::number(id);
    return text.join(QLatin1Char(','));
}

} // namespace

/// Matches of a phrase of common words found through the pair index, newest first, with what
/// FTS5 would report for them; chunks below `since` are left to FTS5.
struct TranscriptIndex::PairMatches
{
    struct Row
    {
        qint64 rowid = 0;
        RowStats stats;
        QByteArray utf8;
        TokenizedText tokens;
        PhraseMatcher::Match match;
    };
    PhraseMatcher matcher;
    QList<Row> rows;
    qint64 since = 0;
};

TranscriptIndex::TranscriptIndex(const QSqlDatabase &db, std::unique_ptr<TranscriptTokenizer> tokenizer)
    : m_db(db)
    , m_chunkInsert(db)
    , m_tokenizer(std::move(tokenizer))
    , m_pairs(std::make_unique<PhrasePairIndex>(db, *m_tokenizer))
{
    m_chunkInsert.prepare(QStringLiteral(
        "INSERT INTO search_chunks(part_id, session_id, role, tool_name, body) VALUES(?, ?, ?, ?, ?)"));
}

TranscriptIndex::~TranscriptIndex() = default;

Result<void> TranscriptIndex::forgetPairs(qint64 chunkId, const QString &body)
{
    Result<void> refreshed = m_pairs->refresh();
    if (!refreshed.ok())
        return refreshed;
    return m_pairs->remove(chunkId, body.toUtf8());
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
    // SQLite reads a MATCH string up to its first NUL; in the text a NUL separates words.
    QString typed = text;
    typed.replace(QChar(0), QLatin1Char(' '));
    QStringList terms;
    auto it = pieces.globalMatch(typed);
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
        return Error(QStringLiteral("search.empty-query"), Text::tr("the search has no words to look for"));
    return terms.join(QLatin1Char(' '));
}

Result<void> TranscriptIndex::storeChunks(qint64 partRow, qint64 sessionRow, Role role, const QString &toolName,
                                          const QByteArray &utf8, const QList<TextChunk> &chunks, bool storeBodies)
{
    const QString roleText = roleName(role);
    for (const TextChunk &piece : chunks) {
        m_chunkInsert.bindValue(0, partRow);
        m_chunkInsert.bindValue(1, sessionRow);
        m_chunkInsert.bindValue(2, roleText);
        m_chunkInsert.bindValue(3, toolName.isEmpty() ? QVariant() : QVariant(toolName));
        m_chunkInsert.bindValue(4, storeBodies ? QVariant(QString::fromUtf8(utf8.constData() + piece.start, piece.length))
                                               : QVariant());
        Result<void> inserted = run(m_chunkInsert, QStringLiteral("store a part's text"));
        if (!inserted.ok())
            return inserted;
    }
    return success();
}

Result<bool> TranscriptIndex::hasPending() const
{
    QSqlQuery query(m_db);
    if (!query.exec(QStringLiteral("SELECT (SELECT max(id) FROM search_chunks) > indexed_through FROM search_state"))
        || !query.next()) {
        return sqlError(query, Text::tr("read the index state"));
    }
    return query.value(0).toBool();
}

Result<bool> TranscriptIndex::indexPending(qint64 maxBytes)
{
    QSqlQuery state(m_db);
    if (!state.exec(QStringLiteral("SELECT indexed_through FROM search_state")) || !state.next())
        return sqlError(state, Text::tr("read the index state"));
    qint64 through = state.value(0).toLongLong();
    state.finish();
    Result<void> refreshed = m_pairs->refresh();
    if (!refreshed.ok())
        return refreshed.error();

    QSqlQuery pending(m_db);
    pending.setForwardOnly(true);
    pending.prepare(QStringLiteral("SELECT id, body FROM search_content WHERE id > ? ORDER BY id LIMIT 256"));
    QSqlQuery insert(m_db);
    insert.prepare(QStringLiteral("INSERT INTO search(rowid, body) VALUES(?, ?)"));
    qint64 done = 0;
    bool finished = false;
    while (!finished && (maxBytes < 0 || done < maxBytes)) {
        pending.addBindValue(through);
        if (!pending.exec())
            return sqlError(pending, Text::tr("index pending text"));
        int rows = 0;
        while ((maxBytes < 0 || done < maxBytes) && pending.next()) {
            ++rows;
            const qint64 id = pending.value(0).toLongLong();
            const QString body = pending.value(1).toString();
            insert.bindValue(0, id);
            insert.bindValue(1, body);
            Result<void> inserted = run(insert, Text::tr("index pending text"));
            if (inserted.ok())
                inserted = m_pairs->add(id, body.toUtf8());
            if (!inserted.ok())
                return inserted.error();
            through = id;
            done += body.size();
        }
        finished = rows == 0;
        pending.finish();
    }
    QSqlQuery update(m_db);
    update.prepare(QStringLiteral("UPDATE search_state SET indexed_through = ?"));
    update.addBindValue(through);
    Result<void> updated = run(update, Text::tr("index pending text"));
    if (!updated.ok())
        return updated.error();
    if (finished)
        return true;
    Result<bool> more = hasPending();
    if (!more.ok())
        return more.error();
    return !more.value();
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
                         Text::tr("the regular expression is not valid: %1 (at offset %2)")
                             .arg(regex.errorString())
                             .arg(regex.patternErrorOffset()));
        }
    }
    const int limit = qMax(1, request.limit);

    // The rowid range to search: all chunks, or one session's.
    qint64 low = 1;
    qint64 high = 0;
    qint64 sessionRow = -1;
    {
        QSqlQuery range(m_db);
        // One min() or max() per subquery: SQLite answers each from the index's end, but not
        // both in one aggregate, which would scan the whole table.
        if (!request.sessionId.isEmpty()) {
            range.prepare(QStringLiteral(
                "SELECT s.id, (SELECT min(id) FROM search_chunks WHERE session_id = s.id), "
                "(SELECT max(id) FROM search_chunks WHERE session_id = s.id) FROM sessions s WHERE s.uid = ?"));
            range.addBindValue(request.sessionId);
        } else {
            range.prepare(QStringLiteral(
                "SELECT -1, (SELECT min(id) FROM search_chunks), (SELECT max(id) FROM search_chunks)"));
        }
        if (!range.exec())
            return sqlError(range, Text::tr("search"));
        if (!range.next()) {
            return Error(QStringLiteral("search.no-session"),
                         Text::tr("there is no session \"%1\"").arg(request.sessionId));
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
    // Timestamps are stored as UTC ISO 8601 with milliseconds, so text order is time order.
    const bool dated = request.since.isValid() || request.until.isValid();
    if (request.since.isValid())
        filters += QStringLiteral(" AND m.created_at >= :since");
    if (request.until.isValid())
        filters += QStringLiteral(" AND m.created_at < :until");
    const auto bindFilters = [&](QSqlQuery &query) {
        if (sessionRow >= 0)
            query.bindValue(QStringLiteral(":session"), sessionRow);
        if (request.role)
            query.bindValue(QStringLiteral(":role"), roleName(*request.role));
        if (!request.toolName.isEmpty())
            query.bindValue(QStringLiteral(":tool"), request.toolName);
        if (request.since.isValid())
            query.bindValue(QStringLiteral(":since"), request.since.toUTC().toString(Qt::ISODateWithMs));
        if (request.until.isValid())
            query.bindValue(QStringLiteral(":until"), request.until.toUTC().toString(Qt::ISODateWithMs));
    };

    // A phrase of common words: its newest chunks come from the pair index, checked here; FTS5
    // answers for the chunks older than the pairs.
    std::optional<PairMatches> paired;
    if (!request.ftsSyntax) {
        Result<std::optional<PairMatches>> found = pairMatches(fts, filters, dated, bindFilters, low, high);
        if (!found.ok())
            return found.error();
        paired = std::move(found.value());
    }
    const qint64 ftsHigh = paired ? paired->since - 1 : high;

    // CROSS JOIN keeps the FTS5 table the outer loop: otherwise SQLite may drive the join from
    // the chunk table and re-run the full-text query once per row.
    const QString from = QStringLiteral(" FROM search ")
                         + (filters.isEmpty() ? QString() : QStringLiteral("CROSS JOIN search_chunks c ON c.id = search.rowid "))
                         + (dated ? QStringLiteral("CROSS JOIN parts p ON p.id = c.part_id CROSS JOIN messages m ON m.id = p.message_id ")
                                  : QString())
                         + QStringLiteral("WHERE search MATCH :query AND search.rowid BETWEEN :low AND :high") + filters;
    // Matches are read newest first, a tier at a time: a tier is the next tierMatchBudget
    // matches (after filters), ranked among themselves with BM25 whose document frequencies come
    // from the tier (see bm25Scores). Reading stops once enough hits are found, so a word with
    // fewer matches than a tier is ranked over the whole record in one pass (exactly as FTS5's
    // bm25 would, for one word), and a word that occurs everywhere costs one tier.
    QSqlQuery matches(m_db);
    matches.setForwardOnly(true);
    bool ftsRows = ftsHigh >= low;
    if (ftsRows) {
        matches.prepare(QStringLiteral("SELECT search.rowid, valis_stats(search)") + from
                        + QStringLiteral(" ORDER BY search.rowid DESC"));
        matches.bindValue(QStringLiteral(":query"), fts);
        matches.bindValue(QStringLiteral(":low"), low);
        matches.bindValue(QStringLiteral(":high"), ftsHigh);
        bindFilters(matches);
        if (!matches.exec()) {
            const Error error = sqlError(matches);
            if (request.ftsSyntax && error.message.contains(QLatin1String("syntax")))
                return Error(QStringLiteral("search.bad-query"), Text::tr("the FTS5 query is not valid: %1").arg(error.message));
            return error;
        }
    }
    qsizetype pairedNext = 0;
    qint64 rowid = 0;
    RowStats rowStats;
    const auto nextMatch = [&]() {
        if (paired && pairedNext < paired->rows.size()) {
            rowid = paired->rows.at(pairedNext).rowid;
            rowStats = paired->rows.at(pairedNext).stats;
            ++pairedNext;
            return true;
        }
        if (ftsRows && matches.next()) {
            rowid = matches.value(0).toLongLong();
            rowStats = RowStats::fromBlob(matches.value(1).toByteArray());
            return true;
        }
        ftsRows = false;
        return false;
    };
    QSqlQuery body(m_db);
    body.prepare(QStringLiteral("SELECT body FROM search_content WHERE id = ?"));

    SearchResults results;
    QList<Candidate> candidates;
    bool haveRow = nextMatch();
    qint64 tierTop = high;
    for (int tier = 0; haveRow && candidates.size() < limit; ++tier) {
        QList<qint64> ids;
        QList<RowStats> stats;
        while (haveRow && ids.size() < tierMatchBudget) {
            ids.append(rowid);
            stats.append(rowStats);
            haveRow = nextMatch();
        }
        // The stretch of the index this tier stands for: from just below the previous tier down
        // to its own oldest match, or to the start when nothing older matches.
        const qint64 tierBottom = haveRow ? ids.last() : low;
        const QList<double> scores = bm25Scores(stats, tierTop - tierBottom + 1);
        tierTop = tierBottom - 1;
        results.tiersSearched = tier + 1;
        QList<Candidate> tierMatches;
        tierMatches.reserve(ids.size());
        for (qsizetype i = 0; i < ids.size(); ++i)
            tierMatches.append({ids.at(i), scores.at(i), tier});
        // Lower is better; ties go to the newer passage, which comes first.
        std::stable_sort(tierMatches.begin(), tierMatches.end(),
                         [](const Candidate &a, const Candidate &c) { return a.score < c.score; });
        for (const Candidate &candidate : std::as_const(tierMatches)) {
            if (candidates.size() >= limit)
                break;
            if (!regex.pattern().isEmpty()) {
                body.addBindValue(candidate.rowid);
                if (!body.exec() || !body.next())
                    return sqlError(body, Text::tr("search"));
                const bool matched = regex.match(body.value(0).toString()).hasMatch();
                body.finish();
                if (!matched)
                    continue;
            }
            candidates.append(candidate);
        }
    }
    matches.finish();
    results.exhausted = !haveRow;
    if (candidates.isEmpty())
        return results;

    // Details and snippets only for the hits that made it. A hit the pair index found has its
    // snippet made here, from the words already split (as FTS5's snippet() makes it); the others
    // are read in one query (snippet() re-tokenises each chunk; the ids are integers of our own,
    // so they are written into the statement). The FTS5 table leads the join for the same reason
    // as above. `rowid IN (...)` makes FTS5 run the MATCH once per id, seeking to it: cheap,
    // except for a prefix no prefix index serves, which merges the doclists of every word it
    // matches on each run (seconds for 50 hits). Such a query reads the hits' stretch of the
    // index in one run instead (`+rowid` keeps the list out of FTS5's hands, the range goes in).
    QHash<qint64, qsizetype> pairedRows;
    if (paired) {
        for (qsizetype i = 0; i < paired->rows.size(); ++i)
            pairedRows.insert(paired->rows.at(i).rowid, i);
    }
    QList<qint64> ownSnippets;
    QList<qint64> ftsSnippets;
    for (const Candidate &candidate : std::as_const(candidates))
        (pairedRows.contains(candidate.rowid) ? ownSnippets : ftsSnippets).append(candidate.rowid);
    const QString columns = QStringLiteral("c.id, p.idx, p.kind, c.tool_name, m.uid, m.seq, m.turn, m.role, s.uid, s.title");
    const QString joins = QStringLiteral("CROSS JOIN parts p ON p.id = c.part_id CROSS JOIN messages m ON m.id = p.message_id "
                                         "CROSS JOIN sessions s ON s.id = m.session_id ");
    QHash<qint64, SearchHit> found;
    const auto readDetails = [&](QSqlQuery &detail) -> Result<void> {
        if (!detail.exec())
            return sqlError(detail, Text::tr("search"));
        while (detail.next()) {
            SearchHit hit;
            hit.partIndex = detail.value(1).toInt();
            partKindFromName(detail.value(2).toString(), &hit.partKind);
            hit.toolName = detail.value(3).toString();
            hit.messageId = detail.value(4).toString();
            hit.seq = detail.value(5).toLongLong();
            hit.turn = detail.value(6).toInt();
            roleFromName(detail.value(7).toString(), &hit.role);
            hit.sessionId = detail.value(8).toString();
            hit.sessionTitle = detail.value(9).toString();
            hit.snippet = detail.value(10).toString();
            found.insert(detail.value(0).toLongLong(), std::move(hit));
        }
        return success();
    };
    if (!ftsSnippets.isEmpty()) {
        const auto [lowest, highest] = std::minmax_element(ftsSnippets.cbegin(), ftsSnippets.cend());
        const QString idFilter = mergesPrefixes(fts, request.ftsSyntax)
                                     ? QStringLiteral("search.rowid BETWEEN %1 AND %2 AND +search.rowid IN (%3)")
                                           .arg(*lowest)
                                           .arg(*highest)
                                           .arg(idList(ftsSnippets))
                                     : QStringLiteral("search.rowid IN (%1)").arg(idList(ftsSnippets));
        QSqlQuery detail(m_db);
        detail.setForwardOnly(true);
        detail.prepare(QStringLiteral("SELECT %1, snippet(search, 0, char(2), char(3), '…', 24) "
                                      "FROM search CROSS JOIN search_chunks c ON c.id = search.rowid %2"
                                      "WHERE search MATCH ? AND %3")
                           .arg(columns, joins, idFilter));
        detail.addBindValue(fts);
        Result<void> read = readDetails(detail);
        if (!read.ok())
            return read.error();
    }
    if (!ownSnippets.isEmpty()) {
        QSqlQuery detail(m_db);
        detail.setForwardOnly(true);
        detail.prepare(QStringLiteral("SELECT %1, NULL FROM search_chunks c %2WHERE c.id IN (%3)")
                           .arg(columns, joins, idList(ownSnippets)));
        Result<void> read = readDetails(detail);
        if (!read.ok())
            return read.error();
        for (const qint64 id : std::as_const(ownSnippets)) {
            const PairMatches::Row &row = paired->rows.at(pairedRows.value(id));
            auto hit = found.find(id);
            if (hit != found.end()) {
                hit->snippet = paired->matcher.snippet(row.utf8, row.tokens, row.match, QString(QChar(2)),
                                                       QString(QChar(3)), QStringLiteral("…"), 24);
            }
        }
    }
    for (const Candidate &candidate : std::as_const(candidates)) {
        SearchHit hit = found.take(candidate.rowid);
        hit.score = candidate.score;
        hit.tier = candidate.tier;
        results.hits.append(std::move(hit));
    }
    return results;
}

Result<std::optional<TranscriptIndex::PairMatches>>
TranscriptIndex::pairMatches(const QString &fts, const QString &filters, bool dated,
                             const std::function<void(QSqlQuery &)> &bindFilters, qint64 low, qint64 high) const
{
    const std::optional<PairMatches> none;
    Result<void> refreshed = m_pairs->refresh();
    if (!refreshed.ok())
        return refreshed.error();
    // A query this index cannot take apart (a term without words) is FTS5's to answer.
    Result<QList<QueryTerm>> terms = PhraseMatcher::termsOf(fts, *m_tokenizer);
    if (!terms.ok())
        return none;
    const std::optional<PhrasePairIndex::Plan> plan = m_pairs->plan(terms.value());
    if (!plan)
        return none;
    const qint64 from = qMax(low, plan->since);
    if (from > high)
        return none;
    Result<QList<qint64>> candidates = m_pairs->candidates(*plan, from, high, pairCandidateBudget);
    if (!candidates.ok())
        return candidates.error();
    if (candidates->size() > pairCandidateBudget)
        return none;
    PairMatches paired{PhraseMatcher(terms.value()), {}, from};
    if (candidates->isEmpty())
        return std::optional<PairMatches>(std::move(paired));

    QSqlQuery texts(m_db);
    texts.setForwardOnly(true);
    // As a blob: the UTF-8 bytes as stored, without a round trip through UTF-16.
    texts.prepare(QStringLiteral("SELECT c.id, CAST(coalesce(c.body, p.text) AS BLOB) FROM search_chunks c CROSS JOIN parts p ON p.id = c.part_id ")
                  + (dated ? QStringLiteral("CROSS JOIN messages m ON m.id = p.message_id ") : QString())
                  + QStringLiteral("WHERE c.id IN (%1)").arg(idList(candidates.value())) + filters
                  + QStringLiteral(" ORDER BY c.id DESC"));
    bindFilters(texts);
    if (!texts.exec())
        return sqlError(texts, Text::tr("search"));
    while (texts.next()) {
        PairMatches::Row row;
        row.rowid = texts.value(0).toLongLong();
        row.utf8 = texts.value(1).toByteArray();
        Result<TokenizedText> tokens = m_tokenizer->tokenize(row.utf8);
        if (!tokens.ok())
            return tokens.error();
        row.tokens = std::move(tokens.value());
        row.match = paired.matcher.match(row.tokens);
        if (!row.match.matches)
            continue;
        row.stats.rowTokens = row.tokens.size();
        row.stats.phraseHits = row.match.hits;
        paired.rows.append(std::move(row));
    }
    texts.finish();
    if (paired.rows.isEmpty())
        return std::optional<PairMatches>(std::move(paired));

    // The index's totals for BM25 come from FTS5, for one match, which also checks that FTS5
    // sees that match as this index does; where it does not, FTS5 answers the whole query.
    QSqlQuery check(m_db);
    check.prepare(QStringLiteral("SELECT valis_stats(search) FROM search WHERE search MATCH ? AND rowid = ?"));
    check.addBindValue(fts);
    check.addBindValue(paired.rows.constFirst().rowid);
    if (!check.exec())
        return sqlError(check, Text::tr("search"));
    if (!check.next())
        return none;
    const RowStats ftsStats = RowStats::fromBlob(check.value(0).toByteArray());
    if (ftsStats.rowTokens != paired.rows.constFirst().stats.rowTokens
        || ftsStats.phraseHits != paired.rows.constFirst().stats.phraseHits) {
        return none;
    }
    for (PairMatches::Row &row : paired.rows) {
        row.stats.indexRows = ftsStats.indexRows;
        row.stats.indexTokens = ftsStats.indexTokens;
    }
    return std::optional<PairMatches>(std::move(paired));
}

} // namespace valis::store
