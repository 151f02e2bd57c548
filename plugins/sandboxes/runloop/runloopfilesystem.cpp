// The workspace on a Runloop devbox as a FilesystemBackend: file content travels through
// Runloop's file endpoints (binary-safe, no size limit of a command line), the rest through the
// shell filesystem's commands, which also decide what lies inside the workspace.
#include "runloopmachine.h"

#include "valis/filesystem/filesystembackend.h"

#include <QCoreApplication>
#include <QRandomGenerator>

namespace valis::sandboxes::runloop {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::sandboxes::RunloopSandbox)
};

constexpr std::chrono::milliseconds CallTimeout{120000};

// Exit statuses of the write preparation, as the shell filesystem's.
enum Status { Outside = 3, NotAFile = 4 };

class RunloopFilesystem : public FilesystemBackend
{
public:
    RunloopFilesystem(RunloopMachine *machine, std::shared_ptr<const RunloopApi> api, QString root)
        : m_machine(machine), m_api(std::move(api)), m_root(std::move(root)), m_shell(makeShellFilesystem(machine, m_root))
    {
    }

    QString description() const override
    {
        return Text::tr("workspace %1 on the Runloop devbox %2").arg(m_root, m_machine->info().machineId);
    }

    Result<FileEntry> stat(const QString &path) const override { return m_shell->stat(path); }
    Result<QList<FileEntry>> list(const QString &path) const override { return m_shell->list(path); }
    Result<void> remove(const QString &path) override { return m_shell->remove(path); }

    Result<QByteArray> read(const QString &path, qint64 offset, qint64 maxBytes) const override
    {
        // The stat says whether the path is inside, exists and is a file.
        const Result<FileEntry> entry = m_shell->stat(path);
        if (entry.hasError())
            return entry.error();
        if (entry->isDirectory())
            return Error(QStringLiteral("fs.not-a-file"), Text::tr("%1 is a folder, not a file").arg(shown(path)));
        const Result<QByteArray> content = m_api->download(m_machine->info().machineId, absolute(path));
        if (content.hasError())
            return ioError(path, content.error());
        const qint64 from = qBound<qint64>(0, offset, content->size());
        return maxBytes < 0 ? content->mid(from) : content->mid(from, maxBytes);
    }

    Result<void> write(const QString &path, const QByteArray &content) override
    {
        if (path.isEmpty())
            return Error(QStringLiteral("fs.not-a-file"), Text::tr("the workspace root is a folder, not a file"));
        const Result<RemoteRunResult> prepared = m_machine->run(prepareScript(path), CallTimeout);
        if (prepared.hasError())
            return prepared.error();
        switch (prepared->exitCode) {
        case 0: break;
        case Outside: return Error(QStringLiteral("fs.outside"), Text::tr("%1 leads outside the workspace").arg(shown(path)));
        case NotAFile: return Error(QStringLiteral("fs.not-a-file"), Text::tr("%1 is a folder, not a file").arg(shown(path)));
        default:
            return Error(QStringLiteral("fs.io"), Text::tr("cannot write %1 on the Runloop devbox: %2")
                                                      .arg(shown(path), QString::fromUtf8(prepared->errorOutput.trimmed().left(300))));
        }
        // A temporary file beside the target, then one rename: a reader sees old or new content.
        const QString target = QString::fromUtf8(prepared->output);
        const QString temporary = target + QStringLiteral(".valis-") + QString::number(QRandomGenerator::global()->generate(), 16);
        const QString id = m_machine->info().machineId;
        const QString text = QString::fromUtf8(content);
        const Result<void> sent = text.toUtf8() == content ? m_api->writeText(id, temporary, text) : m_api->upload(id, temporary, content);
        if (sent.hasError()) {
            (void)m_machine->run(QStringLiteral("rm -f -- ") + shellQuoted(temporary), CallTimeout);
            return ioError(path, sent.error());
        }
        const Result<RemoteRunResult> moved =
            m_machine->run(QStringLiteral("mv -f -- ") + shellQuoted(temporary) + QLatin1Char(' ') + shellQuoted(target), CallTimeout);
        if (moved.hasError())
            return moved.error();
        if (moved->exitCode != 0)
            return Error(QStringLiteral("fs.io"), Text::tr("cannot write %1 on the Runloop devbox: %2")
                                                      .arg(shown(path), QString::fromUtf8(moved->errorOutput.trimmed().left(300))));
        return {};
    }

private:
    static QString shown(const QString &path) { return path.isEmpty() ? QStringLiteral(".") : path; }

    QString absolute(const QString &path) const { return path.isEmpty() ? m_root : m_root + QLatin1Char('/') + path; }

    // Refuses a target outside the root (symlinks resolved; for a new file, its nearest existing
    // parent) or a folder, creates the missing parents, and prints the target's path.
    QString prepareScript(const QString &path) const
    {
        return QStringLiteral("root=$(readlink -f -- ") + shellQuoted(m_root) + QStringLiteral(") || exit 1\np=\"$root\"/")
               + shellQuoted(path) + QStringLiteral(R"SH(
probe=$p
while [ ! -e "$probe" ] && [ ! -L "$probe" ]; do probe=$(dirname -- "$probe"); done
real=$(readlink -f -- "$probe") || exit 3
case "$real/" in "$root"/*) ;; *) exit 3 ;; esac
if [ -L "$p" ]; then p=$(readlink -f -- "$p"); fi
[ -d "$p" ] && exit 4
mkdir -p -- "$(dirname -- "$p")" || exit 1
printf %s "$p"
)SH");
    }

    Error ioError(const QString &path, const Error &error) const
    {
        if (error.code.startsWith(QLatin1String("sandbox.")) && error.code != QLatin1String("sandbox.remote-not-found")
            && error.code != QLatin1String("sandbox.remote-http"))
            return error; // the devbox is gone, the key refused: not about this file
        return Error(QStringLiteral("fs.io"), Text::tr("%1 on the Runloop devbox: %2").arg(shown(path), error.message));
    }

    RunloopMachine *m_machine;
    std::shared_ptr<const RunloopApi> m_api;
    QString m_root;
    std::shared_ptr<FilesystemBackend> m_shell;
};
} // namespace

std::shared_ptr<FilesystemBackend> makeRunloopFilesystem(RunloopMachine *machine, std::shared_ptr<const RunloopApi> api,
                                                         const QString &root)
{
    return std::make_shared<RunloopFilesystem>(machine, std::move(api), root);
}

} // namespace valis::sandboxes::runloop
