#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace valis {

class ContextStrategy;
struct SessionConfig;

/// Which context strategies a session uses and how they are tuned (config/context.json):
///
///     {"version": 1,
///      "strategies": ["progressive"],
///      "history": "regular",
///      "settings": {"progressive": {"offloadTokens": 20000, "evictAt": 0.85, "evictTo": 0.6}},
///      "models": {"claude-haiku-4-5": {"progressive": {"evictAt": 0.8}}}}
///
/// A missing file means these defaults (the "progressive" strategy with its own defaults). A
/// session's settings are the strategy's defaults, then "settings", then the model's entry
/// (matched by the exact model id the session uses, then by prefix), then what the session
/// itself asks for (valis-cli run --context KEY=VALUE).
struct VALIS_HARNESS_EXPORT ContextSettings
{
    QStringList strategies{QStringLiteral("progressive")};
    /// The history strategy of new sessions ("regular", "gradient", "oneshot"; see
    /// HistoryStrategies); empty: regular. A session keeps the one it recorded.
    QString history;
    QHash<QString, QJsonObject> settings;                      ///< strategy id -> settings
    QHash<QString, QHash<QString, QJsonObject>> modelSettings; ///< model -> strategy id -> settings

    /// Reads `path`; a missing file gives the defaults, a malformed one an error naming the field
    /// ("context-settings.malformed"), one from a newer Valis is refused and left as it is.
    static Result<ContextSettings> load(const QString &path);
    Result<void> save(const QString &path) const;

    /// The strategies of `available` this session uses, in the configured order. A configured id
    /// no plugin offers is reported in `warnings` (and skipped).
    QList<ContextStrategy *> select(const QList<ContextStrategy *> &available, QList<Error> *warnings) const;
    /// The settings of each selected strategy for `model`, with `sessionOverrides` (strategy id ->
    /// settings) on top.
    QHash<QString, QJsonObject> settingsFor(const QString &model,
                                            const QHash<QString, QJsonObject> &sessionOverrides = {}) const;
    /// What each of `selected` runs with for `model`: its defaultSettings() with settingsFor()
    /// on top (what `valis-cli context --settings` prints and the desktop's gauge marks).
    QHash<QString, QJsonObject> effectiveSettings(const QList<ContextStrategy *> &selected, const QString &model) const;
    /// Sets `config`'s strategies and their settings for its model, the history strategies it
    /// may switch between and the default of new sessions; returns what could not be honoured
    /// (a strategy no plugin offers).
    QList<Error> apply(const QList<ContextStrategy *> &available, const QHash<QString, QJsonObject> &sessionOverrides,
                       SessionConfig *config) const;
};

/// Parses "key=value" overrides (valis-cli run --context) for the strategy `strategyId`
/// ("evictAt=0.8" sets {"evictAt": 0.8}; "progressive.evictAt=0.8" names the strategy):
/// numbers, true/false and JSON arrays are typed, anything else is a string.
VALIS_HARNESS_EXPORT Result<QHash<QString, QJsonObject>> parseContextOverrides(const QStringList &assignments,
                                                                             const QString &defaultStrategy);

} // namespace valis
