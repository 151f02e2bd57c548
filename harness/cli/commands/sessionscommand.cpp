#include "clicontext.h"
#include "commands.h"

#include "valis/record/recordjson.h"

#include <QJsonDocument>

namespace valis::cli {

namespace {

QString oneLine(QString text, int width)
{
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text.size() > width ? text.left(width - 1) + QChar(0x2026) : text;
}

/// The lines of `text`, at most `maxLines` of them, then a note of how many were left out.
QString clipped(const QString &text, int maxLines)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    if (maxLines < 0 || lines.size() <= maxLines)
        return text;
    return lines.mid(0, maxLines).join(QLatin1Char('\n')) + QLatin1Char('\n')
           + Text::tr("… %1 more lines (--full shows everything)").arg(lines.size() - maxLines);
}

QString indented(const QString &text)
{
    QString result = QStringLiteral("    ") + text;
    result.replace(QLatin1Char('\n'), QStringLiteral("\n    "));
    return result;
}

void printPart(QTextStream &out, const Part &part, int maxLines)
{
    switch (part.kind) {
    case PartKind::Text:
        out << indented(clipped(part.text, maxLines)) << '\n';
        break;
    case PartKind::Thinking:
        out << "  " << Text::tr("(thinking)") << '\n'
            << indented(clipped(part.text.isEmpty() ? Text::tr("[redacted]") : part.text, maxLines)) << '\n';
        break;
    case PartKind::ToolCall:
        out << "  -> " << part.toolName << " [" << part.callId << "] " << clipped(part.argumentsJson(), maxLines) << '\n';
        break;
    case PartKind::ToolResult:
        out << "  <- " << (part.toolName.isEmpty() ? Text::tr("result") : part.toolName) << " [" << part.callId << ']'
            << (part.isError ? Text::tr(" (error)") : QString()) << '\n';
        for (const Part &inner : part.content)
            printPart(out, inner, maxLines);
        break;
    case PartKind::Image:
        out << "  " << Text::tr("[image %1 %2]").arg(part.image.mediaType, part.image.uri) << '\n';
        break;
    }
}

} // namespace

int runSessions(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("sessions");
    CliParser parser;
    const QCommandLineOption origin(QStringLiteral("origin"), Text::tr("Only sessions from ORIGIN (valis, claude-code, codex, ...)."), QStringLiteral("ORIGIN"));
    const QCommandLineOption archived(QStringLiteral("archived"), Text::tr("Include archived sessions."));
    const QCommandLineOption limit(QStringLiteral("limit"), Text::tr("Show at most N sessions, newest first."), QStringLiteral("N"));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("One JSON object per session."));
    const QCommandLineOption ids(QStringLiteral("ids"), Text::tr("Print only the sessions' ids, one a line (for scripts and shell completion)."));
    parser.addOptions({origin, archived, limit, json, ids});
    if (const int code = context.parse(parser, command, Text::tr("Lists the sessions of the store, most recently active first."), arguments); code >= 0)
        return code;
    if (!parser.positionalArguments().isEmpty())
        return context.usageError(command, Text::tr("unexpected argument \"%1\"").arg(parser.positionalArguments().first()));
    SessionFilter filter;
    filter.originKind = parser.value(origin);
    filter.includeArchived = parser.isSet(archived);
    if (parser.isSet(limit)) {
        bool ok = false;
        filter.limit = parser.value(limit).toInt(&ok);
        if (!ok || filter.limit < 0)
            return context.usageError(command, Text::tr("--limit needs a number"));
    }
    SessionStore *store = context.store();
    if (!store)
        return 1;
    Result<QList<SessionInfo>> sessions = store->sessions(filter);
    if (!sessions.ok())
        return context.fail(command, sessions.error());
    QTextStream &out = context.out();
    if (parser.isSet(ids)) {
        for (const SessionInfo &session : sessions.value())
            out << session.id << '\n';
    } else if (parser.isSet(json)) {
        for (const SessionInfo &session : sessions.value()) {
            QJsonObject object = recordjson::toJson(session);
            object.insert(QStringLiteral("message_count"), session.messageCount);
            out << QJsonDocument(object).toJson(QJsonDocument::Compact) << '\n';
        }
    } else {
        // Child sessions (subagents) are indented; the id column is as wide as the longest id
        // so the other columns line up.
        const auto shownId = [](const SessionInfo &session) {
            return session.parentSessionId.isEmpty() ? session.id : QStringLiteral("  ") + session.id;
        };
        qsizetype idWidth = 2;
        for (const SessionInfo &session : sessions.value())
            idWidth = qMax(idWidth, shownId(session).size());
        if (!sessions->isEmpty()) {
            out << Text::tr("ID").leftJustified(idWidth + 1) << Text::tr("UPDATED").leftJustified(18) << Text::tr("MSGS").rightJustified(6)
                << "  " << Text::tr("ORIGIN").leftJustified(12) << Text::tr("TITLE") << '\n';
        }
        for (const SessionInfo &session : sessions.value()) {
            out << shownId(session).leftJustified(idWidth) << ' '
                << session.updatedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")).leftJustified(18)
                << QString::number(session.messageCount).rightJustified(6) << "  " << session.originKind.leftJustified(12)
                << oneLine(session.title, 60) << '\n';
        }
    }
    out.flush();
    return 0;
}

