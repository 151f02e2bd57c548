#pragma once

#include "valis/mcp/logring.h"
#include "valis/mcp/mcphost.h"
#include "valis/mcp/mcpserverconfig.h"
#include "valis/mcp/mcptoolnames.h"
#include "valis/plugins/plugincontext.h"
#include "valis/plugins/toolprovider.h"

#include <QHash>
#include <QList>
#include <QThread>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace valis::mcp {

class McpMetaToolProvider;
class McpServerPool;
class McpServerToolProvider;

/// Where a model-visible MCP tool name leads.
struct ToolTarget
{
    QString server;
    QString tool;              ///< the server's own name
    QJsonObject outputSchema;
    bool readOnly = false;
};

/// The McpHost of the MCP tool plugin, in the main thread: keeps the servers' snapshots, logs
/// and the tool specs the sessions see, and sends everything else to the McpServerPool in the MCP
/// thread. One ToolProvider per configured server ("mcp:<name>", so approval rules per server
/// apply) and the "mcp" provider of search_tools, call_tool and the resource tools.
class McpHostImpl : public McpHost
{
    Q_OBJECT

public:
    McpHostImpl(const PluginContext &context, const McpSettings &settings);
    ~McpHostImpl() override;

    /// Closes every server politely and stops the MCP thread (waits at most a few seconds).
    void shutdown();

    QList<McpServerStatus> servers() const override;
    QList<Error> configurationProblems() const override { return m_problems; }
    QString serverLog(const QString &name) const override;
    void restartServer(const QString &name) override;
    void reloadConfiguration() override;
    void authorize(const QString &name, QObject *context, std::function<void(const Result<void> &)> done) override;
    void signOut(const QString &name, QObject *context, std::function<void(const Result<void> &)> done) override;
    void whenStarted(QObject *context, std::function<void()> done) override;
    void setRoots(const QStringList &folders) override;
    void request(const QString &name, const QString &method, const QJsonObject &params, QObject *context,
                 Callback done) override;

    // For the tool providers (main thread):
    QList<ToolProvider *> toolProviders() const;
    QList<ToolSpec> toolSpecs(const QString &server) const { return m_specs.value(server); }
    std::optional<ToolTarget> target(const QString &visibleName) const;
    /// Starts the servers if nothing has yet (first use).
    void ensureStarted();
    McpServerPool *pool() const { return m_pool; }
    QThread *mcpThread() { return &m_thread; }
    const HostServices &hostServices() const { return m_context.host; }
    QList<McpServerStatus> readyServersWith(bool resources) const;

private:
    void applySettings(const McpSettings &settings);
    void onStatus(const McpServerStatus &raw);
    void checkStarted();
    McpServerToolProvider *providerFor(const QString &name);
    /// Runs `ask` on the pool in the MCP thread and hands its answer to `done` here, while
    /// `context` lives.
    template<typename Answer>
    void askPool(QObject *context, std::function<void(McpServerPool *, std::function<void(const Answer &)>)> ask,
                 std::function<void(const Answer &)> done);

    PluginContext m_context;
    QThread m_thread;
    McpServerPool *m_pool = nullptr;
    QList<McpServerConfig> m_configs;
    QList<Error> m_problems;
    QHash<QString, McpServerStatus> m_status;
    QHash<QString, LogRing> m_logs;
    QHash<QString, QList<ToolSpec>> m_specs;      ///< what sessions are offered now
    QHash<QString, QList<ToolSpec>> m_readySpecs; ///< as they were when the server was last ready
    QHash<QString, ToolTarget> m_targets;
    McpToolNames m_names;
    std::vector<std::unique_ptr<McpServerToolProvider>> m_providers;
    std::unique_ptr<McpMetaToolProvider> m_meta;
    struct Waiter
    {
        QPointer<QObject> context;
        std::function<void()> done;
    };
    QList<Waiter> m_waiters;
    bool m_started = false;
    bool m_shutDown = false;
};

} // namespace valis::mcp
