// The embedding plugin kind, the openai-compatible-embeddings plugin and EmbeddingClient,
// against a local stand-in server speaking OpenAI's and Ollama's embedding wire formats.
#include "embeddingtestsupport.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QTest>
#include <QThread>

#include <cmath>

using namespace valis;
using namespace valis::test;

namespace {
QStringList numbered(int count)
{
    QStringList texts;
    for (int i = 0; i < count; ++i)
        texts.append(QStringLiteral("text number %1 about topic%2").arg(i).arg(i % 3));
    return texts;
}

bool near(const QVector<float> &a, const QVector<float> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (std::abs(a.at(i) - b.at(i)) > 1e-5f)
            return false;
    }
    return true;
}
} // namespace

class TestEmbeddings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void thePluginOffersThreeProviders()
    {
        LoadedEmbeddings plugins;
        const PluginSpec *spec = plugins.manager->spec(QStringLiteral("openai-compatible-embeddings"));
        QVERIFY(spec);
        QCOMPARE(spec->kind(), PluginKind::Embedding);
        QCOMPARE(spec->state(), PluginSpec::State::Running);
        QStringList ids;
        for (EmbeddingProvider *provider : plugins.manager->embeddingProviders())
            ids.append(provider->id());
        QCOMPARE(ids, (QStringList{QStringLiteral("openai"), QStringLiteral("openai-compatible"), QStringLiteral("ollama")}));
        QVERIFY(plugins.provider(QStringLiteral("openai"))->defaults().requiresApiKey);
        QVERIFY(!plugins.provider(QStringLiteral("ollama"))->defaults().requiresApiKey);
    }

    void openAiWireFormat()
    {
        LoadedEmbeddings plugins;
        EmbeddingStandIn server;
        QVERIFY(server.listen());
        auto client = plugins.client(QStringLiteral("openai"), server, QStringLiteral("text-embedding-3-small"), 64, 32,
                                     QStringLiteral("sk-good"));
        QVERIFY(client);
        const QStringList texts{QStringLiteral("the staging build needs no-lto"), QStringLiteral("ünïcode text")};
        Result<EmbeddingVectors> vectors = waitFor(client->embed(texts, this));
        VALIS_VERIFY_OK(vectors);
        QCOMPARE(vectors->size(), 2);
        QVERIFY(near(vectors->at(0), EmbeddingStandIn::vectorOf(texts.at(0), 32)));
        const CapturedRequest request = server.requests().at(0);
        QCOMPARE(request.method, QByteArray("POST"));
        QCOMPARE(request.path, QByteArray("/v1/embeddings"));
        QCOMPARE(request.header("authorization"), QByteArray("Bearer sk-good"));
        QCOMPARE(request.header("content-type"), QByteArray("application/json"));
        const QJsonObject body = request.json();
        QCOMPARE(body.value(QLatin1String("model")).toString(), QStringLiteral("text-embedding-3-small"));
        QCOMPARE(body.value(QLatin1String("encoding_format")).toString(), QStringLiteral("float"));
        QCOMPARE(body.value(QLatin1String("dimensions")).toInt(), 32);
        QCOMPARE(body.value(QLatin1String("input")).toArray().toVariantList(),
                 QJsonArray::fromStringList(texts).toVariantList());
    }

    void ollamaWireFormat()
    {
        LoadedEmbeddings plugins;
        EmbeddingStandIn server;
        QVERIFY(server.listen());
        auto client = plugins.client(QStringLiteral("ollama"), server, QStringLiteral("nomic-embed-text"));
        QVERIFY(client);
        Result<EmbeddingVectors> vectors = waitFor(client->embed({QStringLiteral("alpha beta")}, this));
        VALIS_VERIFY_OK(vectors);
        QVERIFY(near(vectors->at(0), EmbeddingStandIn::vectorOf(QStringLiteral("alpha beta"))));
        const CapturedRequest request = server.requests().at(0);
        QCOMPARE(request.path, QByteArray("/api/embed"));
        QVERIFY(request.header("authorization").isEmpty());
        const QJsonObject body = request.json();
        QCOMPARE(body.keys(), (QStringList{QStringLiteral("input"), QStringLiteral("model")}));
    }

    void textsAreSentInBatches()
    {
        LoadedEmbeddings plugins;
        EmbeddingStandIn server;
        QVERIFY(server.listen());
        auto client = plugins.client(QStringLiteral("openai-compatible"), server, QStringLiteral("m"), 4);
        QVERIFY(client);
        const QStringList texts = numbered(10);
        QList<int> progress;
        EmbeddingJob *job = client->embed(texts, this);
        connect(job, &EmbeddingJob::progressed, this, [&](int done, int) { progress.append(done); });
        Result<EmbeddingVectors> vectors = waitFor(job);
        VALIS_VERIFY_OK(vectors);
        QCOMPARE(vectors->size(), 10);
        for (int i = 0; i < 10; ++i)
            QVERIFY(near(vectors->at(i), EmbeddingStandIn::vectorOf(texts.at(i))));
        const QList<QStringList> sent = server.inputsPerRequest();
        QCOMPARE(sent.size(), 3);
        QCOMPARE(sent.at(0), texts.mid(0, 4));
        QCOMPARE(sent.at(1), texts.mid(4, 4));
        QCOMPARE(sent.at(2), texts.mid(8, 2));
        QCOMPARE(progress, (QList<int>{4, 8, 10}));
        QCOMPARE(client->requestCount(), 3);
    }

    void rateLimitIsRetriedAfterTheWaitAsked()
    {
        LoadedEmbeddings plugins;
        EmbeddingStandIn server;
        QVERIFY(server.listen());
        server.enqueue(ScriptedResponse::json(
            429, QByteArrayLiteral(R"({"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}})"),
            {{QByteArrayLiteral("Retry-After"), QByteArrayLiteral("1")}}));
        auto client = plugins.client(QStringLiteral("openai-compatible"), server, QStringLiteral("m"));
        QElapsedTimer timer;
        timer.start();
        Result<EmbeddingVectors> vectors = waitFor(client->embed({QStringLiteral("once more")}, this));
        VALIS_VERIFY_OK(vectors);
        QCOMPARE(server.requests().size(), 2);
        // The policy's own delay is 10 ms: only the server's Retry-After explains a second.
        QVERIFY2(timer.elapsed() >= 950, qPrintable(QString::number(timer.elapsed())));
    }

    void serverErrorsAndDroppedConnectionsAreRetried()
    {
        LoadedEmbeddings plugins;
        EmbeddingStandIn server;
        QVERIFY(server.listen());
        server.enqueue(ScriptedResponse::json(503, QByteArrayLiteral(R"({"error":{"message":"busy","type":"server_error"}})")));
        ScriptedResponse cut = ScriptedResponse::json(200, QByteArray(400, ' ') + QByteArrayLiteral("{}"));
        cut.chunkedEncoding = false;
        cut.cutAfterBytes = 100;
        server.enqueue(cut);
        auto client = plugins.client(QStringLiteral("openai-compatible"), server, QStringLiteral("m"));
        Result<EmbeddingVectors> vectors = waitFor(client->embed({QStringLiteral("third time lucky")}, this));
        VALIS_VERIFY_OK(vectors);
        QCOMPARE(server.requests().size(), 3);
    }

    void errorsSayWhatWentWrong_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("dimensions");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("words");
        QTest::newRow("bad key") << "openai" << "m" << 0 << "sk-bad-0123456789" << "provider.auth" << "key";
        QTest::newRow("no key") << "openai" << "m" << 0 << "" << "provider.auth" << "key";
        QTest::newRow("unknown model") << "openai-compatible" << "missing-model" << 0 << "" << "embedding.model-not-found"
                                       << "missing-model";
        QTest::newRow("unknown ollama model") << "ollama" << "missing-model" << 0 << "" << "embedding.model-not-found"
                                              << "missing-model";
        QTest::newRow("not json") << "openai-compatible" << "garbage" << 0 << "" << "embedding.protocol" << "JSON";
        QTest::newRow("wrong length") << "openai-compatible" << "fixed-64" << 16 << "" << "embedding.dimension-mismatch"
                                      << "64";
    }

    void errorsSayWhatWentWrong()
    {
        QFETCH(QString, provider);
        QFETCH(QString, model);
        QFETCH(int, dimensions);
        QFETCH(QString, key);
        QFETCH(QString, code);
        QFETCH(QString, words);
        LoadedEmbeddings plugins;
        EmbeddingStandIn server;
        QVERIFY(server.listen());
        auto client = plugins.client(provider, server, model, 64, dimensions, key);
        QVERIFY(client);
        Result<EmbeddingVectors> vectors = waitFor(client->embed({QStringLiteral("some text")}, this));
        QVERIFY(vectors.hasError());
        QCOMPARE(vectors.error().code, code);
        QVERIFY2(vectors.error().message.contains(words), qPrintable(vectors.error().message));
        QVERIFY2(key.isEmpty() || !vectors.error().message.contains(key), qPrintable(vectors.error().message));
        // Not retried: the same request cannot succeed.
        QVERIFY(server.requests().size() <= 1);
    }

    void blockingFromAWorkerThread()
    {
        LoadedEmbeddings plugins;
        EmbeddingStandIn server;
        QVERIFY(server.listen());
        auto client = plugins.client(QStringLiteral("openai-compatible"), server, QStringLiteral("m"));
        std::optional<Result<EmbeddingVectors>> outcome;
        std::unique_ptr<QThread> worker(QThread::create([&] {
            outcome = client->embedBlocking({QStringLiteral("from a worker")}, std::chrono::seconds(20));
        }));
        worker->start();
        QVERIFY(QTest::qWaitFor([&] { return worker->isFinished(); }, 30000));
        QVERIFY(outcome);
        VALIS_VERIFY_OK(*outcome);
        QVERIFY(near(outcome->value().at(0), EmbeddingStandIn::vectorOf(QStringLiteral("from a worker"))));

        // On the client's own thread a local event loop runs; a silent server times out.
        ScriptedResponse slow = ScriptedResponse::json(200, QByteArrayLiteral("{}"));
        slow.headerDelay = std::chrono::milliseconds(3000);
        server.enqueue(slow);
        Result<EmbeddingVectors> late = client->embedBlocking({QStringLiteral("too slow")}, std::chrono::milliseconds(200));
        QVERIFY(late.hasError());
        QCOMPARE(late.error().code, QStringLiteral("embedding.timeout"));
    }

    void settingsRoundTrip()
    {
        Result<EmbeddingSettings> off = EmbeddingSettings::fromJson({});
        VALIS_VERIFY_OK(off);
        QVERIFY(!off->enabled);
        Result<EmbeddingSettings> on = EmbeddingSettings::fromJson(
            {{QStringLiteral("enabled"), true}, {QStringLiteral("provider"), QStringLiteral("ollama")},
             {QStringLiteral("model"), QStringLiteral("nomic-embed-text")}, {QStringLiteral("dimensions"), 256},
             {QStringLiteral("batchSize"), 16}});
        VALIS_VERIFY_OK(on);
        QCOMPARE(on->space(), QStringLiteral("nomic-embed-text#256"));
        QCOMPARE(EmbeddingSettings::spaceModel(on->space()), QStringLiteral("nomic-embed-text"));
        QCOMPARE(EmbeddingSettings::spaceDimensions(on->space()), 256);
        Result<EmbeddingSettings> again = EmbeddingSettings::fromJson(on->toJson());
        VALIS_VERIFY_OK(again);
        QCOMPARE(again->batchSize, 16);
        QCOMPARE(again->toJson(), on->toJson());
        Result<EmbeddingSettings> wrong = EmbeddingSettings::fromJson({{QStringLiteral("enabled"), true}});
        QVERIFY(wrong.hasError());
        QCOMPARE(wrong.error().code, QStringLiteral("memory-settings.malformed"));
        QVERIFY(EmbeddingSettings::fromJson({{QStringLiteral("batchsize"), 3}}).hasError());
    }
};

VALIS_TEST_MAIN(TestEmbeddings)
#include "tst_embeddings.moc"
