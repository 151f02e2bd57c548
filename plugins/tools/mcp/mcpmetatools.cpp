#include "mcpmetatools.h"

#include "mcphostimpl.h"
#include "mcptoolprovider.h"
#include "toolsearch.h"

#include "valis/core/modeltext.h"
#include "valis/mcp/mcpcontent.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace valis::mcp {

namespace {

// Titles are for people (tr()); descriptions, schemas, results and the prompt section are read by
// the model and must not follow the UI language (the prompt cache and the record would).
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpTools)
};

const QString SearchTools = QStringLiteral("search_tools");
const QString CallTool = QStringLiteral("call_tool");
const QString ListResources = QStringLiteral("mcp_list_resources");
const QString ReadResource = QStringLiteral("mcp_read_resource");
constexpr int MaxInstructionChars = 2000;

QJsonObject stringProperty(const QString &description)
{
    return {{QStringLiteral("type"), QStringLiteral("string")}, {QStringLiteral("description"), description}};
}

/// A result that arrives later, from the MCP thread's answer.
class PendingInvocation : public ToolInvocation
{
public:
    using ToolInvocation::ToolInvocation;
    void cancel() override
    {
        m_cancelled = true;
        deliver(Part::makeToolResultText(m_callId, QStringLiteral("[interrupted: cancelled]"), true));
    }
    void deliver(const Part &result)
    {
        if (m_done)
            return;
        m_done = true;
        Q_EMIT finished(result);
    }
    QString m_callId;
    bool m_cancelled = false;
    bool m_done = false;
};

} // namespace

QList<ToolSpec> McpMetaToolProvider::tools() const
{
    QList<ToolSpec> tools;
    ToolSpec search;
    search.name = SearchTools;
    search.title = Text::tr("Search tools");
    search.description = QStringLiteral(
        "Find tools of the connected MCP servers whose definitions are not loaded, by what you need them for. Returns each "
        "match's name, server, description and input schema; run one with call_tool. query: words describing the task "
        "(\"create github issue\"), or \"select:name1,name2\" for exact tool names.");
    search.inputSchema = {{QStringLiteral("type"), QStringLiteral("object")},
                          {QStringLiteral("properties"),
                           QJsonObject{{QStringLiteral("query"), stringProperty(QStringLiteral("What the tool should do, or select:<names>"))},
                                       {QStringLiteral("limit"), QJsonObject{{QStringLiteral("type"), QStringLiteral("integer")},
                                                                             {QStringLiteral("minimum"), 1},
                                                                             {QStringLiteral("maximum"), 20},
                                                                             {QStringLiteral("description"), QStringLiteral("How many matches (default 5)")}}}}},
                          {QStringLiteral("required"), QJsonArray{QStringLiteral("query")}}};
    search.readOnly = true;
    search.offeredWhenDeferring = true;
    search.captureResults = false;
    tools.append(search);

    ToolSpec call;
    call.name = CallTool;
    call.title = Text::tr("Call tool");
    call.description = QStringLiteral("Run a tool that search_tools found, with arguments that match its input schema.");
    call.inputSchema = {{QStringLiteral("type"), QStringLiteral("object")},
                        {QStringLiteral("properties"),
                         QJsonObject{{QStringLiteral("name"), stringProperty(QStringLiteral("The tool's exact name, as search_tools gave it"))},
                                     {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                                                                               {QStringLiteral("description"), QStringLiteral("The tool's arguments")}}}}},
                        {QStringLiteral("required"), QJsonArray{QStringLiteral("name"), QStringLiteral("arguments")}}};
    call.offeredWhenDeferring = true;
    call.routesCalls = true;
    tools.append(call);

    if (!m_host->readyServersWith(true).isEmpty()) {
        ToolSpec list;
        list.name = ListResources;
        list.title = Text::tr("List MCP resources");
        list.description = QStringLiteral("List the resources (documents, files, records) the connected MCP servers offer, with their URIs "
                                    "and the URI templates they accept. server: one server's name, or omit for all.");
        list.inputSchema = {{QStringLiteral("type"), QStringLiteral("object")},
                            {QStringLiteral("properties"), QJsonObject{{QStringLiteral("server"), stringProperty(QStringLiteral("A server's name"))},
                                                                       {QStringLiteral("cursor"), stringProperty(QStringLiteral("nextCursor of an earlier page"))}}}};
        list.readOnly = true;
        tools.append(list);
        ToolSpec read;
        read.name = ReadResource;
        read.title = Text::tr("Read MCP resource");
        read.description = QStringLiteral("Read one resource of an MCP server by its URI (from mcp_list_resources, a resource link, or a "
                                    "filled-in URI template).");
        read.inputSchema = {{QStringLiteral("type"), QStringLiteral("object")},
                            {QStringLiteral("properties"), QJsonObject{{QStringLiteral("server"), stringProperty(QStringLiteral("The server's name"))},
                                                                       {QStringLiteral("uri"), stringProperty(QStringLiteral("The resource's URI"))}}},
                            {QStringLiteral("required"), QJsonArray{QStringLiteral("server"), QStringLiteral("uri")}}};
        read.readOnly = true;
        tools.append(read);
    }
    return tools;
}

