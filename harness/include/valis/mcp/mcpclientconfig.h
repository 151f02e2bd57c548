#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace valis {

/// The other agents whose configuration files Valis can add its MCP server to.
enum class McpClientKind {
    ClaudeCode,    ///< ~/.claude.json, top-level "mcpServers" (Claude Code's user scope)
    Codex,         ///< ~/.codex/config.toml (or $CODEX_HOME), a [mcp_servers.NAME] table
    ClaudeDesktop, ///< claude_desktop_config.json in the platform's config folder, "mcpServers"
};

/// How another agent starts Valis's MCP server over stdio: `program arguments...`.
struct VALIS_HARNESS_EXPORT McpServerLaunch
{
    enum class Access { ReadWrite, ReadOnly };

    QString name = QStringLiteral("valis"); ///< the entry's key in the other agent's file
    QString program;                        ///< the absolute path of valis-cli
    QStringList arguments;                  ///< "mcp", "serve" (and "--read-only")

    /// `valis-cli mcp serve` (stdio) with `cliPath` made absolute.
    static McpServerLaunch forCli(const QString &cliPath, Access access);
};

/// A change to one agent's configuration file, computed before anything is written so that a
/// person can see it: the bytes before and after, and a diff of the lines that differ.
struct VALIS_HARNESS_EXPORT McpClientConfigChange
{
    McpClientKind kind = McpClientKind::ClaudeCode;
    QString path;            ///< the file as given (a symbolic link is written through)
    bool existed = false;    ///< false: the file (and maybe its folder) is created
    QByteArray before;       ///< the file's bytes when planned; empty when it did not exist
    QByteArray after;        ///< the whole file as it will be written

    /// Whether writing would change anything (false: the entry is already there as it should be).
    bool changes() const { return !existed || before != after; }
    /// A unified diff ("--- a", "+++ b", "@@ ... @@", three lines of context) of before and
    /// after, or "" when nothing changes.
    QString diff() const;
};

/// Writes Valis's MCP server entry into other agents' configuration files, after the front end
/// asked the person (this class computes and writes; it never asks). Everything else in the file
/// is kept byte for byte: the entry is spliced into the text rather than the file re-serialised,
/// and the result is checked by parsing it again. A file that cannot be parsed is refused with an
/// Error and never written. Writes are atomic (QSaveFile) and the previous file is first copied
/// to "<file>.valis-backup". Pure functions of their arguments and the files: any thread.
class VALIS_HARNESS_EXPORT McpClientConfig
{
public:
    /// "Claude Code", "Codex", "Claude Desktop" (translated).
    static QString displayName(McpClientKind kind);
    /// Where `kind` keeps its configuration on this machine for the home folder `home`, whether
    /// or not the file exists: Codex honours $CODEX_HOME, Claude Desktop the platform's config
    /// folder (Linux $XDG_CONFIG_HOME or ~/.config, macOS ~/Library/Application Support,
    /// Windows %APPDATA%).
    static QString defaultPath(McpClientKind kind, const QString &home);

    /// What a person would paste: the `claude mcp add --scope user` command line for Claude Code,
    /// the [mcp_servers.valis] table for Codex, the JSON object for Claude Desktop.
    static QString snippet(McpClientKind kind, const McpServerLaunch &launch);

    /// Reads the file at `path` (absent is fine) and computes it with the entry added or
    /// replaced. Errors: "mcp-client.malformed" (the file cannot be parsed, or holds the entry
    /// in a shape Valis does not edit; the message says what to do), "mcp-client.read".
    static Result<McpClientConfigChange> plan(McpClientKind kind, const QString &path, const McpServerLaunch &launch);

    /// Writes `change.after`: refuses ("mcp-client.changed") when the file is no longer
    /// `change.before` (plan again and ask again), copies the old file to backupPath(), then
    /// replaces the file atomically, keeping its permissions.
    static Result<void> write(const McpClientConfigChange &change);

    /// "<file>.valis-backup" beside the file written (the target of a symbolic link).
    static QString backupPath(const QString &path);
};

} // namespace valis
