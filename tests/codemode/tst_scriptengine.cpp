// run_script's engine (SpiderMonkey on its own threads) against a fake ToolCaller: the language,
// tool calls in parallel, errors with their line and column, every limit, hostile scripts, and
// cancellation; after each script that was stopped, another one runs on the same engine pool.
#include "codemodetool.h"
#include "faketoolcaller.h"
#include "scriptrun.h"
#include "testsupport.h"
#include "tsdeclarations.h"

#include "valis/plugins/toolinvocation.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QtTest/QtTest>

using namespace valis;
using namespace valis::codemode;
using valis::test::FakeToolCaller;

namespace {

ScriptLimits quickLimits()
{
    ScriptLimits limits;
    limits.wallTime = std::chrono::seconds(20);
    limits.memoryBytes = 64LL * 1024 * 1024;
    return limits;
}

// Runs `code` to its end; the outcome, or a failed one naming the test's own timeout.
ScriptOutcome runScript(FakeToolCaller &caller, const QString &code, const ScriptLimits &limits = quickLimits())
{
    ScriptRun run(&caller, QStringLiteral("call-1"), code, limits);
    QSignalSpy finished(&run, &ScriptRun::finished);
    run.start();
    if (!finished.wait(60000)) {
        ScriptOutcome outcome;
        outcome.error = QStringLiteral("test: the script did not finish");
        return outcome;
    }
    return finished.first().first().value<ScriptOutcome>();
}

} // namespace

