#include "storememorytool.h"

#include "memorytext.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "valis/memory/detailstore.h"
#include "valis/memory/memoryref.h"

#include <QRegularExpression>

namespace valis::tools::memory {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

namespace {

constexpr qsizetype MaxDescription = 200;
constexpr qsizetype MaxTypeLength = 32;
// One stored memory; larger texts belong in a /memories/ file or are captured outputs already.
constexpr qsizetype MaxContentBytes = 4 << 20;

} // namespace

ToolSpec StoreMemoryTool::spec() const
{
    ToolSpec spec;
    spec.name = name();
    spec.description = QStringLiteral(
        "Save a text in your long-term memory (the DetailStore): a fact you found, a decision and its reason, a "
        "user preference, the important part of an output. It is kept across sessions and found again with "
        "search_memory. The answer gives its key and the line that stands for it, "
        "[MemoryRef: <key> - <description>]; retrieve_memory with that key reads it back. Saving the same content "
        "again returns the key it already has. For notes you will revise, prefer a file under /memories/ "
        "(write_file, edit_file).");
    spec.inputSchema =
        ToolSchema()
            .string(QStringLiteral("content"), QStringLiteral("The text to keep, stored exactly as given."), 1)
            .string(QStringLiteral("description"),
                    QStringLiteral("One line saying what the content is (\"Release builds need -DWITH_LTO=ON\"); shown in "
                                   "the MemoryRef and in search results. At most 200 characters."),
                    1, MaxDescription)
            .string(QStringLiteral("type"),
                    QStringLiteral("What kind of memory it is, for search_memory's type filter: \"note\" (the default), "
                                   "\"fact\", \"decision\", \"user_preference\", \"command_output\", \"file_content\", or "
                                   "another short lower-case word (letters, digits, '_'). \"memory_file\" is reserved for "
                                   "/memories/ files."),
                    1, MaxTypeLength)
            .required({QStringLiteral("content"), QStringLiteral("description")})
            .build();
    // It writes to the store; the record it makes must stay visible, never offloaded.
    spec.readOnly = false;
    spec.keepResultsInContext = true;
    return spec;
}

ToolOutcome StoreMemoryTool::run(const ToolCall &call) const
{
    ToolArguments arguments(name(), call.arguments);
    const QString content = arguments.requiredString(QStringLiteral("content"));
    const QString rawDescription = arguments.requiredString(QStringLiteral("description"));
    QString type = arguments.optionalString(QStringLiteral("type")).value_or(QLatin1String(MemoryType::Note)).trimmed().toLower();
    // "User preference" and "user-preference" mean user_preference.
    type.replace(QRegularExpression(QStringLiteral("[\\s-]+")), QStringLiteral("_"));
    static const QRegularExpression word(QStringLiteral("^[a-z][a-z0-9_]*$"));
    if (type.isEmpty())
        type = QLatin1String(MemoryType::Note);
    if (!word.match(type).hasMatch() || type.size() > MaxTypeLength) {
        arguments.fail(QStringLiteral("`type` must be one short lower-case word of letters, digits and '_' (at most %1 "
                                      "characters, like \"note\" or \"user_preference\"), got \"%2\"")
                           .arg(QString::number(MaxTypeLength), oneLine(type, 40)));
    } else if (type == QLatin1String(MemoryType::MemoryFile)) {
        arguments.fail(QStringLiteral("`type` \"memory_file\" is reserved for files under /memories/: write those with "
                                      "write_file, or pick another type such as \"note\""));
    }
    const QByteArray bytes = content.toUtf8();
    if (bytes.size() > MaxContentBytes) {
        arguments.fail(QStringLiteral("`content` is %1, more than one memory holds (%2); split it, or write it to a file "
                                      "under /memories/")
                           .arg(sizeText(bytes.size()), sizeText(MaxContentBytes)));
    }
    if (!arguments.ok())
        return ToolOutcome::error(arguments.errorMessage());
    if (!call.context.memory)
        return ToolOutcome::error(noStoreMessage(name()));

    const QString description = oneLine(rawDescription, MaxDescription);
    NewMemory memory;
    memory.agentId = agentOf(call.context.agentId);
    memory.sessionId = call.context.sessionId;
    memory.type = type;
    memory.summary = description;
    memory.content = bytes;
    memory.metadata = QJsonObject{{QStringLiteral("source"), name()}, {QStringLiteral("callId"), call.context.callId}};
    const Result<MemoryRecord> stored = call.context.memory->put(memory);
    if (stored.hasError())
        return ToolOutcome::error(QStringLiteral("store_memory failed: %1").arg(stored.error().message));

    const MemoryRecord &record = *stored;
    const QString ref = MemoryRef{record.key, record.summary}.line();
    // put() hands back the existing record for content this agent already stored: one made by
    // another call (or, where calls carry no id, one with another description).
    const QString madeBy = record.metadata.value(QStringLiteral("callId")).toString();
    const bool existing = madeBy != call.context.callId || (call.context.callId.isEmpty() && record.summary != description);
    if (existing) {
        return ToolOutcome::text(QStringLiteral("Already stored as %1 on %2 (same content; its description stays \"%3\"): %4")
                                     .arg(record.key, timeText(record.createdAt), record.summary, ref));
    }
    return ToolOutcome::text(QStringLiteral("Stored as %1 (%2): %3").arg(record.key, recordFacts(record), ref));
}

} // namespace valis::tools::memory
