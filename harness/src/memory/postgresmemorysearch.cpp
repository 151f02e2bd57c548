#include "memory/postgresmemorysearch.h"

#include "memory/postgresconnections.h"
#include "memory/postgresmemoryrows.h"
#include "memory/postgrespairwords.h"
#include "memory/postgresschema.h"
#include "memory/postgrestextsearch.h"
#include "memory/postgresvocabulary.h"
#include "memory/searchquery.h"
#include "memory/sqlitememorysearch.h"

#include <QCoreApplication>
#include <QHash>
#include <QMutexLocker>
#include <QSqlDatabase>
#include <QStringList>

#include <algorithm>
#include <climits>
#include <limits>

namespace valis::memory {

using namespace postgres_rows;

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::PostgresDetailStore)
};

struct Candidate
{
    qint64 id = 0;
    double score = 0;
};

/// Recency buckets `first` to `last`; `everything` ignores them (the rest of the store).
struct Stretch
{
    qint64 first = 0;
    qint64 last = 0;
    bool everything = false;
};

QList<Stretch> stretchesFrom(qint64 newestBucket)
{
    QList<Stretch> stretches;
    qint64 last = newestBucket;
    for (const qint64 size : {1, 4, 16, 64}) {
        const qint64 first = qMax<qint64>(0, last - size + 1);
        stretches.append({first, last, false});
        if (first == 0)
            return stretches;
        last = first - 1;
    }
    stretches.append({0, 0, true});
    return stretches;
}

/// Matches ranked together at most (see the header): fewer than SQLite's tierMatchBudget,
/// because ranking here decompresses each candidate's vector. Phrases have smaller tiers still:
/// every candidate's word order is checked on its whole vector.
constexpr qsizetype tierBudget = 128;
constexpr qsizetype phraseTierBudget = 64;
/// A query of several words none of which the statistics list as common is first asked of the
/// GIN index whole, reading at most this many matches: the records holding all of them are
/// usually few, and come at once, without a query per stretch of buckets.
constexpr qsizetype wholeIndexRows = 1500;
/// Records walked, newest first, to learn how dense a word the statistics do not list is.
constexpr qint64 probeRows = 256;

/// Collects candidates newest first into tiers and ranks each tier within itself, until `wanted`
/// are ranked. A tier is the next `budget` matches or tierWindowRows records, whichever ends
/// first, as SQLite's (sqlitememorysearch.h): the window bounds the search for a word that is
/// neither rare nor common, which would otherwise go through stretch after stretch of older
/// records only to fill a tier whose best hits it has already.
class Tiers
{
public:
    /// `windowRows` 0: tiers of `budget` matches only.
    Tiers(qsizetype wanted, qsizetype budget, qint64 newestId, qint64 windowRows)
        : m_wanted(wanted), m_budget(qMax(budget, qMin<qsizetype>(wanted, tierBudget))), m_windowRows(windowRows),
          m_windowBottom(windowRows > 0 ? newestId - windowRows + 1 : std::numeric_limits<qint64>::min())
    {}

    qsizetype need() const { return m_budget - m_tier.size(); }
    bool done() const { return m_best.size() >= m_wanted; }
    void add(const Candidate &candidate)
    {
        // Candidates come newest first: every match above this one is in.
        reached(candidate.id + 1);
        m_tier.append(candidate);
        if (m_tier.size() >= m_budget) {
            rank();
            if (m_windowRows > 0)
                m_windowBottom = candidate.id - m_windowRows;
        }
    }
    /// Every match with an id of at least `lowest` has been added: the windows above it are
    /// complete.
    void reached(qint64 lowest)
    {
        while (m_windowRows > 0 && lowest <= m_windowBottom && !done()) {
            rank();
            m_windowBottom -= m_windowRows;
        }
    }
    QList<Candidate> finish()
    {
        rank();
        return m_best;
    }

private:
    void rank()
    {
        // Ties go to the newer record, which comes first.
        std::stable_sort(m_tier.begin(), m_tier.end(), [](const Candidate &a, const Candidate &b) { return a.score > b.score; });
        for (const Candidate &candidate : std::as_const(m_tier)) {
            if (m_best.size() >= m_wanted)
                break;
            m_best.append(candidate);
        }
        m_tier.clear();
    }

