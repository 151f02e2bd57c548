// valis-cli fork: a new session from a session's conversation up to one message, with its own
// history strategy; with --prompt its first turn runs like `run` (runsession.h) and its answer
// is reported back to the parent.
#include "clicontext.h"
#include "commands.h"
#include "runsession.h"
#include "terminalinput.h"

#include "valis/agent/fork.h"
#include "valis/context/contextsettings.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/store/sessionstore.h"

#include <QRegularExpression>

namespace valis::cli {

namespace {

/// The message `at` names in `sessionId`: its id, or its number as `show` prints it ("#12", "12").
Result<QString> messageAt(SessionStore *store, const QString &sessionId, const QString &at)
{
    static const QRegularExpression seq(QStringLiteral("^#?(\\d+)$"));
    const QRegularExpressionMatch number = seq.match(at);
    if (!number.hasMatch())
        return at;
    const Result<QList<Message>> outline = store->messageOutline(sessionId);
    if (outline.hasError())
        return outline.error();
    for (const Message &message : outline.value()) {
        if (message.seq == number.captured(1).toLongLong())
            return message.id;
    }
    return Error(QStringLiteral("fork.no-message"), Text::tr("the session %1 has no message #%2").arg(sessionId, number.captured(1)));
}

} // namespace

int runFork(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("fork");
    CliParser parser;
    const RunOptions options;
    options.addTo(parser, false);
    const QCommandLineOption atOption(QStringLiteral("at"),
                                      Text::tr("The message to fork at (its id, or its number as `valis-cli show` prints "
                                               "it): the fork starts with the conversation up to and including it."),
                                      QStringLiteral("MESSAGE"));
    const QCommandLineOption promptOption(QStringLiteral("prompt"),
                                          Text::tr("Run this request in the fork at once, like `valis-cli run`; when the "
                                                   "turn ends its answer is reported to the parent session."),
                                          QStringLiteral("TEXT"));
    parser.addOptions({atOption, promptOption});
    parser.addPositionalArgument(QStringLiteral("session"), Text::tr("The session to fork."), QStringLiteral("SESSION"));
    if (const int code = context.parse(parser, command,
                                       Text::tr("Forks a session at a message into a new session linked to it, with its "
                                                "own history strategy (--history oneshot: a worker that gets the plan and "
                                                "its prompt only). Prints the fork's id."),
                                       arguments);
        code >= 0) {
        return code;
    }
    if (parser.positionalArguments().size() != 1)
        return context.usageError(command, Text::tr("name exactly one session to fork"));
    if (!parser.isSet(atOption))
        return context.usageError(command, Text::tr("say where to fork with --at MESSAGE"));
    if (parser.isSet(promptOption) && parser.value(promptOption).trimmed().isEmpty())
        return context.usageError(command, Text::tr("the prompt is empty"));
    SessionStore *store = context.store();
    if (!store)
        return 1;

    ForkRequest request;
    request.parentSessionId = parser.positionalArguments().first();
    const Result<SessionInfo> parent = store->session(request.parentSessionId);
    if (parent.hasError())
        return context.fail(command, parent.error());
    const Result<QString> at = messageAt(store, request.parentSessionId, parser.value(atOption));
    if (at.hasError())
        return context.fail(command, at.error());
    request.atMessageId = at.value();
    request.historyStrategy = parser.value(options.history);
    request.prompt = parser.value(promptOption);
    const auto announce = [&context, &request](const SessionInfo &fork) {
        context.err() << Text::tr("forked %1 at %2 into %3 (history: %4)")
                             .arg(request.parentSessionId, request.atMessageId, fork.id,
                                  fork.metadata.value(QLatin1String("fork")).toObject().value(QLatin1String("history")).toString())
                      << Qt::endl;
    };

    if (request.prompt.isEmpty()) {
        // Only the fork: its history strategy must still be one that is installed.
        if (!request.historyStrategy.isEmpty()) {
            PluginManager plugins(context.locations(), DataLocations::systemPluginDirs());
            plugins.loadAll();
            const Result<ContextSettings> settings = ContextSettings::load(context.locations().contextSettingsPath());
            if (settings.hasError())
                return context.fail(command, settings.error());
            const HistoryStrategies history =
                HistoryStrategies::from(settings->select(plugins.strategies(), nullptr), plugins.strategies());
            if (const Result<QList<ContextStrategy *>> known = history.strategiesFor(request.historyStrategy); known.hasError())
                return context.fail(command, known.error());
        }
        const Result<SessionInfo> fork = createFork(store, request);
        if (fork.hasError())
            return context.fail(command, fork.error());
        announce(fork.value());
        context.out() << fork->id << '\n';
        context.out().flush();
        return 0;
    }

    TerminalInput input;
    TurnPlan plan;
    plan.prompt = request.prompt;
    plan.defaultWorkspace = parent->workspace;
    plan.prepare = [&](const SessionConfig &config) -> Result<SessionInfo> {
        if (!request.historyStrategy.isEmpty()) {
            if (const Result<QList<ContextStrategy *>> known = config.history.strategiesFor(request.historyStrategy); known.hasError())
                return known.error();
        }
        const Result<SessionInfo> fork = createFork(store, request);
        if (fork.ok())
            announce(fork.value());
        return fork;
    };
    plan.finished = [&](Session *session, int turn, const QString &reason) {
        const Message report = forkReportMessage(session->info(), turnAnswer(session->activePath(), turn), reason);
        const Result<Message> reported = appendForkReport(store, request.parentSessionId, report);
        if (reported.hasError())
            context.err() << Text::tr("warning: the fork's answer could not be reported to %1: %2")
                                 .arg(request.parentSessionId, reported.error().message)
                          << Qt::endl;
        else
            context.err() << Text::tr("reported to %1 as message %2").arg(request.parentSessionId, reported->id) << Qt::endl;
    };
    return runTurn(context, command, parser, options, input, plan);
}

} // namespace valis::cli
