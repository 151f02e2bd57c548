// Layer 1 of the memory: large tool results captured into a real SQLite DetailStore and shown as
// MemoryRef placeholders, the extractive summary, the record keeping the whole result, and the
// context pipeline's promises about placeholders (shown as captured, never dropped while their
// turn is shown, memory changes after the cached prefix).
#include "testsupport.h"

#include "valis/agent/contextpipeline.h"
#include "valis/memory/detailstore.h"
#include "valis/memory/memoryref.h"
#include "valis/memory/outputsummary.h"
#include "valis/memory/resultcapture.h"
#include "valis/memory/sqlitedetailstore.h"
#include "valis/record/recordjson.h"

#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace valis;

namespace {

Message message(Role role, const QList<Part> &parts, int turn)
{
    Message m;
    m.id = newMessageId();
    m.role = role;
    m.parts = parts;
    m.turn = turn;
    return m;
}

QString numberedLines(int count, const QString &pattern = QStringLiteral("line %1 of the log"))
{
    QStringList lines;
    for (int i = 1; i <= count; ++i)
        lines << pattern.arg(i);
    return lines.join(QLatin1Char('\n'));
}

Part execResult(const QString &callId, const QString &output, int exitCode = 0)
{
    Part result = Part::makeToolResult(callId,
                                       {Part::makeText(QStringLiteral("Exit code %1 after 1.2 s.\nOutput:").arg(exitCode)),
                                        Part::makeText(output)},
                                       exitCode != 0);
    result.toolName = QStringLiteral("exec");
    return result;
}

Part execCall(const QString &callId, const QString &command)
{
    return Part::makeToolCall(callId, QStringLiteral("exec"), QJsonObject{{QStringLiteral("command"), command}});
}

/// Strips every tool result down to a pointer, placeholders included: what a careless
/// eviction strategy would do.
class StripResults : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("strip-test"); }
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &, const StrategyContext &) override
    {
        StrategyReport report;
        CompactionEvent event;
        event.action = QStringLiteral("strip");
        for (Message &m : view) {
            for (int i = 0; i < m.parts.size(); ++i) {
                Part &p = m.parts[i];
                if (p.kind == PartKind::ToolResult) {
                    p.content = {Part::makeText(QStringLiteral("[moved]"))};
                    report.replaced.append(m.id);
                    ViewEdit edit;
                    edit.messageId = m.id;
                    edit.partIndex = i;
                    edit.part = p;
                    edit.item = QStringLiteral("tool-result");
                    event.edits.append(edit);
                }
            }
        }
        report.events = {event};
        return report;
    }
};

/// Drops whole turns before the last: allowed, their placeholders go with them.
class DropOldTurns : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("drop-test"); }
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &, const StrategyContext &) override
    {
        StrategyReport report;
        const int last = view.constLast().turn;
        QList<Message> kept;
        QString lastDropped;
        for (const Message &m : std::as_const(view)) {
            if (m.turn == last) {
                kept.append(m);
            } else {
                report.replaced.append(m.id);
                lastDropped = m.id;
            }
        }
        view = kept;
        ViewEdit edit;
        edit.kind = ViewEdit::Kind::ReplacePrefix;
        edit.lastMessageId = lastDropped;
        edit.item = QStringLiteral("span");
        CompactionEvent event;
        event.action = QStringLiteral("drop");
        event.edits = {edit};
        report.events = {event};
        return report;
    }
};

/// A real store whose writes fail.
class FailingWrites : public DetailStore
{
public:
    explicit FailingWrites(std::shared_ptr<DetailStore> real) : m_real(std::move(real)) {}
    QString description() const override { return m_real->description(); }
    Result<MemoryRecord> put(const NewMemory &) override { return failure(); }
    Result<QList<MemoryRecord>> putMany(const QList<NewMemory> &) override { return failure(); }
    Result<MemoryRecord> find(const QString &key) const override { return m_real->find(key); }
    Result<MemoryRecord> get(const QString &key) const override { return m_real->get(key); }
    Result<MemoryPage> read(const QString &key, const MemoryPageRequest &request) const override { return m_real->read(key, request); }
    Result<QList<MemoryRecord>> list(const MemoryFilter &filter) const override { return m_real->list(filter); }
    Result<QList<MemoryHit>> search(const QString &query, const MemoryFilter &filter) const override { return m_real->search(query, filter); }
    Result<void> deactivate(const QString &) override { return failure(); }
    Result<void> purge(const QString &) override { return failure(); }
    QStringList similarKeys(const QString &key, int limit) const override { return m_real->similarKeys(key, limit); }
    Result<MemoryStats> stats(const QString &agentId) const override { return m_real->stats(agentId); }
    Result<MemoryRecord> readFile(const QString &agentId, const QString &path) const override { return m_real->readFile(agentId, path); }
    Result<MemoryRecord> writeFile(const QString &, const QString &, const QByteArray &, const QString &, const QString &) override { return failure(); }
    Result<void> removeFile(const QString &, const QString &) override { return failure(); }
    Result<QList<MemoryRecord>> listFiles(const QString &agentId, const QString &prefix) const override { return m_real->listFiles(agentId, prefix); }

private:
    static Error failure() { return Error(QStringLiteral("memory.io"), QStringLiteral("disk full")); }
    std::shared_ptr<DetailStore> m_real;
};

} // namespace

