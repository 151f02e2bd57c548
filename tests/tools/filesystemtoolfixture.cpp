#include "filesystemtoolfixture.h"

#include "filesystemtools.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace valis::test {

FilesystemToolFixture::FilesystemToolFixture()
    : m_workspace(m_root.filePath(QStringLiteral("workspace"))), m_outside(m_root.filePath(QStringLiteral("outside")))
{
    QDir().mkpath(m_workspace);
    writeFile(m_outside + QStringLiteral("/secret.txt"), "the secret\n");
    m_filesystem = AgentFilesystem::forSession(m_workspace, locations(), QStringLiteral("default"), QStringLiteral("s-1"));
    m_provider = tools::files::makeFilesystemToolProvider();
}

FilesystemToolFixture::~FilesystemToolFixture() = default;

bool FilesystemToolFixture::isValid() const
{
    return m_root.isValid() && QFileInfo(m_workspace).isDir();
}

DataLocations FilesystemToolFixture::locations() const
{
    return DataLocations::underHome(m_root.filePath(QStringLiteral("home")));
}

ToolProvider *FilesystemToolFixture::provider() const
{
    return m_provider.get();
}

ToolContext FilesystemToolFixture::context() const
{
    ToolContext context;
    context.sessionId = QStringLiteral("s-1");
    context.callId = QStringLiteral("call-1");
    context.agentId = QStringLiteral("default");
    context.workingDirectory = m_workspace;
    context.filesystem = m_filesystem.get();
    return context;
}

ToolCallOutcome FilesystemToolFixture::call(const QString &tool, const QJsonObject &arguments) const
{
    return callTool(m_provider.get(), tool, arguments, context());
}

bool FilesystemToolFixture::put(const QString &relative, const QByteArray &bytes) const
{
    return writeFile(path(relative), bytes);
}

QByteArray FilesystemToolFixture::bytes(const QString &relative) const
{
    QFile file(path(relative));
    if (!file.open(QIODevice::ReadOnly))
        return QByteArray("<missing>");
    return file.readAll();
}

QMap<QString, QByteArray> FilesystemToolFixture::snapshot() const
{
    QMap<QString, QByteArray> files;
    QDirIterator it(m_root.path(), QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString entry = it.next();
        const QFileInfo info(entry);
        const QString key = QDir(m_root.path()).relativeFilePath(entry);
        if (info.isSymLink()) {
            files.insert(key, "link:" + info.symLinkTarget().toUtf8());
        } else if (info.isDir()) {
            files.insert(key, "dir");
        } else {
            QFile file(entry);
            files.insert(key, file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>"));
        }
    }
    return files;
}

QJsonObject args(std::initializer_list<std::pair<QString, QJsonValue>> pairs)
{
    QJsonObject object;
    for (const auto &pair : pairs)
        object.insert(pair.first, pair.second);
    return object;
}

QString joinedLines(const QStringList &lines)
{
    return lines.join(QLatin1Char('\n'));
}

bool makeSymlink(const QString &target, const QString &link)
{
#ifdef Q_OS_UNIX
    return ::symlink(QFile::encodeName(target).constData(), QFile::encodeName(link).constData()) == 0;
#else
    Q_UNUSED(target);
    Q_UNUSED(link);
    return false;
#endif
}

} // namespace valis::test
