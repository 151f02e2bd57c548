// Vector recall end to end: the Embedder over a real SQLite DetailStore and session database
// (and a real PostgreSQL server), the content-hash cache, model changes, the hnswlib index
// (rebuilt, caught up, surviving an interrupted save) and the "vector" retriever. Vectors come
// from the stand-in server: bags of hashed words, not semantic (see EmbeddingStandIn).
#include "embeddingtestsupport.h"
#include "postgresserver.h"

#include "valis/memory/embedder.h"
#include "valis/memory/postgresdetailstore.h"
#include "valis/memory/sqlitedetailstore.h"
#include "valis/memory/vectormemory.h"
#include "valis/store/sessionstore.h"

#include <QTest>
#include <QThread>

using namespace valis;
using namespace valis::test;

namespace {

Message textMessage(Role role, const QString &text)
{
    Message message;
    message.role = role;
    message.parts = {Part::makeText(text)};
    return message;
}

/// A memory store, a session database with two sessions, their vector stores, and the real
/// plugin against the stand-in.
struct Fixture
{
    QTemporaryDir dir;
    LoadedEmbeddings plugins;
    EmbeddingStandIn server;
    std::shared_ptr<DetailStore> memory;
    std::unique_ptr<SessionStore> sessions;
    QString stagingSession;
    QString weatherSession;
    QString lessonKey, noteKey, otherAgentKey;
    std::shared_ptr<VectorMemory> vectors;
    std::unique_ptr<EmbeddingClient> client;
    Result<QList<Message>> appended = QList<Message>();

    explicit Fixture(std::shared_ptr<DetailStore> store = {})
    {
        server.listen();
        memory = store ? store : std::shared_ptr<DetailStore>(SqliteDetailStore::open(path(u"memory.db")).value().release());
        sessions = SessionStore::open(path(u"sessions.db")).value();
        NewMemory lesson;
        lesson.type = QStringLiteral("lesson");
        lesson.summary = QStringLiteral("staging build flag");
        lesson.content = "The staging build needs --no-lto or the linker runs out of memory.";
        lesson.metadata = QJsonObject{{QStringLiteral("weight"), 2.5}};
        lessonKey = memory->put(lesson).value().key;
        NewMemory note;
        note.summary = QStringLiteral("deploys");
        note.content = "Deploys go out with kubectl apply from the release branch.";
        noteKey = memory->put(note).value().key;
        NewMemory other;
        other.agentId = QStringLiteral("other");
        other.summary = QStringLiteral("staging build of the other agent");
        other.content = "The staging build of the other agent is fine.";
        otherAgentKey = memory->put(other).value().key;

        SessionInfo staging;
        staging.title = QStringLiteral("Staging");
        stagingSession = sessions->createSession(staging).value().id;
        appended = sessions->appendMessages(stagingSession, {textMessage(Role::User, QStringLiteral("why does the staging build fail")),
                                                  textMessage(Role::Assistant, QStringLiteral("the linker needs the no-lto flag on staging"))});
        SessionInfo weather;
        weather.title = QStringLiteral("Weather");
        weatherSession = sessions->createSession(weather).value().id;
        appended = appended.ok() ? sessions->appendMessages(weatherSession, {textMessage(Role::User, QStringLiteral("what is the weather like in Lisbon"))})
                                 : appended;
        reopen();
        client = plugins.client(QStringLiteral("openai-compatible"), server, QStringLiteral("model-a"), 2);
    }

    QString path(QStringView name) const { return QDir(dir.path()).filePath(name.toString()); }

    /// A fresh VectorMemory over the same files (as another process would open them).
    void reopen()
    {
        vectors.reset();
        RecallSources sources{memory, path(u"sessions.db")};
        std::shared_ptr<VectorStore> memoryStore = VectorStore::openSqlite(path(u"memory-vectors.db")).value();
        std::shared_ptr<VectorStore> transcriptStore = VectorStore::openSqlite(path(u"sessions-vectors.db")).value();
        vectors = std::make_shared<VectorMemory>(sources, memoryStore, memoryStore->location(), transcriptStore,
                                                 transcriptStore->location());
    }

