// The MCP parts of the main window: the status bar's server state, the composer's @resources
// and /prompts, and the roots servers are told about.
#include "mainwindow.h"

#include "composerwidget.h"
#include "mcpcomposerassist.h"
#include "mcpserverspage.h"
#include "mcpstatusbutton.h"
#include "mcpui.h"

#include "valis/mcp/mcphost.h"

namespace valis {

void MainWindow::connectMcp()
{
    McpHost *host = McpUi::host(m_plugins.get());
    m_mcpStatus->setHost(host);
    if (!m_mcpAssist) {
        m_mcpAssist = new McpComposerAssist(m_composer, this);
        connect(m_mcpStatus, &QToolButton::clicked, this, [this] { showSettings(McpServersPage::titleText()); });
    }
    m_mcpAssist->setHost(host);
    if (!host)
        return;
    // Servers start on first use; the shell uses them at once (state, tools, @ and /), so they
    // start now, in the background: nothing waits for them.
    host->whenStarted(this, [] {});
    // Roots: the folder the next turn works in (servers hear of a change).
    host->setRoots({m_composer->workspace()});
    connect(m_composer, &ComposerWidget::workspaceChosen, host, [host](const QString &path) { host->setRoots({path}); });
}

} // namespace valis
