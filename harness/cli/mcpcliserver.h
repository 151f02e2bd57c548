#pragma once

#include "valis/core/result.h"
#include "valis/mcp/mcpclient.h"
#include "valis/mcp/mcpserverconnection.h"
#include "valis/plugins/toolinteraction.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QObject>

#include <functional>
#include <memory>

namespace valis {
class CredentialStore;
class KeychainCredentialStore;
class McpOAuthAuthorizer;
} // namespace valis

namespace valis::cli {

class CliContext;
class InteractionPrompter;
class TerminalInput;

/// Reads config/mcp.json and returns the server `name`; an Error naming the servers there are
/// when there is none, or why its entry cannot be read.
Result<McpServerConfig> configuredMcpServer(CliContext &context, const QString &name);

/// The OAuth authoriser valis-cli uses for an HTTP server (sign-in, stored tokens): tokens in
/// `credentials` (the OS keychain), the sign-in address printed on stderr and opened in the
/// browser ($BROWSER, xdg-open).
std::unique_ptr<McpOAuthAuthorizer> cliOAuthAuthorizer(CliContext &context, const McpResolvedServer &server,
                                                       CredentialStore *credentials);

/// One configured MCP server connected for a valis-cli mcp command: reads config/mcp.json,
/// starts the server (a disabled one too: naming it is the reason to start it) with the
/// capabilities the MCP tool plugin declares (roots, sampling, form and URL elicitation), waits
/// for it, and ends it politely. The server's own requests are answered here: roots/list with
/// the current folder, sampling with an error (no model here), elicitation by asking on the
/// terminal when there is one (enableQuestions()) and declining otherwise.
class McpCliServer : public QObject
{
public:
    explicit McpCliServer(CliContext &context, QObject *parent = nullptr);
    ~McpCliServer() override;

    /// Connects the server `name` and waits until it is ready. Errors: no such server (the
    /// configured names listed), an entry that cannot be read, or the start failed (its log
    /// lines included).
    Result<void> connect(const QString &name);
    const McpServerConfig &config() const { return m_config; }
    McpServerConnection *connection() const { return m_connection.get(); }
    McpClient *client() const { return m_connection ? m_connection->client() : nullptr; }
    /// Milliseconds from start to ready (tools listed).
    qint64 startupMs() const { return m_startupMs; }

    /// Asks elicitations on the terminal (stdin must be one): lines come from `input`.
    void enableQuestions(TerminalInput *input);

    /// What a caller of send() may want to see while the request runs.
    struct Hooks
    {
        /// notifications/progress for it (total < 0 when unknown).
        std::function<void(double progress, double total, const QString &message)> progressed;
        /// The request was sent (hold it to cancel it: Ctrl-C).
        std::function<void(McpRequest *request)> started;
    };
    /// Sends a request and waits for its answer, the server's error included.
    McpResponse send(const QString &method, const QJsonObject &params, const McpRequestOptions &options, const Hooks &hooks = {});
    /// send(), with the error as an Error.
    Result<QJsonObject> request(const QString &method, const QJsonObject &params = {}, const McpRequestOptions &options = {});
    /// Every page of a list method.
    Result<QJsonArray> listAll(const QString &method, const QString &key);
    /// Waits up to `ms` for the server to announce a tool list change (tools it registers after
    /// initialization); false when none came.
    bool waitForToolsChanged(int ms);

    /// Ends the connection as the spec says and waits for it.
    void close();

private:
    struct Question
    {
        ToolInteraction interaction;
        McpResponder responder;
    };

    void configureClient(McpClient *client);
    void onElicitation(const JsonRpcMessage &request, const McpResponder &responder);
    void askNext();

    CliContext &m_context;
    McpServerConfig m_config;
    std::unique_ptr<KeychainCredentialStore> m_keychain; ///< for HTTP servers' OAuth tokens
    std::unique_ptr<McpServerConnection> m_connection;
    qint64 m_startupMs = 0;
    TerminalInput *m_input = nullptr;
    InteractionPrompter *m_prompter = nullptr;
    bool m_inputClosed = false;
    QList<Question> m_questions;
    int m_questionCount = 0;
};

} // namespace valis::cli
