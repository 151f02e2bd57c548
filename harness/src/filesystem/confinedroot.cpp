#include <QtGlobal>

#ifdef Q_OS_LINUX

#include "confinedroot.h"

#include "realpath.h"

#include <QFile>

#include <cerrno>

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace valis::filesystem {

UniqueFd &UniqueFd::operator=(UniqueFd &&other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = std::exchange(other.m_fd, -1);
    }
    return *this;
}

UniqueFd::~UniqueFd()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

namespace {

// glibc 2.36 has no wrapper for openat2.
long openat2Call(int directory, const char *path, int flags, quint64 resolve)
{
    struct open_how how = {};
    how.flags = quint64(unsigned(flags));
    how.resolve = resolve;
    return ::syscall(SYS_openat2, directory, path, &how, sizeof how);
}

bool isLinkAt(int directory, const char *name)
{
    struct stat status;
    return ::fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(status.st_mode);
}

std::pair<QString, QString> splitLast(const QString &relative)
{
    const qsizetype slash = relative.lastIndexOf(QLatin1Char('/'));
    if (slash < 0)
        return {QString(), relative};
    return {relative.left(slash), relative.mid(slash + 1)};
}

} // namespace

ConfinedRoot::ConfinedRoot(const QString &root) : m_root(root)
{
    if (qgetenv("VALIS_FS_RESOLVE") == "walk")
        m_useOpenat2 = false;
}

std::shared_ptr<const ConfinedRoot::Held> ConfinedRoot::root(int &error) const
{
    const QByteArray native = QFile::encodeName(m_root);
    struct stat now;
    if (::stat(native.constData(), &now) != 0) {
        error = errno;
        return nullptr;
    }
    std::lock_guard lock(m_mutex);
    if (m_held && m_held->device == now.st_dev && m_held->inode == now.st_ino)
        return m_held;
    // The root's own path is the person's choice and trusted, links and all; only what is below
    // it is the agent's to name.
    auto held = std::make_shared<Held>();
    held->fd = UniqueFd(::open(native.constData(), O_PATH | O_DIRECTORY | O_CLOEXEC));
    struct stat status;
    if (!held->fd.valid() || ::fstat(held->fd.get(), &status) != 0) {
        error = errno;
        return nullptr;
    }
    held->device = status.st_dev;
    held->inode = status.st_ino;
    m_held = held;
    return m_held;
}

