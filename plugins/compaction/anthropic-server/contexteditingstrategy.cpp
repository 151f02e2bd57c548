#include "contexteditingstrategy.h"

#include "serversettings.h"
#include "valis/agent/contextpipeline.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

namespace valis {

using namespace anthropicserver;

namespace {

const QString ActionClearToolUses = QStringLiteral("server-clear-tool-uses");
const QString ActionClearThinking = QStringLiteral("server-clear-thinking");

qint64 partTokens(const StrategyBudget &budget, const Message &owner, const Part &part)
{
    Message single;
    single.role = owner.role;
    single.parts = {part};
    return budget.countTokens ? budget.countTokens(single) : part.searchText().size() / 4;
}

/// The way back to what memory holds stays even when the server clears a result: the pipeline
/// refuses views that lose a MemoryRef of a turn they still show.
QString noteFor(const Part &result)
{
    static const QRegularExpression memoryRef(QStringLiteral("\\[MemoryRef: [^\\]]*\\]"));
    QString note = clearedResultNote();
    QRegularExpressionMatchIterator it = memoryRef.globalMatch(result.resultText());
    while (it.hasNext())
        note += QLatin1Char(' ') + it.next().captured(0);
    return note;
}

struct ToolUse
{
    QString callId;
    QString toolName;
    int callMessage = -1;
    int callPart = -1;
    int resultMessage = -1;
    int resultPart = -1;
};

} // namespace

QString clearedResultNote()
{
    return QStringLiteral("[tool result cleared by the provider to save context]");
}

QString ContextEditingStrategy::id() const
{
    return QStringLiteral("anthropic-context-editing");
}

QJsonObject ContextEditingStrategy::defaultSettings() const
{
    return ContextEditingSettings::defaults();
}

QString ContextEditingStrategy::systemPromptSection() const
{
    // For the model; English.
    return QStringLiteral(
        "# Context\n"
        "To save room, the provider may clear old tool results from this conversation; a cleared result reads "
        "\"%1\". Run the tool again when you need such a result, and note in your own words what you will need later.")
        .arg(clearedResultNote());
}

Result<StrategyReport> ContextEditingStrategy::apply(QList<Message> &view, const StrategyBudget &budget,
                                                     const StrategyContext &context)
{
    const ContextEditingSettings settings = ContextEditingSettings::from(context.settings);
    const qint64 trigger = effectiveTrigger(settings.triggerInputTokens, budget.targetTokens);
    QStringList keep = context.keepResultsInContext.values();
    keep.sort();
    StrategyReport report;
    report.providerOptions = providerOptions(settings.edits(trigger, keep), contextManagementBeta);
    if (!context.simulateServerSide)
        return report;

    // The server sees the whole history every time: the trigger is judged on the request as if
    // nothing had been cleared yet.
    qint64 clearedBefore = 0;
    QSet<QString> clearedCalls;
    for (const CompactionEvent &event : context.history) {
        clearedBefore += event.state.value(QLatin1String("clearedTokens")).toInteger();
        const QJsonArray calls = event.state.value(QLatin1String("callIds")).toArray();
        for (const QJsonValue &call : calls)
            clearedCalls.insert(call.toString());
    }
    const qint64 viewTokens = budget.viewTokens >= 0 ? budget.viewTokens : budget.count(view);
    const qint64 uncleared = viewTokens + budget.fixedTokens + budget.correction + clearedBefore;

    QList<ToolUse> uses;
    QHash<QString, int> useOf;
    for (int m = 0; m < view.size(); ++m) {
        for (int p = 0; p < view.at(m).parts.size(); ++p) {
            const Part &part = view.at(m).parts.at(p);
            if (part.kind == PartKind::ToolCall && !useOf.contains(part.callId)) {
                useOf.insert(part.callId, int(uses.size()));
                uses.append(ToolUse{part.callId, part.toolName, m, p, -1, -1});
            } else if (part.kind == PartKind::ToolResult && useOf.contains(part.callId)) {
                ToolUse &use = uses[useOf.value(part.callId)];
                use.resultMessage = m;
                use.resultPart = p;
            }
        }
    }
    const bool triggered = settings.triggerToolUses > 0 ? uses.size() > settings.triggerToolUses : uncleared > trigger;

    QStringList calls;
    qint64 clearedNow = 0;
    CompactionEvent clearing;
    clearing.action = ActionClearToolUses;
    if (triggered || context.forced) {
        const qsizetype eligibleEnd = qMax<qsizetype>(0, uses.size() - settings.keepToolUses);
        for (qsizetype u = 0; u < eligibleEnd; ++u) {
            const ToolUse &use = uses.at(u);
            if (use.resultMessage < 0 || clearedCalls.contains(use.callId) || settings.excludeTools.contains(use.toolName)
                || context.keepResultsInContext.contains(use.toolName))
                continue;
            const Message &owner = view.at(use.resultMessage);
            const Part &result = owner.parts.at(use.resultPart);
            ViewEdit edit;
            edit.kind = ViewEdit::Kind::ReplacePart;
            edit.messageId = owner.id;
            edit.partIndex = use.resultPart;
            edit.part = Part::makeToolResultText(result.callId, noteFor(result), result.isError);
            edit.part.toolName = result.toolName;
            edit.item = QStringLiteral("tool-result");
            edit.tokensBefore = partTokens(budget, owner, result);
            edit.tokensAfter = partTokens(budget, owner, edit.part);
            clearedNow += edit.tokensBefore - edit.tokensAfter;
            clearing.edits.append(edit);
            if (settings.clearToolInputs) {
                const Message &caller = view.at(use.callMessage);
                const Part &call = caller.parts.at(use.callPart);
                ViewEdit input;
                input.kind = ViewEdit::Kind::ReplacePart;
                input.messageId = caller.id;
                input.partIndex = use.callPart;
                input.part = Part::makeToolCall(call.callId, call.toolName, QJsonObject());
                input.item = QStringLiteral("tool-input");
                input.tokensBefore = partTokens(budget, caller, call);
                input.tokensAfter = partTokens(budget, caller, input.part);
                clearedNow += input.tokensBefore - input.tokensAfter;
                clearing.edits.append(input);
            }
            calls.append(use.callId);
        }
        // Too little to be worth the cache it invalidates: the server leaves the prompt alone.
        if (clearedNow <= 0 || clearedNow < settings.clearAtLeastTokens) {
            clearing.edits.clear();
            calls.clear();
            clearedNow = 0;
        }
    }
    if (!clearing.edits.isEmpty()) {
        applyViewEdits(view, clearing.edits);
        clearing.state = QJsonObject{{QStringLiteral("callIds"), QJsonArray::fromStringList(calls)},
                                     {QStringLiteral("clearedTokens"), clearedNow},
                                     {QStringLiteral("clearedToolUses"), qint64(calls.size())},
                                     {QStringLiteral("simulated"), true}};
        for (const ViewEdit &edit : std::as_const(clearing.edits)) {
            if (!report.replaced.contains(edit.messageId))
                report.replaced.append(edit.messageId);
        }
        report.events.append(clearing);
    }

    if (settings.clearThinking && settings.keepThinkingTurns >= 0) {
        // Thinking of all but the last `keep` turns that have any goes, on every request.
        QList<int> turnsWithThinking;
        for (const Message &message : std::as_const(view)) {
            bool thinks = false;
            for (const Part &part : message.parts)
                thinks = thinks || (part.kind == PartKind::Thinking && !(part.text.isEmpty() && part.redactedData.isEmpty()));
            if (thinks && message.role == Role::Assistant && !turnsWithThinking.contains(message.turn))
                turnsWithThinking.append(message.turn);
        }
        const QSet<int> kept(turnsWithThinking.end() - qMin<qsizetype>(turnsWithThinking.size(), settings.keepThinkingTurns),
                             turnsWithThinking.end());
        CompactionEvent thinking;
        thinking.action = ActionClearThinking;
        qint64 thinkingCleared = 0;
        QSet<int> turnsCleared;
        for (const Message &message : std::as_const(view)) {
            if (message.role != Role::Assistant || kept.contains(message.turn))
                continue;
            for (int p = 0; p < message.parts.size(); ++p) {
                const Part &part = message.parts.at(p);
                if (part.kind != PartKind::Thinking || (part.text.isEmpty() && part.redactedData.isEmpty()))
                    continue;
                ViewEdit edit;
                edit.kind = ViewEdit::Kind::ReplacePart;
                edit.messageId = message.id;
                edit.partIndex = p;
                edit.part = Part::makeThinking(QString());
                edit.item = QStringLiteral("thinking");
                edit.tokensBefore = partTokens(budget, message, part);
                edit.tokensAfter = 0;
                thinkingCleared += edit.tokensBefore;
                turnsCleared.insert(message.turn);
                thinking.edits.append(edit);
            }
        }
        if (!thinking.edits.isEmpty()) {
            applyViewEdits(view, thinking.edits);
            thinking.state = QJsonObject{{QStringLiteral("clearedTokens"), thinkingCleared},
                                         {QStringLiteral("clearedThinkingTurns"), qint64(turnsCleared.size())},
                                         {QStringLiteral("simulated"), true}};
            for (const ViewEdit &edit : std::as_const(thinking.edits)) {
                if (!report.replaced.contains(edit.messageId))
                    report.replaced.append(edit.messageId);
            }
            report.events.append(thinking);
        }
    }
    return report;
}

} // namespace valis