    /// One Embedder pass; its progress reports are appended to `progress`.
    Result<void> embed(EmbeddingClient *with = nullptr, QList<QPair<qint64, qint64>> *progress = nullptr,
                       Embedder::Figures *figures = nullptr)
    {
        Embedder embedder(vectors, with ? with : client.get());
        std::optional<Result<void>> outcome;
        QObject::connect(&embedder, &Embedder::finished, &embedder, [&](const Result<void> &result) { outcome = result; });
        if (progress)
            QObject::connect(&embedder, &Embedder::progressed, &embedder,
                             [progress](qint64 done, qint64 total) { progress->append({done, total}); });
        embedder.run();
        if (!QTest::qWaitFor([&] { return outcome.has_value(); }, 60000))
            return Error(QStringLiteral("test.timeout"), QStringLiteral("the Embedder did not finish"));
        if (figures)
            *figures = embedder.figures();
        return *outcome;
    }

    std::shared_ptr<const Retriever> retriever(const QString &space = QStringLiteral("model-a"))
    {
        return makeVectorRetriever(vectors, client.get(), space, std::chrono::seconds(20));
    }

    static QStringList ids(const QList<RecallHit> &hits)
    {
        QStringList all;
        for (const RecallHit &hit : hits)
            all.append(hit.passage.id());
        return all;
    }
};

RecallQuery question(const QString &text)
{
    RecallQuery query;
    query.text = text;
    return query;
}

RecallQuery memoryQuestion(const QString &text)
{
    RecallQuery query = question(text);
    query.transcripts = false;
    return query;
}

} // namespace

