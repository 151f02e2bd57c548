#pragma once

#include "settingspage.h"

#include "valis/core/datalocations.h"
#include "valis/mcp/mcpserverconfig.h"

#include <QPointer>
#include <QSet>

#include <memory>

class QLabel;
class QListWidget;
class QPushButton;
class QToolButton;

namespace valis {

class McpHost;
class McpServerDetails;
class TokenCounter;
class PluginManager;

/// Settings > MCP servers: the servers of config/mcp.json with add, edit, remove and import
/// (Claude Desktop, Codex, a project's .mcp.json, which is asked about first), each one's state,
/// log and tools (switches write disabledTools, with what each costs in the context), Reconnect,
/// Authorise and Sign out. Apply writes config/mcp.json atomically through McpSettings, keeping
/// what it does not edit, and has the running McpHost read it again. A file that cannot be read
/// (or has an entry that cannot) is reported and never written over.
class McpServersPage : public SettingsPage
{
    Q_OBJECT

public:
    McpServersPage(const DataLocations &locations, PluginManager *plugins, QWidget *parent = nullptr);
    ~McpServersPage() override;

    QString title() const override { return titleText(); }
    /// The page's title, for opening Settings on it.
    static QString titleText() { return tr("MCP servers"); }
    void apply(std::function<void(const Result<void> &)> done) override;

    /// The servers as the page has them (edits not yet applied included).
    QList<McpServerConfig> servers() const { return m_servers; }
    /// Reads another host's configuration at `path` and adds its servers (a project's .mcp.json
    /// only after the person agreed, never as trusted); what was added or skipped goes to note().
    void importFrom(const QString &path);
    /// Selects server `name`; false when there is none.
    bool selectServer(const QString &name);
    McpServerDetails *details() const { return m_details; }
    QString note() const;

private:
    void fillList();
    void showSelected();
    void addServers(const QList<McpServerConfig> &servers, const QStringList &problems, const QString &from);
    void editSelected();
    void addNew();
    void removeSelected();
    void chooseImportFile();
    void setNote(const QString &text);
    QString selectedName() const;
    int indexOf(const QString &name) const;
    QStringList names() const;

    DataLocations m_locations;
    QPointer<McpHost> m_host;
    QList<McpServerConfig> m_servers;
    QSet<QString> m_changed;  ///< added or edited here
    QSet<QString> m_removed;
    QString m_problem;        ///< config/mcp.json cannot be read: nothing is written over it
    std::shared_ptr<TokenCounter> m_counter; ///< of the default model, made when first needed
    QListWidget *m_list = nullptr;
    McpServerDetails *m_details = nullptr;
    QPushButton *m_edit = nullptr;
    QPushButton *m_remove = nullptr;
    QToolButton *m_import = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace valis
