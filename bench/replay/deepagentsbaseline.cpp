#include "baselinecommon.h"
#include "peerbaselines.h"

#include "valis/context/contextarchive.h"
#include "valis/context/replayer.h"
#include "valis/record/recordjson.h"

#include <QSet>

namespace valis::bench {

namespace {

const QString SummaryPrefix = QStringLiteral("deepagents-summary-");

// Tools whose results are never evicted: they cut their own output, or re-reading a cut file
// would not help (filesystem.py, TOOLS_EXCLUDED_FROM_EVICTION).
const QSet<QString> &excludedFromEviction()
{
    static const QSet<QString> tools{QStringLiteral("ls"),        QStringLiteral("glob"),      QStringLiteral("grep"),
                                     QStringLiteral("read_file"), QStringLiteral("edit_file"), QStringLiteral("write_file")};
    return tools;
}

// A stand-in of about the length of LangChain's DEFAULT_SUMMARY_PROMPT, for what the
// summarisation call costs (the text itself is ours).
const QString SummaryInstruction = QStringLiteral(
    "You are a context extraction assistant. The conversation below is about to be cut from your working memory "
    "because it no longer fits. Extract the context that matters most for continuing the task: the goal, the "
    "decisions taken and why, the files and commands involved, what was tried and failed, and what remains to be "
    "done. Keep exact names, paths, numbers and error messages. Leave out small talk and anything already "
    "resolved that has no bearing on what comes next. Answer with the extracted context only.\n\n"
    "<messages>\nMessages to summarize:\n%1\n</messages>");

/// The tool call id as a file name (deepagents' sanitize_tool_call_id: no dots or slashes).
QString sanitizedCallId(QString callId)
{
    callId.replace(QLatin1Char('.'), QLatin1Char('_'));
    callId.replace(QLatin1Char('/'), QLatin1Char('_'));
    callId.replace(QLatin1Char('\\'), QLatin1Char('_'));
    return callId.isEmpty() ? QStringLiteral("call") : callId;
}

/// Lines numbered as read_file shows them, each cut at 1,000 characters.
QString numbered(const QStringList &lines, qsizetype firstNumber)
{
    QString text;
    for (qsizetype i = 0; i < lines.size(); ++i)
        text += QStringLiteral("%1\t%2\n").arg(firstNumber + i, 6).arg(lines.at(i).left(1000));
    return text;
}

/// What the model reads in place of an evicted result: where it is, how to read it, and its
/// first and last five lines.
QString evictionNotice(const QString &callId, const QString &path, const QString &content)
{
    QStringList lines = content.split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.constLast().isEmpty())
        lines.removeLast();
    QString preview;
    if (lines.size() <= 10) {
        preview = numbered(lines, 1);
    } else {
        preview = numbered(lines.mid(0, 5), 1) + QStringLiteral("... [%1 lines truncated] ...\n").arg(lines.size() - 10)
                  + numbered(lines.mid(lines.size() - 5), lines.size() - 4);
    }
    return QStringLiteral("The result of tool call %1 was too large for the context, so it was saved to %2.\n"
                          "Read it with the read_file tool a part at a time (offset and limit), e.g. the first 100 "
                          "lines with offset=0 and limit=100.\n\nThe start and end of the result:\n\n%3")
        .arg(callId, path, preview);
}

/// write_file / edit_file arguments over `maxChars` cut to their first 20 characters, as the
/// summarisation middleware does to the messages it summarises.
Message truncatedArguments(const Message &message, int maxChars)
{
    Message copy = message;
    bool changed = false;
    for (Part &part : copy.parts) {
        if (part.kind != PartKind::ToolCall || !part.arguments.isObject())
            continue;
        const QString tool = canonicalTool(part.toolName);
        if (tool != QLatin1String("write_file") && tool != QLatin1String("edit_file"))
            continue;
        QJsonObject arguments = part.arguments.toObject();
        bool cut = false;
        for (auto it = arguments.begin(); it != arguments.end(); ++it) {
            if (it.value().isString() && it.value().toString().size() > maxChars) {
                it.value() = QJsonValue(QString(it.value().toString().left(20) + QStringLiteral("...(argument truncated)")));
                cut = true;
            }
        }
        if (cut) {
            part.arguments = arguments;
            part.argumentsText.reset();
            changed = true;
        }
    }
    return changed ? copy : message;
}

/// The messages as the history file keeps them: one line per message with its role (LangChain's
/// get_buffer_string), tool calls with their arguments.
QString bufferString(const QList<Message> &messages)
{
    QStringList lines;
    for (const Message &message : messages) {
        QString role;
        switch (message.role) {
        case Role::User:
            role = QStringLiteral("Human");
            break;
        case Role::Assistant:
            role = QStringLiteral("AI");
            break;
        case Role::Tool:
            role = QStringLiteral("Tool");
            break;
        case Role::System:
            role = QStringLiteral("System");
            break;
        }
        QString text;
        for (const Part &part : message.parts) {
            switch (part.kind) {
            case PartKind::Text:
                text += part.text;
                break;
            case PartKind::ToolCall:
                text += QStringLiteral("\n[tool call %1 %2] %3").arg(part.toolName, part.callId, part.argumentsJson());
                break;
            case PartKind::ToolResult:
                text += part.resultText();
                break;
            case PartKind::Thinking:
            case PartKind::Image:
                break;
            }
        }
        lines.append(role + QStringLiteral(": ") + text);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

QJsonObject DeepAgentsBaseline::defaultSettings() const
{
    return QJsonObject{{QStringLiteral("evictTokens"), 20000},
                       {QStringLiteral("charsPerToken"), 4},
                       {QStringLiteral("triggerFraction"), 0.85},
                       {QStringLiteral("keepFraction"), 0.10},
                       {QStringLiteral("truncateArgsMaxChars"), 2000}};
}

QString DeepAgentsBaseline::systemPromptSection() const
{
    // The gist of what the filesystem middleware tells the model, in our words.
    return QStringLiteral(
        "Tool results too large for the context are saved under /large_tool_results/ and shown as a preview; read "
        "them with read_file a part at a time. When the conversation is summarised, the earlier messages are saved "
        "under /conversation_history/ and the summary names the file.");
}

Result<StrategyReport> DeepAgentsBaseline::apply(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &context)
{
    const QJsonObject settings = context.settings;
    const qint64 evictChars = qint64(settings.value(QLatin1String("evictTokens")).toDouble(20000)
                                     * settings.value(QLatin1String("charsPerToken")).toDouble(4));
    const double triggerFraction = settings.value(QLatin1String("triggerFraction")).toDouble(0.85);
    const double keepFraction = settings.value(QLatin1String("keepFraction")).toDouble(0.10);
    const int truncateChars = settings.value(QLatin1String("truncateArgsMaxChars")).toInt(2000);
    auto *replayArchive = dynamic_cast<ReplayArchive *>(context.archive);

    StrategyReport report;
    qint64 viewTokens = budget.viewTokens >= 0 ? budget.viewTokens : budget.count(view);

    // Large results leave as they arrive (the middleware's wrap_tool_call), so only new ones.
    CompactionEvent offload;
    offload.action = QStringLiteral("offload");
    if (context.archive) {
        for (int i = qMax(0, context.firstNewMessage); i < view.size(); ++i) {
            for (int p = 0; p < view.at(i).parts.size(); ++p) {
                const Part &part = view.at(i).parts.at(p);
                if (part.kind != PartKind::ToolResult)
                    continue;
                const QString text = part.resultText();
                if (text.size() <= evictChars)
                    continue;
                const QString tool = part.toolName.isEmpty() ? toolOfCall(view, part.callId, i) : part.toolName;
                if (excludedFromEviction().contains(canonicalTool(tool)))
                    continue;
                const QString wanted = QStringLiteral("/large_tool_results/") + sanitizedCallId(part.callId);
                const Result<QString> path = replayArchive ? replayArchive->storeFile(wanted, text.toUtf8())
                                                           : context.archive->storeResult(text.toUtf8(), QStringLiteral("txt"), {});
                if (path.hasError())
                    continue; // left in place: nothing may leave without its way back
                Part replacement = part;
                replacement.content = {Part::makeText(evictionNotice(part.callId, path.value(), text))};
                for (const Part &inner : part.content) {
                    if (inner.kind != PartKind::Text)
                        replacement.content.append(inner);
                }
                ViewEdit edit;
                edit.kind = ViewEdit::Kind::ReplacePart;
                edit.messageId = view.at(i).id;
                edit.partIndex = p;
                edit.part = replacement;
                edit.item = QStringLiteral("tool-result");
                edit.pointer = path.value();
                edit.tokensBefore = partTokens(budget, part);
                edit.tokensAfter = partTokens(budget, replacement);
                viewTokens += edit.tokensAfter - edit.tokensBefore;
                view[i].parts[p] = replacement;
                offload.edits.append(edit);
                offload.pointers.append(path.value());
                offload.replaced.append(view.at(i).id);
            }
        }
    }
    if (!offload.edits.isEmpty())
        report.events.append(offload);

    // Summarisation: at 85% of the window, or when the request would not fit at all (the
    // middleware's fallback on a context-overflow error).
    const qint64 window = budget.contextWindow;
    const qint64 request = viewTokens + budget.fixedTokens + budget.correction;
    if (window > 0 && (double(request) >= triggerFraction * double(window) || request > window)) {
        // Keep the most recent messages that fit in 10% of the window, then move the cut back to
        // where no tool result is parted from its call.
        const qint64 keep = qMax<qint64>(1, qint64(keepFraction * double(window)));
        qint64 tail = 0;
        int cut = int(view.size());
        for (int i = int(view.size()) - 1; i >= 0; --i) {
            const qint64 tokens = budget.countTokens(view.at(i));
            if (tail + tokens > keep)
                break;
            tail += tokens;
            cut = i;
        }
        if (cut >= view.size())
            cut = int(view.size()) - 1; // the newest message stays whatever its size
        while (cut > 0 && view.at(cut).role == Role::Tool)
            --cut;
        if (cut > 0) {
            const QList<Message> span = view.mid(0, cut);
            QList<Message> summarised;
            QList<Message> offloaded; // previous summaries are not written to the history again
            for (const Message &message : span) {
                const Message shown = truncatedArguments(message, truncateChars);
                summarised.append(shown);
                if (!message.id.startsWith(SummaryPrefix))
                    offloaded.append(shown);
            }
            if (offloaded.isEmpty())
                return finishReport(report); // only the last summary is old enough: nothing new to summarise
            const QString thread = context.sessionId.isEmpty() ? QStringLiteral("replay") : context.sessionId;
            const QString historyPath = QStringLiteral("/conversation_history/") + thread + QStringLiteral(".md");
            QByteArray history;
            if (context.archive) {
                const Result<QByteArray> existing = context.archive->read(historyPath);
                if (existing.ok())
                    history = existing.value();
            }
            const QDateTime when = span.constLast().createdAt;
            history += QStringLiteral("## Summarized at %1\n\n%2\n\n")
                           .arg(when.isValid() ? recordjson::formatTimestamp(when) : QStringLiteral("T-%1").arg(span.constLast().turn),
                                bufferString(offloaded))
                           .toUtf8();
            QString pointer;
            if (replayArchive) {
                const Result<QString> stored = replayArchive->storeFile(historyPath, history);
                if (stored.ok())
                    pointer = stored.value();
            } else if (context.archive) {
                const Result<QString> stored = context.archive->storeResult(history, QStringLiteral("md"), {});
                if (stored.ok())
                    pointer = stored.value();
            }

            const QString summary = extractiveSummaryOf(summarised);
            const QString text =
                pointer.isEmpty()
                    ? QStringLiteral("A summary of the conversation so far:\n\n%1").arg(summary)
                    : QStringLiteral("This conversation was summarised to make room. Every earlier message is saved in %1; "
                                     "read it when you need a detail the summary leaves out.\n\n<summary>\n%2\n</summary>")
                          .arg(pointer, summary);
            const Message &last = span.constLast();
            const Message replacement = syntheticUser(SummaryPrefix + last.id, last.turn, text);

            ViewEdit edit;
            edit.kind = ViewEdit::Kind::ReplacePrefix;
            edit.lastMessageId = last.id;
            edit.messages = {replacement};
            edit.item = QStringLiteral("span");
            edit.pointer = pointer;
            edit.tokensBefore = tokensOf(budget, view, 0, cut);
            edit.tokensAfter = budget.countTokens(replacement);
            CompactionEvent event;
            event.action = QStringLiteral("summarise");
            for (const Message &message : span)
                event.replaced.append(message.id);
            event.edits.append(edit);
            if (!pointer.isEmpty())
                event.pointers.append(pointer);
            // A separate summarisation prompt: nothing of it is in the prompt cache.
            event.state.insert(QStringLiteral("summaryCall"),
                               summaryCall(textTokens(budget, SummaryInstruction.arg(bufferString(summarised))), 0,
                                           textTokens(budget, summary)));
            QList<Message> shown{replacement};
            shown.append(view.mid(cut));
            view = shown;
            report.events.append(event);
        }
    }

    return finishReport(report);
}

} // namespace valis::bench
