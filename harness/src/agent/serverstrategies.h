#pragma once

#include "valis/context/compactionevent.h"
#include "valis/record/message.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace valis {

struct ModelInfo;

/// The host's side of server-side context strategies (a provider edits the context it receives,
/// e.g. Anthropic's context editing and compaction): what a request carries for them, and how
/// what the provider reports it did becomes CompactionEvents of the strategy that asked.
namespace serverstrategies {

/// `base` (the session's provider options) with `strategyOptions` (ContextView::providerOptions
/// of the provider's wire family) merged in: "betas" arrays are joined (each name once), the
/// "edits" of a "context_management" object are joined (a strategy's edit replaces one of the
/// same type), anything else the strategy says wins.
QJsonObject mergeOptions(const QJsonObject &base, const QJsonObject &strategyOptions);

/// The CompactionEvents for a provider's ContextEdited `details` (ProviderEvent), one per edit,
/// each under the strategy among `strategyOptions` (ContextView::strategyProviderOptions) whose
/// options name the edit's type ("provider" when none does). `usage` is the answer's: the
/// request's prompt tokens after the edit; tokens before add what the provider says it cleared
/// (or, for a compaction, the prompt its summary call read). A compaction's own call is in
/// state.summaryCall, as a strategy's summary would be.
QList<CompactionEvent> eventsFor(const QJsonObject &details, const QHash<QString, QJsonObject> &strategyOptions,
                                 const Usage &usage, const ModelInfo &model, int turn);

/// The usage of the provider's own summary call in `details` (compactionUsage); empty when none.
Usage compactionUsage(const QJsonObject &details);

} // namespace serverstrategies
} // namespace valis
