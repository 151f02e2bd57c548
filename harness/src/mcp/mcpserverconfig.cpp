#include "valis/mcp/mcpserverconfig.h"

#include "tomlsubset.h"

#include "valis/core/jsonfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpSettings)
};

const QString Code = QStringLiteral("mcp.config-malformed");

QStringList knownKeys()
{
    return {QStringLiteral("type"), QStringLiteral("command"), QStringLiteral("args"), QStringLiteral("env"),
            QStringLiteral("cwd"), QStringLiteral("url"), QStringLiteral("headers"), QStringLiteral("bearerTokenEnvVar"),
            QStringLiteral("oauth"), QStringLiteral("enabled"), QStringLiteral("disabled"), QStringLiteral("required"),
            QStringLiteral("trusted"), QStringLiteral("startupTimeoutSec"), QStringLiteral("toolTimeoutSec"),
            QStringLiteral("maxToolTimeoutSec"), QStringLiteral("enabledTools"), QStringLiteral("disabledTools"),
            QStringLiteral("timeout")};
}

Result<QStringList> stringList(const QJsonObject &object, const QString &key, const QString &where)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull())
        return QStringList();
    if (!value.isArray())
        return Error(Code, Text::tr("\"%1\" must be a list of strings").arg(key), where);
    QStringList list;
    for (const QJsonValue &item : value.toArray()) {
        if (!item.isString())
            return Error(Code, Text::tr("\"%1\" must be a list of strings").arg(key), where);
        list.append(item.toString());
    }
    return list;
}

Result<QMap<QString, QString>> stringMap(const QJsonObject &object, const QString &key, const QString &where)
{
    const QJsonValue value = object.value(key);
    QMap<QString, QString> map;
    if (value.isUndefined() || value.isNull())
        return map;
    if (!value.isObject())
        return Error(Code, Text::tr("\"%1\" must be an object of strings").arg(key), where);
    const QJsonObject entries = value.toObject();
    for (auto it = entries.begin(); it != entries.end(); ++it) {
        if (it.value().isString())
            map.insert(it.key(), it.value().toString());
        else if (it.value().isDouble() || it.value().isBool())
            map.insert(it.key(), it.value().toVariant().toString());
        else
            return Error(Code, Text::tr("\"%1.%2\" must be a string").arg(key, it.key()), where);
    }
    return map;
}

Result<int> seconds(const QJsonObject &object, const QString &key, int fallback, const QString &where)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined())
        return fallback;
    if (!value.isDouble() || value.toDouble() <= 0 || value.toDouble() > 7 * 24 * 3600)
        return Error(Code, Text::tr("\"%1\" must be a number of seconds above 0").arg(key), where);
    return int(value.toDouble());
}

QJsonObject mapToJson(const QMap<QString, QString> &map)
{
    QJsonObject object;
    for (auto it = map.begin(); it != map.end(); ++it)
        object.insert(it.key(), it.value());
    return object;
}

} // namespace

bool McpServerConfig::isValidName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9_-]{1,64}$"));
    return pattern.match(name).hasMatch();
}

bool McpServerConfig::offersTool(const QString &toolName) const
{
    if (disabledTools.contains(toolName))
        return false;
    return enabledTools.isEmpty() || enabledTools.contains(toolName);
}

