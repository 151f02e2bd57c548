// valis-cli: the command-line tool over the harness core. Thin: parsing of the global options and
// dispatch; each command lives in commands/.
#include "clicontext.h"
#include "commands.h"

#include "valis/core/buildinfo.h"
#include "valis/core/translations.h"

#include <QCoreApplication>

using namespace valis;
using namespace valis::cli;

namespace valis::cli {

const QList<Command> &commands()
{
    static const QList<Command> list = {
        {"run", QT_TRANSLATE_NOOP("valis::cli", "Run one agent turn headless: stream the answer, show tool calls, ask for approvals"), runRun},
        {"fork", QT_TRANSLATE_NOOP("valis::cli", "Fork a session at a message into a new linked session, optionally running its first turn"), runFork},
        {"import", QT_TRANSLATE_NOOP("valis::cli", "Import agent transcripts (Claude Code, Codex, SWE-agent, OpenHands, Aider, Valis JSONL)"), runImport},
        {"export", QT_TRANSLATE_NOOP("valis::cli", "Export sessions as lossless JSONL or readable Markdown"), runExport},
        {"sessions", QT_TRANSLATE_NOOP("valis::cli", "List sessions"), runSessions},
        {"show", QT_TRANSLATE_NOOP("valis::cli", "Print a session's messages"), runShow},
        {"grep", QT_TRANSLATE_NOOP("valis::cli", "Search all transcripts, tool outputs included, ranked"), runGrep},
        {"plugins", QT_TRANSLATE_NOOP("valis::cli", "List plugins with their state and errors; enable or disable one"), runPlugins},
        {"models", QT_TRANSLATE_NOOP("valis::cli", "List known models or look names up in the model catalogue"), runModels},
        {"keys", QT_TRANSLATE_NOOP("valis::cli", "Store, remove or check API keys in the OS keychain"), runKeys},
        {"tools", QT_TRANSLATE_NOOP("valis::cli", "List the tools the agent is offered, with their schemas"), runTools},
        {"tool", QT_TRANSLATE_NOOP("valis::cli", "Call one tool exactly as the agent would"), runTool},
        {"mcp", QT_TRANSLATE_NOOP("valis::cli", "MCP servers: list, add, remove, import, test, sign in; their tools, resources and prompts; call a tool"), runMcp},
        {"memory", QT_TRANSLATE_NOOP("valis::cli", "List, show, search, remove, export and import the memory's records"), runMemory},
        {"prompts", QT_TRANSLATE_NOOP("valis::cli", "List, show, set and remove stored prompts, versioned by key"), runPrompts},
        {"tokens", QT_TRANSLATE_NOOP("valis::cli", "Count the tokens of a text exactly (o200k_base, cl100k_base) or estimate them for a model"), runTokens},
        {"context", QT_TRANSLATE_NOOP("valis::cli", "Show what context compaction did in a session, or the strategies' settings"), runContext},
        {"turns", QT_TRANSLATE_NOOP("valis::cli", "Show the smoothed, compressed and tiny versions of a session's turns; build or regenerate them"), runTurns},
        {"recall", QT_TRANSLATE_NOOP("valis::cli", "Show the passages of memories and earlier sessions recall would offer for a question, ranked"), runRecall},
        {"sandbox", QT_TRANSLATE_NOOP("valis::cli", "Remote machines (Daytona, Runloop, Modal): list them, delete leftovers, bring files back"), runSandbox},
        {"sweep", QT_TRANSLATE_NOOP("valis::cli", "Remove image and memory files nothing refers to (deleted sessions, crashes)"), runSweep},
        {"usage", QT_TRANSLATE_NOOP("valis::cli", "Show tokens and cost per day, model or session, with the cache-read share and compaction savings"), runUsage},
        {"replay", QT_TRANSLATE_NOOP("valis::cli", "Replay a transcript through a context strategy and report tokens, cost, cache use and compactions"), runReplay},
        {"serve", QT_TRANSLATE_NOOP("valis::cli", "Serve an OpenAI-compatible API with managed context: each conversation a Valis session"), runServe},
        {"completion", QT_TRANSLATE_NOOP("valis::cli", "Print a shell completion script for bash, zsh or fish"), runCompletion},
    };
    return list;
}

QList<QCommandLineOption> globalOptions()
{
    return {
        {QStringLiteral("home"), Text::tr("Use DIR for all of Valis's files instead of the standard locations (also: VALIS_HOME)"), QStringLiteral("DIR")},
        {{QStringLiteral("v"), QStringLiteral("version")}, Text::tr("Print the versions of valis-cli, Qt and the plugin API")},
        {{QStringLiteral("h"), QStringLiteral("help")}, Text::tr("Show this help; 'valis-cli <command> --help' shows a command's")},
    };
}

} // namespace valis::cli

namespace {

void printUsage(QTextStream &stream)
{
    stream << Text::tr("Usage: valis-cli [--home DIR] <command> [options]") << "\n\n"
           << Text::tr("Commands:") << '\n';
    for (const Command &command : commands())
        stream << "  " << QString::fromLatin1(command.name).leftJustified(10) << ' '
               << Text::tr(command.summary) << '\n';
    stream << '\n' << Text::tr("Global options:") << '\n';
    for (const QCommandLineOption &option : globalOptions()) {
        const QString name = QStringLiteral("--") + option.names().constLast()
                           + (option.valueName().isEmpty() ? QString() : QLatin1Char(' ') + option.valueName());
        stream << "  " << name.leftJustified(12) << ' ' << option.description() << '\n';
    }
    stream.flush();
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("valis-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(VALIS_VERSION_STRING));

    QStringList arguments = app.arguments().mid(1);
    bool homeMissingValue = false;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        if (arguments.at(i) == QLatin1String("--home") && i + 1 == arguments.size())
            homeMissingValue = true;
    }
    CliContext context(DataLocations::fromArguments(&arguments));
    // The language the desktop speaks for this profile (or the system's), before any message.
    installTranslations(app, interfaceLocale(context.locations()));
    if (homeMissingValue)
        return context.usageError(QStringLiteral("--home"), Text::tr("--home needs a folder"));

    if (arguments.isEmpty() || arguments.first() == QLatin1String("--help") || arguments.first() == QLatin1String("-h")
        || arguments.first() == QLatin1String("help")) {
        if (arguments.size() > 1 && arguments.first() == QLatin1String("help"))
            arguments = {arguments.at(1), QStringLiteral("--help")};
        else {
            printUsage(arguments.isEmpty() ? context.err() : context.out());
            return arguments.isEmpty() ? 2 : 0;
        }
    }
    if (arguments.first() == QLatin1String("--version") || arguments.first() == QLatin1String("-v")) {
        context.out() << versionText(QStringLiteral("valis-cli")) << Qt::flush;
        return 0;
    }
    for (const Command &command : commands()) {
        if (arguments.first() == QLatin1String(command.name))
            return command.run(context, arguments);
    }
    context.err() << Text::tr("valis-cli: unknown command \"%1\".").arg(arguments.first()) << '\n';
    printUsage(context.err());
    return 2;
}