Part McpMetaToolProvider::searchTools(const QString &callId, const QJsonObject &arguments, const QList<ToolSpec> &deferred)
{
    const QString query = arguments.value(QLatin1String("query")).toString().trimmed();
    const int limit = qBound(1, arguments.value(QLatin1String("limit")).toInt(DefaultSearchResults), 20);
    if (query.isEmpty())
        return Part::makeToolResultText(callId, QStringLiteral("search_tools needs a query."), true);
    if (deferred.isEmpty())
        return Part::makeToolResultText(callId, QStringLiteral("No tools are held back: every tool is already in your tool list."));
    const ToolSearch search(deferred);
    QList<ToolSpec> found;
    QStringList missing;
    if (query.startsWith(QLatin1String("select:"), Qt::CaseInsensitive))
        found = search.select(query.mid(7).split(QLatin1Char(',')), &missing);
    else
        found = search.search(query, limit);
    QStringList out;
    if (found.isEmpty()) {
        out.append(QStringLiteral("No tool matches \"%1\" among the %2 held-back tool%3. Try other words.")
                       .arg(query)
                       .arg(deferred.size())
                       .arg(deferred.size() == 1 ? QString() : QStringLiteral("s")));
    } else {
        out.append(modeltext::plural(found.size(), QStringLiteral("tool"))
                   + QStringLiteral(" found. Run one with call_tool {\"name\": <name>, \"arguments\": {...}}."));
        for (const ToolSpec &tool : std::as_const(found)) {
            const QJsonObject definition{{QStringLiteral("name"), tool.name},
                                         {QStringLiteral("description"), tool.description},
                                         {QStringLiteral("input_schema"), tool.inputSchema}};
            out.append(QString::fromUtf8(QJsonDocument(definition).toJson(QJsonDocument::Compact)));
        }
    }
    if (!missing.isEmpty())
        out.append(QStringLiteral("Not found: %1.").arg(missing.join(QStringLiteral(", "))));
    return Part::makeToolResultText(callId, out.join(QLatin1Char('\n')));
}

ToolInvocation *McpMetaToolProvider::invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                                            QObject *parent)
{
    const QJsonObject args = arguments.toObject();
    if (toolName == SearchTools)
        return new ImmediateInvocation(searchTools(context.callId, args, context.deferredTools), parent);
    if (toolName == CallTool)
        return new ImmediateInvocation(Part::makeToolResultText(context.callId,
                                                                QStringLiteral("call_tool names a tool that search_tools found; \"%1\" is not one.")
                                                                    .arg(args.value(QLatin1String("name")).toString()),
                                                                true),
                                       parent);
    if (toolName == ListResources)
        return listResources(args, context, parent);
    if (toolName == ReadResource)
        return readResource(args, context, parent);
    return new ImmediateInvocation(Part::makeToolResultText(context.callId, QStringLiteral("Unknown tool %1.").arg(toolName), true), parent);
}

