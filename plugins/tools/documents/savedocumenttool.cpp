#include "savedocumenttool.h"

#include "documenttext.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "valis/memory/contentsource.h"

namespace valis::tools::documents {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

namespace {

constexpr qsizetype MaxName = 120;

} // namespace

ToolSpec SaveDocumentTool::spec() const
{
    ToolSpec spec;
    spec.name = name();
    spec.description = QStringLiteral(
        "Keep content as a document in the File Cabinet under a stable key (\"doc-build-log-3f9a2c\") that stays valid in "
        "later sessions until its retention runs out (default %1 days; a pinned document is kept until deleted). Give "
        "exactly one of: `content` (text you write), `from_key` (a MemoryRef key such as \"m-3f9a2c\" from a "
        "[MemoryRef: ...] line, or another document's key) or `from_call` (the id of an earlier tool call of this "
        "session: its whole result). from_key and from_call move the content without it passing through your context: "
        "save a large command output or fetched page that way, never by copying it into `content`. Read a document with "
        "get_document, write it to a file with write_file and its `from_key`.")
                           .arg(DocumentStore::DefaultRetentionDays);
    spec.inputSchema =
        ToolSchema()
            .string(QStringLiteral("name"), QStringLiteral("A short name saying what the document is (\"build log\")."), 1, MaxName)
            .string(QStringLiteral("content"), QStringLiteral("The text to keep, exactly as given."))
            .string(QStringLiteral("from_key"),
                    QStringLiteral("Keep the content stored under this key instead: a MemoryRef key (\"m-3f9a2c\") or a "
                                   "document key (\"doc-...\")."))
            .string(QStringLiteral("from_call"),
                    QStringLiteral("Keep the result of this earlier tool call of this session instead (its call id)."))
            .integer(QStringLiteral("retention_days"),
                     QStringLiteral("How many days to keep it (default %1).").arg(DocumentStore::DefaultRetentionDays), 1,
                     DocumentStore::MaxRetentionDays, DocumentStore::DefaultRetentionDays)
            .boolean(QStringLiteral("pinned"), QStringLiteral("Keep it until it is deleted, whatever its retention (default false)."))
            .required({QStringLiteral("name")})
            .build();
    spec.readOnly = false;
    // The answer carries the key the model relies on later: never offloaded.
    spec.keepResultsInContext = true;
    return spec;
}

ToolOutcome SaveDocumentTool::run(const ToolCall &call) const
{
    ToolArguments arguments(name(), call.arguments);
    const QString documentName = oneLine(arguments.requiredString(QStringLiteral("name")), MaxName);
    const std::optional<QString> content = arguments.optionalString(QStringLiteral("content"));
    const QString fromKey = arguments.optionalString(QStringLiteral("from_key")).value_or(QString());
    const QString fromCall = arguments.optionalString(QStringLiteral("from_call")).value_or(QString());
    const qint64 retention = arguments.integer(QStringLiteral("retention_days"), DocumentStore::DefaultRetentionDays, 1,
                                               DocumentStore::MaxRetentionDays);
    const bool pinned = arguments.boolean(QStringLiteral("pinned"), false);
    const int sources = (content ? 1 : 0) + (fromKey.trimmed().isEmpty() ? 0 : 1) + (fromCall.trimmed().isEmpty() ? 0 : 1);
    if (sources != 1)
        arguments.fail(QStringLiteral("give exactly one of `content`, `from_key` and `from_call` (got %1)").arg(sources));
    if (!arguments.ok())
        return ToolOutcome::error(arguments.errorMessage());
    DetailStore *store = call.context.memory;
    if (!store)
        return ToolOutcome::error(noStoreMessage(name()));
    sweepIfDue(*store);

    NewDocument document;
    document.agentId = agentOf(call);
    document.sessionId = call.context.sessionId;
    document.name = documentName;
    document.retentionDays = int(retention);
    document.pinned = pinned;
    if (content) {
        document.content = content->toUtf8();
    } else {
        ContentSourceRequest request;
        request.fromKey = fromKey;
        request.fromCall = fromCall;
        request.agentId = document.agentId;
        request.sessionId = call.context.sessionId;
        request.sessionStorePath = call.context.sessionStorePath;
        const Result<ResolvedContent> resolved = resolveContent(store, request);
        if (resolved.hasError())
            return ToolOutcome::error(QStringLiteral("save_document failed: ") + resolved.error().message);
        document.content = resolved->bytes;
        document.source = fromKey.trimmed().isEmpty() ? DocumentSource::FromCall : DocumentSource::FromKey;
        document.sourceRef = resolved->key;
    }
    const Result<DocumentInfo> saved = DocumentStore(*store).save(document);
    if (saved.hasError())
        return ToolOutcome::error(QStringLiteral("save_document failed: ") + saved.error().message);
    return ToolOutcome::text(QStringLiteral("Saved document %1 (\"%2\", %3, %4), %5. Read it with get_document {\"key\": \"%1\"}; "
                                            "write it to a file with write_file {\"path\": ..., \"from_key\": \"%1\"}.")
                                 .arg(saved->fileKey, saved->name, sizeFacts(*saved), sourceText(*saved), retentionText(*saved)));
}

} // namespace valis::tools::documents
