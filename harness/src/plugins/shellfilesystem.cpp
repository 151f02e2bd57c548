// A FilesystemBackend for remote machines that have no file API: every call is one POSIX shell
// script run through RemoteMachine::run(). Paths travel base64-encoded, so no name can break the
// quoting, and file content comes back base64-encoded, so binary content survives services that
// carry output as JSON text. Needs GNU find and coreutils on the machine (any Debian, Ubuntu
// or Fedora image).
#include "valis/filesystem/filesystembackend.h"
#include "valis/plugins/remotesandbox.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QTimeZone>

#include <algorithm>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ShellFilesystem)
};

constexpr std::chrono::milliseconds CallTimeout{120000};
// Bytes of content per write command: its base64 (64 KiB) stays well under Linux's 128 KiB
// limit for one argument, since services pass the script as `sh -c` argument.
constexpr qsizetype WriteChunk = 48 * 1024;

// Exit statuses the scripts use to say what went wrong.
enum Status { NotFound = 2, Outside = 3, NotAFile = 4, NotADirectory = 5, Exists = 6 };

QString quoted(const QString &text)
{
    return QLatin1String("\"$(printf %s '") + QString::fromLatin1(text.toUtf8().toBase64()) + QLatin1String("' | base64 -d)\"");
}

// Sets $root and $p (the path), then refuses what resolves outside the root: symlinks
// included, and for paths that do not exist yet, their nearest existing parent.
QString preamble(const QString &root, const QString &path)
{
    return QLatin1String("root=") + quoted(root) + QLatin1String("; rel=") + quoted(path)
           + QLatin1String(R"SH(
root=$(readlink -f -- "$root") || exit 2
if [ -z "$rel" ]; then p=$root; else p=$root/$rel; fi
probe=$p
while [ ! -e "$probe" ] && [ ! -L "$probe" ]; do probe=$(dirname -- "$probe"); done
real=$(readlink -f -- "$probe") || exit 3
case "$real/" in "$root"/*) ;; *) exit 3 ;; esac
)SH");
}

FileEntry::Type typeOf(QChar letter)
{
    switch (letter.unicode()) {
    case 'f': return FileEntry::Type::File;
    case 'd': return FileEntry::Type::Directory;
    case 'l': return FileEntry::Type::Symlink;
    default: return FileEntry::Type::Other;
    }
}

// One line of `find -printf '%Y %s %T@ %f'`: type, size, modification time, name (the rest of
// the line, spaces included; a name with a line break in it is not listed).
std::optional<FileEntry> parseEntry(const QByteArray &line, const QString &parent)
{
    const qsizetype first = line.indexOf(' ');
    const qsizetype second = first < 0 ? -1 : line.indexOf(' ', first + 1);
    const qsizetype third = second < 0 ? -1 : line.indexOf(' ', second + 1);
    if (first != 1 || third < 0)
        return std::nullopt;
    FileEntry entry;
    entry.type = typeOf(QChar::fromLatin1(line.at(0)));
    entry.size = entry.type == FileEntry::Type::File ? line.mid(first + 1, second - first - 1).toLongLong() : 0;
    entry.modified = QDateTime::fromMSecsSinceEpoch(qint64(line.mid(second + 1, third - second - 1).toDouble() * 1000),
                                                    Qt::UTC);
    const QString name = QString::fromUtf8(line.mid(third + 1));
    entry.path = parent.isEmpty() ? name : parent + QLatin1Char('/') + name;
    return entry;
}

class ShellFilesystem : public FilesystemBackend
{
public:
    ShellFilesystem(RemoteMachine *machine, QString root) : m_machine(machine), m_root(std::move(root)) {}

    QString description() const override
    {
        return Text::tr("workspace %1 on %2").arg(m_root, m_machine->displayName());
    }

    Result<FileEntry> stat(const QString &path) const override
    {
        const Result<QByteArray> output = call(path, QStringLiteral(R"SH(
[ -e "$p" ] || exit 2
find "$p" -maxdepth 0 -printf '%Y %s %T@ .\n'
)SH"));
        if (output.hasError())
            return output.error();
        std::optional<FileEntry> entry = parseEntry(output.value().trimmed(), QString());
        if (!entry)
            return ioError(path, output.value());
        entry->path = path;
        return *entry;
    }

    Result<QList<FileEntry>> list(const QString &path) const override
    {
        const Result<QByteArray> output = call(path, QStringLiteral(R"SH(
[ -e "$p" ] || exit 2
[ -d "$p" ] || exit 5
find "$p" -mindepth 1 -maxdepth 1 -printf '%Y %s %T@ %f\n'
)SH"));
        if (output.hasError())
            return output.error();
        QList<FileEntry> entries;
        for (const QByteArray &line : output.value().split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            if (const std::optional<FileEntry> entry = parseEntry(line, path))
                entries.append(*entry);
        }
        std::sort(entries.begin(), entries.end(), [](const FileEntry &a, const FileEntry &b) { return a.path < b.path; });
        return entries;
    }

    Result<QByteArray> read(const QString &path, qint64 offset, qint64 maxBytes) const override
    {
        QString script = QStringLiteral("\n[ -e \"$p\" ] || exit 2\n[ -f \"$p\" ] || exit 4\n");
        script += QStringLiteral("tail -c +%1 -- \"$p\"").arg(qMax<qint64>(0, offset) + 1);
        if (maxBytes >= 0)
            script += QStringLiteral(" | head -c %1").arg(maxBytes);
        script += QStringLiteral(" | base64 -w0\n");
        const Result<QByteArray> output = call(path, script);
        if (output.hasError())
            return output.error();
        return QByteArray::fromBase64(output.value().trimmed());
    }

    Result<void> write(const QString &path, const QByteArray &content) override
    {
        if (path.isEmpty())
            return Error(QStringLiteral("fs.not-a-file"), Text::tr("the workspace root is a folder, not a file"));
        // The content goes to a temporary file beside the target in pieces, then replaces the
        // target in one rename, so a reader never sees half of it.
        const QString temporary = QStringLiteral("\"$p.valis-write\"");
        qsizetype at = 0;
        do {
            const QByteArray piece = content.mid(at, WriteChunk);
            QString script = QStringLiteral("\n[ -d \"$p\" ] && exit 4\n");
            if (at == 0)
                script += QStringLiteral("mkdir -p -- \"$(dirname -- \"$p\")\" || exit 1\n");
            script += QStringLiteral("printf %s '") + QString::fromLatin1(piece.toBase64()) + QStringLiteral("' | base64 -d ")
                      + (at == 0 ? QStringLiteral(">") : QStringLiteral(">>")) + QLatin1Char(' ') + temporary
                      + QStringLiteral(" || exit 1\n");
            at += piece.size();
            if (at >= content.size())
                script += QStringLiteral("mv -f -- ") + temporary + QStringLiteral(" \"$p\" || exit 1\n");
            const Result<QByteArray> output = call(path, script);
            if (output.hasError())
                return output.error();
        } while (at < content.size());
        return {};
    }

    Result<void> remove(const QString &path) override
    {
        if (path.isEmpty())
            return Error(QStringLiteral("fs.read-only"), Text::tr("the workspace root cannot be removed"));
        const Result<QByteArray> output = call(path, QStringLiteral(R"SH(
[ -e "$p" ] || [ -L "$p" ] || exit 2
if [ -d "$p" ] && [ ! -L "$p" ]; then rmdir -- "$p" || exit 6; else rm -f -- "$p" || exit 1; fi
)SH"));
        if (output.hasError())
            return output.error();
        return {};
    }

private:
    Result<QByteArray> call(const QString &path, const QString &script) const
    {
        const Result<RemoteRunResult> run = m_machine->run(preamble(m_root, path) + script, CallTimeout);
        if (run.hasError())
            return run.error();
        const RemoteRunResult &result = run.value();
        switch (result.exitCode) {
        case 0: return result.output;
        case NotFound: return Error(QStringLiteral("fs.not-found"), Text::tr("%1 does not exist").arg(shown(path)));
        case Outside:
            return Error(QStringLiteral("fs.outside"), Text::tr("%1 leads outside the workspace").arg(shown(path)));
        case NotAFile: return Error(QStringLiteral("fs.not-a-file"), Text::tr("%1 is a folder, not a file").arg(shown(path)));
        case NotADirectory:
            return Error(QStringLiteral("fs.not-a-directory"), Text::tr("%1 is a file, not a folder").arg(shown(path)));
        case Exists: return Error(QStringLiteral("fs.exists"), Text::tr("%1 is a folder that is not empty").arg(shown(path)));
        default: return ioError(path, result.errorOutput.isEmpty() ? result.output : result.errorOutput);
        }
    }

    static QString shown(const QString &path) { return path.isEmpty() ? QStringLiteral(".") : path; }

    Error ioError(const QString &path, const QByteArray &output) const
    {
        return Error(QStringLiteral("fs.io"), Text::tr("%1 on %2 failed: %3")
                                                  .arg(shown(path), m_machine->displayName(),
                                                       QString::fromUtf8(output.trimmed().left(300))));
    }

    RemoteMachine *m_machine;
    QString m_root;
};
} // namespace

std::shared_ptr<FilesystemBackend> makeShellFilesystem(RemoteMachine *machine, const QString &root)
{
    return std::make_shared<ShellFilesystem>(machine, root);
}

} // namespace valis
