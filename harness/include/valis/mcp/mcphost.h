#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/mcp/mcpserverconfig.h"
#include "valis/mcp/mcpserverconnection.h"
#include "valis/plugins/pluginapi.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QtPlugin>

#include <functional>
#include <optional>

namespace valis {

/// One configured MCP server as a front end shows it (Settings > MCP servers, the status bar).
struct VALIS_HARNESS_EXPORT McpServerStatus
{
    QString name;
    McpServerConfig config;
    McpServerConnection::State state = McpServerConnection::State::Stopped;
    std::optional<Error> error;        ///< why it failed, with its last log lines
    QString description;               ///< "stdio: /usr/bin/node …" / "http: https://…"
    QString resolvedFrom;              ///< how its command was found
    QString protocolVersion;
    QJsonObject serverInfo;            ///< name, version, title
    QString instructions;
    bool hasResources = false;
    bool hasPrompts = false;
    int restarts = 0;
    /// Every tool the server lists, its model-visible name, whether it is offered (the server's
    /// enabled/disabled lists) and, for one set aside, why (a schema no model API takes).
    struct Tool
    {
        McpToolInfo info;
        QString visibleName;
        bool offered = true;
        QString setAsideReason;
    };
    QList<Tool> tools;
    /// The definitions of the offered tools as requests carry them ({name, description,
    /// input_schema}), for counting what they cost in the context.
    QJsonArray definitions;
};

/// The MCP servers of a running Valis, for front ends: state, logs, tools, restarting, signing
/// in, and the requests the composer makes (resources/list, resources/read, prompts/list,
/// prompts/get, completion/complete). The MCP tool plugin implements it; find it among the
/// running plugins with qobject_cast<McpHostProvider *>. Lives in the main thread; every answer
/// comes back asynchronously, on the main thread.
class VALIS_HARNESS_EXPORT McpHost : public QObject
{
    Q_OBJECT

public:
    using Callback = std::function<void(const Result<QJsonObject> &result)>;

    using QObject::QObject;
    ~McpHost() override;

    virtual QList<McpServerStatus> servers() const = 0;
    /// What was wrong with config/mcp.json when it was last read (the whole file, or single
    /// entries that were skipped); empty when it read cleanly.
    virtual QList<Error> configurationProblems() const = 0;
    virtual std::optional<McpServerStatus> server(const QString &name) const;
    /// The server's log: stderr, skipped stdout lines, notifications/message and Valis's notes.
    virtual QString serverLog(const QString &name) const = 0;
    /// Reconnects (also a Failed or given-up server).
    virtual void restartServer(const QString &name) = 0;
    /// Reads config/mcp.json again: new servers start, removed ones stop, changed ones restart.
    virtual void reloadConfiguration() = 0;
    /// Runs the OAuth sign-in for an HTTP server now (the browser opens); `done` says how it went.
    virtual void authorize(const QString &name, QObject *context, std::function<void(const Result<void> &)> done) = 0;
    /// Forgets the server's stored OAuth tokens and registration.
    virtual void signOut(const QString &name, QObject *context, std::function<void(const Result<void> &)> done) = 0;
    /// Starts the configured servers if they are not running yet (they start on first use, so
    /// commands that never touch MCP start none) and calls `done` once every enabled server has
    /// finished starting, ready or failed. valis-cli run waits for this before its turn; the
    /// desktop does not wait (a turn never waits for a server).
    virtual void whenStarted(QObject *context, std::function<void()> done) = 0;
    /// The folders servers are told about as roots (roots/list): the workspace of the session
    /// in front. Servers hear of a change (notifications/roots/list_changed).
    virtual void setRoots(const QStringList &folders) = 0;
    /// Sends `method` with `params` to a connected server; `done` gets its result, or an Error
    /// (the server is not connected, it answered an error, it timed out).
    virtual void request(const QString &name, const QString &method, const QJsonObject &params, QObject *context,
                         Callback done) = 0;

Q_SIGNALS:
    /// A server started, stopped, failed, changed its tools, or the configuration changed.
    void serversChanged();
    void serverLogged(const QString &name, const QString &line);
    /// resources/list_changed, prompts/list_changed, resources/updated from a server.
    void serverNotified(const QString &name, const QString &method, const QJsonObject &params);
};

/// Implemented by the root object of the plugin that offers an McpHost.
class VALIS_HARNESS_EXPORT McpHostProvider
{
public:
    virtual ~McpHostProvider();
    virtual McpHost *mcpHost() const = 0;
};

} // namespace valis

Q_DECLARE_INTERFACE(valis::McpHostProvider, VALIS_MCP_HOST_PROVIDER_IID)
