// The AgentFilesystem and its LocalDirectoryBackend on real folders: routing by prefix,
// normalisation, and every way out of the workspace (.., absolute paths, symbolic links in and
// out, dangling links, NUL bytes, over-long names) refused with its code and a clear message.
#include "testsupport.h"

#include "valis/core/datalocations.h"
#include "valis/filesystem/agentfilesystem.h"
#include "valis/filesystem/localdirectorybackend.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QTemporaryDir>
#include <QtTest>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace valis;
using valis::test::writeFile;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QByteArray("<unreadable>");
    return file.readAll();
}

/// Every file and link under `root` with its bytes (links by their target text), to show that
/// a refused call changed nothing.
QMap<QString, QByteArray> snapshot(const QString &root)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo info(path);
        const QString key = QDir(root).relativeFilePath(path);
        if (info.isSymLink())
            files.insert(key, "link:" + info.symLinkTarget().toUtf8());
        else if (info.isDir())
            files.insert(key, "dir");
        else
            files.insert(key, readAll(path));
    }
    return files;
}

bool symlink(const QString &target, const QString &link)
{
#ifdef Q_OS_UNIX
    return ::symlink(QFile::encodeName(target).constData(), QFile::encodeName(link).constData()) == 0;
#else
    Q_UNUSED(target);
    Q_UNUSED(link);
    return false;
#endif
}

#define REQUIRE_SYMLINKS()                                                                       \
    do {                                                                                         \
        if (!symlinksWork())                                                                     \
            QSKIP("this platform cannot create symbolic links here");                            \
    } while (false)

bool symlinksWork()
{
#ifdef Q_OS_UNIX
    return true;
#else
    return false;
#endif
}

template<typename T>
QString errorCode(const Result<T> &result)
{
    return result.ok() ? QStringLiteral("<ok>") : result.error().code;
}

template<typename T>
QString errorText(const Result<T> &result)
{
    return result.ok() ? QStringLiteral("<ok>") : result.error().message;
}

} // namespace

class TestAgentFilesystem : public QObject
{
    Q_OBJECT

    QTemporaryDir *m_dir = nullptr;
    QString m_workspace;
    QString m_outside;

private Q_SLOTS:
    void init()
    {
        m_dir = new QTemporaryDir;
        QVERIFY(m_dir->isValid());
        m_workspace = m_dir->filePath(QStringLiteral("workspace"));
        m_outside = m_dir->filePath(QStringLiteral("outside"));
        QVERIFY(writeFile(m_workspace + QStringLiteral("/src/a.txt"), "inside a\n"));
        QVERIFY(writeFile(m_workspace + QStringLiteral("/README.md"), "# readme\n"));
        QVERIFY(writeFile(m_outside + QStringLiteral("/secret.txt"), "the secret\n"));
    }

    void cleanup()
    {
        delete m_dir;
        m_dir = nullptr;
    }

    void relativePathsAreNormalised()
    {
        AgentFilesystem fs(m_workspace);
        const auto check = [&fs](const QString &written, const QString &relative, const QString &agentPath) {
            const Result<AgentFilesystem::Location> location = fs.resolve(written);
            VALIS_VERIFY_OK(location);
            QCOMPARE(location->backend, fs.workspace());
            QCOMPARE(location->mountPoint, QString());
            QCOMPARE(location->relativePath, relative);
            QCOMPARE(location->agentPath, agentPath);
        };
        check(QStringLiteral("src/a.txt"), QStringLiteral("src/a.txt"), QStringLiteral("src/a.txt"));
        check(QStringLiteral("./src//a.txt"), QStringLiteral("src/a.txt"), QStringLiteral("src/a.txt"));
        check(QStringLiteral("src/./x/../a.txt"), QStringLiteral("src/a.txt"), QStringLiteral("src/a.txt"));
        check(QStringLiteral("src/"), QStringLiteral("src"), QStringLiteral("src"));
        check(QStringLiteral("."), QString(), QStringLiteral("."));
        check(QStringLiteral("src/.."), QString(), QStringLiteral("."));
        // A leading "memories" without the slash is just a folder of the workspace.
        check(QStringLiteral("memories/x"), QStringLiteral("memories/x"), QStringLiteral("memories/x"));

        const Result<QByteArray> bytes = fs.read(QStringLiteral("./src//a.txt"));
        VALIS_VERIFY_OK(bytes);
        QCOMPARE(*bytes, QByteArray("inside a\n"));
    }

    void absoluteWorkspacePathsAreAccepted()
    {
        AgentFilesystem fs(m_workspace);
        const Result<AgentFilesystem::Location> location = fs.resolve(m_workspace + QStringLiteral("/src/a.txt"));
        VALIS_VERIFY_OK(location);
        QCOMPARE(location->relativePath, QStringLiteral("src/a.txt"));
        QCOMPARE(location->agentPath, QStringLiteral("src/a.txt"));
        const Result<AgentFilesystem::Location> root = fs.resolve(m_workspace);
        VALIS_VERIFY_OK(root);
        QCOMPARE(root->relativePath, QString());
        QCOMPARE(*fs.read(m_workspace + QStringLiteral("//src/./a.txt")), QByteArray("inside a\n"));

        // A sibling whose name merely starts like the workspace is outside.
        QVERIFY(writeFile(m_workspace + QStringLiteral("-other/x.txt"), "x"));
        QCOMPARE(errorCode(fs.resolve(m_workspace + QStringLiteral("-other/x.txt"))), QStringLiteral("fs.outside"));
    }

