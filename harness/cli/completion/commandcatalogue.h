#pragma once

#include "cliparser.h"

#include "valis/core/datalocations.h"
#include "valis/core/result.h"

#include <QHash>

namespace valis::cli {

/// What one command or subcommand of valis-cli accepts, as its own parser declared it.
struct CommandSpec
{
    QString path;            ///< "" (valis-cli itself), "sessions", "mcp add"
    QString summary;         ///< the one line its command table gives it
    QStringList subcommands; ///< their names, in the table's order
    QList<QCommandLineOption> options;
    QList<CliParser::Positional> positionals;
    bool declared = false;   ///< its parser was reached
};

/// Every command of valis-cli with its subcommands, options and positional arguments, learnt by
/// asking the commands themselves (CliContext::describeInto): the source of the shell
/// completion scripts, so they cannot offer what a command does not accept.
class CommandCatalogue
{
public:
    /// Asks every command of commands() (and through them their subcommands) what it accepts,
    /// running none of them. valis-cli's own options are `globalOptions`. Fails when a command
    /// answers without declaring its options: it would have done something instead.
    static Result<CommandCatalogue> describe(const DataLocations &locations, const QList<QCommandLineOption> &globalOptions);

    void addSubcommand(const QString &parent, const QString &name, const QString &summary);
    void declare(const QString &path, const CliParser &parser);

    /// The spec of `path`, or nullptr.
    const CommandSpec *spec(const QString &path) const;
    /// Every path, valis-cli itself ("") first, then depth first in the tables' order.
    QStringList paths() const;

private:
    void addPaths(const QString &path, QStringList *paths) const;

    QHash<QString, CommandSpec> m_specs;
};

/// What a shell completes an option's value or a positional argument with.
struct CompletionValues
{
    enum class Kind { Nothing, Files, Directories, Choices, Sessions, McpServers, Plugins, Providers };
    Kind kind = Kind::Nothing;
    QStringList choices; ///< for Choices
    bool repeats = false; ///< a positional that takes any number ("SESSION...")

    /// The word the scripts use for the kind: "files", "sessions", "choices" ...
    QString kindName() const;
};

/// The one place that decides what a value completes to, from the metavariable the command
/// declared: an option's value name ("SESSION", "DIR", "on|off") or a positional argument's
/// syntax ("SESSION...", "[set|remove|status]"; its name when it has none).
CompletionValues completionValues(const QString &metavariable);
/// The same for a positional argument as declared.
CompletionValues completionValues(const CliParser::Positional &positional);

} // namespace valis::cli
