#include "historylabels.h"

#include <QCoreApplication>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::HistoryLabels)
};
} // namespace

QString historyStrategyLabel(const QString &name)
{
    if (name == QLatin1String("regular"))
        return Text::tr("Regular history");
    if (name == QLatin1String("gradient"))
        return Text::tr("Gradient history");
    if (name == QLatin1String("oneshot"))
        return Text::tr("One-shot history");
    return name;
}

QString historyStrategyDescription(const QString &name)
{
    if (name == QLatin1String("regular"))
        return Text::tr("The configured context strategies: old tool output becomes pointers, the oldest turns a summary "
                        "once the window fills up");
    if (name == QLatin1String("gradient"))
        return Text::tr("Recent turns whole, older ones smoothed, compressed or a sentence each, so hundreds of turns "
                        "stay visible; the model can ask for any turn back");
    if (name == QLatin1String("oneshot"))
        return Text::tr("Only the current task, the plan and the progress ledger: for a worker that should not carry "
                        "the planner's history");
    return QString();
}

} // namespace valis
