// valis-cli prompts: the prompt store (list, show, set, rm) over the profile's prompts file.
#include "clicontext.h"
#include "commands.h"
#include "terminalinput.h"

#include "valis/prompts/promptstore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace valis::cli {

namespace {

/// One run of `valis-cli prompts <subcommand>`: the store is opened after the options were read,
/// so --help and usage errors never create a file.
class PromptsRun
{
public:
    PromptsRun(CliContext &context, const QString &subcommand)
        : m_context(context), m_command(QStringLiteral("prompts ") + subcommand)
    {}

    CliContext &cli() { return m_context; }
    QString command() const { return m_command; }
    int fail(const Error &error) { return m_context.fail(m_command, error); }
    int usageError(const QString &message) { return m_context.usageError(m_command, message); }

    /// The store, or nullptr after printing why it could not be opened.
    PromptStore *store()
    {
        if (m_store)
            return m_store.get();
        Result<std::unique_ptr<PromptStore>> opened = PromptStore::open(m_context.locations().promptStorePath());
        if (!opened.ok()) {
            fail(opened.error());
            return nullptr;
        }
        m_store = std::move(opened).value();
        return m_store.get();
    }

private:
    CliContext &m_context;
    QString m_command;
    std::unique_ptr<PromptStore> m_store;
};

struct Subcommand
{
    const char *name;
    const char *summary;
    int (*run)(PromptsRun &run, const QStringList &arguments);
};

QString shownTime(const QDateTime &time)
{
    return time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

QJsonObject versionJson(const PromptVersion &version)
{
    return {{QStringLiteral("key"), version.key},
            {QStringLiteral("version"), version.version},
            {QStringLiteral("description"), version.description},
            {QStringLiteral("createdAt"), version.createdAt.toString(Qt::ISODateWithMs)},
            {QStringLiteral("removed"), version.removed},
            {QStringLiteral("variables"), QJsonArray::fromStringList(version.variables())},
            {QStringLiteral("text"), version.text}};
}

void printJsonLine(QTextStream &out, const QJsonObject &object)
{
    out << QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)) << '\n';
}

/// The single KEY argument, or a usage error.
Result<QString> keyArgument(const CliParser &parser)
{
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty())
        return Error(QStringLiteral("usage"), Text::tr("name the prompt: KEY"));
    if (positional.size() > 1)
        return Error(QStringLiteral("usage"), Text::tr("unexpected argument \"%1\"").arg(positional.at(1)));
    return positional.first();
}

int runList(PromptsRun &run, const QStringList &arguments)
{
    CliParser parser;
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("One JSON object per prompt."));
    parser.addOption(json);
    if (const int code = run.cli().parse(parser, run.command(), Text::tr("Lists the stored prompts, by key."), arguments); code >= 0)
        return code;
    if (!parser.positionalArguments().isEmpty())
        return run.usageError(Text::tr("unexpected argument \"%1\"").arg(parser.positionalArguments().first()));
    PromptStore *store = run.store();
    if (!store)
        return 1;
    const Result<QList<PromptVersion>> listed = store->list();
    if (!listed.ok())
        return run.fail(listed.error());
    QTextStream &out = run.cli().out();
    if (parser.isSet(json)) {
        for (const PromptVersion &version : listed.value())
            printJsonLine(out, versionJson(version));
        return 0;
    }
    if (listed->isEmpty()) {
        out << Text::tr("No prompts are stored. Add one with: valis-cli prompts set KEY --file FILE") << '\n';
        return 0;
    }
    qsizetype width = Text::tr("KEY").size();
    for (const PromptVersion &version : listed.value())
        width = qMax(width, version.key.size());
    out << Text::tr("KEY").leftJustified(width) << "  " << Text::tr("VERSION").rightJustified(7) << "  "
        << Text::tr("UPDATED").leftJustified(16) << "  " << Text::tr("DESCRIPTION") << '\n';
    for (const PromptVersion &version : listed.value()) {
        out << version.key.leftJustified(width) << "  " << QString::number(version.version).rightJustified(7) << "  "
            << shownTime(version.createdAt).leftJustified(16) << "  " << version.description << '\n';
    }
    return 0;
}

