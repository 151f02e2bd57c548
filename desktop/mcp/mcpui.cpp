#include "mcpui.h"

#include "valis/agent/providersettings.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/tokens/tokencounter.h"

namespace valis {

McpHost *McpUi::host(const PluginManager *plugins)
{
    if (!plugins)
        return nullptr;
    for (QObject *instance : plugins->runningInstances()) {
        if (auto *provider = qobject_cast<McpHostProvider *>(instance))
            return provider->mcpHost();
    }
    return nullptr;
}

QString McpUi::stateText(McpServerConnection::State state)
{
    switch (state) {
    case McpServerConnection::State::Stopped:
        return tr("stopped");
    case McpServerConnection::State::Starting:
        return tr("starting");
    case McpServerConnection::State::Ready:
        return tr("ready");
    case McpServerConnection::State::Failed:
        return tr("failed");
    case McpServerConnection::State::Restarting:
        return tr("restarting");
    case McpServerConnection::State::Disabled:
        return tr("disabled");
    }
    return {};
}

QString McpUi::summary(const McpServerStatus &server)
{
    QString line = tr("%1: %2").arg(server.name, stateText(server.state));
    if (server.state == McpServerConnection::State::Ready)
        line += tr(" (%n tools)", nullptr, int(server.tools.size()));
    if (server.error && server.state != McpServerConnection::State::Ready)
        line += QStringLiteral(" \u2014 ") + server.error->message.section(QLatin1Char('\n'), 0, 0);
    return line;
}

std::shared_ptr<TokenCounter> McpUi::defaultCounter(const DataLocations &locations, QString *model)
{
    const Result<ProviderSettings> settings = ProviderSettings::load(locations.providerSettingsPath());
    QString name;
    if (settings.ok())
        name = settings->entry(settings->defaultProvider()).model;
    const ModelCatalog catalog = ModelCatalog::load(locations);
    const ModelMatch match = catalog.lookup(name);
    if (model)
        *model = name;
    return TokenCounter::forModel(match.isKnown() ? match.model : ModelCatalog::fallbackModel(name));
}

QString McpUi::serverOfToolName(const QString &toolName)
{
    if (!toolName.startsWith(QLatin1String("mcp__")))
        return {};
    const qsizetype end = toolName.indexOf(QLatin1String("__"), 5);
    return end > 5 ? toolName.mid(5, end - 5) : QString();
}

} // namespace valis
