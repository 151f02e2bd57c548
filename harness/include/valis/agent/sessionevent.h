#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace valis {

/// Running totals of a Session: what it cost and how well the prompt cache worked.
struct VALIS_HARNESS_EXPORT SessionTotals
{
    qint64 inputTokens = 0;      ///< uncached input
    qint64 outputTokens = 0;
    qint64 cacheWriteTokens = 0;
    qint64 cacheReadTokens = 0;
    double costUsd = 0;          ///< the known part of the cost
    bool costComplete = true;    ///< false once any request's cost was unknown
    int requests = 0;

    /// Cache reads over all prompt tokens (uncached + writes + reads); 0 when none.
    double cacheHitShare() const;
    void add(const Usage &usage, std::optional<double> cost);
    QJsonObject toJson() const;
};

/// One thing that happened in a Session, in the past tense. The desktop panes and valis-cli
/// consume the same stream (Session::eventOccurred); `toJson()` is what `valis-cli run --json`
/// prints, one object per line.
///
/// Which fields are set depends on `kind`:
///   TurnStarted             turn, message (the user message as stored)
///   RequestStarted          step, text (the model), details {messages, tools, attempt}
///   TextDelta/ThinkingDelta step, text
///   ToolCallStarted         step, callId, toolName (the model began a call; arguments stream)
///   MessageAppended         message (as stored: seq, turn, usage), cost (of its request), details
///                           {onActivePath: false} for a message recorded on another branch (a
///                           summary that arrived after a branch switch)
///   ToolsSelected           details {selected, offered} (the LLM tool selector's choice)
///   ApprovalRequested       requestId, callId, toolName, arguments, details {readOnly, provider}
///   ApprovalResolved        requestId, callId, toolName, text ("allow-once", "allow-session", "allow-always", "deny")
///   ToolExecutionStarted    callId, toolName, arguments, attempt, details {provider (the tool
///                           provider's id, "mcp:github"), title (when the tool has one)}
///   ToolOutput              callId, toolName, text (output the call produced while running:
///                           a command's stdout/stderr, a subagent's progress; people only)
///   ToolProgress            callId, toolName, text (the message), details {progress, total
///                           (absent when unknown)}
///   InteractionRequested    requestId, callId, toolName, text (the asker's message), details
///                           {kind ("form", "url", "sampling"), source, schema, url, host, sampling}
///   InteractionResolved     requestId, callId, toolName, text ("accept", "decline", "cancel")
///   ToolCallFinished        callId, toolName, result (a ToolResult part), durationMs, attempt
///   Retrying                error (what failed), attempt (the next one), delayMs
///   UsageReported           usage, cost, totals
///   ContextCompacted        details: the CompactionEvent (id, strategy, action, tokensBefore, tokensAfter,
///                           replaced, pointers, cacheInvalidatedTokens, cacheCostUsd) without its
///                           edits, plus moved [{item, pointer, messageId, tokensBefore, tokensAfter}],
///                           requestTokens and contextWindow
///   CompactionFinished      details {events} (the compact command is done; events: how many)
///   Warning                 error (code and message; not fatal)
///   Error                   error, details {category, retryable}
///   TurnFinished            text (the reason: "answered", "step-limit", "budget-limit",
///                           "max-tokens", "interrupted", "error", "context-overflow", "client-tools": the answer
///                           called tools the driver runs, SessionConfig::clientTools), totals
///   ToolCallArgumentsDelta  callId, toolName, text (a piece of the call's JSON arguments, as
///                           streamed); only for sessions with SessionConfig::clientTools, whose
///                           driver shows the calls as they come
struct VALIS_HARNESS_EXPORT SessionEvent
{
    enum class Kind {
        TurnStarted,
        RequestStarted,
        TextDelta,
        ThinkingDelta,
        ToolCallStarted,
        MessageAppended,
        ToolsSelected,
        ApprovalRequested,
        ApprovalResolved,
        ToolExecutionStarted,
        ToolOutput,
        ToolProgress,
        InteractionRequested,
        InteractionResolved,
        ToolCallFinished,
        Retrying,
        UsageReported,
        ContextCompacted,
        CompactionFinished,
        Warning,
        Error,
        TurnFinished,
        ToolCallArgumentsDelta,
    };

    Kind kind = Kind::Warning;
    QString sessionId;
    int turn = -1;
    int step = -1;
    QString text;
    QString callId;
    QString toolName;
    QString requestId;
    QJsonValue arguments;
    Message message;
    Part result;
    Usage usage;
    std::optional<double> cost;
    SessionTotals totals;
    valis::Error error;
    int attempt = 0;
    qint64 durationMs = -1;
    qint64 delayMs = -1;
    QJsonObject details;

    static QString kindName(Kind kind);
    /// {"event": "<kind-name>", ...the fields that kind sets}.
    QJsonObject toJson() const;
};

} // namespace valis

Q_DECLARE_METATYPE(valis::SessionEvent)