    void workspaceGivenThroughASymlink()
    {
        REQUIRE_SYMLINKS();
        const QString link = m_dir->filePath(QStringLiteral("ws-link"));
        QVERIFY(symlink(m_workspace, link));
        const QString real = QFileInfo(m_workspace).canonicalFilePath();
        AgentFilesystem fs(link);
        // Both the path it was given and the real path (what compilers print) are inside.
        for (const QString &absolute : QStringList{link + QStringLiteral("/src/a.txt"), real + QStringLiteral("/src/a.txt")}) {
            const Result<AgentFilesystem::Location> location = fs.resolve(absolute);
            VALIS_VERIFY_OK(location);
            QCOMPARE(location->relativePath, QStringLiteral("src/a.txt"));
        }
        QCOMPARE(*fs.read(QStringLiteral("src/a.txt")), QByteArray("inside a\n"));
        VALIS_VERIFY_OK(fs.write(real + QStringLiteral("/src/b.txt"), "b"));
        QCOMPARE(readAll(m_workspace + QStringLiteral("/src/b.txt")), QByteArray("b"));
    }

    void dotDotAboveTheRootIsRefused_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("parent") << QStringLiteral("../outside/secret.txt");
        QTest::newRow("deeper") << QStringLiteral("src/../../outside/secret.txt");
        QTest::newRow("only dots") << QStringLiteral("..");
        QTest::newRow("dot then dots") << QStringLiteral("./src/x/../../..");
        QTest::newRow("absolute climbing") << QStringLiteral("%WS%/../outside/secret.txt");
    }

    void dotDotAboveTheRootIsRefused()
    {
        QFETCH(QString, path);
        path.replace(QStringLiteral("%WS%"), m_workspace);
        AgentFilesystem fs(m_workspace);
        const Result<QByteArray> bytes = fs.read(path);
        QCOMPARE(errorCode(bytes), QStringLiteral("fs.outside"));
        QVERIFY2(errorText(bytes).contains(QLatin1Char('"') + path + QLatin1Char('"')), qPrintable(errorText(bytes)));
        QVERIFY2(errorText(bytes).contains(QStringLiteral("climbs above")), qPrintable(errorText(bytes)));
        QVERIFY2(errorText(bytes).contains(QStringLiteral("Allowed are paths inside the workspace ") + m_workspace),
                 qPrintable(errorText(bytes)));
        QCOMPARE(errorCode(fs.write(path, "x")), QStringLiteral("fs.outside"));
        QCOMPARE(readAll(m_outside + QStringLiteral("/secret.txt")), QByteArray("the secret\n"));
    }

    void absolutePathsOutsideAreRefused()
    {
        DataLocations locations = DataLocations::underHome(m_dir->filePath(QStringLiteral("home")));
        const auto fs = AgentFilesystem::forSession(m_workspace, locations, QStringLiteral("default"), QStringLiteral("s1"));
        for (const QString &path : QStringList{QStringLiteral("/etc/passwd"), m_outside + QStringLiteral("/secret.txt"), QStringLiteral("/"),
                                    QStringLiteral("/memoriesX/a")}) {
            const Result<QByteArray> bytes = fs->read(path);
            QCOMPARE(errorCode(bytes), QStringLiteral("fs.outside"));
            const QString text = errorText(bytes);
            QVERIFY2(text.contains(QLatin1Char('"') + path + QLatin1Char('"')), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("is outside the workspace")), qPrintable(text));
            // It says what is allowed instead: the workspace and both mounts.
            QVERIFY2(text.contains(m_workspace), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("/memories/")) && text.contains(QStringLiteral("/context/")), qPrintable(text));
        }
        const auto narrow = std::make_unique<AgentFilesystem>(m_workspace);
        QCOMPARE(errorCode(narrow->write(m_outside + QStringLiteral("/new.txt"), "x")), QStringLiteral("fs.outside"));
        QVERIFY(!QFileInfo::exists(m_outside + QStringLiteral("/new.txt")));
    }

    void invalidPathsAreRefused()
    {
        AgentFilesystem fs(m_workspace);
        const QString withNul = QStringLiteral("src/a.txt") + QChar(u'\0') + QStringLiteral(".png");
        const Result<QByteArray> nul = fs.read(withNul);
        QCOMPARE(errorCode(nul), QStringLiteral("fs.invalid-path"));
        QVERIFY2(errorText(nul).contains(QStringLiteral("NUL byte")), qPrintable(errorText(nul)));
        QVERIFY2(errorText(nul).contains(QStringLiteral("src/a.txt\\0.png")), qPrintable(errorText(nul)));
        QCOMPARE(errorCode(fs.write(withNul, "x")), QStringLiteral("fs.invalid-path"));

        QCOMPARE(errorCode(fs.stat(QString())), QStringLiteral("fs.invalid-path"));
    }

    void overLongNamesAreRefused()
    {
        AgentFilesystem fs(m_workspace);
        const QString longest(255, QLatin1Char('n'));
        VALIS_VERIFY_OK(fs.write(QStringLiteral("src/") + longest, "fits"));

        const Result<void> name = fs.write(QStringLiteral("src/") + longest + QLatin1Char('n'), "x");
        QCOMPARE(errorCode(name), QStringLiteral("fs.name-too-long"));
        QVERIFY2(name.error().message.contains(QStringLiteral("256 bytes")) && name.error().message.contains(QStringLiteral("at most 255")),
                 qPrintable(name.error().message));
        // Bytes, not characters: 128 two-byte letters are 256 bytes.
        QCOMPARE(errorCode(fs.write(QString(128, QChar(u'é')), "x")), QStringLiteral("fs.name-too-long"));

        QStringList parts;
        for (int i = 0; i < 20; ++i)
            parts.append(QString(250, QLatin1Char('d')));
        const Result<QByteArray> path = fs.read(parts.join(QLatin1Char('/')));
        QCOMPARE(errorCode(path), QStringLiteral("fs.name-too-long"));
        QVERIFY2(path.error().message.contains(QStringLiteral("at most 4096 bytes")), qPrintable(path.error().message));
    }

    void memoriesAndContextRouteToTheirFolders()
    {
        const DataLocations locations = DataLocations::underHome(m_dir->filePath(QStringLiteral("home")));
        const auto fs = AgentFilesystem::forSession(m_workspace, locations, QStringLiteral("agent-7"), QStringLiteral("session-9"));
        QCOMPARE(fs->mountPoints(), (QStringList{QStringLiteral("/memories/"), QStringLiteral("/context/"), QString()}));

        // Nothing exists yet: the mounts look empty rather than missing.
        const Result<QList<FileEntry>> empty = fs->list(QStringLiteral("/memories/"));
        VALIS_VERIFY_OK(empty);
        QVERIFY(empty->isEmpty());
        QVERIFY(fs->stat(QStringLiteral("/context")).value().isDirectory());

        VALIS_VERIFY_OK(fs->write(QStringLiteral("/memories/notes.md"), "remember\n"));
        VALIS_VERIFY_OK(fs->write(QStringLiteral("/context/results/r-1.txt"), "offloaded\n"));
        QCOMPARE(readAll(locations.agentMemoriesDir(QStringLiteral("agent-7")) + QStringLiteral("/notes.md")), QByteArray("remember\n"));
        QCOMPARE(readAll(locations.sessionScratchDir(QStringLiteral("session-9")) + QStringLiteral("/results/r-1.txt")),
                 QByteArray("offloaded\n"));
        QVERIFY(!QFileInfo::exists(m_workspace + QStringLiteral("/memories")));

        const Result<AgentFilesystem::Location> memory = fs->resolve(QStringLiteral("//memories/./notes.md"));
        VALIS_VERIFY_OK(memory);
        QCOMPARE(memory->mountPoint, QStringLiteral("/memories/"));
        QCOMPARE(memory->relativePath, QStringLiteral("notes.md"));
        QCOMPARE(memory->agentPath, QStringLiteral("/memories/notes.md"));
        QCOMPARE(memory->backend, fs->backend(QStringLiteral("/memories/")));
        QCOMPARE(fs->resolve(QStringLiteral("/memories")).value().agentPath, QStringLiteral("/memories/"));

        const Result<QList<FileEntry>> listed = fs->list(QStringLiteral("/memories"));
        VALIS_VERIFY_OK(listed);
        QCOMPARE(listed->size(), 1);
        QCOMPARE(listed->first().path, QStringLiteral("notes.md"));
        QCOMPARE(*fs->read(QStringLiteral("/context/results/r-1.txt")), QByteArray("offloaded\n"));

        // ".." may not step from one mount into another, nor out of it.
        const Result<QByteArray> across = fs->read(QStringLiteral("/memories/../context/results/r-1.txt"));
        QCOMPARE(errorCode(across), QStringLiteral("fs.outside"));
        QVERIFY2(errorText(across).contains(QStringLiteral("climbs above the root of /memories/")), qPrintable(errorText(across)));
        QCOMPARE(errorCode(fs->read(QStringLiteral("/context/../../secret"))), QStringLiteral("fs.outside"));

        // Messages from a mount name the path as the agent wrote it.
        const Result<QByteArray> missing = fs->read(QStringLiteral("/memories//missing.md"));
        QCOMPARE(errorCode(missing), QStringLiteral("fs.not-found"));
        QVERIFY2(errorText(missing).contains(QStringLiteral("\"/memories//missing.md\" does not exist")), qPrintable(errorText(missing)));
    }

    void longestPrefixWins()
    {
        const DataLocations locations = DataLocations::underHome(m_dir->filePath(QStringLiteral("home")));
        const auto fs = AgentFilesystem::forSession(m_workspace, locations, QStringLiteral("default"), QStringLiteral("s"));
        const QString shared = m_dir->filePath(QStringLiteral("shared"));
        fs->mount(QStringLiteral("/memories/shared"), std::make_shared<LocalDirectoryBackend>(shared, QStringLiteral("shared memories"), true));
        QCOMPARE(fs->mountPoints().first(), QStringLiteral("/memories/shared/"));

        VALIS_VERIFY_OK(fs->write(QStringLiteral("/memories/shared/team.md"), "team"));
        VALIS_VERIFY_OK(fs->write(QStringLiteral("/memories/own.md"), "own"));
        QCOMPARE(readAll(shared + QStringLiteral("/team.md")), QByteArray("team"));
        QCOMPARE(readAll(locations.agentMemoriesDir(QStringLiteral("default")) + QStringLiteral("/own.md")), QByteArray("own"));
        QVERIFY(!QFileInfo::exists(locations.agentMemoriesDir(QStringLiteral("default")) + QStringLiteral("/shared")));

        // A workspace under a mount-like path: the longer (workspace) prefix wins.
        AgentFilesystem nested(m_workspace);
        nested.mount(m_dir->path(), std::make_shared<LocalDirectoryBackend>(m_outside, QStringLiteral("outer"), false));
        QCOMPARE(nested.resolve(m_workspace + QStringLiteral("/src/a.txt")).value().backend, nested.workspace());
    }

    void readOffsetAndLimit()
    {
        AgentFilesystem fs(m_workspace);
        VALIS_VERIFY_OK(fs.write(QStringLiteral("digits.txt"), "0123456789"));
        QCOMPARE(*fs.read(QStringLiteral("digits.txt"), 3, 4), QByteArray("3456"));
        QCOMPARE(*fs.read(QStringLiteral("digits.txt"), 8), QByteArray("89"));
        QCOMPARE(*fs.read(QStringLiteral("digits.txt"), 0, 0), QByteArray());
        QCOMPARE(*fs.read(QStringLiteral("digits.txt"), 20, 4), QByteArray());
    }

    void writeCreatesParentsAndReplaces()
    {
        AgentFilesystem fs(m_workspace);
        VALIS_VERIFY_OK(fs.write(QStringLiteral("deep/er/still/file.txt"), "one"));
        QCOMPARE(readAll(m_workspace + QStringLiteral("/deep/er/still/file.txt")), QByteArray("one"));
        VALIS_VERIFY_OK(fs.write(QStringLiteral("deep/er/still/file.txt"), "two"));
        QCOMPARE(readAll(m_workspace + QStringLiteral("/deep/er/still/file.txt")), QByteArray("two"));
        // No temporary file is left beside it.
        QCOMPARE(QDir(m_workspace + QStringLiteral("/deep/er/still")).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("file.txt")});

        const QString script = m_workspace + QStringLiteral("/run.sh");
        QVERIFY(writeFile(script, "#!/bin/sh\n"));
        QVERIFY(QFile::setPermissions(script, QFile::permissions(script) | QFileDevice::ExeOwner));
        VALIS_VERIFY_OK(fs.write(QStringLiteral("run.sh"), "#!/bin/sh\necho hi\n"));
        QVERIFY2(QFile::permissions(script).testFlag(QFileDevice::ExeOwner), "an executable stays executable");

        const Result<FileEntry> entry = fs.stat(QStringLiteral("deep/er/still/file.txt"));
        VALIS_VERIFY_OK(entry);
        QCOMPARE(entry->type, FileEntry::Type::File);
        QCOMPARE(entry->size, 3);
        QVERIFY(entry->modified.isValid());
    }

    void wrongKindsAreReported()
    {
        AgentFilesystem fs(m_workspace);
        QCOMPARE(errorCode(fs.read(QStringLiteral("src"))), QStringLiteral("fs.not-a-file"));
        QCOMPARE(errorCode(fs.write(QStringLiteral("src"), "x")), QStringLiteral("fs.not-a-file"));
        QCOMPARE(errorCode(fs.write(QStringLiteral("."), "x")), QStringLiteral("fs.not-a-file"));
        QCOMPARE(errorCode(fs.list(QStringLiteral("README.md"))), QStringLiteral("fs.not-a-directory"));
        const Result<void> blocked = fs.write(QStringLiteral("README.md/inner.txt"), "x");
        QCOMPARE(errorCode(blocked), QStringLiteral("fs.not-a-directory"));
        QVERIFY2(errorText(blocked).contains(QStringLiteral("\"README.md/inner.txt\"")), qPrintable(errorText(blocked)));

        const Result<QByteArray> missing = fs.read(QStringLiteral("./nope//x.txt"));
        QCOMPARE(errorCode(missing), QStringLiteral("fs.not-found"));
        QVERIFY2(errorText(missing).contains(QStringLiteral("\"./nope//x.txt\" does not exist")), qPrintable(errorText(missing)));
        QCOMPARE(missing.error().location, QStringLiteral("./nope//x.txt"));

#ifdef Q_OS_UNIX
        const QString fifo = m_workspace + QStringLiteral("/pipe");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const Result<QByteArray> pipe = fs.read(QStringLiteral("pipe"));
        QCOMPARE(errorCode(pipe), QStringLiteral("fs.not-a-file"));
        QCOMPARE(fs.stat(QStringLiteral("pipe")).value().type, FileEntry::Type::Other);
#endif
    }

    void listIsSortedAndTyped()
    {
        AgentFilesystem fs(m_workspace);
        QVERIFY(writeFile(m_workspace + QStringLiteral("/b.txt"), "bb"));
        QVERIFY(writeFile(m_workspace + QStringLiteral("/.hidden"), "h"));
        QVERIFY(QDir(m_workspace).mkdir(QStringLiteral("Zeta")));
        const Result<QList<FileEntry>> entries = fs.list(QStringLiteral("."));
        VALIS_VERIFY_OK(entries);
        QStringList names;
        for (const FileEntry &entry : *entries)
            names.append(entry.path);
        QCOMPARE(names, (QStringList{QStringLiteral(".hidden"), QStringLiteral("README.md"), QStringLiteral("Zeta"),
                                     QStringLiteral("b.txt"), QStringLiteral("src")}));
        QCOMPARE(entries->at(2).type, FileEntry::Type::Directory);
        QCOMPARE(entries->at(3).size, 2);

        const Result<QList<FileEntry>> sub = fs.list(QStringLiteral("src/"));
        VALIS_VERIFY_OK(sub);
        QCOMPARE(sub->size(), 1);
        QCOMPARE(sub->first().path, QStringLiteral("src/a.txt"));
    }

    void symlinkToAFileOutsideIsRefused()
    {
        REQUIRE_SYMLINKS();
        QVERIFY(symlink(m_outside + QStringLiteral("/secret.txt"), m_workspace + QStringLiteral("/leak")));
        AgentFilesystem fs(m_workspace);
        const QMap<QString, QByteArray> before = snapshot(m_dir->path());

        const Result<QByteArray> read = fs.read(QStringLiteral("leak"));
        QCOMPARE(errorCode(read), QStringLiteral("fs.outside"));
        QVERIFY2(errorText(read).contains(QStringLiteral("\"leak\"")) && errorText(read).contains(QStringLiteral("symbolic link")),
                 qPrintable(errorText(read)));
        QVERIFY2(errorText(read).contains(QStringLiteral("outside the workspace ") + m_workspace), qPrintable(errorText(read)));
        QVERIFY(!errorText(read).contains(QStringLiteral("the secret")));
        QCOMPARE(errorCode(fs.stat(QStringLiteral("leak"))), QStringLiteral("fs.outside"));
        QCOMPARE(errorCode(fs.write(QStringLiteral("leak"), "overwritten")), QStringLiteral("fs.outside"));
        QCOMPARE(errorCode(fs.list(QStringLiteral("leak"))), QStringLiteral("fs.outside"));
        QCOMPARE(snapshot(m_dir->path()), before);

        // Listed, but as a link, never as the file it points to.
        const QList<FileEntry> entries = fs.list(QStringLiteral(".")).value();
        const auto leak = std::find_if(entries.begin(), entries.end(), [](const FileEntry &e) { return e.path == QLatin1String("leak"); });
        QVERIFY(leak != entries.end());
        QCOMPARE(leak->type, FileEntry::Type::Symlink);
        QCOMPARE(leak->size, 0);

        // Removing the link removes the link, not what it points to.
        VALIS_VERIFY_OK(fs.remove(QStringLiteral("leak")));
        QVERIFY(!QFileInfo(m_workspace + QStringLiteral("/leak")).isSymLink());
        QCOMPARE(readAll(m_outside + QStringLiteral("/secret.txt")), QByteArray("the secret\n"));
    }

    void symlinkToAFolderOutsideIsRefused()
    {
        REQUIRE_SYMLINKS();
        QVERIFY(symlink(m_outside, m_workspace + QStringLiteral("/src/out")));
        // Relative links that climb out are no different.
        QVERIFY(symlink(QStringLiteral("../../outside"), m_workspace + QStringLiteral("/src/sneaky")));
        // Nor are chains: a link to a link that points out.
        QVERIFY(symlink(QStringLiteral("sneaky"), m_workspace + QStringLiteral("/src/chain")));
        AgentFilesystem fs(m_workspace);
        const QMap<QString, QByteArray> before = snapshot(m_dir->path());
        for (const QString &link : QStringList{QStringLiteral("src/out"), QStringLiteral("src/sneaky"), QStringLiteral("src/chain")}) {
            QCOMPARE(errorCode(fs.list(link)), QStringLiteral("fs.outside"));
            QCOMPARE(errorCode(fs.read(link + QStringLiteral("/secret.txt"))), QStringLiteral("fs.outside"));
            QCOMPARE(errorCode(fs.stat(link + QStringLiteral("/secret.txt"))), QStringLiteral("fs.outside"));
            const Result<void> write = fs.write(link + QStringLiteral("/planted/new.txt"), "planted");
            QCOMPARE(errorCode(write), QStringLiteral("fs.outside"));
            QVERIFY2(errorText(write).contains(QLatin1Char('"') + link + QStringLiteral("/planted/new.txt\"")), qPrintable(errorText(write)));
            QCOMPARE(errorCode(fs.write(link + QStringLiteral("/secret.txt"), "overwritten")), QStringLiteral("fs.outside"));
            QCOMPARE(errorCode(fs.remove(link + QStringLiteral("/secret.txt"))), QStringLiteral("fs.outside"));
        }
        QCOMPARE(snapshot(m_dir->path()), before);
        QVERIFY(!QFileInfo::exists(m_outside + QStringLiteral("/planted")));
    }

    void danglingSymlinks()
    {
        REQUIRE_SYMLINKS();
        // Pointing outside at something that does not exist yet: a write would create it there.
        QVERIFY(symlink(m_outside + QStringLiteral("/created-by-agent.txt"), m_workspace + QStringLiteral("/dangling-out")));
        QVERIFY(symlink(m_outside + QStringLiteral("/newdir/x"), m_workspace + QStringLiteral("/dangling-dir")));
        // Pointing inside at something missing.
        QVERIFY(symlink(QStringLiteral("src/missing.txt"), m_workspace + QStringLiteral("/dangling-in")));
        AgentFilesystem fs(m_workspace);

        QCOMPARE(errorCode(fs.write(QStringLiteral("dangling-out"), "escaped")), QStringLiteral("fs.outside"));
        QCOMPARE(errorCode(fs.write(QStringLiteral("dangling-dir/y.txt"), "escaped")), QStringLiteral("fs.outside"));
        QCOMPARE(errorCode(fs.read(QStringLiteral("dangling-out"))), QStringLiteral("fs.outside"));
        QVERIFY(!QFileInfo::exists(m_outside + QStringLiteral("/created-by-agent.txt")));
        QVERIFY(!QFileInfo::exists(m_outside + QStringLiteral("/newdir")));

        QCOMPARE(errorCode(fs.read(QStringLiteral("dangling-in"))), QStringLiteral("fs.not-found"));
        QCOMPARE(errorCode(fs.stat(QStringLiteral("dangling-in"))), QStringLiteral("fs.not-found"));
        // Writing through it creates the file it names, inside.
        VALIS_VERIFY_OK(fs.write(QStringLiteral("dangling-in"), "now here"));
        QCOMPARE(readAll(m_workspace + QStringLiteral("/src/missing.txt")), QByteArray("now here"));

        const QList<FileEntry> entries = fs.list(QStringLiteral(".")).value();
        for (const FileEntry &entry : entries) {
            if (entry.path == QLatin1String("dangling-out") || entry.path == QLatin1String("dangling-dir"))
                QCOMPARE(entry.type, FileEntry::Type::Symlink);
            if (entry.path == QLatin1String("dangling-in"))
                QCOMPARE(entry.type, FileEntry::Type::File);
        }
    }

    void symlinksInsideStayUsable()
    {
        REQUIRE_SYMLINKS();
        QVERIFY(symlink(QStringLiteral("src/a.txt"), m_workspace + QStringLiteral("/alias.txt")));
        QVERIFY(symlink(m_workspace + QStringLiteral("/src"), m_workspace + QStringLiteral("/srclink")));
        // A link that leaves and comes back in ends inside: that is allowed.
        QVERIFY(symlink(QStringLiteral("../workspace/src"), m_workspace + QStringLiteral("/roundtrip")));
        AgentFilesystem fs(m_workspace);
        QCOMPARE(*fs.read(QStringLiteral("alias.txt")), QByteArray("inside a\n"));
        QCOMPARE(*fs.read(QStringLiteral("srclink/a.txt")), QByteArray("inside a\n"));
        QCOMPARE(*fs.read(QStringLiteral("roundtrip/a.txt")), QByteArray("inside a\n"));
        QCOMPARE(fs.list(QStringLiteral("srclink")).value().size(), 1);

        const QList<FileEntry> entries = fs.list(QStringLiteral(".")).value();
        for (const FileEntry &entry : entries) {
            if (entry.path == QLatin1String("alias.txt")) {
                QCOMPARE(entry.type, FileEntry::Type::File);
                QCOMPARE(entry.size, 9);
            }
            if (entry.path == QLatin1String("srclink"))
                QCOMPARE(entry.type, FileEntry::Type::Directory);
        }

        // Writing through an inside link replaces the file it points to and keeps the link.
        VALIS_VERIFY_OK(fs.write(QStringLiteral("alias.txt"), "through the link\n"));
        QCOMPARE(readAll(m_workspace + QStringLiteral("/src/a.txt")), QByteArray("through the link\n"));
        QVERIFY(QFileInfo(m_workspace + QStringLiteral("/alias.txt")).isSymLink());

        const LocalDirectoryBackend backend(m_workspace, QStringLiteral("workspace"));
        const Result<QString> local = backend.confinedPath(QStringLiteral("srclink/a.txt"));
        VALIS_VERIFY_OK(local);
        QCOMPARE(*local, QFileInfo(m_workspace + QStringLiteral("/src/a.txt")).canonicalFilePath());
    }

    void refusedWritesLeaveTheWorkspaceUntouched()
    {
        REQUIRE_SYMLINKS();
        QVERIFY(symlink(m_outside, m_workspace + QStringLiteral("/out")));
        const DataLocations locations = DataLocations::underHome(m_dir->filePath(QStringLiteral("home")));
        const auto fs = AgentFilesystem::forSession(m_workspace, locations, QStringLiteral("default"), QStringLiteral("s"));
        const QMap<QString, QByteArray> before = snapshot(m_dir->path());
        const QString nul = QStringLiteral("a") + QChar(u'\0');
        for (const QString &path : QStringList{QStringLiteral("../x.txt"), QStringLiteral("/tmp/valis-escape.txt"), QStringLiteral("out/x.txt"),
                                    QStringLiteral("out"), nul, QString(300, QLatin1Char('x')), QStringLiteral("src/../../x"),
                                    QStringLiteral("/memories/../x"), m_outside + QStringLiteral("/secret.txt")}) {
            const Result<void> write = fs->write(path, "escaped");
            QVERIFY2(write.hasError(), qPrintable(path));
            QVERIFY2(!write.error().message.isEmpty(), qPrintable(path));
        }
        QCOMPARE(snapshot(m_dir->path()), before);
        QVERIFY(!QFileInfo::exists(QStringLiteral("/tmp/valis-escape.txt")));
    }

    void readOnlyAndMissingRoots()
    {
        AgentFilesystem fs(m_workspace);
        const QString reference = m_dir->filePath(QStringLiteral("reference"));
        QVERIFY(writeFile(reference + QStringLiteral("/doc.md"), "doc"));
        fs.mount(QStringLiteral("/reference/"), std::make_shared<LocalDirectoryBackend>(reference, QStringLiteral("reference folder"), false, true));
        QCOMPARE(*fs.read(QStringLiteral("/reference/doc.md")), QByteArray("doc"));
        const Result<void> write = fs.write(QStringLiteral("/reference/doc.md"), "changed");
        QCOMPARE(errorCode(write), QStringLiteral("fs.read-only"));
        QVERIFY2(errorText(write).contains(QStringLiteral("\"/reference/doc.md\"")), qPrintable(errorText(write)));
        QCOMPARE(errorCode(fs.remove(QStringLiteral("/reference/doc.md"))), QStringLiteral("fs.read-only"));
        QCOMPARE(readAll(reference + QStringLiteral("/doc.md")), QByteArray("doc"));

        // A workspace that does not exist is never created by a write.
        AgentFilesystem gone(m_dir->filePath(QStringLiteral("gone")));
        QCOMPARE(errorCode(gone.write(QStringLiteral("a.txt"), "x")), QStringLiteral("fs.not-found"));
        QVERIFY(!QFileInfo::exists(m_dir->filePath(QStringLiteral("gone"))));
    }

    void hardLinkedFilesAreNotWritten()
    {
#ifndef Q_OS_UNIX
        QSKIP("hard links are counted through POSIX stat here");
#else
        // A second name, in the workspace, for a file outside it (one filesystem: one temporary folder).
        const QString outsideFile = m_outside + QStringLiteral("/secret.txt");
        QVERIFY(::link(QFile::encodeName(outsideFile).constData(), QFile::encodeName(m_workspace + QStringLiteral("/hard.txt")).constData()) == 0);
        AgentFilesystem fs(m_workspace);
        const QMap<QString, QByteArray> before = snapshot(m_dir->path());

        const Result<void> write = fs.write(QStringLiteral("hard.txt"), "overwritten");
        QCOMPARE(errorCode(write), QStringLiteral("fs.hard-linked"));
        QVERIFY2(errorText(write).contains(QStringLiteral("\"hard.txt\"")) && errorText(write).contains(QStringLiteral("2 hard links")),
                 qPrintable(errorText(write)));
        QCOMPARE(snapshot(m_dir->path()), before);
        QCOMPARE(readAll(outsideFile), QByteArray("the secret\n"));

        // Reads are allowed (the README's confinement section says why), and removing the name
        // removes only the name.
        QCOMPARE(*fs.read(QStringLiteral("hard.txt")), QByteArray("the secret\n"));
        VALIS_VERIFY_OK(fs.remove(QStringLiteral("hard.txt")));
        QCOMPARE(readAll(outsideFile), QByteArray("the secret\n"));

        // With one name left the file is an ordinary one again.
        QVERIFY(writeFile(m_workspace + QStringLiteral("/single.txt"), "one name"));
        VALIS_VERIFY_OK(fs.write(QStringLiteral("single.txt"), "replaced"));
        QCOMPARE(readAll(m_workspace + QStringLiteral("/single.txt")), QByteArray("replaced"));
#endif
    }

    void writesKeepTheModeAndLeaveNoTemporaryFiles()
    {
#ifndef Q_OS_UNIX
        QSKIP("file modes are POSIX's");
#else
        QVERIFY(writeFile(m_workspace + QStringLiteral("/run.sh"), "#!/bin/sh\n"));
        QVERIFY(::chmod(QFile::encodeName(m_workspace + QStringLiteral("/run.sh")).constData(), 0750) == 0);
        AgentFilesystem fs(m_workspace);
        VALIS_VERIFY_OK(fs.write(QStringLiteral("run.sh"), "#!/bin/sh\necho hi\n"));
        struct stat status;
        QVERIFY(::stat(QFile::encodeName(m_workspace + QStringLiteral("/run.sh")).constData(), &status) == 0);
        QCOMPARE(status.st_mode & 07777, mode_t(0750));
        QCOMPARE(QDir(m_workspace).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 (QStringList{QStringLiteral("README.md"), QStringLiteral("run.sh"), QStringLiteral("src")}));
#endif
    }

    void fifosAreNotOpened()
    {
#ifndef Q_OS_UNIX
        QSKIP("FIFOs are POSIX's");
#else
        QVERIFY(::mkfifo(QFile::encodeName(m_workspace + QStringLiteral("/pipe")).constData(), 0600) == 0);
        AgentFilesystem fs(m_workspace);
        // Would block for ever if the read opened it waiting for a writer.
        QCOMPARE(errorCode(fs.read(QStringLiteral("pipe"))), QStringLiteral("fs.not-a-file"));
        QCOMPARE(errorCode(fs.write(QStringLiteral("pipe"), "x")), QStringLiteral("fs.not-a-file"));
        QCOMPARE(fs.stat(QStringLiteral("pipe"))->type, FileEntry::Type::Other);
#endif
    }

    void fileDescriptorsAreConfined()
    {
        // openFileDescriptor() is what the search's binary probe reads through: it must refuse
        // what read() refuses, and never block on a FIFO.
        const LocalDirectoryBackend backend(m_workspace, QStringLiteral("workspace"));
#ifndef Q_OS_LINUX
        QCOMPARE(errorCode(backend.openFileDescriptor(QStringLiteral("src/a.txt"))), QStringLiteral("fs.unsupported"));
#else
        const Result<int> inside = backend.openFileDescriptor(QStringLiteral("src/a.txt"));
        VALIS_VERIFY_OK(inside);
        char buffer[64] = {};
        const ssize_t got = ::pread(*inside, buffer, sizeof buffer, 0);
        QVERIFY((::fcntl(*inside, F_GETFD) & FD_CLOEXEC) != 0);
        ::close(*inside);
        QCOMPARE(QByteArray(buffer, int(got)), QByteArray("inside a\n"));

        QVERIFY(symlink(m_outside + QStringLiteral("/secret.txt"), m_workspace + QStringLiteral("/leak")));
        QVERIFY(symlink(m_outside, m_workspace + QStringLiteral("/src/out")));
        QCOMPARE(errorCode(backend.openFileDescriptor(QStringLiteral("leak"))), QStringLiteral("fs.outside"));
        QCOMPARE(errorCode(backend.openFileDescriptor(QStringLiteral("src/out/secret.txt"))), QStringLiteral("fs.outside"));
        // Also where the per-component walk stands in for openat2 (agentfilesystem_walk), whose
        // openat() would climb the ".." out of the root.
        QCOMPARE(errorCode(backend.openFileDescriptor(QStringLiteral("../outside/secret.txt"))), QStringLiteral("fs.outside"));
        QCOMPARE(errorCode(backend.read(QStringLiteral("../outside/secret.txt"))), QStringLiteral("fs.outside"));
        QCOMPARE(errorCode(backend.read(QStringLiteral("src/../../outside/secret.txt"))), QStringLiteral("fs.outside"));
        QCOMPARE(backend.read(QStringLiteral("src/../README.md")).valueOr(QByteArray()), QByteArray("# readme\n"));
        QCOMPARE(errorCode(backend.openFileDescriptor(QStringLiteral("missing.txt"))), QStringLiteral("fs.not-found"));

        QVERIFY(::mkfifo(QFile::encodeName(m_workspace + QStringLiteral("/pipe")).constData(), 0600) == 0);
        const Result<int> pipe = backend.openFileDescriptor(QStringLiteral("pipe")); // would block without O_NONBLOCK
        VALIS_VERIFY_OK(pipe);
        QVERIFY(::pread(*pipe, buffer, sizeof buffer, 0) < 0);
        ::close(*pipe);
#endif
    }

    void removeFilesAndEmptyFolders()
    {
        AgentFilesystem fs(m_workspace);
        QCOMPARE(errorCode(fs.remove(QStringLiteral("src"))), QStringLiteral("fs.io"));
        VALIS_VERIFY_OK(fs.remove(QStringLiteral("src/a.txt")));
        QVERIFY(!QFileInfo::exists(m_workspace + QStringLiteral("/src/a.txt")));
        VALIS_VERIFY_OK(fs.remove(QStringLiteral("src")));
        QVERIFY(!QFileInfo::exists(m_workspace + QStringLiteral("/src")));
        QCOMPARE(errorCode(fs.remove(QStringLiteral("src"))), QStringLiteral("fs.not-found"));
        QCOMPARE(errorCode(fs.remove(QStringLiteral("."))), QStringLiteral("fs.not-a-file"));
        QVERIFY(QFileInfo(m_workspace).isDir());
    }
};

VALIS_TEST_MAIN(TestAgentFilesystem)
#include "tst_agentfilesystem.moc"
