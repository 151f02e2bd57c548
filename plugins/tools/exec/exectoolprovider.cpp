#include "exectoolprovider.h"

#include "threadedtool.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "valis/filesystem/agentfilesystem.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

namespace valis::tools {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

namespace {

const QString ToolName = QStringLiteral("exec");

} // namespace

ExecToolProvider::ExecToolProvider(const ExecOptions &options) : m_options(options) {}

Result<ExecOptions> ExecToolProvider::optionsFromSettings(const QJsonObject &settings)
{
    ExecOptions options;
    const QJsonValue cap = settings.value(QStringLiteral("outputCapChars"));
    if (!cap.isUndefined()) {
        const double value = cap.toDouble(-1);
        if (!cap.isDouble() || value < 1000 || value > 1000000 || value != double(qint64(value))) {
            return Error(QStringLiteral("exec.settings"),
                         QStringLiteral("outputCapChars must be a whole number from 1000 to 1000000"));
        }
        options.outputCapBytes = qint64(value);
    }
    return options;
}

QString ExecToolProvider::id() const { return QStringLiteral("exec"); }

QList<ToolSpec> ExecToolProvider::tools() const
{
    ToolSpec spec;
    spec.name = ToolName;
    spec.description = QStringLiteral(
        "Run a command in the workspace, inside the session's sandbox: the workspace is writable, the rest of the "
        "system read-only, /tmp is private, and the network is off unless this session allows it. Use it to build, "
        "run tests, run scripts and use command-line tools. Standard input is empty, so never run anything that "
        "waits for input or for a terminal (editors, pagers, interactive prompts: pass --yes or similar flags). "
        "The result has the exit code, the duration and the output (stdout and stderr together); long output is "
        "either stored whole in memory and shown as a [MemoryRef: ...] to page through with retrieve_memory, or "
        "shortened to its beginning and end with the full output saved under /context/exec/ for read_file. "
        "Everything the command starts is stopped when it ends, times out or is cancelled, so do not start servers "
        "in the background expecting them to stay up. Prefer the file tools for reading, searching and editing files.");
    const QString timeoutText = QStringLiteral("Milliseconds before the command and everything it started are stopped; "
                                               "default %1, at most %2.")
                                    .arg(DefaultTimeoutMs)
                                    .arg(MaxTimeoutMs);
    // A command is a shell line or an argument vector: anyOf, which the ToolSchema adders do not say.
    const QJsonObject command{
        {QStringLiteral("description"),
         QStringLiteral("A shell command line, run with /bin/sh -c (pipes, &&, redirections work: "
                        "\"make -j4 && ./run_tests\"), or an array of arguments run directly without a shell, "
                        "program first ([\"python3\", \"script.py\", \"--flag\"]).")},
        {QStringLiteral("anyOf"),
         QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}, {QStringLiteral("minLength"), 1}},
                    QJsonObject{{QStringLiteral("type"), QStringLiteral("array")},
                                {QStringLiteral("items"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}},
                                {QStringLiteral("minItems"), 1}}}},
    };
    spec.inputSchema = ToolSchema()
                           .property(QStringLiteral("command"), command)
                           .string(QStringLiteral("workdir"),
                                   QStringLiteral("The folder to run in: relative to the workspace root (\"src/lib\"), or "
                                                  "absolute inside the workspace. Default: the workspace root."))
                           .integer(QStringLiteral("timeout_ms"), timeoutText, 1, MaxTimeoutMs)
                           .stringMap(QStringLiteral("env"),
                                      QStringLiteral("Extra environment variables for the command, as names to values "
                                                     "({\"RUST_BACKTRACE\": \"1\"})."))
                           .required({QStringLiteral("command")})
                           .build();
    spec.readOnly = false; // a command can change anything in the workspace
    return {spec};
}

