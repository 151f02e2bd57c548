#include "valis/memory/memoriesbackend.h"

#include "../filesystem/pathtext.h"
#include "valis/memory/detailstore.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QCoreApplication>
#include <QFileInfo>
#include <QMap>
#include <QSet>

#include <algorithm>

namespace valis {

// Messages of the FilesystemBackend calls go back to the model (through the file tools), which
// reads English best; they are not tr()'d. Paths in them are quoted with quotedPath() so the
// AgentFilesystem can put back the path as the agent wrote it. importLocalFolder() speaks to a
// person, so its messages are translated.

using filesystem::quotedPath;

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::DetailStoreMemoriesBackend)
};

QString shown(const QString &path)
{
    return quotedPath(path.isEmpty() ? QStringLiteral(".") : path);
}

/// A store failure as a filesystem error: a missing record is a missing file, everything else
/// (a broken connection, a failed checksum) an I/O error that keeps the store's reason.
Error fsError(const Error &storeError, const QString &path, const QString &doing)
{
    if (storeError.code == QLatin1String("memory.not-found") || storeError.code == QLatin1String("memory.unknown-key"))
        return Error(QStringLiteral("fs.not-found"), QStringLiteral("%1 does not exist.").arg(shown(path)), path);
    // The store's own checks, made inside its write transaction, for what another writer did
    // between this backend's look and its write.
    if (storeError.code == QLatin1String("memory.conflict"))
        return Error(QStringLiteral("fs.conflict"),
                     QStringLiteral("%1 was changed by another writer (another session or process) since you last read it, so "
                                    "nothing was written. Read it again and redo your change.")
                         .arg(shown(path)),
                     path);
    if (storeError.code == QLatin1String("memory.path-is-folder"))
        return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("%1 is a folder, not a file.").arg(shown(path)), path);
    if (storeError.code == QLatin1String("memory.path-under-file"))
        return Error(QStringLiteral("fs.not-a-directory"),
                     QStringLiteral("%1 cannot be written: one of its folders is a file.").arg(shown(path)), path);
    return Error(QStringLiteral("fs.io"), QStringLiteral("%1 cannot be %2: %3").arg(shown(path), doing, storeError.message), path);
}

/// What the store holds at and under one path.
struct Lookup
{
    const MemoryRecord *file = nullptr; ///< the active file at exactly the path
    bool hasChildren = false;           ///< some file lies under "path/"
};

Lookup lookUp(const QList<MemoryRecord> &records, const QString &path)
{
    Lookup lookup;
    const QString folder = path.isEmpty() ? QString() : path + QLatin1Char('/');
    for (const MemoryRecord &record : records) {
        if (record.path == path && !path.isEmpty())
            lookup.file = &record;
        else if (record.path.startsWith(folder))
            lookup.hasChildren = true;
    }
    return lookup;
}

bool validComponents(const QString &path)
{
    if (path.isEmpty())
        return true;
    const QStringList components = path.split(QLatin1Char('/'));
    return std::none_of(components.cbegin(), components.cend(), [](const QString &name) {
        return name.isEmpty() || name == QLatin1String(".") || name == QLatin1String("..");
    });
}

Error outside(const QString &path)
{
    return Error(QStringLiteral("fs.outside"),
                 QStringLiteral("%1 is not a normalised path inside /memories/.").arg(shown(path)), path);
}

} // namespace

DetailStoreMemoriesBackend::DetailStoreMemoriesBackend(std::shared_ptr<DetailStore> store, QString agentId, QString sessionId)
    : m_store(std::move(store)), m_agentId(std::move(agentId)), m_sessionId(std::move(sessionId))
{
}

QString DetailStoreMemoriesBackend::description() const
{
    return QStringLiteral("memories folder /memories/");
}

Result<FileEntry> DetailStoreMemoriesBackend::stat(const QString &path) const
{
    if (!validComponents(path))
        return outside(path);
    FileEntry entry;
    entry.path = path;
    entry.type = FileEntry::Type::Directory;
    if (path.isEmpty())
        return entry; // the root always exists, empty until the first write
    // Every file whose path starts with `path` is the exact file and what lies under the folder.
    const Result<QList<MemoryRecord>> records = m_store->listFiles(m_agentId, path);
    if (records.hasError())
        return fsError(records.error(), path, QStringLiteral("looked up"));
    const Lookup lookup = lookUp(*records, path);
    if (lookup.file) {
        remember(path, lookup.file->sha256);
        entry.type = FileEntry::Type::File;
        entry.size = lookup.file->sizeBytes;
        entry.modified = lookup.file->createdAt;
        return entry;
    }
    if (!lookup.hasChildren) {
        remember(path, QString());
        return Error(QStringLiteral("fs.not-found"), QStringLiteral("%1 does not exist.").arg(shown(path)), path);
    }
    for (const MemoryRecord &record : *records) {
        if (record.path.startsWith(path + QLatin1Char('/')) && record.createdAt > entry.modified)
            entry.modified = record.createdAt;
    }
    return entry;
}

