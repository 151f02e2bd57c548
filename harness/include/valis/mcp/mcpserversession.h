#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/mcp/jsonrpc.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>

namespace valis {

/// Who is calling an MCP server Valis serves: what initialize said and how the client came, for
/// the audit log and for marking what another agent wrote.
struct VALIS_HARNESS_EXPORT McpCaller
{
    QString clientName;      ///< clientInfo.name ("claude-code"); empty before initialize
    QString clientVersion;   ///< clientInfo.version
    QString transport;       ///< "stdio" or "http"
    QString sessionId;       ///< Mcp-Session-Id over HTTP; empty over stdio
    QString protocolVersion; ///< the revision initialize agreed on

    /// "claude-code 2.1.0 (stdio)", for logs and origin marks.
    QString describe() const;
};

/// One tool an MCP server offers, with honest annotations (clients show and trust them).
struct VALIS_HARNESS_EXPORT McpServedTool
{
    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema;
    QJsonObject outputSchema; ///< empty: no structured output
    bool readOnly = true;
    bool destructive = false;
    bool idempotent = true;
    bool openWorld = false;

    /// The Tool object of tools/list.
    QJsonObject toJson() const;
};

/// What a server offers behind the protocol: McpServerSession asks it and turns its answers into
/// JSON-RPC. Answers are synchronous (the stores answer in milliseconds). Errors travel as
/// values: an Error with code "mcp.invalid-params" becomes -32602, "mcp.not-found" -32002
/// (resources) or -32602 (prompts, tools), anything else -32603; a tool that ran and failed
/// answers a CallToolResult with isError instead.
class VALIS_HARNESS_EXPORT McpServerHandler : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~McpServerHandler() override;

    /// The Implementation object of initialize's result: {name, title, version}.
    virtual QJsonObject serverInfo() const = 0;
    /// initialize's `instructions` for the client's model; empty: none.
    virtual QString instructions() const;

    virtual QList<McpServedTool> tools() const = 0;
    /// A CallToolResult ({content, structuredContent?, isError?}) for tools/call.
    virtual Result<QJsonObject> callTool(const McpCaller &caller, const QString &name, const QJsonObject &arguments) = 0;

    /// resources/list: {resources, nextCursor?} from `cursor` (empty: the first page).
    virtual Result<QJsonObject> listResources(const McpCaller &caller, const QString &cursor);
    /// resources/templates/list: the ResourceTemplate objects.
    virtual QJsonArray resourceTemplates() const;
    /// resources/read: {contents: [...]}.
    virtual Result<QJsonObject> readResource(const McpCaller &caller, const QString &uri);

    /// prompts/list: the Prompt objects.
    virtual QJsonArray prompts() const;
    /// prompts/get: {description?, messages}.
    virtual Result<QJsonObject> getPrompt(const McpCaller &caller, const QString &name, const QJsonObject &arguments);

    /// completion/complete for a prompt argument or a template variable: {completion: {values,
    /// total?, hasMore?}}. Default: no values.
    virtual Result<QJsonObject> complete(const McpCaller &caller, const QJsonObject &ref, const QJsonObject &argument);

Q_SIGNALS:
    /// What the server offers changed: sessions send notifications/resources/list_changed, and
    /// notifications/resources/updated for each of `uris` a client subscribed to.
    void resourcesChanged(const QStringList &uris);
    void toolsChanged();
    void promptsChanged();
};

/// One MCP session on the serving side (the 2025-11-25 revision, 2025-06-18 and 2025-03-26
/// accepted): initialize and its capabilities, ping, tools, resources (with subscriptions),
/// prompts, completion, logging/setLevel, and cancellation; requests before initialize are
/// refused. Transport-agnostic: the stdio and Streamable HTTP transports feed it receive() and
/// deliver what it emits as outgoing().
///
/// A handler call whose request carries _meta.progressToken is bracketed by two
/// notifications/progress (0 of 1 before, 1 of 1 after); once the client set logging/setLevel,
/// each handler call leaves a notifications/message line (debug: what ran, how long, how big
/// its result; warning/error: a failed call). Both belong to their request (outgoing()'s
/// `relatedRequest`) and come before its response.
///
/// Every request that reaches the handler is reported as called() for the audit log.
class VALIS_HARNESS_EXPORT McpServerSession : public QObject
{
    Q_OBJECT

public:
    McpServerSession(McpServerHandler *handler, const QString &transport, QObject *parent = nullptr);
    ~McpServerSession() override;

    /// Handles one message from the client. Responses come back as outgoing() before this
    /// returns (the handler is synchronous); a response from the client is ignored.
    void receive(const JsonRpcMessage &message);
    /// Sets Mcp-Session-Id (HTTP) so caller() and the audit log name it.
    void setSessionId(const QString &sessionId);

    McpCaller caller() const;
    bool isInitialized() const;

Q_SIGNALS:
    /// A message for the client: a response to request `relatedRequest`, or a notification,
    /// which belongs to the request `relatedRequest` (progress, log lines while it runs) or to
    /// no request (null: list_changed, updated), the standalone stream over HTTP.
    void outgoing(const valis::JsonRpcMessage &message, const QJsonValue &relatedRequest);
    /// A request reached the handler: method ("tools/call"), the tool or resource it named, and
    /// whether it succeeded (`error` empty) or how it failed; `milliseconds` it took.
    void called(const valis::McpCaller &caller, const QString &method, const QString &target, const QString &error,
                qint64 milliseconds);

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace valis