Opened ConfinedRoot::walk(int rootFd, const QByteArray &relative, int flags) const
{
    const QList<QByteArray> names = relative.split('/');
    if (relative.isEmpty()) {
        const int fd = ::openat(rootFd, ".", flags | O_CLOEXEC);
        return fd >= 0 ? Opened{UniqueFd(fd), 0} : Opened{{}, errno};
    }
    // openat() climbs a ".." without the check RESOLVE_BENEATH makes: one is refused here as
    // openat2 refuses it, and open() decides by names (canonical()) whether it stays inside.
    // Backend paths hold none (FilesystemBackend), so only a caller that broke that promise
    // gets here.
    if (names.contains(QByteArrayLiteral("..")))
        return {{}, EXDEV};
    UniqueFd current;
    int directory = rootFd;
    for (qsizetype i = 0; i + 1 < names.size(); ++i) {
        const int fd = ::openat(directory, names.at(i).constData(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) {
            const int error = errno;
            return {{}, isLinkAt(directory, names.at(i).constData()) ? ELOOP : error};
        }
        current = UniqueFd(fd);
        directory = fd;
    }
    const QByteArray &last = names.last();
    UniqueFd fd(::openat(directory, last.constData(), flags | O_NOFOLLOW | O_CLOEXEC));
    if (!fd.valid()) {
        const int error = errno;
        return {{}, isLinkAt(directory, last.constData()) ? ELOOP : error};
    }
    // O_PATH | O_NOFOLLOW opens a final link itself rather than refusing it.
    struct stat status;
    if ((flags & O_PATH) && ::fstat(fd.get(), &status) == 0 && S_ISLNK(status.st_mode))
        return {{}, ELOOP};
    return {std::move(fd), 0};
}

Opened ConfinedRoot::openOnce(int rootFd, const QByteArray &relative, int flags, bool noSymlinks) const
{
    if (m_useOpenat2) {
        const char *path = relative.isEmpty() ? "." : relative.constData();
        const quint64 resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | (noSymlinks ? RESOLVE_NO_SYMLINKS : 0);
        for (int attempt = 0; attempt < 16; ++attempt) {
            const long fd = openat2Call(rootFd, path, flags | O_CLOEXEC, resolve);
            if (fd >= 0)
                return {UniqueFd(int(fd)), 0};
            // EAGAIN: a rename elsewhere in the tree raced the kernel's ".." check; it asks us
            // to try again rather than guess.
            if (errno == EAGAIN)
                continue;
            if (errno != ENOSYS)
                return {{}, errno};
            m_useOpenat2 = false; // an old kernel, or a seccomp filter that hides openat2
            break;
        }
        if (m_useOpenat2)
            return {{}, EAGAIN};
    }
    // The walk follows no link at all; a link on the way (ELOOP) sends open() to canonical().
    return walk(rootFd, relative, flags);
}

std::pair<QString, int> ConfinedRoot::canonical(const QString &relative) const
{
    const Result<RealPath> realRoot = resolveReal(QStringLiteral("/"), m_root.split(QLatin1Char('/')));
    if (realRoot.hasError())
        return {QString(), ELOOP};
    const Result<RealPath> real = resolveReal(realRoot->real, relative.split(QLatin1Char('/'), Qt::SkipEmptyParts));
    if (real.hasError())
        return {QString(), ELOOP};
    if (!isInside(real->real, realRoot->real))
        return {QString(), EXDEV};
    if (real->real.size() == realRoot->real.size())
        return {QString(), 0};
    return {real->real.mid(realRoot->real.size() + (realRoot->real.endsWith(QLatin1Char('/')) ? 0 : 1)), 0};
}

Opened ConfinedRoot::open(const QString &relative, int flags) const
{
    int error = 0;
    const std::shared_ptr<const Held> held = root(error);
    if (!held)
        return {{}, error};
    Opened first = openOnce(held->fd.get(), QFile::encodeName(relative), flags, false);
    // EXDEV: the kernel met a link it will not follow beneath the root (an absolute one, or one
    // that climbs out, perhaps only to come back in). Decide by names where it leads.
    if (first.ok() || (first.error != EXDEV && first.error != ELOOP))
        return first;
    const auto [path, refused] = canonical(relative);
    if (refused != 0)
        return {{}, refused};
    Opened second = openOnce(held->fd.get(), QFile::encodeName(path), flags, true);
    // The canonical path has no links; one there now was swapped in since it was resolved.
    if (!second.ok() && second.error == ELOOP)
        second.error = EXDEV;
    return second;
}

Opened ConfinedRoot::folder(const QString &relative, bool create) const
{
    Opened opened = open(relative, O_PATH | O_DIRECTORY);
    if (opened.ok() || !create || opened.error != ENOENT || relative.isEmpty())
        return opened;
    const auto [parentPath, name] = splitLast(relative);
    const Opened parent = folder(parentPath, true);
    if (!parent.ok())
        return {{}, parent.error};
    const QByteArray native = QFile::encodeName(name);
    if (::mkdirat(parent.fd.get(), native.constData(), 0777) != 0 && errno != EEXIST)
        return {{}, errno};
    const int fd = ::openat(parent.fd.get(), native.constData(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        // ENOENT came from a dangling link's target, or a link was put where the folder was made:
        // ELOOP tells the caller to resolve the path by names.
        const int failure = errno;
        return {{}, isLinkAt(parent.fd.get(), native.constData()) ? ELOOP : failure};
    }
    return {UniqueFd(fd), 0};
}

} // namespace valis::filesystem

#endif // Q_OS_LINUX