int runShow(PromptsRun &run, const QStringList &arguments)
{
    CliParser parser;
    const QCommandLineOption version(QStringLiteral("version"), Text::tr("Version N instead of the newest."), QStringLiteral("N"));
    const QCommandLineOption history(QStringLiteral("history"), Text::tr("Every version of the prompt, removals included."));
    const QCommandLineOption render(QStringLiteral("render"),
                                    Text::tr("The text with includes expanded and variables filled in (from --var)."));
    const QCommandLineOption var(QStringLiteral("var"), Text::tr("A variable's value for --render (repeatable)."),
                                 QStringLiteral("NAME=VALUE"));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("JSON instead of the text."));
    parser.addOptions({version, history, render, var, json});
    parser.addPositionalArgument(QStringLiteral("KEY"), Text::tr("The prompt's key."));
    if (const int code = run.cli().parse(parser, run.command(), Text::tr("Prints a stored prompt's text."), arguments); code >= 0)
        return code;
    const Result<QString> key = keyArgument(parser);
    if (!key.ok())
        return run.usageError(key.error().message);
    int number = 0;
    if (parser.isSet(version)) {
        bool ok = false;
        number = parser.value(version).toInt(&ok);
        if (!ok || number < 1)
            return run.usageError(Text::tr("--version needs a number of at least 1"));
    }
    if (parser.isSet(history) && (parser.isSet(render) || parser.isSet(version)))
        return run.usageError(Text::tr("--history shows every version; leave out --render and --version"));
    QJsonObject variables;
    for (const QString &pair : parser.values(var)) {
        const qsizetype equals = pair.indexOf(QLatin1Char('='));
        if (equals <= 0)
            return run.usageError(Text::tr("--var needs NAME=VALUE, not \"%1\"").arg(pair));
        variables.insert(pair.left(equals), pair.mid(equals + 1));
    }
    if (!variables.isEmpty() && !parser.isSet(render))
        return run.usageError(Text::tr("--var fills in variables for --render"));
    PromptStore *store = run.store();
    if (!store)
        return 1;
    QTextStream &out = run.cli().out();

    if (parser.isSet(history)) {
        const Result<QList<PromptVersion>> versions = store->history(key.value());
        if (!versions.ok())
            return run.fail(versions.error());
        for (const PromptVersion &each : versions.value()) {
            if (parser.isSet(json)) {
                printJsonLine(out, versionJson(each));
                continue;
            }
            QString what = each.removed ? Text::tr("(removed)") : each.description;
            out << QString::number(each.version).rightJustified(4) << "  " << shownTime(each.createdAt) << "  " << what << '\n';
        }
        return 0;
    }
    const Result<PromptVersion> found = store->get(key.value(), number);
    if (!found.ok())
        return run.fail(found.error());
    if (found->removed)
        return run.fail(Error(QStringLiteral("prompt.unknown"), Text::tr("version %1 is the prompt's removal").arg(found->version)));
    QString rendered;
    if (parser.isSet(render)) {
        const Result<QString> text = store->render(key.value(), variables, found->version);
        if (!text.ok())
            return run.fail(text.error());
        rendered = text.value();
    }
    if (parser.isSet(json)) {
        QJsonObject object = versionJson(found.value());
        if (parser.isSet(render))
            object.insert(QStringLiteral("rendered"), rendered);
        printJsonLine(out, object);
        return 0;
    }
    // The text exactly as stored (or rendered), so it can be piped into a file or a model.
    out << (parser.isSet(render) ? rendered : found->text);
    return 0;
}

int runSet(PromptsRun &run, const QStringList &arguments)
{
    CliParser parser;
    const QCommandLineOption file(QStringLiteral("file"), Text::tr("Read the text from FILE instead of standard input."),
                                  QStringLiteral("FILE"));
    const QCommandLineOption description(QStringLiteral("description"),
                                         Text::tr("One line saying what the prompt is for (kept from the previous version when left out)."),
                                         QStringLiteral("TEXT"));
    parser.addOptions({file, description});
    parser.addPositionalArgument(QStringLiteral("KEY"), Text::tr("The prompt's key: lower-case letters, digits, '-', '_' and '/'."));
    if (const int code = run.cli().parse(parser, run.command(),
                                         Text::tr("Stores a new version of a prompt, its text from --file or standard input. "
                                                  "{{name}} marks a variable, {{> other-key}} includes another prompt, "
                                                  "\\{{ is a literal {{."),
                                         arguments);
        code >= 0)
        return code;
    const Result<QString> key = keyArgument(parser);
    if (!key.ok())
        return run.usageError(key.error().message);
    QString text;
    if (parser.isSet(file)) {
        QFile input(parser.value(file));
        if (!input.open(QIODevice::ReadOnly))
            return run.fail(Error(QStringLiteral("io"), input.errorString(), input.fileName()));
        text = QString::fromUtf8(input.readAll());
    } else {
        TerminalInput input;
        if (input.isTerminal())
            run.cli().err() << Text::tr("Type the prompt, then Ctrl-D on a line of its own.") << Qt::endl;
        text = input.readAll();
    }
    PromptStore *store = run.store();
    if (!store)
        return 1;
    const Result<PromptVersion> stored = store->set(key.value(), text, parser.value(description));
    if (!stored.ok())
        return run.fail(stored.error());
    const QStringList variables = stored->variables();
    run.cli().out() << Text::tr("%1 is at version %2.").arg(stored->key).arg(stored->version);
    if (!variables.isEmpty())
        run.cli().out() << ' ' << Text::tr("Variables: %1.").arg(variables.join(QStringLiteral(", ")));
    run.cli().out() << '\n';
    return 0;
}

