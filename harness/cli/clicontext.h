#pragma once

#include "valis/core/datalocations.h"

#include <QCoreApplication>
#include "valis/core/result.h"
#include "valis/store/sessionstore.h"

#include "cliparser.h"
#include <QTextStream>

#include <memory>

namespace valis::cli {

class CommandCatalogue;

/// What every command gets: where the profile lives, the output streams, and the session store,
/// opened on first use. Commands print results to `out` and every failure to `err`, and return
/// the process exit code (0 success, 1 failure, 2 usage error).
class CliContext
{
public:
    explicit CliContext(DataLocations locations);

    const DataLocations &locations() const { return m_locations; }
    QTextStream &out() { return m_out; }
    QTextStream &err() { return m_err; }
    /// Whether stdout is a terminal, so output may use colour.
    bool colour() const { return m_colour; }

    /// The profile's session store, or nullptr after printing why it could not be opened.
    SessionStore *store();

    /// Prints "valis-cli <command>: <error>" to stderr and returns 1.
    int fail(const QString &command, const Error &error);
    /// Prints a usage error with a pointer to --help and returns 2.
    int usageError(const QString &command, const QString &message);

    /// Parses `arguments` (the command's own, command name first) with `parser`, which gets a
    /// --help option added. Returns -1 to go on, or the exit code to stop with (help shown: 0;
    /// bad usage: 2). While describing, records what `parser` declares under `command` instead
    /// and returns 0, so the command stops before doing anything.
    int parse(CliParser &parser, const QString &command, const QString &description, const QStringList &arguments);

    /// Describing (for `valis-cli completion`): commands are asked what they accept instead of
    /// being run. Each reaches parse() with nothing but its name as arguments; a command with
    /// subcommands names them with describeSubcommand() and runs each the same way.
    void describeInto(CommandCatalogue *catalogue) { m_catalogue = catalogue; }
    bool describing() const { return m_catalogue != nullptr; }
    /// While describing: `parent` ("mcp") has the subcommand `name` with a one-line `summary`.
    void describeSubcommand(const QString &parent, const QString &name, const QString &summary);

private:
    DataLocations m_locations;
    QTextStream m_out;
    QTextStream m_err;
    bool m_colour = false;
    std::unique_ptr<SessionStore> m_store;
    bool m_storeFailed = false;
    CommandCatalogue *m_catalogue = nullptr;
};

/// Translations of valis-cli's messages (lupdate reads the context from here).
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::cli)
};

} // namespace valis::cli
