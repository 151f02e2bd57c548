#include "memory/postgresvocabulary.h"

#include <QCoreApplication>
#include <QMutexLocker>

#include <algorithm>
#include <limits>

namespace valis::memory {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::PostgresDetailStore)
};

using postgres_rows::sqlError;
using postgres_rows::textArray;

/// The least string above every string that begins with `prefix` (its last character one
/// code point up), so that the key index answers a prefix as a range: the words sort bytewise
/// (COLLATE "C"), which for UTF-8 is the order of code points.
QString pastPrefix(const QString &prefix)
{
    QList<uint> points = prefix.toUcs4();
    uint last = points.takeLast() + 1;
    if (last >= 0xD800 && last <= 0xDFFF)
        last = 0xE000;
    points.append(last);
    return QString::fromUcs4(reinterpret_cast<const char32_t *>(points.constData()), points.size());
}

} // namespace

Result<qint64> PostgresVocabulary::add(PostgresConnections &connections, const QList<QStringList> &distinctWords)
{
    Result<QSqlQuery *> state = connections.prepared(QStringLiteral("SELECT coalesce(max(generation), 0) FROM memory_words_state"));
    if (state.hasError())
        return state.error();
    if (!state.value()->exec() || !state.value()->next())
        return sqlError(*state.value(), Text::tr("list the words of a memory"));
    const qint64 generation = state.value()->value(0).toLongLong();
    state.value()->finish();
    QStringList fresh;
    {
        QMutexLocker locker(&m_mutex);
        if (generation != m_generation) {
            m_known.clear();
            m_generation = generation;
        }
        QSet<QString> seen;
        for (const QStringList &words : distinctWords) {
            for (const QString &word : words) {
                if (!m_known.contains(word) && !seen.contains(word)) {
                    seen.insert(word);
                    fresh << word;
                }
            }
        }
    }
    if (fresh.isEmpty())
        return generation;
    // In one order for every writer: a writer waits on another's uncommitted word, never both on
    // each other's.
    std::sort(fresh.begin(), fresh.end(), [](const QString &a, const QString &b) { return a.toUtf8() < b.toUtf8(); });
    Result<QSqlQuery *> insert = connections.prepared(QStringLiteral(
        "INSERT INTO memory_words (word) SELECT w FROM unnest(CAST(? AS text[])) WITH ORDINALITY AS u(w, n) ORDER BY n "
        "ON CONFLICT (word) DO NOTHING"));
    if (insert.hasError())
        return insert.error();
    QSqlQuery &q = *insert.value();
    q.bindValue(0, textArray(fresh));
    if (!q.exec())
        return sqlError(q, Text::tr("list the words of a memory"));
    q.finish();
    return generation;
}

void PostgresVocabulary::committed(const QList<QStringList> &distinctWords, qint64 generation)
{
    QMutexLocker locker(&m_mutex);
    if (generation != m_generation)
        return;
    for (const QStringList &words : distinctWords) {
        if (m_known.size() + words.size() > maxKnown)
            m_known.clear();
        for (const QString &word : words)
            m_known.insert(word);
    }
}

Result<void> PostgresVocabulary::setAside(PostgresConnections &connections, const QStringList &words)
{
    if (words.isEmpty())
        return success();
    // Whether another record holds a word is a look in the word index that builds the bitmap of
    // all its records (75 ms for a common word at a million records; 78 s for the 15,930 words
    // of a 600 KB log): too long to hold writers back for, so it is done later
    // (recheckSetAside()). Words the planner's statistics list as common are in thousands of
    // records and stay.
    Result<QSqlQuery *> move = connections.prepared(QStringLiteral(
        "WITH gone AS (DELETE FROM memory_words w WHERE w.word = ANY(CAST(? AS text[])) AND w.word NOT IN ("
        "  SELECT u.x FROM pg_stats s, unnest(CAST(CAST(s.most_common_elems AS text) AS text[])) AS u(x)"
        "  WHERE s.schemaname = current_schema() AND s.tablename = 'agent_memories'"
        "  AND s.attname = 'search_vector' AND u.x IS NOT NULL) RETURNING w.word) "
        "INSERT INTO memory_words_recheck (word) SELECT word FROM gone ON CONFLICT (word) DO NOTHING"));
    if (move.hasError())
        return move.error();
    move.value()->bindValue(0, textArray(words));
    if (!move.value()->exec())
        return sqlError(*move.value(), Text::tr("purge a memory"));
    move.value()->finish();
    Result<QSqlQuery *> bump = connections.prepared(QStringLiteral("UPDATE memory_words_state SET generation = generation + 1"));
    if (bump.hasError())
        return bump.error();
    if (!bump.value()->exec())
        return sqlError(*bump.value(), Text::tr("purge a memory"));
    bump.value()->finish();
    return success();
}

