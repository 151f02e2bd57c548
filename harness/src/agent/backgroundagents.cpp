// The value types of background agents and of direct model calls' usage: names, JSON forms.
#include "valis/plugins/backgroundagents.h"

#include "valis/plugins/modelsampler.h"

#include <QJsonValue>

namespace valis {

namespace {

struct StateName
{
    AgentState state;
    const char *name;
};

constexpr StateName StateNames[] = {
    {AgentState::Queued, "queued"},       {AgentState::Running, "running"},         {AgentState::Finished, "finished"},
    {AgentState::Failed, "failed"},       {AgentState::OverBudget, "over-budget"}, {AgentState::Cancelled, "cancelled"},
    {AgentState::Interrupted, "interrupted"},
};

QString timestamp(const QDateTime &time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODateWithMs) : QString();
}

QDateTime timeOf(const QJsonValue &value)
{
    const QString text = value.toString();
    return text.isEmpty() ? QDateTime() : QDateTime::fromString(text, Qt::ISODateWithMs);
}

} // namespace

BackgroundAgents::~BackgroundAgents() = default;

QString agentStateName(AgentState state)
{
    for (const StateName &entry : StateNames) {
        if (entry.state == state)
            return QString::fromLatin1(entry.name);
    }
    return {};
}

std::optional<AgentState> agentStateFromName(const QString &name)
{
    for (const StateName &entry : StateNames) {
        if (name == QLatin1String(entry.name))
            return entry.state;
    }
    return std::nullopt;
}

bool agentStateIsFinal(AgentState state)
{
    return state != AgentState::Queued && state != AgentState::Running;
}

QJsonObject AgentInfo::toJson() const
{
    QJsonObject json{{QStringLiteral("version"), 1},
                     {QStringLiteral("state"), agentStateName(state)},
                     {QStringLiteral("title"), title},
                     {QStringLiteral("profile"), profile},
                     {QStringLiteral("tokens"), tokens},
                     {QStringLiteral("costUsd"), costUsd},
                     {QStringLiteral("delivered"), delivered},
                     {QStringLiteral("spawnedAt"), timestamp(spawnedAt)}};
    if (!progress.isEmpty())
        json.insert(QStringLiteral("progress"), progress);
    if (!answer.isEmpty())
        json.insert(QStringLiteral("answer"), answer);
    if (!stopReason.isEmpty())
        json.insert(QStringLiteral("stopReason"), stopReason);
    if (startedAt.isValid())
        json.insert(QStringLiteral("startedAt"), timestamp(startedAt));
    if (endedAt.isValid())
        json.insert(QStringLiteral("endedAt"), timestamp(endedAt));
    QJsonObject limits;
    if (budget.maxTokens > 0)
        limits.insert(QStringLiteral("maxTokens"), budget.maxTokens);
    if (budget.maxCostUsd)
        limits.insert(QStringLiteral("maxCostUsd"), *budget.maxCostUsd);
    if (!limits.isEmpty())
        json.insert(QStringLiteral("budget"), limits);
    return json;
}

AgentInfo AgentInfo::fromJson(const QJsonObject &json)
{
    AgentInfo info;
    // An unknown state (a newer version's) reads as interrupted: never as live.
    info.state = agentStateFromName(json.value(QLatin1String("state")).toString()).value_or(AgentState::Interrupted);
    info.title = json.value(QLatin1String("title")).toString();
    info.profile = json.value(QLatin1String("profile")).toString();
    info.progress = json.value(QLatin1String("progress")).toString();
    info.answer = json.value(QLatin1String("answer")).toString();
    info.stopReason = json.value(QLatin1String("stopReason")).toString();
    info.tokens = json.value(QLatin1String("tokens")).toInteger();
    info.costUsd = json.value(QLatin1String("costUsd")).toDouble();
    info.delivered = json.value(QLatin1String("delivered")).toBool();
    info.spawnedAt = timeOf(json.value(QLatin1String("spawnedAt")));
    info.startedAt = timeOf(json.value(QLatin1String("startedAt")));
    info.endedAt = timeOf(json.value(QLatin1String("endedAt")));
    const QJsonObject limits = json.value(QLatin1String("budget")).toObject();
    info.budget.maxTokens = limits.value(QLatin1String("maxTokens")).toInteger();
    if (limits.contains(QLatin1String("maxCostUsd")))
        info.budget.maxCostUsd = limits.value(QLatin1String("maxCostUsd")).toDouble();
    return info;
}

QJsonObject samplingUsageToJson(const SamplingOutcome &outcome)
{
    QJsonObject json{{QStringLiteral("model"), outcome.model}};
    const auto put = [&json](const char *key, qint64 value) {
        if (value >= 0)
            json.insert(QLatin1String(key), value);
    };
    put("inputTokens", outcome.usage.inputTokens);
    put("outputTokens", outcome.usage.outputTokens);
    put("cacheWriteTokens", outcome.usage.cacheWriteTokens);
    put("cacheReadTokens", outcome.usage.cacheReadTokens);
    if (outcome.costUsd)
        json.insert(QStringLiteral("costUsd"), *outcome.costUsd);
    return json;
}

Usage samplingUsageFromJson(const QJsonObject &json)
{
    const auto get = [&json](const char *key) {
        const QJsonValue value = json.value(QLatin1String(key));
        return value.isDouble() ? value.toInteger() : qint64(-1);
    };
    Usage usage;
    usage.inputTokens = get("inputTokens");
    usage.outputTokens = get("outputTokens");
    usage.cacheWriteTokens = get("cacheWriteTokens");
    usage.cacheReadTokens = get("cacheReadTokens");
    return usage;
}

std::optional<double> costFromUsageJson(const QJsonObject &json)
{
    const QJsonValue cost = json.value(QLatin1String("costUsd"));
    if (!cost.isDouble())
        return std::nullopt;
    return cost.toDouble();
}

} // namespace valis