class TestVectorRecall : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void embedsEverythingOnceAndCachesByContent()
    {
        Fixture f;
        QList<QPair<qint64, qint64>> progress;
        Embedder::Figures figures;
        VALIS_VERIFY_OK(f.embed(nullptr, &progress, &figures));
        // Three records and three messages, two texts per request.
        QCOMPARE(figures.total, 6);
        QCOMPARE(figures.embedded, 6);
        QCOMPARE(f.server.requests().size(), 3);
        QCOMPARE(progress.first(), (QPair<qint64, qint64>(0, 6)));
        QCOMPARE(progress.last(), (QPair<qint64, qint64>(6, 6)));

        // Nothing new: no request at all.
        VALIS_VERIFY_OK(f.embed(nullptr, nullptr, &figures));
        QCOMPARE(figures.total, 0);
        QCOMPARE(f.server.requests().size(), 3);

        // The same text under another key (another agent) comes from the cache.
        NewMemory copy;
        copy.agentId = QStringLiteral("third");
        copy.type = QStringLiteral("lesson");
        copy.summary = QStringLiteral("staging build flag");
        copy.content = "The staging build needs --no-lto or the linker runs out of memory.";
        VALIS_VERIFY_OK(f.memory->put(copy));
        VALIS_VERIFY_OK(f.embed(nullptr, nullptr, &figures));
        QCOMPARE(figures.total, 1);
        QCOMPARE(figures.cached, 1);
        QCOMPARE(figures.embedded, 0);
        QCOMPARE(f.server.requests().size(), 3);
        Result<QList<VectorItem>> items = f.vectors->store(RecallSourceKind::Memory).items(RecallSourceKind::Memory, QStringLiteral("model-a"));
        VALIS_VERIFY_OK(items);
        QCOMPARE(items->size(), 4);
    }

    void theRetrieverRanksAndFilters()
    {
        Fixture f;
        VALIS_VERIFY_OK(f.embed());
        auto retriever = f.retriever();
        QCOMPARE(retriever->name(), QStringLiteral("vector"));
        RecallQuery query = question(QStringLiteral("staging build no-lto linker"));
        Result<QList<RecallHit>> hits = retriever->retrieve(query, 10);
        VALIS_VERIFY_OK(hits);
        const QStringList ids = Fixture::ids(*hits);
        QCOMPARE(ids.first(), QStringLiteral("memory:") + f.lessonKey);
        QVERIFY(!ids.contains(QStringLiteral("memory:") + f.otherAgentKey)); // agent "default" only
        const RecallPassage lesson = hits->first().passage;
        QCOMPARE(lesson.kind, RecallSourceKind::Memory);
        QCOMPARE(lesson.memoryType, QStringLiteral("lesson"));
        QCOMPARE(lesson.summary, QStringLiteral("staging build flag"));
        QCOMPARE(lesson.weight, 2.5);
        QVERIFY(lesson.text.contains(QLatin1String("--no-lto")));
        QVERIFY(lesson.createdAt.isValid());
        for (qsizetype i = 1; i < hits->size(); ++i)
            QVERIFY(hits->at(i - 1).score >= hits->at(i).score);

        // The assistant's answer is the nearest message; its fields come from the record.
        const auto message = std::find_if(hits->cbegin(), hits->cend(),
                                          [](const RecallHit &hit) { return hit.passage.kind == RecallSourceKind::Transcript; });
        QVERIFY(message != hits->cend());
        QCOMPARE(message->passage.sessionId, f.stagingSession);
        QCOMPARE(message->passage.role, Role::Assistant);
        QCOMPARE(message->passage.seq, 1);
        QCOMPARE(message->passage.sessionTitle, QStringLiteral("Staging"));

        query.memoryTypes = {QStringLiteral("note")};
        query.excludeSessionId = f.stagingSession;
        hits = retriever->retrieve(query, 10);
        VALIS_VERIFY_OK(hits);
        for (const RecallHit &hit : std::as_const(*hits)) {
            QVERIFY(hit.passage.kind == RecallSourceKind::Transcript || hit.passage.memoryType == QLatin1String("note"));
            QVERIFY(hit.passage.sessionId != f.stagingSession);
        }
        query = question(QStringLiteral("staging build"));
        query.memories = false;
        query.sessionId = f.weatherSession;
        hits = retriever->retrieve(query, 10);
        VALIS_VERIFY_OK(hits);
        QCOMPARE(hits->size(), 1);
        QCOMPARE(hits->first().passage.text, QStringLiteral("what is the weather like in Lisbon"));

        // From a worker thread, as the runtime step calls it.
        std::optional<Result<QList<RecallHit>>> fromWorker;
        std::unique_ptr<QThread> worker(QThread::create([&] { fromWorker = retriever->retrieve(question(QStringLiteral("kubectl deploys")), 3); }));
        worker->start();
        QVERIFY(QTest::qWaitFor([&] { return worker->isFinished(); }, 30000));
        VALIS_VERIFY_OK(*fromWorker);
        QCOMPARE(fromWorker->value().first().passage.memoryKey, f.noteKey);
    }

    void deactivatedPurgedAndDeletedPassagesDisappear()
    {
        Fixture f;
        VALIS_VERIFY_OK(f.embed());
        auto retriever = f.retriever();
        const QString lesson = QStringLiteral("memory:") + f.lessonKey;
        QVERIFY(Fixture::ids(retriever->retrieve(question(QStringLiteral("staging no-lto")), 10).value()).contains(lesson));
        VALIS_VERIFY_OK(f.memory->deactivate(f.lessonKey));
        QVERIFY(!Fixture::ids(retriever->retrieve(question(QStringLiteral("staging no-lto")), 10).value()).contains(lesson));
        VALIS_VERIFY_OK(f.memory->purge(f.noteKey));
        QVERIFY(!Fixture::ids(retriever->retrieve(question(QStringLiteral("kubectl deploys")), 10).value())
                     .contains(QStringLiteral("memory:") + f.noteKey));
        VALIS_VERIFY_OK(f.sessions->deleteSession(f.weatherSession));
        RecallQuery weather = question(QStringLiteral("weather Lisbon"));
        weather.memories = false;
        for (const RecallHit &hit : retriever->retrieve(weather, 10).value())
            QVERIFY(hit.passage.sessionId != f.weatherSession);

        // The next pass removes their vectors from store and index.
        Embedder::Figures figures;
        VALIS_VERIFY_OK(f.embed(nullptr, nullptr, &figures));
        QCOMPARE(figures.removed, 3);
        QCOMPARE(f.vectors->store(RecallSourceKind::Memory).items(RecallSourceKind::Memory, QStringLiteral("model-a"))->size(), 1);
        Result<std::shared_ptr<VectorIndex>> index = f.vectors->index(RecallSourceKind::Memory, QStringLiteral("model-a"),
                                                                      EmbeddingStandIn::DefaultLength);
        VALIS_VERIFY_OK(index);
        QCOMPARE((*index)->size(), 1);
    }

    void theIndexIsRebuiltWhenItsFileIsGone()
    {
        Fixture f;
        VALIS_VERIFY_OK(f.embed());
        const QString file = f.vectors->indexPath(RecallSourceKind::Memory, QStringLiteral("model-a"));
        QVERIFY(QFileInfo::exists(file));
        QVERIFY(QFileInfo::exists(file + QStringLiteral(".meta")));
        f.reopen();
        Result<std::shared_ptr<VectorIndex>> loaded = f.vectors->index(RecallSourceKind::Memory, QStringLiteral("model-a"), 64);
        VALIS_VERIFY_OK(loaded);
        QCOMPARE((*loaded)->origin(), VectorIndex::Origin::Loaded);
        QCOMPARE((*loaded)->size(), 3);

        QVERIFY(QFile::remove(file));
        f.reopen();
        Result<std::shared_ptr<VectorIndex>> rebuilt = f.vectors->index(RecallSourceKind::Memory, QStringLiteral("model-a"), 64);
        VALIS_VERIFY_OK(rebuilt);
        QCOMPARE((*rebuilt)->origin(), VectorIndex::Origin::Rebuilt);
        QCOMPARE((*rebuilt)->size(), 3);
        Result<QList<RecallHit>> hits = f.retriever()->retrieve(memoryQuestion(QStringLiteral("staging no-lto")), 5);
        VALIS_VERIFY_OK(hits);
        QCOMPARE(hits->first().passage.memoryKey, f.lessonKey);
    }

    void aParallelRebuildHoldsEveryVector()
    {
        // Thousands of vectors: the rebuild inserts them from several threads at once. Every
        // one must be in the graph and findable (itself first), with none lost or mixed up.
        QTemporaryDir dir;
        Result<std::unique_ptr<VectorStore>> store = VectorStore::openSqlite(QDir(dir.path()).filePath(QStringLiteral("v.db")));
        VALIS_VERIFY_OK(store);
        const int count = 3000;
        const int dimension = 32;
        QList<VectorItem> items;
        QHash<QString, QVector<float>> vectors;
        QList<QVector<float>> all;
        quint32 state = 7;
        for (int i = 0; i < count; ++i) {
            QVector<float> vector(dimension);
            for (float &value : vector) {
                state = state * 1664525u + 1013904223u;
                value = float(state >> 8) / float(1 << 24) - 0.5f;
            }
            VectorItem item;
            item.source = QStringLiteral("m-%1").arg(i);
            item.hash = QStringLiteral("h%1").arg(i);
            item.createdAt = QDateTime::currentDateTimeUtc();
            items.append(item);
            vectors.insert(item.hash, vector);
            all.append(vector);
        }
        Result<QList<VectorItem>> stored = (*store)->putItems(QStringLiteral("m"), dimension, items, vectors);
        VALIS_VERIFY_OK(stored);
        QHash<QString, qint64> labelOf;
        for (const VectorItem &item : std::as_const(*stored))
            labelOf.insert(item.source, item.label);
        Result<std::shared_ptr<VectorIndex>> index =
            VectorIndex::open(QDir(dir.path()).filePath(QStringLiteral("v.hnsw")), **store, RecallSourceKind::Memory,
                              QStringLiteral("m"), dimension);
        VALIS_VERIFY_OK(index);
        QCOMPARE((*index)->origin(), VectorIndex::Origin::Rebuilt);
        QCOMPARE((*index)->size(), count);
        int foundItself = 0;
        for (int i = 0; i < count; ++i) {
            const QList<QPair<qint64, float>> hits = (*index)->search(all.at(i), 3);
            QCOMPARE(hits.size(), 3);
            foundItself += hits.first().first == labelOf.value(QStringLiteral("m-%1").arg(i)) ? 1 : 0;
            QVERIFY(hits.first().second > 0.999f || hits.first().first != labelOf.value(QStringLiteral("m-%1").arg(i)));
        }
        // A graph index may miss a point now and then; a broken parallel build loses many.
        QVERIFY2(foundItself >= count * 99 / 100, qPrintable(QString::number(foundItself)));
    }

    void aStaleIndexCatchesUpWithTheStore()
    {
        Fixture f;
        VALIS_VERIFY_OK(f.embed());
        const QString file = f.vectors->indexPath(RecallSourceKind::Memory, QStringLiteral("model-a"));
        QVERIFY(QFile::copy(file, f.path(u"old.hnsw")));
        QVERIFY(QFile::copy(file + QStringLiteral(".meta"), f.path(u"old.hnsw.meta")));
        NewMemory fresh;
        fresh.summary = QStringLiteral("postgres tuning");
        fresh.content = "Raise shared_buffers to a quarter of the memory on the database host.";
        const QString freshKey = f.memory->put(fresh).value().key;
        VALIS_VERIFY_OK(f.embed());
        // The index on disk goes back to before the new record: older than the stored vectors.
        for (const QString &suffix : {QString(), QStringLiteral(".meta")}) {
            QVERIFY(QFile::remove(file + suffix));
            QVERIFY(QFile::copy(f.path(u"old.hnsw") + suffix, file + suffix));
        }
        f.reopen();
        Result<std::shared_ptr<VectorIndex>> index = f.vectors->index(RecallSourceKind::Memory, QStringLiteral("model-a"), 64);
        VALIS_VERIFY_OK(index);
        QCOMPARE((*index)->origin(), VectorIndex::Origin::CaughtUp);
        QCOMPARE((*index)->size(), 4);
        Result<QList<RecallHit>> hits = f.retriever()->retrieve(memoryQuestion(QStringLiteral("shared_buffers database host")), 5);
        VALIS_VERIFY_OK(hits);
        QCOMPARE(hits->first().passage.memoryKey, freshKey);
    }

    void anInterruptedSaveLeavesAUsableIndex()
    {
        Fixture f;
        VALIS_VERIFY_OK(f.embed());
        const QString file = f.vectors->indexPath(RecallSourceKind::Memory, QStringLiteral("model-a"));
        // A save that died while writing leaves its temporary file, half written.
        QFile original(file);
        QVERIFY(original.open(QIODevice::ReadOnly));
        const QByteArray bytes = original.readAll();
        original.close();
        QFile partial(file + QStringLiteral(".tmp-999999-1"));
        QVERIFY(partial.open(QIODevice::WriteOnly));
        partial.write(bytes.left(bytes.size() / 2));
        partial.close();
        f.reopen();
        Result<std::shared_ptr<VectorIndex>> index = f.vectors->index(RecallSourceKind::Memory, QStringLiteral("model-a"), 64);
        VALIS_VERIFY_OK(index);
        QCOMPARE((*index)->origin(), VectorIndex::Origin::Loaded);
        QCOMPARE((*index)->size(), 3);

        // A writer that did not rename (or a disk that lost the end): the truncated index is
        // detected and rebuilt from the stored vectors.
        QVERIFY(original.open(QIODevice::WriteOnly | QIODevice::Truncate));
        original.write(bytes.left(bytes.size() - 7));
        original.close();
        f.reopen();
        index = f.vectors->index(RecallSourceKind::Memory, QStringLiteral("model-a"), 64);
        VALIS_VERIFY_OK(index);
        QCOMPARE((*index)->origin(), VectorIndex::Origin::Rebuilt);
        QCOMPARE((*index)->size(), 3);
        Result<QList<RecallHit>> hits = f.retriever()->retrieve(memoryQuestion(QStringLiteral("staging no-lto")), 5);
        VALIS_VERIFY_OK(hits);
        QCOMPARE(hits->first().passage.memoryKey, f.lessonKey);
    }

    void aModelChangeReembedsWhileTheOldVectorsAreSearched()
    {
        Fixture f;
        VALIS_VERIFY_OK(f.embed());
        // One text per request: the pass stores its vectors in two chunks (four, then two).
        auto clientB = f.plugins.client(QStringLiteral("openai-compatible"), f.server, QStringLiteral("model-b"), 1, 32);
        const QString spaceB = QStringLiteral("model-b#32");
        std::optional<Result<VectorSpaceState>> during;
        Embedder embedder(f.vectors, clientB.get());
        QList<QPair<qint64, qint64>> progress;
        std::optional<Result<void>> outcome;
        connect(&embedder, &Embedder::progressed, &embedder, [&](qint64 done, qint64 total) {
            progress.append({done, total});
            const Result<VectorSpaceState> partial = f.vectors->store(RecallSourceKind::Memory).spaceState(RecallSourceKind::Memory, spaceB);
            if (done < total && partial.ok() && partial->items > 0 && !partial->complete && !during)
                during = f.vectors->searchSpace(RecallSourceKind::Memory, spaceB);
        });
        connect(&embedder, &Embedder::finished, &embedder, [&](const Result<void> &result) { outcome = result; });
        embedder.run();
        QVERIFY(QTest::qWaitFor([&] { return outcome.has_value(); }, 60000));
        VALIS_VERIFY_OK(*outcome);
        QVERIFY(during);
        VALIS_VERIFY_OK(*during);
        QCOMPARE(during->value().space, QStringLiteral("model-a")); // still the old, complete space
        QCOMPARE(progress.last(), (QPair<qint64, qint64>(6, 6)));
        QVERIFY(progress.size() >= 4);
        Result<VectorSpaceState> after = f.vectors->searchSpace(RecallSourceKind::Memory, spaceB);
        VALIS_VERIFY_OK(after);
        QCOMPARE(after->space, spaceB);
        QCOMPARE(after->dimension, 32);
        QCOMPARE(f.vectors->store(RecallSourceKind::Memory).spaces(RecallSourceKind::Memory)->size(), 1);
        QVERIFY(!QFileInfo::exists(f.vectors->indexPath(RecallSourceKind::Memory, QStringLiteral("model-a"))));
        // The new model's requests asked for 32 dimensions.
        QCOMPARE(f.server.requests().last().json().value(QLatin1String("dimensions")).toInt(), 32);
        auto retriever = makeVectorRetriever(f.vectors, clientB.get(), spaceB, std::chrono::seconds(20));
        Result<QList<RecallHit>> hits = retriever->retrieve(memoryQuestion(QStringLiteral("staging no-lto")), 5);
        VALIS_VERIFY_OK(hits);
        QCOMPARE(hits->first().passage.memoryKey, f.lessonKey);
        QCOMPARE(f.server.requests().last().json().value(QLatin1String("model")).toString(), QStringLiteral("model-b"));
    }

    void postgresqlKeepsVectorsBesideAgentMemories()
    {
        Result<std::unique_ptr<PostgresServer>> server = PostgresServer::start();
        VALIS_VERIFY_OK(server);
        Result<PostgresConnection> database = (*server)->createDatabase();
        VALIS_VERIFY_OK(database);
        Result<std::unique_ptr<PostgresDetailStore>> store = PostgresDetailStore::open(*database);
        VALIS_VERIFY_OK(store);
        Fixture f(std::shared_ptr<DetailStore>(std::move(store).value()));
        Result<std::unique_ptr<VectorStore>> vectors = VectorStore::openPostgres(*database);
        VALIS_VERIFY_OK(vectors);
        Result<QVariant> offered = (*server)->scalar(
            QStringLiteral("SELECT count(*) FROM pg_available_extensions WHERE name = 'vector'"), database->database);
        VALIS_VERIFY_OK(offered);
        QCOMPARE((*vectors)->hasPgVector(), offered->toLongLong() > 0);
        std::shared_ptr<VectorStore> memoryStore = std::move(vectors).value();
        std::shared_ptr<VectorStore> transcriptStore = VectorStore::openSqlite(f.path(u"sessions-vectors.db")).value();
        f.vectors = std::make_shared<VectorMemory>(RecallSources{f.memory, f.path(u"sessions.db")}, memoryStore,
                                                   f.path(u"pg"), transcriptStore, transcriptStore->location());
        Embedder::Figures figures;
        VALIS_VERIFY_OK(f.embed(nullptr, nullptr, &figures));
        QCOMPARE(figures.embedded, 6);
        Result<QVariant> rows = (*server)->scalar(QStringLiteral("SELECT count(*) FROM agent_memory_vector_items"), database->database);
        VALIS_VERIFY_OK(rows);
        QCOMPARE(rows->toLongLong(), 3);
        Result<QVariant> schema = (*server)->scalar(
            QStringLiteral("SELECT count(DISTINCT table_schema) FROM information_schema.tables WHERE table_name IN "
                           "('agent_memories', 'agent_memory_vector_items', 'agent_memory_embeddings')"),
            database->database);
        VALIS_VERIFY_OK(schema);
        QCOMPARE(schema->toLongLong(), 1);
        auto retriever = f.retriever();
        Result<QList<RecallHit>> hits = retriever->retrieve(memoryQuestion(QStringLiteral("staging no-lto linker")), 5);
        VALIS_VERIFY_OK(hits);
        QCOMPARE(hits->first().passage.memoryKey, f.lessonKey);
        VALIS_VERIFY_OK(f.memory->deactivate(f.lessonKey));
        QVERIFY(!Fixture::ids(retriever->retrieve(question(QStringLiteral("staging no-lto")), 10).value())
                     .contains(QStringLiteral("memory:") + f.lessonKey));
        // A second process's index: rebuilt from the vectors in the server.
        QFile::remove(f.vectors->indexPath(RecallSourceKind::Memory, QStringLiteral("model-a")));
        f.vectors = std::make_shared<VectorMemory>(RecallSources{f.memory, f.path(u"sessions.db")}, memoryStore,
                                                   f.path(u"pg"), transcriptStore, transcriptStore->location());
        Result<std::shared_ptr<VectorIndex>> index = f.vectors->index(RecallSourceKind::Memory, QStringLiteral("model-a"), 64);
        VALIS_VERIFY_OK(index);
        QCOMPARE((*index)->origin(), VectorIndex::Origin::Rebuilt);
        QCOMPARE((*index)->size(), 3);
    }
};

VALIS_TEST_MAIN(TestVectorRecall)
#include "tst_vectorrecall.moc"
