// Out-of-line destructors anchor the interfaces' vtables and type information in the harness,
// so plugins and the host agree on them; plus the small helpers of the interface value types.
#include "valis/plugins/contextstrategy.h"
#include "valis/plugins/embeddingplugin.h"
#include "valis/plugins/embeddingprovider.h"
#include "valis/plugins/modelsampler.h"
#include "valis/plugins/plugin.h"
#include "valis/plugins/provider.h"
#include "valis/plugins/providerevent.h"
#include "valis/plugins/providerfailure.h"
#include "valis/plugins/providerplugin.h"
#include "valis/plugins/providerstream.h"
#include "valis/plugins/sandbox.h"
#include "valis/plugins/sandboxplugin.h"
#include "valis/plugins/sandboxprocess.h"
#include "valis/plugins/strategyplugin.h"
#include "valis/plugins/subagentrunner.h"
#include "valis/plugins/toolinteraction.h"
#include "valis/plugins/toolinvocation.h"
#include "valis/plugins/toolplugin.h"
#include "valis/plugins/toolprovider.h"

namespace valis {

Plugin::~Plugin() = default;
void Plugin::shutdown() {}

ProviderPlugin::~ProviderPlugin() = default;
ToolPlugin::~ToolPlugin() = default;
StrategyPlugin::~StrategyPlugin() = default;
SandboxPlugin::~SandboxPlugin() = default;
EmbeddingPlugin::~EmbeddingPlugin() = default;
EmbeddingProvider::~EmbeddingProvider() = default;
EmbeddingRun::~EmbeddingRun() = default;

Provider::~Provider() = default;
ProviderStream::~ProviderStream() = default;
ToolProvider::~ToolProvider() = default;
QString ToolProvider::systemPromptSection(const ToolContext &) const { return {}; }
SubagentRun::~SubagentRun() = default;
SubagentRunner::~SubagentRunner() = default;
ToolInvocation::~ToolInvocation() = default;
void ToolInvocation::answerInteraction(const QString &, const ToolInteractionAnswer &) {}
SamplingRun::~SamplingRun() = default;
ModelSampler::~ModelSampler() = default;
QString ModelSampler::cheapModel() const { return model(); }

QString ToolInteraction::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Form: return QStringLiteral("form");
    case Kind::Url: return QStringLiteral("url");
    case Kind::Sampling: return QStringLiteral("sampling");
    }
    return {};
}

QString ToolInteractionAnswer::actionName(Action action)
{
    switch (action) {
    case Action::Accept: return QStringLiteral("accept");
    case Action::Decline: return QStringLiteral("decline");
    case Action::Cancel: return QStringLiteral("cancel");
    }
    return {};
}

bool ToolInteractionAnswer::actionFromName(QStringView name, Action *action)
{
    for (const Action candidate : {Action::Accept, Action::Decline, Action::Cancel}) {
        if (name == actionName(candidate)) {
            *action = candidate;
            return true;
        }
    }
    return false;
}
ContextStrategy::~ContextStrategy() = default;
QJsonObject ContextStrategy::defaultSettings() const
{
    return {};
}
QString ContextStrategy::systemPromptSection() const
{
    return {};
}
Sandbox::~Sandbox() = default;
SandboxProcess::~SandboxProcess() = default;

ProviderEvent ProviderEvent::makeTextDelta(const QString &text)
{
    ProviderEvent event;
    event.kind = Kind::TextDelta;
    event.text = text;
    return event;
}

ProviderEvent ProviderEvent::makeThinkingDelta(const QString &text)
{
    ProviderEvent event;
    event.kind = Kind::ThinkingDelta;
    event.text = text;
    return event;
}

ProviderEvent ProviderEvent::makeThinkingSignature(const QString &signature)
{
    ProviderEvent event;
    event.kind = Kind::ThinkingSignature;
    event.text = signature;
    return event;
}

ProviderEvent ProviderEvent::makeRedactedThinking(const QString &data)
{
    ProviderEvent event;
    event.kind = Kind::RedactedThinking;
    event.text = data;
    return event;
}

ProviderEvent ProviderEvent::makeToolCallStarted(const QString &callId, const QString &toolName)
{
    ProviderEvent event;
    event.kind = Kind::ToolCallStarted;
    event.callId = callId;
    event.toolName = toolName;
    return event;
}

ProviderEvent ProviderEvent::makeToolCallArgumentsDelta(const QString &callId, const QString &jsonPiece)
{
    ProviderEvent event;
    event.kind = Kind::ToolCallArgumentsDelta;
    event.callId = callId;
    event.text = jsonPiece;
    return event;
}

ProviderEvent ProviderEvent::makeToolCallFinished(const QString &callId)
{
    ProviderEvent event;
    event.kind = Kind::ToolCallFinished;
    event.callId = callId;
    return event;
}

ProviderEvent ProviderEvent::makeUsageReported(const Usage &usage)
{
    ProviderEvent event;
    event.kind = Kind::UsageReported;
    event.usage = usage;
    return event;
}

ProviderEvent ProviderEvent::makeStopped(const QString &stopReason, const QList<Part> &parts)
{
    ProviderEvent event;
    event.kind = Kind::Stopped;
    event.stopReason = stopReason;
    event.parts = parts;
    return event;
}

ProviderEvent ProviderEvent::makeContextEdited(const QJsonObject &details)
{
    ProviderEvent event;
    event.kind = Kind::ContextEdited;
    event.details = details;
    return event;
}

QString ProviderEvent::kindName(Kind kind)
{
    switch (kind) {
    case Kind::TextDelta: return QStringLiteral("text-delta");
    case Kind::ThinkingDelta: return QStringLiteral("thinking-delta");
    case Kind::ThinkingSignature: return QStringLiteral("thinking-signature");
    case Kind::RedactedThinking: return QStringLiteral("redacted-thinking");
    case Kind::ToolCallStarted: return QStringLiteral("tool-call-started");
    case Kind::ToolCallArgumentsDelta: return QStringLiteral("tool-call-arguments-delta");
    case Kind::ToolCallFinished: return QStringLiteral("tool-call-finished");
    case Kind::UsageReported: return QStringLiteral("usage-reported");
    case Kind::Stopped: return QStringLiteral("stopped");
    case Kind::ContextEdited: return QStringLiteral("context-edited");
    }
    return {};
}

QString ProviderFailure::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Transport: return QStringLiteral("transport");
    case Kind::Http: return QStringLiteral("http");
    case Kind::StreamError: return QStringLiteral("stream-error");
    case Kind::Interrupted: return QStringLiteral("interrupted");
    case Kind::Protocol: return QStringLiteral("protocol");
    case Kind::Timeout: return QStringLiteral("timeout");
    case Kind::Cancelled: return QStringLiteral("cancelled");
    }
    return {};
}

qint64 StrategyBudget::count(const QList<Message> &messages) const
{
    if (!countTokens)
        return -1;
    qint64 total = 0;
    for (const Message &message : messages)
        total += countTokens(message);
    return total;
}

void StrategyReport::collectReplaced()
{
    for (const CompactionEvent &event : std::as_const(events)) {
        for (const QString &id : event.replaced) {
            if (!replaced.contains(id))
                replaced.append(id);
        }
    }
}

qint64 StrategyBudget::requestTokens(const QList<Message> &view) const
{
    return qMax<qint64>(0, count(view) + fixedTokens + correction);
}

} // namespace valis
