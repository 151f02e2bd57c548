#include "vectorrecall.h"

#include "clicontext.h"
#include "mcphoststart.h"

#include "valis/core/datalocations.h"
#include "valis/keychain/keychaincredentialstore.h"
#include "valis/memory/embeddings.h"
#include "valis/memory/embeddingsetup.h"
#include "valis/memory/vectormemory.h"
#include "valis/plugins/pluginmanager.h"

#include <QEventLoop>
#include <QThread>

#include <optional>

namespace valis::cli {

CliVectorRecall::CliVectorRecall() = default;

CliVectorRecall::~CliVectorRecall()
{
    m_owner.reset(); // the client, before the plugin that made its provider
    m_plugins.reset();
}

void CliVectorRecall::addTo(CliContext &context, const MemorySettings &settings, const RecallSources &sources,
                            HybridRetriever &retriever)
{
    Result<EmbeddingSettings> embeddings = EmbeddingSettings::fromJson(settings.embeddings, QStringLiteral("config/memory.json"));
    if (embeddings.hasError()) {
        m_warning = embeddings.error().toString();
        return;
    }
    if (!embeddings->enabled)
        return;
    m_keychain = std::make_unique<KeychainCredentialStore>();
    m_plugins = std::make_unique<PluginManager>(context.locations(), DataLocations::systemPluginDirs());
    m_plugins->setHostServices(cliHostServices(m_keychain.get(), context.err()));
    m_plugins->loadAll();
    m_owner = std::make_unique<QObject>();
    std::optional<Result<EmbeddingClient *>> client;
    QEventLoop waitForKey;
    openEmbeddingClient(embeddings.value(), *m_plugins, m_keychain.get(), m_owner.get(),
                        [&client, &waitForKey](Result<EmbeddingClient *> made) {
                            client = std::move(made);
                            waitForKey.quit();
                        });
    if (!client)
        waitForKey.exec();
    if (client->hasError()) {
        m_warning = client->error().toString();
        return;
    }
    Result<std::shared_ptr<const Retriever>> vectors = openVectorRetriever(embeddings.value(), settings,
                                                                           context.locations(), sources, client->value());
    if (vectors.hasError()) {
        m_warning = vectors.error().toString();
        return;
    }
    retriever.addRetriever(vectors.value());
}

void runBesideEventLoop(const std::function<void()> &work)
{
    QEventLoop loop;
    QThread *thread = QThread::create(work);
    QObject::connect(thread, &QThread::finished, &loop, &QEventLoop::quit);
    thread->start();
    if (!thread->isFinished())
        loop.exec();
    thread->wait();
    delete thread;
}

} // namespace valis::cli
