// Hybrid recall: the recall index of the session store (stemming, a message with its
// neighbours, filters, reminders left out, appends, deletes), the lexical retriever's memory
// side on SQLite and on a real PostgreSQL server, reciprocal rank fusion with recency and
// weight, the LoCoMo importer and `valis-cli recall`.
#include "postgresserver.h"
#include "testsupport.h"

#include "valis/import/transcriptimporter.h"
#include "valis/memory/postgresdetailstore.h"
#include "valis/memory/recall.h"
#include "valis/memory/sqlitedetailstore.h"
#include "valis/store/sessionstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

// A LoCoMo-shaped file of our own (recallfixture.cpp).
extern const char smallLocomo[];

using namespace valis;

namespace {

/// A retriever with a fixed answer, for checking how HybridRetriever fuses lists.
class FixedRetriever final : public Retriever
{
public:
    FixedRetriever(QString name, QStringList ids, QList<double> weights = {}, bool fails = false)
        : m_name(std::move(name)), m_ids(std::move(ids)), m_weights(std::move(weights)), m_fails(fails)
    {}
    QString name() const override { return m_name; }
    Result<QList<RecallHit>> retrieve(const RecallQuery &, int depth) const override
    {
        if (m_fails)
            return Error(QStringLiteral("test.down"), QStringLiteral("the %1 server is down").arg(m_name));
        QList<RecallHit> hits;
        for (qsizetype i = 0; i < m_ids.size() && i < depth; ++i) {
            RecallHit hit;
            hit.passage.kind = RecallSourceKind::Memory;
            hit.passage.memoryKey = m_ids.at(i);
            hit.passage.weight = i < m_weights.size() ? m_weights.at(i) : 1.0;
            hit.score = 1.0 / (i + 1);
            hits << hit;
        }
        return hits;
    }

private:
    QString m_name;
    QStringList m_ids;
    QList<double> m_weights;
    bool m_fails;
};

Message textMessage(Role role, const QString &text)
{
    Message message;
    message.role = role;
    message.parts << Part::makeText(text);
    return message;
}

QStringList ids(const char *text)
{
    return QString::fromLatin1(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

QStringList messageIds(const QList<RecallHit> &hits)
{
    QStringList ids;
    for (const RecallHit &hit : hits)
        ids << hit.passage.messageId;
    return ids;
}

QStringList memoryKeys(const QList<RecallHit> &hits)
{
    QStringList keys;
    for (const RecallHit &hit : hits)
        keys << hit.passage.memoryKey;
    return keys;
}



} // namespace

class TestRecall : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<test::PostgresServer> m_server;

    std::unique_ptr<SessionStore> openSessions(const QString &name)
    {
        auto store = SessionStore::open(m_dir.filePath(name));
        if (store.hasError())
            qFatal("%s", qPrintable(store.error().toString()));
        return std::move(store).value();
    }

    QString addSession(SessionStore &store, const QString &title, const QList<Message> &messages)
    {
        SessionInfo info;
        info.title = title;
        auto created = store.createSession(info);
        if (created.hasError())
            qFatal("%s", qPrintable(created.error().toString()));
        auto appended = store.appendMessages(created->id, messages);
        if (appended.hasError())
            qFatal("%s", qPrintable(appended.error().toString()));
        return created->id;
    }

    QList<RecallHit> recallIn(const QString &databasePath, RecallQuery query)
    {
        RecallSources sources;
        sources.sessionDatabasePath = databasePath;
        HybridRetriever retriever;
        retriever.addRetriever(makeLexicalRetriever(sources));
        query.memories = false;
        auto hits = retriever.recall(query);
        if (hits.hasError())
            qFatal("%s", qPrintable(hits.error().toString()));
        return hits.value();
    }

    void checkMemoryRecall(const std::shared_ptr<DetailStore> &memory)
    {
        NewMemory lesson;
        lesson.type = QStringLiteral("lesson");
        lesson.summary = QStringLiteral("The staging build needs --no-lto");
        lesson.content = QByteArrayLiteral("The staging build needs --no-lto: with LTO the linker runs out of memory on the staging runners.");
        lesson.metadata.insert(QStringLiteral("weight"), 3.0);
        NewMemory note;
        note.summary = QStringLiteral("Groceries");
        note.content = QByteArrayLiteral("Buy apples, oat milk and coffee beans.");
        NewMemory gone;
        gone.summary = QStringLiteral("Old staging host");
        gone.content = QByteArrayLiteral("The staging build ran on host stg-old-4, since retired.");
        auto stored = memory->putMany({lesson, note, gone});
        QVERIFY2(stored.ok(), qPrintable(stored.ok() ? QString() : stored.error().toString()));
        QVERIFY(memory->deactivate(stored->at(2).key).ok());

        RecallSources sources;
        sources.memory = memory;
        HybridRetriever retriever;
        retriever.addRetriever(makeLexicalRetriever(sources));
        RecallQuery query;
        query.text = QStringLiteral("let's build staging again");
        query.transcripts = false;
        auto hits = retriever.recall(query);
        QVERIFY2(hits.ok(), qPrintable(hits.ok() ? QString() : hits.error().toString()));
        // Any word may match (no record has all of "build", "staging", "again"); stems match
        // ("build" finds "build", "staging" finds "staging"); inactive records stay out.
        QCOMPARE(memoryKeys(hits.value()), QStringList{stored->at(0).key});
        const RecallPassage &found = hits->constFirst().passage;
        QCOMPARE(found.kind, RecallSourceKind::Memory);
        QCOMPARE(found.memoryType, QStringLiteral("lesson"));
        QCOMPARE(found.summary, QStringLiteral("The staging build needs --no-lto"));
        QCOMPARE(found.weight, 3.0);
        QCOMPARE(hits->constFirst().foundBy(), QStringLiteral("lexical"));

        query.text = QStringLiteral("which groceries should I buy");
        hits = retriever.recall(query);
        QVERIFY(hits.ok());
        QCOMPARE(memoryKeys(hits.value()), QStringList{stored->at(1).key});
        // Only the types asked for.
        query.text = QStringLiteral("staging build groceries");
        query.memoryTypes = {QStringLiteral("note")};
        hits = retriever.recall(query);
        QVERIFY(hits.ok());
        QCOMPARE(memoryKeys(hits.value()), QStringList{stored->at(1).key});
        // A question of stop words only asks for nothing.
        query.text = QStringLiteral("what is it that we did?");
        query.memoryTypes.clear();
        hits = retriever.recall(query);
        QVERIFY(hits.ok());
        QVERIFY(hits->isEmpty());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
    }

    void stemmedWordsAndNeighbours()
    {
        auto store = openSessions(QStringLiteral("stem.db"));
        const QString id = addSession(*store, QStringLiteral("weekend"), {
            textMessage(Role::User, QStringLiteral("Did you paint anything over the weekend?")),
            textMessage(Role::Assistant, QStringLiteral("Yes: a sunrise over the lake, in oils.")),
            textMessage(Role::User, QStringLiteral("The fence needed painting too.")),
            textMessage(Role::Assistant, QStringLiteral("Unrelated: the invoice for March is due.")),
        });
        auto messages = store->messages(id);
        QVERIFY(messages.ok());
        RecallQuery query;
        query.text = QStringLiteral("When were the fences painted?");
        QList<RecallHit> hits = recallIn(store->path(), query);
        // "fences" and "painted" reach "fence" and "painting" through the stemmer.
        QVERIFY(!hits.isEmpty());
        QCOMPARE(hits.constFirst().passage.messageId, messages->at(2).id);
        QCOMPARE(hits.constFirst().passage.sessionId, id);
        QCOMPARE(hits.constFirst().passage.text, QStringLiteral("The fence needed painting too."));

        // The reply names no word of the question; the question before it does: the reply is
        // found through its neighbour's text.
        query.text = QStringLiteral("what did they paint at the weekend");
        hits = recallIn(store->path(), query);
        QVERIFY(messageIds(hits).contains(messages->at(1).id));
        // ... and ranks below the message that holds the words itself.
        QVERIFY(messageIds(hits).indexOf(messages->at(0).id) < messageIds(hits).indexOf(messages->at(1).id));
        QVERIFY(!messageIds(hits).contains(messages->at(3).id) || messageIds(hits).indexOf(messages->at(3).id) > 1);
    }

    void filtersAndReminders()
    {
        auto store = openSessions(QStringLiteral("filters.db"));
        const QString first = addSession(*store, QStringLiteral("one"), {
            textMessage(Role::User, QStringLiteral("The deploy key rotates every ninety days.")),
        });
        const QString second = addSession(*store, QStringLiteral("two"), {
            textMessage(Role::User, QStringLiteral("Rotate the deploy key before Friday.")),
            textMessage(Role::User, QStringLiteral("<system-reminder>\nRecalled: the deploy key rotates every ninety days\n</system-reminder>")),
        });
        RecallQuery query;
        query.text = QStringLiteral("deploy key rotation");
        QList<RecallHit> hits = recallIn(store->path(), query);
        // Harness reminders are not what anyone said: never recalled.
        QCOMPARE(hits.size(), 2);
        query.excludeSessionId = second;
        hits = recallIn(store->path(), query);
        QCOMPARE(hits.size(), 1);
        QCOMPARE(hits.constFirst().passage.sessionId, first);
        query.excludeSessionId.clear();
        query.sessionId = second;
        hits = recallIn(store->path(), query);
        QCOMPARE(hits.size(), 1);
        QCOMPARE(hits.constFirst().passage.sessionId, second);
        QCOMPARE(hits.constFirst().passage.sessionTitle, QStringLiteral("two"));
    }

    void appendsAndDeletes()
    {
        auto store = openSessions(QStringLiteral("live.db"));
        const QString id = addSession(*store, QStringLiteral("live"), {
            textMessage(Role::User, QStringLiteral("Which port does the metrics exporter use?")),
        });
        RecallQuery query;
        query.text = QStringLiteral("metrics exporter");
        QCOMPARE(recallIn(store->path(), query).size(), 1); // indexes the first message
        // The answer arrives later: it is indexed, and the question's passage now holds it as
        // its neighbour, so the question is found by the answer's words too.
        QVERIFY(store->appendMessage(id, textMessage(Role::Assistant, QStringLiteral("Port 9464, set in otel.yaml."))).ok());
        query.text = QStringLiteral("otel.yaml port 9464");
        QList<RecallHit> hits = recallIn(store->path(), query);
        QCOMPARE(hits.size(), 2);
        QCOMPARE(hits.constFirst().passage.role, Role::Assistant);
        QCOMPARE(hits.at(1).passage.role, Role::User);

        // A deleted session leaves nothing behind, also when new messages reuse its row ids.
        QVERIFY(store->deleteSession(id).ok());
        QVERIFY(recallIn(store->path(), query).isEmpty());
        const QString next = addSession(*store, QStringLiteral("next"), {
            textMessage(Role::User, QStringLiteral("Lunch at noon?")),
            textMessage(Role::Assistant, QStringLiteral("Noon works.")),
        });
        QVERIFY(recallIn(store->path(), query).isEmpty());
        query.text = QStringLiteral("lunch");
        hits = recallIn(store->path(), query);
        QCOMPARE(hits.size(), 2);
        QCOMPARE(hits.constFirst().passage.sessionId, next);
    }

    void memoriesOnSqlite()
    {
        auto opened = SqliteDetailStore::open(m_dir.filePath(QStringLiteral("memory.db")));
        QVERIFY(opened.ok());
        checkMemoryRecall(std::shared_ptr<DetailStore>(std::move(opened).value()));
    }

    void memoriesOnPostgres()
    {
        if (!m_server) {
            auto server = test::PostgresServer::start();
            QVERIFY2(server.ok(), qPrintable(server.ok() ? QString() : server.error().toString()));
            m_server = std::move(server).value();
        }
        auto connection = m_server->createDatabase();
        QVERIFY(connection.ok());
        auto opened = PostgresDetailStore::open(connection.value());
        QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.error().toString()));
        checkMemoryRecall(std::shared_ptr<DetailStore>(std::move(opened).value()));
    }

    void fusion()
    {
        HybridRetriever none;
        RecallQuery query;
        query.text = QStringLiteral("anything");
        QCOMPARE(none.recall(query).error().code, QStringLiteral("recall.no-retriever"));

        RecallFusion plain;
        plain.recencyBoost = 0;
        plain.weightExponent = 0;
        HybridRetriever hybrid(plain);
        hybrid.addRetriever(std::make_shared<FixedRetriever>(QStringLiteral("lexical"), ids("a b c")));
        hybrid.addRetriever(std::make_shared<FixedRetriever>(QStringLiteral("vector"), ids("c d a")));
        auto hits = hybrid.recall(query);
        QVERIFY(hits.ok());
        // a: 1/61 + 1/63; c: 1/63 + 1/61 (a tie, a seen first); then b (1/62) and d (1/62).
        QCOMPARE(memoryKeys(hits.value()), ids("a c b d"));
        QCOMPARE(hits->at(0).foundBy(), QStringLiteral("lexical+vector"));
        QCOMPARE(hits->at(0).ranks.value(QStringLiteral("vector")), 3);
        QCOMPARE(hits->at(2).foundBy(), QStringLiteral("lexical"));
        QCOMPARE(hits->at(3).foundBy(), QStringLiteral("vector"));
        QVERIFY(qAbs(hits->at(0).score - (1.0 / 61 + 1.0 / 63)) < 1e-12);
        query.k = 2;
        QCOMPARE(hybrid.recall(query)->size(), 2);

        // A retriever that fails is left out; only when all fail is it an error.
        HybridRetriever degraded(plain);
        degraded.addRetriever(std::make_shared<FixedRetriever>(QStringLiteral("lexical"), ids("a")));
        degraded.addRetriever(std::make_shared<FixedRetriever>(QStringLiteral("vector"), QStringList{}, QList<double>{}, true));
        hits = degraded.recall(query);
        QVERIFY(hits.ok());
        QCOMPARE(memoryKeys(hits.value()), ids("a"));
        HybridRetriever down(plain);
        down.addRetriever(std::make_shared<FixedRetriever>(QStringLiteral("vector"), QStringList{}, QList<double>{}, true));
        auto failed = down.recall(query);
        QVERIFY(failed.hasError());
        QCOMPARE(failed.error().code, QStringLiteral("recall.failed"));
        QVERIFY(failed.error().message.contains(QStringLiteral("the vector server is down")));

        // Weight: a consolidated weight of 4 lifts the second passage over the first.
        RecallFusion weighted = plain;
        weighted.weightExponent = 0.5;
        HybridRetriever byWeight(weighted);
        byWeight.addRetriever(std::make_shared<FixedRetriever>(QStringLiteral("lexical"), ids("x y"), QList<double>{1.0, 4.0}));
        query.k = 10;
        QCOMPARE(memoryKeys(byWeight.recall(query).value()), ids("y x"));
    }

    void recencyFeature()
    {
        class Dated final : public Retriever
        {
        public:
            QString name() const override { return QStringLiteral("lexical"); }
            Result<QList<RecallHit>> retrieve(const RecallQuery &query, int) const override
            {
                RecallHit old;
                old.passage.memoryKey = QStringLiteral("old");
                old.passage.kind = RecallSourceKind::Memory;
                old.passage.createdAt = query.now.addDays(-400);
                RecallHit recent = old;
                recent.passage.memoryKey = QStringLiteral("recent");
                recent.passage.createdAt = query.now.addDays(-1);
                return QList<RecallHit>{old, recent};
            }
        };
        RecallFusion fusion;
        fusion.recencyBoost = 0.5;
        HybridRetriever retriever(fusion);
        retriever.addRetriever(std::make_shared<Dated>());
        RecallQuery query;
        query.text = QStringLiteral("x");
        query.now = QDateTime(QDate(2026, 11, 27), QTime(12, 0), Qt::UTC);
        QCOMPARE(memoryKeys(retriever.recall(query).value()), ids("recent old"));
        fusion.recencyBoost = 0;
        HybridRetriever flat(fusion);
        flat.addRetriever(std::make_shared<Dated>());
        QCOMPARE(memoryKeys(flat.recall(query).value()), ids("old recent"));
    }

    void locomoImporter()
    {
        const QString path = test::writeFileIn(m_dir.path(), QStringLiteral("small-locomo.json"), smallLocomo);
        TranscriptImporters importers;
        auto detected = importers.detect(path);
        QVERIFY(detected.ok());
        QCOMPARE(detected.value()->format(), QStringLiteral("locomo"));
        auto transcript = importers.read(path);
        QVERIFY2(transcript.ok(), qPrintable(transcript.ok() ? QString() : transcript.error().toString()));
        QCOMPARE(transcript->sessions.size(), 2);
        const ImportedSession &first = transcript->sessions.at(0);
        QCOMPARE(first.info.id, QStringLiteral("locomo-conv-t1-s1"));
        QCOMPARE(first.info.createdAt, QDateTime(QDate(2023, 5, 8), QTime(13, 56), Qt::UTC));
        QCOMPARE(transcript->sessions.at(1).info.createdAt, QDateTime(QDate(2023, 6, 27), QTime(10, 4), Qt::UTC));
        QCOMPARE(first.messages.size(), 3);
        QCOMPARE(first.messages.at(0).role, Role::User);
        QCOMPARE(first.messages.at(1).role, Role::Assistant);
        QCOMPARE(first.messages.at(2).id, QStringLiteral("conv-t1-D1:3"));
        QCOMPARE(first.messages.at(2).metadata.value(QLatin1String("dia_id")).toString(), QStringLiteral("D1:3"));
        QCOMPARE(first.messages.at(2).metadata.value(QLatin1String("speaker")).toString(), QStringLiteral("Ana"));
        QCOMPARE(first.messages.at(2).text(), QStringLiteral("A wobbly bowl, look. [shared an image: a photo of a blue ceramic bowl]"));

        QByteArray broken = smallLocomo;
        broken.replace("\"speaker\": \"Ben\", \"dia_id\": \"D1:2\"", "\"speaker\": \"Carl\", \"dia_id\": \"D1:2\"");
        const QString brokenPath = test::writeFileIn(m_dir.path(), QStringLiteral("broken-locomo.json"), broken);
        auto refused = importers.find(QStringLiteral("locomo"))->read(brokenPath);
        QVERIFY(refused.hasError());
        QCOMPARE(refused.error().code, QStringLiteral("import.malformed"));
        QVERIFY(refused.error().message.contains(QStringLiteral("conv-t1 session 1 turn 2")));
    }

    void cliRecall()
    {
        test::TemporaryHome home;
        const QString path = test::writeFileIn(home.path(), QStringLiteral("small-locomo.json"), smallLocomo);
        const auto cli = [&](const QStringList &arguments, QByteArray *output) {
            QProcess process;
            process.start(test::buildDir() + QStringLiteral("/bin/valis-cli"),
                          QStringList{QStringLiteral("--home"), home.path()} + arguments);
            process.waitForFinished(60000);
            *output = process.readAllStandardOutput() + process.readAllStandardError();
            return process.exitCode();
        };
        QByteArray output;
        QCOMPARE(cli({QStringLiteral("import"), path}, &output), 0);
        QCOMPARE(cli({QStringLiteral("recall"), QStringLiteral("What did Ana make in her pottery class?"),
                      QStringLiteral("--k"), QStringLiteral("2"), QStringLiteral("--json")}, &output), 0);
        const QList<QByteArray> lines = output.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        const QJsonObject best = QJsonDocument::fromJson(lines.at(0)).object();
        QCOMPARE(best.value(QLatin1String("message_id")).toString(), QStringLiteral("conv-t1-D1:1"));
        QCOMPARE(best.value(QLatin1String("session_id")).toString(), QStringLiteral("locomo-conv-t1-s1"));
        QCOMPARE(best.value(QLatin1String("found_by")).toString(), QStringLiteral("lexical"));
        QCOMPARE(best.value(QLatin1String("rank")).toInt(), 1);
        QVERIFY(best.value(QLatin1String("retrievers")).toObject().contains(QLatin1String("lexical")));
        // --session limits the transcripts to one session.
        QCOMPARE(cli({QStringLiteral("recall"), QStringLiteral("Lisbon"), QStringLiteral("--session"),
                      QStringLiteral("locomo-conv-t1-s1")}, &output), 1);
        QCOMPARE(cli({QStringLiteral("recall"), QStringLiteral("Lisbon")}, &output), 0);
        QVERIFY(output.contains("locomo-conv-t1-s2"));
        QCOMPARE(cli({QStringLiteral("recall"), QStringLiteral("x"), QStringLiteral("--session"), QStringLiteral("a"),
                      QStringLiteral("--all")}, &output), 2);
    }
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    TestRecall test;
    return valis::test::runTests(&test, argc, argv);
}

#include "tst_recall.moc"
