// DetailStoreMemoriesBackend: /memories/ kept in a real SqliteDetailStore, called directly, through
// an AgentFilesystem with the filesystem plugin's tools, across two opens of the store, and the
// import of an old local memories folder.
#include "filesystemtools.h"
#include "memorytoolprovider.h"
#include "testsupport.h"
#include "toolcallhelpers.h"

#include "valis/filesystem/agentfilesystem.h"
#include "valis/memory/agentinstructions.h"
#include "valis/memory/memoriesbackend.h"
#include "valis/memory/sqlitedetailstore.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QTemporaryDir>

#include <memory>

using namespace valis;
using namespace valis::test;

namespace {

const QString Agent = QStringLiteral("agent-a");

std::shared_ptr<DetailStore> openStore(const QString &path)
{
    Result<std::unique_ptr<SqliteDetailStore>> store = SqliteDetailStore::open(path);
    if (store.hasError()) {
        qWarning("cannot open the store: %s", qPrintable(store.error().toString()));
        return {};
    }
    return std::shared_ptr<DetailStore>(std::move(store).value().release());
}

QStringList names(const QList<FileEntry> &entries)
{
    QStringList list;
    for (const FileEntry &entry : entries)
        list.append(entry.path + (entry.isDirectory() ? QStringLiteral("/") : QString()));
    return list;
}

/// A workspace, a store and the standard view with /memories/ on the store.
struct Setup
{
    QTemporaryDir dir;
    std::shared_ptr<DetailStore> store;
    std::shared_ptr<DetailStoreMemoriesBackend> backend;
    std::shared_ptr<AgentFilesystem> filesystem;

    explicit Setup(const QString &sessionId = QStringLiteral("s-1")) { open(sessionId); }
    void open(const QString &sessionId)
    {
        QDir().mkpath(dir.filePath(QStringLiteral("ws")));
        store = openStore(dir.filePath(QStringLiteral("memory.db")));
        if (!store)
            return;
        backend = std::make_shared<DetailStoreMemoriesBackend>(store, Agent, sessionId);
        filesystem = std::make_shared<AgentFilesystem>(dir.filePath(QStringLiteral("ws")));
        filesystem->mount(QStringLiteral("/memories/"), backend);
    }
    void close()
    {
        filesystem.reset();
        backend.reset();
        store.reset();
    }
    ToolContext context(const QString &sessionId = QStringLiteral("s-1")) const
    {
        ToolContext c;
        c.sessionId = sessionId;
        c.callId = QStringLiteral("call-1");
        c.agentId = Agent;
        c.workingDirectory = dir.filePath(QStringLiteral("ws"));
        c.filesystem = filesystem.get();
        c.memory = store.get();
        return c;
    }
};

QJsonObject object(std::initializer_list<std::pair<QString, QJsonValue>> pairs)
{
    QJsonObject o;
    for (const auto &pair : pairs)
        o.insert(pair.first, pair.second);
    return o;
}

} // namespace

