#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QPair>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace valis {

/// One configured MCP server, as written in config/mcp.json (values before ${VAR} expansion).
struct VALIS_HARNESS_EXPORT McpServerConfig
{
    enum class Transport { Stdio, Http };

    QString name;                        ///< the key in mcpServers; [A-Za-z0-9_-], at most 64 characters
    Transport transport = Transport::Stdio;
    // stdio
    QString command;
    QStringList args;
    QMap<QString, QString> env;          ///< added to (and overriding) Valis's environment
    QString cwd;
    // http
    QString url;
    QMap<QString, QString> headers;
    QString bearerTokenEnvVar;           ///< a variable holding a bearer token (the simple path)
    QString oauthClientId;               ///< a pre-registered OAuth client
    QString oauthClientSecretEnvVar;
    QStringList oauthScopes;             ///< scopes to ask for when the server names none
    // every server
    bool enabled = true;
    bool required = false;               ///< a session does not start without it
    bool trusted = false;                ///< its tool annotations (readOnlyHint, ...) are believed
    int startupTimeoutSec = 30;          ///< spawn, authorisation, initialize and the first tools/list
    int toolTimeoutSec = 300;            ///< per call; progress restarts it ...
    int maxToolTimeoutSec = 3600;        ///< ... up to this hard cap
    QStringList enabledTools;            ///< empty: all
    QStringList disabledTools;
    QJsonObject extra;                   ///< keys Valis does not know, kept when the file is rewritten

    /// Whether the model may be offered `toolName` (enabledTools / disabledTools).
    bool offersTool(const QString &toolName) const;

    QJsonObject toJson() const;
    /// `where` names the place for errors ("config/mcp.json: mcpServers.github").
    static Result<McpServerConfig> fromJson(const QString &name, const QJsonObject &object, const QString &where);
    /// Names that work as keys, in the model-visible tool names and as approval provider ids.
    static bool isValidName(const QString &name);
};

/// A server's configuration with ${VAR} and ${VAR:-default} expanded and its command resolved:
/// what is actually started or called.
struct VALIS_HARNESS_EXPORT McpResolvedServer
{
    McpServerConfig config;
    QString program;                     ///< the command resolved to a path (stdio)
    QStringList arguments;
    QProcessEnvironment environment;
    QString workingDirectory;
    QUrl url;                            ///< http
    QList<QPair<QByteArray, QByteArray>> headers;
    QString bearerToken;                 ///< from bearerTokenEnvVar, when set
    QString resolvedFrom;                ///< how the command was found ("login shell PATH"), for people
};

/// Expands ${VAR} and ${VAR:-default} in `text` from `environment`. An unset variable without a
/// default is an Error ("mcp.unset-variable") naming it.
VALIS_HARNESS_EXPORT Result<QString> expandVariables(const QString &text, const QProcessEnvironment &environment);

/// Everything config/mcp.json holds:
///
///     {"version": 1,
///      "mcpServers": {
///        "everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"],
///                       "env": {"API_KEY": "${MY_KEY}"}, "cwd": "~/work",
///                       "startupTimeoutSec": 30, "toolTimeoutSec": 300, "disabledTools": ["get-env"]},
///        "github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/",
///                   "headers": {"X-Team": "${TEAM:-core}"}, "bearerTokenEnvVar": "GITHUB_TOKEN"}},
///      "toolSearch": {"deferAbove": 0.05}}
///
/// The `mcpServers` object is the one Claude Desktop and Claude Code use, so their entries can be
/// pasted in. A missing file is no servers. A malformed file is an Error naming the place; a
/// server entry that is wrong is reported on its own (problems()) and the others still load.
class VALIS_HARNESS_EXPORT McpSettings
{
public:
    static Result<McpSettings> load(const QString &path);
    Result<void> save() const;
    /// Writes to another file (an export).
    Result<void> saveAs(const QString &path) const;

    QString path() const { return m_path; }
    void setPath(const QString &path) { m_path = path; }
    QList<McpServerConfig> servers() const { return m_servers; }
    std::optional<McpServerConfig> server(const QString &name) const;
    /// Adds or replaces by name (an entry that could not be read included).
    void setServer(const McpServerConfig &server);
    /// Removes the server `name`, or the entry of that name that could not be read; false when
    /// there is neither.
    bool removeServer(const QString &name);
    /// Entries that could not be read, one Error each; the rest loaded. They are written back
    /// unchanged by save() until they are replaced or removed.
    QList<Error> problems() const { return m_problems; }
    /// Whether `name` is an entry that could not be read.
    bool isUnreadable(const QString &name) const { return m_unreadable.contains(name); }

    /// The share of the context window MCP tool definitions may take before they are deferred
    /// behind search_tools (0.05); 0 defers always, 1 never.
    double deferAbove() const { return m_deferAbove; }
    void setDeferAbove(double share) { m_deferAbove = share; }

    /// Reads `mcpServers` entries from another host's file: Claude Desktop's
    /// claude_desktop_config.json, Claude Code's .mcp.json (same shape), or Codex's
    /// ~/.codex/config.toml ([mcp_servers.NAME] tables). Entries that cannot be read are skipped
    /// and listed in `problems`.
    static Result<QList<McpServerConfig>> readForeign(const QString &path, QList<Error> *problems);
    /// Where other hosts keep their MCP configuration on this machine, existing or not:
    /// Claude Desktop's file and Codex's config.
    static QStringList foreignConfigPaths();

private:
    void forgetUnreadable(const QString &name);

    QString m_path;
    QList<McpServerConfig> m_servers;
    QList<Error> m_problems;
    QJsonObject m_unreadable;       ///< the raw entries behind m_problems, by name
    double m_deferAbove = 0.05;
    QJsonObject m_extra;
};

/// Finds `command` the way a person's terminal would: an absolute or relative path as it is,
/// else the PATH of `environment`, else the PATH the person's login shell sets up (GUI launches
/// do not inherit nvm, mise or Homebrew additions). On Windows, a `.cmd`/`.bat` shim (npx.cmd)
/// is run through `cmd /c`. Fills program, arguments and resolvedFrom of `server`; an Error
/// ("mcp.command-not-found") saying where it looked when nothing is found.
VALIS_HARNESS_EXPORT Result<void> resolveCommand(McpResolvedServer *server);

/// The PATH of the person's login shell ($SHELL -lic 'echo $PATH'), asked once per process and
/// cached; empty where there is none (Windows) or it cannot be asked within two seconds.
VALIS_HARNESS_EXPORT QString loginShellPath();

/// Expands variables, resolves the command and reads the bearer token variable.
VALIS_HARNESS_EXPORT Result<McpResolvedServer> resolveServer(const McpServerConfig &config,
                                                            const QProcessEnvironment &environment
                                                            = QProcessEnvironment::systemEnvironment());

} // namespace valis
