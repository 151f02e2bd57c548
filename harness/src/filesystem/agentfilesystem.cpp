#include "valis/filesystem/agentfilesystem.h"

#include "pathtext.h"
#include "valis/core/datalocations.h"
#include "valis/filesystem/localdirectorybackend.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace valis {

// Messages in this file go back to the model (through the file tools), which reads English
// best; they are not tr()'d.

using filesystem::quotedPath;

namespace {

// The limits of Linux (NAME_MAX, PATH_MAX); longer names fail on most filesystems anyway, and
// refusing them early gives the model a clear reason instead of an I/O error.
constexpr qsizetype MaxNameBytes = 255;
constexpr qsizetype MaxPathBytes = 4096;

QStringList componentsOf(const QString &path)
{
    QStringList components;
    for (const QString &part : path.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        if (part != QLatin1String("."))
            components.append(part);
    }
    return components;
}

bool startsWith(const QStringList &components, const QStringList &prefix)
{
    if (prefix.size() > components.size())
        return false;
    for (qsizetype i = 0; i < prefix.size(); ++i) {
        if (components.at(i) != prefix.at(i))
            return false;
    }
    return true;
}

QString normalisedPrefix(const QString &prefix)
{
    QString clean = QLatin1Char('/') + componentsOf(prefix).join(QLatin1Char('/'));
    if (!clean.endsWith(QLatin1Char('/')))
        clean += QLatin1Char('/');
    return clean;
}

} // namespace

AgentFilesystem::AgentFilesystem(const QString &workspaceRoot)
    : m_workspaceRoot(QDir::cleanPath(QDir(workspaceRoot).absolutePath())),
      m_workspace(std::make_shared<LocalDirectoryBackend>(m_workspaceRoot, QStringLiteral("workspace ") + m_workspaceRoot))
{
}

AgentFilesystem::~AgentFilesystem() = default;

std::shared_ptr<AgentFilesystem> AgentFilesystem::forSession(const QString &workspaceRoot, const DataLocations &locations,
                                                             const QString &agentId, const QString &sessionId)
{
    auto filesystem = std::make_shared<AgentFilesystem>(workspaceRoot);
    filesystem->mount(QStringLiteral("/memories/"),
                      std::make_shared<LocalDirectoryBackend>(locations.agentMemoriesDir(agentId),
                                                              QStringLiteral("memories folder /memories/"), true));
    filesystem->mount(QStringLiteral("/context/"),
                      std::make_shared<LocalDirectoryBackend>(locations.sessionScratchDir(sessionId),
                                                              QStringLiteral("session scratch folder /context/"), true));
    return filesystem;
}

void AgentFilesystem::setWorkspaceBackend(std::shared_ptr<FilesystemBackend> backend)
{
    m_workspace = std::move(backend);
}

void AgentFilesystem::mount(const QString &prefix, std::shared_ptr<FilesystemBackend> backend)
{
    const QString clean = normalisedPrefix(prefix);
    m_mounts.removeIf([&clean](const Mount &mount) { return mount.prefix == clean; });
    m_mounts.append(Mount{clean, std::move(backend)});
    std::stable_sort(m_mounts.begin(), m_mounts.end(),
                     [](const Mount &a, const Mount &b) { return a.prefix.size() > b.prefix.size(); });
}

QStringList AgentFilesystem::mountPoints() const
{
    QStringList points;
    for (const Mount &mount : m_mounts)
        points.append(mount.prefix);
    points.append(QString());
    return points;
}

FilesystemBackend *AgentFilesystem::backend(const QString &prefix) const
{
    if (prefix.isEmpty())
        return m_workspace.get();
    const QString clean = normalisedPrefix(prefix);
    for (const Mount &mount : m_mounts) {
        if (mount.prefix == clean)
            return mount.backend.get();
    }
    return nullptr;
}

FilesystemBackend *AgentFilesystem::workspace() const
{
    return m_workspace.get();
}

namespace {

/// What the agent may use, for the end of every refusal.
QString allowedPaths(const QString &workspaceRoot, const QStringList &mountPrefixes)
{
    QString text = QStringLiteral("Allowed are paths inside the workspace %1 (relative like \"src/main.cpp\", or absolute under %1)")
                       .arg(workspaceRoot);
    if (!mountPrefixes.isEmpty()) {
        QStringList prefixes = mountPrefixes;
        std::sort(prefixes.begin(), prefixes.end());
        text += QStringLiteral(" and paths under ") + prefixes.join(QStringLiteral(" and "));
    }
    return text + QLatin1Char('.');
}

} // namespace

