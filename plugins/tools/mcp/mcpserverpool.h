#pragma once

#include "valis/mcp/mcphost.h"
#include "valis/mcp/mcpserverconnection.h"
#include "valis/plugins/plugincontext.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>
#include <map>
#include <memory>

namespace valis {
class McpOAuthAuthorizer;
}

namespace valis::mcp {

class McpCallHandle;

/// The configured MCP servers' connections, all in one thread of their own (the MCP thread), so
/// starting processes, reading JSON and waiting on servers never touches the GUI thread. The
/// McpHostImpl in the main thread talks to it with queued calls and hears from it by queued
/// signals carrying snapshots (McpServerStatus), never pointers.
///
/// Servers start on first use (ensureStarted()), in parallel. Calls go to McpCallHandles; the
/// server's own requests during a call (elicitation, sampling) go to the newest call of that
/// server still running, roots/list is answered with the roots the host set.
class McpServerPool : public QObject
{
    Q_OBJECT

public:
    /// `host` is what the front end offers (keychain, browser), used for OAuth sign-ins.
    McpServerPool(const McpConnectionOptions &options, const HostServices &host);
    ~McpServerPool() override;

    // MCP thread only:
    void startCall(McpCallHandle *handle);
    void forgetCall(McpCallHandle *handle);
    QString logTail(const QString &server, int lines) const;
    /// Signs in to an HTTP server through the browser now, then reconnects it; `done` runs in
    /// the MCP thread.
    void authorize(const QString &server, const std::function<void(const valis::Result<void> &)> &done);
    /// Forgets the server's tokens, then reconnects it.
    void signOut(const QString &server, const std::function<void(const valis::Result<void> &)> &done);
    /// Sends a request to a ready server; `done` runs in the MCP thread.
    void request(const QString &server, const QString &method, const QJsonObject &params,
                 const std::function<void(const valis::Result<QJsonObject> &)> &done);

public Q_SLOTS:
    /// The servers to run: new ones are started (once started at all), removed ones stopped,
    /// changed ones restarted.
    void configure(const QList<valis::McpServerConfig> &servers);
    void ensureStarted();
    void restartServer(const QString &name);
    void setRoots(const QStringList &folders);
    /// Closes every server as the spec says; allStopped() when they are gone.
    void shutdown();

Q_SIGNALS:
    void statusChanged(const valis::McpServerStatus &status);
    void serverRemoved(const QString &name);
    void logged(const QString &name, const QString &line);
    void notified(const QString &name, const QString &method, const QJsonObject &params);
    void allStopped();

private:
    struct Server
    {
        std::unique_ptr<McpServerConnection> connection;
        QList<QPointer<McpCallHandle>> calls;   ///< running, oldest first
        QList<QPointer<McpCallHandle>> waiting; ///< for the server to get ready
    };
    void addServer(const McpServerConfig &config);
    void publish(const QString &name);
    void onStateChanged(const QString &name);
    void configureClient(const QString &name, McpClient *client);
    McpCallHandle *activeCall(const QString &name) const;
    std::unique_ptr<McpOAuthAuthorizer> makeOAuth(const McpResolvedServer &server);
    enum class OAuthStep { SignIn, SignOut };
    /// Signs in to (or out of) `config`'s server with a fresh authoriser, then reconnects it.
    void runOAuth(const McpServerConfig &config, OAuthStep step, const std::function<void(const valis::Result<void> &)> &done);
    std::unique_ptr<McpHttpAuthorizer> makeAuthorizer(const McpResolvedServer &server);
    QJsonArray rootsJson() const;

    McpConnectionOptions m_options;
    HostServices m_host;
    CredentialStore *m_credentials = nullptr; ///< forwards to m_host.credentials from this thread
    std::map<QString, Server> m_servers;
    QStringList m_roots;
    bool m_started = false;
    bool m_shuttingDown = false;
};

} // namespace valis::mcp