Result<McpServerConfig> McpServerConfig::fromJson(const QString &name, const QJsonObject &object, const QString &where)
{
    McpServerConfig config;
    config.name = name;
    if (!isValidName(name))
        return Error(Code, Text::tr("the server name \"%1\" may hold only letters, digits, '-' and '_' (at most 64)").arg(name), where);
    const QString type = object.value(QLatin1String("type")).toString();
    if (!type.isEmpty() && type != QLatin1String("stdio") && type != QLatin1String("http") && type != QLatin1String("sse")
        && type != QLatin1String("streamable-http") && type != QLatin1String("streamableHttp"))
        return Error(Code, Text::tr("\"type\" must be \"stdio\" or \"http\", not \"%1\"").arg(type), where);
    const bool http = (!type.isEmpty() && type != QLatin1String("stdio"))
                      || (type.isEmpty() && object.contains(QLatin1String("url")) && !object.contains(QLatin1String("command")));
    config.transport = http ? Transport::Http : Transport::Stdio;
    if (http) {
        config.url = object.value(QLatin1String("url")).toString();
        if (config.url.isEmpty())
            return Error(Code, Text::tr("an http server needs a \"url\""), where);
        const auto headers = stringMap(object, QStringLiteral("headers"), where);
        if (headers.hasError())
            return headers.error();
        config.headers = *headers;
        config.bearerTokenEnvVar = object.value(QLatin1String("bearerTokenEnvVar")).toString();
        const QJsonObject oauth = object.value(QLatin1String("oauth")).toObject();
        config.oauthClientId = oauth.value(QLatin1String("clientId")).toString();
        config.oauthClientSecretEnvVar = oauth.value(QLatin1String("clientSecretEnvVar")).toString();
        const auto scopes = stringList(oauth, QStringLiteral("scopes"), where);
        if (scopes.hasError())
            return scopes.error();
        config.oauthScopes = *scopes;
    } else {
        const QJsonValue command = object.value(QLatin1String("command"));
        if (!command.isString() || command.toString().trimmed().isEmpty())
            return Error(Code, Text::tr("a stdio server needs a \"command\""), where);
        config.command = command.toString();
        const auto args = stringList(object, QStringLiteral("args"), where);
        if (args.hasError())
            return args.error();
        config.args = *args;
        const auto env = stringMap(object, QStringLiteral("env"), where);
        if (env.hasError())
            return env.error();
        config.env = *env;
        config.cwd = object.value(QLatin1String("cwd")).toString();
    }
    if (object.contains(QLatin1String("enabled")))
        config.enabled = object.value(QLatin1String("enabled")).toBool(true);
    if (object.value(QLatin1String("disabled")).toBool(false))
        config.enabled = false; // Cline and others write "disabled": true
    config.required = object.value(QLatin1String("required")).toBool(false);
    config.trusted = object.value(QLatin1String("trusted")).toBool(false);
    auto startup = seconds(object, QStringLiteral("startupTimeoutSec"), 30, where);
    if (startup.hasError())
        return startup.error();
    config.startupTimeoutSec = *startup;
    int toolDefault = 300;
    // Claude Code's per-server "timeout" is in milliseconds.
    if (object.value(QLatin1String("timeout")).isDouble() && object.value(QLatin1String("timeout")).toDouble() > 0)
        toolDefault = qMax(1, int(object.value(QLatin1String("timeout")).toDouble() / 1000));
    auto tool = seconds(object, QStringLiteral("toolTimeoutSec"), toolDefault, where);
    if (tool.hasError())
        return tool.error();
    config.toolTimeoutSec = *tool;
    auto cap = seconds(object, QStringLiteral("maxToolTimeoutSec"), qMax(3600, config.toolTimeoutSec), where);
    if (cap.hasError())
        return cap.error();
    config.maxToolTimeoutSec = qMax(*cap, config.toolTimeoutSec);
    const auto enabledTools = stringList(object, QStringLiteral("enabledTools"), where);
    if (enabledTools.hasError())
        return enabledTools.error();
    config.enabledTools = *enabledTools;
    const auto disabledTools = stringList(object, QStringLiteral("disabledTools"), where);
    if (disabledTools.hasError())
        return disabledTools.error();
    config.disabledTools = *disabledTools;
    const QStringList known = knownKeys();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!known.contains(it.key()))
            config.extra.insert(it.key(), it.value());
    }
    return config;
}

