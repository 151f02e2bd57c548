#include "toolenvironmentoptions.h"

#include "clicontext.h"

namespace valis::cli {

ToolEnvironmentOptions::ToolEnvironmentOptions()
    : m_sandbox(QStringLiteral("sandbox"),
                Text::tr("Where commands run: bwrap (isolated, the default), none (isolation OFF: plain processes with your "
                         "permissions), or a sandbox id."),
                QStringLiteral("SANDBOX")),
      m_network(QStringLiteral("network"), Text::tr("Whether commands may reach the network: on or off (default: the settings', off)."),
                QStringLiteral("on|off")),
      m_tools(QStringLiteral("tools"), Text::tr("The tool pack: core, file-ops, research, all, or one of your own (default: the settings', all)."),
              QStringLiteral("PACK"))
{
}

void ToolEnvironmentOptions::addTo(CliParser &parser) const
{
    parser.addOptions({m_sandbox, m_network, m_tools});
}

Result<ToolEnvironmentChoice> ToolEnvironmentOptions::choice(const CliParser &parser) const
{
    ToolEnvironmentChoice choice;
    choice.sandbox = parser.value(m_sandbox);
    choice.toolPack = parser.value(m_tools);
    if (parser.isSet(m_network)) {
        const QString value = parser.value(m_network);
        if (value == QLatin1String("on"))
            choice.network = NetworkAccess::Allowed;
        else if (value == QLatin1String("off"))
            choice.network = NetworkAccess::Denied;
        else
            return Error(QStringLiteral("cli.usage"), Text::tr("--network takes on or off, not \"%1\"").arg(value));
    }
    if (parser.isSet(m_sandbox) && choice.sandbox.isEmpty())
        return Error(QStringLiteral("cli.usage"), Text::tr("--sandbox needs a value: bwrap, none or a sandbox id"));
    return choice;
}

} // namespace valis::cli
