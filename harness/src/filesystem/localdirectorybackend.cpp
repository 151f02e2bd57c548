#include "valis/filesystem/localdirectorybackend.h"

#include "backendmessages.h"
#include "realpath.h"

#include <QDir>
#include <QFileInfo>

#ifdef Q_OS_LINUX
#include "confinedroot.h"

#include <QFile>
#include <QRandomGenerator>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace valis {

using namespace filesystem;

LocalDirectoryBackend::LocalDirectoryBackend(const QString &root, const QString &description, bool createRoot,
                                             bool readOnly)
    : m_root(QDir::cleanPath(QDir(root).absolutePath())), m_description(description), m_createRoot(createRoot),
      m_readOnly(readOnly)
{
#ifdef Q_OS_LINUX
    m_confined = std::make_shared<ConfinedRoot>(m_root);
#endif
}

Result<QString> LocalDirectoryBackend::confinedPath(const QString &path) const
{
    const Result<Target> target = locate(m_root, m_description, path);
    if (target.hasError())
        return target.error();
    return target->real;
}

Result<void> LocalDirectoryBackend::readyToWrite(const QString &path)
{
    if (m_readOnly)
        return readOnlyError(path, m_description, QStringLiteral("written"));
    if (path.isEmpty())
        return rootIsAFolderError(path, m_description);
    if (!QFileInfo::exists(m_root)) {
        if (!m_createRoot)
            return missingRootError(path, m_description);
        if (!QDir().mkpath(m_root))
            return rootNotCreatedError(path, m_description);
    }
    return success();
}

#ifdef Q_OS_LINUX
// Every access opens its path beneath the root's descriptor (ConfinedRoot), and then works on
// the descriptor it got: what was checked is what is read, written or listed, whatever is
// swapped in on the way. The portable implementation is in localdirectorybackend_portable.cpp.

namespace {

QString errnoText(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

FileEntry::Type typeOf(const struct stat &status)
{
    if (S_ISDIR(status.st_mode))
        return FileEntry::Type::Directory;
    if (S_ISREG(status.st_mode))
        return FileEntry::Type::File;
    return FileEntry::Type::Other;
}

void describe(FileEntry &entry, const struct stat &status)
{
    entry.type = typeOf(status);
    entry.size = S_ISREG(status.st_mode) ? qint64(status.st_size) : 0;
    entry.modified = QDateTime::fromMSecsSinceEpoch(qint64(status.st_mtim.tv_sec) * 1000 + status.st_mtim.tv_nsec / 1000000);
}

std::pair<QString, QString> splitLast(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    if (slash < 0)
        return {QString(), path};
    return {path.left(slash), path.mid(slash + 1)};
}

QString childPath(const QString &folder, const QString &name)
{
    return folder.isEmpty() ? name : folder + QLatin1Char('/') + name;
}

/// Reads from `fd` at `offset` until `maxBytes` (-1: the end).
Result<QByteArray> readAll(int fd, qint64 offset, qint64 maxBytes, qint64 sizeHint, const QString &path)
{
    QByteArray bytes;
    const qint64 left = std::max<qint64>(sizeHint - std::max<qint64>(offset, 0), 0);
    const qint64 expected = maxBytes >= 0 ? std::min(maxBytes, left) : left;
    bytes.reserve(qsizetype(std::min<qint64>(expected, qint64(64) << 20)) + 1);
    char buffer[65536];
    qint64 position = std::max<qint64>(offset, 0);
    while (maxBytes < 0 || bytes.size() < maxBytes) {
        const size_t want = maxBytes < 0 ? sizeof buffer : size_t(std::min<qint64>(qint64(sizeof buffer), maxBytes - bytes.size()));
        const ssize_t got = ::pread(fd, buffer, want, off_t(position));
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return ioError(path, QStringLiteral("read"), errnoText(errno));
        }
        if (got == 0)
            break;
        bytes.append(buffer, qsizetype(got));
        position += got;
    }
    return bytes;
}

Error refusal(const QString &path, int error, const QString &doing, const QString &description)
{
    switch (error) {
    case EXDEV:
        return outsideError(path, description);
    case ENOENT:
    case ENOTDIR:
        return notFoundError(path);
    case ELOOP:
        return ioError(path, doing, QStringLiteral("too many levels of symbolic links"));
    default:
        return ioError(path, doing, errnoText(error));
    }
}

/// Where a write puts its file: the folder, held open, and the name in it.
struct Placement
{
    UniqueFd folder = {};
    QByteArray name = {};
};

bool isLinkAt(const Placement &placement)
{
    struct stat status;
    return ::fstatat(placement.folder.get(), placement.name.constData(), &status, AT_SYMLINK_NOFOLLOW) == 0
           && S_ISLNK(status.st_mode);
}

/// The folder (created when missing) and name a write of `path` replaces; never a link.
Result<Placement> place(const ConfinedRoot &root, const QString &path, const QString &description)
{
    const auto folderError = [&](int error) -> Error {
        switch (error) {
        case EXDEV:
            return outsideError(path, description);
        case ENOTDIR:
            return fileInTheWayError(path);
        default:
            return folderNotCreatedError(path);
        }
    };
    {
        const auto [folder, name] = splitLast(path);
        Opened parent = root.folder(folder, true);
        if (parent.ok()) {
            Placement placement{std::move(parent.fd), QFile::encodeName(name)};
            if (!isLinkAt(placement))
                return placement;
        } else if (parent.error != EXDEV && parent.error != ELOOP) {
            return folderError(parent.error);
        }
    }
    // Through a link (a file written through an alias, or a folder that is one): the path the
    // links lead to, checked by names and then opened without following any link.
    const auto [canonical, refused] = root.canonical(path);
    if (refused != 0)
        return folderError(refused);
    if (canonical.isEmpty())
        return rootIsAFolderError(path, description);
    const auto [folder, name] = splitLast(canonical);
    Opened parent = root.folder(folder, true);
    if (!parent.ok())
        return folderError(parent.error == ELOOP ? EXDEV : parent.error);
    Placement placement{std::move(parent.fd), QFile::encodeName(name)};
    if (isLinkAt(placement))
        return outsideError(path, description); // swapped in since the check
    return placement;
}

} // namespace