QJsonObject McpServerConfig::toJson() const
{
    QJsonObject object = extra;
    if (transport == Transport::Http) {
        object.insert(QStringLiteral("type"), QStringLiteral("http"));
        object.insert(QStringLiteral("url"), url);
        if (!headers.isEmpty())
            object.insert(QStringLiteral("headers"), mapToJson(headers));
        if (!bearerTokenEnvVar.isEmpty())
            object.insert(QStringLiteral("bearerTokenEnvVar"), bearerTokenEnvVar);
        if (!oauthClientId.isEmpty() || !oauthScopes.isEmpty() || !oauthClientSecretEnvVar.isEmpty()) {
            QJsonObject oauth;
            if (!oauthClientId.isEmpty())
                oauth.insert(QStringLiteral("clientId"), oauthClientId);
            if (!oauthClientSecretEnvVar.isEmpty())
                oauth.insert(QStringLiteral("clientSecretEnvVar"), oauthClientSecretEnvVar);
            if (!oauthScopes.isEmpty())
                oauth.insert(QStringLiteral("scopes"), QJsonArray::fromStringList(oauthScopes));
            object.insert(QStringLiteral("oauth"), oauth);
        }
    } else {
        object.insert(QStringLiteral("command"), command);
        if (!args.isEmpty())
            object.insert(QStringLiteral("args"), QJsonArray::fromStringList(args));
        if (!env.isEmpty())
            object.insert(QStringLiteral("env"), mapToJson(env));
        if (!cwd.isEmpty())
            object.insert(QStringLiteral("cwd"), cwd);
    }
    if (!enabled)
        object.insert(QStringLiteral("enabled"), false);
    if (required)
        object.insert(QStringLiteral("required"), true);
    if (trusted)
        object.insert(QStringLiteral("trusted"), true);
    if (startupTimeoutSec != 30)
        object.insert(QStringLiteral("startupTimeoutSec"), startupTimeoutSec);
    if (toolTimeoutSec != 300)
        object.insert(QStringLiteral("toolTimeoutSec"), toolTimeoutSec);
    if (maxToolTimeoutSec != qMax(3600, toolTimeoutSec))
        object.insert(QStringLiteral("maxToolTimeoutSec"), maxToolTimeoutSec);
    if (!enabledTools.isEmpty())
        object.insert(QStringLiteral("enabledTools"), QJsonArray::fromStringList(enabledTools));
    if (!disabledTools.isEmpty())
        object.insert(QStringLiteral("disabledTools"), QJsonArray::fromStringList(disabledTools));
    return object;
}

Result<QString> expandVariables(const QString &text, const QProcessEnvironment &environment)
{
    static const QRegularExpression pattern(QStringLiteral("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?\\}"));
    QString out;
    qsizetype last = 0;
    auto it = pattern.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        out += QStringView(text).mid(last, match.capturedStart() - last);
        const QString name = match.captured(1);
        const bool hasDefault = match.capturedStart(2) >= 0;
        const QString value = environment.value(name);
        if (environment.contains(name) && !(hasDefault && value.isEmpty()))
            out += value;
        else if (hasDefault)
            out += match.captured(3);
        else
            return Error(QStringLiteral("mcp.unset-variable"),
                         Text::tr("the environment variable %1 is not set (write ${%1:-default} for a default)").arg(name));
        last = match.capturedEnd();
    }
    out += QStringView(text).mid(last);
    return out;
}

Result<McpSettings> McpSettings::load(const QString &path)
{
    McpSettings settings;
    settings.m_path = path;
    const auto file = readJsonObjectFile(path, Code, 1);
    if (file.hasError())
        return file.error();
    if (!file->has_value())
        return settings;
    const QJsonObject root = **file;
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (it.key() != QLatin1String("version") && it.key() != QLatin1String("mcpServers") && it.key() != QLatin1String("toolSearch"))
            settings.m_extra.insert(it.key(), it.value());
    }
    const QJsonValue servers = root.value(QLatin1String("mcpServers"));
    if (!servers.isUndefined() && !servers.isObject())
        return Error(Code, Text::tr("\"mcpServers\" must be an object of servers by name"), path);
    const QJsonObject entries = servers.toObject();
    for (auto it = entries.begin(); it != entries.end(); ++it) {
        const QString where = path + QStringLiteral(": mcpServers.") + it.key();
        if (!it.value().isObject()) {
            settings.m_problems.append(Error(Code, Text::tr("a server must be an object"), where));
            settings.m_unreadable.insert(it.key(), it.value());
            continue;
        }
        auto server = McpServerConfig::fromJson(it.key(), it.value().toObject(), where);
        if (server.hasError()) {
            settings.m_problems.append(server.error());
            settings.m_unreadable.insert(it.key(), it.value());
            continue;
        }
        settings.m_servers.append(*server);
    }
    const QJsonObject toolSearch = root.value(QLatin1String("toolSearch")).toObject();
    if (toolSearch.contains(QLatin1String("deferAbove"))) {
        const double share = toolSearch.value(QLatin1String("deferAbove")).toDouble(-1);
        if (share < 0 || share > 1)
            return Error(Code, Text::tr("\"toolSearch.deferAbove\" must be a share of the window between 0 and 1"), path);
        settings.m_deferAbove = share;
    }
    return settings;
}

