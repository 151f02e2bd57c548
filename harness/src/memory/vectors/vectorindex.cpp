// VectorIndex: hnswlib's HierarchicalNSW with a header beside it, atomic saves and catching up
// with the VectorStore.
#include "valis/memory/vectorindex.h"

#include "valis/memory/embeddings.h"
#include "valis/memory/vectorstore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QReadWriteLock>
#include <QRegularExpression>
#include <QRunnable>
#include <QSaveFile>
#include <QSemaphore>
#include <QThread>
#include <QThreadPool>

// hnswlib's SSE path prefetches one element past a full link list (nmslib/hnswlib issues 107
// and 578, open upstream): harmless on real hardware, a heap-buffer-overflow read for ASan,
// which found it. Under AddressSanitizer its scalar path is built instead.
#if defined(__SANITIZE_ADDRESS__)
#define NO_MANUAL_VECTORIZATION
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NO_MANUAL_VECTORIZATION
#endif
#endif
#include <hnswlib/hnswlib.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <unistd.h>
#endif

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::VectorIndex)
};

constexpr int FormatVersion = 1;
// Measured with bench_vectors at 100k x 768 (2 cores): on clustered unit vectors shaped like
// embeddings, M 16 / efConstruction 100 / search ef 128 gives recall@10 and @50 of 1.000
// against an exact scan at ~1 ms a search; on heavily overlapping clusters (--spread 2) 0.91,
// and 0.95 only with explore 512 (~5 ms). efConstruction 200 bought +0.01 there for about
// twice the build time, so the build stays at 100 and recall is bought per search.
constexpr size_t M = 16;
constexpr size_t EfConstruction = 100;
constexpr size_t EfSearch = 128;
/// A search for k neighbours explores at least this many candidates per neighbour asked for
/// (hnswlib explores max(ef, k); asking it for more than k and keeping k is a per-query ef that
/// needs no write to the shared index).
constexpr size_t ExploreFactor = 3;

/// The threads that build indexes: their own pool, so a rebuild started from a task of the
/// global pool (the Embedder's) never waits for a thread that task itself occupies.
QThreadPool &buildPool()
{
    static QThreadPool *pool = [] {
        auto *created = new QThreadPool;
        created->setMaxThreadCount(qMax(1, QThread::idealThreadCount()));
        created->setExpiryTimeout(30000);
        return created;
    }();
    return *pool;
}

QString kindName(RecallSourceKind kind)
{
    return kind == RecallSourceKind::Memory ? QStringLiteral("memory") : QStringLiteral("transcript");
}

void syncFile(const QString &path)
{
#ifdef Q_OS_UNIX
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
#else
    Q_UNUSED(path);
#endif
}
} // namespace

namespace {
/// Whether `path` holds a whole hnswlib 0.6 index of vectors of `dimension` floats: its header,
/// element data and link lists add up to the file's size. hnswlib checks the same, but by
/// throwing from a half-built object whose destructor then frees garbage, so a truncated file
/// must never reach it.
bool wellFormed(const QString &path, size_t dimension)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const qint64 total = file.size();
    auto read = [&file](auto *value) { return file.read(reinterpret_cast<char *>(value), sizeof(*value)) == qint64(sizeof(*value)); };
    size_t offsetLevel0 = 0, maxElements = 0, count = 0, sizePerElement = 0, labelOffset = 0, offsetData = 0;
    int maxLevel = 0;
    unsigned int enterPoint = 0;
    size_t maxM = 0, maxM0 = 0, m = 0;
    double mult = 0;
    size_t efConstruction = 0;
    if (!read(&offsetLevel0) || !read(&maxElements) || !read(&count) || !read(&sizePerElement) || !read(&labelOffset)
        || !read(&offsetData) || !read(&maxLevel) || !read(&enterPoint) || !read(&maxM) || !read(&maxM0) || !read(&m)
        || !read(&mult) || !read(&efConstruction))
        return false;
    const size_t linksLevel0 = maxM0 * sizeof(unsigned int) + sizeof(unsigned int);
    const size_t linksPerElement = maxM * sizeof(unsigned int) + sizeof(unsigned int);
    if (maxM0 == 0 || maxM == 0 || maxM0 > 4096 || maxM > 4096
        || sizePerElement != linksLevel0 + dimension * sizeof(float) + sizeof(hnswlib::labeltype))
        return false;
    qint64 position = file.pos();
    if (count > size_t(total) / sizePerElement)
        return false;
    position += qint64(count * sizePerElement);
    for (size_t i = 0; i < count; ++i) {
        unsigned int linkListSize = 0;
        if (position + qint64(sizeof(linkListSize)) > total || !file.seek(position) || !read(&linkListSize))
            return false;
        if (linkListSize % linksPerElement != 0)
            return false;
        position += qint64(sizeof(linkListSize)) + qint64(linkListSize);
    }
    return position == total;
}
} // namespace

