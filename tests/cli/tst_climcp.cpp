// valis-cli mcp as a person or a script uses it: the real binary against the real reference
// server (@modelcontextprotocol/server-everything from node_modules, over stdio), a profile on
// disk, and foreign configuration files written here.
#include "climcpfixtures.h"
#include "clipty.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace valis::test;

namespace {

QString everythingScript()
{
    return sourceDir() + QStringLiteral("/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
}


} // namespace

class TestCliMcp : public QObject
{
    Q_OBJECT

    std::unique_ptr<TemporaryHome> m_home;
    std::unique_ptr<QTemporaryDir> m_work;

    QProcessEnvironment environment() const
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove(QStringLiteral("VALIS_HOME"));
        environment.remove(QStringLiteral("BROWSER"));
        environment.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
        return environment;
    }

    McpCliRun mcp(const QStringList &arguments, const QByteArray &input = {}, const QString &folder = {})
    {
        return runValisCli(QStringList{QStringLiteral("--home"), m_home->path(), QStringLiteral("mcp")} + arguments,
                           folder.isEmpty() ? m_work->path() : folder, environment(), input);
    }

    McpCliRun onTerminal(const QStringList &arguments, const QList<TerminalStep> &steps, const QProcessEnvironment &environment)
    {
        return runValisCli(QStringList{QStringLiteral("--home"), m_home->path(), QStringLiteral("mcp")} + arguments, m_work->path(),
                           environment, {}, &steps);
    }

    void addEverything(const QStringList &extra = {})
    {
        const McpCliRun added = mcp(QStringList{QStringLiteral("add"), QStringLiteral("everything")} + extra
                                    + QStringList{QStringLiteral("--"), QStringLiteral("node"), everythingScript(), QStringLiteral("stdio")});
        QVERIFY2(added.exitCode == 0, qPrintable(added.err));
    }

    QJsonObject settingsFile() const
    {
        QFile file(m_home->filePath(QStringLiteral("config/mcp.json")));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(file.readAll()).object();
    }

private Q_SLOTS:
    void init()
    {
        if (!QFileInfo::exists(everythingScript()))
            QSKIP("node_modules/@modelcontextprotocol/server-everything is not installed (npm ci)");
        m_home = std::make_unique<TemporaryHome>();
        m_work = std::make_unique<QTemporaryDir>();
    }

    // The issue's "done means": add then call echo, with the path relative to the source folder.
    void addListCallEcho()
    {
        const QString sourceFolder = sourceDir();
        const McpCliRun added = mcp({QStringLiteral("add"), QStringLiteral("everything"), QStringLiteral("--"), QStringLiteral("node"),
                                     QStringLiteral("node_modules/@modelcontextprotocol/server-everything/dist/index.js"), QStringLiteral("stdio")},
                                    {}, sourceFolder);
        QVERIFY2(added.exitCode == 0, qPrintable(added.err));
        QVERIFY2(added.out.contains(QLatin1String("Added everything")), qPrintable(added.out));
        // The relative path works only from where it was added: said once, not refused.
        QVERIFY2(added.err.contains(QLatin1String("--cwd")), qPrintable(added.err));

        const McpCliRun list = mcp({QStringLiteral("list")});
        QCOMPARE(list.exitCode, 0);
        QVERIFY2(list.out.contains(QLatin1String("everything  stdio  node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio")),
                 qPrintable(list.out));
        QVERIFY(list.out.contains(QLatin1String("enabled; start 30 s, calls 300 s")));
        const McpCliRun json = mcp({QStringLiteral("list"), QStringLiteral("--json")});
        const QJsonObject listed = QJsonDocument::fromJson(json.out.toUtf8()).object();
        const QJsonObject server = listed.value(QLatin1String("servers")).toArray().at(0).toObject();
        QCOMPARE(server.value(QLatin1String("name")).toString(), QStringLiteral("everything"));
        QCOMPARE(server.value(QLatin1String("command")).toString(), QStringLiteral("node"));
        QCOMPARE(server.value(QLatin1String("startupTimeoutSec")).toInt(), 30);

        const McpCliRun echo = mcp({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("echo"), QStringLiteral("--args"),
                                    QStringLiteral(R"({"message":"hi"})")},
                                   {}, sourceFolder);
        QVERIFY2(echo.exitCode == 0, qPrintable(echo.err));
        QCOMPARE(echo.out, QStringLiteral("Echo: hi\n"));
    }

