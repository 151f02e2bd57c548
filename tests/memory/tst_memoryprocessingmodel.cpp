// Offline memory processing with a summary model: the real Anthropic provider plugin against the
// local provider test server. The request carries the transcript with message ids and the
// instruction; the answer's items are stored with their evidence, evidence ids that are no
// message of the session are dropped; overload is retried; an unreadable answer leaves the
// extractive items.
#include "clirunner.h"
#include "processingtranscripts.h"
#include "sessionharness.h"
#include "sessiontesthelpers.h"
#include "streambuilders.h"
#include "testsupport.h"

#include "valis/core/datalocations.h"
#include "valis/memory/sqlitedetailstore.h"

#include <QDir>
#include <QFile>

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QtTest>

using namespace valis;
using namespace valis::test;
using namespace valis::test::processing;

namespace {

const QString Model = QStringLiteral("claude-haiku-4-5");

QByteArray answer(const QString &text)
{
    return AnthropicStream().text(text).stop(QStringLiteral("end_turn"));
}

QList<MemoryRecord> activeOf(DetailStore &store, const QString &type)
{
    MemoryFilter filter;
    filter.type = type;
    filter.limit = 0;
    return store.list(filter).value();
}

QStringList evidenceIds(const MemoryRecord &record)
{
    QStringList ids;
    for (const QJsonValue &value : record.metadata.value(QLatin1String("evidence")).toArray())
        ids.append(value.toObject().value(QLatin1String("messageId")).toString());
    return ids;
}

} // namespace

class TestMemoryProcessingModel : public QObject
{
    Q_OBJECT

    MemoryProcessingResult process(SessionHarness &h, const std::shared_ptr<DetailStore> &store, qsizetype maxChars = 120000)
    {
        MemoryProcessingOptions options;
        options.maxTranscriptChars = maxChars;
        options.provider = h.config().provider;
        options.model = Model;
        options.endpoint = h.config().endpoint;
        options.retry.initialDelay = std::chrono::milliseconds(20);
        MemoryProcessor processor(h.store()->path(), store);
        QSignalSpy finished(&processor, &MemoryProcessor::finished);
        if (!processor.start(options))
            qFatal("the processor did not start");
        if (!finished.wait(60000))
            qFatal("the processor did not finish");
        return finished.first().first().value<MemoryProcessingResult>();
    }

