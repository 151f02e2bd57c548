#pragma once

#include "progressivesettings.h"
#include "valis/plugins/contextstrategy.h"

#include <QHash>
#include <QSet>

namespace valis::progressive {

/// The view one apply() works on, with the request's token count kept up to date as parts are
/// replaced (only what changes is counted again), and the edits made so far.
class WorkingView
{
public:
    WorkingView(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &context,
                const ProgressiveSettings &settings);

    QList<Message> &messages() { return m_view; }
    const StrategyBudget &budget() const { return m_budget; }
    const StrategyContext &context() const { return m_context; }
    const ProgressiveSettings &settings() const { return m_settings; }
    qint64 window() const { return m_budget.contextWindow; }
    /// The whole request: view, system prompt, tools, correction.
    qint64 requestTokens() const { return m_total + m_budget.fixedTokens + m_budget.correction; }

    /// Tokens of one part as the pipeline counts it (inside a message of its own).
    qint64 partTokens(const Part &part) const;
    /// Replaces message `index`'s part `partIndex` with `part` and returns the edit that records
    /// it (item, pointer and token figures filled in).
    ViewEdit replacePart(int index, int partIndex, const Part &part, const QString &item, const QString &pointer);
    /// Replaces the view from its start through message `last` with `messages`.
    ViewEdit replacePrefix(int last, const QList<Message> &messages, const QString &pointer);

    /// Whether this strategy already replaced the part (from its recorded history).
    bool wasReplaced(const QString &messageId, int partIndex) const;
    /// Tools whose results never move.
    bool keepsResults(const QString &toolName) const;

private:
    QList<Message> &m_view;
    const StrategyBudget &m_budget;
    const StrategyContext &m_context;
    const ProgressiveSettings &m_settings;
    qint64 m_total = 0;
    mutable std::optional<QSet<QString>> m_replaced;
};

} // namespace valis::progressive