    void callResults()
    {
        addEverything();
        const McpCliRun sum = mcp({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("get-sum"), QStringLiteral("--args"),
                                   QStringLiteral(R"({"a": 2, "b": 40})")});
        QCOMPARE(sum.exitCode, 0);
        QVERIFY2(sum.out.contains(QLatin1String("The sum of 2 and 40 is 42.")), qPrintable(sum.out));

        const McpCliRun structured = mcp({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("get-structured-content"),
                                          QStringLiteral("--args"), QStringLiteral(R"({"location": "New York"})")});
        QCOMPARE(structured.exitCode, 0);
        QVERIFY2(structured.out.contains(QLatin1String("structuredContent:\n{")), qPrintable(structured.out));
        QVERIFY(structured.out.contains(QLatin1String("\"temperature\": 33")));
        QVERIFY2(!structured.err.contains(QLatin1String("outputSchema")), qPrintable(structured.err));
        const McpCliRun raw = mcp({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("get-structured-content"),
                                   QStringLiteral("--args"), QStringLiteral(R"({"location": "Chicago"})"), QStringLiteral("--json")});
        const QJsonObject result = QJsonDocument::fromJson(raw.out.toUtf8()).object();
        QVERIFY2(result.value(QLatin1String("structuredContent")).toObject().contains(QLatin1String("humidity")), qPrintable(raw.out));

        const McpCliRun image = mcp({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("get-tiny-image")});
        QCOMPARE(image.exitCode, 0);
        QVERIFY2(image.out.contains(QLatin1String("[image, image/png, ")), qPrintable(image.out));
        QVERIFY(!image.out.contains(QLatin1String("iVBOR"))); // described, not dumped

        // A tool error is the result (isError), and the exit status says so.
        const McpCliRun error = mcp({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("get-sum"), QStringLiteral("--args"),
                                     QStringLiteral(R"({"a": "two"})"), QStringLiteral("--json")});
        QCOMPARE(error.exitCode, 1);
        QVERIFY2(QJsonDocument::fromJson(error.out.toUtf8()).object().value(QLatin1String("isError")).toBool(), qPrintable(error.out));

        const McpCliRun unknown = mcp({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("no-such-tool")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains(QLatin1String("offers no tool \"no-such-tool\"")) && unknown.err.contains(QLatin1String("get-sum")),
                 qPrintable(unknown.err));
        const McpCliRun badArgs = mcp({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("echo"), QStringLiteral("--args"),
                                       QStringLiteral("[1]")});
        QCOMPARE(badArgs.exitCode, 2);
    }

    void progressTimeoutsAndRoots()
    {
        addEverything();
        const McpCliRun progress = mcp({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("trigger-long-running-operation"),
                                        QStringLiteral("--args"), QStringLiteral(R"({"duration": 1, "steps": 2})")});
        QCOMPARE(progress.exitCode, 0);
        QVERIFY2(progress.err.contains(QLatin1String("progress 1/2")) && progress.err.contains(QLatin1String("progress 2/2")),
                 qPrintable(progress.err));
        QVERIFY(progress.out.contains(QLatin1String("Long running operation completed")));

        const McpCliRun late = mcp({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("trigger-long-running-operation"),
                                    QStringLiteral("--args"), QStringLiteral(R"({"duration": 30, "steps": 1})"), QStringLiteral("--timeout"),
                                    QStringLiteral("1")});
        QCOMPARE(late.exitCode, 1);
        QVERIFY2(late.err.contains(QLatin1String("timed out")), qPrintable(late.err));

        // roots/list is answered with the folder the command runs in.
        const McpCliRun roots = mcp({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("get-roots-list")});
        QCOMPARE(roots.exitCode, 0);
        QVERIFY2(roots.out.contains(QUrl::fromLocalFile(QDir(m_work->path()).canonicalPath()).toString())
                     || roots.out.contains(QUrl::fromLocalFile(m_work->path()).toString()),
                 qPrintable(roots.out));

        // sampling needs a model, which mcp call does not have: the server hears why.
        const McpCliRun sampling = mcp({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("trigger-sampling-request"),
                                        QStringLiteral("--args"), QStringLiteral(R"({"prompt": "hello"})")});
        QCOMPARE(sampling.exitCode, 1);
        QVERIFY2(sampling.out.contains(QLatin1String("has no model")), qPrintable(sampling.out));
    }

    void elicitationOnTerminal()
    {
        addEverything();
        const QString field = QStringLiteral("(.*\\n)*.*: $");
        // Required fields first, then the schema's in order; 500 is out of range and is asked again.
        QList<TerminalStep> steps{{QStringLiteral("fill in the form.*: "), QStringLiteral("y")},
                                  {QStringLiteral("name .*required.*: "), QStringLiteral("Ada")},
                                  {QStringLiteral("birthdate.*: "), QString()},
                                  {QStringLiteral("check .*: "), QStringLiteral("y")},
                                  {QStringLiteral("email.*: "), QString()},
                                  {QStringLiteral("firstLine.*Enter: It was a dark and stormy night.*: "), QString()},
                                  {QStringLiteral("homepage.*: "), QString()},
                                  {QStringLiteral("integer.*\\[Enter: 42\\]: "), QStringLiteral("500")},
                                  {QStringLiteral("legacyTitledEnum") + field, QStringLiteral("Dogs")},
                                  {QStringLiteral("number.*: "), QString()},
                                  {QStringLiteral("titledMultipleSelectEnum") + field, QStringLiteral("1,3")},
                                  {QStringLiteral("titledSingleSelectEnum") + field, QStringLiteral("2")},
                                  {QStringLiteral("untitledMultipleSelectEnum") + field, QString()},
                                  {QStringLiteral("untitledSingleSelectEnum") + field, QStringLiteral("Joey")},
                                  {QStringLiteral("integer: above the maximum 100(.*\\n)*.*fill in again.*: "), QStringLiteral("r")},
                                  {QStringLiteral("name .*: "), QStringLiteral("Ada")},
                                  {QStringLiteral("birthdate.*: "), QString()},
                                  {QStringLiteral("check .*: "), QStringLiteral("n")},
                                  {QStringLiteral("email.*: "), QString()},
                                  {QStringLiteral("firstLine.*: "), QString()},
                                  {QStringLiteral("homepage.*: "), QString()},
                                  {QStringLiteral("integer.*: "), QStringLiteral("7")},
                                  {QStringLiteral("legacyTitledEnum") + field, QStringLiteral("Dogs")},
                                  {QStringLiteral("number.*: "), QString()},
                                  {QStringLiteral("titledMultipleSelectEnum") + field, QStringLiteral("1,3")},
                                  {QStringLiteral("titledSingleSelectEnum") + field, QStringLiteral("Green Lantern")},
                                  {QStringLiteral("untitledMultipleSelectEnum") + field, QString()},
                                  {QStringLiteral("untitledSingleSelectEnum") + field, QStringLiteral("Joey")}};
        const McpCliRun form = onTerminal({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("trigger-elicitation-request")},
                                          steps, environment());
        QVERIFY2(form.exitCode == 0, qPrintable(form.err));
        QVERIFY2(form.out.contains(QLatin1String("- Name: Ada")), qPrintable(form.out));
        QVERIFY(form.out.contains(QLatin1String("- Agreed to terms: false")));
        QVERIFY(form.out.contains(QLatin1String("- Favorite Integer: 7")));
        // Fields left empty carry their defaults; choices are sent by value, not by title.
        QVERIFY2(form.out.contains(QLatin1String("\"firstLine\": \"It was a dark and stormy night.\"")), qPrintable(form.out));
        QVERIFY(form.out.contains(QLatin1String("\"number\": 3.14")));
        QVERIFY(form.out.contains(QLatin1String("\"legacyTitledEnum\": \"pet-2\"")));
        QVERIFY(form.out.contains(QLatin1String("\"titledSingleSelectEnum\": \"hero-2\"")));
        QVERIFY(form.out.contains(QLatin1String("\"fish-3\"")));
        QVERIFY(form.out.contains(QLatin1String("\"untitledSingleSelectEnum\": \"Joey\"")));

        const McpCliRun declined = onTerminal({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("trigger-elicitation-request")},
                                              {{QStringLiteral("fill in the form.*: "), QStringLiteral("d")}}, environment());
        QCOMPARE(declined.exitCode, 0);
        QVERIFY2(declined.out.contains(QLatin1String("declined")), qPrintable(declined.out));

        // Without a terminal nobody can answer: declined, and said so.
        const McpCliRun unattended = mcp({QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("trigger-elicitation-request")});
        QCOMPARE(unattended.exitCode, 0);
        QVERIFY2(unattended.out.contains(QLatin1String("declined")), qPrintable(unattended.out));
        QVERIFY2(unattended.err.contains(QLatin1String("no terminal")), qPrintable(unattended.err));
    }

    void urlElicitationOpensAfterConsent()
    {
        addEverything();
        // The browser is a script that notes what it was asked to open.
        const QString opened = m_work->filePath(QStringLiteral("opened.txt"));
        const QString browser = writeFileIn(m_work->path(), QStringLiteral("browser.sh"),
                                            QStringLiteral("#!/bin/sh\nprintf '%s' \"$1\" > '%1'\n").arg(opened).toUtf8());
        QVERIFY(QFile::setPermissions(browser, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QProcessEnvironment withBrowser = environment();
        withBrowser.insert(QStringLiteral("BROWSER"), browser);
        const QStringList call{QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("trigger-url-elicitation"), QStringLiteral("--args"),
                               QString::fromUtf8(urlElicitationArguments())};
        const McpCliRun refused = onTerminal(call, {{QStringLiteral("open a page on consent.example.org: Approve the transfer(.*\\n)*.*Open it.*: "),
                                                     QStringLiteral("n")}},
                                             withBrowser);
        QCOMPARE(refused.exitCode, 0);
        QVERIFY2(refused.out.contains(QLatin1String("declined")), qPrintable(refused.out));
        QVERIFY(!QFile::exists(opened));

        const McpCliRun agreed = onTerminal(call, {{QStringLiteral("Open it.*: "), QStringLiteral("y")}}, withBrowser);
        QVERIFY2(agreed.exitCode == 0, qPrintable(agreed.err));
        QVERIFY2(agreed.out.contains(QLatin1String("completed the URL elicitation")), qPrintable(agreed.out));
        QTRY_VERIFY(QFile::exists(opened));
        QFile file(opened);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("https://consent.example.org/approve?id=7"));
    }

    void resourcesAndPrompts()
    {
        addEverything();
        const McpCliRun resources = mcp({QStringLiteral("resources"), QStringLiteral("everything")});
        QCOMPARE(resources.exitCode, 0);
        QVERIFY2(resources.out.contains(QLatin1String("demo://resource/static/document/architecture.md")), qPrintable(resources.out));
        const McpCliRun templates = mcp({QStringLiteral("resources"), QStringLiteral("everything"), QStringLiteral("--templates")});
        QVERIFY2(templates.out.contains(QLatin1String("demo://resource/dynamic/text/{resourceId}")), qPrintable(templates.out));

        // A static document: its text, as the server holds it on disk.
        const McpCliRun read = mcp({QStringLiteral("read"), QStringLiteral("everything"), QStringLiteral("demo://resource/static/document/architecture.md")});
        QCOMPARE(read.exitCode, 0);
        QFile document(QFileInfo(everythingScript()).absolutePath() + QStringLiteral("/docs/architecture.md"));
        QVERIFY(document.open(QIODevice::ReadOnly));
        const QString expected = QString::fromUtf8(document.readAll());
        QCOMPARE(read.out.trimmed(), expected.trimmed());

        // Binary: described on stdout, or written as bytes with -o.
        const QString blobUri = QStringLiteral("demo://resource/dynamic/blob/3");
        const McpCliRun blob = mcp({QStringLiteral("read"), QStringLiteral("everything"), blobUri});
        QCOMPARE(blob.exitCode, 0);
        QVERIFY2(blob.out.contains(QLatin1String("binary")) && blob.out.contains(QLatin1String("-o FILE")), qPrintable(blob.out));
        const QString saved = m_work->filePath(QStringLiteral("blob.bin"));
        const McpCliRun written = mcp({QStringLiteral("read"), QStringLiteral("everything"), blobUri, QStringLiteral("-o"), saved});
        QCOMPARE(written.exitCode, 0);
        QFile bytes(saved);
        QVERIFY(bytes.open(QIODevice::ReadOnly));
        QVERIFY2(bytes.readAll().contains("Resource 3"), qPrintable(written.err));
        const McpCliRun missing = mcp({QStringLiteral("read"), QStringLiteral("everything"), QStringLiteral("demo://no/such/thing")});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains(QLatin1String("not found")), qPrintable(missing.err));

        const McpCliRun prompts = mcp({QStringLiteral("prompts"), QStringLiteral("everything")});
        QCOMPARE(prompts.exitCode, 0);
        QVERIFY2(prompts.out.contains(QLatin1String("args-prompt")) && prompts.out.contains(QLatin1String("city (required)")), qPrintable(prompts.out));
        const McpCliRun prompt = mcp({QStringLiteral("prompt"), QStringLiteral("everything"), QStringLiteral("args-prompt"), QStringLiteral("--arg"),
                                      QStringLiteral("city=Lisbon"), QStringLiteral("--arg"), QStringLiteral("state=Portugal")});
        QCOMPARE(prompt.exitCode, 0);
        QVERIFY2(prompt.out.contains(QLatin1String("[user]\nWhat's weather in Lisbon, Portugal?")), qPrintable(prompt.out));
    }

    void testReportsWhatAServerIsOrWhyItFails()
    {
        addEverything();
        const McpCliRun ok = mcp({QStringLiteral("test"), QStringLiteral("everything")});
        QVERIFY2(ok.exitCode == 0, qPrintable(ok.err));
        QVERIFY2(ok.out.contains(QLatin1String("everything: ready in ")), qPrintable(ok.out));
        QVERIFY(ok.out.contains(QLatin1String("mcp-servers/everything")));
        QVERIFY(ok.out.contains(QLatin1String("protocol:     2025-11-25")));
        QVERIFY(ok.out.contains(QLatin1String("tools (listChanged)")));
        QVERIFY(ok.out.contains(QLatin1String("found on:     PATH")));
        QVERIFY(QRegularExpression(QStringLiteral("tools: +\\d+")).match(ok.out).hasMatch());

        const McpCliRun added = mcp({QStringLiteral("add"), QStringLiteral("ghost"), QStringLiteral("--"), QStringLiteral("valis-no-such-server-cmd")});
        QCOMPARE(added.exitCode, 0); // a warning, not a refusal
        QVERIFY2(added.err.contains(QLatin1String("warning:")) && added.err.contains(QLatin1String("looked on PATH")), qPrintable(added.err));
        const McpCliRun ghost = mcp({QStringLiteral("test"), QStringLiteral("ghost")});
        QCOMPARE(ghost.exitCode, 1);
        QVERIFY2(ghost.err.contains(QLatin1String("valis-no-such-server-cmd")) && ghost.err.contains(QLatin1String("login shell's PATH")),
                 qPrintable(ghost.err));

        const McpCliRun dying = mcp({QStringLiteral("add"), QStringLiteral("dies"), QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                                     QStringLiteral("echo 'fatal: VALIS_TEST_TOKEN is not set' >&2; exit 3")});
        QCOMPARE(dying.exitCode, 0);
        const McpCliRun dies = mcp({QStringLiteral("test"), QStringLiteral("dies")});
        QCOMPARE(dies.exitCode, 1);
        QVERIFY2(dies.err.contains(QLatin1String("fatal: VALIS_TEST_TOKEN is not set")), qPrintable(dies.err));
        QVERIFY(dies.err.contains(QLatin1String("status 3")));

        const McpCliRun unknown = mcp({QStringLiteral("test"), QStringLiteral("nobody")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains(QLatin1String("the servers are:")) && unknown.err.contains(QLatin1String("everything")), qPrintable(unknown.err));
    }

    void toolsShowNamesHintsAndCost()
    {
        addEverything({QStringLiteral("--trusted")});
        const McpCliRun tools = mcp({QStringLiteral("tools"), QStringLiteral("everything")});
        QCOMPARE(tools.exitCode, 0);
        QVERIFY2(tools.out.contains(QStringLiteral("mcp__everything__echo  (echo)  \u201cEcho Tool\u201d")), qPrintable(tools.out));
        QVERIFY(tools.out.contains(QLatin1String("offered, read-only, ")));
        QVERIFY(tools.out.contains(QLatin1String("Echoes back the input string")));
        QVERIFY(QRegularExpression(QStringLiteral("\\d+ tool\\(s\\), \\d+ offered, \\d+ token\\(s\\) for their definitions")).match(tools.out).hasMatch());

        const McpCliRun json = mcp({QStringLiteral("tools"), QStringLiteral("everything"), QStringLiteral("--json")});
        const QJsonArray list = QJsonDocument::fromJson(json.out.toUtf8()).array();
        QVERIFY2(list.size() > 5, qPrintable(json.out));
        bool sawEcho = false;
        for (const QJsonValue &value : list) {
            const QJsonObject tool = value.toObject();
            QVERIFY(tool.contains(QLatin1String("inputSchema"))); // the server's own object ...
            QVERIFY(tool.value(QLatin1String("tokens")).toInteger() > 0); // ... plus what Valis makes of it
            if (tool.value(QLatin1String("name")).toString() == QLatin1String("echo")) {
                sawEcho = true;
                QCOMPARE(tool.value(QLatin1String("visibleName")).toString(), QStringLiteral("mcp__everything__echo"));
                QVERIFY(tool.value(QLatin1String("readOnly")).toBool());
                QVERIFY(tool.value(QLatin1String("offered")).toBool());
            }
        }
        QVERIFY(sawEcho);

        // Untrusted: the hint is shown, not believed; a disabled tool is not offered.
        QJsonObject settings = settingsFile();
        QJsonObject servers = settings.value(QLatin1String("mcpServers")).toObject();
        QJsonObject everything = servers.value(QLatin1String("everything")).toObject();
        everything.remove(QStringLiteral("trusted"));
        everything.insert(QStringLiteral("disabledTools"), QJsonArray{QStringLiteral("get-env")});
        servers.insert(QStringLiteral("everything"), everything);
        settings.insert(QStringLiteral("mcpServers"), servers);
        QVERIFY(writeFile(m_home->filePath(QStringLiteral("config/mcp.json")), QJsonDocument(settings).toJson()));
        const McpCliRun untrusted = mcp({QStringLiteral("tools"), QStringLiteral("everything")});
        QVERIFY2(untrusted.out.contains(QLatin1String("says read-only (not believed")), qPrintable(untrusted.out));
        QVERIFY(QRegularExpression(QStringLiteral("mcp__everything__get-env .*\\n +not offered")).match(untrusted.out).hasMatch());

        // A schema no model API takes is set aside with the reason; the other tool is offered.
        const QString script = writeFileIn(m_work->path(), QStringLiteral("broken.js"), brokenSchemaServer());
        QCOMPARE(mcp({QStringLiteral("add"), QStringLiteral("broken"), QStringLiteral("--"), QStringLiteral("node"), script}).exitCode, 0);
        const McpCliRun broken = mcp({QStringLiteral("tools"), QStringLiteral("broken")});
        QCOMPARE(broken.exitCode, 0);
        QVERIFY2(QRegularExpression(QStringLiteral("mcp__broken__either.*\\n +set aside: .*oneOf")).match(broken.out).hasMatch(), qPrintable(broken.out));
        QVERIFY(QRegularExpression(QStringLiteral("mcp__broken__good.*\\n +offered")).match(broken.out).hasMatch());
        QVERIFY(broken.out.contains(QLatin1String("2 tool(s), 1 offered")));
    }

    void importsOtherHostsConfigurations()
    {
        addEverything();
        const QString claude = writeFileIn(m_work->path(), QStringLiteral("claude_desktop_config.json"), claudeDesktopConfig());
        const McpCliRun fromClaude = mcp({QStringLiteral("import"), claude});
        QCOMPARE(fromClaude.exitCode, 0);
        QVERIFY2(fromClaude.out.contains(QLatin1String("imported memory from")), qPrintable(fromClaude.out));
        QVERIFY(fromClaude.out.contains(QLatin1String("skipped everything from")) && fromClaude.out.contains(QLatin1String("--replace")));
        QVERIFY(fromClaude.out.contains(QLatin1String("unreadable:")) && fromClaude.out.contains(QLatin1String("mcpServers.broken")));
        const QJsonObject memory = settingsFile().value(QLatin1String("mcpServers")).toObject().value(QLatin1String("memory")).toObject();
        QCOMPARE(memory.value(QLatin1String("command")).toString(), QStringLiteral("npx"));
        QCOMPARE(memory.value(QLatin1String("env")).toObject().value(QLatin1String("MEMORY_FILE_PATH")).toString(), QStringLiteral("/tmp/m.json"));
        // What was there is unchanged.
        QCOMPARE(settingsFile().value(QLatin1String("mcpServers")).toObject().value(QLatin1String("everything")).toObject().value(QLatin1String("args")).toArray().at(0).toString(),
                 everythingScript());

        // A project's .mcp.json: refused without a terminal, taken with --yes.
        QDir(m_work->path()).mkpath(QStringLiteral("project"));
        const QString project = writeFileIn(m_work->filePath(QStringLiteral("project")), QStringLiteral(".mcp.json"),
                                            projectMcpJson());
        const McpCliRun refused = mcp({QStringLiteral("import"), project});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains(QLatin1String("can run any command")) && refused.err.contains(QLatin1String("--yes")), qPrintable(refused.err));
        QVERIFY(!settingsFile().value(QLatin1String("mcpServers")).toObject().contains(QLatin1String("repo-tools")));
        // Found on its own in the current folder too, and refused the same way.
        const McpCliRun found = mcp({QStringLiteral("import")}, {}, m_work->filePath(QStringLiteral("project")));
        QCOMPARE(found.exitCode, 1);
        QVERIFY2(found.err.contains(QLatin1String(".mcp.json")), qPrintable(found.err));
        const McpCliRun accepted = mcp({QStringLiteral("import"), project, QStringLiteral("--yes")});
        QCOMPARE(accepted.exitCode, 0);
        QVERIFY(settingsFile().value(QLatin1String("mcpServers")).toObject().contains(QLatin1String("repo-tools")));

        const QString codex = writeFileIn(m_work->path(), QStringLiteral("config.toml"), codexConfig());
        const McpCliRun fromCodex = mcp({QStringLiteral("import"), codex});
        QCOMPARE(fromCodex.exitCode, 0);
        const QJsonObject servers = settingsFile().value(QLatin1String("mcpServers")).toObject();
        QCOMPARE(servers.value(QLatin1String("docs")).toObject().value(QLatin1String("args")).toArray().size(), 3);
        QCOMPARE(servers.value(QLatin1String("docs")).toObject().value(QLatin1String("startupTimeoutSec")).toInt(), 20);
        QCOMPARE(servers.value(QLatin1String("remote")).toObject().value(QLatin1String("url")).toString(), QStringLiteral("https://mcp.example.org/mcp"));
        QCOMPARE(servers.value(QLatin1String("remote")).toObject().value(QLatin1String("bearerTokenEnvVar")).toString(), QStringLiteral("REMOTE_TOKEN"));
    }

    void addRemoveAndWhatTheFileKeeps()
    {
        // Keys and entries Valis cannot read stay in the file through every change.
        QVERIFY(writeFile(m_home->filePath(QStringLiteral("config/mcp.json")), settingsWithUnknowns()));
        const McpCliRun list = mcp({QStringLiteral("list")});
        QCOMPARE(list.exitCode, 0);
        QVERIFY2(list.out.contains(QLatin1String("cannot be read")) && list.out.contains(QLatin1String("mcpServers.odd")), qPrintable(list.out));

        addEverything();
        const McpCliRun duplicate = mcp({QStringLiteral("add"), QStringLiteral("everything"), QStringLiteral("--"), QStringLiteral("node"), QStringLiteral("x.js")});
        QCOMPARE(duplicate.exitCode, 1);
        QVERIFY2(duplicate.err.contains(QLatin1String("--replace")), qPrintable(duplicate.err));
        QCOMPARE(mcp({QStringLiteral("add"), QStringLiteral("odd"), QStringLiteral("--"), QStringLiteral("node")}).exitCode, 1);

        const McpCliRun http = mcp({QStringLiteral("add"), QStringLiteral("kept"), QStringLiteral("--replace"), QStringLiteral("--url"),
                                    QStringLiteral("https://mcp.example.org/mcp"), QStringLiteral("--header"), QStringLiteral("X-Team: core"),
                                    QStringLiteral("--bearer-token-env"), QStringLiteral("KEPT_TOKEN"), QStringLiteral("--scope"), QStringLiteral("read"),
                                    QStringLiteral("--tool-timeout"), QStringLiteral("60")});
        QVERIFY2(http.exitCode == 0, qPrintable(http.err));
        QJsonObject file = settingsFile();
        QCOMPARE(file.value(QLatin1String("comment")).toString(), QStringLiteral("mine"));
        QJsonObject servers = file.value(QLatin1String("mcpServers")).toObject();
        QCOMPARE(servers.value(QLatin1String("odd")).toObject().value(QLatin1String("command")).toInt(), 42);
        const QJsonObject kept = servers.value(QLatin1String("kept")).toObject();
        QCOMPARE(kept.value(QLatin1String("type")).toString(), QStringLiteral("http"));
        QCOMPARE(kept.value(QLatin1String("headers")).toObject().value(QLatin1String("X-Team")).toString(), QStringLiteral("core"));
        QCOMPARE(kept.value(QLatin1String("oauth")).toObject().value(QLatin1String("scopes")).toArray().at(0).toString(), QStringLiteral("read"));
        QCOMPARE(kept.value(QLatin1String("toolTimeoutSec")).toInt(), 60);
        QCOMPARE(kept.value(QLatin1String("description")).toString(), QStringLiteral("my note"));

        // Usage errors say so with status 2 and change nothing.
        QCOMPARE(mcp({QStringLiteral("add"), QStringLiteral("two words"), QStringLiteral("--"), QStringLiteral("node")}).exitCode, 2);
        QCOMPARE(mcp({QStringLiteral("add"), QStringLiteral("nothing")}).exitCode, 2);
        QCOMPARE(mcp({QStringLiteral("add"), QStringLiteral("both"), QStringLiteral("--url"), QStringLiteral("https://a.example/mcp"),
                      QStringLiteral("--"), QStringLiteral("node")}).exitCode, 2);
        QCOMPARE(mcp({QStringLiteral("add"), QStringLiteral("ftp"), QStringLiteral("--url"), QStringLiteral("ftp://a.example/")}).exitCode, 2);
        QCOMPARE(mcp({QStringLiteral("add"), QStringLiteral("envy"), QStringLiteral("--env"), QStringLiteral("=x"), QStringLiteral("--"),
                      QStringLiteral("node")}).exitCode, 2);
        QCOMPARE(mcp({QStringLiteral("frobnicate")}).exitCode, 2);
        QCOMPARE(mcp({}).exitCode, 2);

        // remove takes a readable server and an unreadable entry alike.
        QCOMPARE(mcp({QStringLiteral("remove"), QStringLiteral("everything")}).exitCode, 0);
        QCOMPARE(mcp({QStringLiteral("remove"), QStringLiteral("odd")}).exitCode, 0);
        const McpCliRun again = mcp({QStringLiteral("remove"), QStringLiteral("everything")});
        QCOMPARE(again.exitCode, 1);
        QVERIFY2(again.err.contains(QLatin1String("no MCP server \"everything\"")), qPrintable(again.err));
        servers = settingsFile().value(QLatin1String("mcpServers")).toObject();
        QCOMPARE(servers.keys(), QStringList{QStringLiteral("kept")});
    }

    void everySubcommandHasHelp()
    {
        const McpCliRun overview = mcp({QStringLiteral("--help")});
        QCOMPARE(overview.exitCode, 0);
        for (const char *name : {"list", "add", "remove", "import", "test", "tools", "call", "resources", "read", "prompts", "prompt", "login", "logout"}) {
            const QString subcommand = QString::fromLatin1(name);
            QVERIFY2(overview.out.contains(QStringLiteral("  ") + subcommand + QLatin1Char(' ')), qPrintable(subcommand));
            const McpCliRun help = mcp({subcommand, QStringLiteral("--help")});
            QCOMPARE(help.exitCode, 0);
            QVERIFY2(help.out.contains(QStringLiteral("Usage: valis-cli mcp ") + subcommand), qPrintable(help.out));
        }
        const McpCliRun top = runValisCli({QStringLiteral("--help")}, m_work->path(), environment());
        QVERIFY(top.out.contains(QLatin1String("  mcp ")));
    }
};

VALIS_TEST_MAIN(TestCliMcp)
#include "tst_climcp.moc"