Result<QList<FileEntry>> DetailStoreMemoriesBackend::list(const QString &path) const
{
    if (!validComponents(path))
        return outside(path);
    const QString folder = path.isEmpty() ? QString() : path + QLatin1Char('/');
    // Listing "notes" also fetches "notes" itself (and "notes.md"), to tell a file from a
    // missing folder.
    const Result<QList<MemoryRecord>> records = m_store->listFiles(m_agentId, path);
    if (records.hasError())
        return fsError(records.error(), path, QStringLiteral("listed"));
    const Lookup lookup = lookUp(*records, path);
    if (!path.isEmpty() && !lookup.hasChildren) {
        if (lookup.file)
            return Error(QStringLiteral("fs.not-a-directory"), QStringLiteral("%1 is a file, not a folder.").arg(shown(path)), path);
        return Error(QStringLiteral("fs.not-found"), QStringLiteral("The folder %1 does not exist.").arg(shown(path)), path);
    }
    // By name: QMap orders by code point, the same on every machine and locale.
    QMap<QString, FileEntry> children;
    for (const MemoryRecord &record : *records) {
        if (!record.path.startsWith(folder) || record.path.size() == folder.size())
            continue;
        const QString rest = record.path.mid(folder.size());
        const qsizetype slash = rest.indexOf(QLatin1Char('/'));
        const QString name = slash < 0 ? rest : rest.left(slash);
        const bool seen = children.contains(name);
        FileEntry &entry = children[name];
        entry.path = folder + name;
        if (slash < 0) {
            // A file and a folder of one name (written by another client) show as the file,
            // which is what read() serves.
            entry.type = FileEntry::Type::File;
            entry.size = record.sizeBytes;
            entry.modified = record.createdAt;
        } else if (!seen || entry.type == FileEntry::Type::Directory) {
            // A folder's time is its newest file's.
            entry.type = FileEntry::Type::Directory;
            if (!seen || record.createdAt > entry.modified)
                entry.modified = record.createdAt;
        }
    }
    return children.values();
}

Result<QByteArray> DetailStoreMemoriesBackend::read(const QString &path, qint64 offset, qint64 maxBytes) const
{
    if (!validComponents(path))
        return outside(path);
    if (path.isEmpty())
        return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("%1 is a folder, not a file.").arg(shown(path)), path);
    if (offset < 0)
        offset = 0;
    if (offset == 0 && maxBytes < 0) {
        const Result<MemoryRecord> record = m_store->readFile(m_agentId, path);
        if (record.ok()) {
            remember(path, record->sha256);
            return record->content;
        }
        if (record.error().code != QLatin1String("memory.not-found"))
            return fsError(record.error(), path, QStringLiteral("read"));
    } else {
        // A slice (read_file pages large files): find the record, then read only those bytes.
        const Result<QList<MemoryRecord>> records = m_store->listFiles(m_agentId, path);
        if (records.hasError())
            return fsError(records.error(), path, QStringLiteral("read"));
        const Lookup lookup = lookUp(*records, path);
        if (lookup.file) {
            remember(path, lookup.file->sha256);
            const qint64 size = lookup.file->sizeBytes;
            if (offset >= size || maxBytes == 0)
                return QByteArray();
            MemoryPageRequest request;
            request.unit = MemoryPageRequest::Unit::Bytes;
            request.offset = offset;
            request.limit = maxBytes < 0 ? size - offset : std::min(maxBytes, size - offset);
            const Result<MemoryPage> page = m_store->read(lookup.file->key, request);
            if (page.hasError())
                return fsError(page.error(), path, QStringLiteral("read"));
            return page->text;
        }
    }
    // Not a file: a folder, or nothing.
    const Result<FileEntry> entry = stat(path);
    if (entry.ok() && entry->isDirectory())
        return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("%1 is a folder, not a file.").arg(shown(path)), path);
    return Error(QStringLiteral("fs.not-found"), QStringLiteral("%1 does not exist.").arg(shown(path)), path);
}

Result<void> DetailStoreMemoriesBackend::write(const QString &path, const QByteArray &content)
{
    if (!validComponents(path))
        return outside(path);
    if (path.isEmpty())
        return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("The root of the %1 is a folder, not a file.").arg(description()), path);

    // Folders are implicit, so nothing stops another client from writing "a" and "a/b"; refuse
    // both here, as a disk would. Every ancestor of "a/b/c" starts with "a".
    const QString top = path.section(QLatin1Char('/'), 0, 0);
    const Result<QList<MemoryRecord>> records = m_store->listFiles(m_agentId, top);
    if (records.hasError())
        return fsError(records.error(), path, QStringLiteral("written"));
    if (lookUp(*records, path).hasChildren)
        return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("%1 is a folder, not a file.").arg(shown(path)), path);
    const QStringList components = path.split(QLatin1Char('/'));
    QString ancestor;
    for (qsizetype i = 0; i + 1 < components.size(); ++i) {
        ancestor += (i ? QStringLiteral("/") : QString()) + components.at(i);
        if (lookUp(*records, ancestor).file) {
            return Error(QStringLiteral("fs.not-a-directory"),
                         QStringLiteral("%1 cannot be written: %2 is a file where a folder is needed.").arg(shown(path), quotedPath(ancestor)),
                         path);
        }
    }

    const std::optional<QString> seen = seenVersion(path);
    Result<MemoryRecord> written = seen ? m_store->writeFileIfUnchanged(m_agentId, path, content, *seen, m_sessionId)
                                        : m_store->writeFile(m_agentId, path, content, m_sessionId);
    if (seen && written.hasError() && written.error().code == QLatin1String("memory.unsupported"))
        written = m_store->writeFile(m_agentId, path, content, m_sessionId); // a store without conditional writes
    if (written.hasError())
        return fsError(written.error(), path, QStringLiteral("written"));
    remember(path, written->sha256);
    ++m_generation;
    return success();
}

