// A strategy plugin (depends on good_tool) whose strategy "drop-oldest" removes the oldest
// messages until the view fits the budget's target.
#include "testpluginlog.h"
#include "valis/plugins/contextstrategy.h"
#include "valis/plugins/strategyplugin.h"

#include <QObject>

#include <memory>

namespace valis_test {

class DropOldest : public valis::ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("drop-oldest"); }
    valis::Result<valis::StrategyReport> apply(QList<valis::Message> &view, const valis::StrategyBudget &budget,
                                               const valis::StrategyContext &) override
    {
        if (!budget.countTokens)
            return valis::Error(QStringLiteral("test.no-counter"), QStringLiteral("the budget has no token counter"));
        valis::StrategyReport report;
        report.tokensBefore = budget.count(view);
        int last = -1;
        while (last + 2 < view.size() && budget.count(view.mid(last + 1)) > budget.targetTokens)
            ++last;
        if (last < 0)
            return report;
        valis::ViewEdit edit;
        edit.kind = valis::ViewEdit::Kind::ReplacePrefix;
        edit.lastMessageId = view.at(last).id;
        edit.item = QStringLiteral("span");
        for (int i = 0; i <= last; ++i)
            report.replaced.append(view.at(i).id);
        view.remove(0, last + 1);
        report.tokensAfter = budget.count(view);
        valis::CompactionEvent event;
        event.action = QStringLiteral("drop");
        event.edits = {edit};
        report.events = {event};
        return report;
    }
};

class GoodStrategyPlugin : public QObject, public valis::StrategyPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_STRATEGY_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::StrategyPlugin)

public:
    valis::Result<void> initialize(const valis::PluginContext &context) override
    {
        m_settings = context.settings;
        appendToLog(m_settings, QStringLiteral("initialize ") + context.pluginId);
        return valis::success();
    }
    void shutdown() override { appendToLog(m_settings, QStringLiteral("shutdown good_strategy")); }
    QList<valis::ContextStrategy *> strategies() const override { return {m_strategy.get()}; }

private:
    QJsonObject m_settings;
    std::unique_ptr<DropOldest> m_strategy = std::make_unique<DropOldest>();
};

} // namespace valis_test

#include "goodstrategy.moc"
