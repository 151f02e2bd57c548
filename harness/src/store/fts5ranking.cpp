#include "store/fts5ranking.h"

#include <QCoreApplication>
#include <QSqlDriver>
#include <QVariant>

#include <sqlite3.h>

#include <cmath>
#include <cstring>
#include <vector>

namespace valis::store {

namespace {

// Layout of the blob valis_stats returns: int64 index rows, int64 index tokens, int64 row tokens,
// then one int32 per phrase.
void valisStats(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int, sqlite3_value **)
{
    const int phrases = api->xPhraseCount(fts);
    std::vector<char> blob(3 * sizeof(qint64) + size_t(phrases) * sizeof(qint32), 0);
    sqlite3_int64 indexRows = 0;
    sqlite3_int64 indexTokens = 0;
    int rowTokens = 0;
    int instances = 0;
    if (api->xRowCount(fts, &indexRows) != SQLITE_OK || api->xColumnTotalSize(fts, -1, &indexTokens) != SQLITE_OK
        || api->xColumnSize(fts, -1, &rowTokens) != SQLITE_OK || api->xInstCount(fts, &instances) != SQLITE_OK) {
        sqlite3_result_error(context, "valis_stats: cannot read the row's statistics", -1);
        return;
    }
    std::vector<qint32> hits(size_t(phrases), 0);
    for (int i = 0; i < instances; ++i) {
        int phrase = 0;
        int column = 0;
        int offset = 0;
        if (api->xInst(fts, i, &phrase, &column, &offset) == SQLITE_OK && phrase >= 0 && phrase < phrases)
            ++hits[size_t(phrase)];
    }
    const qint64 header[3] = {indexRows, indexTokens, rowTokens};
    std::memcpy(blob.data(), header, sizeof(header));
    if (phrases > 0)
        std::memcpy(blob.data() + sizeof(header), hits.data(), hits.size() * sizeof(qint32));
    sqlite3_result_blob(context, blob.data(), int(blob.size()), SQLITE_TRANSIENT);
}

Error rankingError(const QString &detail)
{
    return Error(QStringLiteral("store.open-failed"),
                 QCoreApplication::translate("valis::SessionStore", "cannot set up transcript ranking: %1").arg(detail));
}

} // namespace

RowStats RowStats::fromBlob(const QByteArray &blob)
{
    RowStats stats;
    if (blob.size() < qsizetype(3 * sizeof(qint64)))
        return stats;
    qint64 header[3];
    std::memcpy(header, blob.constData(), sizeof(header));
    stats.indexRows = header[0];
    stats.indexTokens = header[1];
    stats.rowTokens = header[2];
    const qsizetype phrases = (blob.size() - qsizetype(sizeof(header))) / qsizetype(sizeof(qint32));
    for (qsizetype i = 0; i < phrases; ++i) {
        qint32 hits = 0;
        std::memcpy(&hits, blob.constData() + sizeof(header) + size_t(i) * sizeof(qint32), sizeof(hits));
        stats.phraseHits.append(hits);
    }
    return stats;
}

Result<fts5_api *> fts5ApiOf(const QSqlDatabase &db)
{
    const QVariant handle = db.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return rankingError(QStringLiteral("the SQL driver is not SQLite"));
    sqlite3 *connection = *static_cast<sqlite3 *const *>(handle.constData());
    fts5_api *api = nullptr;
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v2(connection, "SELECT fts5(?1)", -1, &statement, nullptr) != SQLITE_OK)
        return rankingError(QString::fromUtf8(sqlite3_errmsg(connection)));
    sqlite3_bind_pointer(statement, 1, static_cast<void *>(&api), "fts5_api_ptr", nullptr);
    sqlite3_step(statement);
    sqlite3_finalize(statement);
    if (!api || api->iVersion < 2)
        return rankingError(QStringLiteral("SQLite was built without FTS5"));
    return api;
}

Result<void> registerRankingFunction(const QSqlDatabase &db)
{
    Result<fts5_api *> api = fts5ApiOf(db);
    if (!api.ok())
        return api.error();
    if (api.value()->xCreateFunction(api.value(), "valis_stats", nullptr, &valisStats, nullptr) != SQLITE_OK)
        return rankingError(QStringLiteral("cannot register valis_stats"));
    return success();
}

QList<double> bm25Scores(const QList<RowStats> &rows, qint64 span)
{
    // The constants and the IDF floor are FTS5's own, so a complete list scores as bm25() does.
    constexpr double k1 = 1.2;
    constexpr double b = 0.75;
    QList<double> scores;
    if (rows.isEmpty())
        return scores;
    const RowStats &first = rows.first();
    const double indexRows = double(qMax<qint64>(1, first.indexRows));
    const double averageTokens = double(first.indexTokens) / indexRows;
    const qsizetype phrases = first.phraseHits.size();
    QList<double> idf(phrases, 0.0);
    for (qsizetype phrase = 0; phrase < phrases; ++phrase) {
        double withPhrase = 0;
        for (const RowStats &row : rows)
            withPhrase += row.phraseHits.value(phrase) > 0 ? 1 : 0;
        // Rows drawn from `span` index rows stand for the whole index in proportion.
        const double documents = qMin(indexRows, withPhrase * indexRows / double(qMax<qint64>(1, span)));
        const double value = std::log((indexRows - documents + 0.5) / (documents + 0.5));
        idf[phrase] = value <= 0.0 ? 1e-6 : value;
    }
    scores.reserve(rows.size());
    for (const RowStats &row : rows) {
        double score = 0;
        const double lengthFactor = 1.0 - b + b * double(row.rowTokens) / qMax(1.0, averageTokens);
        for (qsizetype phrase = 0; phrase < phrases; ++phrase) {
            const double hits = row.phraseHits.value(phrase);
            score += idf[phrase] * hits * (k1 + 1.0) / (hits + k1 * lengthFactor);
        }
        scores.append(-score);
    }
    return scores;
}

} // namespace valis::store
