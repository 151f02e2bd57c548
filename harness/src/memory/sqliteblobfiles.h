#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QMutex>
#include <QString>

namespace valis::memory {

/// The large contents of a SQLite DetailStore: one file per distinct content, named by its
/// SHA-256 ("3f/3f9a2c..."), in a folder beside the database.
///
/// Files are written atomically (QSaveFile) before the row that refers to them, so a crash
/// leaves at most a file nobody refers to. Every read checks the SHA-256; a verified content is
/// kept in a small cache (a whole-file hash costs about 20 ms for 5 MB here, and a model pages
/// through a large output a page at a time) for as long as the file's size and modification
/// time stay the same, so a damaged or replaced file is noticed on the next read.
class SqliteBlobFiles
{
public:
    explicit SqliteBlobFiles(QString directory);

    QString directory() const { return m_directory; }
    /// "3f/3f9a2c...": where the content with this hex SHA-256 lives, relative to directory().
    static QString relativePathFor(const QString &sha256);

    /// Makes sure the file for `content` exists, whole, writing it when it is missing or has
    /// the wrong size. Idempotent; safe against other processes writing the same file.
    Result<void> store(const QString &sha256, const QByteArray &content);
    /// The content of `relativePath`, verified against `sha256` ("memory.corrupt" otherwise).
    Result<QByteArray> load(const QString &relativePath, const QString &sha256, const QString &key);

    /// Moves a file out of the way before a purge commits (see SqliteDetailStore::purge): the
    /// returned path is passed to discard() once committed, or restore() if not.
    Result<QString> retire(const QString &relativePath);
    void restore(const QString &retiredPath, const QString &relativePath);
    void discard(const QString &retiredPath);

    /// Verified contents kept at most (bytes); larger single contents are not kept.
    static constexpr qint64 cacheBudgetBytes = 64 * 1024 * 1024;

private:
    struct Cached
    {
        QByteArray content;
        qint64 fileSize = 0;
        QDateTime modified;
        quint64 lastUse = 0;
    };
    QString absolutePath(const QString &relativePath) const;
    void remember(const QString &sha256, const Cached &entry);

    QString m_directory;
    QMutex m_mutex;
    QHash<QString, Cached> m_cache;
    qint64 m_cachedBytes = 0;
    quint64 m_uses = 0;
};

} // namespace valis::memory
