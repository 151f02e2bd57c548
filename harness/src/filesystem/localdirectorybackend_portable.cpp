// LocalDirectoryBackend where openat2 does not exist (macOS, Windows, the BSDs): today's
// behaviour, a check by path names before each open. A folder swapped for a symbolic link between
// the check and the open can still lead outside there; Linux closes that race in
// localdirectorybackend.cpp.
#include "valis/filesystem/localdirectorybackend.h"

#ifndef Q_OS_LINUX

#include "backendmessages.h"
#include "realpath.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

namespace valis {

using namespace filesystem;

namespace {

FileEntry::Type typeOf(const QFileInfo &info)
{
    if (info.isDir())
        return FileEntry::Type::Directory;
    if (info.isFile())
        return FileEntry::Type::File;
    return FileEntry::Type::Other;
}

} // namespace

Result<int> LocalDirectoryBackend::openFolderDescriptor(const QString &path) const
{
    return FilesystemBackend::openFolderDescriptor(path);
}

Result<int> LocalDirectoryBackend::openFileDescriptor(const QString &path) const
{
    return FilesystemBackend::openFileDescriptor(path);
}

Result<FileEntry> LocalDirectoryBackend::stat(const QString &path) const
{
    const Result<Target> target = locate(m_root, m_description, path);
    if (target.hasError())
        return target.error();
    FileEntry entry;
    entry.path = path;
    if (!target->exists) {
        // A folder that appears on first write looks empty until then, not missing.
        if (path.isEmpty() && m_createRoot) {
            entry.type = FileEntry::Type::Directory;
            return entry;
        }
        return notFoundError(path);
    }
    const QFileInfo info(target->real);
    entry.type = typeOf(info);
    entry.size = info.isFile() ? info.size() : 0;
    entry.modified = info.lastModified();
    return entry;
}

Result<QList<FileEntry>> LocalDirectoryBackend::list(const QString &path) const
{
    const Result<Target> target = locate(m_root, m_description, path);
    if (target.hasError())
        return target.error();
    if (!target->exists) {
        if (path.isEmpty() && m_createRoot)
            return QList<FileEntry>();
        return folderNotFoundError(path);
    }
    const QFileInfo info(target->real);
    if (!info.isDir())
        return isAFileError(path);
    const QDir dir(target->real);
    if (!dir.isReadable())
        return unreadableFolderError(path);
    // Broken links are "system" entries to QDir; they are listed, as links.
    QStringList names = dir.entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Unsorted);
    std::sort(names.begin(), names.end()); // plain code-point order: the same on every machine and locale

    const Result<RealPath> realRoot = resolveReal(QStringLiteral("/"), m_root.split(QLatin1Char('/')));
    QList<FileEntry> entries;
    entries.reserve(names.size());
    for (const QString &name : names) {
        FileEntry entry;
        entry.path = path.isEmpty() ? name : path + QLatin1Char('/') + name;
        const QString local = joined(target->real, name);
        const Node node = inspect(local);
        QString real = local;
        if (node.isLink) {
            const Result<RealPath> resolved = resolveReal(target->real, {name});
            // A link is shown as what it points to only when that is inside and exists; the
            // others stay links, which every other call refuses or reports as missing.
            if (resolved.hasError() || !resolved->exists || realRoot.hasError() || !isInside(resolved->real, realRoot->real)) {
                entry.type = FileEntry::Type::Symlink;
                entries.append(entry);
                continue;
            }
            real = resolved->real;
        }
        const QFileInfo child(real);
        entry.type = typeOf(child);
        entry.size = child.isFile() ? child.size() : 0;
        entry.modified = child.lastModified();
        entries.append(entry);
    }
    return entries;
}

Result<QByteArray> LocalDirectoryBackend::read(const QString &path, qint64 offset, qint64 maxBytes) const
{
    const Result<Target> target = locate(m_root, m_description, path);
    if (target.hasError())
        return target.error();
    if (!target->exists)
        return notFoundError(path);
    const QFileInfo info(target->real);
    if (info.isDir())
        return isAFolderError(path);
    if (!info.isFile())
        return notRegularForReadError(path);
    QFile file(target->real);
    if (!file.open(QIODevice::ReadOnly))
        return ioError(path, QStringLiteral("read"), file.errorString());
    if (offset > 0 && !file.seek(offset))
        return QByteArray();
    QByteArray bytes = maxBytes < 0 ? file.readAll() : file.read(maxBytes);
    if (file.error() != QFileDevice::NoError)
        return ioError(path, QStringLiteral("read"), file.errorString());
    return bytes;
}

Result<void> LocalDirectoryBackend::write(const QString &path, const QByteArray &content)
{
    const Result<void> ready = readyToWrite(path);
    if (ready.hasError())
        return ready;
    // Checked after the root exists, so the check sees the same folders the write will use.
    const Result<Target> target = locate(m_root, m_description, path);
    if (target.hasError())
        return target.error();

    const QFileInfo info(target->real);
    QFileDevice::Permissions keep;
    if (target->exists) {
        if (info.isDir())
            return isAFolderError(path);
        if (!info.isFile())
            return notRegularForWriteError(path);
        // Windows reports no link count through QFileInfo; the check is Unix's.
#ifdef Q_OS_UNIX
        struct stat status;
        if (::stat(QFile::encodeName(target->real).constData(), &status) == 0 && status.st_nlink > 1)
            return hardLinkedError(path, qint64(status.st_nlink));
#endif
        keep = info.permissions();
    }

    const QString folder = info.absolutePath();
    if (!QFileInfo(folder).isDir() && !QDir().mkpath(folder)) {
        QString blocker = folder;
        while (blocker.size() > 1 && !QFileInfo::exists(blocker))
            blocker = parentOf(blocker);
        if (QFileInfo(blocker).isFile())
            return fileInTheWayError(path);
        return folderNotCreatedError(path);
    }

    QSaveFile file(target->real);
    if (!file.open(QIODevice::WriteOnly))
        return ioError(path, QStringLiteral("written"), file.errorString());
    if (file.write(content) != content.size() || !file.commit()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return ioError(path, QStringLiteral("written"), reason);
    }
    // The replacement is a new file: give it the old one's mode (a script stays executable).
    if (target->exists)
        QFile::setPermissions(target->real, keep);
    return success();
}

Result<void> LocalDirectoryBackend::remove(const QString &path)
{
    if (m_readOnly)
        return readOnlyError(path, m_description, QStringLiteral("removed"));
    QStringList components = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (components.isEmpty())
        return rootCannotBeRemovedError(path, m_description);
    // The last component is removed itself, even when it is a link (like rm): only the folder
    // holding it has to be inside.
    const QString name = components.takeLast();
    const Result<Target> parent = locate(m_root, m_description, components.join(QLatin1Char('/')));
    if (parent.hasError()) {
        return removeOutsideError(path, m_description, parent.error().code);
    }
    const QString local = joined(parent->real, name);
    const Node node = inspect(local);
    if (!parent->exists || !node.exists)
        return notFoundError(path);
    const QFileInfo info(local);
    if (!node.isLink && info.isDir()) {
        if (!QDir(local).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot))
            return folderNotEmptyError(path);
        if (!QDir().rmdir(local))
            return folderNotRemovedError(path);
        return success();
    }
    QFile file(local);
    if (!file.remove())
        return ioError(path, QStringLiteral("removed"), file.errorString());
    return success();
}

} // namespace valis

#endif // !Q_OS_LINUX
