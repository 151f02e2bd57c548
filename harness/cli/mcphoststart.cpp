#include "mcphoststart.h"

#include "clicontext.h"
#include "interactionprompter.h"

#include "valis/mcp/mcphost.h"
#include "valis/plugins/pluginmanager.h"

#include <QEventLoop>
#include <QUrl>

namespace valis::cli {

HostServices cliHostServices(CredentialStore *credentials, QTextStream &err)
{
    HostServices services;
    services.credentials = credentials;
    services.openUrl = [&err](const QUrl &url) {
        if (openInBrowser(url))
            return true;
        if (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))
            return false;
        // A terminal without a browser (ssh): the person opens it elsewhere.
        err << Text::tr("Open this address in a browser: %1").arg(url.toString(QUrl::FullyEncoded)) << Qt::endl;
        return true;
    };
    return services;
}

McpHost *findMcpHost(const PluginManager &plugins)
{
    for (QObject *instance : plugins.runningInstances()) {
        if (auto *provider = qobject_cast<McpHostProvider *>(instance)) {
            if (McpHost *host = provider->mcpHost())
                return host;
        }
    }
    return nullptr;
}

McpStartReport startMcpServers(McpHost *host, const QStringList &roots)
{
    host->setRoots(roots);
    bool started = false;
    QEventLoop loop;
    host->whenStarted(&loop, [&started, &loop] {
        started = true;
        loop.quit();
    });
    if (!started)
        loop.exec();
    McpStartReport report;
    // Entries of config/mcp.json that could not be read start no server: say so, like a failure.
    for (const Error &problem : host->configurationProblems())
        report.failures.append(Error(QStringLiteral("mcp.config-problem"), problem.toString()));
    for (const McpServerStatus &server : host->servers()) {
        if (server.state != McpServerConnection::State::Failed)
            continue;
        const QString reason = server.error ? server.error->message : Text::tr("it did not start");
        const Error failure(server.config.required ? QStringLiteral("mcp.required-server-failed") : QStringLiteral("mcp.server-failed"),
                            server.config.required ? Text::tr("the required MCP server %1 did not start: %2").arg(server.name, reason)
                                                   : Text::tr("the MCP server %1 did not start (its tools are unavailable): %2").arg(server.name, reason));
        report.failures.append(failure);
        if (server.config.required && !report.fatal)
            report.fatal = failure;
    }
    return report;
}

} // namespace valis::cli
