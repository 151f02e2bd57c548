#include "valis/store/usagereport.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/record/message.h"
#include "valis/store/sessionstore.h"

#include "store/sqlutil.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTimeZone>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::UsageReport)
};

QJsonValue shareValue(double share)
{
    // Four decimals: enough for a percentage with two, and stable text for scripts.
    return std::round(share * 10000.0) / 10000.0;
}

/// Local dates of the record's UTC timestamps. Time zones change their offset at minute
/// boundaries at the finest, so the first 16 characters ("yyyy-MM-ddTHH:mm") decide the date;
/// consecutive messages mostly share them, which spares a QDateTime parse per message.
class LocalDays
{
public:
    QDate dayOf(const QString &timestamp)
    {
        if (timestamp.size() < 16)
            return {};
        const QStringView minute = QStringView(timestamp).left(16);
        if (minute == m_lastMinute)
            return m_lastDay;
        const QDateTime time = QDateTime::fromString(timestamp, Qt::ISODateWithMs);
        m_lastMinute = minute.toString();
        m_lastDay = time.isValid() ? time.toLocalTime().date() : QDate();
        return m_lastDay;
    }

private:
    QString m_lastMinute;
    QDate m_lastDay;
};

/// The catalogue's answer per recorded model name, looked up once per name.
class ModelKeys
{
public:
    explicit ModelKeys(const ModelCatalog &catalog) : m_catalog(catalog) {}

    struct Entry
    {
        QString key;
        ModelInfo model;
    };

    const Entry &entry(const QString &name)
    {
        auto found = m_entries.constFind(name);
        if (found != m_entries.cend())
            return found.value();
        const ModelMatch match = m_catalog.lookup(name);
        Entry entry;
        entry.model = match.model;
        if (match.isKnown())
            entry.key = match.model.provider.isEmpty() ? match.model.id : match.model.provider + QLatin1Char('/') + match.model.id;
        else
            entry.key = name.isEmpty() ? QStringLiteral("unknown") : name;
        return m_entries.insert(name, entry).value();
    }

private:
    const ModelCatalog &m_catalog;
    QHash<QString, Entry> m_entries;
};

qint64 tokens(const QVariant &value)
{
    return value.isNull() ? -1 : value.toLongLong();
}

QString uniqueConnectionName()
{
    static QAtomicInteger<quint64> counter;
    return QStringLiteral("valis-usage-%1").arg(counter.fetchAndAddRelaxed(1));
}

} // namespace

/// Fills a UsageReport from an open database; a friend, so the report stays a plain value.
class UsageReportBuilder
{
public:
    UsageReportBuilder(QSqlDatabase db, const ModelCatalog &catalog, const QDate &since)
        : m_db(std::move(db)), m_models(catalog)
    {
        m_report.m_since = since;
        if (since.isValid())
            m_sinceUtc = since.startOfDay().toUTC().toString(Qt::ISODateWithMs);
    }

    Result<UsageReport> run()
    {
        if (Result<void> sessions = readSessions(); sessions.hasError())
            return sessions.error();
        if (Result<void> usage = readUsage(); usage.hasError())
            return usage.error();
        if (Result<void> events = readCompactions(); events.hasError())
            return events.error();
        m_report.m_cells.reserve(m_cells.size());
        for (auto it = m_cells.cbegin(); it != m_cells.cend(); ++it)
            m_report.m_cells.append(it.value());
        std::sort(m_report.m_cells.begin(), m_report.m_cells.end(), [](const UsageCell &a, const UsageCell &b) {
            return std::tie(a.day, a.model, a.sessionId) < std::tie(b.day, b.model, b.sessionId);
        });
        return m_report;
    }

private:
    Result<void> readSessions()
    {
        QSqlQuery query(m_db);
        query.setForwardOnly(true);
        if (!query.exec(QStringLiteral("SELECT uid, title, origin_kind FROM sessions")))
            return store::sqlError(query, Text::tr("read the sessions"));
        while (query.next())
            m_report.m_sessions.insert(query.value(0).toString(), {query.value(1).toString(), query.value(2).toString()});
        return {};
    }

