#include "daytonafilesystem.h"

#include "daytonaapi.h"
#include "daytonamachine.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QRandomGenerator>

#include <algorithm>

namespace valis::daytona {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::daytona::DaytonaFilesystem)
};

constexpr std::chrono::milliseconds CallTimeout{120000};
// The exit status resolve()'s script gives a path that leads out of the root.
constexpr int Outside = 3;

QString decoded(const QString &text)
{
    return QLatin1String("\"$(printf %s ") + QString::fromLatin1(text.toUtf8().toBase64()) + QLatin1String(" | base64 -d)\"");
}

QString encodedQuery(const QString &value)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(value));
}
} // namespace

DaytonaFilesystem::DaytonaFilesystem(DaytonaMachine *machine, QString root) : m_machine(machine), m_root(std::move(root))
{
    while (m_root.size() > 1 && m_root.endsWith(QLatin1Char('/')))
        m_root.chop(1);
}

QString DaytonaFilesystem::description() const
{
    return Text::tr("workspace %1 on the Daytona sandbox %2").arg(m_root, m_machine->info().machineId);
}

Error DaytonaFilesystem::fileError(const Error &error, const QString &path) const
{
    return Error(QStringLiteral("fs.io"), Text::tr("%1: %2").arg(path.isEmpty() ? QStringLiteral(".") : path, error.message));
}

