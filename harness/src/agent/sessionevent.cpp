#include "valis/agent/sessionevent.h"

#include "valis/record/recordjson.h"

#include <QJsonArray>

namespace valis {

double SessionTotals::cacheHitShare() const
{
    const qint64 prompt = inputTokens + cacheWriteTokens + cacheReadTokens;
    return prompt > 0 ? double(cacheReadTokens) / double(prompt) : 0.0;
}

void SessionTotals::add(const Usage &usage, std::optional<double> cost)
{
    inputTokens += qMax<qint64>(0, usage.inputTokens);
    outputTokens += qMax<qint64>(0, usage.outputTokens);
    cacheWriteTokens += qMax<qint64>(0, usage.cacheWriteTokens);
    cacheReadTokens += qMax<qint64>(0, usage.cacheReadTokens);
    if (cost)
        costUsd += *cost;
    else
        costComplete = false;
    ++requests;
}

QJsonObject SessionTotals::toJson() const
{
    return {{QStringLiteral("inputTokens"), inputTokens},
            {QStringLiteral("outputTokens"), outputTokens},
            {QStringLiteral("cacheWriteTokens"), cacheWriteTokens},
            {QStringLiteral("cacheReadTokens"), cacheReadTokens},
            {QStringLiteral("cacheHitShare"), cacheHitShare()},
            {QStringLiteral("costUsd"), costUsd},
            {QStringLiteral("costComplete"), costComplete},
            {QStringLiteral("requests"), requests}};
}

QString SessionEvent::kindName(Kind kind)
{
    switch (kind) {
    case Kind::TurnStarted: return QStringLiteral("turn-started");
    case Kind::RequestStarted: return QStringLiteral("request-started");
    case Kind::TextDelta: return QStringLiteral("text-delta");
    case Kind::ThinkingDelta: return QStringLiteral("thinking-delta");
    case Kind::ToolCallStarted: return QStringLiteral("tool-call-started");
    case Kind::MessageAppended: return QStringLiteral("message-appended");
    case Kind::ToolsSelected: return QStringLiteral("tools-selected");
    case Kind::ApprovalRequested: return QStringLiteral("approval-requested");
    case Kind::ApprovalResolved: return QStringLiteral("approval-resolved");
    case Kind::ToolExecutionStarted: return QStringLiteral("tool-execution-started");
    case Kind::ToolOutput: return QStringLiteral("tool-output");
    case Kind::ToolProgress: return QStringLiteral("tool-progress");
    case Kind::InteractionRequested: return QStringLiteral("interaction-requested");
    case Kind::InteractionResolved: return QStringLiteral("interaction-resolved");
    case Kind::ToolCallFinished: return QStringLiteral("tool-call-finished");
    case Kind::Retrying: return QStringLiteral("retrying");
    case Kind::UsageReported: return QStringLiteral("usage-reported");
    case Kind::ContextCompacted: return QStringLiteral("context-compacted");
    case Kind::CompactionFinished: return QStringLiteral("compaction-finished");
    case Kind::Warning: return QStringLiteral("warning");
    case Kind::Error: return QStringLiteral("error");
    case Kind::TurnFinished: return QStringLiteral("turn-finished");
    case Kind::ToolCallArgumentsDelta: return QStringLiteral("tool-call-arguments-delta");
    }
    return {};
}

namespace {
QJsonObject errorJson(const Error &error)
{
    QJsonObject json{{QStringLiteral("code"), error.code}, {QStringLiteral("message"), error.message}};
    if (!error.location.isEmpty())
        json.insert(QStringLiteral("location"), error.location);
    return json;
}
} // namespace

QJsonObject SessionEvent::toJson() const
{
    QJsonObject json{{QStringLiteral("event"), kindName(kind)}, {QStringLiteral("session"), sessionId}};
    if (turn >= 0)
        json.insert(QStringLiteral("turn"), turn);
    if (step >= 0)
        json.insert(QStringLiteral("step"), step);
    if (!text.isEmpty())
        json.insert(kind == Kind::TurnFinished ? QStringLiteral("reason")
                    : kind == Kind::RequestStarted ? QStringLiteral("model")
                    : kind == Kind::ApprovalResolved || kind == Kind::InteractionResolved ? QStringLiteral("answer")
                                                      : QStringLiteral("text"),
                    text);
    if (!callId.isEmpty())
        json.insert(QStringLiteral("callId"), callId);
    if (!toolName.isEmpty())
        json.insert(QStringLiteral("tool"), toolName);
    if (!requestId.isEmpty())
        json.insert(QStringLiteral("requestId"), requestId);
    if (!arguments.isUndefined())
        json.insert(QStringLiteral("arguments"), arguments);
    if (kind == Kind::MessageAppended || kind == Kind::TurnStarted)
        json.insert(QStringLiteral("message"), recordjson::toJson(message));
    if (kind == Kind::ToolCallFinished)
        json.insert(QStringLiteral("result"), recordjson::toJson(result));
    if (!usage.isEmpty())
        json.insert(QStringLiteral("usage"), recordjson::toJson(usage));
    if (cost)
        json.insert(QStringLiteral("costUsd"), *cost);
    if (kind == Kind::UsageReported || kind == Kind::TurnFinished)
        json.insert(QStringLiteral("totals"), totals.toJson());
    if (!error.code.isEmpty())
        json.insert(QStringLiteral("error"), errorJson(error));
    if (attempt > 0)
        json.insert(QStringLiteral("attempt"), attempt);
    if (durationMs >= 0)
        json.insert(QStringLiteral("durationMs"), durationMs);
    if (delayMs >= 0)
        json.insert(QStringLiteral("delayMs"), delayMs);
    for (auto it = details.constBegin(); it != details.constEnd(); ++it)
        json.insert(it.key(), it.value());
    return json;
}

} // namespace valis
