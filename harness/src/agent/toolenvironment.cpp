#include "valis/agent/toolenvironment.h"

#include "valis/agent/session.h"
#include "valis/agent/toolregistry.h"
#include "valis/mcp/mcpserverconfig.h"
#include "valis/plugins/pluginmanager.h"

#include <QCoreApplication>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ToolEnvironment)
};

QString sandboxId(const QString &chosen)
{
    if (chosen == QLatin1String("bwrap"))
        return QString::fromLatin1(ToolSettings::IsolatingSandbox);
    if (chosen == QLatin1String("none"))
        return QString::fromLatin1(ToolSettings::PlainSandbox);
    return chosen;
}
} // namespace

Result<ToolEnvironment> ToolEnvironment::assemble(const PluginManager &plugins, const DataLocations &locations,
                                                  const ToolEnvironmentChoice &choice)
{
    ToolEnvironment environment;
    Result<ToolSettings> settings = ToolSettings::load(locations.toolSettingsPath());
    if (settings.hasError())
        return settings.error();
    environment.m_settings = settings.value();
    environment.m_locations = locations;

    Result<ToolPack> pack = environment.m_settings.pack(choice.toolPack.isEmpty() ? environment.m_settings.toolPack()
                                                                                   : choice.toolPack);
    if (pack.hasError())
        return pack.error();
    environment.m_pack = pack.value();
    environment.m_providers = plugins.toolProviders();
    environment.m_network = choice.network.value_or(environment.m_settings.network());

    const QString id = sandboxId(choice.sandbox.isEmpty() ? environment.m_settings.sandbox() : choice.sandbox);
    Sandbox *sandbox = plugins.sandbox(id);
    if (!sandbox) {
        QStringList ids;
        for (Sandbox *candidate : plugins.sandboxes())
            ids.append(candidate->id());
        // Not finding the isolating sandbox at all (its plugin is missing or failed) is a
        // problem to report, not a reason to refuse to start: file tools still work.
        if (id == QLatin1String(ToolSettings::IsolatingSandbox)) {
            environment.m_sandboxProblem =
                Error(QStringLiteral("sandbox.unavailable"),
                      Text::tr("the sandbox \"%1\" is not installed (the \"local\" sandbox plugin did not load), so commands "
                               "cannot run; see valis-cli plugins")
                          .arg(id));
            return environment;
        }
        return Error(QStringLiteral("sandbox.unknown"),
                     Text::tr("there is no sandbox \"%1\"; the sandboxes are: %2 (or bwrap, none)")
                         .arg(id, ids.isEmpty() ? Text::tr("none installed") : ids.join(QStringLiteral(", "))));
    }
    environment.m_isolationOff = !(sandbox->capabilities() & Sandbox::Capability::IsolatesFilesystem);
    // A remote service is asked when the session acquires its machine, with the credentials the
    // front end finds by then: asking it here would refuse it for a key not handed over yet.
    const bool remote = sandbox->capabilities() & Sandbox::Capability::Remote;
    const Result<void> available = remote ? Result<void>() : sandbox->checkAvailable();
    if (available.hasError()) {
        environment.m_sandboxProblem = available.error();
        return environment;
    }
    environment.m_sandbox = sandbox;
    return environment;
}

QString ToolEnvironment::describeSandbox() const
{
    if (!m_sandbox)
        return Text::tr("commands cannot run: %1").arg(m_sandboxProblem ? m_sandboxProblem->message : Text::tr("no sandbox"));
    const QString network = m_network == NetworkAccess::Allowed ? Text::tr("network on") : Text::tr("network off");
    if (m_isolationOff)
        return Text::tr("NO ISOLATION: commands run as plain processes with your permissions (%1)").arg(network);
    return Text::tr("sandbox: %1, %2").arg(m_sandbox->displayName(), network);
}

void ToolEnvironment::configure(ToolRegistry *registry) const
{
    registry->setProviders(m_providers);
    registry->setPack(m_pack);
}

void ToolEnvironment::apply(SessionConfig *config) const
{
    config->sandbox = m_sandbox;
    config->network = m_network;
    config->agentId = m_settings.agentId();
    config->locations = m_locations;
    config->toolPacks = m_settings.packs();
    config->subagentProfiles = m_settings.subagentProfiles();
    config->maxSubagentDepth = m_settings.maxSubagentDepth();
    // How much of the window MCP tool definitions may take; a file the MCP plugin cannot read is
    // reported by that plugin, so here it only means the default share.
    const Result<McpSettings> mcp = McpSettings::load(m_locations.mcpSettingsPath());
    if (mcp.ok())
        config->deferToolsAbove = mcp->deferAbove();
}

} // namespace valis
