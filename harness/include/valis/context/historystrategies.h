#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace valis {

class ContextStrategy;

/// The history strategies a session can use and switch between, each a list of context
/// strategies run in order: "regular" (config/context.json's strategies, progressive by
/// default), "gradient" (the plugin "gradient": recent turns raw, older ones at lower fidelity)
/// and "oneshot" (the plugin "oneshot": the task, the plan and the progress ledger only).
/// Built by whoever assembles a SessionConfig (ContextSettings::apply()); the Session resolves
/// names with it (SessionConfig::historyStrategy, Session::setHistoryStrategy()).
struct VALIS_HARNESS_EXPORT HistoryStrategies
{
    static QString regular() { return QStringLiteral("regular"); }
    static QString gradient() { return QStringLiteral("gradient"); }
    static QString oneshot() { return QStringLiteral("oneshot"); }
    /// Every name Valis knows, in the order they are offered.
    static QStringList names();

    /// Name -> strategies, for the names whose plugins are installed.
    QHash<QString, QList<ContextStrategy *>> available;

    bool contains(const QString &name) const { return available.contains(name); }
    /// The installed names, in names() order.
    QStringList installed() const;
    /// The strategies of `name`; "context.unknown-history" (naming what is installed) for a
    /// name Valis does not know or whose plugin is missing.
    Result<QList<ContextStrategy *>> strategiesFor(const QString &name) const;

    /// "regular" is `regular`; "gradient" and "oneshot" are the strategy of that id among
    /// `offered` (every strategy the plugins offer), when one is.
    static HistoryStrategies from(const QList<ContextStrategy *> &regular, const QList<ContextStrategy *> &offered);
};

} // namespace valis
