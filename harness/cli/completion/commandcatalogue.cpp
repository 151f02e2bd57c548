#include "completion/commandcatalogue.h"

#include "clicontext.h"
#include "commands.h"

#include <QRegularExpression>

namespace valis::cli {

Result<CommandCatalogue> CommandCatalogue::describe(const DataLocations &locations, const QList<QCommandLineOption> &globalOptions)
{
    CommandCatalogue catalogue;
    CommandSpec &root = catalogue.m_specs[QString()];
    root.options = globalOptions;
    root.declared = true;
    CliContext context(locations);
    context.describeInto(&catalogue);
    for (const Command &command : commands()) {
        const QString name = QString::fromLatin1(command.name);
        catalogue.addSubcommand(QString(), name, Text::tr(command.summary));
        command.run(context, {name});
    }
    for (const QString &path : catalogue.paths()) {
        const CommandSpec &spec = catalogue.m_specs.value(path);
        if (spec.subcommands.isEmpty() && !spec.declared)
            return Error(QStringLiteral("completion.undeclared"),
                         Text::tr("\"%1\" did not say which options it takes; it cannot be completed").arg(path));
    }
    return catalogue;
}

void CommandCatalogue::addSubcommand(const QString &parent, const QString &name, const QString &summary)
{
    CommandSpec &parentSpec = m_specs[parent];
    parentSpec.path = parent;
    if (!parentSpec.subcommands.contains(name))
        parentSpec.subcommands.append(name);
    const QString path = parent.isEmpty() ? name : parent + QLatin1Char(' ') + name;
    CommandSpec &spec = m_specs[path];
    spec.path = path;
    spec.summary = summary;
}

void CommandCatalogue::declare(const QString &path, const CliParser &parser)
{
    CommandSpec &spec = m_specs[path];
    spec.path = path;
    spec.options = parser.options();
    spec.positionals = parser.positionals();
    spec.declared = true;
}

const CommandSpec *CommandCatalogue::spec(const QString &path) const
{
    const auto found = m_specs.constFind(path);
    return found == m_specs.constEnd() ? nullptr : &found.value();
}

QStringList CommandCatalogue::paths() const
{
    QStringList paths;
    addPaths(QString(), &paths);
    return paths;
}

void CommandCatalogue::addPaths(const QString &path, QStringList *paths) const
{
    paths->append(path);
    for (const QString &name : m_specs.value(path).subcommands)
        addPaths(path.isEmpty() ? name : path + QLatin1Char(' ') + name, paths);
}

QString CompletionValues::kindName() const
{
    switch (kind) {
    case Kind::Nothing:
        return QStringLiteral("nothing");
    case Kind::Files:
        return QStringLiteral("files");
    case Kind::Directories:
        return QStringLiteral("directories");
    case Kind::Choices:
        return QStringLiteral("choices");
    case Kind::Sessions:
        return QStringLiteral("sessions");
    case Kind::McpServers:
        return QStringLiteral("mcp-servers");
    case Kind::Plugins:
        return QStringLiteral("plugins");
    case Kind::Providers:
        return QStringLiteral("providers");
    }
    return QStringLiteral("nothing");
}

CompletionValues completionValues(const QString &metavariable)
{
    CompletionValues values;
    QString word = metavariable.trimmed();
    if (word.startsWith(QLatin1Char('[')) && word.endsWith(QLatin1Char(']')))
        word = word.mid(1, word.size() - 2);
    if (word.endsWith(QLatin1String("..."))) {
        values.repeats = true;
        word.chop(3);
    }
    static const QRegularExpression choice(QStringLiteral("^[a-z0-9-]+(\\|[a-z0-9-]+)+$"));
    if (choice.match(word).hasMatch()) {
        values.kind = CompletionValues::Kind::Choices;
        values.choices = word.split(QLatin1Char('|'));
        return values;
    }
    static const QHash<QString, CompletionValues::Kind> kinds = {
        {QStringLiteral("FILE"), CompletionValues::Kind::Files},
        {QStringLiteral("PATH"), CompletionValues::Kind::Files},
        {QStringLiteral("DIR"), CompletionValues::Kind::Directories},
        {QStringLiteral("SESSION"), CompletionValues::Kind::Sessions},
        {QStringLiteral("SERVER"), CompletionValues::Kind::McpServers},
        {QStringLiteral("PLUGIN"), CompletionValues::Kind::Plugins},
        {QStringLiteral("PROVIDER"), CompletionValues::Kind::Providers},
    };
    values.kind = kinds.value(word.toUpper(), CompletionValues::Kind::Nothing);
    return values;
}

CompletionValues completionValues(const CliParser::Positional &positional)
{
    return completionValues(positional.syntax.isEmpty() ? positional.name : positional.syntax);
}

} // namespace valis::cli