class TestMemoriesBackend : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void writeReadStatAndListLikeAFolder()
    {
        Setup s;
        QVERIFY(s.store);
        DetailStoreMemoriesBackend &b = *s.backend;
        VALIS_VERIFY_OK(b.write(QStringLiteral("notes/build.md"), "Use -DWITH_LTO=ON for release builds.\n"));
        VALIS_VERIFY_OK(b.write(QStringLiteral("b.md"), "bee\n"));
        VALIS_VERIFY_OK(b.write(QStringLiteral("a.md"), "ay\n"));
        VALIS_VERIFY_OK(b.write(QStringLiteral("notes/deep/x.md"), "deep\n"));
        VALIS_VERIFY_OK(b.write(QStringLiteral("notes.md"), "a file beside the folder of the same stem\n"));

        QCOMPARE(b.read(QStringLiteral("notes/build.md")).valueOr({}), QByteArray("Use -DWITH_LTO=ON for release builds.\n"));
        QCOMPARE(b.read(QStringLiteral("notes/build.md"), 4, 7).valueOr({}), QByteArray("-DWITH_"));
        QCOMPARE(b.read(QStringLiteral("notes/build.md"), 30).valueOr({}), QByteArray("builds.\n"));
        const Result<QByteArray> past = b.read(QStringLiteral("notes/build.md"), 1000, 10);
        VALIS_VERIFY_OK(past);
        QVERIFY(past->isEmpty());

        const Result<FileEntry> file = b.stat(QStringLiteral("notes/build.md"));
        VALIS_VERIFY_OK(file);
        QCOMPARE(file->type, FileEntry::Type::File);
        QCOMPARE(file->size, qint64(38));
        QVERIFY(file->modified.isValid());
        const Result<FileEntry> folder = b.stat(QStringLiteral("notes"));
        VALIS_VERIFY_OK(folder);
        QVERIFY(folder->isDirectory());
        QVERIFY(b.stat(QString()).valueOr({}).isDirectory());

        QCOMPARE(names(b.list(QString()).valueOr({})),
                 (QStringList{QStringLiteral("a.md"), QStringLiteral("b.md"), QStringLiteral("notes/"), QStringLiteral("notes.md")}));
        QCOMPARE(names(b.list(QStringLiteral("notes")).valueOr({})),
                 (QStringList{QStringLiteral("notes/build.md"), QStringLiteral("notes/deep/")}));
        const QList<FileEntry> inNotes = b.list(QStringLiteral("notes")).valueOr({});
        QCOMPARE(inNotes.constFirst().size, qint64(38));
        QVERIFY(b.description().contains(QStringLiteral("/memories/")));
        QVERIFY(b.localRoot().isEmpty());
    }

    void errorsUseTheFilesystemCodes()
    {
        Setup s;
        QVERIFY(s.store);
        DetailStoreMemoriesBackend &b = *s.backend;
        VALIS_VERIFY_OK(b.write(QStringLiteral("notes/build.md"), "x\n"));

        QCOMPARE(b.read(QStringLiteral("missing.md")).error().code, QStringLiteral("fs.not-found"));
        QCOMPARE(b.read(QStringLiteral("missing.md"), 3, 5).error().code, QStringLiteral("fs.not-found"));
        QCOMPARE(b.stat(QStringLiteral("missing.md")).error().code, QStringLiteral("fs.not-found"));
        QCOMPARE(b.read(QStringLiteral("notes")).error().code, QStringLiteral("fs.not-a-file"));
        QCOMPARE(b.read(QString()).error().code, QStringLiteral("fs.not-a-file"));
        QCOMPARE(b.list(QStringLiteral("notes/build.md")).error().code, QStringLiteral("fs.not-a-directory"));
        QCOMPARE(b.list(QStringLiteral("nothing")).error().code, QStringLiteral("fs.not-found"));
        QCOMPARE(b.write(QString(), "x").error().code, QStringLiteral("fs.not-a-file"));
        // A file cannot be written where a folder is, nor under a file.
        QCOMPARE(b.write(QStringLiteral("notes"), "x").error().code, QStringLiteral("fs.not-a-file"));
        const Result<void> underFile = b.write(QStringLiteral("notes/build.md/x.md"), "x");
        QCOMPARE(underFile.error().code, QStringLiteral("fs.not-a-directory"));
        QVERIFY2(underFile.error().message.contains(QStringLiteral("\"notes/build.md\" is a file")), qPrintable(underFile.error().message));
        QCOMPARE(b.remove(QStringLiteral("notes")).error().code, QStringLiteral("fs.io"));
        QVERIFY(b.remove(QStringLiteral("notes")).error().message.contains(QStringLiteral("not empty")));
        QCOMPARE(b.remove(QStringLiteral("missing.md")).error().code, QStringLiteral("fs.not-found"));
        QCOMPARE(b.remove(QString()).error().code, QStringLiteral("fs.not-a-file"));
        QCOMPARE(b.read(QStringLiteral("../etc/passwd")).error().code, QStringLiteral("fs.outside"));
        // Nothing of the refused writes reached the store.
        QCOMPARE(names(b.list(QString()).valueOr({})), QStringList{QStringLiteral("notes/")});
    }

    void removeDeletesAFileAndItsFolderGoesWithIt()
    {
        Setup s;
        QVERIFY(s.store);
        DetailStoreMemoriesBackend &b = *s.backend;
        VALIS_VERIFY_OK(b.write(QStringLiteral("notes/only.md"), "x\n"));
        const quint64 before = b.generation();
        VALIS_VERIFY_OK(b.remove(QStringLiteral("notes/only.md")));
        QCOMPARE(b.generation(), before + 1);
        QCOMPARE(b.read(QStringLiteral("notes/only.md")).error().code, QStringLiteral("fs.not-found"));
        QCOMPARE(b.stat(QStringLiteral("notes")).error().code, QStringLiteral("fs.not-found"));
        const Result<QList<FileEntry>> root = b.list(QString());
        VALIS_VERIFY_OK(root);
        QVERIFY(root->isEmpty());
        const Result<void> again = b.remove(QStringLiteral("notes"));
        QCOMPARE(again.error().code, QStringLiteral("fs.not-found"));
        QVERIFY(again.error().message.contains(QStringLiteral("exists only while it holds files")));
    }

    void anOverwriteKeepsTheOldVersionInactive()
    {
        Setup s;
        QVERIFY(s.store);
        DetailStoreMemoriesBackend &b = *s.backend;
        const quint64 start = b.generation();
        VALIS_VERIFY_OK(b.write(QStringLiteral("prefs.md"), "tabs\n"));
        VALIS_VERIFY_OK(b.write(QStringLiteral("prefs.md"), "spaces, four\n"));
        QCOMPARE(b.generation(), start + 2);
        QCOMPARE(b.read(QStringLiteral("prefs.md")).valueOr({}), QByteArray("spaces, four\n"));
        MemoryFilter filter;
        filter.agentId = Agent;
        filter.type = QLatin1String(MemoryType::MemoryFile);
        filter.includeInactive = true;
        const Result<QList<MemoryRecord>> all = s.store->list(filter);
        VALIS_VERIFY_OK(all);
        QCOMPARE(all->size(), 2);
        int active = 0;
        for (const MemoryRecord &record : *all) {
            QCOMPARE(record.path, QStringLiteral("prefs.md"));
            QCOMPARE(record.sessionId, QStringLiteral("s-1"));
            active += record.active ? 1 : 0;
        }
        QCOMPARE(active, 1);
    }

    void aChangeBySomeoneElseSinceTheReadIsAConflict()
    {
        Setup s;
        QVERIFY(s.store);
        DetailStoreMemoriesBackend &mine = *s.backend;
        DetailStoreMemoriesBackend theirs(s.store, Agent, QStringLiteral("s-2"));
        VALIS_VERIFY_OK(mine.write(QStringLiteral("plan.md"), "step 1\n"));
        QCOMPARE(theirs.read(QStringLiteral("plan.md")).valueOr({}), QByteArray("step 1\n"));
        VALIS_VERIFY_OK(theirs.write(QStringLiteral("plan.md"), "step 1\nstep 2 (theirs)\n"));

        // Written from what this session last saw: refused, and nothing changed.
        const Result<void> stale = mine.write(QStringLiteral("plan.md"), "step 1\nstep 2 (mine)\n");
        QVERIFY(stale.hasError());
        QCOMPARE(stale.error().code, QStringLiteral("fs.conflict"));
        QVERIFY2(stale.error().message.contains(QStringLiteral("Read it again")), qPrintable(stale.error().message));
        QCOMPARE(s.store->readFile(Agent, QStringLiteral("plan.md")).valueOr({}).content, QByteArray("step 1\nstep 2 (theirs)\n"));
        // After reading again, the write lands.
        QCOMPARE(mine.read(QStringLiteral("plan.md")).valueOr({}), QByteArray("step 1\nstep 2 (theirs)\n"));
        VALIS_VERIFY_OK(mine.write(QStringLiteral("plan.md"), "step 1\nstep 2 (theirs)\nstep 3 (mine)\n"));

        // A file this session saw missing, created meanwhile by another: a conflict too.
        QCOMPARE(mine.read(QStringLiteral("new.md")).error().code, QStringLiteral("fs.not-found"));
        VALIS_VERIFY_OK(theirs.write(QStringLiteral("new.md"), "theirs\n"));
        QCOMPARE(mine.write(QStringLiteral("new.md"), "mine\n").error().code, QStringLiteral("fs.conflict"));
    }

    void agentsDoNotSeeEachOthersMemories()
    {
        Setup s;
        QVERIFY(s.store);
        VALIS_VERIFY_OK(s.backend->write(QStringLiteral("secret.md"), "mine\n"));
        DetailStoreMemoriesBackend other(s.store, QStringLiteral("agent-b"));
        const Result<QList<FileEntry>> root = other.list(QString());
        VALIS_VERIFY_OK(root);
        QVERIFY(root->isEmpty());
        QCOMPARE(other.read(QStringLiteral("secret.md")).error().code, QStringLiteral("fs.not-found"));
    }

    void theFileToolsWorkOnMemoriesInTheStore()
    {
        Setup s;
        QVERIFY(s.store);
        auto tools = tools::files::makeFilesystemToolProvider();
        const ToolContext c = s.context();

        ToolCallOutcome out = callTool(tools.get(), QStringLiteral("write_file"),
                                       object({{QStringLiteral("path"), QStringLiteral("/memories/project/build.md")},
                                               {QStringLiteral("content"), QStringLiteral("# Build\nRelease builds need -DWITH_LTO=ON.\nTests: ctest -j2\n")}}),
                                       c);
        QVERIFY2(out.finished && !out.result.isError, qPrintable(out.text()));
        QCOMPARE(s.store->readFile(Agent, QStringLiteral("project/build.md")).valueOr({}).content,
                 QByteArray("# Build\nRelease builds need -DWITH_LTO=ON.\nTests: ctest -j2\n"));

        out = callTool(tools.get(), QStringLiteral("read_file"), object({{QStringLiteral("path"), QStringLiteral("/memories/project/build.md")}}), c);
        QVERIFY2(out.finished && !out.result.isError, qPrintable(out.text()));
        QVERIFY2(out.text().contains(QStringLiteral("Release builds need -DWITH_LTO=ON.")), qPrintable(out.text()));

        out = callTool(tools.get(), QStringLiteral("edit_file"),
                       object({{QStringLiteral("path"), QStringLiteral("/memories/project/build.md")},
                               {QStringLiteral("old_string"), QStringLiteral("ctest -j2")},
                               {QStringLiteral("new_string"), QStringLiteral("ctest -j4")}}),
                       c);
        QVERIFY2(out.finished && !out.result.isError, qPrintable(out.text()));
        QVERIFY(s.store->readFile(Agent, QStringLiteral("project/build.md")).valueOr({}).content.contains("ctest -j4"));

        out = callTool(tools.get(), QStringLiteral("ls"), object({{QStringLiteral("path"), QStringLiteral("/memories/")}}), c);
        QVERIFY2(out.finished && !out.result.isError, qPrintable(out.text()));
        QVERIFY2(out.text().contains(QStringLiteral("project")), qPrintable(out.text()));

        // grep has no local folder to hand to ripgrep here: it must still search, or say why not.
        out = callTool(tools.get(), QStringLiteral("grep"),
                       object({{QStringLiteral("pattern"), QStringLiteral("WITH_LTO")}, {QStringLiteral("path"), QStringLiteral("/memories/")}}), c);
        QVERIFY(out.finished);
        if (out.result.isError)
            QVERIFY2(out.text().contains(QStringLiteral("/memories/")), qPrintable(out.text()));
        else
            QVERIFY2(out.text().contains(QStringLiteral("build.md")), qPrintable(out.text()));

        out = callTool(tools.get(), QStringLiteral("glob"),
                       object({{QStringLiteral("pattern"), QStringLiteral("**/*.md")}, {QStringLiteral("path"), QStringLiteral("/memories/")}}), c);
        QVERIFY2(out.finished && !out.result.isError, qPrintable(out.text()));
        QVERIFY2(out.text().contains(QStringLiteral("project/build.md")), qPrintable(out.text()));

        // Errors name the path as the agent wrote it.
        out = callTool(tools.get(), QStringLiteral("read_file"), object({{QStringLiteral("path"), QStringLiteral("/memories/nope.md")}}), c);
        QVERIFY(out.finished && out.result.isError);
        QVERIFY2(out.text().contains(QStringLiteral("\"/memories/nope.md\"")), qPrintable(out.text()));
    }

    void aFactSavedInOneSessionIsFoundInTheNext()
    {
        Setup first(QStringLiteral("session-1"));
        QVERIFY(first.store);
        auto fileTools = tools::files::makeFilesystemToolProvider();
        tools::MemoryToolProvider memoryTools;
        ToolCallOutcome out = callTool(fileTools.get(), QStringLiteral("write_file"),
                                       object({{QStringLiteral("path"), QStringLiteral("/memories/user/preferences.md")},
                                               {QStringLiteral("content"), QStringLiteral("The user wants commit messages in German.\n")}}),
                                       first.context(QStringLiteral("session-1")));
        QVERIFY2(out.finished && !out.result.isError, qPrintable(out.text()));
        const QString dbPath = first.dir.filePath(QStringLiteral("memory.db"));
        first.close();

        // A new process would open the store afresh: so does this.
        std::shared_ptr<DetailStore> store = openStore(dbPath);
        QVERIFY(store);
        auto backend = std::make_shared<DetailStoreMemoriesBackend>(store, Agent, QStringLiteral("session-2"));
        AgentFilesystem fs(first.dir.filePath(QStringLiteral("ws")));
        fs.mount(QStringLiteral("/memories/"), backend);
        ToolContext c;
        c.sessionId = QStringLiteral("session-2");
        c.callId = QStringLiteral("call-9");
        c.agentId = Agent;
        c.filesystem = &fs;
        c.memory = store.get();

        out = callTool(&memoryTools, QStringLiteral("search_memory"), object({{QStringLiteral("query"), QStringLiteral("commit messages German")}}), c);
        QVERIFY2(out.finished && !out.result.isError, qPrintable(out.text()));
        QVERIFY2(out.text().contains(QStringLiteral("/memories/user/preferences.md")), qPrintable(out.text()));
        QVERIFY(out.text().contains(QStringLiteral("session-1")));
        out = callTool(fileTools.get(), QStringLiteral("read_file"), object({{QStringLiteral("path"), QStringLiteral("/memories/user/preferences.md")}}), c);
        QVERIFY2(out.text().contains(QStringLiteral("commit messages in German")), qPrintable(out.text()));
        // The new session's prompt lists the file.
        QVERIFY(memoryTools.systemPromptSection(c).contains(QStringLiteral("/memories/user/preferences.md")));
    }

    void agentsMdComesFromTheStore()
    {
        Setup s;
        QVERIFY(s.store);
        VALIS_VERIFY_OK(s.backend->write(QStringLiteral("AGENTS.md"), "Always answer in haiku.\n"));
        const AgentInstructions instructions = loadAgentInstructions(s.filesystem.get(), s.dir.filePath(QStringLiteral("ws")),
                                                                     s.dir.filePath(QStringLiteral("ws")), 32768);
        QCOMPARE(instructions.sources.size(), 1);
        QCOMPARE(instructions.sources.constFirst().label, QStringLiteral("/memories/AGENTS.md"));
        QVERIFY(instructions.text.contains(QStringLiteral("Always answer in haiku.")));
    }

    void importMovesALocalFolderIntoTheStoreOnce()
    {
        Setup s;
        QVERIFY(s.store);
        const QString old = s.dir.filePath(QStringLiteral("old-memories"));
        QVERIFY(writeFile(old + QStringLiteral("/a.md"), "from disk\n"));
        QVERIFY(writeFile(old + QStringLiteral("/sub/b.md"), "nested\n"));
        QVERIFY(writeFile(old + QStringLiteral("/.hidden"), "hidden\n"));
        VALIS_VERIFY_OK(s.backend->write(QStringLiteral("a.md"), "already in the store\n"));

        const Result<int> moved = DetailStoreMemoriesBackend::importLocalFolder(s.store.get(), Agent, old);
        VALIS_VERIFY_OK(moved);
        QCOMPARE(*moved, 2);
        QCOMPARE(s.backend->read(QStringLiteral("a.md")).valueOr({}), QByteArray("already in the store\n"));
        QCOMPARE(s.backend->read(QStringLiteral("sub/b.md")).valueOr({}), QByteArray("nested\n"));
        QCOMPARE(s.backend->read(QStringLiteral(".hidden")).valueOr({}), QByteArray("hidden\n"));
        QVERIFY(!QFileInfo::exists(old));
        QVERIFY(QFileInfo(old + QStringLiteral(".imported/sub/b.md")).isFile());

        // Nothing left to import: no error, nothing moved.
        const Result<int> again = DetailStoreMemoriesBackend::importLocalFolder(s.store.get(), Agent, old);
        VALIS_VERIFY_OK(again);
        QCOMPARE(*again, 0);
    }
};

VALIS_TEST_MAIN(TestMemoriesBackend)
#include "tst_memoriesbackend.moc"

