#include "embeddingrunner.h"

#include "valis/memory/embedder.h"
#include "valis/memory/embeddings.h"
#include "valis/memory/embeddingsetup.h"
#include "valis/memory/memoryenvironment.h"
#include "valis/memory/vectormemory.h"
#include "valis/plugins/pluginmanager.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>

namespace valis {

EmbeddingRunner::EmbeddingRunner(const DataLocations &locations, CredentialStore *keys, QObject *parent)
    : QObject(parent), m_locations(locations), m_keys(keys), m_debounce(new QTimer(this))
{
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(std::chrono::seconds(5));
    connect(m_debounce, &QTimer::timeout, this, &EmbeddingRunner::runNow);
}

EmbeddingRunner::~EmbeddingRunner()
{
    teardown();
}

void EmbeddingRunner::setDebounce(std::chrono::milliseconds debounce)
{
    m_debounce->setInterval(debounce);
}

bool EmbeddingRunner::isRunning() const
{
    return m_embedder && m_embedder->isRunning();
}

void EmbeddingRunner::teardown()
{
    ++m_generation;
    m_debounce->stop();
    if (m_embedder) {
        // A pass in flight ends with "cancelled"; its database work holds its own references.
        m_embedder->disconnect(this);
        m_embedder->cancel();
        m_embedder->deleteLater();
        m_embedder = nullptr;
    }
    if (m_client) {
        m_client->deleteLater();
        m_client = nullptr;
    }
    m_memory.reset();
    m_enabled = false;
}

void EmbeddingRunner::reload(PluginManager *plugins)
{
    const bool wasRunning = isRunning();
    teardown();
    if (wasRunning)
        Q_EMIT finished(Error(QStringLiteral("embedding.cancelled"), tr("The embedding settings changed.")));
    m_plugins = plugins;
    if (!plugins)
        return;
    Result<MemorySettings> settings = MemorySettings::load(m_locations.memorySettingsPath());
    if (settings.hasError()) {
        Q_EMIT finished(settings.error());
        return;
    }
    Result<EmbeddingSettings> embeddings = EmbeddingSettings::fromJson(settings->embeddings, m_locations.memorySettingsPath());
    if (embeddings.hasError()) {
        Q_EMIT finished(embeddings.error());
        return;
    }
    if (!embeddings->enabled)
        return;
    m_enabled = true;
    const int generation = m_generation;
    QPointer<EmbeddingRunner> self(this);
    const EmbeddingSettings chosen = *embeddings;
    m_space = chosen.space();
    m_queryTimeout = std::chrono::milliseconds(chosen.queryTimeoutMs);
    const MemorySettings memorySettings = *settings;
    // The provider, its key and the client as every front end makes them; the client belongs
    // to this runner (the GUI thread, the plugins' thread).
    openEmbeddingClient(chosen, *plugins, m_keys, this, [self, generation, memorySettings](Result<EmbeddingClient *> client) {
        if (!self || self->m_generation != generation) {
            if (client.ok())
                delete client.value();
            return;
        }
        if (client.hasError()) {
            self->m_enabled = false;
            Q_EMIT self->finished(client.error());
            return;
        }
        self->m_client = client.value();
        // The stores are opened on the pool: a PostgreSQL server or a large file may take a while.
        const DataLocations locations = self->m_locations;
        QThreadPool::globalInstance()->start([self, generation, locations, memorySettings] {
            Result<std::shared_ptr<VectorMemory>> memory = [&]() -> Result<std::shared_ptr<VectorMemory>> {
                Result<MemoryEnvironment> environment = MemoryEnvironment::open(locations, memorySettings);
                if (environment.hasError())
                    return environment.error();
                return openVectorMemory(memorySettings, locations,
                                        RecallSources{environment->store(), locations.sessionDatabasePath()});
            }();
            QMetaObject::invokeMethod(QCoreApplication::instance(), [self, generation, memory] {
                if (self && self->m_generation == generation)
                    self->opened(memory);
            }, Qt::QueuedConnection);
        });
    });
}

std::shared_ptr<const Retriever> EmbeddingRunner::vectorRetriever() const
{
    if (!m_memory || !m_client)
        return nullptr;
    return makeVectorRetriever(m_memory, m_client, m_space, m_queryTimeout);
}

void EmbeddingRunner::opened(const Result<std::shared_ptr<VectorMemory>> &memory)
{
    if (memory.hasError()) {
        m_enabled = false;
        Q_EMIT finished(memory.error());
        return;
    }
    m_memory = *memory;
    m_embedder = new Embedder(m_memory, m_client, this);
    connect(m_embedder, &Embedder::progressed, this, &EmbeddingRunner::progressed);
    connect(m_embedder, &Embedder::finished, this, &EmbeddingRunner::finished);
    runNow();
}

void EmbeddingRunner::scheduleRun()
{
    if (m_enabled)
        m_debounce->start();
}

void EmbeddingRunner::runNow()
{
    if (!m_embedder)
        return; // still opening: the pass starts when it is open
    if (!m_embedder->isRunning())
        Q_EMIT started();
    m_embedder->run();
}

void EmbeddingRunner::cancel()
{
    m_debounce->stop();
    if (m_embedder)
        m_embedder->cancel();
}

} // namespace valis
