#include "valis/filesystem/localdirectorybackend.h"

#include "pathtext.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#include <unistd.h>

#include <vector>
#endif

namespace valis {

// Messages in this file go back to the model (through the file tools), which reads English
// best; they are not tr()'d.

using filesystem::quotedPath;

namespace {

/// What is at a path without following a final symbolic link (lstat).
struct Node
{
    bool exists = false;
    bool isLink = false;
    QString linkTarget; ///< As stored in the link: relative to the link's folder, or absolute.
};

Node inspect(const QString &path)
{
    Node node;
#ifdef Q_OS_UNIX
    const QByteArray native = QFile::encodeName(path);
    struct stat st;
    if (::lstat(native.constData(), &st) != 0)
        return node;
    node.exists = true;
    if (S_ISLNK(st.st_mode)) {
        node.isLink = true;
        // The link's own text, not QFileInfo::symLinkTarget(): that one is cleaned lexically,
        // which resolves "a/.." wrongly when "a" is itself a link.
        std::vector<char> buffer(std::max<size_t>(size_t(st.st_size) + 1, 256));
        for (;;) {
            const ssize_t length = ::readlink(native.constData(), buffer.data(), buffer.size());
            if (length < 0)
                break;
            if (size_t(length) < buffer.size()) {
                node.linkTarget = QFile::decodeName(QByteArray(buffer.data(), qsizetype(length)));
                break;
            }
            buffer.resize(buffer.size() * 2);
        }
    }
#else
    const QFileInfo info(path);
    node.isLink = info.isSymLink();
    node.exists = info.exists() || node.isLink;
    if (node.isLink)
        node.linkTarget = info.symLinkTarget();
#endif
    return node;
}

QString parentOf(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    if (slash <= 0)
        return QStringLiteral("/");
    return path.left(slash);
}

QString joined(const QString &folder, const QString &name)
{
    if (folder.endsWith(QLatin1Char('/')))
        return folder + name;
    return folder + QLatin1Char('/') + name;
}

/// Where a path really leads: symbolic links resolved component by component, as the kernel
/// would, including links whose target does not exist (a write through such a link would create
/// the target). `real` has no links in its existing part; `exists` says whether all of it exists.
struct RealPath
{
    QString real;
    bool exists = false;
};

Result<RealPath> resolveReal(const QString &start, QStringList pending)
{
    constexpr int MaxLinks = 40; // what Linux allows before ELOOP
    QString current = start;
    bool missing = false;
    int links = 0;
    while (!pending.isEmpty()) {
        const QString name = pending.takeFirst();
        if (name.isEmpty() || name == QLatin1String("."))
            continue;
        if (name == QLatin1String("..")) {
            current = parentOf(current);
            continue;
        }
        const QString next = joined(current, name);
        if (missing) {
            current = next;
            continue;
        }
        const Node node = inspect(next);
        if (!node.exists) {
            missing = true;
            current = next;
        } else if (node.isLink) {
            if (++links > MaxLinks) {
                return Error(QStringLiteral("fs.io"), QStringLiteral("too many levels of symbolic links"));
            }
            QStringList target = node.linkTarget.split(QLatin1Char('/'));
            if (QDir::isAbsolutePath(node.linkTarget)) {
#ifdef Q_OS_UNIX
                current = QStringLiteral("/");
#else
                current = QDir::cleanPath(node.linkTarget);
                target.clear();
#endif
            }
            pending = target + pending;
        } else {
            current = next;
        }
    }
    return RealPath{current, !missing};
}

bool isInside(const QString &real, const QString &root)
{
    if (root == QLatin1String("/"))
        return real.startsWith(QLatin1Char('/'));
    return real == root || (real.startsWith(root) && real.at(root.size()) == QLatin1Char('/'));
}

QString shown(const QString &path)
{
    return quotedPath(path.isEmpty() ? QStringLiteral(".") : path);
}

FileEntry::Type typeOf(const QFileInfo &info)
{
    if (info.isDir())
        return FileEntry::Type::Directory;
    if (info.isFile())
        return FileEntry::Type::File;
    return FileEntry::Type::Other;
}

/// The checked location of one backend path.
struct Target
{
    QString real;
    bool exists = false;
};

// The root's real location is looked up on every call, not cached: the root of a scratch folder
// appears on first write, and a workspace may be replaced while a session runs.
Result<Target> locate(const QString &root, const QString &description, const QString &path)
{
    const Result<RealPath> realRoot = resolveReal(QStringLiteral("/"), root.split(QLatin1Char('/')));
    if (realRoot.hasError())
        return Error(QStringLiteral("fs.io"), QStringLiteral("The %1 cannot be reached: %2.").arg(description, realRoot.error().message));
    const Result<RealPath> real = resolveReal(realRoot->real, path.split(QLatin1Char('/'), Qt::SkipEmptyParts));
    if (real.hasError()) {
        return Error(QStringLiteral("fs.io"), QStringLiteral("%1 cannot be reached: %2.").arg(shown(path), real.error().message),
                     path);
    }
    if (!isInside(real->real, realRoot->real)) {
        return Error(QStringLiteral("fs.outside"),
                     QStringLiteral("%1 is or passes through a symbolic link that leads outside the %2; only files "
                                    "inside the %2 can be used.")
                         .arg(shown(path), description),
                     path);
    }
    return Target{real->real, realRoot->exists && real->exists};
}

} // namespace

LocalDirectoryBackend::LocalDirectoryBackend(const QString &root, const QString &description, bool createRoot,
                                             bool readOnly)
    : m_root(QDir::cleanPath(QDir(root).absolutePath())), m_description(description), m_createRoot(createRoot),
      m_readOnly(readOnly)
{
}

Result<QString> LocalDirectoryBackend::confinedPath(const QString &path) const
{
    const Result<Target> target = locate(m_root, m_description, path);
    if (target.hasError())
        return target.error();
    return target->real;
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
        return Error(QStringLiteral("fs.not-found"), QStringLiteral("%1 does not exist.").arg(shown(path)), path);
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
        return Error(QStringLiteral("fs.not-found"), QStringLiteral("The folder %1 does not exist.").arg(shown(path)), path);
    }
    const QFileInfo info(target->real);
    if (!info.isDir()) {
        return Error(QStringLiteral("fs.not-a-directory"), QStringLiteral("%1 is a file, not a folder.").arg(shown(path)),
                     path);
    }
    const QDir dir(target->real);
    if (!dir.isReadable()) {
        return Error(QStringLiteral("fs.io"), QStringLiteral("The folder %1 cannot be read (permission denied).").arg(shown(path)),
                     path);
    }
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
        return Error(QStringLiteral("fs.not-found"), QStringLiteral("%1 does not exist.").arg(shown(path)), path);
    const QFileInfo info(target->real);
    if (info.isDir()) {
        return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("%1 is a folder, not a file.").arg(shown(path)), path);
    }
    if (!info.isFile()) {
        // Opening a FIFO or a device would block or never end.
        return Error(QStringLiteral("fs.not-a-file"),
                     QStringLiteral("%1 is not a regular file (a device, pipe or socket) and cannot be read.").arg(shown(path)), path);
    }
    QFile file(target->real);
    if (!file.open(QIODevice::ReadOnly)) {
        return Error(QStringLiteral("fs.io"), QStringLiteral("%1 cannot be read: %2.").arg(shown(path), file.errorString()), path);
    }
    if (offset > 0 && !file.seek(offset))
        return QByteArray();
    QByteArray bytes = maxBytes < 0 ? file.readAll() : file.read(maxBytes);
    if (file.error() != QFileDevice::NoError) {
        return Error(QStringLiteral("fs.io"), QStringLiteral("%1 cannot be read: %2.").arg(shown(path), file.errorString()), path);
    }
    return bytes;
}

