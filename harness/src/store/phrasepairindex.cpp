#include "store/phrasepairindex.h"

#include "store/sqlutil.h"

#include <QCoreApplication>
#include <QSet>
#include <QSqlQuery>
#include <QVariant>

namespace valis::store {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::TranscriptIndex)
};

QByteArray pairToken(const QByteArray &first, const QByteArray &second)
{
    // '_' separates words in the transcript index's tokenizer, so it never occurs in one.
    return first + '_' + second;
}

} // namespace

PhrasePairIndex::PhrasePairIndex(const QSqlDatabase &db, const TranscriptTokenizer &tokenizer)
    : m_db(db)
    , m_tokenizer(tokenizer)
{
}

Result<void> PhrasePairIndex::refresh()
{
    QSqlQuery count(m_db);
    if (!count.exec(QStringLiteral("SELECT count(*) FROM search_pair_words")) || !count.next())
        return sqlError(count, Text::tr("read the phrase index"));
    if (count.value(0).toLongLong() == m_since.size())
        return success();
    count.finish();
    QSqlQuery words(m_db);
    words.setForwardOnly(true);
    if (!words.exec(QStringLiteral("SELECT word, since FROM search_pair_words")))
        return sqlError(words, Text::tr("read the phrase index"));
    m_since.clear();
    while (words.next())
        m_since.insert(words.value(0).toString().toUtf8(), words.value(1).toLongLong());
    return success();
}

QByteArray PhrasePairIndex::pairsOf(qint64 id, const TokenizedText &tokens) const
{
    QSet<QByteArray> pairs;
    bool previousCommon = false;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const auto since = m_since.constFind(tokens.word(i));
        const bool common = since != m_since.cend() && since.value() <= id;
        if (common && previousCommon)
            pairs.insert(pairToken(tokens.word(i - 1), tokens.word(i)));
        previousCommon = common;
    }
    QByteArray text;
    for (const QByteArray &pair : std::as_const(pairs)) {
        if (!text.isEmpty())
            text += ' ';
        text += pair;
    }
    return text;
}

Result<void> PhrasePairIndex::add(qint64 id, const QByteArray &utf8)
{
    Result<TokenizedText> tokens = m_tokenizer.tokenize(utf8);
    if (!tokens.ok())
        return tokens.error();
    const QByteArray pairs = pairsOf(id, tokens.value());
    if (!pairs.isEmpty()) {
        QSqlQuery insert(m_db);
        insert.prepare(QStringLiteral("INSERT INTO search_pairs(rowid, pairs) VALUES(?, ?)"));
        insert.addBindValue(id);
        insert.addBindValue(QString::fromUtf8(pairs));
        Result<void> inserted = run(insert, Text::tr("index word pairs"));
        if (!inserted.ok())
            return inserted;
    }
    if (m_since.size() >= maxWords)
        return success();
    QSet<QByteArray> words; // views into `tokens`; a counted word is copied once, when first seen
    for (qsizetype i = 0; i < tokens->size(); ++i)
        words.insert(tokens->word(i));
    for (const QByteArray &word : std::as_const(words)) {
        auto counted = m_windowCounts.find(word);
        if (counted == m_windowCounts.end())
            m_windowCounts.insert(QByteArray(word.constData(), word.size()), 1);
        else
            ++counted.value();
    }
    if (++m_windowChunks >= promotionWindow)
        return promote(id + 1);
    return success();
}

Result<void> PhrasePairIndex::promote(qint64 nextId)
{
    const int needed = promotionWindow / promotionShare + 1;
    QSqlQuery insert(m_db);
    insert.prepare(QStringLiteral("INSERT OR IGNORE INTO search_pair_words(word, since) VALUES(?, ?)"));
    int room = maxWords - int(m_since.size());
    for (auto it = m_windowCounts.cbegin(); it != m_windowCounts.cend() && room > 0; ++it) {
        if (it.value() < needed || m_since.contains(it.key()))
            continue;
        insert.bindValue(0, QString::fromUtf8(it.key()));
        insert.bindValue(1, nextId);
        Result<void> inserted = run(insert, Text::tr("index word pairs"));
        if (!inserted.ok())
            return inserted;
        --room;
    }
    m_windowCounts.clear();
    m_windowChunks = 0;
    // Another process may have promoted a word first, with its own `since`: the table decides.
    m_since.clear();
    return refresh();
}

Result<void> PhrasePairIndex::remove(qint64 id, const QByteArray &utf8)
{
    Result<TokenizedText> tokens = m_tokenizer.tokenize(utf8);
    if (!tokens.ok())
        return tokens.error();
    const QByteArray pairs = pairsOf(id, tokens.value());
    if (pairs.isEmpty())
        return success();
    QSqlQuery remove(m_db);
    remove.prepare(QStringLiteral("INSERT INTO search_pairs(search_pairs, rowid, pairs) VALUES('delete', ?, ?)"));
    remove.addBindValue(id);
    remove.addBindValue(QString::fromUtf8(pairs));
    return run(remove, Text::tr("take word pairs out of the index"));
}

std::optional<PhrasePairIndex::Plan> PhrasePairIndex::plan(const QList<QueryTerm> &terms) const
{
    QStringList pairs;
    qint64 since = 0;
    for (const QueryTerm &term : terms) {
        // A prefix term's last word is not a word of the index; its pairs before it still are.
        const qsizetype words = term.tokens.size() - (term.prefix ? 1 : 0);
        if (words < 2)
            continue;
        qint64 termSince = 0;
        bool common = true;
        for (qsizetype i = 0; i < words && common; ++i) {
            const auto it = m_since.constFind(term.tokens.at(i));
            common = it != m_since.cend();
            if (common)
                termSince = qMax(termSince, it.value());
        }
        if (!common)
            continue;
        since = qMax(since, termSince);
        for (qsizetype i = 0; i + 1 < words; ++i) {
            const QString pair = QLatin1Char('"') + QString::fromUtf8(pairToken(term.tokens.at(i), term.tokens.at(i + 1)))
                                 + QLatin1Char('"');
            if (!pairs.contains(pair))
                pairs.append(pair);
        }
    }
    if (pairs.isEmpty())
        return std::nullopt;
    return Plan{pairs.join(QLatin1Char(' ')), since};
}

Result<QList<qint64>> PhrasePairIndex::candidates(const Plan &plan, qint64 low, qint64 high, int cap) const
{
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT rowid FROM search_pairs WHERE search_pairs MATCH ? AND rowid BETWEEN ? AND ? "
                                 "ORDER BY rowid DESC LIMIT ?"));
    query.addBindValue(plan.pairQuery);
    query.addBindValue(low);
    query.addBindValue(high);
    query.addBindValue(cap + 1);
    if (!query.exec())
        return sqlError(query, Text::tr("search"));
    QList<qint64> ids;
    while (query.next())
        ids.append(query.value(0).toLongLong());
    return ids;
}

} // namespace valis::store
