#include "deletedocumenttool.h"

#include "documenttext.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "valis/memory/contentsource.h"

namespace valis::tools::documents {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

ToolSpec DeleteDocumentTool::spec() const
{
    ToolSpec spec;
    spec.name = name();
    spec.description = QStringLiteral(
        "Delete a document of the File Cabinet by its key (\"doc-...\"). Its content goes (a MemoryRef it was saved from "
        "stays); a later get_document of the key answers that it was deleted, and when.");
    spec.inputSchema = ToolSchema()
                           .string(QStringLiteral("key"), QStringLiteral("The document's key, \"doc-...\"."), 1)
                           .required({QStringLiteral("key")})
                           .build();
    spec.readOnly = false;
    spec.keepResultsInContext = true;
    return spec;
}

ToolOutcome DeleteDocumentTool::run(const ToolCall &call) const
{
    ToolArguments arguments(name(), call.arguments);
    const QString key = contentKeyFrom(arguments.requiredString(QStringLiteral("key")));
    if (!arguments.ok())
        return ToolOutcome::error(arguments.errorMessage());
    DetailStore *store = call.context.memory;
    if (!store)
        return ToolOutcome::error(noStoreMessage(name()));
    sweepIfDue(*store);
    const QString agent = agentOf(call);
    DocumentStore cabinet(*store);
    const Result<DocumentInfo> current = DocumentStore::isDocumentKey(key) ? cabinet.find(agent, key) : Result<DocumentInfo>(Error());
    if (current.hasError() || current->state != DocumentInfo::State::Active)
        return ToolOutcome::error(notLiveText(cabinet, agent, key));
    const Result<DocumentInfo> removed = cabinet.remove(agent, key);
    if (removed.hasError())
        return ToolOutcome::error(QStringLiteral("delete_document failed: ") + removed.error().message);
    return ToolOutcome::text(QStringLiteral("Deleted document %1 (\"%2\", %3).").arg(key, removed->name, sizeFacts(*removed)));
}

} // namespace valis::tools::documents
