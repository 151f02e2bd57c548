#pragma once

#include "valis/filesystem/filesystembackend.h"

#include <QHash>
#include <QMutex>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>

namespace valis {

class DetailStore;

/// /memories/ kept in the DetailStore: each file is the active memory_file record of its agent
/// and path, so memories follow the store (a team on PostgreSQL shares them) and search_memory
/// finds what they say. Folders exist implicitly (a folder is any prefix of a file's path);
/// writes replace the active version and keep the old one inactive.
///
/// Lost updates: the backend remembers, per path, the version it last saw (read, stat, wrote or
/// found missing), and writes a path it has seen only if the store still holds that version
/// (DetailStore::writeFileIfUnchanged(), checked atomically in the store). A change by another
/// session or process in between makes the write fail with "fs.conflict" instead of silently
/// replacing that change; reading the file again clears it. A path never looked at is written
/// unconditionally (the previous version stays in the store, inactive).
class VALIS_HARNESS_EXPORT DetailStoreMemoriesBackend : public FilesystemBackend
{
public:
    DetailStoreMemoriesBackend(std::shared_ptr<DetailStore> store, QString agentId, QString sessionId = {});

    QString description() const override;
    Result<FileEntry> stat(const QString &path) const override;
    Result<QList<FileEntry>> list(const QString &path) const override;
    Result<QByteArray> read(const QString &path, qint64 offset = 0, qint64 maxBytes = -1) const override;
    Result<void> write(const QString &path, const QByteArray &content) override;
    Result<void> remove(const QString &path) override;

    /// Counts writes and removals through this backend, so a session can tell cheaply whether
    /// its memories changed since the prompt was built.
    quint64 generation() const { return m_generation.load(); }
    DetailStore *store() const { return m_store.get(); }
    QString agentId() const { return m_agentId; }

    /// Moves the files of a local /memories/ folder (what Valis used before the DetailStore held
    /// memories) into the store for `agentId`, skipping paths the store already has, then
    /// renames the folder to "<folder>.imported" so they are not imported twice. Returns how
    /// many files moved.
    static Result<int> importLocalFolder(DetailStore *store, const QString &agentId, const QString &folder);

private:
    /// Remembers `sha256` as the version of `path` this backend saw; empty: seen missing.
    void remember(const QString &path, const QString &sha256) const;
    std::optional<QString> seenVersion(const QString &path) const;

    std::shared_ptr<DetailStore> m_store;
    QString m_agentId;
    QString m_sessionId;
    std::atomic<quint64> m_generation{0};
    mutable QMutex m_seenMutex; ///< tools call from worker threads
    mutable QHash<QString, QString> m_seen;
};

} // namespace valis
