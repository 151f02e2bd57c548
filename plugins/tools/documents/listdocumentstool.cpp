#include "listdocumentstool.h"

#include "documenttext.h"
#include "toolschema.h"

namespace valis::tools::documents {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

namespace {

// The answer stays in the context: past this many, the oldest are counted, not listed.
constexpr qsizetype MaxListed = 100;

} // namespace

ToolSpec ListDocumentsTool::spec() const
{
    ToolSpec spec;
    spec.name = name();
    spec.description = QStringLiteral(
        "List the documents kept in the File Cabinet (from this and earlier sessions), newest first: each with its key, "
        "name, size, when it was saved, until when it is kept (or pinned) and where its content came from.");
    spec.inputSchema = ToolSchema().build();
    spec.readOnly = true;
    spec.keepResultsInContext = true;
    spec.captureResults = false;
    return spec;
}

ToolOutcome ListDocumentsTool::run(const ToolCall &call) const
{
    DetailStore *store = call.context.memory;
    if (!store)
        return ToolOutcome::error(noStoreMessage(name()));
    sweepIfDue(*store);
    const Result<QList<DocumentInfo>> documents = DocumentStore(*store).list(agentOf(call));
    if (documents.hasError())
        return ToolOutcome::error(QStringLiteral("list_documents failed: ") + documents.error().message);
    if (documents->isEmpty())
        return ToolOutcome::text(QStringLiteral("The File Cabinet holds no documents. Keep one with save_document."));
    QString out = documents->size() == 1 ? QStringLiteral("1 document, newest first:\n")
                                         : QStringLiteral("%1 documents, newest first:\n").arg(documents->size());
    qsizetype shown = 0;
    for (const DocumentInfo &info : *documents) {
        if (++shown > MaxListed)
            break;
        out += QStringLiteral("- %1 \"%2\" · %3 · saved %4%5 · %6 · %7\n")
                   .arg(info.fileKey, oneLine(info.name, 120), sizeFacts(info), timeText(info.createdAt),
                        info.sessionId == call.context.sessionId ? QStringLiteral(" in this session") : QString(),
                        retentionText(info), sourceText(info));
    }
    if (documents->size() > MaxListed)
        out += QStringLiteral("- ... and %1 older documents\n").arg(documents->size() - MaxListed);
    out += QStringLiteral("Read one with get_document, write one to a file with write_file's from_key.");
    return ToolOutcome::text(out);
}

} // namespace valis::tools::documents
