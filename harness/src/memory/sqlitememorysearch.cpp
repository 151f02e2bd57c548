#include "memory/sqlitememorysearch.h"

#include "memory/searchquery.h"
#include "memory/sqlitememoryrows.h"
#include "memory/sqlitesql.h"
#include "store/fts5ranking.h"

#include <QCoreApplication>
#include <QHash>
#include <QSqlQuery>

#include <algorithm>
#include <climits>

namespace valis::memory {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::SqliteDetailStore)
};

struct Candidate
{
    qint64 rowid = 0;
    double score = 0; ///< BM25 as FTS5 reports it: lower is better
};

// The FTS5 table leads the join (CROSS JOIN fixes the order): otherwise SQLite may drive it from
// agent_memories and run the full-text query once per row.
const QLatin1String matchFrom(" FROM agent_memories_search CROSS JOIN agent_memories m "
                              "ON m.id = agent_memories_search.rowid WHERE agent_memories_search MATCH ?");

QString idList(const QList<qint64> &ids)
{
    QStringList texts;
    texts.reserve(ids.size());
    for (qint64 id : ids)
        texts << QString::number(id);
    return texts.join(QLatin1Char(','));
}

/// Where in the index a filter's records are: a list of row ids (`condition`) when there are
/// few of them (the index then looks each up), else the id range between its oldest and newest
/// record (a session's records are close together, so its range is narrow however old it is).
/// No filter: the whole index. `none`: the filter selects nothing.
struct Scope
{
    QString condition;
    bool none = false;
    bool fewRows = false;
    qint64 newest = -1; ///< the filter's newest record; -1: the store's
    qint64 oldest = 1;
};

Result<Scope> scopeOf(QSqlDatabase &db, const MemoryFilter &filter, const FilterSql &where)
{
    Scope scope;
    if (filter.agentId.isEmpty() && filter.sessionId.isEmpty() && filter.type.isEmpty() && filter.pathPrefix.isEmpty())
        return scope;
    QList<qint64> ends;
    for (const char *order : {"DESC", "ASC"}) {
        QSqlQuery query(db);
        query.setForwardOnly(true);
        query.prepare(QStringLiteral("SELECT m.id FROM agent_memories m WHERE 1") + where.conditions
                      + QStringLiteral(" ORDER BY m.id %1 LIMIT ?").arg(QLatin1String(order)));
        for (const QVariant &value : where.values)
            query.addBindValue(value);
        query.addBindValue(fewRowsAtMost + 1);
        if (!query.exec())
            return sqliteError(query, Text::tr("search memories"));
        QList<qint64> ids;
        while (query.next())
            ids.append(query.value(0).toLongLong());
        if (ids.isEmpty()) {
            scope.none = true;
            return scope;
        }
        if (ends.isEmpty())
            scope.newest = ids.constFirst();
        if (ids.size() <= fewRowsAtMost) {
            scope.fewRows = true;
            scope.condition = QStringLiteral(" AND agent_memories_search.rowid IN (%1)").arg(idList(ids));
            return scope;
        }
        ends.append(ids.constFirst());
    }
    scope.oldest = ends.at(1);
    return scope;
}

/// `text` folded as the unicode61 tokenizer folds a token (lower case, Latin diacritics
/// removed), for looking it up in the index's vocabulary.
QString folded(const QString &text)
{
    const QString decomposed = text.toLower().normalized(QString::NormalizationForm_D);
    QString result;
    result.reserve(decomposed.size());
    for (QChar c : decomposed) {
        if (c.category() != QChar::Mark_NonSpacing)
            result += c;
    }
    return result;
}

bool isOneToken(const QString &text)
{
    const QList<uint> codePoints = text.toUcs4();
    return std::all_of(codePoints.cbegin(), codePoints.cend(),
                       [](uint c) { return QChar::isLetterOrNumber(c) || QChar::isMark(c); });
}

