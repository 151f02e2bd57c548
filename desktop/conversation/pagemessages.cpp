#include "pagemessages.h"

#include "mcpui.h"

#include "historylabels.h"
#include "valis/agent/orchestratedtoolcaller.h"
#include "valis/agent/recallitems.h"
#include "valis/context/compactionevent.h"

#include <QJsonDocument>
#include <QLocale>

namespace valis {

namespace {

constexpr qsizetype MaxCompactionLines = 8;

QString roleLabel(Role role)
{
    switch (role) {
    case Role::System:
        return PageMessages::tr("System");
    case Role::User:
        return PageMessages::tr("You");
    case Role::Assistant:
        return PageMessages::tr("Assistant");
    case Role::Tool:
        return PageMessages::tr("Tool");
    }
    Q_UNREACHABLE();
}

// English needs the singular spelled out: there is no English translation to pick it.
QString linesText(qsizetype lines)
{
    return lines == 1 ? PageMessages::tr("1 line") : PageMessages::tr("%n lines", nullptr, int(lines));
}

QJsonObject block(const char *type)
{
    return QJsonObject{{QStringLiteral("type"), QLatin1String(type)}};
}

QString prettyArguments(const Part &call)
{
    if (!call.arguments.isObject() && !call.arguments.isArray())
        return call.argumentsJson();
    const QJsonDocument document = call.arguments.isObject() ? QJsonDocument(call.arguments.toObject())
                                                             : QJsonDocument(call.arguments.toArray());
    return QString::fromUtf8(document.toJson(QJsonDocument::Indented)).trimmed();
}

QJsonObject resultBlock(const Part &result)
{
    QJsonObject out = block("result");
    out.insert(QStringLiteral("callId"), result.callId);
    out.insert(QStringLiteral("name"), result.toolName);
    out.insert(QStringLiteral("isError"), result.isError);
    QString text = result.resultText();
    const qsizetype totalChars = text.size();
    const qsizetype totalLines = text.isEmpty() ? 0 : text.count(QLatin1Char('\n')) + (text.endsWith(QLatin1Char('\n')) ? 0 : 1);
    int images = 0;
    for (const Part &inner : result.content)
        images += inner.kind == PartKind::Image ? 1 : 0;
    qsizetype cutAt = qMin(totalChars, PageMessages::resultCharLimit);
    qsizetype newline = -1;
    for (qsizetype i = 0, lines = 0; i < cutAt; ++i) {
        if (text.at(i) == QLatin1Char('\n') && ++lines == PageMessages::resultLineLimit) {
            newline = i;
            break;
        }
    }
    if (newline >= 0)
        cutAt = newline;
    if (cutAt < totalChars) {
        if (cutAt > 0 && text.at(cutAt - 1).isHighSurrogate())
            --cutAt;
        text.truncate(cutAt);
        out.insert(QStringLiteral("cut"), PageMessages::tr("Showing %1 of %2 characters (%3 in all).")
                                              .arg(QLocale().toString(cutAt), QLocale().toString(totalChars), linesText(totalLines)));
    }
    out.insert(QStringLiteral("text"), text);
    QString summary = (result.isError ? PageMessages::tr("Error · %1") : PageMessages::tr("Result · %1")).arg(linesText(totalLines));
    if (images > 0)
        summary += images == 1 ? PageMessages::tr(" · 1 image") : PageMessages::tr(" · %n images", nullptr, images);
    if (result.captured.isCaptured()) {
        summary += PageMessages::tr(" · the model saw [MemoryRef: %1]").arg(result.captured.key);
        out.insert(QStringLiteral("memoryRef"), result.captured.key);
    }
    out.insert(QStringLiteral("summary"), summary);
    // The calls this call made (run_script's), as the record keeps them with its result.
    const QList<NestedCallRecord> children = NestedCallRecord::childrenOf(result);
    if (!children.isEmpty()) {
        QJsonArray list;
        for (const NestedCallRecord &child : children) {
            list.append(QJsonObject{{QStringLiteral("callId"), child.call.callId},
                                    {QStringLiteral("name"), child.call.toolName},
                                    {QStringLiteral("arguments"), child.call.argumentsJson().left(160)},
                                    {QStringLiteral("isError"), child.result.isError},
                                    {QStringLiteral("status"), child.result.isError ? PageMessages::tr("failed") : PageMessages::tr("done")}});
        }
        out.insert(QStringLiteral("children"), list);
        out.insert(QStringLiteral("childrenTitle"), PageMessages::tr("%n tool call(s) made by this call", nullptr, int(children.size())));
    }
    return out;
}

QString recallKindLabel(RecallItemKind kind)
{
    switch (kind) {
    case RecallItemKind::Tickler:
        return PageMessages::tr("Worth checking");
    case RecallItemKind::Lesson:
        return PageMessages::tr("Lesson");
    case RecallItemKind::Reference:
        return PageMessages::tr("Reference");
    }
    return {};
}

/// The "Recalled" block: each item the recall step gave the model, and why it was chosen.
QJsonObject recalledBlock(const RecallOutcome &outcome)
{
    QJsonObject out = block("recalled");
    out.insert(QStringLiteral("title"), PageMessages::tr("Recalled: %n item(s) in %1 ms", nullptr, int(outcome.items.size()))
                                            .arg(outcome.elapsedMs));
    QJsonArray items;
    for (const RecallItem &item : outcome.items) {
        QStringList why;
        why << PageMessages::tr("found by %1").arg(item.foundBy.isEmpty() ? PageMessages::tr("retrieval") : item.foundBy);
        for (auto it = item.scores.constBegin(); it != item.scores.constEnd(); ++it)
            why << PageMessages::tr("%1 score %2").arg(it.key(), QLocale().toString(it.value(), 'g', 3));
        why << PageMessages::tr("relevance %1").arg(QLocale().toString(item.relevance, 'f', 2));
        if (!item.reason.isEmpty())
            why << (outcome.filter == QLatin1String("threshold") ? item.reason
                                                                 : PageMessages::tr("%1 says: %2").arg(outcome.filter, item.reason));
        if (item.late)
            why << PageMessages::tr("recalled late, for the previous turn");
        QJsonObject shown{{QStringLiteral("kind"), recallItemKindName(item.kind)},
                          {QStringLiteral("label"), recallKindLabel(item.kind)},
                          {QStringLiteral("text"), item.text},
                          {QStringLiteral("why"), why.join(QStringLiteral(" · "))}};
        if (!item.memoryKey.isEmpty())
            shown.insert(QStringLiteral("memoryRef"), item.memoryKey);
        items.append(shown);
    }
    out.insert(QStringLiteral("items"), items);
    return out;
}

QJsonObject compactionBlock(const CompactionEvent &event)
{
    QJsonObject out = block("compaction");
    const qint64 saved = event.tokensBefore >= 0 && event.tokensAfter >= 0 ? event.tokensBefore - event.tokensAfter : -1;
    QString title = PageMessages::tr("Context %1 by %2").arg(event.action, event.strategy);
    if (saved > 0)
        title += PageMessages::tr(": %1 → %2 tokens (%3 saved)")
                     .arg(QLocale().toString(event.tokensBefore), QLocale().toString(event.tokensAfter),
                          QLocale().toString(saved));
    out.insert(QStringLiteral("title"), title);
    QJsonArray lines;
    QString transcript;
    for (const ViewEdit &edit : event.edits) {
        if (edit.pointer.startsWith(QLatin1String("/context/transcripts/")) && edit.pointer.endsWith(QLatin1String(".md")))
            transcript = edit.pointer;
        if (lines.size() == MaxCompactionLines)
            continue;
        QString line = PageMessages::tr("%1 → %2").arg(edit.item, edit.pointer.isEmpty() ? PageMessages::tr("(summary)") : edit.pointer);
        if (edit.tokensBefore >= 0 && edit.tokensAfter >= 0)
            line += PageMessages::tr(" (%1 → %2 tokens)").arg(QLocale().toString(edit.tokensBefore), QLocale().toString(edit.tokensAfter));
        lines.append(line);
    }
    if (event.edits.size() > MaxCompactionLines)
        lines.append(PageMessages::tr("… and %n more", nullptr, int(event.edits.size() - MaxCompactionLines)));
    for (const QString &pointer : event.pointers) {
        if (transcript.isEmpty() && pointer.startsWith(QLatin1String("/context/transcripts/")) && pointer.endsWith(QLatin1String(".md")))
            transcript = pointer;
    }
    out.insert(QStringLiteral("lines"), lines);
    if (!transcript.isEmpty())
        out.insert(QStringLiteral("transcript"), transcript);
    return out;
}

} // namespace

QJsonObject PageMessages::message(const Message &message)
{
    QJsonObject out{
        {QStringLiteral("id"), message.id},
        {QStringLiteral("role"), roleName(message.role)},
        {QStringLiteral("roleLabel"), roleLabel(message.role)},
    };
    QStringList meta;
    if (message.seq >= 0)
        meta.append(QStringLiteral("#%1").arg(message.seq));
    if (message.createdAt.isValid())
        meta.append(QLocale().toString(message.createdAt.toLocalTime(), QLocale::ShortFormat));
    if (!message.model.isEmpty() && message.role == Role::Assistant)
        meta.append(message.model);
    out.insert(QStringLiteral("meta"), meta.join(QStringLiteral(" · ")));

    QJsonArray blocks;
    if (const auto event = CompactionEvent::fromMessage(message)) {
        if (event->ok()) {
            blocks.append(compactionBlock(event->value()));
        } else {
            QJsonObject text = block("text");
            text.insert(QStringLiteral("text"), tr("A compaction event that cannot be read: %1").arg(event->error().toString()));
            blocks.append(text);
        }
        out.insert(QStringLiteral("blocks"), blocks);
        return out;
    }
    if (isRecallMessage(message)) {
        out.insert(QStringLiteral("role"), QStringLiteral("recall"));
        out.insert(QStringLiteral("roleLabel"), tr("Recalled"));
        blocks.append(recalledBlock(RecallOutcome::fromJson(message.metadata.value(RecallMetadataKey).toObject())));
        out.insert(QStringLiteral("blocks"), blocks);
        return out;
    }
    if (message.metadata.contains(QLatin1String("backgroundAgents"))) {
        // The answers of background agents, recorded for the model as a reminder: shown as what
        // they are, not as something the person typed.
        out.insert(QStringLiteral("role"), QStringLiteral("recall"));
        out.insert(QStringLiteral("roleLabel"), tr("Background agents"));
        QString text = message.text();
        text.remove(QStringLiteral("<system-reminder>"));
        text.remove(QStringLiteral("</system-reminder>"));
        QJsonObject reported = block("text");
        reported.insert(QStringLiteral("text"), text.trimmed());
        blocks.append(reported);
        out.insert(QStringLiteral("blocks"), blocks);
        return out;
    }
    if (const QString history = historyStrategyOf(message); !history.isEmpty()) {
        QJsonObject text = block("text");
        text.insert(QStringLiteral("text"), tr("From here on the model sees the history as: %1").arg(historyStrategyLabel(history)));
        blocks.append(text);
        out.insert(QStringLiteral("blocks"), blocks);
        return out;
    }
    for (const Part &part : message.parts) {
        switch (part.kind) {
        case PartKind::Text: {
            QJsonObject text = block("text");
            text.insert(QStringLiteral("text"), part.text);
            blocks.append(text);
            break;
        }
        case PartKind::Thinking: {
            QJsonObject thinking = block("thinking");
            thinking.insert(QStringLiteral("text"), part.text.isEmpty() ? tr("(redacted thinking)") : part.text);
            blocks.append(thinking);
            break;
        }
        case PartKind::ToolCall: {
            QJsonObject call = block("call");
            call.insert(QStringLiteral("callId"), part.callId);
            call.insert(QStringLiteral("name"), part.toolName);
            call.insert(QStringLiteral("arguments"), prettyArguments(part));
            if (const QString server = McpUi::serverOfToolName(part.toolName); !server.isEmpty())
                call.insert(QStringLiteral("server"), server);
            blocks.append(call);
            break;
        }
        case PartKind::ToolResult:
            blocks.append(resultBlock(part));
            break;
        case PartKind::Image: {
            QJsonObject image = block("image");
            image.insert(QStringLiteral("label"), tr("[image, %1]").arg(part.image.mediaType));
            blocks.append(image);
            break;
        }
        }
    }
    out.insert(QStringLiteral("blocks"), blocks);
    return out;
}

QJsonArray PageMessages::messages(const QList<Message> &messages, qsizetype from, qsizetype to)
{
    QJsonArray out;
    for (qsizetype i = qMax<qsizetype>(0, from); i < qMin(to, messages.size()); ++i)
        out.append(message(messages.at(i)));
    return out;
}

} // namespace valis