    /// One forward pass over the assistant messages that carry usage; SQLite extracts the four
    /// counts, so no record JSON is parsed here.
    Result<void> readUsage()
    {
        QSqlQuery query(m_db);
        query.setForwardOnly(true);
        QString sql = QStringLiteral(
            "SELECT coalesce(nullif(m.created_at, ''), s.created_at), coalesce(nullif(m.model, ''), s.model), s.uid, "
            "json_extract(m.usage, '$.input_tokens'), json_extract(m.usage, '$.output_tokens'), "
            "json_extract(m.usage, '$.cache_write_tokens'), json_extract(m.usage, '$.cache_read_tokens') "
            "FROM messages m JOIN sessions s ON s.id = m.session_id "
            "WHERE m.role = 'assistant' AND m.usage IS NOT NULL");
        if (!m_sinceUtc.isEmpty())
            sql += QStringLiteral(" AND coalesce(nullif(m.created_at, ''), s.created_at) >= ?");
        if (!query.prepare(sql))
            return store::sqlError(query, Text::tr("read the usage"));
        if (!m_sinceUtc.isEmpty())
            query.addBindValue(m_sinceUtc);
        if (!query.exec())
            return store::sqlError(query, Text::tr("read the usage"));
        while (query.next()) {
            Usage usage;
            usage.inputTokens = tokens(query.value(3));
            usage.outputTokens = tokens(query.value(4));
            usage.cacheWriteTokens = tokens(query.value(5));
            usage.cacheReadTokens = tokens(query.value(6));
            if (usage.isEmpty())
                continue;
            const QDate day = m_days.dayOf(query.value(0).toString());
            const ModelKeys::Entry &model = m_models.entry(query.value(1).toString());
            const QString sessionId = query.value(2).toString();
            UsageTotals one;
            one.messages = 1;
            one.inputTokens = qMax<qint64>(usage.inputTokens, 0);
            one.outputTokens = qMax<qint64>(usage.outputTokens, 0);
            one.cacheWriteTokens = qMax<qint64>(usage.cacheWriteTokens, 0);
            one.cacheReadTokens = qMax<qint64>(usage.cacheReadTokens, 0);
            if (const std::optional<double> cost = costOf(model.model, usage).total())
                one.costUsd = *cost;
            else
                one.unpricedMessages = 1;
            UsageCell &cell = m_cells[CellKey{day, model.key, sessionId}];
            if (cell.sessionId.isEmpty()) {
                cell.day = day;
                cell.model = model.key;
                cell.sessionId = sessionId;
            }
            cell.totals.add(one);
        }
        return {};
    }

    /// The CompactionEvents (System messages with metadata.valis.compaction), their figures
    /// extracted by SQLite: the edits and replacement messages they carry are never read.
    Result<void> readCompactions()
    {
        QSqlQuery query(m_db);
        query.setForwardOnly(true);
        QString sql = QStringLiteral(
            "SELECT coalesce(nullif(m.created_at, ''), s.created_at), s.uid, "
            "json_extract(m.metadata, '$.valis.compaction.tokensBefore'), "
            "json_extract(m.metadata, '$.valis.compaction.tokensAfter'), "
            "json_extract(m.metadata, '$.valis.compaction.cacheInvalidatedTokens'), "
            "json_extract(m.metadata, '$.valis.compaction.cacheCostUsd'), "
            "json_extract(m.metadata, '$.valis.compaction.state.routine') "
            "FROM messages m JOIN sessions s ON s.id = m.session_id "
            "WHERE m.role = 'system' AND m.metadata IS NOT NULL "
            "AND json_type(m.metadata, '$.valis.compaction') = 'object'");
        if (!m_sinceUtc.isEmpty())
            sql += QStringLiteral(" AND coalesce(nullif(m.created_at, ''), s.created_at) >= ?");
        if (!query.prepare(sql))
            return store::sqlError(query, Text::tr("read the compactions"));
        if (!m_sinceUtc.isEmpty())
            query.addBindValue(m_sinceUtc);
        if (!query.exec())
            return store::sqlError(query, Text::tr("read the compactions"));
        while (query.next()) {
            if (query.value(6).toInt() != 0)
                continue; // routine bookkeeping, not a compaction
            UsageCompactions one;
            one.events = 1;
            const qint64 before = tokens(query.value(2));
            const qint64 after = tokens(query.value(3));
            if (before >= 0 && after >= 0)
                one.tokensSaved = before - after;
            one.cacheInvalidatedTokens = qMax<qint64>(tokens(query.value(4)), 0);
            if (!query.value(5).isNull())
                one.cacheCostUsd = query.value(5).toDouble();
            const QDate day = m_days.dayOf(query.value(0).toString());
            m_report.m_compactionsByDay[day].add(one);
            m_report.m_compactionsBySession[query.value(1).toString()].add(one);
        }
        return {};
    }

