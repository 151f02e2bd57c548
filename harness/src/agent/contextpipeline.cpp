#include "valis/agent/contextpipeline.h"

#include "valis/memory/memoryref.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>

namespace valis {

namespace {
// Room kept free beside the output reserve: token estimates are not exact, and a request that
// overflows costs a round trip.
constexpr double SafetyMargin = 0.05;
constexpr qint64 PerMessageOverhead = 4;
constexpr qint64 PerPartOverhead = 3;
constexpr qint64 ImageTokens = 1600;

qint64 estimatePart(const Part &part)
{
    qint64 bytes = 0;
    switch (part.kind) {
    case PartKind::Text:
    case PartKind::Thinking:
        bytes = part.text.toUtf8().size() + part.redactedData.size() / 2;
        break;
    case PartKind::ToolCall:
        bytes = part.toolName.size() + part.argumentsJson().toUtf8().size();
        break;
    case PartKind::ToolResult: {
        qint64 tokens = PerPartOverhead;
        for (const Part &inner : part.content)
            tokens += estimatePart(inner);
        return tokens;
    }
    case PartKind::Image:
        return ImageTokens;
    }
    return PerPartOverhead + (bytes + 3) / 4;
}

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ContextPipeline)
};

// What the view shows, not Part::captured: a strategy that replaced the placeholder text
// leaves the key behind in the part while the model no longer sees it.
void collectRefs(const Part &part, QSet<QString> *keys)
{
    if (!part.text.isEmpty() && part.text.contains(QLatin1String("[MemoryRef: "))) {
        for (const MemoryRef &ref : MemoryRef::findAll(part.text))
            keys->insert(ref.key);
    }
    for (const Part &inner : part.content)
        collectRefs(inner, keys);
}

/// The MemoryRef keys each turn of `messages` shows.
QHash<int, QSet<QString>> memoryRefsByTurn(const QList<Message> &messages)
{
    QHash<int, QSet<QString>> refs;
    for (const Message &message : messages) {
        QSet<QString> &keys = refs[message.turn];
        for (const Part &part : message.parts)
            collectRefs(part, &keys);
    }
    return refs;
}

/// The first MemoryRef a strategy dropped from a turn it still shows, or an empty string.
QString droppedMemoryRef(const QHash<int, QSet<QString>> &before, const QList<Message> &after)
{
    const QHash<int, QSet<QString>> now = memoryRefsByTurn(after);
    for (auto it = now.cbegin(); it != now.cend(); ++it) {
        for (const QString &key : before.value(it.key())) {
            if (!it.value().contains(key))
                return key;
        }
    }
    return {};
}
} // namespace

void showCapturedResults(QList<Message> &messages)
{
    for (Message &message : messages) {
        for (Part &part : message.parts) {
            if (part.kind != PartKind::ToolResult || !part.captured.isCaptured())
                continue;
            QList<Part> shown{Part::makeText(part.captured.placeholder)};
            for (const Part &inner : std::as_const(part.content)) {
                if (inner.kind != PartKind::Text)
                    shown.append(inner);
            }
            part.content = shown;
        }
    }
}

QJsonObject CompactionEvent::toJson() const
{
    return {{QStringLiteral("strategy"), strategy},
            {QStringLiteral("tokensBefore"), tokensBefore},
            {QStringLiteral("tokensAfter"), tokensAfter},
            {QStringLiteral("replaced"), QJsonArray::fromStringList(replaced)}};
}

std::optional<Message> pinnedResultReminder(const QList<Message> &record, const QSet<QString> &pinnedTools)
{
    if (pinnedTools.isEmpty())
        return std::nullopt;
    for (qsizetype m = record.size() - 1; m >= 0; --m) {
        const Message &message = record.at(m);
        for (qsizetype p = message.parts.size() - 1; p >= 0; --p) {
            const Part &part = message.parts.at(p);
            if (part.kind != PartKind::ToolResult || part.isError || !pinnedTools.contains(part.toolName))
                continue;
            // The model has just read it: repeating it would only cost tokens.
            if (m == record.size() - 1)
                return std::nullopt;
            QString text;
            for (const Part &inner : part.content) {
                if (inner.kind == PartKind::Text)
                    text += inner.text;
            }
            Message reminder;
            reminder.role = Role::User;
            reminder.turn = record.constLast().turn;
            // Appended at the very end, after the cached prefix, so re-injecting it never
            // invalidates the prompt cache.
            reminder.parts.append(Part::makeText(QStringLiteral("<system-reminder>\nThe current plan (your latest %1), "
                                                                "for reference; update it as you go:\n%2\n</system-reminder>")
                                                     .arg(part.toolName, text)));
            return reminder;
        }
    }
    return std::nullopt;
}

