// valis-cli mcp resources / read / prompts / prompt: what a server offers besides tools.
#include "mcpcliserver.h"
#include "mcpcommands.h"

#include "valis/mcp/mcpcontent.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace valis::cli {

namespace {

/// Whether the server has `capability`; says so on stdout when it has not.
bool offers(CliContext &context, McpCliServer &server, const QString &capability, bool json)
{
    if (server.client()->serverHas(capability))
        return true;
    if (json)
        context.out() << "[]" << Qt::endl;
    else
        context.out() << Text::tr("%1 offers no %2.").arg(server.config().name, capability) << Qt::endl;
    return false;
}

} // namespace

int runMcpResources(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("mcp resources");
    CliParser parser;
    const QCommandLineOption templates(QStringLiteral("templates"), Text::tr("List the resource templates (URIs with {placeholders}) instead."));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("Print them as the server lists them."));
    parser.addOptions({templates, json});
    parser.addPositionalArgument(QStringLiteral("server"), Text::tr("The server."));
    if (const int code = parseServerCommand(context, parser, command, Text::tr("Lists a server's resources (or resource templates)."),
                                            arguments, 1);
        code >= 0) {
        return code;
    }
    McpCliServer server(context);
    if (!connectMcpServer(context, command, parser.positionalArguments().constFirst(), server))
        return 1;
    if (!offers(context, server, QStringLiteral("resources"), parser.isSet(json)))
        return 0;
    const bool listTemplates = parser.isSet(templates);
    const Result<QJsonArray> listed = listTemplates ? server.listAll(QStringLiteral("resources/templates/list"), QStringLiteral("resourceTemplates"))
                                                    : server.listAll(QStringLiteral("resources/list"), QStringLiteral("resources"));
    if (listed.hasError())
        return context.fail(command, listed.error());
    if (parser.isSet(json)) {
        context.out() << QString::fromUtf8(QJsonDocument(listed.value()).toJson(QJsonDocument::Indented));
        context.out().flush();
        return 0;
    }
    for (const QJsonValue &value : listed.value()) {
        const QJsonObject resource = value.toObject();
        context.out() << resource.value(listTemplates ? QLatin1String("uriTemplate") : QLatin1String("uri")).toString() << '\n';
        QStringList facts;
        const QString title = resource.value(QLatin1String("title")).toString();
        facts.append(title.isEmpty() ? resource.value(QLatin1String("name")).toString() : title);
        if (resource.contains(QLatin1String("mimeType")))
            facts.append(resource.value(QLatin1String("mimeType")).toString());
        if (resource.contains(QLatin1String("size")))
            facts.append(Text::tr("%1 bytes").arg(resource.value(QLatin1String("size")).toInteger()));
        const QString description = firstLine(resource.value(QLatin1String("description")).toString());
        if (!description.isEmpty())
            facts.append(description);
        facts.removeAll(QString());
        context.out() << "    " << facts.join(QStringLiteral(" \u00b7 ")) << '\n';
    }
    context.out() << (listTemplates ? Text::tr("%n resource template(s)", nullptr, int(listed->size()))
                                    : Text::tr("%n resource(s)", nullptr, int(listed->size())))
                  << Qt::endl;
    return 0;
}

int runMcpRead(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("mcp read");
    CliParser parser;
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    Text::tr("Write the content to FILE (needed for binary content)."), QStringLiteral("FILE"));
    parser.addOption(output);
    parser.addPositionalArgument(QStringLiteral("server"), Text::tr("The server."));
    parser.addPositionalArgument(QStringLiteral("uri"), Text::tr("The resource's URI (see valis-cli mcp resources)."));
    if (const int code = parseServerCommand(context, parser, command,
                                            Text::tr("Reads one resource: text goes to standard output; binary content is "
                                                     "written with -o FILE, or only described."),
                                            arguments, 2);
        code >= 0) {
        return code;
    }
    McpCliServer server(context);
    if (!connectMcpServer(context, command, parser.positionalArguments().constFirst(), server))
        return 1;
    const QString uri = parser.positionalArguments().at(1);
    const Result<QJsonObject> read = server.request(QStringLiteral("resources/read"), {{QStringLiteral("uri"), uri}});
    if (read.hasError())
        return context.fail(command, read.error());
    const QJsonArray contents = read->value(QLatin1String("contents")).toArray();
    if (parser.isSet(output)) {
        QSaveFile file(parser.value(output));
        if (!file.open(QIODevice::WriteOnly))
            return context.fail(command, Error(QStringLiteral("cli.io"), Text::tr("cannot write %1: %2").arg(file.fileName(), file.errorString())));
        qint64 bytes = 0;
        for (const QJsonValue &value : contents) {
            const QJsonObject content = value.toObject();
            const QByteArray data = content.contains(QLatin1String("blob"))
                                        ? QByteArray::fromBase64(content.value(QLatin1String("blob")).toString().toLatin1())
                                        : content.value(QLatin1String("text")).toString().toUtf8();
            file.write(data);
            bytes += data.size();
        }
        if (!file.commit())
            return context.fail(command, Error(QStringLiteral("cli.io"), Text::tr("cannot write %1: %2").arg(file.fileName(), file.errorString())));
        context.err() << Text::tr("wrote %n byte(s) to %1", nullptr, int(bytes)).arg(QDir::toNativeSeparators(file.fileName())) << Qt::endl;
        return 0;
    }
    for (const QJsonValue &value : contents) {
        const QJsonObject content = value.toObject();
        if (content.contains(QLatin1String("text"))) {
            const QString text = content.value(QLatin1String("text")).toString();
            context.out() << text << (text.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n"));
        } else {
            const qsizetype size = QByteArray::fromBase64(content.value(QLatin1String("blob")).toString().toLatin1()).size();
            context.out() << Text::tr("[%1: binary, %2, %n byte(s); write it with -o FILE]", nullptr, int(size))
                                 .arg(content.value(QLatin1String("uri")).toString(uri),
                                      content.value(QLatin1String("mimeType")).toString(Text::tr("type unknown")))
                          << '\n';
        }
    }
    context.out().flush();
    return 0;
}