Result<void> LocalDirectoryBackend::write(const QString &path, const QByteArray &content)
{
    if (m_readOnly) {
        return Error(QStringLiteral("fs.read-only"), QStringLiteral("%1 cannot be written: the %2 is read-only.").arg(shown(path), m_description),
                     path);
    }
    if (path.isEmpty()) {
        return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("The root of the %1 is a folder, not a file.").arg(m_description), path);
    }
    if (!QFileInfo::exists(m_root)) {
        if (!m_createRoot) {
            return Error(QStringLiteral("fs.not-found"), QStringLiteral("The %1 does not exist, so %2 cannot be written.").arg(m_description, shown(path)),
                         path);
        }
        if (!QDir().mkpath(m_root)) {
            return Error(QStringLiteral("fs.io"), QStringLiteral("The %1 cannot be created, so %2 cannot be written.").arg(m_description, shown(path)),
                         path);
        }
    }
    // Checked after the root exists, so the check sees the same folders the write will use.
    const Result<Target> target = locate(m_root, m_description, path);
    if (target.hasError())
        return target.error();

    const QFileInfo info(target->real);
    QFileDevice::Permissions keep;
    if (target->exists) {
        if (info.isDir())
            return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("%1 is a folder, not a file.").arg(shown(path)), path);
        if (!info.isFile()) {
            return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("%1 is not a regular file and cannot be written.").arg(shown(path)),
                         path);
        }
        keep = info.permissions();
    }

    const QString folder = info.absolutePath();
    if (!QFileInfo(folder).isDir() && !QDir().mkpath(folder)) {
        // The usual reason: a file sits where a folder is needed ("notes.txt/today.md").
        QString blocker = folder;
        while (blocker.size() > 1 && !QFileInfo::exists(blocker))
            blocker = parentOf(blocker);
        if (QFileInfo(blocker).isFile()) {
            return Error(QStringLiteral("fs.not-a-directory"),
                         QStringLiteral("%1 cannot be written: a file is in the way where a folder is needed.").arg(shown(path)), path);
        }
        return Error(QStringLiteral("fs.io"), QStringLiteral("The folder for %1 cannot be created.").arg(shown(path)), path);
    }

    QSaveFile file(target->real);
    if (!file.open(QIODevice::WriteOnly)) {
        return Error(QStringLiteral("fs.io"), QStringLiteral("%1 cannot be written: %2.").arg(shown(path), file.errorString()), path);
    }
    if (file.write(content) != content.size() || !file.commit()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return Error(QStringLiteral("fs.io"), QStringLiteral("%1 cannot be written: %2.").arg(shown(path), reason), path);
    }
    // The replacement is a new file: give it the old one's mode (a script stays executable).
    if (target->exists)
        QFile::setPermissions(target->real, keep);
    return success();
}