struct VectorIndex::Private
{
    QString path;
    QString space;
    int dimension = 0;
    RecallSourceKind kind = RecallSourceKind::Memory;
    Origin origin = Origin::Rebuilt;
    std::atomic<qint64> generation{0};
    mutable QReadWriteLock lock;
    std::unique_ptr<hnswlib::InnerProductSpace> metric;
    std::unique_ptr<hnswlib::HierarchicalNSW<float>> hnsw;

    void create(size_t capacity)
    {
        hnsw = std::make_unique<hnswlib::HierarchicalNSW<float>>(metric.get(), qMax<size_t>(capacity, 1024), M, EfConstruction);
        hnsw->setEf(EfSearch);
    }

    /// Caller holds the write lock (or owns the index alone).
    void ensureRoom(size_t more)
    {
        const size_t needed = hnsw->cur_element_count + more;
        if (needed > hnsw->max_elements_)
            hnsw->resizeIndex(qMax(needed, hnsw->max_elements_ * 2));
    }

    void addNormalized(qint64 label, QVector<float> vector)
    {
        normalizeVector(vector);
        hnsw->addPoint(vector.constData(), hnswlib::labeltype(label));
    }

    void removeLocked(qint64 label)
    {
        const auto found = hnsw->label_lookup_.find(hnswlib::labeltype(label));
        if (found != hnsw->label_lookup_.end() && !hnsw->isMarkedDeleted(found->second))
            hnsw->markDelete(hnswlib::labeltype(label));
    }

    /// Adds `batch` in parallel: hnswlib inserts distinct labels concurrently. The calling thread
    /// works too, so the batch completes even when every pool thread is busy elsewhere. Caller
    /// made room. The first exception (hnswlib throws on a full index) is rethrown here.
    void addBatch(const QList<QPair<qint64, QVector<float>>> &batch)
    {
        const int helpers = qMin(buildPool().maxThreadCount(), 8) - 1;
        if (helpers <= 0 || batch.size() < 256) {
            for (const auto &[label, vector] : batch)
                addNormalized(label, vector);
            return;
        }
        std::atomic<qsizetype> next{0};
        std::atomic<bool> failed{false};
        std::exception_ptr error;
        QMutex errorMutex;
        auto work = [&] {
            try {
                for (qsizetype i = next++; i < batch.size() && !failed; i = next++)
                    addNormalized(batch.at(i).first, batch.at(i).second);
            } catch (...) {
                QMutexLocker locked(&errorMutex);
                if (!failed.exchange(true))
                    error = std::current_exception();
            }
        };
        // Shared: a helper may still be inside release() when the caller's acquire() returns.
        auto finished = std::make_shared<QSemaphore>();
        int started = 0;
        for (int t = 0; t < helpers; ++t) {
            // tryStart: a helper only when a thread is free now; the caller covers the rest.
            if (buildPool().tryStart([&work, finished] {
                    work();
                    finished->release();
                }))
                ++started;
        }
        work();
        finished->acquire(started);
        if (error)
            std::rethrow_exception(error);
    }