Result<DaytonaFilesystem::Resolved> DaytonaFilesystem::resolve(const QString &path, Last last) const
{
    if (path.startsWith(QLatin1Char('/')) || path.split(QLatin1Char('/')).contains(QStringLiteral("..")))
        return Error(QStringLiteral("fs.outside"), Text::tr("%1 is outside the workspace").arg(path));
    // The folder holding the last component must be inside the root; a link as the last
    // component is followed (and its target must be inside too), except for remove(), which
    // removes the link itself.
    const QString script = QLatin1String("root=$(readlink -f -- ") + decoded(m_root) + QLatin1String(") || exit 2\n")
                           + QLatin1String("rel=") + decoded(path) + QLatin1Char('\n')
                           + QLatin1String(last == Last::Follow ? "follow=1\n" : "follow=0\n")
                           + QLatin1String(R"SH(t=
if [ -z "$rel" ]; then p=$root; else
  d=$(readlink -m -- "$root/$(dirname -- "$rel")") || exit 3
  case "$d/" in "$root"/*) ;; *) exit 3 ;; esac
  p=$d/$(basename -- "$rel")
  if [ -L "$p" ]; then
    if [ "$follow" = 1 ]; then
      p=$(readlink -m -- "$p"); case "$p/" in "$root"/*) ;; *) exit 3 ;; esac
    else
      t=l
    fi
  fi
fi
if [ -n "$t" ]; then :; elif [ -d "$p" ]; then t=d; elif [ -f "$p" ]; then t=f; elif [ -e "$p" ]; then t=o; else t=n; fi
printf '%s\t%s' "$t" "$p"
)SH");
    const Result<RemoteRunResult> run = m_machine->runIn(script, QString(), CallTimeout);
    if (run.hasError())
        return fileError(run.error(), path);
    if (run->exitCode == Outside)
        return Error(QStringLiteral("fs.outside"), Text::tr("%1 leads outside the workspace").arg(path));
    if (run->exitCode != 0 || run->output.size() < 3 || run->output.at(1) != '\t')
        return Error(QStringLiteral("fs.io"), Text::tr("%1: cannot look it up on the Daytona sandbox (exit %2): %3")
                                                  .arg(path)
                                                  .arg(run->exitCode)
                                                  .arg(QString::fromUtf8(run->errorOutput + run->output).trimmed()));
    return Resolved{QString::fromUtf8(run->output.mid(2)), run->output.at(0)};
}

Result<FileEntry> DaytonaFilesystem::stat(const QString &path) const
{
    const Result<Resolved> found = resolve(path, Last::Follow);
    if (found.hasError())
        return found.error();
    if (found->type == 'n')
        return Error(QStringLiteral("fs.not-found"), Text::tr("%1 does not exist").arg(path));
    rest::Request request;
    request.path = QStringLiteral("/files/info");
    request.query.addQueryItem(QStringLiteral("path"), encodedQuery(found->absolute));
    const Result<rest::Response> answer = m_machine->toolbox().send(request);
    if (answer.hasError())
        return fileError(answer.error(), path);
    const QJsonObject info = answer->json().toObject();
    FileEntry entry;
    entry.path = path;
    entry.type = found->type == 'd' ? FileEntry::Type::Directory
                 : found->type == 'f' ? FileEntry::Type::File
                                      : FileEntry::Type::Other;
    entry.size = qint64(info.value(QLatin1String("size")).toDouble());
    entry.modified = QDateTime::fromString(info.value(QLatin1String("modTime")).toString(), Qt::ISODateWithMs);
    return entry;
}

Result<QList<FileEntry>> DaytonaFilesystem::list(const QString &path) const
{
    const Result<Resolved> found = resolve(path, Last::Follow);
    if (found.hasError())
        return found.error();
    if (found->type == 'n')
        return Error(QStringLiteral("fs.not-found"), Text::tr("%1 does not exist").arg(path));
    if (found->type != 'd')
        return Error(QStringLiteral("fs.not-a-directory"), Text::tr("%1 is not a folder").arg(path));
    rest::Request request;
    request.path = QStringLiteral("/files");
    request.query.addQueryItem(QStringLiteral("path"), encodedQuery(found->absolute));
    const Result<rest::Response> answer = m_machine->toolbox().send(request);
    if (answer.hasError())
        return fileError(answer.error(), path);
    QList<FileEntry> entries;
    for (const QJsonValue &value : answer->json().toArray()) {
        const QJsonObject info = value.toObject();
        FileEntry entry;
        const QString name = info.value(QLatin1String("name")).toString();
        entry.path = path.isEmpty() ? name : path + QLatin1Char('/') + name;
        entry.type = info.value(QLatin1String("isDir")).toBool() ? FileEntry::Type::Directory : FileEntry::Type::File;
        entry.size = qint64(info.value(QLatin1String("size")).toDouble());
        entry.modified = QDateTime::fromString(info.value(QLatin1String("modTime")).toString(), Qt::ISODateWithMs);
        entries.append(entry);
    }
    std::sort(entries.begin(), entries.end(), [](const FileEntry &a, const FileEntry &b) { return a.path < b.path; });
    return entries;
}

Result<QByteArray> DaytonaFilesystem::read(const QString &path, qint64 offset, qint64 maxBytes) const
{
    const Result<Resolved> found = resolve(path, Last::Follow);
    if (found.hasError())
        return found.error();
    if (found->type == 'n')
        return Error(QStringLiteral("fs.not-found"), Text::tr("%1 does not exist").arg(path));
    if (found->type != 'f')
        return Error(QStringLiteral("fs.not-a-file"), Text::tr("%1 is not a file").arg(path));
    rest::Request request;
    request.path = QStringLiteral("/files/download");
    request.query.addQueryItem(QStringLiteral("path"), encodedQuery(found->absolute));
    request.accept = "application/octet-stream";
    request.timeout = CallTimeout;
    const Result<rest::Response> answer = m_machine->toolbox().send(request);
    if (answer.hasError())
        return fileError(answer.error(), path);
    const QByteArray &content = answer->body;
    if (offset >= content.size())
        return QByteArray();
    return maxBytes < 0 ? content.mid(offset) : content.mid(offset, maxBytes);
}

Result<void> DaytonaFilesystem::write(const QString &path, const QByteArray &content)
{
    if (path.isEmpty())
        return Error(QStringLiteral("fs.not-a-file"), Text::tr("the workspace itself is not a file"));
    const Result<Resolved> found = resolve(path, Last::Follow);
    if (found.hasError())
        return found.error();
    if (found->type == 'd' || found->type == 'o')
        return Error(QStringLiteral("fs.not-a-file"), Text::tr("%1 is not a file").arg(path));
    const QString folder = found->absolute.left(found->absolute.lastIndexOf(QLatin1Char('/')));
    const QString temporary = folder + QStringLiteral("/.valis-write-")
                              + QString::number(QRandomGenerator::global()->generate64(), 16);
    rest::Request upload;
    upload.method = "POST";
    upload.path = QStringLiteral("/files/upload-v2");
    upload.query.addQueryItem(QStringLiteral("path"), encodedQuery(temporary));
    upload.body = content;
    upload.contentType = "application/octet-stream";
    upload.timeout = CallTimeout;
    const Result<rest::Response> uploaded = m_machine->toolbox().send(upload);
    if (uploaded.hasError())
        return fileError(uploaded.error(), path);
    // The daemon's move refuses an existing destination; mv renames over it atomically.
    const Result<RemoteRunResult> moved = m_machine->runIn(
        QLatin1String("mv -f -- ") + decoded(temporary) + QLatin1Char(' ') + decoded(found->absolute)
            + QLatin1String(" || { rm -f -- ") + decoded(temporary) + QLatin1String("; exit 1; }"),
        QString(), CallTimeout);
    if (moved.hasError())
        return fileError(moved.error(), path);
    if (moved->exitCode != 0)
        return Error(QStringLiteral("fs.io"), Text::tr("%1: cannot replace it on the Daytona sandbox: %2")
                                                  .arg(path, QString::fromUtf8(moved->errorOutput + moved->output).trimmed()));
    return {};
}

Result<void> DaytonaFilesystem::remove(const QString &path)
{
    if (path.isEmpty())
        return Error(QStringLiteral("fs.io"), Text::tr("the workspace itself cannot be removed"));
    const Result<Resolved> found = resolve(path, Last::Keep);
    if (found.hasError())
        return found.error();
    if (found->type == 'n')
        return Error(QStringLiteral("fs.not-found"), Text::tr("%1 does not exist").arg(path));
    if (found->type == 'l') {
        // The file API would look through the link; rm removes the link itself.
        const Result<RemoteRunResult> removed =
            m_machine->runIn(QLatin1String("rm -f -- ") + decoded(found->absolute), QString(), CallTimeout);
        if (removed.hasError())
            return fileError(removed.error(), path);
        if (removed->exitCode != 0)
            return Error(QStringLiteral("fs.io"), Text::tr("%1: %2").arg(path, QString::fromUtf8(removed->errorOutput).trimmed()));
        return {};
    }
    rest::Request request;
    request.method = "DELETE";
    request.path = QStringLiteral("/files");
    request.query.addQueryItem(QStringLiteral("path"), encodedQuery(found->absolute));
    const Result<rest::Response> answer = m_machine->toolbox().send(request);
    if (answer.hasError())
        return fileError(answer.error(), path);
    return {};
}

} // namespace valis::daytona