ExecRequest ExecToolProvider::readRequest(ToolArguments &arguments, const ToolContext &context)
{
    ExecRequest request;
    const QJsonObject &raw = arguments.raw();

    const QJsonValue command = raw.value(QStringLiteral("command"));
    if (command.isString()) {
        if (command.toString().trimmed().isEmpty()) {
            arguments.fail(QStringLiteral("`command` must not be empty"));
        } else {
            request.command.program = QStringLiteral("/bin/sh");
            request.command.arguments = {QStringLiteral("-c"), command.toString()};
        }
    } else if (command.isArray()) {
        const QStringList argv = arguments.stringList(QStringLiteral("command"));
        if (command.toArray().isEmpty()) {
            arguments.fail(QStringLiteral("`command` must not be an empty array: give the program first"));
        } else if (!argv.isEmpty()) {
            if (argv.constFirst().isEmpty())
                arguments.fail(QStringLiteral("`command[0]`, the program, must not be empty"));
            request.command.program = argv.constFirst();
            request.command.arguments = argv.mid(1);
        }
    } else if (command.isUndefined()) {
        arguments.fail(QStringLiteral("`command` is required"));
    } else {
        arguments.fail(QStringLiteral("`command` must be a string (a shell command line) or an array of strings"));
    }
    if (request.command.program.contains(QChar(0)) || request.command.arguments.join(QString()).contains(QChar(0)))
        arguments.fail(QStringLiteral("`command` must not contain NUL characters"));

    request.command.timeout = std::chrono::milliseconds(
        arguments.integer(QStringLiteral("timeout_ms"), DefaultTimeoutMs, 1, MaxTimeoutMs));

    const QJsonValue env = raw.value(QStringLiteral("env"));
    if (!env.isUndefined() && !env.isNull()) {
        if (!env.isObject()) {
            arguments.fail(QStringLiteral("`env` must be an object of names to string values"));
        } else {
            const QJsonObject object = env.toObject();
            for (auto it = object.begin(); it != object.end(); ++it) {
                const QString name = it.key();
                if (name.isEmpty() || name.contains(QLatin1Char('=')) || name.contains(QChar(0))) {
                    arguments.fail(QStringLiteral("`env` name \"%1\" is not a valid variable name").arg(name.left(60)));
                } else if (!it.value().isString()) {
                    arguments.fail(QStringLiteral("`env.%1` must be a string").arg(name.left(60)));
                } else if (it.value().toString().contains(QChar(0))) {
                    arguments.fail(QStringLiteral("`env.%1` must not contain NUL characters").arg(name.left(60)));
                } else {
                    request.command.environment.insert(name, it.value().toString());
                }
            }
        }
    }

    request.command.workspace = context.workingDirectory;
    request.command.network = context.network;
    request.shownWorkdir = QStringLiteral(".");
    const std::optional<QString> workdir = arguments.optionalString(QStringLiteral("workdir"));
    if (workdir && !workdir->trimmed().isEmpty() && *workdir != QLatin1String(".")) {
        if (!context.filesystem) {
            arguments.fail(QStringLiteral("`workdir` cannot be used in this session (it has no file view); cd in the command instead"));
        } else {
            const Result<AgentFilesystem::Location> location = context.filesystem->resolve(*workdir);
            if (!location.ok()) {
                arguments.fail(QStringLiteral("`workdir`: %1").arg(location.error().message));
            } else if (!location->mountPoint.isEmpty()) {
                arguments.fail(QStringLiteral("`workdir` must be a folder of the workspace; %1 is not visible to commands")
                                   .arg(location->mountPoint));
            } else if (location->backend->localRoot().isEmpty()) {
                // A workspace on another machine: asking it here would block this thread on the
                // network, so the command finds out itself (its cd fails with a clear message).
                request.shownWorkdir = location->agentPath;
                request.command.workingDirectory = location->relativePath.isEmpty()
                    ? QString()
                    : QDir(context.workingDirectory).filePath(location->relativePath);
            } else {
                const Result<FileEntry> entry = context.filesystem->stat(*workdir);
                if (!entry.ok())
                    arguments.fail(QStringLiteral("`workdir`: %1").arg(entry.error().message));
                else if (!entry->isDirectory())
                    arguments.fail(QStringLiteral("`workdir` %1 is not a folder").arg(location->agentPath));
                else {
                    request.shownWorkdir = location->agentPath;
                    request.command.workingDirectory = location->relativePath.isEmpty()
                        ? QString()
                        : QDir(context.workingDirectory).filePath(location->relativePath);
                }
            }
        }
    }
    return request;
}

ToolInvocation *ExecToolProvider::invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                                         QObject *parent)
{
    if (toolName != ToolName) {
        return immediateResult(context.callId, toolName,
                               ToolOutcome::error(QStringLiteral("Unknown tool %1: the exec plugin offers only exec.").arg(toolName)),
                               parent);
    }
    if (!arguments.isObject())
        return immediateResult(context.callId, toolName, ToolOutcome::error(QStringLiteral("The arguments of exec must be a JSON object.")), parent);
    if (!context.sandbox)
        return immediateResult(context.callId, toolName, ToolOutcome::error(QStringLiteral("no sandbox is configured; commands cannot run")), parent);
    if (context.workingDirectory.isEmpty() || !QFileInfo(context.workingDirectory).isDir()) {
        return immediateResult(context.callId, toolName,
                               ToolOutcome::error(QStringLiteral("This session has no workspace folder, so commands cannot run.")), parent);
    }
    ToolArguments reader(toolName, arguments.toObject());
    const ExecRequest request = readRequest(reader, context);
    if (!reader.ok())
        return immediateResult(context.callId, toolName, ToolOutcome::error(reader.errorMessage()), parent);
    ExecOptions options = m_options;
    // Where the harness captures large results into the DetailStore, the model sees a MemoryRef
    // rather than the output, so the whole output is worth more than its head and tail.
    if (context.wholeResultMaxBytes > options.outputCapBytes)
        options.outputCapBytes = context.wholeResultMaxBytes;
    return new ExecInvocation(request, context, options, parent);
}

} // namespace valis::tools