    Result<void> rebuild(const VectorStore &store)
    {
        Result<VectorSpaceState> state = store.spaceState(kind, space);
        if (state.hasError())
            return state.error();
        create(size_t(state->items * 5 / 4) + 16);
        QList<QPair<qint64, QVector<float>>> batch;
        const size_t dim = size_t(dimension);
        bool wrongLength = false;
        std::optional<Error> failure;
        auto flush = [&] {
            if (failure)
                return;
            try {
                ensureRoom(size_t(batch.size()));
                addBatch(batch);
            } catch (const std::exception &error) {
                failure = Error(QStringLiteral("memory.io"), QString::fromLocal8Bit(error.what()), path);
            }
            batch.clear();
        };
        const Result<void> read = store.forEachVector(kind, space, 0, [&](const VectorItem &item, const QVector<float> &vector) {
            if (size_t(vector.size()) != dim) {
                wrongLength = true;
                return;
            }
            batch.append({item.label, vector});
            if (batch.size() >= 4096)
                flush();
        });
        if (read.hasError())
            return read.error();
        flush();
        if (failure)
            return *failure;
        if (wrongLength)
            return Error(QStringLiteral("memory.corrupt"),
                         Text::tr("the vector store holds vectors of another length for %1").arg(space), path);
        generation = state->generation;
        return success();
    }

    Result<bool> load()
    {
        QFile metaFile(path + QStringLiteral(".meta"));
        if (!metaFile.open(QIODevice::ReadOnly) || !QFileInfo::exists(path))
            return false;
        const QJsonObject meta = QJsonDocument::fromJson(metaFile.readAll()).object();
        if (meta.value(QLatin1String("version")).toInt() != FormatVersion
            || meta.value(QLatin1String("space")).toString() != space
            || meta.value(QLatin1String("dimension")).toInt() != dimension
            || meta.value(QLatin1String("kind")).toString() != kindName(kind))
            return false;
        if (!wellFormed(path, size_t(dimension)))
            return false;
        try {
            // hnswlib 0.6.2's loading constructor leaves the deleted count uninitialised (and
            // loadIndex() adds to it): start from zero, then load.
            auto loaded = std::make_unique<hnswlib::HierarchicalNSW<float>>(metric.get());
            loaded->num_deleted_ = 0;
            try {
                loaded->loadIndex(QFile::encodeName(path).toStdString(), metric.get());
            } catch (...) {
                (void)loaded.release();
                throw;
            }
            // hnswlib takes the vector length from the metric, not the file: a file of another
            // length would be misread, so compare the element size it recorded.
            if (loaded->size_data_per_element_ != loaded->size_links_level0_ + metric->get_data_size() + sizeof(hnswlib::labeltype))
                return false;
            hnsw = std::move(loaded);
        } catch (const std::exception &) {
            // Not reached for a file wellFormed() accepted; a half-loaded hnswlib object
            // cannot be destroyed safely, so it is given up rather than freed.
            return false;
        }
        hnsw->setEf(EfSearch);
        generation = qint64(meta.value(QLatin1String("generation")).toDouble());
        return true;
    }

    /// Deletes temporary files an interrupted save left (older than an hour, so a save running
    /// in another process right now keeps its own).
    void sweepTemporaries() const
    {
        const QFileInfo info(path);
        const QDateTime cutoff = QDateTime::currentDateTimeUtc().addSecs(-3600);
        const QStringList leftovers = info.dir().entryList({info.fileName() + QStringLiteral(".tmp-*")}, QDir::Files);
        for (const QString &name : leftovers) {
            const QString file = info.dir().filePath(name);
            if (QFileInfo(file).lastModified().toUTC() < cutoff)
                QFile::remove(file);
        }
    }
};

VectorIndex::VectorIndex(std::unique_ptr<Private> data) : d(std::move(data)) {}
VectorIndex::~VectorIndex() = default;

