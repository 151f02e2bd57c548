#include "valis/mcp/mcpserverconfig.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMutex>
#include <QMutexLocker>
#include <QProcess>
#include <QStandardPaths>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpCommandResolver)
};

QString expandHome(const QString &path)
{
    if (path == QLatin1String("~"))
        return QDir::homePath();
    if (path.startsWith(QLatin1String("~/")))
        return QDir::homePath() + path.mid(1);
    return path;
}

QStringList pathEntries(const QString &path)
{
    return path.split(QDir::listSeparator(), Qt::SkipEmptyParts);
}

} // namespace

QString loginShellPath()
{
#if defined(Q_OS_WIN)
    return {};
#else
    static QMutex mutex;
    static bool asked = false;
    static QString cached;
    QMutexLocker lock(&mutex);
    if (asked)
        return cached;
    asked = true;
    QString shell = qEnvironmentVariable("SHELL");
    if (shell.isEmpty() || !QFileInfo(shell).isExecutable())
        shell = QStringLiteral("/bin/sh");
    QProcess process;
    process.setProgram(shell);
    // Interactive and login, as a terminal starts it: nvm, mise and Homebrew hook in there.
    process.setArguments({QStringLiteral("-ilc"), QStringLiteral("printf '\\n__VALIS_PATH__=%s\\n' \"$PATH\"")});
    process.setStandardInputFile(QProcess::nullDevice());
    process.start();
    if (!process.waitForFinished(2000)) {
        process.kill();
        process.waitForFinished(500);
        return cached;
    }
    const QStringList lines = QString::fromLocal8Bit(process.readAllStandardOutput()).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (line.startsWith(QLatin1String("__VALIS_PATH__=")))
            cached = line.mid(15).trimmed();
    }
    return cached;
#endif
}

Result<void> resolveCommand(McpResolvedServer *server)
{
    const QString command = expandHome(server->program);
    if (command.contains(QLatin1Char('/')) || command.contains(QLatin1Char('\\'))) {
        QFileInfo file(command);
        if (file.isRelative() && !server->workingDirectory.isEmpty())
            file = QFileInfo(QDir(server->workingDirectory), command);
        if (!file.exists())
            return Error(QStringLiteral("mcp.command-not-found"), Text::tr("the command \"%1\" does not exist").arg(command));
        if (!file.isExecutable() || file.isDir())
            return Error(QStringLiteral("mcp.command-not-found"), Text::tr("\"%1\" is not an executable file").arg(command));
        server->program = file.absoluteFilePath();
        server->resolvedFrom = Text::tr("the path given");
        return success();
    }
    const QStringList ownPath = pathEntries(server->environment.value(QStringLiteral("PATH")));
    QString found = QStandardPaths::findExecutable(command, ownPath);
    server->resolvedFrom = Text::tr("PATH");
    if (found.isEmpty()) {
        const QString shellPath = loginShellPath();
        if (!shellPath.isEmpty()) {
            found = QStandardPaths::findExecutable(command, pathEntries(shellPath));
            if (!found.isEmpty()) {
                server->resolvedFrom = Text::tr("the login shell's PATH");
                // The server itself may start more of the same toolchain (npx starts node).
                QStringList merged = ownPath;
                for (const QString &entry : pathEntries(shellPath)) {
                    if (!merged.contains(entry))
                        merged.append(entry);
                }
                server->environment.insert(QStringLiteral("PATH"), merged.join(QDir::listSeparator()));
            }
        }
    }
    if (found.isEmpty()) {
        return Error(QStringLiteral("mcp.command-not-found"),
                     Text::tr("\"%1\" was found neither on PATH nor on your login shell's PATH; give its full path in the "
                              "server's \"command\"")
                         .arg(command));
    }
#if defined(Q_OS_WIN)
    // npx.cmd and friends are batch files: CreateProcess cannot start them directly.
    if (found.endsWith(QLatin1String(".cmd"), Qt::CaseInsensitive) || found.endsWith(QLatin1String(".bat"), Qt::CaseInsensitive)) {
        server->arguments.prepend(QDir::toNativeSeparators(found));
        server->arguments.prepend(QStringLiteral("/c"));
        server->program = qEnvironmentVariable("ComSpec", QStringLiteral("cmd.exe"));
        server->resolvedFrom += Text::tr(", through cmd /c");
        return success();
    }
#endif
    server->program = found;
    return success();
}

Result<McpResolvedServer> resolveServer(const McpServerConfig &config, const QProcessEnvironment &environment)
{
    McpResolvedServer server;
    server.config = config;
    if (config.transport == McpServerConfig::Transport::Http) {
        const auto url = expandVariables(config.url, environment);
        if (url.hasError())
            return url.error();
        server.url = QUrl(*url, QUrl::StrictMode);
        if (!server.url.isValid() || (server.url.scheme() != QLatin1String("http") && server.url.scheme() != QLatin1String("https")))
            return Error(QStringLiteral("mcp.bad-url"), Text::tr("\"%1\" is not an http:// or https:// address").arg(*url));
        for (auto it = config.headers.begin(); it != config.headers.end(); ++it) {
            const auto value = expandVariables(it.value(), environment);
            if (value.hasError())
                return Error(value.error().code, Text::tr("header %1: %2").arg(it.key(), value.error().message));
            server.headers.append({it.key().toLatin1(), value->toUtf8()});
        }
        if (!config.bearerTokenEnvVar.isEmpty()) {
            server.bearerToken = environment.value(config.bearerTokenEnvVar);
            if (server.bearerToken.isEmpty())
                return Error(QStringLiteral("mcp.unset-variable"),
                             Text::tr("the environment variable %1, which should hold the bearer token, is not set")
                                 .arg(config.bearerTokenEnvVar));
        }
        return server;
    }
    server.environment = environment;
    for (auto it = config.env.begin(); it != config.env.end(); ++it) {
        const auto value = expandVariables(it.value(), environment);
        if (value.hasError())
            return Error(value.error().code, Text::tr("env %1: %2").arg(it.key(), value.error().message));
        server.environment.insert(it.key(), *value);
    }
    const auto program = expandVariables(config.command, server.environment);
    if (program.hasError())
        return program.error();
    server.program = *program;
    for (const QString &argument : config.args) {
        const auto value = expandVariables(argument, server.environment);
        if (value.hasError())
            return value.error();
        server.arguments.append(*value);
    }
    if (!config.cwd.isEmpty()) {
        const auto cwd = expandVariables(config.cwd, environment);
        if (cwd.hasError())
            return cwd.error();
        server.workingDirectory = expandHome(*cwd);
        if (!QFileInfo(server.workingDirectory).isDir())
            return Error(QStringLiteral("mcp.bad-cwd"), Text::tr("the working folder \"%1\" does not exist").arg(server.workingDirectory));
    }
    const auto resolved = resolveCommand(&server);
    if (resolved.hasError())
        return resolved.error();
    return server;
}

} // namespace valis
