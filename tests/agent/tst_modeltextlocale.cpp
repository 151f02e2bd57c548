// Text the model reads does not follow the person's UI language: one scripted session (tool
// calls that fail in the orchestrator and in a real tool plugin, a denial, an interruption, a
// call cut off by the output limit, the pinned plan's reminder, a forced compaction) runs twice
// through the real plugins against the local provider server: once in English, once with
// QLocale::setDefault(German) and the German translations installed the way the app does. The
// request bodies must be byte-identical and the stored records equal, or the prompt cache and
// the record would depend on the locale.
#include "sessionharness.h"
#include "streambuilders.h"

#include "valis/core/translations.h"
#include "valis/plugins/contextstrategy.h"
#include "valis/record/recordjson.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

QByteArray answer(const QString &text)
{
    return AnthropicStream().text(text).stop(QStringLiteral("end_turn"));
}

QJsonObject todos()
{
    return {{QStringLiteral("todos"),
             QJsonArray{QJsonObject{{QStringLiteral("content"), QStringLiteral("Read the notes")},
                                    {QStringLiteral("status"), QStringLiteral("in_progress")}},
                        QJsonObject{{QStringLiteral("content"), QStringLiteral("Write the summary")},
                                    {QStringLiteral("status"), QStringLiteral("pending")}}}}};
}

/// What one run leaves: every request body as sent, and the record in its own JSON form with
/// the session's random ids and the clock taken out (they differ between any two sessions).
struct RunResult
{
    QList<QByteArray> bodies;
    QString record;
    QStringList turnEnds;
    QString error;
};

/// A JSON value with what differs between any two sessions taken out: the time-ordered ids
/// (session, messages, compaction events) numbered by first appearance, times, and the hashes
/// and cache keys computed over those ids.
QJsonValue comparable(const QJsonValue &value, QHash<QString, QString> &ids)
{
    static const QSet<QString> dropped = {QStringLiteral("created_at"), QStringLiteral("viewSha256"),
                                          QStringLiteral("messageDigests"), QStringLiteral("cacheKey")};
    if (value.isObject()) {
        QJsonObject out;
        const QJsonObject object = value.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            if (!dropped.contains(it.key()))
                out.insert(it.key(), comparable(it.value(), ids));
        }
        return out;
    }
    if (value.isArray()) {
        QJsonArray out;
        for (const QJsonValue &item : value.toArray())
            out.append(comparable(item, ids));
        return out;
    }
    if (!value.isString())
        return value;
    static const QRegularExpression id(QStringLiteral("\\b[a-z]{1,8}-[0-9a-hjkmnp-tv-z]{18}\\b"));
    static const QRegularExpression time(QStringLiteral("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?(Z|[+-]\\d\\d:\\d\\d)?"));
    QString text = value.toString();
    for (auto it = id.globalMatch(value.toString()); it.hasNext();) {
        const QString found = it.next().captured(0);
        if (!ids.contains(found))
            ids.insert(found, QStringLiteral("<id %1>").arg(ids.size()));
        text.replace(found, ids.value(found));
    }
    text.replace(time, QStringLiteral("<time>"));
    return text;
}

QString comparableRecord(const SessionHarness &h)
{
    QJsonArray messages;
    for (const Message &message : h.store()->messages(h.session()->id()).value())
        messages.append(recordjson::toJson(message));
    QHash<QString, QString> ids;
    return QString::fromUtf8(QJsonDocument(comparable(messages, ids).toArray()).toJson(QJsonDocument::Indented));
}