Result<std::shared_ptr<VectorIndex>> VectorIndex::open(const QString &path, const VectorStore &store, RecallSourceKind kind,
                                                       const QString &space, int dimension)
{
    if (dimension <= 0)
        return Error(QStringLiteral("memory.invalid"), Text::tr("a vector index needs a length"), path);
    auto d = std::make_unique<Private>();
    d->path = path;
    d->space = space;
    d->dimension = dimension;
    d->kind = kind;
    d->metric = std::make_unique<hnswlib::InnerProductSpace>(size_t(dimension));
    d->sweepTemporaries();
    Result<bool> loaded = d->load();
    std::shared_ptr<VectorIndex> index(new VectorIndex(std::move(d)));
    if (loaded.ok() && *loaded) {
        const qint64 before = index->d->generation;
        index->d->origin = Origin::Loaded;
        const Result<void> caught = index->catchUp(store);
        if (caught.hasError())
            return caught.error();
        if (index->d->generation != before && index->d->origin == Origin::Loaded)
            index->d->origin = Origin::CaughtUp;
        return index;
    }
    index->d->origin = Origin::Rebuilt;
    const Result<void> rebuilt = index->d->rebuild(store);
    if (rebuilt.hasError())
        return rebuilt.error();
    return index;
}

QString VectorIndex::path() const { return d->path; }
QString VectorIndex::space() const { return d->space; }
int VectorIndex::dimension() const { return d->dimension; }
RecallSourceKind VectorIndex::kind() const { return d->kind; }
VectorIndex::Origin VectorIndex::origin() const { return d->origin; }
qint64 VectorIndex::generation() const { return d->generation; }

qint64 VectorIndex::size() const
{
    QReadLocker lock(&d->lock);
    return qint64(d->hnsw->cur_element_count) - qint64(d->hnsw->num_deleted_);
}

Result<void> VectorIndex::add(qint64 label, const QVector<float> &vector)
{
    if (vector.size() != d->dimension)
        return Error(QStringLiteral("embedding.dimension-mismatch"),
                     Text::tr("a vector of %1 dimensions for an index of %2").arg(vector.size()).arg(d->dimension), d->path);
    QWriteLocker lock(&d->lock);
    try {
        d->ensureRoom(1);
        d->addNormalized(label, vector);
    } catch (const std::exception &error) {
        return Error(QStringLiteral("memory.io"), QString::fromLocal8Bit(error.what()), d->path);
    }
    return success();
}

void VectorIndex::remove(qint64 label)
{
    QWriteLocker lock(&d->lock);
    d->removeLocked(label);
}

Result<void> VectorIndex::catchUp(const VectorStore &store)
{
    Result<VectorSpaceState> state = store.spaceState(d->kind, d->space);
    if (state.hasError())
        return state.error();
    const qint64 from = d->generation;
    if (state->generation == from)
        return success();
    Result<QList<qint64>> removed = store.removedSince(d->kind, d->space, from);
    if (removed.hasError())
        return removed.error();
    QList<QPair<qint64, QVector<float>>> added;
    const Result<void> read = store.forEachVector(d->kind, d->space, from, [&](const VectorItem &item, const QVector<float> &vector) {
        if (vector.size() == d->dimension)
            added.append({item.label, vector});
    });
    if (read.hasError())
        return read.error();
    QWriteLocker lock(&d->lock);
    // Dead weight past half the index: a rebuild is smaller and faster to search.
    const qint64 elements = qint64(d->hnsw->cur_element_count) + added.size();
    const qint64 deleted = qint64(d->hnsw->num_deleted_) + removed->size();
    if (elements > 1000 && deleted * 2 > elements) {
        d->origin = Origin::Rebuilt;
        return d->rebuild(store);
    }
    try {
        d->ensureRoom(size_t(added.size()));
        d->addBatch(added);
        for (const qint64 label : std::as_const(*removed))
            d->removeLocked(label);
    } catch (const std::exception &error) {
        return Error(QStringLiteral("memory.io"), QString::fromLocal8Bit(error.what()), d->path);
    }
    // The state was read before the changes, so this never claims more than was applied.
    d->generation = qMax(from, state->generation);
    return success();
}