Result<FileEntry> LocalDirectoryBackend::stat(const QString &path) const
{
    FileEntry entry;
    entry.path = path;
    const Opened opened = m_confined->open(path, O_PATH);
    if (!opened.ok()) {
        // A folder that appears on first write looks empty until then, not missing.
        if (path.isEmpty() && m_createRoot && opened.error == ENOENT) {
            entry.type = FileEntry::Type::Directory;
            return entry;
        }
        return refusal(path, opened.error, QStringLiteral("reached"), m_description);
    }
    struct stat status;
    if (::fstat(opened.fd.get(), &status) != 0)
        return refusal(path, errno, QStringLiteral("reached"), m_description);
    describe(entry, status);
    return entry;
}

Result<QList<FileEntry>> LocalDirectoryBackend::list(const QString &path) const
{
    Opened opened = m_confined->open(path, O_RDONLY | O_DIRECTORY);
    if (!opened.ok()) {
        switch (opened.error) {
        case ENOENT:
            if (path.isEmpty() && m_createRoot)
                return QList<FileEntry>();
            return folderNotFoundError(path);
        case ENOTDIR:
            // The path itself is a file, or a file stands where a folder is on the way.
            if (m_confined->open(path, O_PATH).ok())
                return isAFileError(path);
            return folderNotFoundError(path);
        case EACCES:
            return unreadableFolderError(path);
        default:
            return refusal(path, opened.error, QStringLiteral("listed"), m_description);
        }
    }
    DIR *dir = ::fdopendir(opened.fd.get());
    if (!dir)
        return refusal(path, errno, QStringLiteral("listed"), m_description);
    opened.fd.release(); // the DIR owns it now: closedir() closes it
    struct Child
    {
        QString name;
        struct stat status;
        bool found = false;
    };
    QList<Child> children;
    const int directory = ::dirfd(dir);
    while (const dirent *entry = ::readdir(dir)) {
        const char *name = entry->d_name;
        if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0)))
            continue;
        Child child{QFile::decodeName(name), {}, false};
        child.found = ::fstatat(directory, name, &child.status, AT_SYMLINK_NOFOLLOW) == 0;
        children.append(std::move(child));
    }
    ::closedir(dir);
    // Plain code-point order: the same on every machine and locale.
    std::sort(children.begin(), children.end(), [](const Child &a, const Child &b) { return a.name < b.name; });

    QList<FileEntry> entries;
    entries.reserve(children.size());
    for (const Child &child : std::as_const(children)) {
        if (!child.found)
            continue; // removed since it was listed
        FileEntry entry;
        entry.path = childPath(path, child.name);
        if (!S_ISLNK(child.status.st_mode)) {
            describe(entry, child.status);
            entries.append(entry);
            continue;
        }
        // A link is shown as what it points to only when that is inside and exists; the others
        // stay links, which every other call refuses or reports as missing.
        const Opened target = m_confined->open(entry.path, O_PATH);
        struct stat status;
        if (target.ok() && ::fstat(target.fd.get(), &status) == 0)
            describe(entry, status);
        else
            entry.type = FileEntry::Type::Symlink;
        entries.append(entry);
    }
    return entries;
}

Result<int> LocalDirectoryBackend::openFolderDescriptor(const QString &path) const
{
    Opened opened = m_confined->open(path, O_RDONLY | O_DIRECTORY);
    if (!opened.ok())
        return refusal(path, opened.error, QStringLiteral("listed"), m_description);
    return opened.fd.release();
}

Result<int> LocalDirectoryBackend::openFileDescriptor(const QString &path) const
{
    // O_NONBLOCK as in read(): a FIFO swapped in must not block the open.
    Opened opened = m_confined->open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (!opened.ok())
        return refusal(path, opened.error, QStringLiteral("read"), m_description);
    return opened.fd.release();
}

