// Offline memory processing on both DetailStore backends (a real SQLite file and a real
// PostgreSQL server the suite starts): extraction from scripted sessions in a real
// SessionStore, consolidation (merge, supersede, decay, uses), recommendations accepted and
// rejected, a cancelled job and a killed `valis-cli memory process` resumed without duplicates.
#include "postgresserver.h"
#include "processingtranscripts.h"
#include "testsupport.h"

#include "valis/core/datalocations.h"
#include "valis/memory/recall.h"
#include "valis/memory/postgresdetailstore.h"
#include "valis/memory/sqlitedetailstore.h"

#include <QDir>
#include <QProcess>
#include <QSignalSpy>
#include <QTimeZone>
#include <QtTest>

using namespace valis;
using namespace valis::test;
using namespace valis::test::processing;

namespace {

const QString Workspace = QStringLiteral("/work/project");

QList<MemoryRecord> activeOf(DetailStore &store, const QString &type)
{
    MemoryFilter filter;
    filter.type = type;
    filter.limit = 0;
    Result<QList<MemoryRecord>> records = store.list(filter);
    if (records.hasError())
        qFatal("list: %s", qPrintable(records.error().toString()));
    return records.value();
}

std::optional<MemoryRecord> withSummary(DetailStore &store, const QString &type, const QString &needle)
{
    for (const MemoryRecord &record : activeOf(store, type)) {
        if (record.summary.contains(needle))
            return record;
    }
    return std::nullopt;
}

QList<MemoryEvidence> evidenceOf(const MemoryRecord &record)
{
    QList<MemoryEvidence> out;
    for (const QJsonValue &value : record.metadata.value(QLatin1String("evidence")).toArray()) {
        const QJsonObject object = value.toObject();
        out.append({object.value(QLatin1String("sessionId")).toString(), object.value(QLatin1String("messageId")).toString()});
    }
    return out;
}

/// type|normalized -> weight|layer of every active item: what two runs must agree on.
QMap<QString, QString> itemSet(DetailStore &store)
{
    QMap<QString, QString> out;
    for (const char *type : {ProcessedType::Lesson, ProcessedType::Reference, ProcessedType::Topic}) {
        for (const MemoryRecord &record : activeOf(store, QLatin1String(type))) {
            const QString id = QLatin1String(type) + QLatin1Char('|') + record.metadata.value(QLatin1String("normalized")).toString();
            if (out.contains(id))
                out[id] += QStringLiteral(" DUPLICATE");
            else
                out.insert(id, QString::number(record.metadata.value(QLatin1String("weight")).toDouble()) + QLatin1Char('|')
                                   + record.metadata.value(QLatin1String("layer")).toString());
        }
    }
    return out;
}

} // namespace

class TestMemoryProcessing : public QObject
{
    Q_OBJECT

    std::unique_ptr<PostgresServer> m_server;
    std::unique_ptr<TemporaryHome> m_home;
    std::unique_ptr<SessionStore> m_sessions;
    QString m_storeUrl;

    std::shared_ptr<DetailStore> openStore(const QString &name = QStringLiteral("memory"))
    {
        QFETCH_GLOBAL(QString, backend);
        if (backend == QLatin1String("sqlite")) {
            const QString path = m_home->filePath(name + QStringLiteral(".db"));
            m_storeUrl = QStringLiteral("sqlite:") + path;
            auto store = SqliteDetailStore::open(path);
            if (store.hasError())
                qFatal("sqlite: %s", qPrintable(store.error().toString()));
            return std::shared_ptr<DetailStore>(std::move(store).value());
        }
        auto connection = m_server->createDatabase();
        if (connection.hasError())
            qFatal("createDatabase: %s", qPrintable(connection.error().toString()));
        m_storeUrl = connection->toUrl();
        auto store = PostgresDetailStore::open(connection.value());
        if (store.hasError())
            qFatal("postgres: %s", qPrintable(store.error().toString()));
        return std::shared_ptr<DetailStore>(std::move(store).value());
    }

