#include "documenttext.h"

namespace valis::tools::documents {

QString agentOf(const ToolCall &call)
{
    return call.context.agentId.isEmpty() ? QStringLiteral("default") : call.context.agentId;
}

QString timeText(const QDateTime &time)
{
    return time.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm")) + QStringLiteral(" UTC");
}

QString sizeFacts(const DocumentInfo &info)
{
    return plural(info.lineCount, QStringLiteral("line")) + QStringLiteral(", ") + sizeText(info.sizeBytes);
}

QString retentionText(const DocumentInfo &info)
{
    if (info.pinned)
        return QStringLiteral("pinned (kept until deleted)");
    return QStringLiteral("kept until %1 (%2)").arg(timeText(info.expiresAt), plural(info.retentionDays, QStringLiteral("day")));
}

QString sourceText(const DocumentInfo &info)
{
    switch (info.source) {
    case DocumentSource::Content:
        return QStringLiteral("written by the model");
    case DocumentSource::FromCall:
        return QStringLiteral("from the result of call ") + info.sourceRef;
    case DocumentSource::FromKey:
        return (DocumentStore::isDocumentKey(info.sourceRef) ? QStringLiteral("from document ") : QStringLiteral("from MemoryRef "))
            + info.sourceRef;
    }
    return {};
}

QString notLiveText(const DocumentStore &cabinet, const QString &agentId, const QString &fileKey)
{
    if (!DocumentStore::isDocumentKey(fileKey)) {
        return QStringLiteral("\"%1\" is not a document key: document keys look like \"doc-build-log-3f9a2c\" (list_documents "
                              "lists them). A MemoryRef key (m-...) is read with retrieve_memory.")
            .arg(oneLine(fileKey, 60));
    }
    const Result<DocumentInfo> info = cabinet.find(agentId, fileKey);
    if (info.hasError()) {
        if (info.error().code == QLatin1String("document.unknown")) {
            return QStringLiteral("No document %1: no document has ever had this key. list_documents lists the documents kept.")
                .arg(fileKey);
        }
        return QStringLiteral("Document %1 cannot be looked up: %2").arg(fileKey, info.error().message);
    }
    switch (info->state) {
    case DocumentInfo::State::Deleted:
        return QStringLiteral("Document %1 (\"%2\") was deleted on %3; its content is gone.")
            .arg(fileKey, info->name, timeText(info->endedAt));
    case DocumentInfo::State::Expired:
        return QStringLiteral("Document %1 (\"%2\") was deleted on %3 because its retention of %4 ran out; its content is gone.")
            .arg(fileKey, info->name, timeText(info->endedAt), plural(info->retentionDays, QStringLiteral("day")));
    case DocumentInfo::State::Active:
        break;
    }
    return QStringLiteral("Document %1 exists.").arg(fileKey);
}

QString noStoreMessage(const QString &toolName)
{
    return QStringLiteral("%1 cannot run: this session has no memory store (the DetailStore is not configured or could not be "
                          "opened), and documents are kept there.")
        .arg(toolName);
}

void sweepIfDue(DetailStore &store)
{
    // A failed sweep is retried by the next call; the call's own work does not depend on it.
    const Result<std::optional<DocumentSweep>> swept = sweepDocumentsIfDue(store);
    Q_UNUSED(swept);
}

} // namespace valis::tools::documents