int runRemove(PromptsRun &run, const QStringList &arguments)
{
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("KEY"), Text::tr("The prompt's key."));
    if (const int code = run.cli().parse(parser, run.command(),
                                         Text::tr("Removes a prompt. Its versions are kept: `show KEY --history` lists them, "
                                                  "and `set` brings it back."),
                                         arguments);
        code >= 0)
        return code;
    const Result<QString> key = keyArgument(parser);
    if (!key.ok())
        return run.usageError(key.error().message);
    PromptStore *store = run.store();
    if (!store)
        return 1;
    const Result<void> removed = store->remove(key.value());
    if (!removed.ok())
        return run.fail(removed.error());
    run.cli().out() << Text::tr("Removed %1.").arg(key.value()) << '\n';
    return 0;
}

const QList<Subcommand> &subcommands()
{
    static const QList<Subcommand> list = {
        {"list", QT_TRANSLATE_NOOP("valis::cli", "List the stored prompts"), runList},
        {"show", QT_TRANSLATE_NOOP("valis::cli", "Print a prompt, a version of it, its history, or its text rendered"), runShow},
        {"set", QT_TRANSLATE_NOOP("valis::cli", "Store a new version of a prompt"), runSet},
        {"rm", QT_TRANSLATE_NOOP("valis::cli", "Remove a prompt (its history is kept)"), runRemove},
    };
    return list;
}

void printUsage(QTextStream &stream)
{
    stream << Text::tr("Usage: valis-cli prompts <subcommand> [options]") << "\n\n"
           << Text::tr("Prompts stored by key and versioned, for the composer's /prompt-name, llm_call and MCP clients.")
           << "\n\n"
           << Text::tr("Subcommands:") << '\n';
    for (const Subcommand &subcommand : subcommands())
        stream << "  " << QString::fromLatin1(subcommand.name).leftJustified(15) << ' ' << Text::tr(subcommand.summary) << '\n';
    stream << '\n' << Text::tr("'valis-cli prompts <subcommand> --help' shows a subcommand's options.") << '\n';
    stream.flush();
}

} // namespace

int runPrompts(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("prompts");
    if (context.describing()) {
        for (const Subcommand &subcommand : subcommands()) {
            const QString name = QString::fromLatin1(subcommand.name);
            context.describeSubcommand(command, name, Text::tr(subcommand.summary));
            PromptsRun run(context, name);
            subcommand.run(run, {run.command()});
        }
        return 0;
    }
    const QStringList rest = arguments.mid(1);
    if (rest.isEmpty()) {
        printUsage(context.err());
        return 2;
    }
    if (rest.first() == QLatin1String("--help") || rest.first() == QLatin1String("-h") || rest.first() == QLatin1String("help")) {
        printUsage(context.out());
        return 0;
    }
    for (const Subcommand &subcommand : subcommands()) {
        if (rest.first() != QLatin1String(subcommand.name))
            continue;
        PromptsRun run(context, rest.first());
        return subcommand.run(run, QStringList{run.command()} + rest.mid(1));
    }
    QStringList names;
    for (const Subcommand &subcommand : subcommands())
        names.append(QString::fromLatin1(subcommand.name));
    return context.usageError(command, Text::tr("unknown subcommand \"%1\"; use %2").arg(rest.first(), names.join(QStringLiteral(", "))));
}

} // namespace valis::cli