Result<QByteArray> LocalDirectoryBackend::read(const QString &path, qint64 offset, qint64 maxBytes) const
{
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
    const Opened opened = m_confined->open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (!opened.ok())
        return refusal(path, opened.error, QStringLiteral("read"), m_description);
    struct stat status;
    if (::fstat(opened.fd.get(), &status) != 0)
        return refusal(path, errno, QStringLiteral("read"), m_description);
    if (S_ISDIR(status.st_mode))
        return isAFolderError(path);
    if (!S_ISREG(status.st_mode))
        return notRegularForReadError(path);
    // A file with several hard links is read like any other: see "Confinement" in the README.
    return readAll(opened.fd.get(), offset, maxBytes, qint64(status.st_size), path);
}

Result<void> LocalDirectoryBackend::write(const QString &path, const QByteArray &content)
{
    const Result<void> ready = readyToWrite(path);
    if (ready.hasError())
        return ready;
    const Result<Placement> placed = place(*m_confined, path, m_description);
    if (placed.hasError())
        return placed.error();
    const int folder = placed->folder.get();
    const char *name = placed->name.constData();

    struct stat old;
    const bool exists = ::fstatat(folder, name, &old, AT_SYMLINK_NOFOLLOW) == 0;
    if (exists) {
        if (S_ISDIR(old.st_mode))
            return isAFolderError(path);
        if (!S_ISREG(old.st_mode))
            return notRegularForWriteError(path);
        if (old.st_nlink > 1)
            return hardLinkedError(path, qint64(old.st_nlink));
    }

    // A new file beside the old one, then renamed over it within the same folder descriptor: a
    // reader sees the old content or the new, and a link swapped in for the name is replaced,
    // never followed.
    QByteArray temporary;
    UniqueFd file;
    for (int attempt = 0; attempt < 16 && !file.valid(); ++attempt) {
        temporary = ".valis-write-" + QByteArray::number(QRandomGenerator::global()->generate64(), 16) + ".tmp";
        file = UniqueFd(::openat(folder, temporary.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                                 exists ? (old.st_mode & 07777) : 0666));
        if (!file.valid() && errno != EEXIST)
            break;
    }
    if (!file.valid())
        return ioError(path, QStringLiteral("written"), errnoText(errno));
    const auto abandon = [&](int error) {
        ::unlinkat(folder, temporary.constData(), 0);
        return ioError(path, QStringLiteral("written"), errnoText(error));
    };
    qsizetype written = 0;
    while (written < content.size()) {
        const ssize_t put = ::write(file.get(), content.constData() + written, size_t(content.size() - written));
        if (put < 0 && errno == EINTR)
            continue;
        if (put < 0)
            return abandon(errno);
        written += put;
    }
    // The creation mode went through the umask; the replacement keeps the old file's mode
    // (a script stays executable).
    if (exists && ::fchmod(file.get(), old.st_mode & 07777) != 0)
        return abandon(errno);
    if (::fsync(file.get()) != 0)
        return abandon(errno);
    file = UniqueFd();
    if (::renameat(folder, temporary.constData(), folder, name) != 0) {
        const int error = errno;
        if (error == EISDIR)
            return isAFolderError(path);
        return abandon(error);
    }
    return success();
}

Result<void> LocalDirectoryBackend::remove(const QString &path)
{
    if (m_readOnly)
        return readOnlyError(path, m_description, QStringLiteral("removed"));
    if (path.isEmpty())
        return rootCannotBeRemovedError(path, m_description);
    // The last component is removed itself, even when it is a link (like rm): only the folder
    // holding it has to be inside.
    const auto [folderPath, name] = splitLast(path);
    const Opened folder = m_confined->open(folderPath, O_PATH | O_DIRECTORY);
    if (!folder.ok()) {
        if (folder.error == EXDEV)
            return removeOutsideError(path, m_description, QStringLiteral("fs.outside"));
        return refusal(path, folder.error, QStringLiteral("removed"), m_description);
    }
    const QByteArray native = QFile::encodeName(name);
    struct stat status;
    if (::fstatat(folder.fd.get(), native.constData(), &status, AT_SYMLINK_NOFOLLOW) != 0)
        return refusal(path, errno, QStringLiteral("removed"), m_description);
    if (S_ISDIR(status.st_mode)) {
        if (::unlinkat(folder.fd.get(), native.constData(), AT_REMOVEDIR) == 0)
            return success();
        if (errno == ENOTEMPTY || errno == EEXIST)
            return folderNotEmptyError(path);
        return folderNotRemovedError(path);
    }
    if (::unlinkat(folder.fd.get(), native.constData(), 0) != 0) {
        if (errno == EISDIR)
            return folderNotEmptyError(path); // a folder swapped in for the file
        return refusal(path, errno, QStringLiteral("removed"), m_description);
    }
    return success();
}
#endif // Q_OS_LINUX

} // namespace valis