int runMcpPrompts(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("mcp prompts");
    CliParser parser;
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("Print them as the server lists them."));
    parser.addOption(json);
    parser.addPositionalArgument(QStringLiteral("server"), Text::tr("The server."));
    if (const int code = parseServerCommand(context, parser, command, Text::tr("Lists a server's prompts and their arguments."), arguments, 1);
        code >= 0) {
        return code;
    }
    McpCliServer server(context);
    if (!connectMcpServer(context, command, parser.positionalArguments().constFirst(), server))
        return 1;
    if (!offers(context, server, QStringLiteral("prompts"), parser.isSet(json)))
        return 0;
    const Result<QJsonArray> listed = server.listAll(QStringLiteral("prompts/list"), QStringLiteral("prompts"));
    if (listed.hasError())
        return context.fail(command, listed.error());
    if (parser.isSet(json)) {
        context.out() << QString::fromUtf8(QJsonDocument(listed.value()).toJson(QJsonDocument::Indented));
        context.out().flush();
        return 0;
    }
    for (const QJsonValue &value : listed.value()) {
        const QJsonObject prompt = value.toObject();
        context.out() << prompt.value(QLatin1String("name")).toString();
        const QString title = prompt.value(QLatin1String("title")).toString();
        if (!title.isEmpty())
            context.out() << QStringLiteral("  \u201c") << title << QStringLiteral("\u201d");
        context.out() << '\n';
        const QString description = firstLine(prompt.value(QLatin1String("description")).toString());
        if (!description.isEmpty())
            context.out() << "    " << description << '\n';
        QStringList shownArguments;
        for (const QJsonValue &argumentValue : prompt.value(QLatin1String("arguments")).toArray()) {
            const QJsonObject argument = argumentValue.toObject();
            QString shown = argument.value(QLatin1String("name")).toString();
            if (argument.value(QLatin1String("required")).toBool(false))
                shown += Text::tr(" (required)");
            const QString about = firstLine(argument.value(QLatin1String("description")).toString());
            if (!about.isEmpty())
                shown += QStringLiteral(": ") + about;
            shownArguments.append(shown);
        }
        if (!shownArguments.isEmpty())
            context.out() << "    " << Text::tr("arguments: %1").arg(shownArguments.join(QStringLiteral("; "))) << '\n';
    }
    context.out() << Text::tr("%n prompt(s)", nullptr, int(listed->size())) << Qt::endl;
    return 0;
}

int runMcpPrompt(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("mcp prompt");
    CliParser parser;
    const QCommandLineOption arg(QStringLiteral("arg"), Text::tr("An argument of the prompt (repeatable)."), QStringLiteral("NAME=VALUE"));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("Print the server's answer (GetPromptResult) as JSON."));
    parser.addOptions({arg, json});
    parser.addPositionalArgument(QStringLiteral("server"), Text::tr("The server."));
    parser.addPositionalArgument(QStringLiteral("prompt"), Text::tr("The prompt (see valis-cli mcp prompts)."));
    if (const int code = parseServerCommand(context, parser, command, Text::tr("Gets one prompt with its arguments and prints its messages."),
                                            arguments, 2);
        code >= 0) {
        return code;
    }
    QJsonObject promptArguments;
    for (const QString &value : parser.values(arg)) {
        const qsizetype at = value.indexOf(QLatin1Char('='));
        if (at < 1)
            return context.usageError(command, Text::tr("--arg takes NAME=VALUE, not \"%1\"").arg(value));
        promptArguments.insert(value.left(at), value.mid(at + 1));
    }
    McpCliServer server(context);
    if (!connectMcpServer(context, command, parser.positionalArguments().constFirst(), server))
        return 1;
    const Result<QJsonObject> prompt = server.request(
        QStringLiteral("prompts/get"),
        {{QStringLiteral("name"), parser.positionalArguments().at(1)}, {QStringLiteral("arguments"), promptArguments}});
    if (prompt.hasError())
        return context.fail(command, prompt.error());
    if (parser.isSet(json)) {
        context.out() << jsonLine(prompt.value()) << Qt::endl;
        return 0;
    }
    const QString description = prompt->value(QLatin1String("description")).toString();
    if (!description.isEmpty())
        context.out() << description << "\n\n";
    bool first = true;
    for (const QJsonValue &value : prompt->value(QLatin1String("messages")).toArray()) {
        const QJsonObject message = value.toObject();
        if (!first)
            context.out() << '\n';
        first = false;
        const QString text = McpContent::toText({{QStringLiteral("content"), QJsonArray{message.value(QLatin1String("content"))}}});
        context.out() << '[' << message.value(QLatin1String("role")).toString() << "]\n" << text
                      << (text.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n"));
    }
    context.out().flush();
    return 0;
}

} // namespace valis::cli
