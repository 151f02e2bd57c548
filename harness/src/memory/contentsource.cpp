#include "valis/memory/contentsource.h"

#include "valis/memory/detailstore.h"
#include "valis/memory/documentstore.h"
#include "valis/record/message.h"
#include "valis/store/sessionstore.h"

#include <QFileInfo>
#include <QRegularExpression>

namespace valis {

// Messages here reach the model as tool results: English, not tr()'d.

namespace {

Result<ResolvedContent> fromRecord(const DetailStore &memory, const QString &key, const QString &origin)
{
    const Result<MemoryRecord> record = memory.get(key);
    if (record.hasError()) {
        if (record.error().code == QLatin1String("memory.unknown-key")) {
            const QStringList similar = memory.similarKeys(key, 3);
            QString text = QStringLiteral("No stored content has the key \"%1\".").arg(key);
            if (!similar.isEmpty())
                text += QStringLiteral(" Similar keys: %1.").arg(similar.join(QStringLiteral(", ")));
            text += QStringLiteral(" Copy the key from its [MemoryRef: ...] line or from list_documents.");
            return Error(QStringLiteral("content.unknown-key"), text);
        }
        return Error(QStringLiteral("content.unavailable"),
                     QStringLiteral("The content of %1 cannot be read: %2").arg(key, record.error().message));
    }
    ResolvedContent content;
    content.bytes = record->content;
    content.origin = origin;
    content.key = key;
    content.summary = record->summary;
    return content;
}

Result<ResolvedContent> fromKey(const DetailStore *memory, const ContentSourceRequest &request)
{
    const QString key = contentKeyFrom(request.fromKey);
    if (key.isEmpty())
        return Error(QStringLiteral("content.invalid"), QStringLiteral("`from_key` holds no key."));
    if (!memory) {
        return Error(QStringLiteral("content.unavailable"),
                     QStringLiteral("This session has no memory store, so there is no content stored under %1.").arg(key));
    }
    if (!DocumentStore::isDocumentKey(key))
        return fromRecord(*memory, key, QStringLiteral("MemoryRef ") + key);

    // DocumentStore only reads here; the const_cast spares it a read-only twin of every call.
    DocumentStore documents(const_cast<DetailStore &>(*memory));
    const Result<DocumentInfo> info = documents.find(request.agentId, key);
    if (info.hasError()) {
        if (info.error().code == QLatin1String("document.unknown")) {
            return Error(QStringLiteral("content.unknown-key"),
                         QStringLiteral("There is no document %1 (list_documents lists the documents kept).").arg(key));
        }
        return Error(QStringLiteral("content.unavailable"), info.error().message);
    }
    if (info->state != DocumentInfo::State::Active) {
        return Error(QStringLiteral("content.deleted"),
                     QStringLiteral("Document %1 was %2 on %3; its content is gone.")
                         .arg(key, info->state == DocumentInfo::State::Expired ? QStringLiteral("deleted (its retention ran out)")
                                                                               : QStringLiteral("deleted"),
                              info->endedAt.toString(QStringLiteral("yyyy-MM-dd HH:mm")) + QStringLiteral(" UTC")));
    }
    Result<ResolvedContent> content = fromRecord(*memory, info->contentKey, QStringLiteral("document ") + key);
    if (content.ok()) {
        content->key = key;
        content->summary = info->name;
    }
    return content;
}

Result<ResolvedContent> fromCall(const DetailStore *memory, const ContentSourceRequest &request)
{
    const QString callId = request.fromCall.trimmed();
    if (callId.isEmpty())
        return Error(QStringLiteral("content.invalid"), QStringLiteral("`from_call` holds no call id."));
    if (request.sessionStorePath.isEmpty() || !QFileInfo(request.sessionStorePath).isFile()) {
        return Error(QStringLiteral("content.unavailable"),
                     QStringLiteral("This session has no record to take call %1's result from; use from_key with its "
                                    "MemoryRef key instead.")
                         .arg(callId));
    }
    // A SessionStore belongs to the thread that opens it: this call's own, closed when it ends.
    Result<std::unique_ptr<SessionStore>> opened = SessionStore::open(request.sessionStorePath);
    if (opened.hasError())
        return Error(QStringLiteral("content.unavailable"), QStringLiteral("The session's record cannot be opened: %1").arg(opened.error().message));
    const std::unique_ptr<SessionStore> store = std::move(opened).value();
    const Result<QList<Message>> outline = store->messageOutline(request.sessionId);
    if (outline.hasError())
        return Error(QStringLiteral("content.unavailable"), QStringLiteral("The session's record cannot be read: %1").arg(outline.error().message));
    // The newest results first: a call the model names is nearly always a recent one.
    for (qsizetype i = outline->size() - 1; i >= 0; --i) {
        const Message &shape = outline->at(i);
        if (shape.role != Role::Tool && shape.role != Role::User)
            continue;
        const Result<QList<Message>> full = store->messages(request.sessionId, shape.seq, 1);
        if (full.hasError())
            return Error(QStringLiteral("content.unavailable"), QStringLiteral("The session's record cannot be read: %1").arg(full.error().message));
        if (full->isEmpty())
            continue;
        for (const Part &part : full->constFirst().parts) {
            if (part.kind != PartKind::ToolResult || part.callId != callId)
                continue;
            if (part.captured.isCaptured() && memory) {
                Result<ResolvedContent> captured = fromRecord(*memory, part.captured.key, QStringLiteral("the result of call ") + callId);
                if (captured.ok()) {
                    captured->key = callId;
                    return captured;
                }
            }
            ResolvedContent content;
            content.bytes = part.resultText().toUtf8();
            content.origin = QStringLiteral("the result of call ") + callId;
            content.key = callId;
            content.summary = part.toolName;
            return content;
        }
    }
    return Error(QStringLiteral("content.unknown-call"),
                 QStringLiteral("No tool call %1 has a result in this session's record (a call's result is recorded once "
                                "the call finished; a call made in the same batch cannot be named).")
                     .arg(callId));
}

} // namespace

QString contentKeyFrom(const QString &text)
{
    QString key = text.trimmed();
    static const QRegularExpression wrapper(QStringLiteral("^[\\[`'\"\\s]+|[\\]`'\"\\s]+$"));
    key.remove(wrapper);
    static const QRegularExpression prefix(QStringLiteral("^MemoryRef\\s*:\\s*"), QRegularExpression::CaseInsensitiveOption);
    key.remove(prefix);
    const qsizetype space = key.indexOf(QRegularExpression(QStringLiteral("\\s")));
    if (space >= 0)
        key.truncate(space);
    return key;
}

Result<ResolvedContent> resolveContent(const DetailStore *memory, const ContentSourceRequest &request)
{
    const bool hasKey = !request.fromKey.trimmed().isEmpty();
    const bool hasCall = !request.fromCall.trimmed().isEmpty();
    if (hasKey == hasCall)
        return Error(QStringLiteral("content.invalid"), QStringLiteral("Give exactly one of `from_key` and `from_call`."));
    return hasKey ? fromKey(memory, request) : fromCall(memory, request);
}

} // namespace valis