/// The FTS5 expression for one term. A prefix term that is one word is expanded into the words
/// of the index it begins (the shortest expandedWords of the first candidateWords in order), OR'ed:
/// FTS5's own prefix query gathers the postings of every such word before it returns a row, which
/// for a short, common prefix costs seconds in a large store, while OR reads only as far as the
/// newest matches it needs.
Result<QString> ftsTerm(QSqlDatabase &db, const SearchTerm &term)
{
    if (!term.prefix || !isOneToken(term.text))
        return fts5Term(term);
    if (term.text.size() <= 3)
        return fts5Term(term); // the index has a prefix index of three characters
    const QString prefix = folded(term.text);
    const char32_t highest = 0x10FFFF; // sorts after every character a word may continue with
    QSqlQuery query(db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT term FROM agent_memories_terms WHERE term >= ? AND term < ? LIMIT ?"));
    query.addBindValue(prefix);
    query.addBindValue(QString(prefix + QString::fromUcs4(&highest, 1)));
    query.addBindValue(candidateWords);
    if (!query.exec())
        return sqliteError(query, Text::tr("search memories"));
    QStringList words;
    while (query.next())
        words << query.value(0).toString();
    if (words.isEmpty())
        return fts5Term(term); // folded differently from the tokenizer, perhaps: let FTS5 expand it
    std::stable_sort(words.begin(), words.end(), [](const QString &a, const QString &b) { return a.size() < b.size(); });
    words = words.mid(0, expandedWords);
    QStringList alternatives;
    for (const QString &word : std::as_const(words))
        alternatives << fts5Term({word, false, false});
    return alternatives.size() == 1 ? alternatives.constFirst()
                                    : QLatin1Char('(') + alternatives.join(QStringLiteral(" OR ")) + QLatin1Char(')');
}

Result<QString> ftsQuery(QSqlDatabase &db, const QList<SearchTerm> &terms)
{
    QStringList parts;
    for (const SearchTerm &term : terms) {
        Result<QString> part = ftsTerm(db, term);
        if (!part.ok())
            return part.error();
        parts << part.value();
    }
    // Explicit AND: FTS5's implicit one does not take a parenthesised group.
    return parts.join(QStringLiteral(" AND "));
}

/// Reads matches newest first and ranks them a tier at a time until `wanted` are ranked. A tier
/// is the next tierMatchBudget matches or tierWindowRows records, whichever ends first: the
/// budget bounds the work for a word found everywhere, the window the work for a rare phrase of
/// common words, whose matches FTS5 finds only by comparing positions in every record that has
/// both words.
Result<QList<Candidate>> rankedMatches(QSqlDatabase &db, const QString &fts, const FilterSql &where,
                                       const Scope &scope, qsizetype wanted)
{
    qint64 high = scope.newest;
    if (high < 0) {
        QSqlQuery top(db);
        if (!top.exec(QStringLiteral("SELECT coalesce(max(id), 0) FROM agent_memories")) || !top.next())
            return sqliteError(top, Text::tr("search memories"));
        high = top.value(0).toLongLong();
    }
    const qint64 low = qMax<qint64>(1, scope.oldest);
    // A filter's few records are ranked together in one tier.
    const qint64 window = scope.fewRows ? high : tierWindowRows;
    const qsizetype budget = scope.fewRows ? qsizetype(INT_MAX) : tierMatchBudget;
    QSqlQuery matches(db);
    matches.setForwardOnly(true);
    matches.prepare(QStringLiteral("SELECT agent_memories_search.rowid, valis_stats(agent_memories_search)") + matchFrom
                    + where.conditions + scope.condition
                    + QStringLiteral(" AND agent_memories_search.rowid BETWEEN ? AND ? ORDER BY agent_memories_search.rowid DESC"));

    QList<Candidate> ranked;
    for (qint64 top = high; top >= low && ranked.size() < wanted;) {
        const qint64 bottom = qMax(low, top - window + 1);
        matches.addBindValue(fts);
        for (const QVariant &value : where.values)
            matches.addBindValue(value);
        matches.addBindValue(bottom);
        matches.addBindValue(top);
        if (!matches.exec())
            return sqliteError(matches, Text::tr("search memories"));
        QList<qint64> ids;
        QList<store::RowStats> stats;
        while (ids.size() < budget && matches.next()) {
            ids.append(matches.value(0).toLongLong());
            stats.append(store::RowStats::fromBlob(matches.value(1).toByteArray()));
        }
        matches.finish();
        // The stretch of the store this tier stands for: down to its oldest match when the
        // budget ended it, else the whole window.
        const qint64 tierBottom = ids.size() >= budget ? ids.constLast() : bottom;
        const QList<double> scores = store::bm25Scores(stats, qMax<qint64>(1, top - tierBottom + 1));
        top = tierBottom - 1;
        QList<Candidate> tier;
        tier.reserve(ids.size());
        for (qsizetype i = 0; i < ids.size(); ++i)
            tier.append({ids.at(i), scores.at(i)});
        // Ties go to the newer record, which comes first.
        std::stable_sort(tier.begin(), tier.end(), [](const Candidate &a, const Candidate &b) { return a.score < b.score; });
        for (const Candidate &candidate : std::as_const(tier)) {
            if (ranked.size() >= wanted)
                break;
            ranked.append(candidate);
        }
    }
    return ranked;
}

} // namespace