ToolInvocation *McpMetaToolProvider::listResources(const QJsonObject &arguments, const ToolContext &context, QObject *parent)
{
    const QString only = arguments.value(QLatin1String("server")).toString();
    QStringList servers;
    for (const McpServerStatus &status : m_host->readyServersWith(true)) {
        if (only.isEmpty() || status.name == only)
            servers.append(status.name);
    }
    if (servers.isEmpty())
        return new ImmediateInvocation(
            Part::makeToolResultText(context.callId, only.isEmpty() ? QStringLiteral("No connected MCP server offers resources.")
                                                                    : QStringLiteral("\"%1\" is not a connected MCP server with resources.").arg(only),
                                     true),
            parent);
    auto *invocation = new PendingInvocation(parent);
    invocation->m_callId = context.callId;
    struct Gather
    {
        int remaining = 0;
        QStringList lines;
    };
    auto gather = std::make_shared<Gather>();
    gather->remaining = int(servers.size()) * 2;
    const QString cursor = arguments.value(QLatin1String("cursor")).toString();
    auto finishOne = [invocation, gather] {
        if (--gather->remaining > 0)
            return;
        invocation->deliver(Part::makeToolResultText(invocation->m_callId, gather->lines.join(QLatin1Char('\n'))));
    };
    for (const QString &server : std::as_const(servers)) {
        QJsonObject params;
        if (!cursor.isEmpty())
            params.insert(QStringLiteral("cursor"), cursor);
        m_host->request(server, QStringLiteral("resources/list"), params, invocation, [server, gather, finishOne](const Result<QJsonObject> &result) {
            if (result.hasError()) {
                gather->lines.append(QStringLiteral("%1: resources/list failed: %2").arg(server, result.error().message));
            } else {
                const QJsonArray resources = result->value(QLatin1String("resources")).toArray();
                gather->lines.append(QStringLiteral("Server %1, %2:").arg(server, modeltext::plural(resources.size(), QStringLiteral("resource"))));
                for (const QJsonValue &resource : resources)
                    gather->lines.append(QStringLiteral("- ") + McpContent::describeResource(resource.toObject()));
                const QString next = result->value(QLatin1String("nextCursor")).toString();
                if (!next.isEmpty())
                    gather->lines.append(QStringLiteral("(more: call again with cursor \"%1\")").arg(next));
            }
            finishOne();
        });
        m_host->request(server, QStringLiteral("resources/templates/list"), {}, invocation, [server, gather, finishOne](const Result<QJsonObject> &result) {
            if (result.ok()) {
                const QJsonArray templates = result->value(QLatin1String("resourceTemplates")).toArray();
                if (!templates.isEmpty())
                    gather->lines.append(QStringLiteral("Server %1, URI templates:").arg(server));
                for (const QJsonValue &item : templates) {
                    const QJsonObject entry = item.toObject();
                    gather->lines.append(QStringLiteral("- %1 (%2)%3").arg(entry.value(QLatin1String("uriTemplate")).toString(),
                                                                           entry.value(QLatin1String("name")).toString(),
                                                                           entry.contains(QLatin1String("description"))
                                                                               ? QStringLiteral(": ") + entry.value(QLatin1String("description")).toString()
                                                                               : QString()));
                }
            }
            finishOne();
        });
    }
    return invocation;
}

ToolInvocation *McpMetaToolProvider::readResource(const QJsonObject &arguments, const ToolContext &context, QObject *parent)
{
    const QString server = arguments.value(QLatin1String("server")).toString();
    const QString uri = arguments.value(QLatin1String("uri")).toString();
    auto *invocation = new PendingInvocation(parent);
    invocation->m_callId = context.callId;
    const bool images = context.modelAcceptsImages;
    m_host->request(server, QStringLiteral("resources/read"), {{QStringLiteral("uri"), uri}}, invocation,
                    [invocation, uri, images](const Result<QJsonObject> &result) {
                        if (result.hasError()) {
                            invocation->deliver(Part::makeToolResultText(invocation->m_callId,
                                                                         QStringLiteral("Reading %1 failed: %2").arg(uri, result.error().message), true));
                            return;
                        }
                        // The contents are the same shapes as embedded resources in tool results.
                        QJsonArray content;
                        for (const QJsonValue &item : result->value(QLatin1String("contents")).toArray())
                            content.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("resource")}, {QStringLiteral("resource"), item}});
                        McpContent::Options options;
                        options.modelAcceptsImages = images;
                        invocation->deliver(McpContent::toolResult(invocation->m_callId, {{QStringLiteral("content"), content}}, options));
                    });
    return invocation;
}

QString McpMetaToolProvider::systemPromptSection(const ToolContext &) const
{
    QStringList parts;
    for (const McpServerStatus &status : m_host->servers()) {
        if (status.state != McpServerConnection::State::Ready || status.instructions.trimmed().isEmpty())
            continue;
        QString instructions = status.instructions.trimmed();
        if (instructions.size() > MaxInstructionChars)
            instructions = instructions.left(MaxInstructionChars) + QStringLiteral("…");
        parts.append(QStringLiteral("### %1\n%2").arg(status.name, instructions));
    }
    if (parts.isEmpty())
        return {};
    return QStringLiteral("## MCP servers\nTools named mcp__<server>__<tool> come from MCP servers. What the servers say about themselves:")
           + QStringLiteral("\n\n") + parts.join(QStringLiteral("\n\n"));
}

} // namespace valis::mcp