Result<void> DetailStoreMemoriesBackend::remove(const QString &path)
{
    if (!validComponents(path))
        return outside(path);
    if (path.isEmpty())
        return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("The root of the %1 cannot be removed.").arg(description()), path);
    const Result<QList<MemoryRecord>> records = m_store->listFiles(m_agentId, path);
    if (records.hasError())
        return fsError(records.error(), path, QStringLiteral("removed"));
    const Lookup lookup = lookUp(*records, path);
    if (lookup.file) {
        const Result<void> removed = m_store->removeFile(m_agentId, path);
        if (removed.hasError())
            return fsError(removed.error(), path, QStringLiteral("removed"));
        remember(path, QString());
        ++m_generation;
        return success();
    }
    if (lookup.hasChildren) {
        return Error(QStringLiteral("fs.io"), QStringLiteral("The folder %1 is not empty; only empty folders can be removed.").arg(shown(path)),
                     path);
    }
    return Error(QStringLiteral("fs.not-found"),
                 QStringLiteral("%1 does not exist (a folder in /memories/ exists only while it holds files, so an emptied "
                                "folder is already gone).")
                     .arg(shown(path)),
                 path);
}

void DetailStoreMemoriesBackend::remember(const QString &path, const QString &sha256) const
{
    const QMutexLocker lock(&m_seenMutex);
    m_seen.insert(path, sha256);
}

std::optional<QString> DetailStoreMemoriesBackend::seenVersion(const QString &path) const
{
    const QMutexLocker lock(&m_seenMutex);
    const auto found = m_seen.constFind(path);
    if (found == m_seen.constEnd())
        return std::nullopt;
    return found.value();
}

Result<int> DetailStoreMemoriesBackend::importLocalFolder(DetailStore *store, const QString &agentId, const QString &folder)
{
    const QFileInfo info(folder);
    if (!info.exists())
        return 0;
    if (!info.isDir()) {
        return Error(QStringLiteral("memory.invalid"),
                     Text::tr("Cannot import memories from %1: it is not a folder.").arg(QDir::toNativeSeparators(folder)));
    }
    const Result<QList<MemoryRecord>> existing = store->listFiles(agentId);
    if (existing.hasError())
        return existing.error();
    QSet<QString> known;
    for (const MemoryRecord &record : *existing)
        known.insert(record.path);

    const QDir root(info.absoluteFilePath());
    // Links are not followed: a link in the old folder could point anywhere on the disk.
    QDirIterator it(root.path(), QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
    QStringList paths;
    while (it.hasNext())
        paths.append(root.relativeFilePath(it.next()));
    std::sort(paths.begin(), paths.end());

    int moved = 0;
    for (const QString &relative : std::as_const(paths)) {
        if (known.contains(relative))
            continue;
        QFile file(root.filePath(relative));
        if (!file.open(QIODevice::ReadOnly)) {
            return Error(QStringLiteral("memory.io"),
                         Text::tr("Cannot import %1: %2").arg(QDir::toNativeSeparators(file.fileName()), file.errorString()));
        }
        const QByteArray content = file.readAll();
        if (file.error() != QFileDevice::NoError) {
            return Error(QStringLiteral("memory.io"),
                         Text::tr("Cannot import %1: %2").arg(QDir::toNativeSeparators(file.fileName()), file.errorString()));
        }
        // A failure leaves the folder in place: the next import skips what already moved.
        const Result<MemoryRecord> written = store->writeFile(agentId, relative, content);
        if (written.hasError())
            return written.error();
        ++moved;
    }

    QString target = root.path() + QStringLiteral(".imported");
    for (int n = 2; QFileInfo::exists(target); ++n)
        target = root.path() + QStringLiteral(".imported-%1").arg(n);
    if (!QDir().rename(root.path(), target)) {
        return Error(QStringLiteral("memory.io"),
                     Text::tr("Imported %1 memory files from %2, but could not rename the folder to %3; remove it by hand "
                              "so it is not imported again.")
                         .arg(QString::number(moved), QDir::toNativeSeparators(root.path()), QDir::toNativeSeparators(target)));
    }
    return moved;
}

} // namespace valis
