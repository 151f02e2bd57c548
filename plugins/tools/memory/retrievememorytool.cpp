#include "retrievememorytool.h"

#include "memorytext.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "valis/memory/detailstore.h"
#include "valis/memory/memorypager.h"

namespace valis::tools::memory {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

namespace {

using Unit = MemoryPageRequest::Unit;

constexpr qint64 MaxOffset = memorypager::MaxOffset;

} // namespace

ToolSpec RetrieveMemoryTool::spec() const
{
    ToolSpec spec;
    spec.name = name();
    spec.description = QStringLiteral(
        "Read a stored memory page by page: the full content behind a [MemoryRef: <key> - <summary>] placeholder, a "
        "memory found with search_memory, or one saved with store_memory. By lines (default: `offset` is the first "
        "line, counting from 1; at most %1 lines per page) or by bytes (unit \"bytes\": `offset` is the first byte, "
        "counting from 0). The answer is: one header line in brackets, e.g. \"[m-3f9a2c: lines 2000-2100 of 5000 "
        "(command_output) - npm install log]\"; then the lines exactly as stored, without line numbers or any change; "
        "then one footer line in brackets saying how many lines or bytes remain and the exact call for the next page "
        "(a line break is added before the footer when the text does not end with one, and the footer says so). "
        "A page is at most %2 bytes; a longer one is cut at a line boundary and the footer says where to go on. Read "
        "only the part you need (look at the summary and search first).")
                           .arg(QString::number(MaxLines), QString::number(MaxPageBytes));
    spec.inputSchema =
        ToolSchema()
            .string(QStringLiteral("key"),
                    QStringLiteral("The memory's key, \"m-3f9a2c\" (pasting the whole \"[MemoryRef: m-3f9a2c - ...]\" works "
                                   "too), or a /memories/ file's path (\"/memories/notes/build.md\")."),
                    1)
            .integer(QStringLiteral("offset"),
                     QStringLiteral("Where the page starts: a line number counting from 1 (default 1), or with unit "
                                    "\"bytes\" a byte offset counting from 0 (default 0)."),
                     0, MaxOffset)
            .integer(QStringLiteral("limit"),
                     QStringLiteral("How many lines (default %1, at most %2) or bytes (default %3, at most %4) to return.")
                         .arg(QString::number(DefaultLines), QString::number(MaxLines), QString::number(DefaultBytes),
                              QString::number(MaxPageBytes)),
                     1, MaxPageBytes)
            .enumeration(QStringLiteral("unit"), QStringLiteral("Page by \"lines\" (default) or by \"bytes\"."),
                         {QStringLiteral("lines"), QStringLiteral("bytes")}, QStringLiteral("lines"))
            .required({QStringLiteral("key")})
            .build();
    spec.readOnly = true;
    // The page is what the model asked to see: capturing it again would loop.
    spec.keepResultsInContext = true;
    return spec;
}

ToolOutcome RetrieveMemoryTool::run(const ToolCall &call) const
{
    ToolArguments arguments(name(), call.arguments);
    const QString rawKey = arguments.requiredString(QStringLiteral("key"));
    const Unit unit = arguments.choice(QStringLiteral("unit"), {QStringLiteral("lines"), QStringLiteral("bytes")}, QStringLiteral("lines"))
            == QLatin1String("bytes")
        ? Unit::Bytes
        : Unit::Lines;
    const bool lines = unit == Unit::Lines;
    const qint64 offset = arguments.integer(QStringLiteral("offset"), lines ? 1 : 0, lines ? 1 : 0, MaxOffset);
    const qint64 limit = arguments.integer(QStringLiteral("limit"), lines ? DefaultLines : DefaultBytes, 1,
                                           lines ? MaxLines : MaxPageBytes);
    const QString key = keyFrom(rawKey);
    if (arguments.ok() && key.isEmpty())
        arguments.fail(QStringLiteral("`key` holds no key, got \"%1\"").arg(oneLine(rawKey, 60)));
    if (!arguments.ok())
        return ToolOutcome::error(arguments.errorMessage());
    const DetailStore *store = call.context.memory;
    if (!store)
        return ToolOutcome::error(noStoreMessage(name()));

    // The paging is the harness's, which Valis's MCP server shares.
    MemoryPagerRequest request;
    request.key = key;
    request.agentId = agentOf(call.context.agentId);
    request.unit = unit;
    request.offset = offset;
    request.limit = limit;
    const MemoryPagerAnswer answer = readMemoryPage(*store, request);
    return answer.isError ? ToolOutcome::error(answer.text) : ToolOutcome::text(answer.text);
}

} // namespace valis::tools::memory
