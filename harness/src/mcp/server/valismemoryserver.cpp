#include "valis/mcp/valismemoryserver.h"

#include "valismemorycommon.h"

#include "valis/memory/detailstore.h"
#include "valis/memory/memorypager.h"
#include "valis/store/sessionstore.h"


namespace valis {

using namespace mcpmemory;

namespace {

// Tool descriptions are read by another agent's model: English, not tr()'d.

QJsonObject schema(const QJsonObject &properties, const QStringList &required)
{
    QJsonObject object{{QStringLiteral("type"), QStringLiteral("object")}, {QStringLiteral("properties"), properties}};
    if (!required.isEmpty())
        object.insert(QStringLiteral("required"), QJsonArray::fromStringList(required));
    return object;
}

QJsonObject prop(const QString &type, const QString &description)
{
    return {{QStringLiteral("type"), type}, {QStringLiteral("description"), description}};
}

McpServedTool tool(const QString &name, const QString &title, const QString &description, const QJsonObject &inputSchema)
{
    McpServedTool served;
    served.name = name;
    served.title = title;
    served.description = description;
    served.inputSchema = inputSchema;
    return served;
}

QJsonObject pagingProperties(const QString &what)
{
    return {{QStringLiteral("offset"), prop(QStringLiteral("integer"),
                                                QStringLiteral("Where the page starts: a line counting from 1 (default 1), or with "
                                                               "unit \"bytes\" a byte counting from 0."))},
            {QStringLiteral("limit"), prop(QStringLiteral("integer"),
                                               QStringLiteral("Lines (default %1, at most %2) or bytes (default %3, at most %4) of %5.")
                                                   .arg(QString::number(memorypager::DefaultLines), QString::number(memorypager::MaxLines),
                                                        QString::number(memorypager::DefaultBytes),
                                                        QString::number(memorypager::MaxPageBytes), what))},
            {QStringLiteral("unit"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                                 {QStringLiteral("enum"), QJsonArray{QStringLiteral("lines"), QStringLiteral("bytes")}},
                                                 {QStringLiteral("description"), QStringLiteral("Page by \"lines\" (default) or \"bytes\".")}}}};
}

} // namespace

McpPromptSource::~McpPromptSource() = default;

ValisMemoryServer::ValisMemoryServer(std::shared_ptr<DetailStore> memory, SessionStore *sessions,
                                     ValisMemoryServerOptions options, QObject *parent)
    : McpServerHandler(parent), m_memory(std::move(memory)), m_sessions(sessions), m_options(std::move(options))
{
    if (m_options.agentId.isEmpty())
        m_options.agentId = QStringLiteral("default");
    m_lastCounter = changeCounter();
    m_last = fingerprint();
    if (m_options.pollMilliseconds > 0 && m_memory) {
        connect(&m_poll, &QTimer::timeout, this, &ValisMemoryServer::checkForChanges, Qt::UniqueConnection);
        m_poll.start(m_options.pollMilliseconds);
    }
}

ValisMemoryServer::~ValisMemoryServer() = default;

void ValisMemoryServer::setPromptSource(std::shared_ptr<McpPromptSource> source)
{
    m_prompts = std::move(source);
    // The poll also asks the source whether its prompts changed, with or without a memory.
    if (m_prompts && m_options.pollMilliseconds > 0 && !m_poll.isActive()) {
        connect(&m_poll, &QTimer::timeout, this, &ValisMemoryServer::checkForChanges, Qt::UniqueConnection);
        m_poll.start(m_options.pollMilliseconds);
    }
    Q_EMIT promptsChanged();
}

QJsonObject ValisMemoryServer::serverInfo() const
{
    return {{QStringLiteral("name"), QStringLiteral("valis")},
            {QStringLiteral("title"), QStringLiteral("Valis memory")},
            {QStringLiteral("version"), m_options.version.isEmpty() ? QStringLiteral("0") : m_options.version}};
}

QString ValisMemoryServer::instructions() const
{
    return QStringLiteral(
        "Valis's long-term memory and the transcripts of its sessions. Search before researching something that may "
        "have been learned before: search_memory for notes, stored outputs and /memories/ files, search_transcripts "
        "for past conversations. Read a match with retrieve_memory or read_session, page by page.%1")
        .arg(m_options.readOnly ? QString() : QStringLiteral(" Save what is worth keeping with store_memory."));
}

QList<McpServedTool> ValisMemoryServer::tools() const
{
    QList<McpServedTool> list;
    list << tool(QStringLiteral("search_memory"), QStringLiteral("Search memory"),
                 QStringLiteral("Ranked full-text search of Valis's memory: notes, stored tool outputs and /memories/ files. "
                                "Every word must match; the last also as a prefix; \"quotes\" make a phrase. Each result "
                                "links its resource; read it whole with retrieve_memory."),
                 schema({{QStringLiteral("query"), prop(QStringLiteral("string"), QStringLiteral("Plain words to look for."))},
                         {QStringLiteral("type"), prop(QStringLiteral("string"), QStringLiteral("Only this type: note, fact, decision, command_output, memory_file, ..."))},
                         {QStringLiteral("session"), prop(QStringLiteral("string"), QStringLiteral("Only memories from this session id."))},
                         {QStringLiteral("limit"), prop(QStringLiteral("integer"), QStringLiteral("Results per page (default 10, at most 50)."))},
                         {QStringLiteral("cursor"), prop(QStringLiteral("string"), QStringLiteral("nextCursor of the previous page."))}},
                        {QStringLiteral("query")}));
    list << tool(QStringLiteral("retrieve_memory"), QStringLiteral("Read a memory"),
                 QStringLiteral("One page of a stored memory, by lines (offset from 1) or bytes (offset from 0): a header line, "
                                "the text exactly as stored, and a footer with the exact call for the next page. "
                                "structuredContent carries the page's text alone and nextOffset."),
                 [] {
                     QJsonObject properties = pagingProperties(QStringLiteral("the memory"));
                     properties.insert(QStringLiteral("key"), prop(QStringLiteral("string"),
                                                                       QStringLiteral("The memory's key (\"m-3f9a2c\", or a whole [MemoryRef: ...]) or a /memories/ path.")));
                     return schema(properties, {QStringLiteral("key")});
                 }());
    if (!m_options.readOnly) {
        McpServedTool store = tool(QStringLiteral("store_memory"), QStringLiteral("Store a memory"),
                                   QStringLiteral("Saves a note, fact or decision in Valis's memory, marked as written by your "
                                                  "client. The same content again returns the existing record."),
                                   schema({{QStringLiteral("content"), prop(QStringLiteral("string"), QStringLiteral("What to remember, in full."))},
                                           {QStringLiteral("description"), prop(QStringLiteral("string"), QStringLiteral("One line saying what it is (at most 200 characters)."))},
                                           {QStringLiteral("type"), prop(QStringLiteral("string"), QStringLiteral("note (default), fact, decision, user_preference, ..."))}},
                                          {QStringLiteral("content"), QStringLiteral("description")}));
        store.readOnly = false;
        store.destructive = false;
        store.idempotent = true; // put() returns the existing record for the same content
        list << store;
    }
    list << tool(QStringLiteral("search_transcripts"), QStringLiteral("Search transcripts"),
                 QStringLiteral("Ranked search of the messages of Valis's sessions (BM25, recent first among equals), with "
                                "filters. Each hit links the page of its session."),
                 schema({{QStringLiteral("query"), prop(QStringLiteral("string"), QStringLiteral("Words; \"quotes\" for a phrase; a trailing * for a prefix."))},
                         {QStringLiteral("session"), prop(QStringLiteral("string"), QStringLiteral("Only this session id."))},
                         {QStringLiteral("role"), prop(QStringLiteral("string"), QStringLiteral("Only messages of this role: user, assistant, system."))},
                         {QStringLiteral("tool"), prop(QStringLiteral("string"), QStringLiteral("Only passages of this tool's calls and results."))},
                         {QStringLiteral("since"), prop(QStringLiteral("string"), QStringLiteral("ISO 8601: only messages from then on."))},
                         {QStringLiteral("until"), prop(QStringLiteral("string"), QStringLiteral("ISO 8601: only messages before then."))},
                         {QStringLiteral("limit"), prop(QStringLiteral("integer"), QStringLiteral("Hits per page (default 10, at most 50)."))},
                         {QStringLiteral("cursor"), prop(QStringLiteral("string"), QStringLiteral("nextCursor of the previous page."))}},
                        {QStringLiteral("query")}));
    list << tool(QStringLiteral("read_session"), QStringLiteral("Read a session"),
                 QStringLiteral("A session's messages in order, from message # `offset`, at most `limit` messages and about "
                                "10k tokens; the footer says where the next page starts."),
                 schema({{QStringLiteral("session"), prop(QStringLiteral("string"), QStringLiteral("The session id."))},
                         {QStringLiteral("offset"), prop(QStringLiteral("integer"), QStringLiteral("The first message # (default 0)."))},
                         {QStringLiteral("limit"), prop(QStringLiteral("integer"), QStringLiteral("Messages (default 50, at most 200)."))}},
                        {QStringLiteral("session")}));
    list << tool(QStringLiteral("list_memories_files"), QStringLiteral("List /memories/"),
                 QStringLiteral("The files in the agent's /memories/ folder (or a subfolder), with sizes and summaries."),
                 schema({{QStringLiteral("prefix"), prop(QStringLiteral("string"), QStringLiteral("Only files under this folder (\"notes/\")."))}}, {}));
    list << tool(QStringLiteral("read_memories_file"), QStringLiteral("Read a /memories/ file"),
                 QStringLiteral("One page of a file in the agent's /memories/ folder, paged as retrieve_memory pages."),
                 [] {
                     QJsonObject properties = pagingProperties(QStringLiteral("the file"));
                     properties.insert(QStringLiteral("path"), prop(QStringLiteral("string"), QStringLiteral("The path under /memories/ (\"notes/build.md\").")));
                     return schema(properties, {QStringLiteral("path")});
                 }());
    return list;
}

Result<QJsonObject> ValisMemoryServer::callTool(const McpCaller &caller, const QString &name, const QJsonObject &arguments)
{
    if (name == QLatin1String("search_memory"))
        return searchMemory(arguments);
    if (name == QLatin1String("retrieve_memory"))
        return retrieveMemory(arguments, QString());
    if (name == QLatin1String("store_memory") && !m_options.readOnly)
        return storeMemory(caller, arguments);
    if (name == QLatin1String("search_transcripts"))
        return searchTranscripts(arguments);
    if (name == QLatin1String("read_session"))
        return readSession(arguments);
    if (name == QLatin1String("list_memories_files"))
        return listMemoriesFiles(arguments);
    if (name == QLatin1String("read_memories_file"))
        return retrieveMemory(arguments, QStringLiteral("/memories/"));
    return notFound(QStringLiteral("Unknown tool: ") + name);
}

} // namespace valis
