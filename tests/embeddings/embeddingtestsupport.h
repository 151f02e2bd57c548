#pragma once

#include "embeddingstandin.h"
#include "testsupport.h"

#include "valis/memory/embeddings.h"
#include "valis/plugins/embeddingplugin.h"
#include "valis/plugins/embeddingprovider.h"
#include "valis/plugins/pluginmanager.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <memory>

namespace valis::test {

/// The real embeddings plugin, loaded through a PluginManager from a folder of its own.
struct LoadedEmbeddings
{
    TemporaryHome home;
    QTemporaryDir folder;
    std::unique_ptr<PluginManager> manager;

    LoadedEmbeddings()
    {
        const QString plugin = QStringLiteral(VALIS_TEST_EMBEDDINGS_PLUGIN);
        QFile::copy(plugin, QDir(folder.path()).filePath(QFileInfo(plugin).fileName()));
        manager = std::make_unique<PluginManager>(DataLocations::underHome(home.path()), QStringList{folder.path()});
        manager->loadAll();
    }

    EmbeddingProvider *provider(const QString &id) const { return manager->embeddingProvider(id); }

    /// A client of provider `id` at `standIn`, with quick retries.
    std::unique_ptr<EmbeddingClient> client(const QString &id, const EmbeddingStandIn &standIn, const QString &model,
                                            int batchSize = 64, int dimensions = 0, const QString &key = {}) const
    {
        EmbeddingSettings settings;
        settings.enabled = true;
        settings.provider = id;
        settings.model = model;
        settings.dimensions = dimensions;
        settings.batchSize = batchSize;
        settings.baseUrl = id == QLatin1String("ollama") ? standIn.baseUrl() : QUrl(standIn.baseUrl().toString() + QStringLiteral("/v1"));
        settings.retry.initialDelay = std::chrono::milliseconds(10);
        settings.retry.maxDelay = std::chrono::milliseconds(50);
        EmbeddingProvider *embedding = provider(id);
        QObject *owner = manager->runningInstances().isEmpty() ? nullptr : manager->runningInstances().first();
        ApiKey apiKey{key, key.isEmpty() ? QString() : QStringLiteral("test")};
        Result<EmbeddingTarget> target = makeEmbeddingTarget(settings, embedding, owner, apiKey);
        if (target.hasError())
            return nullptr;
        return std::make_unique<EmbeddingClient>(*target);
    }
};

/// Waits for one job's answer.
inline Result<EmbeddingVectors> waitFor(EmbeddingJob *job)
{
    std::optional<Result<EmbeddingVectors>> outcome;
    QObject::connect(job, &EmbeddingJob::finished, job, [&](const Result<EmbeddingVectors> &result) { outcome = result; });
    if (!QTest::qWaitFor([&] { return outcome.has_value(); }, 30000))
        return Error(QStringLiteral("test.timeout"), QStringLiteral("no answer"));
    return *outcome;
}

/// The stand-in's vector of `text`, normalised as stored.
inline QVector<float> expectedVector(const QString &text, int length = EmbeddingStandIn::DefaultLength)
{
    QVector<float> vector = EmbeddingStandIn::vectorOf(text, length);
    normalizeVector(vector);
    return vector;
}

} // namespace valis::test
