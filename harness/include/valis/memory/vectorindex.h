#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/memory/recall.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QVector>

#include <memory>

namespace valis {

class VectorStore;

/// An approximate nearest-neighbour index (hnswlib, cosine: vectors are normalised and
/// compared by inner product) over one vector space of one kind of a VectorStore, persisted in
/// a file beside the store.
///
/// The file is hnswlib's own format (`<path>`), with a small JSON header beside it
/// (`<path>.meta`: format version, space, dimension, kind, the store generation it reflects,
/// element count). Saving writes both to temporary files and renames them into place, the
/// index first: a crash mid-write leaves the previous pair (or a new index with an older
/// header, which only makes the next open catch up from an older generation; catching up is
/// idempotent). Leftover temporary files are deleted on open.
///
/// open() loads the file when its header matches, catches up with the store (adds items newer
/// than its generation, marks removed ones deleted), and rebuilds from the stored vectors when
/// the file is missing, unreadable, for another space, or so stale that catching up would cost
/// more than a rebuild.
///
/// Thread-safe: searches run in parallel; adds, removes and saves take a write lock.
class VALIS_HARNESS_EXPORT VectorIndex
{
public:
    enum class Origin { Loaded, CaughtUp, Rebuilt };

    static Result<std::shared_ptr<VectorIndex>> open(const QString &path, const VectorStore &store,
                                                     RecallSourceKind kind, const QString &space, int dimension);
    ~VectorIndex();
    VectorIndex(const VectorIndex &) = delete;
    VectorIndex &operator=(const VectorIndex &) = delete;

    QString path() const;
    QString space() const;
    int dimension() const;
    RecallSourceKind kind() const;
    /// How open() got the index (for messages and tests).
    Origin origin() const;
    /// The store generation the index reflects.
    qint64 generation() const;
    /// Elements searchable now (added, not removed).
    qint64 size() const;

    /// Adds (or replaces) `label` with `vector` (normalised here); the length must be dimension().
    Result<void> add(qint64 label, const QVector<float> &vector);
    /// Marks `label` deleted: it is never returned again. Unknown labels are ignored.
    void remove(qint64 label);
    /// Brings the index up to the store's generation of its space (no-op when it is there).
    Result<void> catchUp(const VectorStore &store);
    /// Up to `k` labels nearest to `query`, best first, with their cosine similarity.
    /// `explore`: candidates the search keeps (hnswlib's ef) when more than the default
    /// (max(128, 3k)): more recall for more time.
    QList<QPair<qint64, float>> search(const QVector<float> &query, int k, int explore = 0) const;
    /// Writes the index and its header (atomically, see above), recording generation().
    Result<void> save() const;

    /// The file of `space` for `kind` beside `storeLocation` (a file name made safe, with a
    /// digest of the space so two models never share a file).
    static QString pathFor(const QString &folderAndPrefix, RecallSourceKind kind, const QString &space);

private:
    struct Private;
    explicit VectorIndex(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

} // namespace valis