    qsizetype m_wanted;
    qsizetype m_budget;
    qint64 m_windowRows;
    qint64 m_windowBottom; ///< the lowest id the current tier's window holds
    QList<Candidate> m_tier;
    QList<Candidate> m_best;
};

/// Runs `q` page after page into `tiers` (its rows are (id, score), newest first; `bind(need)`
/// binds its values before each page) until the tiers are done or a page comes back short:
/// nothing more to find down to `floor`, the lowest id `q` covers. `below` becomes the last id
/// read, then `floor` when nothing more was found; `found` (when given) counts the matches.
template<typename Bind>
Result<void> pageMatches(QSqlQuery &q, qint64 &below, qint64 floor, Tiers &tiers, Bind &&bind, qsizetype *found = nullptr)
{
    while (!tiers.done()) {
        const qsizetype need = tiers.need();
        bind(need);
        if (!q.exec())
            return sqlError(q, Text::tr("search memories"));
        qsizetype read = 0;
        while (q.next()) {
            below = q.value(0).toLongLong();
            tiers.add({below, q.value(1).toDouble()});
            ++read;
        }
        q.finish();
        if (found)
            *found += read;
        if (read < need) {
            below = qMin(below, floor);
            tiers.reached(floor);
            break;
        }
    }
    return success();
}

/// What finding a tier costs either way (in µs, measured at a million records on this kind of
/// machine with EXPLAIN ANALYZE): walking the key index newest first decompresses a small
/// vector per row until a tier is found; the GIN index costs little per posting, except that a
/// prefix makes it merge the postings of every word it begins, again for every query.
struct CostModel
{
    static constexpr double perRowWalked = 8.0;
    static constexpr double perPrefixPosting = 0.6;
    static constexpr double perIndexSearch = 2000.0;
    /// Each word a prefix was expanded into (postgresvocabulary.h) is one more index lookup.
    static constexpr double perExpandedWord = 150.0;

    /// Whether walking beats the index for `budget` matches of a query that `density` of the
    /// `rows` records match, `merged` postings being merged for its prefixes.
    static bool walkIsCheaper(double density, double merged, qint64 rows, qsizetype budget, qsizetype expandedWords = 0)
    {
        const double walked = qMin(double(rows), double(budget) / qMax(density, 1e-9)) * perRowWalked;
        return walked < merged * perPrefixPosting + double(expandedWords) * perExpandedWord + perIndexSearch;
    }
};

/// How the newest matches are found (see the header).
enum class Strategy { Walk, WholeIndex, Stretches, Probe };

