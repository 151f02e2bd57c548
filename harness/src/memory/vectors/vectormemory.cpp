#include "valis/memory/vectormemory.h"

#include "valis/core/datalocations.h"
#include "valis/memory/detailstore.h"
#include "valis/memory/embeddings.h"
#include "valis/memory/memorysettings.h"

#include "memory/sqliteconnections.h"
#include "memory/vectors/passagesources.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <optional>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::VectorMemory)
};

QString indexKey(RecallSourceKind kind, const QString &space)
{
    return QString::number(int(kind)) + QLatin1Char('\n') + space;
}

/// "<folder>/<name>-vectors.db" for "<folder>/<name>.db".
QString vectorsBeside(const QString &databasePath)
{
    const QFileInfo info(databasePath);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral("-vectors.db"));
}
} // namespace

VectorMemory::VectorMemory(RecallSources sources, std::shared_ptr<VectorStore> memoryVectors, QString memoryIndexPrefix,
                           std::shared_ptr<VectorStore> transcriptVectors, QString transcriptIndexPrefix)
    : m_sources(std::move(sources)), m_memoryVectors(std::move(memoryVectors)),
      m_transcriptVectors(std::move(transcriptVectors)), m_memoryIndexPrefix(std::move(memoryIndexPrefix)),
      m_transcriptIndexPrefix(std::move(transcriptIndexPrefix)),
      m_sessions(std::make_unique<memory::SqliteConnections>(m_sources.sessionDatabasePath))
{
}

VectorMemory::~VectorMemory() = default;

VectorStore &VectorMemory::store(RecallSourceKind kind) const
{
    return kind == RecallSourceKind::Memory ? *m_memoryVectors : *m_transcriptVectors;
}

QString VectorMemory::indexPath(RecallSourceKind kind, const QString &space) const
{
    return VectorIndex::pathFor(kind == RecallSourceKind::Memory ? m_memoryIndexPrefix : m_transcriptIndexPrefix, kind, space);
}

Result<std::shared_ptr<VectorIndex>> VectorMemory::index(RecallSourceKind kind, const QString &space, int dimension)
{
    const QString key = indexKey(kind, space);
    std::shared_ptr<VectorIndex> index;
    {
        // Opening holds the lock: two threads must not both rebuild the same index.
        QMutexLocker lock(&m_mutex);
        index = m_indexes.value(key);
        if (!index) {
            Result<std::shared_ptr<VectorIndex>> opened =
                VectorIndex::open(indexPath(kind, space), store(kind), kind, space, dimension);
            if (opened.hasError())
                return opened.error();
            index = *opened;
            m_indexes.insert(key, index);
            return index;
        }
    }
    const Result<void> caught = index->catchUp(store(kind));
    if (caught.hasError())
        return caught.error();
    return index;
}

void VectorMemory::dropIndex(RecallSourceKind kind, const QString &space)
{
    {
        QMutexLocker lock(&m_mutex);
        m_indexes.remove(indexKey(kind, space));
    }
    const QString path = indexPath(kind, space);
    QFile::remove(path);
    QFile::remove(path + QStringLiteral(".meta"));
}

Result<VectorSpaceState> VectorMemory::searchSpace(RecallSourceKind kind, const QString &configured) const
{
    Result<QList<VectorSpaceState>> spaces = store(kind).spaces(kind);
    if (spaces.hasError())
        return spaces.error();
    std::optional<VectorSpaceState> current;
    std::optional<VectorSpaceState> fallback;
    for (const VectorSpaceState &state : std::as_const(*spaces)) {
        if (state.items == 0 || state.dimension <= 0)
            continue;
        if (state.space == configured)
            current = state;
        else if (state.complete && (!fallback || state.completedAt > fallback->completedAt))
            fallback = state;
    }
    if (current && (current->complete || !fallback))
        return *current;
    if (fallback)
        return *fallback;
    VectorSpaceState none;
    none.kind = kind;
    return none;
}

