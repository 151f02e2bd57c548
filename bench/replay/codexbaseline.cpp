#include "baselinecommon.h"
#include "peerbaselines.h"

namespace valis::bench {

namespace {

const QString SummaryPrefix = QStringLiteral("codex-summary-");
const QString UserPrefix = QStringLiteral("codex-user-");

// Stand-ins of about the length of Codex's templates/compact/prompt.md and summary_prefix.md
// (the texts are ours): what the compaction turn and the summary message cost.
const QString CompactPrompt = QStringLiteral(
    "You are performing a context checkpoint compaction. Write a handoff summary for another model that will "
    "resume this task with only the summary and the user's messages. Include the current progress and the key "
    "decisions made, important context, constraints and user preferences, what remains to be done as clear next "
    "steps, and any data, examples or references needed to continue. Be concise and structured.");
const QString SummaryHeading = QStringLiteral(
    "Another language model started this task and wrote the summary below of what it did. Build on the work "
    "already done and avoid duplicating it:");

/// Codex's token estimate: four bytes a token.
qint64 approxTokens(const QString &text)
{
    return (qint64(text.toUtf8().size()) + 3) / 4;
}

/// `text` cut to about `tokens` tokens, keeping its beginning and its end.
QString truncatedMiddle(const QString &text, qint64 tokens)
{
    const qsizetype keep = qsizetype(qMax<qint64>(0, tokens * 4));
    if (text.size() <= keep)
        return text;
    const qsizetype head = keep / 2;
    const qsizetype tail = keep - head;
    const qint64 dropped = approxTokens(text.mid(head, text.size() - head - tail));
    return text.left(head) + QStringLiteral("\n…%1 tokens truncated…\n").arg(dropped) + text.right(tail);
}

/// A message the person wrote (not a tool result, not an earlier summary).
bool isUserMessage(const Message &message)
{
    return message.role == Role::User && !message.id.startsWith(SummaryPrefix) && !message.text().trimmed().isEmpty();
}

} // namespace

QJsonObject CodexBaseline::defaultSettings() const
{
    return QJsonObject{{QStringLiteral("compactAt"), 0.9}, {QStringLiteral("userMessageTokens"), 20000}};
}

Result<StrategyReport> CodexBaseline::apply(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &context)
{
    const double compactAt = context.settings.value(QLatin1String("compactAt")).toDouble(0.9);
    const qint64 userBudget = qint64(context.settings.value(QLatin1String("userMessageTokens")).toDouble(20000));
    StrategyReport report;
    const qint64 window = budget.contextWindow;
    const qint64 viewTokens = budget.viewTokens >= 0 ? budget.viewTokens : budget.count(view);
    const qint64 request = viewTokens + budget.fixedTokens + budget.correction;
    if (window <= 0 || double(request) < compactAt * double(window) || view.isEmpty())
        return report;

    // The compaction turn: this history, the compact prompt appended, same instructions and
    // tools. Its prefix up to what the last request held is read from the cache; when it does
    // not fit the window, Codex drops the oldest items until it does, and the cache is lost.
    const qint64 prompt = textTokens(budget, CompactPrompt);
    qint64 input = request + prompt;
    qint64 cached = qMax<qint64>(0, request - tokensOf(budget, view, context.firstNewMessage, int(view.size())));
    if (input > window) {
        input = window;
        cached = 0;
    }

    // The new history: the person's messages, newest first, up to 20,000 tokens, then the summary.
    QList<Message> kept;
    qint64 remaining = userBudget;
    for (int i = int(view.size()) - 1; i >= 0 && remaining > 0; --i) {
        const Message &message = view.at(i);
        if (!isUserMessage(message))
            continue;
        const QString text = message.text();
        const qint64 tokens = approxTokens(text);
        if (tokens <= remaining) {
            kept.prepend(message);
            remaining -= tokens;
        } else {
            kept.prepend(syntheticUser(message.id.startsWith(UserPrefix) ? message.id : UserPrefix + message.id, message.turn,
                                       truncatedMiddle(text, remaining)));
            remaining = 0;
        }
    }
    const QString summary = extractiveSummaryOf(view);
    const Message &last = view.constLast();
    const Message summaryMessage = syntheticUser(SummaryPrefix + last.id, last.turn, SummaryHeading + QLatin1Char('\n') + summary);
    QList<Message> replacement = kept;
    replacement.append(summaryMessage);

    ViewEdit edit;
    edit.kind = ViewEdit::Kind::ReplacePrefix;
    edit.lastMessageId = last.id;
    edit.messages = replacement;
    edit.item = QStringLiteral("span");
    edit.tokensBefore = viewTokens;
    edit.tokensAfter = tokensOf(budget, replacement, 0, int(replacement.size()));

    CompactionEvent event;
    event.action = QStringLiteral("compact");
    for (const Message &message : std::as_const(view))
        event.replaced.append(message.id);
    event.edits.append(edit);
    event.state.insert(QStringLiteral("summaryCall"), summaryCall(input, cached, textTokens(budget, summary)));
    view = replacement;
    report.events.append(event);
    return finishReport(report);
}

std::vector<std::unique_ptr<ContextStrategy>> makePeerBaselines()
{
    std::vector<std::unique_ptr<ContextStrategy>> baselines;
    baselines.push_back(std::make_unique<DeepAgentsBaseline>());
    baselines.push_back(std::make_unique<OpenHandsMaskingBaseline>());
    baselines.push_back(std::make_unique<OpenHandsCondenserBaseline>());
    baselines.push_back(std::make_unique<CodexBaseline>());
    return baselines;
}

} // namespace valis::bench