/// Runs the session in `workspace`, the same folder for both runs (tool results name paths).
RunResult runScriptedSession(const QString &workspace)
{
    RunResult out;
    QDir(workspace).removeRecursively();
    if (!QDir().mkpath(workspace)) {
        out.error = QStringLiteral("cannot make the workspace");
        return out;
    }
    SessionHarness h;
    if (!h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5"))) {
        out.error = h.error();
        return out;
    }
    h.config().workspace = workspace;
    // A profile folder, so the session has a /context/ for what the strategy moves out.
    h.config().locations = DataLocations::underHome(h.homePath());
    // The workspace has one file; the session works through the real file and plan tools.
    QFile notes(workspace + QStringLiteral("/notes.txt"));
    QByteArray lines;
    for (int i = 1; i <= 300; ++i)
        lines += "note " + QByteArray::number(i) + ": the build step that runs after the tests\n";
    if (!notes.open(QIODevice::WriteOnly) || notes.write(lines) < 0) {
        out.error = QStringLiteral("cannot write notes.txt");
        return out;
    }
    notes.close();
    QList<ToolProvider *> providers;
    for (ToolProvider *provider : h.plugins()->toolProviders()) {
        if (provider->id() == QLatin1String("filesystem") || provider->id() == QLatin1String("planning"))
            providers.append(provider);
    }
    if (providers.size() != 2) {
        out.error = QStringLiteral("the filesystem and planning plugins are not both built");
        return out;
    }
    QList<ContextStrategy *> strategies;
    for (ContextStrategy *strategy : h.plugins()->strategies()) {
        if (strategy->id() == QLatin1String("progressive"))
            strategies.append(strategy);
    }
    if (strategies.isEmpty()) {
        out.error = QStringLiteral("the progressive strategy plugin is not built");
        return out;
    }
    h.config().strategies = strategies;
    // A long result is moved out of the view at once: a compaction in every run, by the
    // strategy's own pointer text.
    h.config().strategySettings.insert(QStringLiteral("progressive"), QJsonObject{{QStringLiteral("offloadTokens"), 200}});
    // Only the scripted requests: no model calls for the turns' shorter versions.
    h.config().turnVersions = TurnVersionMode::Extractive;
    if (!h.useTools(providers)) {
        out.error = h.error();
        return out;
    }
    h.approvals().setToolRule(QStringLiteral("ls"), ApprovalRule::Deny);

    // 1: errors of the orchestrator (an unknown tool, a missing argument), of a real tool (a file
    // that is not there), a denial by rule, and the plan whose reminder every later request repeats.
    h.server().enqueue(ScriptedResponse::sse(
        AnthropicStream()
            .text(QStringLiteral("Let me look."))
            .toolUse(QStringLiteral("toolu_plan"), QStringLiteral("write_todos"), todos())
            .toolUse(QStringLiteral("toolu_missing"), QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("missing.txt")}})
            .toolUse(QStringLiteral("toolu_noargs"), QStringLiteral("read_file"), {})
            .toolUse(QStringLiteral("toolu_unknown"), QStringLiteral("no_such_tool"), {})
            .toolUse(QStringLiteral("toolu_ls"), QStringLiteral("ls"), {{QStringLiteral("path"), QStringLiteral(".")}})
            .toolUse(QStringLiteral("toolu_read"), QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("notes.txt")}})
            .stop(QStringLiteral("tool_use"))));
    h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("The notes have 300 lines."))));
    out.turnEnds << h.runTurn(QStringLiteral("Read the notes"));

    // 2: the person denies a write, with a reason.
    h.approvals().setAutoApprove(AutoApprove::ReadOnly);
    h.onEvent = [&h](const SessionEvent &event) {
        if (event.kind == SessionEvent::Kind::ApprovalRequested)
            h.session()->deny(event.requestId, QStringLiteral("not into that file"));
    };
    h.server().enqueue(ScriptedResponse::sse(
        AnthropicStream()
            .toolUse(QStringLiteral("toolu_write"), QStringLiteral("write_file"),
                     {{QStringLiteral("path"), QStringLiteral("summary.txt")}, {QStringLiteral("content"), QStringLiteral("two lines")}})
            .stop(QStringLiteral("tool_use"))));
    h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("I will not write it."))));
    out.turnEnds << h.runTurn(QStringLiteral("Write the summary"));

    // 3: the person interrupts the turn while a call waits for approval.
    h.onEvent = [&h](const SessionEvent &event) {
        // Once the request is out: the call waits for an answer that never comes.
        if (event.kind == SessionEvent::Kind::ApprovalRequested)
            QTimer::singleShot(0, h.session(), [&h] { h.session()->interrupt(); });
    };
    h.server().enqueue(ScriptedResponse::sse(
        AnthropicStream()
            .toolUse(QStringLiteral("toolu_edit"), QStringLiteral("edit_file"),
                     {{QStringLiteral("path"), QStringLiteral("notes.txt")}, {QStringLiteral("old_string"), QStringLiteral("first")},
                      {QStringLiteral("new_string"), QStringLiteral("1st")}})
            .stop(QStringLiteral("tool_use"))));
    out.turnEnds << h.runTurn(QStringLiteral("Shorten the first line"));
    h.onEvent = nullptr;

    // 4: the answer stops at the output limit in the middle of a call's arguments.
    h.server().enqueue(ScriptedResponse::sse(
        AnthropicStream()
            .text(QStringLiteral("Writing."))
            .partialToolUse(QStringLiteral("toolu_cut"), QStringLiteral("write_file"), QStringLiteral("{\"path\": \"long.txt\", \"content\": \"aaa"))
            .stop(QStringLiteral("max_tokens"))));
    out.turnEnds << h.runTurn(QStringLiteral("Write a long file"));

    // A compaction the person asks for (little to do in so short a session, but it runs).
    const qsizetype compactions = h.eventsOf(SessionEvent::Kind::CompactionFinished).size();
    h.session()->compact();
    if (!QTest::qWaitFor([&] { return h.eventsOf(SessionEvent::Kind::CompactionFinished).size() > compactions; }, 15000)) {
        out.error = QStringLiteral("the compaction did not finish");
        return out;
    }

    // 5: a last request shows the whole view after all of it.
    h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("Done."))));
    out.turnEnds << h.runTurn(QStringLiteral("Go on"));

    if (h.server().unexpectedRequests() != 0 || h.server().pendingResponses() != 0) {
        out.error = QStringLiteral("the session asked %1 unexpected times and left %2 answers unused")
                        .arg(h.server().unexpectedRequests())
                        .arg(h.server().pendingResponses());
        return out;
    }
    for (const CapturedRequest &request : h.server().requests())
        out.bodies.append(request.body);
    out.record = comparableRecord(h);
    return out;
}