/// `expandedWords`: how many words the prefix was expanded into for every row (0: not expanded).
Strategy strategyFor(const QList<SearchTerm> &terms, const PostgresWordFrequencies &frequencies, qint64 rows,
                     qsizetype budget, qsizetype expandedWords)
{
    double density = 1.0;
    double merged = 0;
    bool common = false;
    qsizetype wordCount = 0;
    for (const SearchTerm &term : terms) {
        const QStringList termWords = postgres_text::words(term.text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        wordCount += termWords.size();
        double termDensity = 1.0;
        for (qsizetype i = 0; i < termWords.size(); ++i) {
            const bool prefix = term.prefix && i == termWords.size() - 1;
            const double share = frequencies.frequency(termWords.at(i), prefix);
            termDensity = qMin(termDensity, share);
            const bool listed = frequencies.listed(termWords.at(i), prefix);
            common = common || listed;
            if (prefix && listed && expandedWords == 0)
                merged += share * double(rows);
        }
        density *= termDensity;
    }
    if (CostModel::walkIsCheaper(density, merged, rows, budget, expandedWords))
        return Strategy::Walk;
    // One word the statistics do not list tells them nothing: it may be rare, or a prefix of
    // many words each too rare to be listed (at a million records, prefixes in 4% to 11% of
    // the records were listed as nothing). How many of the newest records it is in decides.
    if (!common && wordCount < 2)
        return Strategy::Probe;
    // Several words none of which is listed: their records are usually few, and come at once.
    return common ? Strategy::Stretches : Strategy::WholeIndex;
}

/// The newest matches from `below` down to `floor` along the key index (see the header), in a
/// transaction that keeps the planner from a sequential scan or the GIN index: it cannot know
/// that the filter decompresses a vector per row. Returns how many it found.
Result<qsizetype> walkMatches(PostgresConnections &connections, const QString &query, const FilterSql &where,
                              qint64 &below, qint64 floor, Tiers &tiers)
{
    Result<QSqlDatabase> db = connections.database();
    if (db.hasError())
        return db.error();
    if (!db.value().transaction())
        return sqlError(db.value().lastError(), Text::tr("search memories"));
    const auto fail = [&db](const Error &error) {
        db.value().rollback();
        return error;
    };
    {
        QSqlQuery setup(db.value());
        if (!setup.exec(QStringLiteral("SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off")))
            return fail(sqlError(setup, Text::tr("search memories")));
    }
    const QString sql = QStringLiteral(
                            "SELECT t.id, ts_rank(coalesce(t.rank_vector, t.search_vector), t.query, 1) FROM ("
                            " SELECT m.id, m.search_vector, m.rank_vector, q.query"
                            " FROM (SELECT CAST(? AS tsquery) AS query) q, agent_memories m"
                            " WHERE (coalesce(m.rank_vector, m.search_vector) @@ q.query"
                            "        OR (m.rank_vector IS NOT NULL AND m.search_vector @@ q.query))"
                            "  AND m.id < ? AND m.id >= ?%1"
                            " ORDER BY m.id DESC LIMIT ?) t")
                            .arg(where.conditions);
    Result<QSqlQuery *> prepared = connections.prepared(sql);
    if (prepared.hasError())
        return fail(prepared.error());
    QSqlQuery &q = *prepared.value();
    qsizetype found = 0;
    Result<void> paged = pageMatches(q, below, floor, tiers, [&](qsizetype need) {
        int index = 0;
        q.bindValue(index++, query);
        q.bindValue(index++, below);
        q.bindValue(index++, floor);
        for (const QVariant &value : where.values)
            q.bindValue(index++, value);
        q.bindValue(index++, need);
    }, &found);
    if (paged.hasError())
        return fail(paged.error());
    if (!db.value().commit())
        return fail(sqlError(db.value().lastError(), Text::tr("search memories")));
    return found;
}

/// Matches of `query` among the rows from `since` up to (not including) `below`, by their pair
/// vectors, newest first, stretch by stretch of recency buckets, into `tiers`: the rows holding
/// every pair (checked against the terms the pairs do not prove), and the rows whose pair vectors
/// are incomplete (checked against the whole query). Returns the lowest id it looked below
/// (`since` when it went through them all).
///
/// The word vectors are tested with ts_match_vq(), not @@, so that the planner cannot add the
/// word index to the plan: it would read the postings of every record holding the words, which
/// is what the pairs are there to avoid. A record whose pairs prove the phrase is not tested at
/// all: testing means decompressing its vector, large for the long records common words are in.
Result<qint64> pairedMatches(PostgresConnections &connections, const QString &query, const postgres_text::PairPlan &pairs,
                             const FilterSql &where, qint64 below, Tiers &tiers)
{
    const QString unproven =
        pairs.unproven.isEmpty() ? QString() : QStringLiteral(" AND ts_match_vq(m.search_vector, CAST(? AS tsquery))");
    const QString sql = QStringLiteral(
                            "SELECT t.id, ts_rank(coalesce(m.rank_vector, m.search_vector), CAST(? AS tsquery), 1) FROM ("
                            " SELECT u.id FROM ("
                            "  SELECT m.id FROM agent_memories m WHERE m.pair_vector @@ CAST(? AS tsquery)%1"
                            "   AND m.id + 0 < ? AND m.id + 0 >= ?%2"
                            "  UNION"
                            "  SELECT m.id FROM agent_memories m WHERE m.pair_vector @@ CAST(? AS tsquery)"
                            "   AND ts_match_vq(m.search_vector, CAST(? AS tsquery)) AND m.id + 0 < ? AND m.id + 0 >= ?%2"
                            " ) u ORDER BY u.id DESC LIMIT ?) t JOIN agent_memories m ON m.id = t.id "
                            "ORDER BY t.id DESC")
                            .arg(unproven, where.conditions);
    Result<QSqlQuery *> prepared = connections.prepared(sql);
    if (prepared.hasError())
        return prepared.error();
    QSqlQuery &q = *prepared.value();
    const qint64 sinceBucket = pairs.since / postgres_schema::recencyBucketRows;
    for (const Stretch &stretch : stretchesFrom((below - 1) / postgres_schema::recencyBucketRows)) {
        if (!stretch.everything && stretch.last < sinceBucket)
            break;
        const QString buckets =
            stretch.everything ? QString() : postgres_text::bucketsQuery(qMax(stretch.first, sinceBucket), stretch.last);
        const QString paired = postgres_text::bothQueries(pairs.pairs, buckets);
        const QString incomplete = postgres_text::bothQueries(QLatin1String(postgres_text::incompletePairsLexeme), buckets);
        const qint64 floor = stretch.everything ? pairs.since
                                                : qMax(stretch.first * postgres_schema::recencyBucketRows, pairs.since);
        Result<void> paged = pageMatches(q, below, floor, tiers, [&](qsizetype need) {
            int index = 0;
            q.bindValue(index++, query);
            q.bindValue(index++, paired);
            if (!pairs.unproven.isEmpty())
                q.bindValue(index++, pairs.unproven);
            q.bindValue(index++, below);
            q.bindValue(index++, pairs.since);
            for (const QVariant &value : where.values)
                q.bindValue(index++, value);
            q.bindValue(index++, incomplete);
            q.bindValue(index++, query);
            q.bindValue(index++, below);
            q.bindValue(index++, pairs.since);
            for (const QVariant &value : where.values)
                q.bindValue(index++, value);
            q.bindValue(index++, need);
        });
        if (paged.hasError())
            return paged.error();
        if (tiers.done())
            return below;
    }
    return qMin(below, pairs.since);
}

/// The word the query's last term ends with when it is a prefix; empty when none is.
QString prefixWord(const QList<SearchTerm> &terms)
{
    if (terms.isEmpty() || !terms.constLast().prefix)
        return QString();
    const QStringList termWords = postgres_text::words(terms.constLast().text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    return termWords.isEmpty() ? QString() : termWords.constLast();
}

/// The id of the newest record; 0 in an empty store.
Result<qint64> newestRowId(PostgresConnections &connections)
{
    Result<QSqlQuery *> newest = connections.prepared(QStringLiteral("SELECT coalesce(max(id), 0) FROM agent_memories"));
    if (newest.hasError())
        return newest.error();
    if (!newest.value()->exec() || !newest.value()->next())
        return sqlError(*newest.value(), Text::tr("search memories"));
    const qint64 id = newest.value()->value(0).toLongLong();
    newest.value()->finish();
    return id;
}

/// The newest matches among the records up to `newestId`, tier by tier, each tier ranked within
/// itself, until `wanted` are ranked. `prefixExpansion`: what the vocabulary says of the prefix
/// the query ends with, if it ends with one.
Result<QList<Candidate>> rankedMatches(PostgresConnections &connections, PostgresWordFrequencies &frequencies,
                                       PostgresPairWords &pairWords,
                                       const std::optional<PostgresVocabulary::Expansion> &prefixExpansion,
                                       const QList<SearchTerm> &terms, const FilterSql &where,
                                       qint64 newestId, qint64 windowRows, qsizetype wanted)
{
    const QString query = postgres_text::tsquery(terms);
    const QString words = postgres_text::tsqueryWords(terms);
    const qsizetype budget = words.isEmpty() ? tierBudget : phraseTierBudget;
    Tiers tiers(wanted, budget, newestId, windowRows);
    qint64 below = newestId + 1;

    // Phrases of common words: the rows that know the words, by their pairs (postgrespairwords.h).
    if (!words.isEmpty()) {
        Result<QHash<QString, qint64>> common = pairWords.committed(connections);
        if (common.hasError())
            return common.error();
        const std::optional<postgres_text::PairPlan> pairs = postgres_text::pairPlan(terms, common.value());
        if (pairs && pairs->since <= newestId) {
            Result<qint64> reached = pairedMatches(connections, query, *pairs, where, below, tiers);
            if (reached.hasError())
                return reached.error();
            below = reached.value();
            if (tiers.done() || below <= 1)
                return tiers.finish();
        }
    }

    // The prefix as the words it begins, where the vocabulary knows them all: the index then
    // looks them up, intersected with the recency buckets, instead of merging every posting of
    // every word the prefix begins (postgresvocabulary.h). For the rows above completeAbove only.
    const QString prefix = prefixWord(terms);
    PostgresVocabulary::Expansion expansion;
    if (!prefix.isEmpty() && prefixExpansion) {
        expansion = *prefixExpansion;
        if (expansion.words && expansion.words->isEmpty()) {
            // No row above completeAbove holds a word the prefix begins.
            if (expansion.completeAbove < below)
                below = expansion.completeAbove + 1;
            tiers.reached(below);
            if (below <= 1)
                return tiers.finish();
            expansion.words.reset();
        }
    }
    const QString expandedNarrowed =
        !expansion.words ? QString()
        : words.isEmpty() ? postgres_text::tsquery(terms, &*expansion.words)
                          : postgres_text::tsqueryWords(terms, &*expansion.words);
    /// The query the index answers for the rows from `floor` up (ids begin at 1).
    const auto narrowedFrom = [&](qint64 floor) {
        if (!expandedNarrowed.isEmpty() && qMax<qint64>(floor, 1) > expansion.completeAbove)
            return expandedNarrowed;
        return words.isEmpty() ? query : words;
    };
    const qsizetype expandedWords = expansion.words && expansion.completeAbove == 0 ? expansion.words->size() : 0;

    Result<void> refreshed = frequencies.refresh(connections);
    if (refreshed.hasError())
        return refreshed.error();
    Strategy strategy = strategyFor(terms, frequencies, below - 1, budget, expandedWords);
    if (strategy == Strategy::Probe) {
        // The newest probeRows records say how dense the word is; what they hold is kept.
        const qint64 rows = below - 1;
        Result<qsizetype> found = walkMatches(connections, query, where, below, qMax<qint64>(0, below - probeRows), tiers);
        if (found.hasError())
            return found.error();
        if (tiers.done() || below <= 1)
            return tiers.finish();
        const double density = double(found.value()) / double(probeRows);
        const bool isPrefix = !prefix.isEmpty();
        // A prefix's postings are merged over the whole store (unless it was expanded); what is
        // left to walk lies below the probe.
        const double merged = isPrefix && expandedWords == 0 ? density * double(rows) : 0;
        strategy = found.value() > 0 && CostModel::walkIsCheaper(density, merged, below - 1, tiers.need(), expandedWords)
                       ? Strategy::Walk
                       : Strategy::Stretches;
    }
    if (strategy == Strategy::Walk) {
        Result<qsizetype> walked = walkMatches(connections, query, where, below, 0, tiers);
        if (walked.hasError())
            return walked.error();
        return tiers.finish();
    }
    const QString phraseCheck = words.isEmpty() ? QString() : QStringLiteral(" AND m.search_vector @@ q.query");
    if (strategy == Strategy::WholeIndex) {
        // All matches, when there are at most wholeIndexRows of them, newest first.
        Result<QSqlQuery *> whole = connections.prepared(
            QStringLiteral("SELECT t.id, ts_rank(coalesce(t.rank_vector, t.search_vector), t.query, 1), t.total FROM ("
                           " SELECT c.*, count(*) OVER () AS total FROM ("
                           "  SELECT m.id, m.search_vector, m.rank_vector, q.query"
                           "  FROM (SELECT CAST(? AS tsquery) AS query, CAST(? AS tsquery) AS narrowed) q, agent_memories m"
                           "  WHERE m.search_vector @@ q.narrowed%1 AND m.id + 0 < ?%2 LIMIT %3) c"
                           " ORDER BY c.id DESC LIMIT ?) t")
                .arg(phraseCheck, where.conditions)
                .arg(wholeIndexRows + 1));
        if (whole.hasError())
            return whole.error();
        QSqlQuery &w = *whole.value();
        int index = 0;
        w.bindValue(index++, query);
        w.bindValue(index++, narrowedFrom(1));
        w.bindValue(index++, below);
        for (const QVariant &value : where.values)
            w.bindValue(index++, value);
        const qsizetype need = tiers.need();
        w.bindValue(index++, need);
        if (!w.exec())
            return sqlError(w, Text::tr("search memories"));
        QList<Candidate> newestMatches;
        qint64 total = 0;
        while (w.next()) {
            newestMatches.append({w.value(0).toLongLong(), w.value(1).toDouble()});
            total = w.value(2).toLongLong();
        }
        w.finish();
        if (total <= wholeIndexRows) {
            for (const Candidate &candidate : std::as_const(newestMatches))
                tiers.add(candidate);
            if (newestMatches.size() < need || tiers.done())
                return tiers.finish();
            below = newestMatches.constLast().id; // more tiers wanted: the stretches go on from here
        }
    }

    // `m.id + 0` keeps the key index out of the plan (see the header): the GIN index answers.
    const QString sql = QStringLiteral(
                            "SELECT t.id, ts_rank(coalesce(t.rank_vector, t.search_vector), t.query, 1) FROM ("
                            " SELECT m.id, m.search_vector, m.rank_vector, q.query"
                            " FROM (SELECT CAST(? AS tsquery) AS query, CAST(? AS tsquery) AS narrowed) q, agent_memories m"
                            " WHERE m.search_vector @@ q.narrowed%1 AND m.id + 0 < ?%2"
                            " ORDER BY m.id + 0 DESC LIMIT ?) t")
                            .arg(phraseCheck, where.conditions);
    Result<QSqlQuery *> prepared = connections.prepared(sql);
    if (prepared.hasError())
        return prepared.error();
    QSqlQuery &q = *prepared.value();
    for (const Stretch &stretch : stretchesFrom((below - 1) / postgres_schema::recencyBucketRows)) {
        const qint64 floor = stretch.everything ? 0 : stretch.first * postgres_schema::recencyBucketRows;
        const QString narrowed = postgres_text::bothQueries(
            narrowedFrom(floor), stretch.everything ? QString() : postgres_text::bucketsQuery(stretch.first, stretch.last));
        Result<void> paged = pageMatches(q, below, floor, tiers, [&](qsizetype need) {
            int index = 0;
            q.bindValue(index++, query);
            q.bindValue(index++, narrowed);
            q.bindValue(index++, below);
            for (const QVariant &value : where.values)
                q.bindValue(index++, value);
            q.bindValue(index++, need);
        });
        if (paged.hasError())
            return paged.error();
        if (tiers.done())
            break;
    }
    return tiers.finish();
}

} // namespace

Result<void> PostgresWordFrequencies::refresh(PostgresConnections &connections)
{
    {
        QMutexLocker locker(&m_mutex);
        if (m_read.isValid() && m_read.elapsed() < 60 * 1000)
            return success();
    }
    // For a tsvector, the frequencies end with the lowest and the highest of them.
    Result<QSqlQuery *> query = connections.prepared(QStringLiteral(
        "SELECT u.word, u.share, s.most_common_elem_freqs[cardinality(s.most_common_elem_freqs) - 1] "
        "FROM pg_stats s, unnest(CAST(CAST(s.most_common_elems AS text) AS text[]), s.most_common_elem_freqs) AS u(word, share) "
        "WHERE s.schemaname = current_schema() AND s.tablename = 'agent_memories' AND s.attname = 'search_vector' "
        "AND u.word IS NOT NULL"));
    if (query.hasError())
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.exec())
        return sqlError(q, Text::tr("read the word statistics"));
    QMap<QString, double> read;
    double rarest = 0.001;
    while (q.next()) {
        read.insert(q.value(0).toString(), q.value(1).toDouble());
        rarest = q.value(2).toDouble();
    }
    q.finish();
    QMutexLocker locker(&m_mutex);
    m_frequencies = std::move(read);
    m_rarest = qBound(1e-6, rarest, 1.0);
    m_read.start();
    return success();
}

