#include "valis/context/historystrategies.h"

#include "valis/plugins/contextstrategy.h"

#include <QCoreApplication>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::HistoryStrategies)
};
} // namespace

QStringList HistoryStrategies::names()
{
    return {regular(), gradient(), oneshot()};
}

QStringList HistoryStrategies::installed() const
{
    QStringList names;
    for (const QString &name : HistoryStrategies::names()) {
        if (available.contains(name))
            names.append(name);
    }
    return names;
}

Result<QList<ContextStrategy *>> HistoryStrategies::strategiesFor(const QString &name) const
{
    const auto found = available.constFind(name);
    if (found != available.cend())
        return found.value();
    const QString choices = installed().isEmpty() ? Text::tr("none") : installed().join(QStringLiteral(", "));
    if (names().contains(name)) {
        return Error(QStringLiteral("context.unknown-history"),
                     Text::tr("the history strategy \"%1\" needs the context strategy plugin \"%1\", which is not "
                              "installed (installed history strategies: %2)")
                         .arg(name, choices));
    }
    return Error(QStringLiteral("context.unknown-history"),
                 Text::tr("there is no history strategy \"%1\" (installed history strategies: %2)").arg(name, choices));
}

HistoryStrategies HistoryStrategies::from(const QList<ContextStrategy *> &regularStrategies,
                                          const QList<ContextStrategy *> &offered)
{
    HistoryStrategies history;
    history.available.insert(regular(), regularStrategies);
    for (ContextStrategy *strategy : offered) {
        const QString id = strategy->id();
        if ((id == gradient() || id == oneshot()) && !history.available.contains(id))
            history.available.insert(id, {strategy});
    }
    return history;
}

} // namespace valis
