#pragma once

#include "mcpcallhandle.h"

#include "valis/plugins/toolinvocation.h"
#include "valis/plugins/toolprovider.h"

#include <QHash>
#include <QPointer>

namespace valis::mcp {

class McpHostImpl;

/// The tools of one configured MCP server (provider id "mcp:<server>", so approval rules per
/// server apply): the specs the host keeps for it, and calls through the MCP thread.
class McpServerToolProvider : public ToolProvider
{
public:
    McpServerToolProvider(McpHostImpl *host, const QString &server) : m_host(host), m_server(server) {}

    QString server() const { return m_server; }
    QString id() const override { return QStringLiteral("mcp:") + m_server; }
    QList<ToolSpec> tools() const override;
    ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                           QObject *parent) override;

private:
    McpHostImpl *m_host;
    QString m_server;
};

/// One call of an MCP tool, in the session's thread: hands the call to an McpCallHandle in the
/// MCP thread and passes on what comes back. Questions the server asks during the call become
/// interactionRequested(); answers are passed back, a URL the person agreed to is opened here
/// (HostServices::openUrl), and a sampling request the person allowed is answered by the
/// session's model (ToolContext::sampler).
class McpToolInvocation : public ToolInvocation
{
    Q_OBJECT

public:
    McpToolInvocation(McpHostImpl *host, const CallRequest &request, const ToolContext &context, QObject *parent);
    ~McpToolInvocation() override;

    void cancel() override;
    void answerInteraction(const QString &interactionId, const ToolInteractionAnswer &answer) override;

private:
    void onFinished(const Part &result, bool retryable);
    void runSampling(const ToolInteraction &interaction);

    McpHostImpl *m_host;
    McpCallHandle *m_handle;   ///< lives in the MCP thread; deleted (later) by us
    ModelSampler *m_sampler;
    QHash<QString, ToolInteraction> m_interactions;
    bool m_finished = false;
};

/// A result that is known at once, delivered on the next loop turn as invocations must.
class ImmediateInvocation : public ToolInvocation
{
    Q_OBJECT

public:
    ImmediateInvocation(const Part &result, QObject *parent);
    void cancel() override {}
};

/// Turns an MCP sampling/createMessage request into the session's terms.
SamplingRequest samplingRequestFrom(const QJsonObject &params);

} // namespace valis::mcp