/// The first line where two texts differ, with the lines around it.
QString firstDifference(const QString &english, const QString &german)
{
    const QStringList a = english.split(QLatin1Char('\n'));
    const QStringList b = german.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < qMax(a.size(), b.size()); ++i) {
        const QString left = a.value(i);
        const QString right = b.value(i);
        if (left != right)
            return QStringLiteral("line %1:\n  en: %2\n  de: %3").arg(i + 1).arg(left.left(400), right.left(400));
    }
    return {};
}

QString firstDifference(const QByteArray &english, const QByteArray &german)
{
    qsizetype at = 0;
    while (at < english.size() && at < german.size() && english.at(at) == german.at(at))
        ++at;
    const qsizetype from = qMax<qsizetype>(0, at - 120);
    return QStringLiteral("byte %1:\n  en: %2\n  de: %3")
        .arg(at)
        .arg(QString::fromUtf8(english.mid(from, 400)), QString::fromUtf8(german.mid(from, 400)));
}

} // namespace

class TestModelTextLocale : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup()
    {
        test::removeTranslations();
        QLocale::setDefault(QLocale::c());
    }

    void aGermanInterfaceLeavesRequestsAndRecordAlone()
    {
        QLocale::setDefault(QLocale::c());
        QTemporaryDir scratch;
        QVERIFY(scratch.isValid());
        const QString workspace = scratch.filePath(QStringLiteral("workspace"));
        const RunResult english = runScriptedSession(workspace);
        QVERIFY2(english.error.isEmpty(), qPrintable(english.error));

        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        installTranslations(*QCoreApplication::instance(), QLocale(QLocale::German, QLocale::Germany));
        // The translations are really in force: the person would read German.
        QCOMPARE(QCoreApplication::translate("valis::MainWindow", "&File"), QStringLiteral("&Datei"));
        QCOMPARE(QLocale().toString(1234.5, 'f', 1), QStringLiteral("1.234,5"));
        const RunResult german = runScriptedSession(workspace);
        QVERIFY2(german.error.isEmpty(), qPrintable(german.error));

        // The script ran as intended: tool errors, a denial, an interruption, a cut-off call.
        QCOMPARE(english.turnEnds, (QStringList{QStringLiteral("answered"), QStringLiteral("answered"), QStringLiteral("interrupted"),
                                                QStringLiteral("max-tokens"), QStringLiteral("answered")}));
        QCOMPARE(german.turnEnds, english.turnEnds);
        QCOMPARE(english.bodies.size(), 7);
        const QByteArray last = english.bodies.constLast();
        for (const char *expected : {"There is no tool named \\\"no_such_tool\\\"", "Missing required arguments: path.",
                                     "the approval rules deny the tool", "The user denied this call", "not into that file",
                                     "[interrupted: the turn was stopped while this call waited for approval; it was not run]",
                                     "was cut off before its arguments were complete", "<system-reminder>", "Read the notes"}) {
            QVERIFY2(last.contains(expected), expected);
        }
        QVERIFY2(english.record.contains(QLatin1String("progressive")), "the compaction is in the record");
        QVERIFY2(last.contains("/context/results/"), "the long result was moved out");

        QCOMPARE(german.bodies.size(), english.bodies.size());
        for (qsizetype i = 0; i < english.bodies.size(); ++i) {
            QVERIFY2(german.bodies.at(i) == english.bodies.at(i),
                     qPrintable(QStringLiteral("request %1 differs at %2").arg(i).arg(firstDifference(english.bodies.at(i), german.bodies.at(i)))));
        }
        QVERIFY2(german.record == english.record, qPrintable(QStringLiteral("the records differ at ") + firstDifference(english.record, german.record)));
    }
};

VALIS_TEST_MAIN(TestModelTextLocale)
#include "tst_modeltextlocale.moc"
