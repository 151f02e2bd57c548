#pragma once

#include <QByteArray>
#include <QString>

#include <atomic>
#include <memory>
#include <mutex>
#include <utility>

#include <sys/types.h>

namespace valis::filesystem {

/// An owned file descriptor, closed when it goes.
class UniqueFd
{
public:
    UniqueFd() = default;
    explicit UniqueFd(int fd) : m_fd(fd) {}
    UniqueFd(UniqueFd &&other) noexcept : m_fd(std::exchange(other.m_fd, -1)) {}
    UniqueFd &operator=(UniqueFd &&other) noexcept;
    UniqueFd(const UniqueFd &) = delete;
    UniqueFd &operator=(const UniqueFd &) = delete;
    ~UniqueFd();

    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    /// Hands the descriptor over: the caller closes it.
    int release() { return std::exchange(m_fd, -1); }

private:
    int m_fd = -1;
};

/// A descriptor opened beneath a ConfinedRoot, or the errno that refused it. EXDEV means the
/// path leads outside the root (through a symbolic link, or one swapped in while it was opened).
struct Opened
{
    UniqueFd fd = {};
    int error = 0;

    bool ok() const { return fd.valid(); }
};

/// A folder on this machine held open by descriptor, with every path below it opened by the
/// kernel's confinement (Linux only): openat2(RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS) from the
/// root's descriptor, so no symbolic link, whether it was there before or swapped in during the
/// open, can lead the open outside. Kernels without openat2 (before 5.6, or seccomp filters that
/// refuse it with ENOSYS) get a walk that opens one component at a time with O_NOFOLLOW from the
/// root's descriptor.
///
/// Links inside the root keep working: when the kernel refuses a path (an absolute link, or one
/// that climbs out and back in), the path is resolved by names once to a canonical one without
/// links, which must be inside, and that is opened again with links forbidden; a link swapped in
/// meanwhile makes the second open fail, and the path is refused as outside.
///
/// Thread-safe. The root's descriptor is opened on first use and again when the folder at the
/// root's path is no longer the one held (a workspace replaced while a session runs).
/// Setting VALIS_FS_RESOLVE=walk in the environment before the root is constructed forces the
/// fallback walk (the tests use it to cover kernels without openat2).
class ConfinedRoot
{
public:
    explicit ConfinedRoot(const QString &root);

    /// The root's absolute path as given.
    QString path() const { return m_root; }

    /// Opens `relative` ('/'-separated, no "." or ".." components, "" for the root) with the
    /// open(2) `flags` (O_CLOEXEC is added). A final symbolic link is followed when it stays inside.
    Opened open(const QString &relative, int flags) const;

    /// The folder `relative` as an O_PATH descriptor for the *at calls, creating it and its
    /// missing parents (mode 0777 less the umask) when `create` is set. ENOTDIR: a file is in
    /// the way.
    Opened folder(const QString &relative, bool create) const;

    /// The path below the root that `relative` leads to, with every symbolic link of its
    /// existing part resolved; EXDEV when that is outside. Checked by names: the caller must
    /// still open the result through open() or folder().
    std::pair<QString, int> canonical(const QString &relative) const;

private:
    struct Held
    {
        UniqueFd fd = {};
        dev_t device = 0;
        ino_t inode = 0;
    };

    std::shared_ptr<const Held> root(int &error) const;
    /// One openat2 (or walk) attempt: `noSymlinks` forbids every link on the way.
    Opened openOnce(int rootFd, const QByteArray &relative, int flags, bool noSymlinks) const;
    Opened walk(int rootFd, const QByteArray &relative, int flags) const;

    QString m_root;
    mutable std::mutex m_mutex;
    mutable std::shared_ptr<const Held> m_held;
    mutable std::atomic<bool> m_useOpenat2{true};
};

} // namespace valis::filesystem
