#include "writefiletool.h"

#include "toolarguments.h"
#include "toolschema.h"
#include "toolsupport.h"
#include "valis/filesystem/agentfilesystem.h"
#include "valis/memory/contentsource.h"

namespace valis::tools::files {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

namespace {

qint64 lineCount(const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return 0;
    return bytes.count('\n') + (bytes.endsWith('\n') ? 0 : 1);
}

} // namespace

ToolSpec WriteFileTool::spec() const
{
    ToolSpec spec;
    spec.name = name();
    spec.description = QStringLiteral(
        "Create a file, or replace a file's whole content, with `content` (UTF-8 text). Missing folders are "
        "created. The write is atomic: the file never holds half of the new content. To change part of an "
        "existing file, prefer edit_file or apply_patch, which do not need the whole text. Paths are relative "
        "to the workspace (absolute paths inside it work too); /memories/ keeps notes across sessions. Instead of "
        "`content`, give `from_key` (a MemoryRef key such as m-3f9a2c, or a document key doc-...) or `from_call` (the "
        "id of an earlier tool call of this session) to write that stored content byte for byte without copying it "
        "through your context: the way to put a large output or a document into a file.");
    spec.inputSchema = ToolSchema()
                           .string(QStringLiteral("path"), QStringLiteral("The file to write."))
                           .string(QStringLiteral("content"), QStringLiteral("The complete new content of the file."))
                           .string(QStringLiteral("from_key"),
                                   QStringLiteral("Instead of content: write the content stored under this MemoryRef key "
                                                  "(\"m-3f9a2c\") or document key (\"doc-...\"), exactly."))
                           .string(QStringLiteral("from_call"),
                                   QStringLiteral("Instead of content: write the result of this earlier tool call of this "
                                                  "session (its call id), exactly."))
                           .required({QStringLiteral("path")})
                           .build();
    return spec;
}

ToolOutcome WriteFileTool::runOn(const ToolCall &call, const AgentFilesystem &fs, ToolArguments &arguments) const
{
    const QString path = arguments.requiredString(QStringLiteral("path"));
    // Zero-token writes: the bytes come from the DetailStore or the record (contentsource.h).
    ContentSourceRequest source;
    source.fromKey = arguments.optionalString(QStringLiteral("from_key")).value_or(QString());
    source.fromCall = arguments.optionalString(QStringLiteral("from_call")).value_or(QString());
    const bool fromSource = !source.fromKey.isEmpty() || !source.fromCall.isEmpty();
    const bool hasContent = arguments.raw().contains(QLatin1String("content"));
    const QString content = hasContent || !fromSource ? arguments.requiredText(QStringLiteral("content")) : QString();
    if (fromSource && hasContent)
        arguments.fail(QStringLiteral("give either `content` or a stored source (`from_key` or `from_call`), not both"));
    if (!arguments.ok())
        return ToolOutcome::error(arguments.errorMessage());
    QByteArray bytes;
    QString origin;
    if (fromSource) {
        source.agentId = call.context.agentId.isEmpty() ? QStringLiteral("default") : call.context.agentId;
        source.sessionId = call.context.sessionId;
        source.sessionStorePath = call.context.sessionStorePath;
        const Result<ResolvedContent> resolved = resolveContent(call.context.memory, source);
        if (resolved.hasError())
            return ToolOutcome::error(resolved.error().message);
        bytes = resolved->bytes;
        origin = QStringLiteral(" from ") + resolved->origin;
    } else {
        bytes = content.toUtf8();
    }

    const Result<AgentFilesystem::Location> location = fs.resolve(path);
    if (location.hasError())
        return ToolOutcome::error(location.error().message);
    const QString shown = quoted(location->agentPath);
    const Result<FileEntry> before = fs.stat(path);
    const bool existed = before.ok();
    if (existed && before->isDirectory())
        return ToolOutcome::error(QStringLiteral("%1 is a folder; write_file writes files.").arg(shown));
    if (before.hasError() && before.error().code != QLatin1String("fs.not-found"))
        return ToolOutcome::error(before.error().message);

    // The old line count, for the answer; only read for files of a size worth reading.
    std::optional<qint64> oldLines;
    if (existed && before->size <= (16 << 20)) {
        const Result<QByteArray> old = fs.read(path);
        if (old.ok())
            oldLines = lineCount(*old);
    }

    const Result<void> written = fs.write(path, bytes);
    if (written.hasError())
        return ToolOutcome::error(written.error().message);

    const QString size = QStringLiteral("%1, %2").arg(plural(lineCount(bytes), QStringLiteral("line")), humanSize(bytes.size()));
    if (!existed)
        return ToolOutcome::text(QStringLiteral("Created %1 (%2%3).").arg(shown, size, origin));
    QString was;
    if (oldLines)
        was = QStringLiteral("; it had %1").arg(plural(*oldLines, QStringLiteral("line")));
    return ToolOutcome::text(QStringLiteral("Overwrote %1 (%2%3%4).").arg(shown, size, origin, was));
}

} // namespace valis::tools::files
