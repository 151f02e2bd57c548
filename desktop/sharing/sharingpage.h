#pragma once

#include "settingspage.h"

#include "valis/core/datalocations.h"
#include "valis/mcp/mcpclientconfig.h"

#include <QHash>
#include <QPointer>

class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace valis {

class ApiServerController;
class CredentialStore;
class McpAuditView;

/// Settings > Share memory with other agents: the exact commands and snippets that give Claude
/// Code, Codex and Claude Desktop Valis's MCP server (the valis-cli beside the desktop, `mcp
/// serve` over stdio, optionally --read-only), each with Copy and an "Add to …" that shows the
/// change to that agent's file and writes it (McpClientConfig) only once the person confirms;
/// the switch for the OpenAI-compatible API (`valis-cli serve`, run by ApiServerController)
/// with its URL, state and token; and the audit log of the calls other agents made. Nothing
/// here waits for Apply: each action takes effect when confirmed.
class SharingPage : public SettingsPage
{
    Q_OBJECT

public:
    struct Setup
    {
        QString cliPath;                        ///< valis-cli (installedCli() in the app)
        QString home;                           ///< where the other agents' files are (QDir::homePath())
        ApiServerController *apiServer = nullptr; ///< owned by the main window; null: no switch
    };

    SharingPage(const DataLocations &locations, CredentialStore *keys, const Setup &setup, QWidget *parent = nullptr);

    QString title() const override { return titleText(); }
    static QString titleText() { return tr("Share memory with other agents"); }
    void apply(std::function<void(const Result<void> &)> done) override { done(success()); }

    /// valis-cli in the desktop's own folder (where the installers put both).
    static QString installedCli();
    /// The keychain account of the API server's bearer token.
    static QString apiTokenAccount() { return QStringLiteral("api-server-token"); }

    /// How other agents start Valis's MCP server, as the page shows it now.
    McpServerLaunch launch() const;
    /// Where the page writes `kind`'s configuration.
    QString configPath(McpClientKind kind) const;
    /// Reads and plans adding Valis to `kind` on a pool thread (the file can be megabytes), then
    /// shows the change in the dialog "shareConfirm"; writes (on a pool thread too) when it is
    /// accepted. A file that cannot be read or parsed is reported and left alone. The "Add to"
    /// buttons are off meanwhile.
    void addTo(McpClientKind kind);
    /// Whether a plan or a write is under way.
    bool isBusy() const { return m_busy; }
    /// The last outcome (written, refused, copied), as shown under the snippets.
    QString status() const;
    McpAuditView *auditView() const { return m_audit; }

Q_SIGNALS:
    /// The plan addTo() asked for, back on the GUI thread.
    void planned(valis::McpClientKind kind, const valis::Result<valis::McpClientConfigChange> &change);

private:
    void confirm(McpClientKind kind, const Result<McpClientConfigChange> &change);
    void write(const McpClientConfigChange &change);
    void setBusy(bool busy);
    QWidget *makeSnippets();
    QWidget *makeApiServer();
    void updateSnippets();
    void updateApiServer();
    void copyToken();
    void setStatus(const QString &text, bool problem);

    DataLocations m_locations;
    QPointer<CredentialStore> m_keys;
    Setup m_setup;
    QCheckBox *m_readOnly = nullptr;
    QHash<int, QPlainTextEdit *> m_snippets; ///< by McpClientKind
    QHash<int, QPushButton *> m_addButtons;  ///< by McpClientKind
    bool m_busy = false;
    QLabel *m_status = nullptr;
    QCheckBox *m_serve = nullptr;
    QSpinBox *m_port = nullptr;
    QComboBox *m_profile = nullptr;
    QLabel *m_apiState = nullptr;
    QLabel *m_apiUrl = nullptr;
    QLabel *m_apiProblem = nullptr;
    QPushButton *m_copyUrl = nullptr;
    McpAuditView *m_audit = nullptr;
};

} // namespace valis