double PostgresWordFrequencies::frequency(const QString &word, bool prefix) const
{
    QMutexLocker locker(&m_mutex);
    if (!prefix)
        return m_frequencies.value(word, m_rarest / 2);
    double total = 0;
    for (auto it = m_frequencies.lowerBound(word); it != m_frequencies.cend() && it.key().startsWith(word); ++it)
        total += it.value();
    return total > 0 ? qMin(total, 1.0) : m_rarest / 2;
}

bool PostgresWordFrequencies::listed(const QString &word, bool prefix) const
{
    QMutexLocker locker(&m_mutex);
    const auto it = m_frequencies.lowerBound(word);
    return it != m_frequencies.cend() && (prefix ? it.key().startsWith(word) : it.key() == word);
}

Result<QList<MemoryHit>> searchPostgresMemories(PostgresConnections &connections, PostgresWordFrequencies &frequencies,
                                                PostgresPairWords &pairWords, const PostgresVocabulary &vocabulary,
                                                const QString &text, const MemoryFilter &filter)
{
    const QList<SearchTerm> terms = parseSearchQuery(text);
    if (postgres_text::tsquery(terms).isEmpty())
        return QList<MemoryHit>();
    const qsizetype offset = qMax(0, filter.offset);
    const qsizetype wanted = filter.limit > 0 ? offset + filter.limit : qsizetype(INT_MAX);
    const FilterSql where = filterSql(filter);
    // A session, type or folder may hold few records spread over the whole store: those are
    // ranked together, as SQLite ranks a filter's few records in one tier.
    const qint64 windowRows =
        filter.sessionId.isEmpty() && filter.type.isEmpty() && filter.pathPrefix.isEmpty() ? tierWindowRows : 0;
    // The words as typed first, as SQLite does (sqlitememorysearch.h): when they fill the page,
    // the last word is taken as the whole word it nearly always is, and the postings of every
    // word it begins (which the index merges again for each query) are not needed.
    // Both passes look at the same records: the newest id is read once.
    const Result<qint64> newestId = newestRowId(connections);
    if (newestId.hasError())
        return newestId.error();
    if (newestId.value() == 0)
        return QList<MemoryHit>();
    Result<QList<Candidate>> ranked = QList<Candidate>();
    const bool hasPrefix = terms.constLast().prefix;
    std::optional<PostgresVocabulary::Expansion> expansion;
    if (const QString prefix = prefixWord(terms); !prefix.isEmpty()) {
        Result<PostgresVocabulary::Expansion> expanded = vocabulary.expand(connections, prefix);
        if (expanded.hasError())
            return expanded.error();
        expansion = expanded.value();
    }
    // A word as typed that no record holds (the vocabulary lists every word of every row) needs
    // no search of its own: at a million records that search costs as much as the prefix's.
    const bool typedWordHeld = !expansion || expansion->completeAbove > 0 || expansion->wordListed;
    if (hasPrefix && typedWordHeld) {
        QList<SearchTerm> exact = terms;
        exact.last().prefix = false;
        ranked = rankedMatches(connections, frequencies, pairWords, std::nullopt, exact, where, newestId.value(), windowRows, wanted);
        if (ranked.hasError())
            return ranked.error();
    }
    // A last word that begins no longer word finds as a prefix what it found as typed.
    const bool prefixAddsWords = !hasPrefix || !expansion || expansion->completeAbove > 0 || !expansion->words
                                 || expansion->words->size() != 1 || !expansion->wordListed;
    if (!hasPrefix || (ranked.value().size() < wanted && prefixAddsWords)) {
        ranked = rankedMatches(connections, frequencies, pairWords, expansion, terms, where, newestId.value(), windowRows, wanted);
        if (ranked.hasError())
            return ranked.error();
    }
    const QList<Candidate> page = ranked.value().mid(offset);
    if (page.isEmpty())
        return QList<MemoryHit>();

    // Records and snippets for the hits shown only.
    QList<QByteArray> needles = postgres_text::snippetNeedles(terms);
    while (needles.size() < 3)
        needles << (needles.isEmpty() ? QByteArray(1, '\0') : needles.constFirst());
    constexpr int before = 60;
    constexpr int windowBytes = 160;
    QStringList ids;
    for (const Candidate &candidate : page)
        ids << QString::number(candidate.id);
    // Only the head of the content is searched (what the rank counts, postgresschema.h): a byte
    // search through a large log for each hit would cost more than the whole search.
    const QString sql = QStringLiteral(
                            "SELECT %3, f.found, substring(h.head FROM greatest(f.found - %1, 1) FOR %2) "
                            "FROM agent_memories m, LATERAL (SELECT substring(m.content FROM 1 FOR %4) AS head) h, "
                            "LATERAL (SELECT coalesce(least(nullif(position(CAST(? AS bytea) IN h.head), 0),"
                            "                               nullif(position(CAST(? AS bytea) IN h.head), 0),"
                            "                               nullif(position(CAST(? AS bytea) IN h.head), 0)), 0) AS found) f "
                            "WHERE m.id = ANY(CAST(? AS bigint[]))")
                            .arg(before)
                            .arg(windowBytes)
                            .arg(recordColumns())
                            .arg(postgres_schema::rankedContentBytes);
    Result<QSqlQuery *> prepared = connections.prepared(sql);
    if (prepared.hasError())
        return prepared.error();
    QSqlQuery &q = *prepared.value();
    int index = 0;
    for (const QByteArray &needle : std::as_const(needles))
        q.bindValue(index++, needle);
    q.bindValue(index++, QString(QLatin1Char('{') + ids.join(QLatin1Char(',')) + QLatin1Char('}')));
    if (!q.exec())
        return sqlError(q, Text::tr("search memories"));
    QHash<qint64, MemoryHit> found;
    while (q.next()) {
        MemoryHit hit;
        hit.record = recordFrom(q);
        const qint64 position = q.value(recordColumnCount).toLongLong();
        if (position > 0) {
            const QByteArray window = q.value(recordColumnCount + 1).toByteArray();
            const qint64 start = qMax<qint64>(position - before, 1) - 1;
            hit.snippet = postgres_text::snippetText(window, start > 0, start + window.size() < hit.record.sizeBytes);
        }
        // The words matched the summary or the path only (or not as typed).
        if (hit.snippet.isEmpty())
            hit.snippet = hit.record.summary;
        found.insert(rowIdFrom(q), std::move(hit));
    }
    q.finish();

    QList<MemoryHit> hits;
    for (const Candidate &candidate : page) {
        auto it = found.find(candidate.id);
        if (it == found.end())
            continue; // purged in between
        MemoryHit hit = std::move(it.value());
        hit.score = candidate.score;
        hits.append(std::move(hit));
    }
    return hits;
}

} // namespace valis::memory
