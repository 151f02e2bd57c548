#include "scriptedtask.h"

#include "streambuilders.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

namespace valis::test::codemode {

namespace {

const QString Prompt = QStringLiteral("The test fails: fix add() in calc.sh and run the tests.");
const QString Answer = QStringLiteral("Fixed add() in calc.sh; the test passes.");

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

QList<TaskCall> directCalls()
{
    return {{QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("calc.sh")}}},
            {QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("test.sh")}}},
            {QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("notes.txt")}}},
            {QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("add")}}},
            {QStringLiteral("edit_file"),
             {{QStringLiteral("path"), QStringLiteral("calc.sh")},
              {QStringLiteral("old_string"), QStringLiteral("$1 - $2")},
              {QStringLiteral("new_string"), QStringLiteral("$1 + $2")}}},
            {QStringLiteral("exec"), {{QStringLiteral("command"), QStringLiteral("sh test.sh")}}}};
}

QString taskScript(TaskMode mode)
{
    const QString edit = QStringLiteral("tools.edit_file({path: 'calc.sh', old_string: '$1 - $2', new_string: '$1 + $2'})");
    QString code = QStringLiteral("const [calc, test, notes] = await Promise.all(['calc.sh', 'test.sh', 'notes.txt']"
                                  ".map(path => tools.read_file({path})));\n"
                                  "const hits = await tools.grep({pattern: 'add'});\n");
    if (mode == TaskMode::ScriptDenied)
        code += QStringLiteral("let edit = 'edited';\ntry { await ") + edit + QStringLiteral("; } catch (e) { edit = 'denied: ' + e.message; }\n");
    else
        code += QStringLiteral("await ") + edit + QStringLiteral(";\nconst edit = 'edited';\n");
    // exec rejects when the command fails: the failing test run is a result too.
    code += QStringLiteral("let tests;\ntry { tests = await tools.exec({command: 'sh test.sh'}); } catch (e) { tests = e.message; }\n"
                           "return {edit, read: [calc, test, notes].every(t => t.includes('add')), "
                           "grep: hits.includes('calc.sh'), tests};");
    return code;
}

QString scriptCallId()
{
    return QStringLiteral("toolu_script");
}

QString makeProject(const QString &parent, const QString &name)
{
    const QString workspace = QDir(parent).filePath(name);
    QDir().mkpath(workspace);
    writeFile(workspace + QStringLiteral("/calc.sh"), "add() { echo $(( $1 - $2 )); }\n");
    writeFile(workspace + QStringLiteral("/test.sh"),
              ". ./calc.sh\nif [ \"$(add 2 3)\" = 5 ]; then echo PASS; else echo FAIL; exit 1; fi\n");
    writeFile(workspace + QStringLiteral("/notes.txt"), "add must add\n");
    return workspace;
}

QByteArray workspaceContents(const QString &workspace)
{
    QByteArray all;
    const QDir dir(workspace);
    for (const QString &name : dir.entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name)) {
        QFile file(dir.filePath(name));
        all += name.toUtf8() + ":\n" + (file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>")) + '\n';
    }
    for (const QString &name : dir.entryList(QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name))
        all += name.toUtf8() + "/\n";
    return all;
}

TaskRun runTask(const QString &home, const QString &workspace, TaskMode mode)
{
    ProviderTestServer server;
    TaskRun run;
    if (!server.listen()) {
        run.cli.err = "the provider server could not listen";
        return run;
    }
    const auto enqueueCall = [&](const QString &id, const QString &tool, const QJsonObject &arguments) {
        server.enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(id, tool, arguments).stop(QStringLiteral("tool_use"))));
        run.modelOutputs << tool + compact(arguments);
    };
    if (mode == TaskMode::Direct) {
        int step = 0;
        for (const TaskCall &call : directCalls())
            enqueueCall(QStringLiteral("toolu_step%1").arg(++step), call.tool, call.arguments);
    } else {
        enqueueCall(scriptCallId(), QStringLiteral("run_script"),
                    {{QStringLiteral("code"), taskScript(mode)}});
    }
    server.enqueue(ScriptedResponse::sse(AnthropicStream().text(Answer).stop(QStringLiteral("end_turn"))));
    run.modelOutputs << Answer;

    run.cli = runCli({QStringLiteral("--home"), home, QStringLiteral("run"), QStringLiteral("--provider"), QStringLiteral("anthropic"),
                      QStringLiteral("--model"), QStringLiteral("claude-sonnet-4-5"), QStringLiteral("--base-url"),
                      server.baseUrl().toString(), QStringLiteral("--workspace"), workspace, QStringLiteral("--approve"),
                      QStringLiteral("all"), QStringLiteral("--no-keychain"), Prompt},
                     anthropicCliEnvironment());
    run.requests = server.requests();
    run.unexpectedRequests = server.unexpectedRequests();
    return run;
}

QString lastToolResult(const TaskRun &run, const QString &callId)
{
    if (run.requests.isEmpty())
        return QStringLiteral("<no requests>");
    return anthropicToolResult(run.requests.last().json(), callId);
}

} // namespace valis::test::codemode