    struct CellKey
    {
        QDate day;
        QString model;
        QString session;
        bool operator==(const CellKey &other) const = default;
    };
    friend size_t qHash(const CellKey &key, size_t seed) noexcept
    {
        return qHashMulti(seed, key.day, key.model, key.session);
    }

    QSqlDatabase m_db;
    ModelKeys m_models;
    LocalDays m_days;
    QString m_sinceUtc;
    QHash<CellKey, UsageCell> m_cells;
    UsageReport m_report;
};

double UsageTotals::cacheReadShare() const
{
    const qint64 prompt = promptTokens();
    return prompt > 0 ? double(cacheReadTokens) / double(prompt) : 0.0;
}

void UsageTotals::add(const UsageTotals &other)
{
    messages += other.messages;
    inputTokens += other.inputTokens;
    outputTokens += other.outputTokens;
    cacheReadTokens += other.cacheReadTokens;
    cacheWriteTokens += other.cacheWriteTokens;
    costUsd += other.costUsd;
    unpricedMessages += other.unpricedMessages;
}

QJsonObject UsageTotals::toJson() const
{
    return {{QStringLiteral("messages"), messages},
            {QStringLiteral("inputTokens"), inputTokens},
            {QStringLiteral("outputTokens"), outputTokens},
            {QStringLiteral("cacheReadTokens"), cacheReadTokens},
            {QStringLiteral("cacheWriteTokens"), cacheWriteTokens},
            {QStringLiteral("promptTokens"), promptTokens()},
            {QStringLiteral("cacheReadShare"), shareValue(cacheReadShare())},
            {QStringLiteral("costUsd"), costUsd},
            {QStringLiteral("unpricedMessages"), unpricedMessages}};
}

void UsageCompactions::add(const UsageCompactions &other)
{
    events += other.events;
    tokensSaved += other.tokensSaved;
    cacheInvalidatedTokens += other.cacheInvalidatedTokens;
    cacheCostUsd += other.cacheCostUsd;
}

QJsonObject UsageCompactions::toJson() const
{
    return {{QStringLiteral("events"), events},
            {QStringLiteral("tokensSaved"), tokensSaved},
            {QStringLiteral("cacheInvalidatedTokens"), cacheInvalidatedTokens},
            {QStringLiteral("cacheCostUsd"), cacheCostUsd}};
}

QString usageGroupingName(UsageGrouping grouping)
{
    switch (grouping) {
    case UsageGrouping::Day: return QStringLiteral("day");
    case UsageGrouping::Model: return QStringLiteral("model");
    case UsageGrouping::Session: return QStringLiteral("session");
    }
    return {};
}

bool usageGroupingFromName(QStringView name, UsageGrouping *grouping)
{
    for (UsageGrouping candidate : {UsageGrouping::Day, UsageGrouping::Model, UsageGrouping::Session}) {
        if (name == usageGroupingName(candidate)) {
            *grouping = candidate;
            return true;
        }
    }
    return false;
}

Result<QDate> parseUsageSince(const QString &text, const QDate &today)
{
    const QString value = text.trimmed();
    if (value == QLatin1String("all"))
        return QDate();
    static const QRegularExpression days(QStringLiteral("^(\\d{1,5})d$"));
    if (const QRegularExpressionMatch match = days.match(value); match.hasMatch()) {
        const int count = match.captured(1).toInt();
        if (count >= 1)
            return today.addDays(1 - count);
    } else {
        const QDate date = QDate::fromString(value, Qt::ISODate);
        if (date.isValid() && value.size() == 10)
            return date;
    }
    return Error(QStringLiteral("usage.bad-since"),
                 Text::tr("\"%1\" is not a date: use YYYY-MM-DD, a number of days such as 7d or 30d, or all")
                     .arg(text));
}

Result<UsageReport> UsageReport::build(const SessionStore &store, const ModelCatalog &catalog, const QDate &since)
{
    return build(store.path(), catalog, since);
}