Result<void> McpSettings::save() const
{
    return saveAs(m_path);
}

Result<void> McpSettings::saveAs(const QString &path) const
{
    QJsonObject root = m_extra;
    root.insert(QStringLiteral("version"), 1);
    // An entry this version cannot read is someone's configuration all the same: it is written
    // back as it was until it is replaced or removed.
    QJsonObject servers = m_unreadable;
    for (const McpServerConfig &server : m_servers)
        servers.insert(server.name, server.toJson());
    root.insert(QStringLiteral("mcpServers"), servers);
    if (!qFuzzyCompare(m_deferAbove, 0.05))
        root.insert(QStringLiteral("toolSearch"), QJsonObject{{QStringLiteral("deferAbove"), m_deferAbove}});
    return writeJsonObjectFile(path, root, QStringLiteral("mcp.config-unwritable"));
}

std::optional<McpServerConfig> McpSettings::server(const QString &name) const
{
    for (const McpServerConfig &server : m_servers) {
        if (server.name == name)
            return server;
    }
    return std::nullopt;
}

void McpSettings::forgetUnreadable(const QString &name)
{
    if (!m_unreadable.contains(name))
        return;
    m_unreadable.remove(name);
    const QString where = QStringLiteral(": mcpServers.") + name;
    m_problems.removeIf([&where](const Error &problem) { return problem.location.endsWith(where); });
}

void McpSettings::setServer(const McpServerConfig &server)
{
    forgetUnreadable(server.name);
    for (McpServerConfig &existing : m_servers) {
        if (existing.name == server.name) {
            existing = server;
            return;
        }
    }
    m_servers.append(server);
}

bool McpSettings::removeServer(const QString &name)
{
    const bool unreadable = m_unreadable.contains(name);
    forgetUnreadable(name);
    return m_servers.removeIf([&name](const McpServerConfig &server) { return server.name == name; }) > 0 || unreadable;
}

QStringList McpSettings::foreignConfigPaths()
{
    const QString home = QDir::homePath();
    QStringList paths;
#if defined(Q_OS_MACOS)
    paths << home + QStringLiteral("/Library/Application Support/Claude/claude_desktop_config.json");
#elif defined(Q_OS_WIN)
    paths << qEnvironmentVariable("APPDATA") + QStringLiteral("/Claude/claude_desktop_config.json");
#else
    paths << QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)
                 + QStringLiteral("/Claude/claude_desktop_config.json");
#endif
    const QString codexHome = qEnvironmentVariable("CODEX_HOME");
    paths << (codexHome.isEmpty() ? home + QStringLiteral("/.codex") : codexHome) + QStringLiteral("/config.toml");
    return paths;
}

