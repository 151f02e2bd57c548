#pragma once

#include "valis/plugins/contextstrategy.h"

namespace valis {

/// The compression gradient: every completed turn is shown at one of four fidelities (R the
/// record, S smoothed, C compressed, T tiny; see TurnLevel), recent turns raw, older ones
/// smoothed, then compressed, the oldest tiny, inside a budget that is a share of the window.
///
/// Each build:
/// 1. offloads huge tool results (as progressive does), so an R turn never carries 200 KB;
/// 2. tags each new turn's request `<T-n-R>` (one recorded edit of a message not yet cached);
/// 3. shows get_turn's answers as a one-line stub in their turn, and in full on an
///    announcement board after the cached prefix for `boardTurns` turns (StrategyReport::board:
///    made from the record every build, never stored), so looking back never invalidates the
///    cached prefix;
/// 4. every `recalculateEvery` turns (and only then, or when the request would overflow), lays
///    the bands out again (gradient::layoutTurns) and replaces the whole shortened history with
///    one message of tagged turns, `<T-183-C>…</T-183-C>`, runs of tiny turns merged as
///    `<T-50-through-100-T>…</T-50-through-100-T>`: one prefix invalidation, recorded with its
///    cache cost. Between recalculations the prefix is byte-identical.
/// Versions come from StrategyContext::turnVersions (stored model versions) or, without one, are
/// made extractively. Pins and the progress ledger of what was shortened are carried verbatim.
class GradientStrategy : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("gradient"); }
    QJsonObject defaultSettings() const override;
    QString systemPromptSection() const override;
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &context) override;

    /// The tool whose answers go on the board.
    static QString getTurnTool() { return QStringLiteral("get_turn"); }
    /// Ids of the messages that stand for the shortened history start with this.
    static QString historyIdPrefix() { return QStringLiteral("ctx-gradient-"); }
};

} // namespace valis
