#include "serversettings.h"

namespace valis::anthropicserver {

namespace {

QJsonObject count(QLatin1String type, qint64 value)
{
    return QJsonObject{{QStringLiteral("type"), QString(type)}, {QStringLiteral("value"), value}};
}

qint64 integer(const QJsonObject &settings, QLatin1String key, qint64 fallback)
{
    const QJsonValue value = settings.value(key);
    return value.isDouble() ? value.toInteger(fallback) : fallback;
}

} // namespace

QJsonObject ContextEditingSettings::defaults()
{
    const ContextEditingSettings d;
    return QJsonObject{{QStringLiteral("triggerInputTokens"), d.triggerInputTokens},
                       {QStringLiteral("triggerToolUses"), d.triggerToolUses},
                       {QStringLiteral("keepToolUses"), d.keepToolUses},
                       {QStringLiteral("clearAtLeastTokens"), d.clearAtLeastTokens},
                       {QStringLiteral("excludeTools"), QJsonArray()},
                       {QStringLiteral("clearToolInputs"), d.clearToolInputs},
                       {QStringLiteral("clearThinking"), d.clearThinking},
                       {QStringLiteral("keepThinkingTurns"), d.keepThinkingTurns}};
}

ContextEditingSettings ContextEditingSettings::from(const QJsonObject &settings)
{
    ContextEditingSettings s;
    s.triggerInputTokens = qMax<qint64>(1, integer(settings, QLatin1String("triggerInputTokens"), s.triggerInputTokens));
    s.triggerToolUses = qMax<qint64>(0, integer(settings, QLatin1String("triggerToolUses"), s.triggerToolUses));
    s.keepToolUses = qMax<qint64>(0, integer(settings, QLatin1String("keepToolUses"), s.keepToolUses));
    s.clearAtLeastTokens = qMax<qint64>(0, integer(settings, QLatin1String("clearAtLeastTokens"), s.clearAtLeastTokens));
    const QJsonArray excluded = settings.value(QLatin1String("excludeTools")).toArray();
    for (const QJsonValue &name : excluded) {
        if (name.isString() && !name.toString().isEmpty())
            s.excludeTools.append(name.toString());
    }
    s.clearToolInputs = settings.value(QLatin1String("clearToolInputs")).toBool(s.clearToolInputs);
    s.clearThinking = settings.value(QLatin1String("clearThinking")).toBool(s.clearThinking);
    const QJsonValue keepThinking = settings.value(QLatin1String("keepThinkingTurns"));
    if (keepThinking.isString() && keepThinking.toString() == QLatin1String("all"))
        s.keepThinkingTurns = -1;
    else if (keepThinking.isDouble())
        s.keepThinkingTurns = qMax<qint64>(-1, keepThinking.toInteger());
    return s;
}

QJsonArray ContextEditingSettings::edits(qint64 trigger, const QStringList &alsoExcluded) const
{
    QJsonArray edits;
    if (clearThinking) {
        QJsonObject thinking{{QStringLiteral("type"), QStringLiteral("clear_thinking_20251015")}};
        thinking.insert(QStringLiteral("keep"), keepThinkingTurns < 0
                                                    ? QJsonValue(QStringLiteral("all"))
                                                    : QJsonValue(count(QLatin1String("thinking_turns"), keepThinkingTurns)));
        edits.append(thinking);
    }
    QJsonObject tools{{QStringLiteral("type"), QStringLiteral("clear_tool_uses_20250919")}};
    tools.insert(QStringLiteral("trigger"), triggerToolUses > 0 ? count(QLatin1String("tool_uses"), triggerToolUses)
                                                                 : count(QLatin1String("input_tokens"), trigger));
    tools.insert(QStringLiteral("keep"), count(QLatin1String("tool_uses"), keepToolUses));
    if (clearAtLeastTokens > 0)
        tools.insert(QStringLiteral("clear_at_least"), count(QLatin1String("input_tokens"), clearAtLeastTokens));
    QStringList excluded = excludeTools;
    for (const QString &name : alsoExcluded) {
        if (!excluded.contains(name))
            excluded.append(name);
    }
    if (!excluded.isEmpty())
        tools.insert(QStringLiteral("exclude_tools"), QJsonArray::fromStringList(excluded));
    if (clearToolInputs)
        tools.insert(QStringLiteral("clear_tool_inputs"), true);
    edits.append(tools);
    return edits;
}

QJsonObject CompactionSettings::defaults()
{
    const CompactionSettings d;
    return QJsonObject{{QStringLiteral("triggerInputTokens"), d.triggerInputTokens},
                       {QStringLiteral("instructions"), d.instructions},
                       {QStringLiteral("simulatedSummaryTokens"), d.simulatedSummaryTokens}};
}

CompactionSettings CompactionSettings::from(const QJsonObject &settings)
{
    CompactionSettings s;
    s.triggerInputTokens = qMax(minimumCompactionTrigger,
                                integer(settings, QLatin1String("triggerInputTokens"), s.triggerInputTokens));
    s.instructions = settings.value(QLatin1String("instructions")).toString();
    s.simulatedSummaryTokens =
        qMax<qint64>(1, integer(settings, QLatin1String("simulatedSummaryTokens"), s.simulatedSummaryTokens));
    return s;
}

QJsonArray CompactionSettings::edits(qint64 trigger) const
{
    QJsonObject edit{{QStringLiteral("type"), QStringLiteral("compact_20260112")},
                     {QStringLiteral("trigger"), count(QLatin1String("input_tokens"), trigger)}};
    if (!instructions.isEmpty())
        edit.insert(QStringLiteral("instructions"), instructions);
    return QJsonArray{edit};
}

QJsonObject providerOptions(const QJsonArray &edits, QLatin1String beta)
{
    return QJsonObject{{QString(family),
                        QJsonObject{{QStringLiteral("context_management"), QJsonObject{{QStringLiteral("edits"), edits}}},
                                    {QStringLiteral("betas"), QJsonArray{QString(beta)}}}}};
}

qint64 effectiveTrigger(qint64 configured, qint64 targetTokens, qint64 minimum)
{
    const qint64 trigger = targetTokens > 0 ? qMin(configured, targetTokens) : configured;
    return qMax(minimum, trigger);
}

} // namespace valis::anthropicserver
