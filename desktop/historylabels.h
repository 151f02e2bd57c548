#pragma once

#include <QString>

namespace valis {

/// What the shell calls a history strategy ("regular", "gradient", "oneshot"; see
/// HistoryStrategies): a short name for selectors, and a sentence for their tool tips.
QString historyStrategyLabel(const QString &name);
QString historyStrategyDescription(const QString &name);

} // namespace valis
