#include "offload.h"

#include "evict.h"
#include "pointertext.h"
#include "valis/context/contextarchive.h"

namespace valis::progressive {

QHash<QString, QString> toolNamesByCall(const QList<Message> &messages, int from)
{
    QHash<QString, QString> names;
    for (int i = qMax(0, from); i < messages.size(); ++i) {
        for (const Part &part : messages.at(i).parts) {
            if (part.kind == PartKind::ToolCall)
                names.insert(part.callId, part.toolName);
        }
    }
    return names;
}

std::optional<CompactionEvent> offloadLargeResults(WorkingView &view, QList<Error> *warnings)
{
    const StrategyContext &context = view.context();
    ContextArchive *archive = context.archive;
    if (!archive)
        return std::nullopt;
    QList<Message> &messages = view.messages();
    // Calls sit just before their results; a little look-back finds a call of the new results.
    const QHash<QString, QString> callTools = toolNamesByCall(messages, context.firstNewMessage - 4);
    // In a small window a fifth of it is already a huge result.
    const qint64 usable = usableWindow(view);
    const qint64 threshold = usable > 0 ? qMin(view.settings().offloadTokens, usable / 5) : view.settings().offloadTokens;
    CompactionEvent event;
    event.action = QStringLiteral("offload");
    for (int i = qMax(0, context.firstNewMessage); i < messages.size(); ++i) {
        for (int p = 0; p < messages.at(i).parts.size(); ++p) {
            const Part &part = messages.at(i).parts.at(p);
            if (part.kind != PartKind::ToolResult || part.captured.isCaptured())
                continue;
            const QString tool = part.toolName.isEmpty() ? callTools.value(part.callId) : part.toolName;
            if (view.keepsResults(tool) || context.pinnedMessages.contains(messages.at(i).id))
                continue;
            const qint64 tokens = view.partTokens(part);
            if (tokens <= threshold)
                continue;
            const QString text = part.resultText();
            const Result<QString> path = archive->storeResult(
                text.toUtf8(), QStringLiteral("txt"),
                {{QStringLiteral("item"), QStringLiteral("tool-result")},
                 {QStringLiteral("tool"), tool},
                 {QStringLiteral("callId"), part.callId},
                 {QStringLiteral("messageId"), messages.at(i).id},
                 {QStringLiteral("turn"), messages.at(i).turn},
                 {QStringLiteral("description"), QStringLiteral("%1 result").arg(tool.isEmpty() ? QStringLiteral("tool") : tool)}});
            if (path.hasError()) {
                // Left in place: a result that cannot be archived must not lose its way back.
                warnings->append(path.error());
                continue;
            }
            Part replacement = part;
            replacement.content = {Part::makeText(offloadPreview(tool, text, tokens, path.value(), view.settings().previewHeadLines,
                                                                 view.settings().previewTailLines))};
            for (const Part &inner : part.content) {
                if (inner.kind != PartKind::Text)
                    replacement.content.append(inner);
            }
            event.edits.append(view.replacePart(i, p, replacement, QStringLiteral("tool-result"), path.value()));
            event.pointers.append(path.value());
            event.replaced.append(messages.at(i).id);
        }
    }
    if (event.edits.isEmpty())
        return std::nullopt;
    return event;
}

} // namespace valis::progressive