    std::shared_ptr<DetailStore> openStore(SessionHarness &h)
    {
        auto store = SqliteDetailStore::open(h.homePath() + QStringLiteral("/memory.db"));
        if (store.hasError())
            qFatal("open: %s", qPrintable(store.error().toString()));
        return std::shared_ptr<DetailStore>(std::move(store).value());
    }

private Q_SLOTS:
    void theModelsItemsAreStoredWithRealEvidence()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), Model), qPrintable(h.error()));
        const Scripted session = store(*h.store(), QStringLiteral("staging"), QStringLiteral("/work/project"), stagingBuild());
        const QString reply = QStringLiteral(
            "Here it is:\n```json\n"
            "{\"topics\": [{\"text\": \"staging build with LTO\", \"weight\": 0.9, \"evidence\": [\"%1\"]}],\n"
            " \"lessons\": [{\"text\": \"The staging build needs --no-lto because the LTO linker plugin fails.\", "
            "\"outcome\": \"worked\", \"weight\": 0.8, \"evidence\": [\"%2\", \"%3\", \"m-made-up\"]},\n"
            "             {\"text\": \"Deploys need a VPN.\", \"outcome\": \"fact\", \"evidence\": [\"m-nowhere\"]}],\n"
            " \"references\": [{\"text\": \"ci.example.com job 42\", \"kind\": \"url\", \"evidence\": [\"%1\"]}]}\n```")
                                  .arg(session.ids.at(0), session.ids.at(2), session.ids.at(4));
        // Overloaded first: retried with backoff, then answered.
        h.server().enqueue(ScriptedResponse::json(529, anthropicError("overloaded_error", "Overloaded"), {{"retry-after-ms", "30"}}));
        h.server().enqueue(ScriptedResponse::sse(answer(reply)));
        std::shared_ptr<DetailStore> memory = openStore(h);
        const MemoryProcessingResult result = process(h, memory);
        QVERIFY2(!result.error, result.error ? qPrintable(result.error->toString()) : "");
        QVERIFY2(result.warnings.isEmpty(), qPrintable(result.warnings.join(QLatin1Char('\n'))));
        QCOMPARE(h.server().requests().size(), 2);
        QCOMPARE(h.server().requests().at(1).body, h.server().requests().at(0).body);
        QCOMPARE(result.modelAnswers, 1);
        QCOMPARE(result.droppedEvidence, 2);

        // The request: the transcript with every message's id, and the instruction.
        const QJsonObject request = h.server().requests().at(1).json();
        QCOMPARE(request.value(QLatin1String("model")).toString(), Model);
        const QString sent = QString::fromUtf8(QJsonDocument(request.value(QLatin1String("messages")).toArray()).toJson());
        for (const QString &id : session.ids)
            QVERIFY2(sent.contains(QLatin1Char('[') + id), qPrintable(id));
        QVERIFY(sent.contains(QStringLiteral("lto-wrapper failed")));
        QVERIFY(sent.contains(QStringLiteral("Answer with one JSON object")));

        // The model's lesson, with only the evidence that exists.
        const QList<MemoryRecord> lessons = activeOf(*memory, QLatin1String(ProcessedType::Lesson));
        const auto lesson = std::find_if(lessons.cbegin(), lessons.cend(), [](const MemoryRecord &record) {
            return record.summary.startsWith(QStringLiteral("The staging build needs --no-lto"));
        });
        QVERIFY(lesson != lessons.cend());
        QCOMPARE(evidenceIds(*lesson), (QStringList{session.ids.at(2), session.ids.at(4)}));
        QCOMPARE(lesson->metadata.value(QLatin1String("extractor")).toString(), QStringLiteral("model:") + Model);
        QCOMPARE(lesson->metadata.value(QLatin1String("layer")).toString(), QStringLiteral("project"));
        // The lesson whose only evidence was made up is gone.
        QVERIFY(std::none_of(lessons.cbegin(), lessons.cend(), [](const MemoryRecord &record) {
            return record.summary.contains(QStringLiteral("VPN"));
        }));
        const QList<MemoryRecord> topics = activeOf(*memory, QLatin1String(ProcessedType::Topic));
        QCOMPARE(topics.size(), 1);
        QCOMPARE(topics.first().summary, QStringLiteral("staging build with LTO"));
        QCOMPARE(evidenceIds(topics.first()), QStringList{session.ids.at(0)});
        // References: the model's, and the exact ones the text holds.
        const QList<MemoryRecord> references = activeOf(*memory, QLatin1String(ProcessedType::Reference));
        QStringList summaries;
        for (const MemoryRecord &record : references)
            summaries.append(record.summary);
        QVERIFY(summaries.contains(QStringLiteral("ci.example.com job 42")));
        QVERIFY(summaries.contains(QStringLiteral("https://ci.example.com/jobs/42")));
        QVERIFY(summaries.contains(QStringLiteral("make staging LTO=--no-lto")));
    }

    void aLongSessionIsReadInParts()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), Model), qPrintable(h.error()));
        const Scripted session = store(*h.store(), QStringLiteral("staging"), QStringLiteral("/work/project"), stagingBuild());
        QVERIFY(memoryExtractionChunks({}, 400).isEmpty());
        // Small parts: the six messages take several requests, each answered about its own messages.
        const QList<QList<Message>> parts = memoryExtractionChunks(h.store()->messages(session.sessionId).value(), 400);
        QVERIFY(parts.size() >= 2);
        h.server().setBeforeAnswer([&h](int, const CapturedRequest &request) {
            static const QRegularExpression header(QStringLiteral("\\[([^\\s\\[\\]\"]+) (user|assistant|tool)\\]"));
            const QString body = QString::fromUtf8(request.body);
            const QString first = header.match(body).captured(1);
            // Every part names the same topic (one record in the end) and cites a message of another part.
            h.server().enqueue(ScriptedResponse::sse(answer(
                QStringLiteral("{\"topics\": [{\"text\": \"the staging build\", \"evidence\": [\"%1\"]}], \"lessons\": [], "
                               "\"references\": [{\"text\": \"from elsewhere\", \"kind\": \"other\", \"evidence\": [\"%2\"]}]}")
                    .arg(first, body.contains(QStringLiteral("part 1 of")) ? QStringLiteral("m-later") : QStringLiteral("m-earlier")))));
        });
        std::shared_ptr<DetailStore> memory = openStore(h);
        const MemoryProcessingResult result = process(h, memory, 400);
        QVERIFY2(!result.error, result.error ? qPrintable(result.error->toString()) : "");
        QCOMPARE(result.modelAnswers, int(parts.size()));
        QCOMPARE(h.server().requests().size(), parts.size());
        for (qsizetype i = 0; i < parts.size(); ++i) {
            const QString body = QString::fromUtf8(h.server().requests().at(i).body);
            QVERIFY(body.contains(QStringLiteral("part %1 of %2").arg(i + 1).arg(parts.size())));
            QVERIFY(body.contains(QLatin1Char('[') + parts.at(i).first().id));
        }
        const QList<MemoryRecord> topics = activeOf(*memory, QLatin1String(ProcessedType::Topic));
        QCOMPARE(topics.size(), 1);
        QCOMPARE(evidenceIds(topics.first()).size(), parts.size());
        QCOMPARE(result.droppedEvidence, int(parts.size()));
    }

    void anUnreadableAnswerKeepsTheExtractiveItems()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), Model), qPrintable(h.error()));
        const Scripted session = store(*h.store(), QStringLiteral("staging"), QStringLiteral("/work/project"), stagingBuild());
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("The session was about a staging build."))));
        std::shared_ptr<DetailStore> memory = openStore(h);
        const MemoryProcessingResult result = process(h, memory);
        QVERIFY(!result.error);
        QCOMPARE(result.modelAnswers, 0);
        QCOMPARE(result.warnings.size(), 1);
        QVERIFY2(result.warnings.first().contains(session.sessionId), qPrintable(result.warnings.first()));
        const QList<MemoryRecord> lessons = activeOf(*memory, QLatin1String(ProcessedType::Lesson));
        QCOMPARE(lessons.size(), 1);
        QVERIFY(lessons.first().summary.startsWith(QStringLiteral("`make staging` needs `LTO=--no-lto`")));
        QCOMPARE(lessons.first().metadata.value(QLatin1String("extractor")).toString(), QStringLiteral("extractive"));
        QCOMPARE(h.server().unexpectedRequests(), 0);
    }

    void theCliUsesTheSummaryModelOfMemoryJson()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), Model), qPrintable(h.error()));
        TemporaryHome home;
        const DataLocations locations = DataLocations::underHome(home.path());
        QVERIFY(QDir().mkpath(locations.configDir()));
        QVERIFY(QDir().mkpath(QFileInfo(locations.sessionDatabasePath()).path()));
        QFile settings(locations.memorySettingsPath());
        QVERIFY(settings.open(QIODevice::WriteOnly));
        settings.write(QJsonDocument(QJsonObject{{QStringLiteral("version"), 1},
                                                 {QStringLiteral("summaryProvider"), QStringLiteral("anthropic")},
                                                 {QStringLiteral("summaryModel"), Model}})
                           .toJson());
        settings.close();
        Scripted session;
        {
            auto sessions = SessionStore::open(locations.sessionDatabasePath());
            QVERIFY(sessions.ok());
            session = store(*sessions.value(), QStringLiteral("staging"), QStringLiteral("/work/project"), stagingBuild());
        }
        h.server().enqueue(ScriptedResponse::sse(answer(
            QStringLiteral("{\"topics\": [], \"references\": [], \"lessons\": [{\"text\": \"Staging links only without LTO.\", "
                           "\"outcome\": \"worked\", \"evidence\": [\"%1\"]}]}")
                .arg(session.ids.at(4)))));
        QProcessEnvironment environment = anthropicCliEnvironment();
        environment.insert(QStringLiteral("ANTHROPIC_BASE_URL"), h.server().baseUrl().toString());
        const CliRun run = runCli({QStringLiteral("--home"), home.path(), QStringLiteral("memory"), QStringLiteral("process"),
                                   QStringLiteral("--no-keychain"), QStringLiteral("--json")},
                                  environment);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject summary = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(summary.value(QLatin1String("modelAnswers")).toInt(), 1);
        QCOMPARE(h.server().requests().size(), 1);
        QCOMPARE(h.server().requests().first().json().value(QLatin1String("model")).toString(), Model);
        auto memory = SqliteDetailStore::open(locations.memoryDatabasePath());
        QVERIFY(memory.ok());
        const QList<MemoryRecord> lessons = activeOf(*memory.value(), QLatin1String(ProcessedType::Lesson));
        QVERIFY(std::any_of(lessons.cbegin(), lessons.cend(), [&](const MemoryRecord &record) {
            return record.summary == QStringLiteral("Staging links only without LTO.") && evidenceIds(record) == QStringList{session.ids.at(4)};
        }));
        // Asked again: the checkpoint holds, no second request.
        const CliRun again = runCli({QStringLiteral("--home"), home.path(), QStringLiteral("memory"), QStringLiteral("process"),
                                     QStringLiteral("--no-keychain"), QStringLiteral("--json")},
                                    environment);
        QCOMPARE(again.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(again.out).object().value(QLatin1String("sessionsUpToDate")).toInt(), 1);
        QCOMPARE(h.server().requests().size(), 1);
    }
};

VALIS_TEST_MAIN(TestMemoryProcessingModel)
#include "tst_memoryprocessingmodel.moc"