int runShow(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("show");
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("session"), Text::tr("The session to print."), QStringLiteral("SESSION"));
    const QCommandLineOption from(QStringLiteral("from"), Text::tr("Start at message number SEQ."), QStringLiteral("SEQ"), QStringLiteral("0"));
    const QCommandLineOption count(QStringLiteral("count"), Text::tr("Print at most N messages."), QStringLiteral("N"), QStringLiteral("-1"));
    const QCommandLineOption full(QStringLiteral("full"), Text::tr("Print long texts and tool outputs whole."));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("One JSON object per message, in the record's own form."));
    const QCommandLineOption allBranches(QStringLiteral("all-branches"),
                                         Text::tr("Print every branch of an edited or regenerated conversation, not only the "
                                                  "one the session shows."));
    parser.addOptions({from, count, full, json, allBranches});
    if (const int code = context.parse(parser, command, Text::tr("Prints a session's messages."), arguments); code >= 0)
        return code;
    if (parser.positionalArguments().size() != 1)
        return context.usageError(command, Text::tr("name exactly one session"));
    bool fromOk = false;
    bool countOk = false;
    const qint64 first = parser.value(from).toLongLong(&fromOk);
    const qint64 howMany = parser.value(count).toLongLong(&countOk);
    if (!fromOk || !countOk || first < 0)
        return context.usageError(command, Text::tr("--from and --count need numbers"));
    SessionStore *store = context.store();
    if (!store)
        return 1;
    const QString sessionId = parser.positionalArguments().first();
    Result<SessionInfo> info = store->session(sessionId);
    if (!info.ok())
        return context.fail(command, info.error());
    Result<QList<Message>> messages = store->messages(sessionId, first, howMany);
    if (!messages.ok())
        return context.fail(command, messages.error());
    // A conversation that was edited or regenerated holds several branches; the one the
    // session shows (and sends) is printed unless all are asked for.
    if (!parser.isSet(allBranches)) {
        const Result<QSet<qint64>> shown = store->shownBranch(sessionId);
        if (shown.hasError())
            return context.fail(command, shown.error());
        messages.value().removeIf([&shown](const Message &message) { return !shown->contains(message.seq); });
    }
    QTextStream &out = context.out();
    if (parser.isSet(json)) {
        for (const Message &message : messages.value())
            out << QJsonDocument(recordjson::toJson(message)).toJson(QJsonDocument::Compact) << '\n';
        out.flush();
        return 0;
    }
    out << (info->title.isEmpty() ? info->id : info->title) << '\n'
        << Text::tr("%1 · %2 · %3 messages").arg(info->id, info->originKind).arg(info->messageCount) << "\n\n";
    const int maxLines = parser.isSet(full) ? -1 : 40;
    for (const Message &message : messages.value()) {
        out << '#' << message.seq << ' ' << roleName(message.role) << "  T-" << message.turn;
        if (message.createdAt.isValid())
            out << "  " << message.createdAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        if (!message.model.isEmpty())
            out << "  " << message.model;
        const QString marker = message.metadata.value(QLatin1String("marker")).toString();
        if (!marker.isEmpty())
            out << "  [" << marker << ']';
        out << '\n';
        for (const Part &part : message.parts)
            printPart(out, part, maxLines);
        out << '\n';
    }
    out.flush();
    return 0;
}

} // namespace valis::cli
