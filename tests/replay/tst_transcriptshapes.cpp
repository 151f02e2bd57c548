// The generated transcripts of bench_replay --shapes: the same seed gives the same messages,
// each is a well-formed long session the Replayer takes, and each has the shape it claims.
#include "testsupport.h"
#include "transcriptshapes.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/context/replayer.h"
#include "valis/tokens/tokencounter.h"

#include <QSet>
#include <QtTest>

#include <algorithm>

using namespace valis;
using namespace valis::bench;

namespace {

struct Census
{
    int requests = 0;
    int turns = 0;
    QHash<QString, int> calls;             ///< tool name -> calls
    QHash<QString, qint64> resultChars;    ///< tool name -> characters of its results
    qint64 textChars = 0;                  ///< of user and assistant text
    qint64 allResultChars = 0;
    QList<qint64> resultTokens;            ///< every result, counted as the replay counts
};

Census census(const ShapedTranscript &transcript)
{
    Census c;
    const ModelCatalog catalog = ModelCatalog::builtIn();
    const std::shared_ptr<TokenCounter> counter = TokenCounter::forModel(catalog.lookup(QStringLiteral("claude-sonnet-4-5")).model);
    for (const Message &message : transcript.messages) {
        c.turns = qMax(c.turns, message.turn);
        c.requests += message.role == Role::Assistant ? 1 : 0;
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::Text)
                c.textChars += part.text.size();
            else if (part.kind == PartKind::ToolCall)
                ++c.calls[part.toolName];
            else if (part.kind == PartKind::ToolResult) {
                const qint64 chars = part.resultText().size();
                c.resultChars[part.toolName] += chars;
                c.allResultChars += chars;
                Message single;
                single.role = Role::Tool;
                single.parts.append(part);
                c.resultTokens.append(counter->countMessage(single));
            }
        }
    }
    return c;
}

} // namespace

