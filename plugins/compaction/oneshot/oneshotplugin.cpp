// The one-shot history strategy as a plugin (see oneshotstrategy.h).
#include "oneshotstrategy.h"
#include "valis/plugins/strategyplugin.h"

#include <QObject>

#include <memory>

namespace valis {

class OneShotPlugin : public QObject, public StrategyPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_STRATEGY_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::StrategyPlugin)

public:
    Result<void> initialize(const PluginContext &) override
    {
        m_strategy = std::make_unique<OneShotStrategy>();
        return success();
    }
    void shutdown() override { m_strategy.reset(); }
    QList<ContextStrategy *> strategies() const override
    {
        return m_strategy ? QList<ContextStrategy *>{m_strategy.get()} : QList<ContextStrategy *>{};
    }

private:
    std::unique_ptr<OneShotStrategy> m_strategy;
};

} // namespace valis

#include "oneshotplugin.moc"