class TestMemoryContext : public QObject
{
    Q_OBJECT

    QTemporaryDir *m_dir = nullptr;
    std::shared_ptr<DetailStore> m_store;

    /// Captures `results` of `calls` and waits for the answer.
    QPair<QList<Part>, QList<Error>> capture(ResultCapture &capture, const QList<Part> &calls, const QList<Part> &results,
                                             const CaptureScope &scope = {})
    {
        bool done = false;
        QPair<QList<Part>, QList<Error>> answer;
        capture.capture(calls, results, scope, [&](QList<Part> captured, QList<Error> warnings) {
            answer = {captured, warnings};
            done = true;
        });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(done, 20000); }();
        return answer;
    }

private Q_SLOTS:
    void init()
    {
        m_dir = new QTemporaryDir;
        auto opened = SqliteDetailStore::open(m_dir->filePath(QStringLiteral("memory.db")));
        QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.error().toString()));
        m_store = std::shared_ptr<DetailStore>(std::move(opened).value());
    }

    void cleanup()
    {
        m_store.reset();
        delete m_dir;
    }

    void extractiveSummaryShowsHeadTailErrorsAndStatus()
    {
        QStringList lines;
        for (int i = 1; i <= 300; ++i)
            lines << QStringLiteral("compiling unit %1").arg(i);
        lines[149] = QStringLiteral("src/net.cpp:42: error: 'socket' was not declared in this scope");
        const QString output = lines.join(QLatin1Char('\n'));
        OutputSource source{QStringLiteral("exec"), QJsonObject{{QStringLiteral("command"), QStringLiteral("make -j4")}},
                            true, QStringLiteral("Exit code 2 after 3.0 s.\nOutput:")};
        const OutputSummary summary = extractiveSummary(output, source);
        QCOMPARE(summary.line, QStringLiteral("exec `make -j4` output: 300 lines, exit 2, 1 error line"));
        QVERIFY2(summary.details.contains(QStringLiteral("1: compiling unit 1\n")), qPrintable(summary.details));
        QVERIFY2(summary.details.contains(QStringLiteral("150: src/net.cpp:42: error:")), qPrintable(summary.details));
        QVERIFY2(summary.details.contains(QStringLiteral("300: compiling unit 300")), qPrintable(summary.details));
        QVERIFY(!summary.details.contains(QStringLiteral("compiling unit 100\n")));
        // Deterministic: the same output gives the same bytes (the cached prefix depends on it).
        QCOMPARE(extractiveSummary(output, source).details, summary.details);
        // Long lines are cut, so the preview stays small whatever the output.
        const OutputSummary wide = extractiveSummary(QString(5000, QLatin1Char('x')), source);
        QVERIFY(wide.details.size() < 400);
    }

    void memoryRefLinesRoundTrip()
    {
        const MemoryRef ref{QStringLiteral("m-3f9a2c"), QStringLiteral("npm [install] log,\n412 lines")};
        QCOMPARE(ref.line(), QStringLiteral("[MemoryRef: m-3f9a2c - npm (install) log, 412 lines]"));
        const QList<MemoryRef> found = MemoryRef::findAll(QStringLiteral("see ") + ref.line() + QStringLiteral(" and [MemoryRef: m-0011aa22 - b]"));
        QCOMPARE(found.size(), 2);
        QCOMPARE(found.at(0).key, QStringLiteral("m-3f9a2c"));
        QCOMPARE(found.at(1).summary, QStringLiteral("b"));
        QVERIFY(MemoryRef::findAll(QStringLiteral("[MemoryRef: x-12 - no]")).isEmpty());
    }

    void largeResultsAreStoredWholeAndShownAsPlaceholders()
    {
        ResultCapture capturer(m_store, MemorySettings());
        const QString big = numberedLines(5000);
        const Part small = execResult(QStringLiteral("c2"), QStringLiteral("ok"));
        const auto [results, warnings] = capture(capturer, {execCall(QStringLiteral("c1"), QStringLiteral("./build.sh")),
                                                            execCall(QStringLiteral("c2"), QStringLiteral("true"))},
                                                 {execResult(QStringLiteral("c1"), big, 1), small},
                                                 CaptureScope{QStringLiteral("agent-7"), QStringLiteral("s-1"), 3, {}, {}});
        QVERIFY(warnings.isEmpty());
        QCOMPARE(results.size(), 2);
        QCOMPARE(results.at(1), small); // small results stay as they are
        const Part &captured = results.at(0);
        QVERIFY(captured.captured.isCaptured());
        // The record keeps the whole result; the store holds the output part exactly.
        QCOMPARE(captured.content.at(1).text, big);
        const Result<MemoryRecord> stored = m_store->get(captured.captured.key);
        QVERIFY2(stored.ok(), qPrintable(stored.ok() ? QString() : stored.error().toString()));
        QCOMPARE(stored->content, big.toUtf8());
        QCOMPARE(stored->type, QStringLiteral("command_output"));
        QCOMPARE(stored->agentId, QStringLiteral("agent-7"));
        QCOMPARE(stored->sessionId, QStringLiteral("s-1"));
        QCOMPARE(stored->lineCount, 5000);
        QCOMPARE(stored->metadata.value(QStringLiteral("command")).toString(), QStringLiteral("./build.sh"));
        QCOMPARE(stored->metadata.value(QStringLiteral("turn")).toInt(), 3);
        QCOMPARE(stored->summary, QStringLiteral("exec `./build.sh` output: 5000 lines, exit 1"));

        // The placeholder: status, the MemoryRef line, the preview and how to read more.
        const QString placeholder = captured.captured.placeholder;
        QVERIFY2(placeholder.startsWith(QStringLiteral("Exit code 1 after 1.2 s.")), qPrintable(placeholder));
        QVERIFY2(placeholder.contains(MemoryRef{captured.captured.key, stored->summary}.line()), qPrintable(placeholder));
        QVERIFY(placeholder.contains(QStringLiteral("line 1 of the log")));
        QVERIFY(placeholder.contains(QStringLiteral("line 5000 of the log")));
        QVERIFY(!placeholder.contains(QStringLiteral("line 2500 of the log")));
        QVERIFY(placeholder.contains(QStringLiteral("retrieve_memory")));

        // The view shows the placeholder; the record (and its JSON form) keeps both.
        const Result<Part> back = recordjson::partFromJson(recordjson::toJson(captured));
        QVERIFY(back.ok());
        QCOMPARE(back.value(), captured);
        QList<Message> record{message(Role::Assistant, {execCall(QStringLiteral("c1"), QStringLiteral("./build.sh"))}, 3),
                              message(Role::Tool, {captured}, 3)};
        ContextPipeline pipeline;
        const ContextView view = pipeline.build(record, 4, false);
        QCOMPARE(view.messages.size(), 2);
        const Part shown = view.messages.at(1).parts.first();
        QCOMPARE(shown.content.size(), 1);
        QCOMPARE(shown.content.first().text, placeholder);
        QCOMPARE(record.at(1).parts.first().content.at(1).text, big);
    }

    void thresholdsFollowTheSettingsAndTheToolSpec()
    {
        MemorySettings settings;
        settings.captureThresholdTokens = 500;
        settings.toolCaptureThresholds.insert(QStringLiteral("grep"), 0);        // never
        settings.toolCaptureThresholds.insert(QStringLiteral("read_file"), 5000);
        ResultCapture capturer(m_store, settings);
        const auto resultOf = [](const QString &tool, int bytes) {
            Part result = Part::makeToolResultText(QStringLiteral("c"), QString(bytes, QLatin1Char('a')));
            result.toolName = tool;
            return result;
        };
        CaptureScope scope;
        QVERIFY(!capturer.wouldCapture(resultOf(QStringLiteral("exec"), 1900), scope));  // ~475 tokens
        QVERIFY(capturer.wouldCapture(resultOf(QStringLiteral("exec"), 2100), scope));   // ~525 tokens
        QVERIFY(!capturer.wouldCapture(resultOf(QStringLiteral("grep"), 100000), scope));
        QVERIFY(!capturer.wouldCapture(resultOf(QStringLiteral("read_file"), 16000), scope));
        QVERIFY(capturer.wouldCapture(resultOf(QStringLiteral("read_file"), 24000), scope));
        scope.keepInContext.insert(QStringLiteral("retrieve_memory"));
        QVERIFY(!capturer.wouldCapture(resultOf(QStringLiteral("retrieve_memory"), 100000), scope));
        // A result already captured is not captured again.
        Part captured = resultOf(QStringLiteral("exec"), 4000);
        captured.captured.key = QStringLiteral("m-abcdef");
        QVERIFY(!capturer.wouldCapture(captured, CaptureScope()));
        // Without a store nothing is captured.
        ResultCapture without(nullptr, settings);
        QVERIFY(!without.wouldCapture(resultOf(QStringLiteral("exec"), 100000), CaptureScope()));
    }

    void aStoreThatFailsLeavesTheResultWhole()
    {
        // The real store, with writes failing as a full disk or a lost server would make them.
        auto failing = std::make_shared<FailingWrites>(m_store);
        ResultCapture capturer(failing, MemorySettings());
        const Part big = execResult(QStringLiteral("c1"), numberedLines(3000));
        const auto [results, warnings] = capture(capturer, {execCall(QStringLiteral("c1"), QStringLiteral("x"))}, {big});
        QCOMPARE(results.size(), 1);
        QCOMPARE(results.first(), big);
        QVERIFY(!results.first().captured.isCaptured());
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings.first().code, QStringLiteral("memory.capture-failed"));
        QVERIFY2(warnings.first().message.contains(QStringLiteral("disk full")), qPrintable(warnings.first().message));
    }

    void strategiesNeverDropAMemoryRefOfAShownTurn()
    {
        ResultCapture capturer(m_store, MemorySettings());
        const auto [results, warnings] = capture(capturer, {execCall(QStringLiteral("c1"), QStringLiteral("./build.sh"))},
                                                 {execResult(QStringLiteral("c1"), numberedLines(3000))});
        QVERIFY(warnings.isEmpty());
        const QString key = results.first().captured.key;
        QList<Message> record{message(Role::User, {Part::makeText(QStringLiteral("build it"))}, 1),
                              message(Role::Assistant, {execCall(QStringLiteral("c1"), QStringLiteral("./build.sh"))}, 1),
                              message(Role::Tool, results, 1),
                              message(Role::Assistant, {Part::makeText(QStringLiteral("built"))}, 1),
                              message(Role::User, {Part::makeText(QStringLiteral("next"))}, 2)};

        StripResults strip;
        ContextPipeline pipeline;
        pipeline.setStrategies({&strip});
        const ContextView refused = pipeline.build(record, 2, true);
        QCOMPARE(refused.warnings.size(), 1);
        QCOMPARE(refused.warnings.first().code, QStringLiteral("context.memoryref-dropped"));
        QVERIFY(refused.warnings.first().message.contains(key));
        QVERIFY(refused.messages.at(2).parts.first().content.first().text.contains(QStringLiteral("[MemoryRef: ") + key));

        // Dropping the whole turn that holds it is fine: nothing shown points nowhere.
        DropOldTurns drop;
        pipeline.setStrategies({&drop});
        const ContextView dropped = pipeline.build(record, 2, true);
        QVERIFY(dropped.warnings.isEmpty());
        QCOMPARE(dropped.messages.size(), 1);
    }

    void tailRemindersComeAfterEverythingAndAreNotStored()
    {
        QList<Message> record{message(Role::User, {Part::makeText(QStringLiteral("hello"))}, 1)};
        ContextPipeline pipeline;
        Message reminder;
        reminder.role = Role::User;
        reminder.parts.append(Part::makeText(QStringLiteral("<system-reminder>memory changed</system-reminder>")));
        const ContextView view = pipeline.build(record, 1, false, {reminder});
        QCOMPARE(view.messages.size(), 2);
        QCOMPARE(view.messages.last().parts.first().text, QStringLiteral("<system-reminder>memory changed</system-reminder>"));
        QCOMPARE(view.messages.last().turn, 1);
        QCOMPARE(record.size(), 1);
        // The next build starts from the record again: the reminder was never part of it.
        QCOMPARE(pipeline.build(record, 1, false).messages.size(), 1);
    }
};

VALIS_TEST_MAIN(TestMemoryContext)
#include "tst_memorycontext.moc"
