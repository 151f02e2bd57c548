#pragma once

#include "valis/mcp/mcpclient.h"
#include "valis/plugins/modelsampler.h"
#include "valis/plugins/toolinteraction.h"
#include "valis/record/part.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <optional>

namespace valis::mcp {

class McpServerPool;

/// What one tools/call needs to know.
struct CallRequest
{
    QString server;
    QString tool;              ///< the server's own name for it
    QString visibleName;       ///< the model's name for it
    QString callId;
    QJsonObject arguments;
    QJsonObject outputSchema;
    bool readOnly = false;
    bool modelAcceptsImages = false;
    int timeoutMs = 300000;
    int maxTotalMs = 3600000;
};

/// The server side of one MCP tool call, in the MCP thread: sends tools/call (with a progress
/// token, a timeout that progress restarts up to a hard cap), passes on progress, carries the
/// server's questions during the call (elicitation, sampling) to the person and their answers
/// back, handles URL elicitation required (-32042) by asking, then calling again once, and turns
/// the outcome into a ToolResult part.
///
/// Made in the session's thread by the McpToolInvocation, which connects to its signals (queued)
/// and then moves it to the MCP thread; the invocation deletes it (deleteLater) when done, so
/// the invocation may always post to it.
class McpCallHandle : public QObject
{
    Q_OBJECT

public:
    McpCallHandle(McpServerPool *pool, const CallRequest &request);
    ~McpCallHandle() override;

    const CallRequest &request() const { return m_request; }

    /// The pool asks: the server is ready, call it.
    void run(McpClient *client);
    /// The pool says the server cannot be called.
    void failBeforeStart(const QString &text);
    /// A question the server asked while this call ran (the pool routes it here).
    void ask(ToolInteraction::Kind kind, const QJsonObject &params, const McpResponder &responder);
    /// A notification of this call's server (elicitation/complete).
    void notify(const QString &method, const QJsonObject &params);

public Q_SLOTS:
    void start();
    void cancel(const QString &reason);
    void answer(const QString &interactionId, const valis::ToolInteractionAnswer &answer);
    void answerSampling(const QString &interactionId, const valis::SamplingOutcome &outcome);

Q_SIGNALS:
    void progressReported(double progress, double total, const QString &message);
    void interactionRequested(const valis::ToolInteraction &interaction);
    void finished(const valis::Part &result, bool retryable);

private:
    struct Pending
    {
        ToolInteraction::Kind kind = ToolInteraction::Kind::Form;
        QJsonObject schema;
        McpResponder responder;   ///< the server's request this answers (not for our own question)
        QString elicitationId;
        bool ours = false;        ///< the -32042 question: the answer decides whether to call again
    };
    void send();
    void onResponse(const McpResponse &response);
    void finish(const Part &result, bool retryable);
    void finishWithError(const QString &text, bool retryable = false);
    void dropPending();
    /// The question `interactionId` still waiting for its answer, no longer waiting.
    std::optional<Pending> takePending(const QString &interactionId);
    QString newId();

    QPointer<McpServerPool> m_pool;
    CallRequest m_request;
    QPointer<McpClient> m_client;
    QPointer<McpRequest> m_call;
    QHash<QString, Pending> m_pending;
    int m_nextId = 0;
    bool m_done = false;
    bool m_retriedAfterUrl = false;
    QString m_awaitedElicitation;
    QTimer m_urlWait;
};

} // namespace valis::mcp
