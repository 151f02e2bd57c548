#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

namespace valis {

/// One file or folder as a FilesystemBackend reports it.
struct VALIS_HARNESS_EXPORT FileEntry
{
    enum class Type { File, Directory, Symlink, Other };

    QString path;           ///< Relative to the backend's root, '/'-separated; "" is the root.
    Type type = Type::File; ///< A symlink is reported as what it points to when that is inside.
    qint64 size = 0;        ///< Bytes, for files.
    QDateTime modified;

    bool isDirectory() const { return type == Type::Directory; }
};

/// Where one part of the AgentFilesystem keeps its files: a folder on this machine, a remote
/// sandbox's disk, the DetailStore.
///
/// Paths given to a backend are already normalised by the AgentFilesystem: relative to the
/// backend's root, '/'-separated, without "." or ".." components, "" for the root. A backend
/// still refuses anything that would reach outside its root (a symlink pointing out, say) with
/// the error code "fs.outside". Other error codes: "fs.not-found", "fs.not-a-file",
/// "fs.not-a-directory", "fs.exists", "fs.read-only", "fs.hard-linked" (a write to a file with
/// other names), "fs.io", "fs.conflict" (another writer changed the file since this backend read
/// it; see DetailStoreMemoriesBackend). Messages name the path as the
/// agent wrote it when the caller passes that in, so they can go back to the model as they are.
///
/// Thread-safe and synchronous: tools call it from worker threads, never from the GUI thread.
class VALIS_HARNESS_EXPORT FilesystemBackend
{
public:
    virtual ~FilesystemBackend();

    /// For messages and the UI: "workspace /home/me/project", "session scratch".
    virtual QString description() const = 0;
    virtual bool isReadOnly() const { return false; }

    virtual Result<FileEntry> stat(const QString &path) const = 0;
    /// The direct children of the folder `path`, sorted by name.
    virtual Result<QList<FileEntry>> list(const QString &path) const = 0;
    /// At most `maxBytes` bytes from `offset` (-1: to the end).
    virtual Result<QByteArray> read(const QString &path, qint64 offset = 0, qint64 maxBytes = -1) const = 0;
    /// Replaces (or creates) the file atomically, creating missing parent folders: a reader
    /// sees the old content or the new, never half of it.
    virtual Result<void> write(const QString &path, const QByteArray &content) = 0;
    /// Removes a file or an empty folder.
    virtual Result<void> remove(const QString &path) = 0;

    /// The folder on this machine that holds the files, when there is one: tools may then hand
    /// it to a program (ripgrep). Empty for backends whose files are not local files.
    virtual QString localRoot() const { return {}; }

    /// For a walk that reads a local folder's entries itself (readdir, no stat per entry): the
    /// folder `path` opened with the backend's confinement, as a POSIX descriptor (O_RDONLY |
    /// O_DIRECTORY | O_CLOEXEC) the caller owns and closes. Opening by localRoot() + path instead
    /// would follow a folder swapped for a link outside. The error "fs.unsupported" (the default,
    /// and every platform but Linux) means the backend does not confine by descriptor.
    virtual Result<int> openFolderDescriptor(const QString &path) const;
    /// The same for reading a file (O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, no type check:
    /// a folder or a FIFO fails at the first read), for a caller that probes many files and
    /// can do without read()'s checks and copies: the search's binary test of every file
    /// ripgrep names. "fs.unsupported" as above.
    virtual Result<int> openFileDescriptor(const QString &path) const;
};

} // namespace valis