    MemoryProcessingResult process(const std::shared_ptr<DetailStore> &store, MemoryProcessingOptions options = {},
                                   bool cancelOnFirstProgress = false)
    {
        MemoryProcessor processor(m_sessions->path(), store);
        QSignalSpy finished(&processor, &MemoryProcessor::finished);
        if (cancelOnFirstProgress)
            connect(&processor, &MemoryProcessor::progress, &processor, [&processor] { processor.cancel(); });
        if (!processor.start(options))
            qFatal("the processor did not start");
        if (!finished.wait(120000))
            qFatal("the processor did not finish");
        return finished.first().first().value<MemoryProcessingResult>();
    }

private Q_SLOTS:
    void initTestCase_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        QTest::newRow("postgresql") << QStringLiteral("postgresql");
    }

    void initTestCase()
    {
        auto server = PostgresServer::start();
        QVERIFY2(server.ok(), server.ok() ? "" : qPrintable(server.error().toString()));
        m_server = std::move(server).value();
    }

    void init()
    {
        m_home = std::make_unique<TemporaryHome>();
        const DataLocations locations = DataLocations::underHome(m_home->path());
        QVERIFY(QDir().mkpath(QFileInfo(locations.sessionDatabasePath()).path()));
        auto sessions = SessionStore::open(locations.sessionDatabasePath());
        QVERIFY2(sessions.ok(), sessions.ok() ? "" : qPrintable(sessions.error().toString()));
        m_sessions = std::move(sessions).value();
    }

    void cleanup()
    {
        m_sessions.reset();
        m_home.reset();
    }

    void extractsLessonsAndReferencesWithTheirEvidence()
    {
        const Scripted session = store(*m_sessions, QStringLiteral("staging"), Workspace, stagingBuild());
        std::shared_ptr<DetailStore> memory = openStore();
        const MemoryProcessingResult result = process(memory);
        QVERIFY2(!result.error, result.error ? qPrintable(result.error->toString()) : "");
        QCOMPARE(result.sessionsProcessed, 1);
        QCOMPARE(result.messagesRead, qint64(6));

        // The failed build, then the one that worked: a lesson with exactly those messages.
        const std::optional<MemoryRecord> lesson = withSummary(*memory, QLatin1String(ProcessedType::Lesson), QStringLiteral("LTO=--no-lto"));
        QVERIFY(lesson);
        QVERIFY2(lesson->summary.startsWith(QStringLiteral("`make staging` needs `LTO=--no-lto`")), qPrintable(lesson->summary));
        QVERIFY(lesson->summary.contains(QStringLiteral("lto-wrapper failed")));
        const QList<MemoryEvidence> expected{{session.sessionId, session.ids.at(1)}, {session.sessionId, session.ids.at(2)},
                                             {session.sessionId, session.ids.at(3)}, {session.sessionId, session.ids.at(4)}};
        QCOMPARE(evidenceOf(*lesson), expected);
        QCOMPARE(lesson->metadata.value(QLatin1String("weight")).toDouble(), 2.0);
        QCOMPARE(lesson->metadata.value(QLatin1String("layer")).toString(), QStringLiteral("project"));
        QCOMPARE(lesson->metadata.value(QLatin1String("kind")).toString(), QStringLiteral("fix"));
        QCOMPARE(lesson->sessionId, session.sessionId);
        // Found by the same search the lexical recall uses.
        const Result<QList<MemoryHit>> hits = memory->search(QStringLiteral("staging lto"), MemoryFilter{});
        QVERIFY(hits.ok());
        QVERIFY(std::any_of(hits->cbegin(), hits->cend(), [&](const MemoryHit &hit) { return hit.record.key == lesson->key; }));

        // References of every kind, each pointing at the message that holds it.
        const struct
        {
            const char *text;
            const char *kind;
            int message;
        } references[] = {{"https://ci.example.com/jobs/42", "url", 0}, {"#123", "issue", 0}, {"OPS-17", "issue", 0},
                          {"@alice", "person", 0},  {"deploy/staging.yaml", "path", 0}, {"make staging", "command", 1},
                          {"out/staging.tar", "path", 5}};
        const QList<MemoryRecord> stored = activeOf(*memory, QLatin1String(ProcessedType::Reference));
        for (const auto &reference : references) {
            const auto found = std::find_if(stored.cbegin(), stored.cend(), [&](const MemoryRecord &record) {
                return record.summary == QLatin1String(reference.text);
            });
            QVERIFY2(found != stored.cend(), reference.text);
            QCOMPARE(found->metadata.value(QLatin1String("kind")).toString(), QLatin1String(reference.kind));
            QCOMPARE(evidenceOf(*found).first(), (MemoryEvidence{session.sessionId, session.ids.at(reference.message)}));
        }
        // Topics: what the session was about.
        QVERIFY(withSummary(*memory, QLatin1String(ProcessedType::Topic), QStringLiteral("staging")));
        // The lexical recall the runtime step uses finds the lesson, with its weight.
        RecallQuery question;
        question.text = QStringLiteral("how do I build staging without the linker failing");
        question.transcripts = false;
        question.memoryTypes = {QLatin1String(ProcessedType::Lesson)};
        const Result<QList<RecallHit>> recalled = makeLexicalRetriever(RecallSources{memory, m_sessions->path()})->retrieve(question, 10);
        QVERIFY2(recalled.ok(), recalled.ok() ? "" : qPrintable(recalled.error().toString()));
        QVERIFY(!recalled->isEmpty());
        QCOMPARE(recalled->first().passage.memoryKey, lesson->key);
        QCOMPARE(recalled->first().passage.weight, 2.0);
        // Every evidence id is a real message of the session.
        for (const char *type : {ProcessedType::Lesson, ProcessedType::Reference, ProcessedType::Topic}) {
            for (const MemoryRecord &record : activeOf(*memory, QLatin1String(type))) {
                QVERIFY(!evidenceOf(record).isEmpty());
                for (const MemoryEvidence &evidence : evidenceOf(record))
                    QVERIFY2(session.ids.contains(evidence.messageId), qPrintable(record.summary));
            }
        }

        // Run again: the checkpoint says it is done; nothing is added.
        const QMap<QString, QString> before = itemSet(*memory);
        const MemoryProcessingResult again = process(memory);
        QCOMPARE(again.sessionsUpToDate, 1);
        QCOMPARE(again.sessionsProcessed, 0);
        QCOMPARE(again.ledger.added, 0);
        QCOMPARE(itemSet(*memory), before);
        // New messages in the session: only those are read.
        QVERIFY(m_sessions->appendMessage(session.sessionId, userText(QStringLiteral("Also see https://wiki.example.com/staging"))).ok());
        const MemoryProcessingResult more = process(memory);
        QCOMPARE(more.messagesRead, qint64(1));
        QVERIFY(withSummary(*memory, QLatin1String(ProcessedType::Reference), QStringLiteral("https://wiki.example.com/staging")));
    }

    void consolidationMergesRecurringAndSupersedesContradicted()
    {
        const QDateTime start = QDateTime::currentDateTimeUtc().addDays(-3);
        const Scripted first = store(*m_sessions, QStringLiteral("one"), Workspace, stagingBuild(), start);
        std::shared_ptr<DetailStore> memory = openStore();
        MemoryProcessingOptions options;
        QVERIFY(!process(memory, options).error);
        const std::optional<MemoryRecord> v1 = withSummary(*memory, QLatin1String(ProcessedType::Lesson), QStringLiteral("LTO=--no-lto"));
        QVERIFY(v1);

        // The same failure and fix in a second session: one lesson, a new version, weighing more.
        const Scripted second = store(*m_sessions, QStringLiteral("two"), Workspace, stagingBuild(), start.addDays(1));
        const MemoryProcessingResult merged = process(memory, options);
        QVERIFY(merged.ledger.merged >= 1);
        QList<MemoryRecord> lessons;
        for (const MemoryRecord &record : activeOf(*memory, QLatin1String(ProcessedType::Lesson))) {
            if (record.summary.contains(QStringLiteral("LTO=--no-lto")))
                lessons.append(record);
        }
        QCOMPARE(lessons.size(), 1);
        const MemoryRecord v2 = lessons.first();
        QVERIFY(v2.key != v1->key);
        QCOMPARE(v2.metadata.value(QLatin1String("version")).toInt(), 2);
        QVERIFY(v2.metadata.value(QLatin1String("weight")).toDouble() > v1->metadata.value(QLatin1String("weight")).toDouble());
        QCOMPARE(v2.metadata.value(QLatin1String("sessions")).toArray().size(), 2);
        QCOMPARE(v2.metadata.value(QLatin1String("supersedes")).toArray(), QJsonArray{v1->key});
        QVERIFY(evidenceOf(v2).contains(MemoryEvidence{first.sessionId, first.ids.at(1)}));
        QVERIFY(evidenceOf(v2).contains(MemoryEvidence{second.sessionId, second.ids.at(3)}));
        const Result<MemoryRecord> old = memory->find(v1->key);
        QVERIFY(old.ok());
        QVERIFY(!old->active); // kept, inactive
        MemoryLedger ledger(memory);
        QCOMPARE(ledger.supersededBy(v1->key).value(), QStringList{v2.key});
        // A reference seen in both sessions is one record, and project-wide now.
        const std::optional<MemoryRecord> url = withSummary(*memory, QLatin1String(ProcessedType::Reference), QStringLiteral("jobs/42"));
        QVERIFY(url);
        QCOMPARE(url->metadata.value(QLatin1String("layer")).toString(), QStringLiteral("project"));

        // Later: the flag is no longer needed. The old lesson goes inactive, pointing to the new.
        store(*m_sessions, QStringLiteral("three"), Workspace,
              {userText(QStringLiteral("Good news: the staging build no longer needs --no-lto.")),
               assistantText(QStringLiteral("Noted, I will build staging without the flag."))},
              start.addDays(2));
        const MemoryProcessingResult contradicted = process(memory, options);
        QCOMPARE(contradicted.ledger.superseded, 1);
        QVERIFY(!withSummary(*memory, QLatin1String(ProcessedType::Lesson), QStringLiteral("LTO=--no-lto")));
        const std::optional<MemoryRecord> now = withSummary(*memory, QLatin1String(ProcessedType::Lesson), QStringLiteral("no longer needs"));
        QVERIFY(now);
        QVERIFY(now->metadata.value(QLatin1String("supersedes")).toArray().contains(v2.key));
        QCOMPARE(now->metadata.value(QLatin1String("reason")).toString(), QStringLiteral("contradicts"));
        QVERIFY(!memory->find(v2.key)->active);
        QCOMPARE(ledger.supersededBy(v2.key).value(), QStringList{now->key});
    }

    void nearSameItemsMergeAndOtherWorkspacesMakeThemGlobal()
    {
        const QDateTime start = QDateTime::currentDateTimeUtc().addDays(-2);
        store(*m_sessions, QStringLiteral("one"), Workspace,
              {userText(QStringLiteral("The deploy script needs the VPN connection to the staging cluster."))}, start);
        store(*m_sessions, QStringLiteral("two"), Workspace,
              {userText(QStringLiteral("Careful: the deploy script needs a VPN connection to the staging cluster!"))}, start.addSecs(60));
        std::shared_ptr<DetailStore> memory = openStore();
        QVERIFY(!process(memory).error);
        QList<MemoryRecord> vpn;
        for (const MemoryRecord &record : activeOf(*memory, QLatin1String(ProcessedType::Lesson))) {
            if (record.summary.contains(QStringLiteral("VPN")))
                vpn.append(record);
        }
        QCOMPARE(vpn.size(), 1); // near-same text: one lesson, seen in two sessions
        QCOMPARE(vpn.first().metadata.value(QLatin1String("sessions")).toArray().size(), 2);
        QCOMPARE(vpn.first().metadata.value(QLatin1String("layer")).toString(), QStringLiteral("project"));
        QCOMPARE(evidenceOf(vpn.first()).size(), 2);

        // The same in another workspace: it holds beyond one project.
        store(*m_sessions, QStringLiteral("three"), QStringLiteral("/work/other"),
              {userText(QStringLiteral("The deploy script needs the VPN connection to the staging cluster."))}, start.addSecs(120));
        QVERIFY(!process(memory).error);
        const std::optional<MemoryRecord> global = withSummary(*memory, QLatin1String(ProcessedType::Lesson), QStringLiteral("VPN"));
        QVERIFY(global);
        QCOMPARE(global->metadata.value(QLatin1String("layer")).toString(), QStringLiteral("global"));
        QCOMPARE(global->metadata.value(QLatin1String("workspaces")).toArray().size(), 2);
        QVERIFY(global->metadata.value(QLatin1String("weight")).toDouble() > vpn.first().metadata.value(QLatin1String("weight")).toDouble());
    }

    void usesRaiseAndTimeDecaysWeights()
    {
        store(*m_sessions, QStringLiteral("staging"), Workspace, stagingBuild());
        std::shared_ptr<DetailStore> memory = openStore();
        QVERIFY(!process(memory).error);
        const std::optional<MemoryRecord> lesson = withSummary(*memory, QLatin1String(ProcessedType::Lesson), QStringLiteral("LTO=--no-lto"));
        QVERIFY(lesson);
        // The runtime recall step reports it injected the lesson twice.
        QVERIFY(MemoryLedger::noteRecalled(*memory, QStringLiteral("default"), {lesson->key}).ok());
        QVERIFY(MemoryLedger::noteRecalled(*memory, QStringLiteral("default"), {lesson->key},
                                           QDateTime::currentDateTimeUtc().addSecs(1)).ok());
        const MemoryProcessingResult used = process(memory);
        QCOMPARE(used.ledger.usesFolded, 2);
        const std::optional<MemoryRecord> usedLesson = withSummary(*memory, QLatin1String(ProcessedType::Lesson), QStringLiteral("LTO=--no-lto"));
        QVERIFY(usedLesson && usedLesson->key != lesson->key);
        QCOMPARE(usedLesson->metadata.value(QLatin1String("uses")).toInt(), 2);
        QCOMPARE(usedLesson->metadata.value(QLatin1String("weight")).toDouble(), 2.5);
        QVERIFY(activeOf(*memory, QLatin1String(ProcessedType::Use)).isEmpty()); // folded in

        // A year without use: weights decay (new versions), and stale items are proposed for deletion.
        MemoryProcessingOptions later;
        later.now = QDateTime::currentDateTimeUtc().addDays(365);
        const MemoryProcessingResult decayed = process(memory, later);
        QVERIFY(decayed.ledger.decayed > 0);
        const std::optional<MemoryRecord> old = withSummary(*memory, QLatin1String(ProcessedType::Lesson), QStringLiteral("LTO=--no-lto"));
        QVERIFY(old);
        QVERIFY(old->metadata.value(QLatin1String("weight")).toDouble() < 0.5);
        QCOMPARE(old->metadata.value(QLatin1String("reason")).toString(), QStringLiteral("decayed"));
        const Result<QList<MemoryRecommendation>> open = MemoryLedger::recommendations(*memory, QStringLiteral("default"));
        QVERIFY(open.ok());
        const auto deletion = std::find_if(open->cbegin(), open->cend(), [&](const MemoryRecommendation &recommendation) {
            return recommendation.proposal == QLatin1String("delete") && recommendation.targets == QStringList{old->key};
        });
        QVERIFY(deletion != open->cend());
        QVERIFY(!deletion->evidence.isEmpty());
        // Accepting deactivates it.
        QVERIFY(MemoryLedger::accept(*memory, deletion->key).ok());
        QVERIFY(!memory->find(old->key)->active);
    }

    void recommendationsWaitForThePerson()
    {
        const Scripted session = store(*m_sessions, QStringLiteral("staging"), Workspace, stagingBuild());
        std::shared_ptr<DetailStore> memory = openStore();
        QVERIFY(!process(memory).error);
        Result<QList<MemoryRecommendation>> open = MemoryLedger::recommendations(*memory, QStringLiteral("default"));
        QVERIFY(open.ok());
        const auto agentsMd = std::find_if(open->cbegin(), open->cend(), [](const MemoryRecommendation &recommendation) {
            return recommendation.proposal == QLatin1String("agents_md");
        });
        QVERIFY(agentsMd != open->cend());
        QVERIFY(agentsMd->text.contains(QStringLiteral("`make staging` needs `LTO=--no-lto`")));
        QCOMPARE(agentsMd->evidence.size(), 4);
        QCOMPARE(agentsMd->evidence.first().sessionId, session.sessionId);
        // Nothing was written yet.
        QCOMPARE(memory->readFile(QStringLiteral("default"), QStringLiteral("AGENTS.md")).error().code, QStringLiteral("memory.not-found"));

        // Rejected: nothing changes, and it is not proposed again.
        const QMap<QString, QString> before = itemSet(*memory);
        const Result<MemoryRecommendation> rejected = MemoryLedger::reject(*memory, agentsMd->key);
        QVERIFY(rejected.ok());
        QCOMPARE(rejected->status, QStringLiteral("rejected"));
        QCOMPARE(memory->readFile(QStringLiteral("default"), QStringLiteral("AGENTS.md")).error().code, QStringLiteral("memory.not-found"));
        QCOMPARE(itemSet(*memory), before);
        QVERIFY(MemoryLedger::reject(*memory, agentsMd->key).hasError()); // decided already
        store(*m_sessions, QStringLiteral("filler"), Workspace, filler(1));
        QVERIFY(!process(memory).error);
        open = MemoryLedger::recommendations(*memory, QStringLiteral("default"));
        QVERIFY(std::none_of(open->cbegin(), open->cend(), [](const MemoryRecommendation &recommendation) {
            return recommendation.proposal == QLatin1String("agents_md");
        }));

        // Accepted (in another store): AGENTS.md gets the line through writeFile, like the agent's own edit.
        std::shared_ptr<DetailStore> other = openStore(QStringLiteral("other"));
        QVERIFY(other->writeFile(QStringLiteral("default"), QStringLiteral("AGENTS.md"), "# Notes\n\nUse ninja.").ok());
        QVERIFY(!process(other).error);
        open = MemoryLedger::recommendations(*other, QStringLiteral("default"));
        const auto proposal = std::find_if(open->cbegin(), open->cend(), [](const MemoryRecommendation &recommendation) {
            return recommendation.proposal == QLatin1String("agents_md");
        });
        QVERIFY(proposal != open->cend());
        const Result<MemoryRecommendation> accepted = MemoryLedger::accept(*other, proposal->key);
        QVERIFY2(accepted.ok(), accepted.ok() ? "" : qPrintable(accepted.error().toString()));
        const Result<MemoryRecord> agents = other->readFile(QStringLiteral("default"), QStringLiteral("AGENTS.md"));
        QVERIFY(agents.ok());
        QVERIFY(agents->content.startsWith("# Notes\n\nUse ninja.\n- `make staging` needs `LTO=--no-lto`"));
        QVERIFY(MemoryLedger::recommendations(*other, QStringLiteral("default"))->size() < open->size());
        const Result<QList<MemoryRecommendation>> all = MemoryLedger::recommendations(*other, QStringLiteral("default"), true);
        QVERIFY(std::any_of(all->cbegin(), all->cend(), [](const MemoryRecommendation &recommendation) {
            return recommendation.status == QLatin1String("accepted");
        }));
    }

    void aRecurringProcedureIsProposedAsASkill()
    {
        store(*m_sessions, QStringLiteral("release 1"), Workspace, releaseProcedure(QStringLiteral("r1")));
        store(*m_sessions, QStringLiteral("release 2"), Workspace, releaseProcedure(QStringLiteral("r2")));
        std::shared_ptr<DetailStore> memory = openStore();
        QVERIFY(!process(memory).error);
        const Result<QList<MemoryRecommendation>> open = MemoryLedger::recommendations(*memory, QStringLiteral("default"));
        const auto skill = std::find_if(open->cbegin(), open->cend(), [](const MemoryRecommendation &recommendation) {
            return recommendation.proposal == QLatin1String("skill");
        });
        QVERIFY(skill != open->cend());
        QVERIFY(skill->text.contains(QStringLiteral("1. `git tag -s v1.2`")));
        QVERIFY(skill->path.startsWith(QStringLiteral("skills/")) && skill->path.endsWith(QStringLiteral("/SKILL.md")));
        QVERIFY(MemoryLedger::accept(*memory, skill->key).ok());
        const Result<MemoryRecord> written = memory->readFile(QStringLiteral("default"), skill->path);
        QVERIFY(written.ok());
        QVERIFY(written->content.startsWith("---\nname: "));
    }

    void aCancelledJobResumesWithoutDuplicates()
    {
        for (int n = 0; n < 8; ++n)
            store(*m_sessions, QStringLiteral("filler %1").arg(n), Workspace, filler(n % 3));
        store(*m_sessions, QStringLiteral("staging"), Workspace, stagingBuild());
        std::shared_ptr<DetailStore> reference = openStore(QStringLiteral("reference"));
        QVERIFY(!process(reference).error);
        std::shared_ptr<DetailStore> memory = openStore();
        const MemoryProcessingResult cancelled = process(memory, {}, true);
        QVERIFY(cancelled.cancelled);
        QVERIFY(cancelled.sessionsProcessed >= 1);
        QVERIFY(cancelled.sessionsProcessed < 9);
        const MemoryProcessingResult resumed = process(memory);
        QVERIFY(!resumed.cancelled);
        QCOMPARE(resumed.sessionsUpToDate, cancelled.sessionsProcessed);
        QCOMPARE(resumed.sessionsProcessed + cancelled.sessionsProcessed, 9);
        QCOMPARE(itemSet(*memory), itemSet(*reference));
    }

    void theCliTakesSessionsAndADate()
    {
        const Scripted old = store(*m_sessions, QStringLiteral("old"), Workspace, filler(1), QDateTime(QDate(2026, 1, 5), QTime(9, 0), QTimeZone::utc()));
        const Scripted recent = store(*m_sessions, QStringLiteral("recent"), Workspace, stagingBuild());
        std::shared_ptr<DetailStore> memory = openStore();
        auto cli = [this](const QStringList &extra) {
            QProcess process;
            process.start(buildDir() + QStringLiteral("/bin/valis-cli"),
                          QStringList{QStringLiteral("--home"), m_home->path(), QStringLiteral("memory"), QStringLiteral("--store"), m_storeUrl,
                                      QStringLiteral("process"), QStringLiteral("--extractive"), QStringLiteral("--json")}
                              + extra);
            process.waitForFinished(120000);
            return std::make_pair(process.exitCode(), QJsonDocument::fromJson(process.readAllStandardOutput()).object());
        };
        const auto [sinceCode, since] = cli({QStringLiteral("--since"), QStringLiteral("2026-02-01")});
        QCOMPARE(sinceCode, 0);
        QCOMPARE(since.value(QLatin1String("sessionsTotal")).toInt(), 1);
        QVERIFY(MemoryLedger(memory).checkpoint(recent.sessionId).value() >= 0);
        QCOMPARE(MemoryLedger(memory).checkpoint(old.sessionId).value(), qint64(-1));
        const auto [sessionCode, one] = cli({QStringLiteral("--session"), old.sessionId});
        QCOMPARE(sessionCode, 0);
        QCOMPARE(one.value(QLatin1String("sessionsTotal")).toInt(), 1);
        QCOMPARE(one.value(QLatin1String("sessionsProcessed")).toInt(), 1);
        QCOMPARE(MemoryLedger(memory).checkpoint(old.sessionId).value(), qint64(old.ids.size() - 1));
        QCOMPARE(cli({QStringLiteral("--session"), QStringLiteral("s-nothere")}).first, 1);
        QCOMPARE(cli({QStringLiteral("--since"), QStringLiteral("yesterday")}).first, 2);
    }

    void aKilledCliRunResumesWithoutDuplicates()
    {
        // Enough sessions that the kill lands while the job runs.
        for (int n = 0; n < 150; ++n)
            store(*m_sessions, QStringLiteral("filler %1").arg(n), Workspace, n % 10 == 0 ? stagingBuild() : filler(n % 7));
        std::shared_ptr<DetailStore> reference = openStore(QStringLiteral("reference"));
        QVERIFY(!process(reference).error);
        std::shared_ptr<DetailStore> memory = openStore();
        const QStringList arguments{QStringLiteral("--home"), m_home->path(), QStringLiteral("memory"), QStringLiteral("--store"),
                                    m_storeUrl, QStringLiteral("process"), QStringLiteral("--extractive")};
        QProcess child;
        child.setProcessChannelMode(QProcess::SeparateChannels);
        child.start(buildDir() + QStringLiteral("/bin/valis-cli"), arguments);
        QVERIFY(child.waitForStarted());
        QByteArray progress;
        while (!progress.contains("3/150") && child.state() == QProcess::Running) {
            child.waitForReadyRead(100);
            progress += child.readAllStandardError();
        }
        QVERIFY2(progress.contains("3/150"), progress.constData());
        child.kill();
        QVERIFY(child.waitForFinished());
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);

        QProcess again;
        again.start(buildDir() + QStringLiteral("/bin/valis-cli"), arguments + QStringList{QStringLiteral("--json")});
        QVERIFY(again.waitForFinished(300000));
        QVERIFY2(again.exitCode() == 0, again.readAllStandardError().constData());
        const QJsonObject summary = QJsonDocument::fromJson(again.readAllStandardOutput()).object();
        QVERIFY(summary.value(QLatin1String("sessionsUpToDate")).toInt() >= 3);
        QCOMPARE(summary.value(QLatin1String("sessionsUpToDate")).toInt() + summary.value(QLatin1String("sessionsProcessed")).toInt(), 150);
        QCOMPARE(itemSet(*memory), itemSet(*reference));

        // The recommendations command lists what the job proposed, and --reject changes nothing else.
        QProcess list;
        list.start(buildDir() + QStringLiteral("/bin/valis-cli"),
                   QStringList{QStringLiteral("--home"), m_home->path(), QStringLiteral("memory"), QStringLiteral("--store"), m_storeUrl,
                               QStringLiteral("recommendations"), QStringLiteral("--json")});
        QVERIFY(list.waitForFinished(60000));
        const QList<QByteArray> lines = list.readAllStandardOutput().trimmed().split('\n');
        QVERIFY(!lines.isEmpty());
        const QString key = QJsonDocument::fromJson(lines.first()).object().value(QLatin1String("key")).toString();
        QVERIFY(!key.isEmpty());
        QProcess reject;
        reject.start(buildDir() + QStringLiteral("/bin/valis-cli"),
                     QStringList{QStringLiteral("--home"), m_home->path(), QStringLiteral("memory"), QStringLiteral("--store"), m_storeUrl,
                                 QStringLiteral("recommendations"), QStringLiteral("--reject"), key});
        QVERIFY(reject.waitForFinished(60000));
        QVERIFY2(reject.exitCode() == 0, reject.readAllStandardError().constData());
        QCOMPARE(itemSet(*memory), itemSet(*reference));
        QCOMPARE(MemoryLedger::recommendations(*memory, QStringLiteral("default"))->size(), lines.size() - 1);
    }
};

VALIS_TEST_MAIN(TestMemoryProcessing)
#include "tst_memoryprocessing.moc"
