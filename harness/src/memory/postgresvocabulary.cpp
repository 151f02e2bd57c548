#include "memory/postgresvocabulary.h"

#include "memory/postgresconnections.h"
#include "memory/postgresmemoryrows.h"

#include <QCoreApplication>
#include <QMutexLocker>

#include <algorithm>

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

Result<void> PostgresVocabulary::add(PostgresConnections &connections, const QList<QStringList> &distinctWords)
{
    QStringList fresh;
    {
        QMutexLocker locker(&m_mutex);
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
        return success();
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
    return success();
}

void PostgresVocabulary::committed(const QList<QStringList> &distinctWords)
{
    QMutexLocker locker(&m_mutex);
    for (const QStringList &words : distinctWords) {
        if (m_known.size() + words.size() > maxKnown)
            m_known.clear();
        for (const QString &word : words)
            m_known.insert(word);
    }
}

Result<PostgresVocabulary::Expansion> PostgresVocabulary::expand(PostgresConnections &connections,
                                                                 const QString &prefix) const
{
    Expansion expansion;
    if (prefix.isEmpty())
        return expansion;
    // The state's one row first (its word NULL), then the words.
    Result<QSqlQuery *> query = connections.prepared(
        QStringLiteral("SELECT NULL, complete_above FROM memory_words_state UNION ALL "
                       "(SELECT word, 0 FROM memory_words WHERE word >= ? AND word < ? ORDER BY word LIMIT %1)")
            .arg(maxExpansion + 1));
    if (query.hasError())
        return query.error();
    QSqlQuery &q = *query.value();
    q.bindValue(0, prefix);
    q.bindValue(1, pastPrefix(prefix));
    if (!q.exec())
        return sqlError(q, Text::tr("search memories"));
    QStringList words;
    while (q.next()) {
        if (q.value(0).isNull())
            expansion.completeAbove = qMax(expansion.completeAbove, q.value(1).toLongLong());
        else
            words << q.value(0).toString();
    }
    q.finish();
    // The prefix itself sorts before every longer word it begins.
    expansion.wordListed = words.contains(prefix);
    if (words.size() <= maxExpansion)
        expansion.words = words;
    return expansion;
}

} // namespace valis::memory