class TestTranscriptShapes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameSeedSameMessages_data()
    {
        QTest::addColumn<int>("shape");
        for (const TranscriptShape shape : allTranscriptShapes())
            QTest::newRow(qPrintable(transcriptShapeName(shape))) << int(shape);
    }
    void sameSeedSameMessages()
    {
        QFETCH(int, shape);
        const ShapedTranscript a = generateShape(TranscriptShape(shape), 7);
        const ShapedTranscript b = generateShape(TranscriptShape(shape), 7);
        QCOMPARE(a.messages.size(), b.messages.size());
        QVERIFY(a.messages == b.messages);
        QCOMPARE(a.info, b.info);
        // Another seed is another session.
        const ShapedTranscript c = generateShape(TranscriptShape(shape), 8);
        QVERIFY(a.messages != c.messages);
        QCOMPARE(transcriptShapeFromName(transcriptShapeName(TranscriptShape(shape))), std::optional<TranscriptShape>(TranscriptShape(shape)));
    }

    void wellFormedLongSessions_data() { sameSeedSameMessages_data(); }
    void wellFormedLongSessions()
    {
        QFETCH(int, shape);
        const ShapedTranscript t = generateShape(TranscriptShape(shape));
        QCOMPARE(t.info.model, QStringLiteral("claude-sonnet-4-5"));
        QVERIFY(t.name.startsWith(QStringLiteral("generated/") + transcriptShapeName(TranscriptShape(shape))));
        const Census c = census(t);
        QVERIFY2(c.requests >= 250, qPrintable(QString::number(c.requests)));
        QVERIFY2(c.turns >= 100, qPrintable(QString::number(c.turns)));
        QSet<QString> ids;
        int turn = 0;
        for (int i = 0; i < t.messages.size(); ++i) {
            const Message &m = t.messages.at(i);
            QCOMPARE(m.seq, qint64(i));
            QVERIFY(!ids.contains(m.id));
            ids.insert(m.id);
            // Turns are numbered from 1, one per user request, in order.
            if (m.role == Role::User) {
                QCOMPARE(m.turn, turn + 1);
                turn = m.turn;
                QVERIFY(m.startsTurn());
            } else {
                QCOMPARE(m.turn, turn);
            }
            if (m.role == Role::Assistant) {
                QCOMPARE(m.model, QStringLiteral("claude-sonnet-4-5"));
                QVERIFY(m.usage.outputTokens > 0 && m.usage.inputTokens >= 0 && m.usage.cacheReadTokens >= 0);
                // Every call is answered by the next message, in order, and nothing else is.
                QStringList calls;
                for (const Part &part : m.parts) {
                    if (part.kind == PartKind::ToolCall)
                        calls.append(part.callId);
                }
                if (!calls.isEmpty()) {
                    QVERIFY(i + 1 < t.messages.size());
                    const Message &results = t.messages.at(i + 1);
                    QCOMPARE(results.role, Role::Tool);
                    QStringList answered;
                    for (const Part &part : results.parts)
                        answered.append(part.callId);
                    QCOMPARE(answered, calls);
                }
            }
        }
        // Realistic text, not one filler line repeated: most lines differ.
        QStringList lines;
        for (const Message &m : t.messages) {
            for (const Part &part : m.parts) {
                const QString text = part.kind == PartKind::ToolResult ? part.resultText() : part.text;
                for (const QString &line : text.split(QLatin1Char('\n'))) {
                    if (line.trimmed().size() > 24)
                        lines.append(line);
                }
            }
        }
        const QSet<QString> distinct(lines.cbegin(), lines.cend());
        QVERIFY2(double(distinct.size()) >= 0.8 * double(lines.size()), qPrintable(QStringLiteral("%1 of %2").arg(distinct.size()).arg(lines.size())));
    }

    void eachShapeIsWhatItClaims()
    {
        const Census chat = census(generateShape(TranscriptShape::LongChat));
        int chatCalls = 0;
        for (const int n : chat.calls)
            chatCalls += n;
        QVERIFY2(chatCalls * 8 < chat.requests, qPrintable(QString::number(chatCalls))); // few tools
        QVERIFY(chat.textChars > 2 * chat.allResultChars);                                 // mostly talk
        QVERIFY(chat.turns >= 250);

        const Census reading = census(generateShape(TranscriptShape::HeavyReading));
        QVERIFY(reading.resultChars.value(QStringLiteral("read_file")) >= 0.85 * double(reading.allResultChars));
        QVERIFY(reading.allResultChars > 5 * reading.textChars);
        QVERIFY(reading.calls.value(QStringLiteral("read_file")) >= 2 * reading.turns);

        const Census edits = census(generateShape(TranscriptShape::ManyEdits));
        int editCalls = 0;
        for (auto it = edits.calls.cbegin(); it != edits.calls.cend(); ++it)
            editCalls += it.key() == QLatin1String("edit_file") ? it.value() : 0;
        QVERIFY(editCalls >= 2 * edits.turns);
        QVERIFY(editCalls * 3 >= 2 * (edits.requests - edits.turns)); // most requests make an edit
        QVERIFY(*std::max_element(edits.resultTokens.cbegin(), edits.resultTokens.cend()) < 5000);

        const Census huge = census(generateShape(TranscriptShape::HugeOutputs));
        const auto over = [](const Census &c, qint64 tokens) {
            return std::count_if(c.resultTokens.cbegin(), c.resultTokens.cend(), [tokens](qint64 n) { return n > tokens; });
        };
        QCOMPARE(over(huge, 50000), 4);
        QCOMPARE(over(huge, 5000), 4); // the rest are small
        QVERIFY(huge.requests >= 300);

        const Census mixed = census(generateShape(TranscriptShape::Mixed));
        QCOMPARE(over(mixed, 50000), 2);
        for (const char *tool : {"read_file", "edit_file", "exec", "grep"})
            QVERIFY2(mixed.calls.value(QLatin1String(tool)) > 10, tool);
    }

    void theReplayerTakesThem()
    {
        // No strategy at a window the session outgrows: every assistant message is one request,
        // and the pipeline finds nothing to repair (calls and results pair up).
        const ShapedTranscript t = generateShape(TranscriptShape::ManyEdits, 3, 40);
        ReplayOptions options;
        options.contextWindow = 32000;
        const Result<ReplayReport> report = Replayer().replay(t.info, t.messages, nullptr, options);
        QVERIFY2(report.ok(), report.ok() ? "" : qPrintable(report.error().toString()));
        QCOMPARE(report->requests.size(), census(t).requests);
        QCOMPARE(report->model, QStringLiteral("claude-sonnet-4-5"));
        for (const QString &note : report->notes)
            QVERIFY2(!note.contains(QStringLiteral("warning")), qPrintable(note));
        QVERIFY(report->overflows > 0);
    }
};

VALIS_TEST_MAIN(TestTranscriptShapes)
#include "tst_transcriptshapes.moc"
