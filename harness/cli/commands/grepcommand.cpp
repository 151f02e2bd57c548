#include "clicontext.h"
#include "commands.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace valis::cli {

int runGrep(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("grep");
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("words"),
                                 Text::tr("Words that must all occur; \"quoted words\" as a phrase; word* as a prefix."),
                                 QStringLiteral("WORDS..."));
    const QCommandLineOption regex(QStringLiteral("regex"), Text::tr("Keep only hits whose passage matches RE."), QStringLiteral("RE"));
    const QCommandLineOption session(QStringLiteral("session"), Text::tr("Search one session only."), QStringLiteral("SESSION"));
    const QCommandLineOption role(QStringLiteral("role"), Text::tr("Only messages of ROLE: system, user, assistant or tool."), QStringLiteral("system|user|assistant|tool"));
    const QCommandLineOption tool(QStringLiteral("tool"), Text::tr("Only calls of, and results from, the tool NAME."), QStringLiteral("NAME"));
    const QCommandLineOption limit(QStringLiteral("limit"), Text::tr("At most N hits (default 50)."), QStringLiteral("N"), QStringLiteral("50"));
    const QCommandLineOption fts(QStringLiteral("fts"), Text::tr("Take WORDS as an SQLite FTS5 query (AND, OR, NOT, NEAR, ...)."));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("One JSON object per hit."));
    parser.addOptions({regex, session, role, tool, limit, fts, json});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Searches every stored transcript, tool arguments and outputs included. Hits "
                                                "are passages ranked by relevance (bm25), newest part of the record first. "
                                                "Exits with 1 when nothing is found."),
                                       arguments);
        code >= 0) {
        return code;
    }
    if (parser.positionalArguments().isEmpty())
        return context.usageError(command, Text::tr("give words to search for"));
    SearchQuery query;
    query.text = parser.positionalArguments().join(QLatin1Char(' '));
    query.ftsSyntax = parser.isSet(fts);
    query.regex = parser.value(regex);
    query.sessionId = parser.value(session);
    query.toolName = parser.value(tool);
    if (parser.isSet(role)) {
        Role parsed;
        if (!roleFromName(parser.value(role), &parsed))
            return context.usageError(command, Text::tr("unknown role \"%1\": use system, user, assistant or tool").arg(parser.value(role)));
        query.role = parsed;
    }
    bool ok = false;
    query.limit = parser.value(limit).toInt(&ok);
    if (!ok || query.limit <= 0)
        return context.usageError(command, Text::tr("--limit needs a positive number"));

    SessionStore *store = context.store();
    if (!store)
        return 1;
    Result<SearchResults> results = store->search(query);
    if (!results.ok())
        return context.fail(command, results.error());

    QTextStream &out = context.out();
    for (const SearchHit &hit : results->hits) {
        QString snippet = hit.snippet;
        if (parser.isSet(json)) {
            snippet.remove(snippetMatchStart);
            snippet.remove(snippetMatchEnd);
            const QJsonObject object{
                {QStringLiteral("session_id"), hit.sessionId},
                {QStringLiteral("session_title"), hit.sessionTitle},
                {QStringLiteral("message_id"), hit.messageId},
                {QStringLiteral("seq"), hit.seq},
                {QStringLiteral("turn"), hit.turn},
                {QStringLiteral("role"), roleName(hit.role)},
                {QStringLiteral("part"), hit.partIndex},
                {QStringLiteral("part_kind"), partKindName(hit.partKind)},
                {QStringLiteral("tool"), hit.toolName},
                {QStringLiteral("snippet"), snippet},
                {QStringLiteral("score"), hit.score},
                {QStringLiteral("tier"), hit.tier},
            };
            out << QJsonDocument(object).toJson(QJsonDocument::Compact) << '\n';
            continue;
        }
        snippet.replace(QLatin1Char('\n'), QStringLiteral(" ⏎ "));
        snippet.replace(QLatin1Char('\t'), QLatin1Char(' '));
        if (context.colour()) {
            snippet.replace(snippetMatchStart, QStringLiteral("\x1b[1;31m"));
            snippet.replace(snippetMatchEnd, QStringLiteral("\x1b[0m"));
        } else {
            snippet.remove(snippetMatchStart);
            snippet.remove(snippetMatchEnd);
        }
        QString where = roleName(hit.role);
        if (!hit.toolName.isEmpty())
            where += QLatin1Char('/') + hit.toolName;
        out << hit.sessionId << " #" << hit.seq << ' ' << where << ": " << snippet << '\n';
    }
    out.flush();
    return results->hits.isEmpty() ? 1 : 0;
}

} // namespace valis::cli