qint64 estimateTokens(const Message &message)
{
    qint64 tokens = PerMessageOverhead;
    for (const Part &part : message.parts)
        tokens += estimatePart(part);
    return tokens;
}

void ContextPipeline::setModel(const ModelInfo &model, qint64 maxOutputTokens)
{
    m_contextWindow = model.contextWindow;
    m_outputReserve = maxOutputTokens > 0 ? maxOutputTokens : model.maxOutputTokens;
}

qint64 ContextPipeline::countTokens(const Message &message) const
{
    return m_counter ? m_counter(message) : estimateTokens(message);
}

qint64 ContextPipeline::targetTokens() const
{
    if (m_contextWindow <= 0)
        return -1;
    const qint64 reserve = qMin(m_outputReserve, m_contextWindow / 2);
    return qMax<qint64>(0, qint64(double(m_contextWindow - reserve) * (1.0 - SafetyMargin)));
}

ContextView ContextPipeline::build(const QList<Message> &record, int currentTurn, bool forceCompaction) const
{
    ContextView view;
    view.messages.reserve(record.size());
    for (const Message &message : record) {
        if (message.role != Role::System)
            view.messages.append(message);
    }
    showCapturedResults(view.messages);
    view.normalised = normaliseView(view.messages);

    StrategyBudget budget;
    budget.contextWindow = m_contextWindow;
    budget.targetTokens = targetTokens();
    budget.countTokens = [this](const Message &message) { return countTokens(message); };
    view.targetTokens = budget.targetTokens;
    view.estimatedTokens = budget.count(view.messages);

    const bool over = budget.targetTokens > 0 && view.estimatedTokens > budget.targetTokens;
    if (over || forceCompaction) {
        for (ContextStrategy *strategy : m_strategies) {
            if (!forceCompaction && budget.targetTokens > 0 && view.estimatedTokens <= budget.targetTokens)
                break;
            QList<Message> attempt = view.messages;
            const Result<StrategyReport> report = strategy->apply(attempt, budget);
            if (report.hasError()) {
                view.warnings.append(report.error());
                continue;
            }
            // A strategy may not break the view: normalise again, and count what it made.
            normaliseView(attempt);
            // Nor drop the way back to what memory holds: a turn it still shows keeps its
            // MemoryRefs (a turn it drops whole takes them along).
            const QString dropped = droppedMemoryRef(memoryRefsByTurn(view.messages), attempt);
            if (!dropped.isEmpty()) {
                view.warnings.append(Error(QStringLiteral("context.memoryref-dropped"),
                                           Text::tr("the context strategy \"%1\" removed the placeholder of %2 from a "
                                                    "turn it still shows; its result was not used")
                                               .arg(strategy->id(), dropped)));
                continue;
            }
            view.messages = attempt;
            const qint64 after = budget.count(view.messages);
            if (!report->replaced.isEmpty() || after != view.estimatedTokens)
                view.compactions.append({strategy->id(), view.estimatedTokens, after, report->replaced});
            view.estimatedTokens = after;
        }
    }

    if (std::optional<Message> reminder = pinnedResultReminder(record, m_pinnedTools)) {
        view.estimatedTokens += countTokens(*reminder);
        view.messages.append(*reminder);
    }
    if (m_tailReminders) {
        for (Message reminder : m_tailReminders()) {
            if (reminder.turn < 0 && !record.isEmpty())
                reminder.turn = record.constLast().turn;
            view.estimatedTokens += countTokens(reminder);
            view.messages.append(reminder);
        }
    }

    // The history before this turn's user message does not change while the turn runs.
    for (qsizetype i = view.messages.size() - 1; i >= 0; --i) {
        const Message &message = view.messages.at(i);
        if (message.turn >= 0 && message.turn < currentTurn) {
            view.stableHistoryEnd = int(i);
            break;
        }
    }
    return view;
}

} // namespace valis