QList<QPair<qint64, float>> VectorIndex::search(const QVector<float> &query, int k, int explore) const
{
    QList<QPair<qint64, float>> hits;
    if (query.size() != d->dimension || k <= 0)
        return hits;
    QVector<float> normalized = query;
    normalizeVector(normalized);
    QReadLocker lock(&d->lock);
    if (d->hnsw->cur_element_count == 0)
        return hits;
    const size_t candidates = qMax(qMax(size_t(k) * ExploreFactor, EfSearch), size_t(qMax(0, explore)));
    auto queue = d->hnsw->searchKnn(normalized.constData(), candidates);
    while (queue.size() > size_t(k))
        queue.pop();
    hits.reserve(qsizetype(queue.size()));
    while (!queue.empty()) {
        // Inner-product distance is 1 - similarity; the queue yields the farthest first.
        hits.prepend({qint64(queue.top().second), 1.0f - queue.top().first});
        queue.pop();
    }
    return hits;
}

Result<void> VectorIndex::save() const
{
    const QString temporary = d->path + QStringLiteral(".tmp-%1-%2")
                                            .arg(QCoreApplication::applicationPid())
                                            .arg(quintptr(QThread::currentThreadId()));
    if (!QDir().mkpath(QFileInfo(d->path).absolutePath()))
        return Error(QStringLiteral("memory.io"), Text::tr("cannot create the folder of the vector index"), d->path);
    qint64 generation = 0;
    qint64 count = 0;
    {
        QReadLocker lock(&d->lock);
        generation = d->generation;
        count = qint64(d->hnsw->cur_element_count);
        try {
            d->hnsw->saveIndex(QFile::encodeName(temporary).toStdString());
        } catch (const std::exception &error) {
            QFile::remove(temporary);
            return Error(QStringLiteral("memory.io"), QString::fromLocal8Bit(error.what()), temporary);
        }
    }
    if (QFileInfo(temporary).size() <= 0) {
        QFile::remove(temporary);
        return Error(QStringLiteral("memory.io"), Text::tr("cannot write the vector index"), temporary);
    }
    syncFile(temporary);
    std::error_code failed;
    std::filesystem::rename(std::filesystem::path(QFile::encodeName(temporary).toStdString()),
                            std::filesystem::path(QFile::encodeName(d->path).toStdString()), failed);
    if (failed) {
        QFile::remove(temporary);
        return Error(QStringLiteral("memory.io"),
                     Text::tr("cannot replace the vector index: %1").arg(QString::fromLocal8Bit(failed.message().c_str())),
                     d->path);
    }
    QJsonObject meta{{QStringLiteral("version"), FormatVersion},
                     {QStringLiteral("space"), d->space},
                     {QStringLiteral("dimension"), d->dimension},
                     {QStringLiteral("kind"), kindName(d->kind)},
                     {QStringLiteral("generation"), double(generation)},
                     {QStringLiteral("elements"), double(count)}};
    QSaveFile metaFile(d->path + QStringLiteral(".meta"));
    if (!metaFile.open(QIODevice::WriteOnly) || metaFile.write(QJsonDocument(meta).toJson()) < 0 || !metaFile.commit())
        return Error(QStringLiteral("memory.io"), Text::tr("cannot write the header of the vector index"), metaFile.fileName());
    return success();
}

QString VectorIndex::pathFor(const QString &folderAndPrefix, RecallSourceKind kind, const QString &space)
{
    QString slug = space;
    slug.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("_"));
    const QString digest = QString::fromLatin1(
        QCryptographicHash::hash(space.toUtf8(), QCryptographicHash::Sha256).toHex().left(8));
    return folderAndPrefix + QLatin1Char('.') + kindName(kind) + QLatin1Char('.') + slug.left(60) + QLatin1Char('-')
           + digest + QStringLiteral(".hnsw");
}

} // namespace valis
