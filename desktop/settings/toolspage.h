#pragma once

#include "settingspage.h"

#include "valis/core/datalocations.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QTableWidget;

namespace valis {

class PluginManager;

/// Settings > Tools: per tool and per tool provider (an MCP server) whether a call runs, asks
/// or is refused (config/approvals.json, the same file "always allow" answers write); and the
/// defaults new sessions run commands with: the sandbox, network access and the tool pack
/// (config/tools.json, keeping its packs and subagents as they are).
class ToolsPage : public SettingsPage
{
    Q_OBJECT

public:
    ToolsPage(const DataLocations &locations, PluginManager *plugins, QWidget *parent = nullptr);

    QString title() const override { return tr("Tools"); }
    void apply(std::function<void(const Result<void> &)> done) override;

private:
    QComboBox *ruleBox(const QString &current);
    void nameRuleBox(QTableWidget *table, int row, int ruleColumn, const QString &name);
    void fillRules(QTableWidget *table, const QJsonObject &rules, int ruleColumn);
    Result<void> saveApprovals();
    Result<void> saveToolSettings();
    void showSandboxWarning();

    DataLocations m_locations;
    PluginManager *m_plugins;
    QTableWidget *m_tools = nullptr;
    QTableWidget *m_providers = nullptr;
    QComboBox *m_sandbox = nullptr;
    QCheckBox *m_network = nullptr;
    QComboBox *m_pack = nullptr;
    QLabel *m_sandboxWarning = nullptr;
    QString m_problem; ///< a file that could not be read: nothing is written over it
};

} // namespace valis