namespace {

/// A Codex [mcp_servers.NAME] table in Valis's terms.
Result<McpServerConfig> fromCodex(const QString &name, const QJsonObject &table, const QString &where)
{
    QJsonObject object;
    if (table.contains(QLatin1String("url"))) {
        object.insert(QStringLiteral("type"), QStringLiteral("http"));
        object.insert(QStringLiteral("url"), table.value(QLatin1String("url")));
        QJsonObject headers = table.value(QLatin1String("http_headers")).toObject();
        const QJsonObject envHeaders = table.value(QLatin1String("env_http_headers")).toObject();
        for (auto it = envHeaders.begin(); it != envHeaders.end(); ++it)
            headers.insert(it.key(), QStringLiteral("${%1}").arg(it.value().toString()));
        if (!headers.isEmpty())
            object.insert(QStringLiteral("headers"), headers);
        if (table.contains(QLatin1String("bearer_token_env_var")))
            object.insert(QStringLiteral("bearerTokenEnvVar"), table.value(QLatin1String("bearer_token_env_var")));
        if (table.contains(QLatin1String("scopes")))
            object.insert(QStringLiteral("oauth"), QJsonObject{{QStringLiteral("scopes"), table.value(QLatin1String("scopes"))}});
    } else {
        object.insert(QStringLiteral("command"), table.value(QLatin1String("command")));
        if (table.contains(QLatin1String("args")))
            object.insert(QStringLiteral("args"), table.value(QLatin1String("args")));
        QJsonObject env = table.value(QLatin1String("env")).toObject();
        // env_vars: variables passed through from Valis's environment.
        for (const QJsonValue &var : table.value(QLatin1String("env_vars")).toArray())
            env.insert(var.toString(), QStringLiteral("${%1:-}").arg(var.toString()));
        if (!env.isEmpty())
            object.insert(QStringLiteral("env"), env);
        if (table.contains(QLatin1String("cwd")))
            object.insert(QStringLiteral("cwd"), table.value(QLatin1String("cwd")));
    }
    const QList<QPair<QString, QString>> renamed = {{QStringLiteral("enabled"), QStringLiteral("enabled")},
                                                    {QStringLiteral("required"), QStringLiteral("required")},
                                                    {QStringLiteral("startup_timeout_sec"), QStringLiteral("startupTimeoutSec")},
                                                    {QStringLiteral("tool_timeout_sec"), QStringLiteral("toolTimeoutSec")},
                                                    {QStringLiteral("enabled_tools"), QStringLiteral("enabledTools")},
                                                    {QStringLiteral("disabled_tools"), QStringLiteral("disabledTools")}};
    for (const auto &[from, to] : renamed) {
        if (table.contains(from))
            object.insert(to, table.value(from));
    }
    if (table.contains(QLatin1String("startup_timeout_ms")))
        object.insert(QStringLiteral("startupTimeoutSec"), qMax(1.0, table.value(QLatin1String("startup_timeout_ms")).toDouble() / 1000));
    return McpServerConfig::fromJson(name, object, where);
}

} // namespace

Result<QList<McpServerConfig>> McpSettings::readForeign(const QString &path, QList<Error> *problems)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error(QStringLiteral("mcp.import-unreadable"), Text::tr("cannot read it: %1").arg(file.errorString()), path);
    const QByteArray bytes = file.readAll();
    QList<McpServerConfig> servers;
    if (path.endsWith(QLatin1String(".toml"), Qt::CaseInsensitive)) {
        const auto toml = mcp::parseTomlSubset(bytes, path);
        if (toml.hasError())
            return toml.error();
        const QJsonObject tables = toml->value(QLatin1String("mcp_servers")).toObject();
        for (auto it = tables.begin(); it != tables.end(); ++it) {
            auto server = fromCodex(it.key(), it.value().toObject(), path + QStringLiteral(": [mcp_servers.") + it.key() + QLatin1Char(']'));
            if (server.hasError())
                problems->append(server.error());
            else
                servers.append(*server);
        }
        return servers;
    }
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return Error(QStringLiteral("mcp.import-malformed"),
                     parseError.error != QJsonParseError::NoError
                         ? Text::tr("not JSON: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset)
                         : Text::tr("not a JSON object"),
                     path);
    // Claude Desktop and .mcp.json: {"mcpServers": {...}}; Zed: {"context_servers": {...}}.
    QJsonObject entries = document.object().value(QLatin1String("mcpServers")).toObject();
    if (entries.isEmpty())
        entries = document.object().value(QLatin1String("context_servers")).toObject();
    if (entries.isEmpty() && !document.object().contains(QLatin1String("mcpServers")))
        return Error(QStringLiteral("mcp.import-malformed"), Text::tr("no \"mcpServers\" object in it"), path);
    for (auto it = entries.begin(); it != entries.end(); ++it) {
        const QString where = path + QStringLiteral(": mcpServers.") + it.key();
        QString name = it.key();
        if (!McpServerConfig::isValidName(name)) {
            static const QRegularExpression invalid(QStringLiteral("[^A-Za-z0-9_-]"));
            name.replace(invalid, QStringLiteral("_"));
            name.truncate(64);
        }
        auto server = McpServerConfig::fromJson(name, it.value().toObject(), where);
        if (server.hasError())
            problems->append(server.error());
        else
            servers.append(*server);
    }
    return servers;
}

} // namespace valis
