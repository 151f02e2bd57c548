// valis-cli run as a person or a script uses it: the real binary, the real plugins (the provider
// plugins and a tool plugin found through VALIS_PLUGIN_PATH), a local provider server, a profile
// on disk. The keychain variant runs inside tests/support/with-keyring.sh.
#include "clirunner.h"
#include "providerserver.h"
#include "streambuilders.h"
#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTimer>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

const QByteArray SecretKey = "sk-ant-valis-leak-probe-7f3c9e21d5b84a06";

QJsonObject args(const QString &text)
{
    return {{QStringLiteral("text"), text}};
}

QByteArray toolTurnStream(const QString &tool, const QString &text)
{
    return AnthropicStream().text(QStringLiteral("Working on it.")).toolUse(QStringLiteral("toolu_cli"), tool, args(text)).stop(QStringLiteral("tool_use"));
}

QByteArray answerStream(const QString &text)
{
    return AnthropicStream().text(text).stop(QStringLiteral("end_turn"));
}

QList<QJsonObject> jsonLines(const CliRun &run)
{
    QList<QJsonObject> events;
    for (const QString &line : run.outLines())
        events.append(QJsonDocument::fromJson(line.toUtf8()).object());
    return events;
}

QStringList eventNames(const QList<QJsonObject> &events)
{
    QStringList names;
    for (const QJsonObject &event : events)
        names.append(event.value(QLatin1String("event")).toString());
    return names;
}

} // namespace

class TestCliRun : public QObject
{
    Q_OBJECT

    TemporaryHome *m_home = nullptr;
    ProviderTestServer *m_server = nullptr;

    QProcessEnvironment environment() const
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("VALIS_PLUGIN_PATH"), QStringLiteral(VALIS_TEST_TOOL_PLUGIN_DIR));
        environment.insert(QStringLiteral("ANTHROPIC_API_KEY"), QString::fromLatin1(SecretKey));
        environment.remove(QStringLiteral("ANTHROPIC_BASE_URL"));
        environment.remove(QStringLiteral("OPENAI_BASE_URL"));
        environment.remove(QStringLiteral("OLLAMA_HOST"));
        environment.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
        return environment;
    }

    QStringList base(const QStringList &extra) const
    {
        return QStringList{QStringLiteral("--home"), m_home->path(), QStringLiteral("run"), QStringLiteral("--provider"),
                           QStringLiteral("anthropic"), QStringLiteral("--model"), QStringLiteral("claude-sonnet-4-5"),
                           QStringLiteral("--base-url"), m_server->baseUrl().toString(), QStringLiteral("--workspace"), m_home->path()}
            + extra;
    }