Result<QList<VectorCoverage>> VectorMemory::coverage(RecallSourceKind kind, const QString &configured) const
{
    QList<VectorCoverage> result;
    if (kind == RecallSourceKind::Memory && !m_sources.memory)
        return result;
    Result<QList<VectorItem>> present = kind == RecallSourceKind::Memory ? vectors::listMemories(*m_sources.memory)
                                                                         : vectors::listMessages(*m_sessions);
    if (present.hasError())
        return present.error();
    QSet<QString> sources;
    for (const VectorItem &item : std::as_const(*present))
        sources.insert(item.source);
    Result<QList<VectorSpaceState>> spaces = store(kind).spaces(kind);
    if (spaces.hasError())
        return spaces.error();
    Result<VectorSpaceState> searched = searchSpace(kind, configured);
    if (searched.hasError())
        return searched.error();
    QList<VectorSpaceState> states = *spaces;
    bool configuredListed = configured.isEmpty();
    for (const VectorSpaceState &state : std::as_const(states))
        configuredListed = configuredListed || state.space == configured;
    if (!configuredListed) {
        VectorSpaceState none;
        none.kind = kind;
        none.space = configured;
        states.prepend(none);
    }
    for (const VectorSpaceState &state : std::as_const(states)) {
        VectorCoverage coverage;
        coverage.kind = kind;
        coverage.space = state.space;
        coverage.dimension = state.dimension;
        coverage.passages = sources.size();
        coverage.complete = state.complete;
        coverage.completedAt = state.completedAt;
        coverage.configured = state.space == configured;
        coverage.searched = !searched->space.isEmpty() && state.space == searched->space;
        coverage.store = store(kind).location();
        coverage.indexPath = indexPath(kind, state.space);
        if (state.items > 0) {
            Result<QList<VectorItem>> items = store(kind).items(kind, state.space);
            if (items.hasError())
                return items.error();
            QSet<QString> seen;
            for (const VectorItem &item : std::as_const(*items)) {
                if (sources.contains(item.source))
                    seen.insert(item.source);
                else
                    ++coverage.stale;
            }
            coverage.embedded = seen.size();
        }
        result.append(coverage);
    }
    return result;
}

Result<std::shared_ptr<VectorMemory>> openVectorMemory(const MemorySettings &settings, const DataLocations &locations,
                                                       const RecallSources &sources)
{
    if (sources.sessionDatabasePath.isEmpty())
        return Error(QStringLiteral("memory.invalid"), Text::tr("vector recall needs the session database"));
    Result<std::unique_ptr<VectorStore>> transcripts = VectorStore::openSqlite(vectorsBeside(sources.sessionDatabasePath));
    if (transcripts.hasError())
        return transcripts.error();
    std::shared_ptr<VectorStore> transcriptStore = std::move(transcripts).value();
    std::shared_ptr<VectorStore> memoryStore;
    QString memoryPrefix;
    if (settings.backend == MemorySettings::Backend::Postgres) {
        PostgresConnection connection = settings.postgres;
        for (const char *variable : {"VALIS_MEMORY_PASSWORD", "PGPASSWORD"}) {
            if (connection.password.isEmpty())
                connection.password = qEnvironmentVariable(variable);
        }
        Result<std::unique_ptr<VectorStore>> opened = VectorStore::openPostgres(connection);
        if (opened.hasError())
            return opened.error();
        memoryStore = std::move(opened).value();
        const QString digest = QString::fromLatin1(
            QCryptographicHash::hash(connection.toUrl().toUtf8(), QCryptographicHash::Sha256).toHex().left(12));
        memoryPrefix = QDir(locations.cacheDir()).filePath(QStringLiteral("vectors/postgresql-") + digest);
    } else {
        const QString database = settings.sqlitePath.isEmpty()
                                     ? locations.memoryDatabasePath()
                                     : QDir(locations.dataDir()).absoluteFilePath(QDir::cleanPath(settings.sqlitePath));
        const QString path = vectorsBeside(database);
        Result<std::unique_ptr<VectorStore>> opened = VectorStore::openSqlite(path);
        if (opened.hasError())
            return opened.error();
        memoryStore = std::move(opened).value();
        memoryPrefix = path;
    }
    return std::make_shared<VectorMemory>(sources, memoryStore, memoryPrefix, transcriptStore,
                                          transcriptStore->location());
}

} // namespace valis
