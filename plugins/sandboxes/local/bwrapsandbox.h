#pragma once

#include "commandsetup.h"
#include "localsandboxes.h"

#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <mutex>
#include <optional>

namespace valis::sandboxes {

/// What of the host a bubblewrap sandbox shows, read from the filesystem for each command.
struct BwrapLayout
{
    struct Mount
    {
        enum class Kind {
            ReadOnly,   ///< --ro-bind source path
            Symlink,    ///< --symlink source path (source: the link's text)
            HideFile,   ///< --ro-bind /dev/null path
            HideFolder, ///< --tmpfs path, then --remount-ro path
        };
        Kind kind;
        QString path;
        QString source;

        bool operator==(const Mount &other) const = default;
    };

    QList<Mount> mounts; ///< In the order bwrap applies them.

    /// The system folders (/usr, /bin, /lib*, /etc, /opt; links recreated as links) and
    /// `readOnlyPaths`, read-only; secrets a root caller could read in /etc hidden.
    static BwrapLayout probe(const QStringList &readOnlyPaths);
    /// The folders a command can read (paths as it sees them).
    QStringList visibleFolders() const;
};

/// The home folder of a sandboxed command: inside its private /tmp, so nothing of the real
/// home (~/.ssh) is reachable through $HOME.
inline constexpr QLatin1String SandboxHome{"/tmp/home"};
/// The PATH a sandboxed command starts with.
inline constexpr QLatin1String SandboxPath{"/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"};

/// bwrap's arguments for running `program` (as found inside) with `arguments`.
QStringList bwrapArguments(const BwrapLayout &layout, const CommandPaths &paths, NetworkAccess network,
                           const QString &program, const QStringList &arguments);

/// A sandboxed command's environment: nothing of the host's but USER and LOGNAME, a sane PATH,
/// LANG, TERM, HOME and TMPDIR, then SandboxCommand::environment on top.
QProcessEnvironment bwrapEnvironment(const SandboxCommand &command, const QProcessEnvironment &host);

/// Why an unprivileged user cannot create user namespaces here, from the sysctls under
/// `procSys` (normally /proc/sys); nothing when they can.
std::optional<QString> userNamespaceProblem(const QString &procSys);

/// "local-bwrap": commands in a bubblewrap jail (Linux).
class BwrapSandbox final : public LocalSandbox
{
public:
    explicit BwrapSandbox(LocalSandboxOptions options);

    QString id() const override;
    QString displayName() const override;
    Capabilities capabilities() const override;
    /// Finds bwrap, checks user namespaces, then runs one real sandboxed command (once; a
    /// success is remembered).
    Result<void> checkAvailable() const override;
    SandboxProcess *start(const SandboxCommand &command, QObject *parent) override;

    /// The bwrap program found through the options' search paths; empty when there is none.
    QString bwrapProgram() const;

private:
    mutable std::mutex m_mutex;
    mutable QString m_verifiedProgram; ///< The bwrap that ran a probe successfully.
};

} // namespace valis::sandboxes