Result<qsizetype> PostgresVocabulary::recheckSetAside(PostgresConnections &connections, qsizetype words)
{
    // Beside writers, not purges: a purge could set a word aside again while this puts it back.
    // The words taken off the list are locked (SKIP LOCKED lets another process take others),
    // those a record still holds go back to the vocabulary. A writer adding such a word
    // meanwhile adds it to the vocabulary itself (it is not there).
    const QString doing = Text::tr("recheck the words of purged memories");
    return besideWriters<qsizetype>(connections, doing, [&]() -> Result<qsizetype> {
        Result<QSqlQuery *> recheck = connections.prepared(QStringLiteral(
            "WITH taken AS (DELETE FROM memory_words_recheck WHERE word IN ("
            "  SELECT word FROM memory_words_recheck ORDER BY word LIMIT ? FOR UPDATE SKIP LOCKED) RETURNING word), "
            "held AS (INSERT INTO memory_words (word) SELECT t.word FROM taken t WHERE EXISTS ("
            "  SELECT 1 FROM agent_memories m WHERE m.search_vector @@ CAST(quote_literal(t.word) AS tsquery)) "
            "  ORDER BY t.word ON CONFLICT (word) DO NOTHING RETURNING 1) "
            "SELECT (SELECT count(*) FROM taken), (SELECT count(*) FROM held)"));
        if (recheck.hasError())
            return recheck.error();
        QSqlQuery &q = *recheck.value();
        q.bindValue(0, qMax<qsizetype>(words, 1));
        if (!q.exec() || !q.next())
            return sqlError(q, doing);
        const qsizetype taken = q.value(0).toLongLong();
        q.finish();
        return taken;
    });
}

Result<PostgresVocabulary::Expansion> PostgresVocabulary::expand(PostgresConnections &connections,
                                                                 const QString &prefix) const
{
    Expansion expansion;
    if (prefix.isEmpty())
        return expansion;
    // The state's one row first (its word NULL; -1 when a word the prefix begins is set aside
    // for a recheck, which may still be held), then the words.
    Result<QSqlQuery *> query = connections.prepared(
        QStringLiteral("SELECT NULL, CASE WHEN EXISTS (SELECT 1 FROM memory_words_recheck r WHERE r.word >= ? AND r.word < ?) "
                       "THEN -1 ELSE complete_above END FROM memory_words_state UNION ALL "
                       "(SELECT word, 0 FROM memory_words WHERE word >= ? AND word < ? ORDER BY word LIMIT %1)")
            .arg(maxExpansion + 1));
    if (query.hasError())
        return query.error();
    QSqlQuery &q = *query.value();
    const QString past = pastPrefix(prefix);
    q.bindValue(0, prefix);
    q.bindValue(1, past);
    q.bindValue(2, prefix);
    q.bindValue(3, past);
    if (!q.exec())
        return sqlError(q, Text::tr("search memories"));
    QStringList words;
    while (q.next()) {
        if (q.value(0).isNull() && q.value(1).toLongLong() < 0)
            expansion.completeAbove = std::numeric_limits<qint64>::max(); // no row is covered
        else if (q.value(0).isNull())
            expansion.completeAbove = qMax(expansion.completeAbove, q.value(1).toLongLong());
        else
            words << q.value(0).toString();
    }
    q.finish();
    // The prefix itself sorts before every longer word it begins.
    expansion.wordListed = words.contains(prefix);
    if (words.size() <= maxExpansion && expansion.completeAbove != std::numeric_limits<qint64>::max())
        expansion.words = words;
    return expansion;
}

} // namespace valis::memory