Result<AgentFilesystem::Location> AgentFilesystem::resolve(const QString &path) const
{
    QStringList mountPrefixes;
    for (const Mount &mount : m_mounts)
        mountPrefixes.append(mount.prefix);
    const QString shown = quotedPath(path);

    if (path.isEmpty()) {
        return Error(QStringLiteral("fs.invalid-path"), QStringLiteral("The path is empty; use \".\" for the workspace root."), path);
    }
    if (path.contains(QChar(u'\0'))) {
        return Error(QStringLiteral("fs.invalid-path"),
                     QStringLiteral("The path %1 contains a NUL byte, which no file name can contain.").arg(shown), path);
    }
    const qsizetype pathBytes = path.toUtf8().size();
    if (pathBytes > MaxPathBytes) {
        return Error(QStringLiteral("fs.name-too-long"),
                     QStringLiteral("The path %1 is %2 bytes long; a path may be at most %3 bytes.")
                         .arg(shown, QString::number(pathBytes), QString::number(MaxPathBytes)),
                     path);
    }
    const QStringList components = componentsOf(path);
    for (const QString &name : components) {
        const qsizetype nameBytes = name.toUtf8().size();
        if (nameBytes > MaxNameBytes) {
            return Error(QStringLiteral("fs.name-too-long"),
                         QStringLiteral("The name %1 in %2 is %3 bytes long; a file or folder name may be at most %4 bytes.")
                             .arg(quotedPath(name.left(40) + QStringLiteral("…")), shown, QString::number(nameBytes),
                                  QString::number(MaxNameBytes)),
                         path);
        }
    }

    // Which part of the view the path is in, from its leading components as written: ".." is
    // resolved only inside that part, so "/memories/../etc" cannot step from one part into
    // another or out of all of them.
    FilesystemBackend *backend = m_workspace.get();
    QString mountPoint;
    QString rootShown = QStringLiteral("the workspace ") + m_workspaceRoot;
    qsizetype consumed = 0;
    if (QDir::isAbsolutePath(path)) {
        bool found = false;
        for (const Mount &mount : m_mounts) { // longest prefix first
            const QStringList prefix = componentsOf(mount.prefix);
            if (startsWith(components, prefix)) {
                backend = mount.backend.get();
                mountPoint = mount.prefix;
                rootShown = mount.prefix;
                consumed = prefix.size();
                found = true;
                break;
            }
        }
        // The workspace by the path it was given and by its real path (what compilers and
        // `pwd -P` print when the given path goes through a link); the longer match wins.
        QStringList roots{m_workspaceRoot};
        const QString canonical = QFileInfo(m_workspaceRoot).canonicalFilePath();
        if (!canonical.isEmpty() && canonical != m_workspaceRoot)
            roots.append(canonical);
        for (const QString &root : std::as_const(roots)) {
            const QStringList prefix = componentsOf(root);
            if (startsWith(components, prefix) && (!found || prefix.size() > consumed)) {
                backend = m_workspace.get();
                mountPoint.clear();
                rootShown = QStringLiteral("the workspace ") + m_workspaceRoot;
                consumed = prefix.size();
                found = true;
            }
        }
        if (!found) {
            return Error(QStringLiteral("fs.outside"),
                         QStringLiteral("The path %1 is outside the workspace. %2").arg(shown, allowedPaths(m_workspaceRoot, mountPrefixes)),
                         path);
        }
    }

    QStringList inside;
    for (qsizetype i = consumed; i < components.size(); ++i) {
        const QString &name = components.at(i);
        if (name != QLatin1String("..")) {
            inside.append(name);
        } else if (inside.isEmpty()) {
            return Error(QStringLiteral("fs.outside"),
                         QStringLiteral("The path %1 climbs above the root of %2 with \"..\". %3")
                             .arg(shown, rootShown, allowedPaths(m_workspaceRoot, mountPrefixes)),
                         path);
        } else {
            inside.removeLast();
        }
    }

    Location location;
    location.backend = backend;
    location.mountPoint = mountPoint;
    location.relativePath = inside.join(QLatin1Char('/'));
    if (mountPoint.isEmpty())
        location.agentPath = location.relativePath.isEmpty() ? QStringLiteral(".") : location.relativePath;
    else
        location.agentPath = mountPoint + location.relativePath;
    return location;
}

namespace {

/// A backend names the path it was given (relative to its root, quoted by quotedPath); put
/// back the path as the agent wrote it, which is what the model will recognise.
Error relabel(Error error, const AgentFilesystem::Location &location, const QString &written)
{
    const QString backendShown = quotedPath(location.relativePath.isEmpty() ? QStringLiteral(".") : location.relativePath);
    error.message.replace(backendShown, quotedPath(written));
    error.location = written;
    return error;
}

template<typename T>
Result<T> relabelled(Result<T> result, const AgentFilesystem::Location &location, const QString &written)
{
    if (result.ok())
        return result;
    return relabel(result.error(), location, written);
}

} // namespace

Result<FileEntry> AgentFilesystem::stat(const QString &path) const
{
    const Result<Location> location = resolve(path);
    if (location.hasError())
        return location.error();
    return relabelled(location->backend->stat(location->relativePath), *location, path);
}

Result<QList<FileEntry>> AgentFilesystem::list(const QString &path) const
{
    const Result<Location> location = resolve(path);
    if (location.hasError())
        return location.error();
    return relabelled(location->backend->list(location->relativePath), *location, path);
}

Result<QByteArray> AgentFilesystem::read(const QString &path, qint64 offset, qint64 maxBytes) const
{
    const Result<Location> location = resolve(path);
    if (location.hasError())
        return location.error();
    return relabelled(location->backend->read(location->relativePath, offset, maxBytes), *location, path);
}

Result<void> AgentFilesystem::write(const QString &path, const QByteArray &content) const
{
    const Result<Location> location = resolve(path);
    if (location.hasError())
        return location.error();
    Result<void> result = location->backend->write(location->relativePath, content);
    if (result.ok())
        return result;
    return relabel(result.error(), *location, path);
}

Result<void> AgentFilesystem::remove(const QString &path) const
{
    const Result<Location> location = resolve(path);
    if (location.hasError())
        return location.error();
    Result<void> result = location->backend->remove(location->relativePath);
    if (result.ok())
        return result;
    return relabel(result.error(), *location, path);
}

} // namespace valis