private Q_SLOTS:
    void init()
    {
        m_home = new TemporaryHome;
        m_server = new ProviderTestServer;
        QVERIFY(m_server->listen());
    }

    void cleanup()
    {
        delete m_server;
        delete m_home;
    }

    void answersInPlainText()
    {
        m_server->enqueue(ScriptedResponse::sse(answerStream(QStringLiteral("Hello from the model."))));
        const CliRun run = runCli(base({QStringLiteral("--no-keychain"), QStringLiteral("Say hello")}), environment());
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, QByteArray("Hello from the model.\n"));
        QVERIFY2(run.err.contains("[answered] 1 requests"), run.err.constData());
        QCOMPARE(m_server->requests().size(), 1);
        QCOMPARE(m_server->requests().first().header("x-api-key"), SecretKey);
        const QJsonObject body = m_server->requests().first().json();
        QVERIFY(body.value(QLatin1String("system")).toArray().first().toObject().value(QLatin1String("text")).toString().contains(QLatin1String("You are Valis")));
        // The turn is a stored session like any other.
        const CliRun sessions = runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("sessions")}, environment());
        QVERIFY2(sessions.out.contains("Say hello"), sessions.out.constData());
    }

    void toolTurnShowsActivity()
    {
        m_server->enqueue(ScriptedResponse::sse(toolTurnStream(QStringLiteral("read"), QStringLiteral("notes.txt"))));
        m_server->enqueue(ScriptedResponse::sse(answerStream(QStringLiteral("The notes are read."))));
        const CliRun run = runCli(base({QStringLiteral("--no-keychain"), QStringLiteral("Read the notes")}), environment());
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("The notes are read."), run.out.constData());
        QVERIFY2(run.err.contains("\u2192 read {\"text\":\"notes.txt\"}"), run.err.constData());
        QVERIFY2(run.err.contains("ok, ") && run.err.contains("read: notes.txt"), run.err.constData());
        QCOMPARE(m_server->requests().size(), 2);
        QVERIFY(m_server->requests().at(1).body.contains("read: notes.txt"));
    }

    void jsonEventStream()
    {
        m_server->enqueue(ScriptedResponse::sse(toolTurnStream(QStringLiteral("read"), QStringLiteral("a"))));
        m_server->enqueue(ScriptedResponse::sse(answerStream(QStringLiteral("Done."))));
        const CliRun run = runCli(base({QStringLiteral("--no-keychain"), QStringLiteral("--json"), QStringLiteral("Go")}), environment());
        QCOMPARE(run.exitCode, 0);
        const QList<QJsonObject> events = jsonLines(run);
        for (const QJsonObject &event : events)
            QVERIFY2(!event.isEmpty(), "every line is a JSON object");
        const QStringList names = eventNames(events);
        QCOMPARE(names.first(), QStringLiteral("turn-started"));
        QCOMPARE(names.constLast(), QStringLiteral("turn-finished"));
        QCOMPARE(events.constLast().value(QLatin1String("reason")).toString(), QStringLiteral("answered"));
        QCOMPARE(names.count(QStringLiteral("request-started")), 2);
        QCOMPARE(names.count(QStringLiteral("message-appended")), 3);
        QCOMPARE(names.count(QStringLiteral("tool-call-finished")), 1);
        QVERIFY(names.indexOf(QStringLiteral("tool-execution-started")) < names.indexOf(QStringLiteral("tool-call-finished")));
        QVERIFY(events.constLast().value(QLatin1String("totals")).toObject().value(QLatin1String("costUsd")).toDouble() > 0);
        QVERIFY(run.err.isEmpty() || !run.err.contains("error"));
    }

    void approvalsOverJsonCommands()
    {
        m_server->enqueue(ScriptedResponse::sse(toolTurnStream(QStringLiteral("write"), QStringLiteral("build.log"))));
        m_server->enqueue(ScriptedResponse::sse(answerStream(QStringLiteral("Written."))));
        bool answered = false;
        const CliRun run = runCli(base({QStringLiteral("--no-keychain"), QStringLiteral("--json"), QStringLiteral("--approve"),
                                        QStringLiteral("read-only"), QStringLiteral("Write it")}),
                                  environment(), {}, false, [&answered](QProcess &process, const QByteArray &out) {
                                      if (answered || !out.contains("\"approval-requested\""))
                                          return;
                                      for (const QByteArray &line : out.split('\n')) {
                                          const QJsonObject event = QJsonDocument::fromJson(line).object();
                                          if (event.value(QLatin1String("event")).toString() != QLatin1String("approval-requested"))
                                              continue;
                                          const QJsonObject command{{QStringLiteral("command"), QStringLiteral("approve")},
                                                                    {QStringLiteral("requestId"), event.value(QLatin1String("requestId"))},
                                                                    {QStringLiteral("scope"), QStringLiteral("session")}};
                                          process.write(QJsonDocument(command).toJson(QJsonDocument::Compact) + '\n');
                                          process.closeWriteChannel();
                                          answered = true;
                                      }
                                  });
        QCOMPARE(run.exitCode, 0);
        QVERIFY(answered);
        const QList<QJsonObject> events = jsonLines(run);
        const QStringList names = eventNames(events);
        const QJsonObject request = events.at(names.indexOf(QStringLiteral("approval-requested")));
        QCOMPARE(request.value(QLatin1String("tool")).toString(), QStringLiteral("write"));
        QCOMPARE(request.value(QLatin1String("arguments")).toObject().value(QLatin1String("text")).toString(), QStringLiteral("build.log"));
        QCOMPARE(events.at(names.indexOf(QStringLiteral("approval-resolved"))).value(QLatin1String("answer")).toString(),
                 QStringLiteral("allow-session"));
        QVERIFY(m_server->requests().at(1).body.contains("write: build.log"));
    }

    void unattendedApprovalIsDenied()
    {
        m_server->enqueue(ScriptedResponse::sse(toolTurnStream(QStringLiteral("write"), QStringLiteral("x"))));
        m_server->enqueue(ScriptedResponse::sse(answerStream(QStringLiteral("I could not write."))));
        const CliRun run = runCli(base({QStringLiteral("--no-keychain"), QStringLiteral("--approve"), QStringLiteral("never"), QStringLiteral("Write")}),
                                  environment());
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains("error"), run.err.constData());
        const QByteArray followUp = m_server->requests().at(1).body;
        QVERIFY(followUp.contains("denied"));
        QVERIFY(followUp.contains("no one was there to approve it"));
        QVERIFY(!followUp.contains("write: x"));
    }

    void exitCodesSayWhatHappened()
    {
        // Step limit: 3.
        m_server->enqueue(ScriptedResponse::sse(toolTurnStream(QStringLiteral("read"), QStringLiteral("a"))));
        CliRun run = runCli(base({QStringLiteral("--no-keychain"), QStringLiteral("--max-steps"), QStringLiteral("1"), QStringLiteral("Loop")}), environment());
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains("step limit"), run.err.constData());

        // A refused key: 1, with the provider, the key's source and the fix.
        m_server->enqueue(ScriptedResponse::json(401, "{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\"message\":\"invalid x-api-key\"}}"));
        run = runCli(base({QStringLiteral("--no-keychain"), QStringLiteral("Hi")}), environment());
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("Anthropic refused the API key from ANTHROPIC_API_KEY"), run.err.constData());
        QVERIFY(run.err.contains("valis-cli keys set anthropic"));

        // No key at all: refused before any request.
        QProcessEnvironment noKey = environment();
        noKey.remove(QStringLiteral("ANTHROPIC_API_KEY"));
        const int before = int(m_server->requests().size());
        run = runCli(base({QStringLiteral("--no-keychain"), QStringLiteral("Hi")}), noKey);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("needs an API key"), run.err.constData());
        QCOMPARE(int(m_server->requests().size()), before);

        // Usage errors: 2.
        run = runCli(base({QStringLiteral("--approve"), QStringLiteral("sometimes"), QStringLiteral("Hi")}), environment());
        QCOMPARE(run.exitCode, 2);
        run = runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("run"), QStringLiteral("--provider"), QStringLiteral("nope"),
                      QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("Hi")},
                     environment());
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("no provider \"nope\"") && run.err.contains("anthropic"), run.err.constData());
    }

    void environmentNamesTheEndpoint()
    {
        // ANTHROPIC_BASE_URL, as the Anthropic SDKs and Claude Code read it.
        m_server->enqueue(ScriptedResponse::sse(answerStream(QStringLiteral("via env"))));
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("ANTHROPIC_BASE_URL"), m_server->baseUrl().toString());
        CliRun run = runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("run"), QStringLiteral("--no-keychain"), QStringLiteral("--provider"),
                             QStringLiteral("anthropic"), QStringLiteral("--model"), QStringLiteral("claude-sonnet-4-5"), QStringLiteral("Hi")},
                            env);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, QByteArray("via env\n"));

        // OLLAMA_HOST as Ollama users set it: host and port only.
        m_server->enqueue(ScriptedResponse::sse(ChatStream().text(QStringLiteral("local model")).finish(QStringLiteral("stop"))));
        env = environment();
        env.insert(QStringLiteral("OLLAMA_HOST"), QStringLiteral("127.0.0.1:%1").arg(m_server->baseUrl().port()));
        run = runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("run"), QStringLiteral("--no-keychain"), QStringLiteral("--provider"),
                      QStringLiteral("openai-compatible"), QStringLiteral("--model"), QStringLiteral("qwen3:8b"), QStringLiteral("Hi")},
                     env);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(m_server->requests().constLast().path, QByteArray("/v1/chat/completions"));

        // The settings file names a default provider, model and endpoint.
        QVERIFY(writeFile(m_home->filePath(QStringLiteral("config/providers.json")),
                          QStringLiteral("{\"version\": 1, \"defaultProvider\": \"anthropic\", \"providers\": {\"anthropic\": "
                                         "{\"model\": \"claude-haiku-4-5\", \"baseUrl\": \"%1\"}}}")
                              .arg(m_server->baseUrl().toString())
                              .toUtf8()));
        m_server->enqueue(ScriptedResponse::sse(answerStream(QStringLiteral("from settings"))));
        run = runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("run"), QStringLiteral("--no-keychain"), QStringLiteral("Hi")}, environment());
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(m_server->requests().constLast().json().value(QLatin1String("model")).toString(), QStringLiteral("claude-haiku-4-5"));
    }

    void continuesASession()
    {
        m_server->enqueue(ScriptedResponse::sse(answerStream(QStringLiteral("First answer."))));
        CliRun run = runCli(base({QStringLiteral("--no-keychain"), QStringLiteral("--json"), QStringLiteral("First question")}), environment());
        QCOMPARE(run.exitCode, 0);
        const QString sessionId = jsonLines(run).first().value(QLatin1String("session")).toString();
        QVERIFY(sessionId.startsWith(QLatin1String("s-")));
        m_server->enqueue(ScriptedResponse::sse(answerStream(QStringLiteral("Second answer."))));
        run = runCli(base({QStringLiteral("--no-keychain"), QStringLiteral("--session"), sessionId, QStringLiteral("Second question")}), environment());
        QCOMPARE(run.exitCode, 0);
        const QJsonArray messages = m_server->requests().constLast().json().value(QLatin1String("messages")).toArray();
        QCOMPARE(messages.size(), 3);
        QVERIFY(QJsonDocument(messages).toJson().contains("First answer."));
    }

    /// The key is used (the server saw it) and then found nowhere: not in the database (WAL
    /// included), not in any output or log, not in any export.
    void keyIsNeverStored()
    {
        const bool keyring = !qEnvironmentVariableIsEmpty("VALIS_TEST_KEYRING");
        QProcessEnvironment env = environment();
        QStringList keyOption;
        if (keyring) {
            // The key goes into the keychain on standard input and nowhere else.
            env.remove(QStringLiteral("ANTHROPIC_API_KEY"));
            const CliRun set = runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("keys"), QStringLiteral("set"), QStringLiteral("anthropic")},
                                      env, SecretKey + '\n');
            QCOMPARE(set.exitCode, 0);
        } else {
            keyOption = {QStringLiteral("--no-keychain")};
        }
        m_server->enqueue(ScriptedResponse::sse(toolTurnStream(QStringLiteral("read"), QStringLiteral("secrets?"))));
        m_server->enqueue(ScriptedResponse::sse(answerStream(QStringLiteral("All done."))));
        m_server->enqueue(ScriptedResponse::json(401, "{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\"message\":\"invalid x-api-key\"}}"));
        QList<CliRun> runs;
        runs.append(runCli(base(keyOption + QStringList{QStringLiteral("--json"), QStringLiteral("Do the work")}), env));
        QCOMPARE(runs.constLast().exitCode, 0);
        runs.append(runCli(base(keyOption + QStringList{QStringLiteral("Fail on purpose")}), env));
        QCOMPARE(runs.constLast().exitCode, 1);
        QCOMPARE(m_server->requests().size(), 3);
        for (const CapturedRequest &request : m_server->requests())
            QCOMPARE(request.header("x-api-key"), SecretKey); // it was really used

        const QString sessionId = jsonLines(runs.first()).first().value(QLatin1String("session")).toString();
        const QString exports = m_home->filePath(QStringLiteral("exports"));
        QDir().mkpath(exports);
        const QString home = m_home->path();
        runs.append(runCli({QStringLiteral("--home"), home, QStringLiteral("export"), sessionId, QStringLiteral("-o"), exports + QStringLiteral("/s.jsonl")}, env));
        runs.append(runCli({QStringLiteral("--home"), home, QStringLiteral("export"), sessionId, QStringLiteral("--format"), QStringLiteral("markdown"),
                            QStringLiteral("-o"), exports + QStringLiteral("/s.md")},
                           env));
        runs.append(runCli({QStringLiteral("--home"), home, QStringLiteral("show"), sessionId, QStringLiteral("--full")}, env));
        runs.append(runCli({QStringLiteral("--home"), home, QStringLiteral("grep"), QStringLiteral("secrets")}, env));
        runs.append(runCli({QStringLiteral("--home"), home, QStringLiteral("keys"), QStringLiteral("status")}, env));
        for (const CliRun &run : std::as_const(runs)) {
            QVERIFY2(!run.out.contains(SecretKey), run.out.constData());
            QVERIFY2(!run.err.contains(SecretKey), run.err.constData());
        }
        QVERIFY(QFileInfo::exists(exports + QStringLiteral("/s.jsonl")));
        QVERIFY(QFile(exports + QStringLiteral("/s.md")).size() > 0);
        QVERIFY(QFileInfo::exists(m_home->filePath(QStringLiteral("data/sessions.db"))));
        QCOMPARE(filesContaining(home, SecretKey), QStringList());
        // The probe works: the same search finds a file that does hold the key.
        QVERIFY(writeFile(m_home->filePath(QStringLiteral("probe.txt")), "x" + SecretKey + "x"));
        QCOMPARE(filesContaining(home, SecretKey).size(), 1);
    }
};

VALIS_TEST_MAIN(TestCliRun)
#include "tst_clirun.moc"