Result<void> LocalDirectoryBackend::remove(const QString &path)
{
    if (m_readOnly) {
        return Error(QStringLiteral("fs.read-only"), QStringLiteral("%1 cannot be removed: the %2 is read-only.").arg(shown(path), m_description),
                     path);
    }
    QStringList components = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (components.isEmpty()) {
        return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("The root of the %1 cannot be removed.").arg(m_description), path);
    }
    // The last component is removed itself, even when it is a link (like rm): only the folder
    // holding it has to be inside.
    const QString name = components.takeLast();
    const Result<Target> parent = locate(m_root, m_description, components.join(QLatin1Char('/')));
    if (parent.hasError()) {
        Error error = parent.error();
        error.message = QStringLiteral("%1 cannot be removed: the folder holding it leads outside the %2.").arg(shown(path), m_description);
        error.location = path;
        return error;
    }
    const QString local = joined(parent->real, name);
    const Node node = inspect(local);
    if (!parent->exists || !node.exists)
        return Error(QStringLiteral("fs.not-found"), QStringLiteral("%1 does not exist.").arg(shown(path)), path);
    const QFileInfo info(local);
    if (!node.isLink && info.isDir()) {
        if (!QDir(local).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot)) {
            return Error(QStringLiteral("fs.io"), QStringLiteral("The folder %1 is not empty; only empty folders can be removed.").arg(shown(path)),
                         path);
        }
        if (!QDir().rmdir(local))
            return Error(QStringLiteral("fs.io"), QStringLiteral("The folder %1 cannot be removed.").arg(shown(path)), path);
        return success();
    }
    QFile file(local);
    if (!file.remove()) {
        return Error(QStringLiteral("fs.io"), QStringLiteral("%1 cannot be removed: %2.").arg(shown(path), file.errorString()), path);
    }
    return success();
}

} // namespace valis
