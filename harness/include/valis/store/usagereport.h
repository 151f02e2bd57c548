#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QDate>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace valis {

class ModelCatalog;
class SessionStore;

/// Tokens and cost over some assistant messages that carry a reported Usage.
struct VALIS_HARNESS_EXPORT UsageTotals
{
    qint64 messages = 0;          ///< assistant messages with reported usage
    qint64 inputTokens = 0;       ///< uncached input (the record's convention)
    qint64 outputTokens = 0;
    qint64 cacheReadTokens = 0;
    qint64 cacheWriteTokens = 0;
    double costUsd = 0;           ///< of the priced messages only
    qint64 unpricedMessages = 0;  ///< messages whose model or one of its prices is unknown

    /// Everything the requests sent: input + cache reads + cache writes.
    qint64 promptTokens() const { return inputTokens + cacheReadTokens + cacheWriteTokens; }
    /// cacheReadTokens / promptTokens(), 0 when nothing was sent.
    double cacheReadShare() const;
    void add(const UsageTotals &other);
    QJsonObject toJson() const;
};

/// What context compactions (CompactionEvents, routine bookkeeping left out) did in some period.
struct VALIS_HARNESS_EXPORT UsageCompactions
{
    qint64 events = 0;
    qint64 tokensSaved = 0;            ///< sum of tokensBefore - tokensAfter, per request
    qint64 cacheInvalidatedTokens = 0; ///< prefix tokens the changes made the cache write again
    double cacheCostUsd = 0;           ///< what those writes cost, where the prices were known

    void add(const UsageCompactions &other);
    QJsonObject toJson() const;
};

enum class UsageGrouping { Day, Model, Session };
/// "day", "model", "session".
VALIS_HARNESS_EXPORT QString usageGroupingName(UsageGrouping grouping);
/// False when `name` is none of usageGroupingName()'s words.
VALIS_HARNESS_EXPORT bool usageGroupingFromName(QStringView name, UsageGrouping *grouping);

/// Parses a --since value: "YYYY-MM-DD" (a local date), "Nd" (the last N days, today
/// included, N >= 1) or "all" (an invalid QDate: no limit). Errors: "usage.bad-since".
VALIS_HARNESS_EXPORT Result<QDate> parseUsageSince(const QString &text, const QDate &today);

/// One row of a grouped report: a day ("2026-11-27"), a model ("anthropic/claude-sonnet-4-5",
/// or the name as recorded when the catalogue does not know it) or a session (its id).
struct VALIS_HARNESS_EXPORT UsageGroup
{
    QString key;
    QString label;        ///< the session's title for sessions, else the key
    QString originKind;   ///< sessions only: "valis", "claude-code", "codex", ...
    UsageTotals totals;
    UsageCompactions compactions; ///< by day and by session; models have none
};

/// The finest cell the report keeps: one (local day, model, session).
struct VALIS_HARNESS_EXPORT UsageCell
{
    QDate day;
    QString model;
    QString sessionId;
    UsageTotals totals;
};

/// Usage and cost over a SessionStore: every assistant message with a reported Usage (Valis's
/// own and imported ones alike), priced per message with the ModelCatalog (so long-context
/// prices apply per request), by local day of createdAt, model and session; and the sessions'
/// CompactionEvents with what they saved.
///
/// build() reads the store's database through a read-only connection of its own, in one
/// streamed pass per table part (the usage and event fields are extracted by SQLite, no message
/// is loaded), so it runs on any thread, beside a SessionStore open elsewhere. A report is a
/// plain value.
class VALIS_HARNESS_EXPORT UsageReport
{
public:
    /// Messages from `since` (a local date; invalid: all) on.
    static Result<UsageReport> build(const QString &storePath, const ModelCatalog &catalog, const QDate &since = {});
    static Result<UsageReport> build(const SessionStore &store, const ModelCatalog &catalog, const QDate &since = {});

    QDate since() const { return m_since; }
    UsageTotals totals() const;
    UsageCompactions compactions() const;
    /// Days ascending (only days with usage or compactions); models and sessions by cost, then
    /// tokens, descending.
    QList<UsageGroup> groups(UsageGrouping grouping) const;
    QList<UsageCell> cells() const { return m_cells; }

    /// {since, by, totals, compactions, groups: [{key, label, ...totals, compactions}],
    ///  cacheReadShareByDay: [{day, share}]}: what `valis-cli usage --json` prints.
    QJsonObject toJson(UsageGrouping grouping) const;

private:
    struct SessionFacts
    {
        QString title;
        QString originKind;
    };
    QDate m_since;
    QList<UsageCell> m_cells;
    QHash<QDate, UsageCompactions> m_compactionsByDay;
    QHash<QString, UsageCompactions> m_compactionsBySession;
    QHash<QString, SessionFacts> m_sessions;

    friend class UsageReportBuilder;
};

} // namespace valis
