// Anthropic's server-side context strategies as a plugin (see contexteditingstrategy.h and
// servercompactionstrategy.h).
#include "contexteditingstrategy.h"
#include "servercompactionstrategy.h"
#include "valis/plugins/strategyplugin.h"

#include <QObject>

#include <memory>

namespace valis {

class AnthropicServerPlugin : public QObject, public StrategyPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_STRATEGY_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::StrategyPlugin)

public:
    Result<void> initialize(const PluginContext &) override
    {
        m_editing = std::make_unique<ContextEditingStrategy>();
        m_compaction = std::make_unique<ServerCompactionStrategy>();
        return success();
    }
    void shutdown() override
    {
        m_editing.reset();
        m_compaction.reset();
    }
    QList<ContextStrategy *> strategies() const override
    {
        if (!m_editing)
            return {};
        return {m_editing.get(), m_compaction.get()};
    }

private:
    std::unique_ptr<ContextEditingStrategy> m_editing;
    std::unique_ptr<ServerCompactionStrategy> m_compaction;
};

} // namespace valis

#include "anthropicserverplugin.moc"