class TestScriptEngine : public QObject
{
    Q_OBJECT

private:
    // After a hostile or stopped script: the engine still runs scripts, with tools.
    void engineStillWorks()
    {
        FakeToolCaller caller;
        caller.files.insert(QStringLiteral("a.txt"), QStringLiteral("alpha"));
        const ScriptOutcome outcome = runScript(caller, QStringLiteral("return (await tools.read_file({path: 'a.txt'})).length * 2;"));
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(outcome.value, QStringLiteral("10"));
    }

private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<ScriptOutcome>(); }

    void es2022()
    {
        FakeToolCaller caller;
        const QString code = QStringLiteral(
            "class Counter { #n = 0; static of(n) { const c = new Counter(); c.#n = n; return c; } get n() { return this.#n; } }\n"
            "const { a, b: [first, ...rest] } = { a: 1, b: [2, 3, 4] };\n"
            "const add = async (x, y) => x + y;\n"
            "const total = await add(a, first) + rest.at(-1);\n"
            "const deep = { x: { y: null } };\n"
            "return { total, counter: Counter.of(7).n, missing: deep.x?.y?.z ?? 'none', own: Object.hasOwn(deep, 'x'), "
            "big: (2n ** 64n).toString(), spread: [...new Set([1, 1, 2])] };");
        const ScriptOutcome outcome = runScript(caller, code);
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(QJsonDocument::fromJson(outcome.value.toUtf8()).object(),
                 QJsonDocument::fromJson(QByteArrayLiteral(
                     "{\"total\":7,\"counter\":7,\"missing\":\"none\",\"own\":true,\"big\":\"18446744073709551616\",\"spread\":[1,2]}"))
                     .object());
    }

    void returnedValues()
    {
        FakeToolCaller caller;
        ScriptOutcome outcome = runScript(caller, QStringLiteral("return 'plain text';"));
        QVERIFY(outcome.ok);
        QCOMPARE(outcome.value, QStringLiteral("plain text"));
        outcome = runScript(caller, QStringLiteral("const x = 1;"));
        QVERIFY(outcome.ok);
        QCOMPARE(outcome.value, QString());
        QCOMPARE(scriptResultText(outcome), QStringLiteral("(the script returned nothing)"));
        outcome = runScript(caller, QStringLiteral("const o = {}; o.self = o; return o;"));
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.contains(QStringLiteral("cannot be turned into JSON")), qPrintable(outcome.error));
    }

    void parallelToolCalls()
    {
        FakeToolCaller caller;
        caller.files.insert(QStringLiteral("a.txt"), QStringLiteral("alpha"));
        caller.files.insert(QStringLiteral("b.txt"), QStringLiteral("beta!!"));
        caller.delayMs = 50;
        const ScriptOutcome outcome = runScript(
            caller, QStringLiteral("const [a, b, s] = await Promise.all([tools.read_file({path: 'a.txt'}), "
                                   "tools.read_file({path: 'b.txt'}), tools.slow({})]);\n"
                                   "return a.length + b.length + ':' + s;"));
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(outcome.value, QStringLiteral("11:slow done"));
        QCOMPARE(outcome.toolCalls, 3);
        QCOMPARE(caller.calls, 3);
        // The three ran at once: the slow one was still running when the others started.
        QCOMPARE(caller.maxRunning, 3);
        QVERIFY(!caller.wrongThread);
        QCOMPARE(caller.callIds.first(), QStringLiteral("call-1.1"));
    }

    void toolResults()
    {
        FakeToolCaller caller;
        // A JSON object comes as an object; the arguments reach the tool as plain JSON.
        const ScriptOutcome outcome = runScript(
            caller, QStringLiteral("const r = await tools.echo({n: 41, list: [1, 2], nested: {s: 'x'}});\n"
                                   "return typeof r + ':' + (r.n + 1) + ':' + r.list.length + r.nested.s;"));
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(outcome.value, QStringLiteral("object:42:2x"));
        QCOMPARE(caller.arguments.first().toObject().value(QStringLiteral("n")).toInt(), 41);
    }

    void toolErrorsReject()
    {
        FakeToolCaller caller;
        ScriptOutcome outcome = runScript(
            caller, QStringLiteral("try { await tools.fail({}); return 'not thrown'; }\n"
                                   "catch (e) { return (e instanceof Error) + ':' + e.message; }"));
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(outcome.value, QStringLiteral("true:The user denied this call."));
        outcome = runScript(caller, QStringLiteral("await tools.read_file({path: 'missing.txt'});"));
        QVERIFY(!outcome.ok);
        QCOMPARE(outcome.error, QStringLiteral("Error: File not found: missing.txt"));
        // Arguments that are not one object are refused as the tool's error, catchable.
        outcome = runScript(caller, QStringLiteral("try { await tools.echo(5); } catch (e) { return e.message; }"));
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QVERIFY2(outcome.value.contains(QStringLiteral("one object of arguments")), qPrintable(outcome.value));
    }

    void errorsHaveLineAndColumn()
    {
        FakeToolCaller caller;
        ScriptOutcome outcome = runScript(caller, QStringLiteral("let x = 1;\nlet = ;\n"));
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.startsWith(QStringLiteral("SyntaxError: ")), qPrintable(outcome.error));
        QVERIFY2(outcome.error.endsWith(QStringLiteral("(line 2, column 7)")), qPrintable(outcome.error));
        outcome = runScript(caller, QStringLiteral("const a = 1;\n\nconst o = null;\nreturn o.field;"));
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.startsWith(QStringLiteral("TypeError: ")), qPrintable(outcome.error));
        QVERIFY2(outcome.error.contains(QStringLiteral("(line 4, column")), qPrintable(outcome.error));
        outcome = runScript(caller, QStringLiteral("throw 'a string';"));
        QVERIFY(!outcome.ok);
        QCOMPARE(outcome.error, QStringLiteral("Uncaught exception: a string"));
    }

    void consoleIsCaptured()
    {
        FakeToolCaller caller;
        const ScriptOutcome outcome = runScript(
            caller, QStringLiteral("console.log('plain', 1, {a: [1]}); console.info(undefined); console.warn('careful');\n"
                                   "console.error(new Map()); return 'done';"));
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(outcome.logs, QStringLiteral("plain 1 {\"a\":[1]}\nundefined\n[warn] careful\n[error] {}\n"));
        QCOMPARE(scriptResultText(outcome), QStringLiteral("console:\n") + outcome.logs + QStringLiteral("returned:\ndone"));
    }

    void wallTimeLimit()
    {
        FakeToolCaller caller;
        ScriptLimits limits = quickLimits();
        limits.wallTime = std::chrono::milliseconds(300);
        ScriptOutcome outcome = runScript(caller, QStringLiteral("while (true) {}"), limits);
        QVERIFY(!outcome.ok);
        QCOMPARE(outcome.stop, ScriptStop::WallTime);
        QCOMPARE(outcome.error, QStringLiteral("run_script stopped: wall time limit of 300 ms reached"));
        // A catch does not keep a stopped script alive.
        outcome = runScript(caller, QStringLiteral("for (;;) { try { while (true) {} } catch (e) {} }"), limits);
        QCOMPARE(outcome.stop, ScriptStop::WallTime);
        // Waiting on a tool counts too, and the tool call is cancelled.
        outcome = runScript(caller, QStringLiteral("await tools.slow({ms: 60000});"), limits);
        QCOMPARE(outcome.stop, ScriptStop::WallTime);
        QCOMPARE(caller.cancelled, 1);
        engineStillWorks();
        limits = ScriptLimits();
        QCOMPARE(limitMessage(ScriptStop::WallTime, limits), QStringLiteral("run_script stopped: wall time limit of 30 s reached"));
    }

    void memoryLimit_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("objects") << QStringLiteral("const a = []; while (true) a.push({n: a.length, s: 'x' + a.length});");
        QTest::newRow("array elements") << QStringLiteral("const a = []; while (true) a.push(new Array(1e6).fill(1.5));");
        QTest::newRow("typed arrays") << QStringLiteral("const a = []; while (true) a.push(new Float64Array(1e6).fill(1.5));");
        QTest::newRow("strings") << QStringLiteral("const a = []; let i = 0; while (true) a.push('y'.repeat(1e6) + i++);");
    }

    void memoryLimit()
    {
        QFETCH(QString, code);
        FakeToolCaller caller;
        const ScriptOutcome outcome = runScript(caller, code);
        QVERIFY(!outcome.ok);
        QCOMPARE(outcome.stop, ScriptStop::Memory);
        QCOMPARE(outcome.error, QStringLiteral("run_script stopped: memory limit of 64 MB reached"));
        engineStillWorks();
    }

    void deepRecursion()
    {
        FakeToolCaller caller;
        const ScriptOutcome outcome = runScript(caller, QStringLiteral("function down(n) { return down(n + 1) + 1; }\nreturn down(0);"));
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.contains(QStringLiteral("too much recursion")), qPrintable(outcome.error));
        QVERIFY2(outcome.error.contains(QStringLiteral("(line 1,")), qPrintable(outcome.error));
        engineStillWorks();
    }

    void outputLimit()
    {
        FakeToolCaller caller;
        ScriptLimits limits = quickLimits();
        limits.maxOutputBytes = 10 * 1024;
        ScriptOutcome outcome = runScript(caller, QStringLiteral("while (true) console.log('line of output');"), limits);
        QCOMPARE(outcome.stop, ScriptStop::OutputSize);
        QCOMPARE(outcome.error,
                 QStringLiteral("run_script stopped: output size limit of 10 KB reached (console output and the returned value)"));
        QVERIFY(outcome.logs.toUtf8().size() <= limits.maxOutputBytes);
        outcome = runScript(caller, QStringLiteral("return 'x'.repeat(1e6);"), limits);
        QCOMPARE(outcome.stop, ScriptStop::OutputSize);
        QVERIFY(outcome.value.isEmpty());
        engineStillWorks();
    }

    void toolCallLimit()
    {
        FakeToolCaller caller;
        ScriptLimits limits = quickLimits();
        limits.maxToolCalls = 5;
        const ScriptOutcome outcome = runScript(
            caller, QStringLiteral("for (let i = 0; i < 10; ++i) { try { await tools.echo({i}); } catch (e) {} }"), limits);
        QCOMPARE(outcome.stop, ScriptStop::ToolCalls);
        QCOMPARE(outcome.error, QStringLiteral("run_script stopped: tool call limit of 5 calls reached"));
        QCOMPARE(caller.calls, 5);
        engineStillWorks();
    }

    void neverSettles()
    {
        FakeToolCaller caller;
        const ScriptOutcome outcome = runScript(caller, QStringLiteral("await new Promise(() => {});"));
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.contains(QStringLiteral("nothing will settle")), qPrintable(outcome.error));
    }

    void hostileScripts_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("error");
        QTest::newRow("require") << QStringLiteral("return require('fs');") << QStringLiteral("ReferenceError: require is not defined");
        QTest::newRow("dynamic import") << QStringLiteral("return await import('./x.mjs');") << QStringLiteral("import");
        QTest::newRow("static import") << QStringLiteral("import fs from 'fs';") << QStringLiteral("SyntaxError");
        QTest::newRow("Function") << QStringLiteral("return Function('return this')();") << QStringLiteral("blocked");
        QTest::newRow("eval") << QStringLiteral("return eval('1 + 1');") << QStringLiteral("blocked");
        QTest::newRow("constructor chain") << QStringLiteral("return tools.read_file.constructor('return globalThis')();")
                                           << QStringLiteral("blocked");
        QTest::newRow("async constructor") << QStringLiteral("return (async () => {}).constructor('return 1')();")
                                           << QStringLiteral("blocked");
        QTest::newRow("redefine a tool") << QStringLiteral("Object.defineProperty(tools, 'read_file', {value: () => 'mine'});")
                                         << QStringLiteral("TypeError");
        QTest::newRow("extend the bridge") << QStringLiteral("'use strict'; tools.extra = 1;") << QStringLiteral("TypeError");
        QTest::newRow("tool internals") << QStringLiteral("'use strict'; tools.echo.secret = 1;") << QStringLiteral("TypeError");
        QTest::newRow("replace console") << QStringLiteral("'use strict'; console.log = null;") << QStringLiteral("TypeError");
    }

    void hostileScripts()
    {
        QFETCH(QString, code);
        QFETCH(QString, error);
        FakeToolCaller caller;
        const ScriptOutcome outcome = runScript(caller, code);
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.contains(error), qPrintable(outcome.error));
        engineStillWorks();
    }

    void nothingButTheBridge()
    {
        FakeToolCaller caller;
        const ScriptOutcome outcome = runScript(
            caller, QStringLiteral("return ['require', 'process', 'setTimeout', 'fetch', 'print', 'load', 'os', "
                                   "'WebAssembly', 'XMLHttpRequest', 'Deno', 'importScripts']"
                                   ".filter(name => typeof globalThis[name] !== 'undefined').join(',') + '|' + "
                                   "Object.keys(tools).join(',');"));
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(outcome.value, QStringLiteral("|echo,fail,read_file,slow"));
    }

    void pollutionStaysInItsScript()
    {
        FakeToolCaller caller;
        // A polluted prototype changes only that script's own objects: the host reads the
        // arguments as JSON text, and the next script has a fresh global.
        ScriptOutcome outcome = runScript(
            caller, QStringLiteral("Object.prototype.polluted = 'yes'; Array.prototype.push = () => 0;\n"
                                   "Object.prototype.toJSON = function () { return 'hijacked'; };\n"
                                   "try { await tools.echo({a: 1}); } catch (e) { return 'refused: ' + e.message; }"));
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QVERIFY2(outcome.value.startsWith(QStringLiteral("refused: ")), qPrintable(outcome.value));
        outcome = runScript(caller, QStringLiteral("const a = []; a.push(1); return String(({}).polluted) + a.length;"));
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(outcome.value, QStringLiteral("undefined1"));
        engineStillWorks();
    }

    void cancelStopsScriptAndCalls()
    {
        FakeToolCaller caller;
        for (const QString &code : {QStringLiteral("await Promise.all([tools.slow({ms: 60000}), tools.slow({ms: 60000})]);"),
                                    QStringLiteral("while (true) {}")}) {
            ScriptRun run(&caller, QStringLiteral("call-9"), code, quickLimits());
            QSignalSpy finished(&run, &ScriptRun::finished);
            run.start();
            QTest::qWait(200);
            QCOMPARE(finished.count(), 0);
            run.cancel();
            QVERIFY(finished.wait(10000));
            const auto outcome = finished.first().first().value<ScriptOutcome>();
            QCOMPARE(outcome.stop, ScriptStop::Cancelled);
            QCOMPARE(outcome.error, QStringLiteral("run_script stopped: cancelled"));
        }
        QCOMPARE(caller.cancelled, 2);
        engineStillWorks();
    }

    void deletedRunStopsItsScript()
    {
        FakeToolCaller caller;
        {
            ScriptRun run(&caller, QStringLiteral("call-3"), QStringLiteral("while (true) {}"), quickLimits());
            run.start();
            QTest::qWait(100);
        }
        engineStillWorks();
    }

    void scriptsRunSideBySide()
    {
        FakeToolCaller caller;
        ScriptRun busy(&caller, QStringLiteral("busy"), QStringLiteral("const end = Date.now() + 500; while (Date.now() < end) {} return 'busy';"),
                       quickLimits());
        ScriptRun quick(&caller, QStringLiteral("quick"), QStringLiteral("return 'quick';"), quickLimits());
        QSignalSpy busyDone(&busy, &ScriptRun::finished);
        QSignalSpy quickDone(&quick, &ScriptRun::finished);
        busy.start();
        quick.start();
        QVERIFY(quickDone.wait(5000));
        QCOMPARE(busyDone.count(), 0); // the quick one did not wait for the busy one's engine
        QVERIFY(busyDone.wait(10000));
        QCOMPARE(busyDone.first().first().value<ScriptOutcome>().value, QStringLiteral("busy"));
    }

    void declarations()
    {
        ToolSpec read;
        read.name = QStringLiteral("read_file");
        read.description = QStringLiteral("Reads a file.\nWith line numbers.");
        read.inputSchema = QJsonDocument::fromJson(QByteArrayLiteral(
            "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"},\"offset\":{\"type\":\"integer\"},"
            "\"mode\":{\"enum\":[\"a\",\"b\"]},\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},"
            "\"opt\":{\"type\":[\"string\",\"null\"]},\"meta\":{\"type\":\"object\"},\"my-key\":{\"type\":\"boolean\"}},"
            "\"required\":[\"path\"]}")).object();
        ToolSpec exec;
        exec.name = QStringLiteral("exec");
        exec.description = QStringLiteral("Runs a command that never writes */ into comments. The rest is in the tool definition.");
        exec.inputSchema = QJsonDocument::fromJson(QByteArrayLiteral(
            "{\"type\":\"object\",\"properties\":{\"command\":{\"type\":\"string\"}},\"required\":[\"command\"]}")).object();
        const QString expected = QStringLiteral(
            "declare const tools: {\n"
            "  /** Runs a command that never writes *\\/ into comments. */\n"
            "  exec(args: { command: string }): Promise<any>;\n"
            "  /** Reads a file. */\n"
            "  read_file(args: { meta?: Record<string, any>; mode?: \"a\" | \"b\"; \"my-key\"?: boolean; offset?: number; "
            "opt?: string | null; path: string; tags?: Array<string> }): Promise<any>;\n"
            "};\n");
        QCOMPARE(typeScriptDeclarations({read, exec}), expected);
        QCOMPARE(typeScriptDeclarations({exec, read}), expected); // the order of the session's tools does not matter
        // Only a first sentence of at most 200 characters: the definitions carry the rest.
        ToolSpec wordy = exec;
        wordy.description = QString(300, QLatin1Char('x')) + QStringLiteral(". Second sentence.");
        const QString wordyText = typeScriptDeclarations({wordy});
        QVERIFY(wordyText.contains(QString(199, QLatin1Char('x')) + QChar(0x2026) + QStringLiteral(" */")));
        QVERIFY(!wordyText.contains(QStringLiteral("Second sentence")));
    }

    void providerInvocation()
    {
        FakeToolCaller caller;
        caller.files.insert(QStringLiteral("a.txt"), QStringLiteral("alpha"));
        CodeModeToolProvider provider;
        const ToolSpec spec = provider.tools().first();
        QCOMPARE(spec.name, QStringLiteral("run_script"));
        QVERIFY(!spec.readOnly);
        QVERIFY(spec.description.contains(QStringLiteral("Limits: 30 s wall time, 256 MB of memory, 100 tool calls, 200 KB of output")));
        ToolContext context;
        context.callId = QStringLiteral("toolu_1");
        QVERIFY(provider.systemPromptSection(context).isEmpty());
        context.toolCaller = &caller;
        const QString section = provider.systemPromptSection(context);
        QVERIFY2(section.contains(QStringLiteral("  read_file(args: { path: string }): Promise<any>;")), qPrintable(section));
        QCOMPARE(provider.systemPromptSection(context), section);

        ToolInvocation *invocation = provider.invoke(
            QStringLiteral("run_script"),
            QJsonObject{{QStringLiteral("code"), QStringLiteral("console.log('hi'); return (await tools.read_file({path: 'a.txt'})).toUpperCase();")}},
            context, this);
        QSignalSpy finished(invocation, &ToolInvocation::finished);
        QVERIFY(finished.wait(10000));
        const Part result = finished.first().first().value<Part>();
        QVERIFY(!result.isError);
        QCOMPARE(result.callId, QStringLiteral("toolu_1"));
        QCOMPARE(result.resultText(), QStringLiteral("console:\nhi\nreturned:\nALPHA"));
        QCOMPARE(caller.callIds, QStringList{QStringLiteral("toolu_1.1")});
        delete invocation;

        context.toolCaller = nullptr;
        invocation = provider.invoke(QStringLiteral("run_script"), QJsonObject{{QStringLiteral("code"), QStringLiteral("return 1")}},
                                     context, this);
        QSignalSpy refused(invocation, &ToolInvocation::finished);
        QVERIFY(refused.wait(5000));
        QVERIFY(refused.first().first().value<Part>().isError);
        delete invocation;
    }

    void limitsFromPluginSettings()
    {
        const ScriptLimits limits = limitsFromSettings(QJsonObject{{QStringLiteral("wallTimeSeconds"), 5},
                                                                   {QStringLiteral("memoryMB"), 32},
                                                                   {QStringLiteral("maxToolCalls"), -3}});
        QCOMPARE(limits.wallTime, std::chrono::milliseconds(5000));
        QCOMPARE(limits.memoryBytes, 32LL * 1024 * 1024);
        QCOMPARE(limits.maxToolCalls, ScriptLimits().maxToolCalls);
        CodeModeToolProvider provider(limits);
        QVERIFY(provider.tools().first().description.contains(QStringLiteral("Limits: 5 s wall time, 32 MB of memory")));
    }
};

VALIS_TEST_MAIN(TestScriptEngine)
#include "tst_scriptengine.moc"
