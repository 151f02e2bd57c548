#pragma once

#include <QPointer>
#include <QToolButton>

namespace valis {

class McpHost;

/// The status bar's MCP state at a glance: "MCP 3/4" (ready of the enabled servers), in the
/// warning colour while one has failed or config/mcp.json has a problem, each server's state and
/// error (and the file's problems) in its tooltip. Clicking
/// it (or Enter on it) asks for Settings > MCP servers. Hidden while there is no McpHost or no
/// server is configured.
class McpStatusButton : public QToolButton
{
    Q_OBJECT

public:
    explicit McpStatusButton(QWidget *parent = nullptr);

    /// Follows `host` (nullptr: none running).
    void setHost(McpHost *host);
    /// Whether a server has failed (the text is in the warning colour).
    bool showsFailure() const { return m_failed; }

private:
    void refresh();

    QPointer<McpHost> m_host;
    bool m_failed = false;
};

} // namespace valis