Result<UsageReport> UsageReport::build(const QString &storePath, const ModelCatalog &catalog, const QDate &since)
{
    if (!QFileInfo::exists(storePath))
        return Error(QStringLiteral("store.open-failed"), Text::tr("there is no session database here"), storePath);
    const QString name = uniqueConnectionName();
    Result<UsageReport> result = Error();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(storePath);
        // Read-only and beside any writer: WAL lets this read a consistent snapshot.
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=5000"));
        if (!db.open()) {
            result = Error(QStringLiteral("store.open-failed"), Text::tr("cannot open the database"), storePath);
        } else {
            // One snapshot for the three reads, so totals and compactions agree.
            store::exec(db, QStringLiteral("BEGIN")).ok();
            result = UsageReportBuilder(db, catalog, since).run();
            store::exec(db, QStringLiteral("COMMIT")).ok();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return result;
}

UsageTotals UsageReport::totals() const
{
    UsageTotals all;
    for (const UsageCell &cell : m_cells)
        all.add(cell.totals);
    return all;
}

UsageCompactions UsageReport::compactions() const
{
    UsageCompactions all;
    for (const UsageCompactions &day : m_compactionsByDay)
        all.add(day);
    return all;
}

QList<UsageGroup> UsageReport::groups(UsageGrouping grouping) const
{
    QHash<QString, UsageGroup> byKey;
    const auto keyOf = [grouping](const UsageCell &cell) {
        switch (grouping) {
        case UsageGrouping::Day: return cell.day.toString(Qt::ISODate);
        case UsageGrouping::Model: return cell.model;
        case UsageGrouping::Session: return cell.sessionId;
        }
        return QString();
    };
    for (const UsageCell &cell : m_cells) {
        UsageGroup &group = byKey[keyOf(cell)];
        group.totals.add(cell.totals);
    }
    if (grouping == UsageGrouping::Day) {
        for (auto it = m_compactionsByDay.cbegin(); it != m_compactionsByDay.cend(); ++it)
            byKey[it.key().toString(Qt::ISODate)].compactions = it.value();
    } else if (grouping == UsageGrouping::Session) {
        for (auto it = m_compactionsBySession.cbegin(); it != m_compactionsBySession.cend(); ++it)
            byKey[it.key()].compactions = it.value();
    }
    QList<UsageGroup> list;
    list.reserve(byKey.size());
    for (auto it = byKey.begin(); it != byKey.end(); ++it) {
        UsageGroup group = it.value();
        group.key = it.key();
        group.label = group.key;
        if (grouping == UsageGrouping::Session) {
            const SessionFacts facts = m_sessions.value(group.key);
            if (!facts.title.isEmpty())
                group.label = facts.title;
            group.originKind = facts.originKind;
        }
        list.append(group);
    }
    if (grouping == UsageGrouping::Day) {
        std::sort(list.begin(), list.end(), [](const UsageGroup &a, const UsageGroup &b) { return a.key < b.key; });
    } else {
        std::sort(list.begin(), list.end(), [](const UsageGroup &a, const UsageGroup &b) {
            if (a.totals.costUsd != b.totals.costUsd)
                return a.totals.costUsd > b.totals.costUsd;
            const qint64 aTokens = a.totals.promptTokens() + a.totals.outputTokens;
            const qint64 bTokens = b.totals.promptTokens() + b.totals.outputTokens;
            if (aTokens != bTokens)
                return aTokens > bTokens;
            return a.key < b.key;
        });
    }
    return list;
}

QJsonObject UsageReport::toJson(UsageGrouping grouping) const
{
    QJsonArray groupList;
    for (const UsageGroup &group : groups(grouping)) {
        QJsonObject object = group.totals.toJson();
        object.insert(QStringLiteral("key"), group.key);
        object.insert(QStringLiteral("label"), group.label);
        if (!group.originKind.isEmpty())
            object.insert(QStringLiteral("originKind"), group.originKind);
        if (grouping != UsageGrouping::Model)
            object.insert(QStringLiteral("compactions"), group.compactions.toJson());
        groupList.append(object);
    }
    QJsonArray shares;
    for (const UsageGroup &day : groups(UsageGrouping::Day)) {
        if (day.totals.promptTokens() > 0)
            shares.append(QJsonObject{{QStringLiteral("day"), day.key},
                                      {QStringLiteral("share"), shareValue(day.totals.cacheReadShare())}});
    }
    return {{QStringLiteral("since"), m_since.isValid() ? QJsonValue(m_since.toString(Qt::ISODate)) : QJsonValue()},
            {QStringLiteral("by"), usageGroupingName(grouping)},
            {QStringLiteral("totals"), totals().toJson()},
            {QStringLiteral("compactions"), compactions().toJson()},
            {QStringLiteral("groups"), groupList},
            {QStringLiteral("cacheReadShareByDay"), shares}};
}

} // namespace valis