Result<QList<MemoryHit>> searchMemories(QSqlDatabase &db, const QString &query, const MemoryFilter &filter)
{
    QList<SearchTerm> terms = parseSearchQuery(query);
    if (terms.isEmpty())
        return QList<MemoryHit>();
    const FilterSql where = filterSql(filter);
    const qsizetype offset = qMax(0, filter.offset);
    const qsizetype wanted = filter.limit > 0 ? offset + filter.limit : qsizetype(INT_MAX);
    const Result<Scope> scope = scopeOf(db, filter, where);
    if (!scope.ok())
        return scope.error();
    if (scope.value().none)
        return QList<MemoryHit>();

    // The words as typed first: when they fill the page, the last word is taken as the whole
    // word it nearly always is, and the prefix (which costs a vocabulary lookup) is not needed.
    QString fts;
    Result<QList<Candidate>> ranked = QList<Candidate>();
    const bool hasPrefix = terms.constLast().prefix;
    if (hasPrefix) {
        QList<SearchTerm> exact = terms;
        exact.last().prefix = false;
        fts = fts5Query(exact);
        ranked = rankedMatches(db, fts, where, scope.value(), wanted);
        if (!ranked.ok())
            return ranked.error();
    }
    if (!hasPrefix || ranked.value().size() < wanted) {
        const Result<QString> expanded = ftsQuery(db, terms);
        if (!expanded.ok())
            return expanded.error();
        fts = expanded.value();
        ranked = rankedMatches(db, fts, where, scope.value(), wanted);
        if (!ranked.ok())
            return ranked.error();
    }
    const QList<Candidate> page = ranked.value().mid(offset);
    if (page.isEmpty())
        return QList<MemoryHit>();

    // Records and snippets only for the hits shown (the snippet tokenises text). The ids
    // are integers of our own, so they are written into the statement.
    QList<qint64> ids;
    for (const Candidate &candidate : page)
        ids.append(candidate.rowid);
    QSqlQuery detail(db);
    detail.setForwardOnly(true);
    detail.prepare(QStringLiteral("SELECT ") + recordColumns()
                   + QStringLiteral(", valis_memory_snippet(agent_memories_search)") + matchFrom
                   + QStringLiteral(" AND agent_memories_search.rowid IN (%1)").arg(idList(ids)));
    detail.addBindValue(fts);
    if (!detail.exec())
        return sqliteError(detail, Text::tr("search memories"));
    QHash<qint64, MemoryHit> found;
    while (detail.next()) {
        MemoryHit hit;
        hit.record = recordFrom(detail);
        hit.snippet = detail.value(recordColumnCount).toString().simplified();
        found.insert(rowIdFrom(detail), std::move(hit));
    }
    QList<MemoryHit> hits;
    for (const Candidate &candidate : page) {
        auto it = found.find(candidate.rowid);
        if (it == found.end())
            continue; // purged between the two queries
        MemoryHit hit = std::move(it.value());
        hit.score = -candidate.score;
        hits.append(std::move(hit));
    }
    return hits;
}

} // namespace valis::memory
