#pragma once

#include "valis/mcp/mcpserverconfig.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;
class QStackedWidget;

namespace valis {

/// Adds or edits one MCP server of config/mcp.json: how it is reached (stdio: command,
/// arguments, environment, folder; http: address, headers, a bearer-token variable, an OAuth
/// client and scopes) and how it is used (enabled, trusted, timeouts, tools offered). Keys Valis
/// does not know stay as they were. OK only once the entry would load.
class McpServerEditor : public QDialog
{
    Q_OBJECT

public:
    /// `server` as it is (a new one: a default McpServerConfig); `takenNames`: names another
    /// server already has.
    McpServerEditor(const McpServerConfig &server, const QStringList &takenNames, QWidget *parent = nullptr);

    /// The entry as edited, checked as McpSettings would read it; an Error saying what is wrong.
    Result<McpServerConfig> server() const;

    void accept() override;

private:
    McpServerConfig m_original;
    QStringList m_taken;
    QLineEdit *m_name;
    QComboBox *m_transport;
    QStackedWidget *m_pages;
    QLineEdit *m_command;
    QPlainTextEdit *m_args;
    QPlainTextEdit *m_env;
    QLineEdit *m_cwd;
    QLineEdit *m_url;
    QPlainTextEdit *m_headers;
    QLineEdit *m_bearer;
    QLineEdit *m_clientId;
    QLineEdit *m_scopes;
    QCheckBox *m_enabled;
    QCheckBox *m_trusted;
    QSpinBox *m_startup;
    QSpinBox *m_toolTimeout;
    QLineEdit *m_enabledTools;
    QLineEdit *m_disabledTools;
    QLabel *m_problem;
};

} // namespace valis
