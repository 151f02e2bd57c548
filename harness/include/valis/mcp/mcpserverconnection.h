#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/mcp/logring.h"
#include "valis/mcp/mcpclient.h"
#include "valis/mcp/mcphttptransport.h"
#include "valis/mcp/mcpserverconfig.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <memory>

namespace valis {

/// One tool a server offers, as tools/list gave it.
struct VALIS_HARNESS_EXPORT McpToolInfo
{
    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema;   ///< as the server sent it
    QJsonObject outputSchema;
    QJsonObject annotations;   ///< readOnlyHint, destructiveHint, ... (believed only for trusted servers)
    QString taskSupport;       ///< execution.taskSupport: "forbidden" (default), "optional", "required"

    static McpToolInfo fromJson(const QJsonObject &tool);
    QJsonObject toJson() const;
};

/// What a host sets on every connection it makes.
struct VALIS_HARNESS_EXPORT McpConnectionOptions
{
    McpClientOptions client;
    /// Variables ${VAR} expands from, and the base of stdio servers' environments.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    /// Restart a server that dies after it was ready, with backoff (1 s doubling to 60 s, at most
    /// 5 times in a row).
    bool restartOnCrash = true;
    /// Makes the authoriser of an HTTP server without a bearer token (OAuth); nullptr: none, a
    /// 401 then fails the start with a message saying so.
    std::function<std::unique_ptr<McpHttpAuthorizer>(const McpResolvedServer &server)> makeAuthorizer;
    /// Called with every new McpClient before it connects (handlers for roots, sampling,
    /// elicitation).
    std::function<void(McpClient *client)> configureClient;
    /// The level asked with logging/setLevel once connected (servers that log); empty: none asked.
    QString logLevel = QStringLiteral("info");
};

/// A configured MCP server kept connected: resolves its configuration, starts the transport
/// (stdio or HTTP), runs the handshake and the first tools/list within the start-up timeout,
/// keeps the tool list current (tools/list_changed), collects its log (stderr, skipped stdout
/// lines, notifications/message, what Valis did), and restarts it with backoff when it dies.
/// Lives in one thread; everything is asynchronous.
class VALIS_HARNESS_EXPORT McpServerConnection : public QObject
{
    Q_OBJECT

public:
    enum class State { Stopped, Starting, Ready, Failed, Restarting, Disabled };
    Q_ENUM(State)

    McpServerConnection(const McpServerConfig &config, const McpConnectionOptions &options, QObject *parent = nullptr);
    ~McpServerConnection() override;

    QString name() const { return m_config.name; }
    const McpServerConfig &config() const { return m_config; }
    State state() const { return m_state; }
    static QString stateName(State state);
    /// Why it is Failed (or why the last start failed).
    std::optional<Error> lastError() const { return m_lastError; }
    /// The server's log and Valis's notes about it, the last 32 KiB.
    QString log() const { return m_log.text(); }
    /// Its last `lines` lines, for an error message.
    QString logTail(int lines) const { return m_log.tail(lines); }
    /// "stdio: /usr/bin/node …" / "http: https://…", and how the command was found.
    QString description() const { return m_description; }
    QString resolvedFrom() const { return m_resolvedFrom; }
    /// The client while connected (nullptr otherwise).
    McpClient *client() const { return m_client.get(); }
    QList<McpToolInfo> tools() const { return m_tools; }
    int restarts() const { return m_restarts; }
    /// The authoriser of an HTTP server while connected (nullptr otherwise).
    McpHttpAuthorizer *authorizer() const { return m_authorizer.get(); }
    /// The options it was made with.
    const McpConnectionOptions &options() const { return m_options; }

    /// Starts (or restarts) the server; stateChanged() follows. A disabled server goes to
    /// Disabled.
    void start();
    /// Ends the connection as the spec says; stopped() when it is gone.
    void stop();
    /// stop() then start(), also for a Failed server (a person's "Reconnect").
    void restart();

Q_SIGNALS:
    void stateChanged(valis::McpServerConnection::State state);
    void toolsChanged();
    /// resources/list_changed, prompts/list_changed, resources/updated and other notifications.
    void notificationReceived(const QString &method, const QJsonObject &params);
    void logged(const QString &line);
    void stopped();

private:
    void setState(State state);
    void note(const QString &line);
    void fail(const Error &error);
    void onClientReady();
    void onClientFailed(const Error &error);
    void refreshTools(bool initial);
    void scheduleRestart();
    void teardown();

    McpServerConfig m_config;
    McpConnectionOptions m_options;
    State m_state = State::Stopped;
    std::optional<Error> m_lastError;
    LogRing m_log;
    QString m_description;
    QString m_resolvedFrom;
    std::unique_ptr<McpHttpAuthorizer> m_authorizer;
    std::unique_ptr<McpClient> m_client;
    QList<McpToolInfo> m_tools;
    QTimer m_startupTimer;
    QTimer m_restartTimer;
    int m_restarts = 0;
    int m_consecutiveFailures = 0;
    qint64 m_readySinceMs = 0;
    quint64 m_generation = 0;
    bool m_stopping = false;
};

/// An authoriser that sends one fixed bearer token and cannot get another.
class VALIS_HARNESS_EXPORT McpBearerAuthorizer : public McpHttpAuthorizer
{
public:
    explicit McpBearerAuthorizer(const QString &token, const QString &source) : m_token(token), m_source(source) {}
    QByteArray authorization() const override;
    void authorize(const McpAuthChallenge &challenge, std::function<void(const Result<void> &)> done) override;

private:
    QString m_token;
    QString m_source;
};

} // namespace valis
