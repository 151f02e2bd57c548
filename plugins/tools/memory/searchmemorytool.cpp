#include "searchmemorytool.h"

#include "memorytext.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "valis/memory/detailstore.h"

namespace valis::tools::memory {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

namespace {

constexpr qsizetype MaxSnippet = 300;
constexpr qsizetype MaxQuery = 500;

QString sessionText(const QString &sessionId, const QString &current)
{
    if (sessionId.isEmpty())
        return QStringLiteral("no session");
    if (sessionId == current)
        return QStringLiteral("this session");
    return QStringLiteral("session ") + sessionId;
}

QString hitText(int number, const MemoryHit &hit, const QString &currentSession)
{
    const MemoryRecord &record = hit.record;
    QString text = QStringLiteral("%1. %2 - %3\n").arg(QString::number(number), record.key, oneLine(record.summary, 200));
    if (!record.path.isEmpty())
        text += QStringLiteral("   file /memories/%1\n").arg(record.path);
    text += QStringLiteral("   %1 · %2 · %3\n").arg(recordFacts(record), timeText(record.createdAt), sessionText(record.sessionId, currentSession));
    const QString snippet = oneLine(hit.snippet, MaxSnippet);
    if (!snippet.isEmpty())
        text += QStringLiteral("   > ") + snippet + QLatin1Char('\n');
    return text;
}

} // namespace

ToolSpec SearchMemoryTool::spec() const
{
    ToolSpec spec;
    spec.name = name();
    spec.description = QStringLiteral(
        "Search your long-term memory: notes saved with store_memory, outputs stored as [MemoryRef: ...], and your "
        "/memories/ files, from this and earlier sessions. Returns the best matches first, each with its key, "
        "description, type, size, date, session, /memories/ path when it is a file, and a snippet of the matching "
        "text. Read a match whole with retrieve_memory (its key), or a /memories/ file with read_file. Use it before "
        "researching something you may have learned before.");
    spec.inputSchema =
        ToolSchema()
            .string(QStringLiteral("query"),
                    QStringLiteral("Plain words to look for in descriptions, contents and /memories/ paths. Every word must "
                                   "match; the last one also matches as a prefix (\"build fla\" finds \"build flags\"); "
                                   "\"double quotes\" make a phrase. No operators."),
                    1, MaxQuery)
            .string(QStringLiteral("type"),
                    QStringLiteral("Only memories of this type: \"note\", \"fact\", \"decision\", \"user_preference\", "
                                   "\"command_output\", \"tool_result\", \"file_content\", \"memory_file\" (the /memories/ "
                                   "files) or any type given to store_memory."))
            .string(QStringLiteral("session"),
                    QStringLiteral("Only memories from one session: \"current\" for this session, or a session id."))
            .integer(QStringLiteral("limit"), QStringLiteral("The most matches to return (default %1).").arg(DefaultLimit), 1,
                     MaxLimit, DefaultLimit)
            .required({QStringLiteral("query")})
            .build();
    spec.readOnly = true;
    spec.keepResultsInContext = true;
    return spec;
}

ToolOutcome SearchMemoryTool::run(const ToolCall &call) const
{
    ToolArguments arguments(name(), call.arguments);
    const QString query = arguments.requiredString(QStringLiteral("query")).trimmed();
    const QString type = arguments.optionalString(QStringLiteral("type")).value_or(QString()).trimmed().toLower();
    QString session = arguments.optionalString(QStringLiteral("session")).value_or(QString()).trimmed();
    const qint64 limit = arguments.integer(QStringLiteral("limit"), DefaultLimit, 1, MaxLimit);
    if (arguments.ok() && query.isEmpty())
        arguments.fail(QStringLiteral("`query` must contain a word"));
    if (!arguments.ok())
        return ToolOutcome::error(arguments.errorMessage());
    const DetailStore *store = call.context.memory;
    if (!store)
        return ToolOutcome::error(noStoreMessage(name()));
    if (session.compare(QLatin1String("current"), Qt::CaseInsensitive) == 0)
        session = call.context.sessionId;

    MemoryFilter filter;
    filter.agentId = agentOf(call.context.agentId);
    filter.type = type;
    filter.sessionId = session;
    filter.limit = int(limit);
    const Result<QList<MemoryHit>> hits = store->search(query, filter);
    if (hits.hasError())
        return ToolOutcome::error(QStringLiteral("search_memory failed: %1").arg(hits.error().message));

    QStringList filters;
    if (!type.isEmpty())
        filters.append(QStringLiteral("type \"%1\"").arg(type));
    if (!session.isEmpty())
        filters.append(sessionText(session, call.context.sessionId));
    const QString where = filters.isEmpty() ? QString() : QStringLiteral(" (only ") + filters.join(QStringLiteral(", ")) + QLatin1Char(')');

    if (hits->isEmpty()) {
        QString out = QStringLiteral("No memories match \"%1\"%2.").arg(query, where);
        if (!filters.isEmpty()) {
            MemoryFilter wider;
            wider.agentId = filter.agentId;
            wider.limit = int(MaxLimit);
            const Result<QList<MemoryHit>> unfiltered = store->search(query, wider);
            if (unfiltered.ok() && !unfiltered->isEmpty()) {
                out += QStringLiteral(" Without the %1 filter, %2 match: search again without it.")
                           .arg(filters.join(QStringLiteral(" and ")),
                                unfiltered->size() >= MaxLimit ? QStringLiteral("%1 or more").arg(MaxLimit)
                                                               : QString::number(unfiltered->size()));
                return ToolOutcome::text(out);
            }
        }
        out += QStringLiteral(" Try fewer words, other words for the same thing, or the start of a word (the last word matches "
                              "as a prefix); ls /memories/ shows your memory files. If you have not learned this before, "
                              "research it and save what you find.");
        return ToolOutcome::text(out);
    }

    QString out = QStringLiteral("%1 \"%2\"%3, best first:\n\n")
                      .arg(hits->size() == 1 ? QStringLiteral("1 memory matches") : QStringLiteral("%1 memories match").arg(hits->size()),
                           query, where);
    int number = 0;
    for (const MemoryHit &hit : *hits)
        out += hitText(++number, hit, call.context.sessionId);
    out += QStringLiteral("\nRead one with retrieve_memory (its key; page with offset and limit)");
    out += QStringLiteral("; /memories/ files also with read_file.");
    if (hits->size() >= limit)
        out += QStringLiteral(" There may be more matches: raise limit (at most %1) or add words.").arg(MaxLimit);
    return ToolOutcome::text(out);
}

} // namespace valis::tools::memory
