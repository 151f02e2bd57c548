#include "mcpstatusbutton.h"

#include "mcpui.h"

#include "valis/mcp/mcphost.h"

namespace valis {

McpStatusButton::McpStatusButton(QWidget *parent) : QToolButton(parent)
{
    setObjectName(QStringLiteral("mcpStatus"));
    setAutoRaise(true);
    setFocusPolicy(Qt::TabFocus);
    setAccessibleName(tr("MCP servers"));
    hide();
}

void McpStatusButton::setHost(McpHost *host)
{
    if (m_host)
        disconnect(m_host, nullptr, this, nullptr);
    m_host = host;
    if (host)
        connect(host, &McpHost::serversChanged, this, &McpStatusButton::refresh);
    refresh();
}

void McpStatusButton::refresh()
{
    const QList<McpServerStatus> servers = m_host ? m_host->servers() : QList<McpServerStatus>();
    int enabled = 0;
    int ready = 0;
    int failed = 0;
    QStringList lines;
    for (const McpServerStatus &server : servers) {
        lines << McpUi::summary(server);
        if (!server.config.enabled || server.state == McpServerConnection::State::Disabled)
            continue;
        ++enabled;
        ready += server.state == McpServerConnection::State::Ready ? 1 : 0;
        failed += server.state == McpServerConnection::State::Failed ? 1 : 0;
    }
    // config/mcp.json itself (or an entry of it) that could not be read counts as a failure too.
    const QList<Error> problems = m_host ? m_host->configurationProblems() : QList<Error>();
    for (const Error &problem : problems)
        lines << tr("config/mcp.json: %1").arg(problem.toString());
    m_failed = failed > 0 || !problems.isEmpty();
    setVisible(!servers.isEmpty() || !problems.isEmpty());
    setText(tr("MCP %1/%2").arg(ready).arg(enabled));
    setStyleSheet(m_failed ? QStringLiteral("QToolButton { color: #b3261e; font-weight: bold; }") : QString());
    lines << QString() << tr("Click for Settings > MCP servers.");
    // Errors come from servers: escaped, so a tooltip never renders their markup.
    for (QString &line : lines)
        line = line.toHtmlEscaped();
    setToolTip(QStringLiteral("<qt>") + lines.join(QStringLiteral("<br>")) + QStringLiteral("</qt>"));
}

} // namespace valis
