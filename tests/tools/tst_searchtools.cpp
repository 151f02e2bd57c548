// The filesystem plugin's search tools (glob, grep, file_search) on real temporary workspaces,
// called through a ThreadedToolProvider exactly as the agent calls them, with both grep engines.
#include "filetree.h"
#include "globpattern.h"
#include "searchcorpus.h"
#include "searchtools.h"
#include "testsupport.h"
#include "toolcallhelpers.h"

#include "valis/filesystem/agentfilesystem.h"
#include "valis/filesystem/filesystembackend.h"
#include "valis/filesystem/localdirectorybackend.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QStandardPaths>
#include <QTemporaryDir>

#ifdef Q_OS_LINUX
#include <unistd.h>
#endif

#include <memory>

using namespace valis;
using namespace valis::test;

namespace {

std::unique_ptr<tools::ThreadedToolProvider> searchProvider()
{
    auto provider = std::make_unique<tools::ThreadedToolProvider>(QStringLiteral("filesystem"));
    for (auto &tool : tools::makeSearchTools())
        provider->add(std::move(tool));
    return provider;
}

bool setModified(const QString &path, int minutesAgo)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite))
        return false;
    return file.setFileTime(QDateTime::currentDateTime().addSecs(-60 * minutesAgo), QFileDevice::FileModificationTime);
}

bool ripgrepInstalled()
{
    return !QStandardPaths::findExecutable(QStringLiteral("rg")).isEmpty();
}

/// Makes grep calls use `engine` ("rg" or "builtin") until it goes.
class EngineChoice
{
public:
    explicit EngineChoice(const QString &engine) { qputenv("VALIS_GREP_BACKEND", engine.toUtf8()); }
    ~EngineChoice() { qunsetenv("VALIS_GREP_BACKEND"); }
};

/// Files kept in memory: a backend without local files, as a remote sandbox's disk would be.
class MemoryBackend : public FilesystemBackend
{
public:
    explicit MemoryBackend(QMap<QString, QByteArray> files) : m_files(std::move(files)) {}

    QString description() const override { return QStringLiteral("memory"); }
    Result<FileEntry> stat(const QString &path) const override
    {
        FileEntry entry;
        entry.path = path;
        if (m_files.contains(path)) {
            entry.size = m_files.value(path).size();
            return entry;
        }
        for (auto it = m_files.cbegin(); it != m_files.cend(); ++it) {
            if (path.isEmpty() || it.key().startsWith(path + QLatin1Char('/'))) {
                entry.type = FileEntry::Type::Directory;
                return entry;
            }
        }
        return Error(QStringLiteral("fs.not-found"), QStringLiteral("\"%1\" does not exist.").arg(path));
    }
    Result<QList<FileEntry>> list(const QString &path) const override
    {
        const QString prefix = path.isEmpty() ? QString() : path + QLatin1Char('/');
        QMap<QString, FileEntry> children;
        for (auto it = m_files.cbegin(); it != m_files.cend(); ++it) {
            if (!it.key().startsWith(prefix))
                continue;
            const QString rest = it.key().mid(prefix.size());
            const qsizetype slash = rest.indexOf(QLatin1Char('/'));
            FileEntry entry;
            entry.path = prefix + rest.left(slash);
            entry.type = slash < 0 ? FileEntry::Type::File : FileEntry::Type::Directory;
            children.insert(entry.path, entry);
        }
        return children.values();
    }
    Result<QByteArray> read(const QString &path, qint64 offset, qint64 maxBytes) const override
    {
        if (!m_files.contains(path))
            return Error(QStringLiteral("fs.not-found"), QStringLiteral("no file"));
        return m_files.value(path).mid(offset, maxBytes);
    }
    Result<void> write(const QString &, const QByteArray &) override { return Error(QStringLiteral("fs.read-only"), QStringLiteral("read-only")); }
    Result<void> remove(const QString &) override { return Error(QStringLiteral("fs.read-only"), QStringLiteral("read-only")); }

private:
    QMap<QString, QByteArray> m_files;
};

#ifdef Q_OS_LINUX
/// The ripgrep processes that are children of this test.
int ripgrepChildren()
{
    int count = 0;
    const QString self = QString::number(::getpid());
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        QFile stat(QStringLiteral("/proc/") + pid + QStringLiteral("/stat"));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QString line = QString::fromUtf8(stat.readAll());
        // "pid (comm) state ppid ..."
        const qsizetype close = line.lastIndexOf(QLatin1Char(')'));
        const QStringList fields = line.mid(close + 2).split(QLatin1Char(' '));
        if (line.contains(QLatin1String("(rg)")) && fields.size() > 1 && fields.at(1) == self)
            ++count;
    }
    return count;
}
#endif

} // namespace

class TestSearchTools : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_workspace;
    std::unique_ptr<QTemporaryDir> m_outside;
    std::unique_ptr<QTemporaryDir> m_memories;
    std::unique_ptr<AgentFilesystem> m_filesystem;
    std::unique_ptr<tools::ThreadedToolProvider> m_provider;

    QString ws(const QString &name) const { return m_workspace->filePath(name); }

    ToolContext context() const
    {
        ToolContext c;
        c.sessionId = QStringLiteral("s-1");
        c.callId = QStringLiteral("call-1");
        c.agentId = QStringLiteral("default");
        c.workingDirectory = m_filesystem->workspaceRoot();
        c.filesystem = m_filesystem.get();
        return c;
    }

    ToolCallOutcome call(const QString &tool, const QJsonObject &arguments)
    {
        return callTool(m_provider.get(), tool, arguments, context(), 60000);
    }

    QString text(const QString &tool, const QJsonObject &arguments)
    {
        const ToolCallOutcome outcome = call(tool, arguments);
        if (!outcome.finished)
            return QStringLiteral("<no result>");
        return (outcome.result.isError ? QStringLiteral("ERROR: ") : QString()) + outcome.text();
    }

    static QStringList lines(const QString &text) { return text.split(QLatin1Char('\n'), Qt::SkipEmptyParts); }

    void engineRows()
    {
        QTest::addColumn<QString>("engine");
        QTest::newRow("ripgrep") << QStringLiteral("rg");
        QTest::newRow("builtin") << QStringLiteral("builtin");
    }

private Q_SLOTS:
    void init()
    {
        m_workspace = std::make_unique<QTemporaryDir>();
        m_outside = std::make_unique<QTemporaryDir>();
        m_memories = std::make_unique<QTemporaryDir>();
        QVERIFY(m_workspace->isValid() && m_outside->isValid() && m_memories->isValid());
        const QString root = m_workspace->path();
        const QList<QPair<QString, QByteArray>> files = {
            {QStringLiteral(".gitignore"), "build/\n*.log\n!keep.log\n"},
            {QStringLiteral("src/main.cpp"), "#include \"app/window.h\"\n\nint main()\n{\n    // TODO: parse arguments\n    return run();\n}\n"},
            {QStringLiteral("src/app/window.cpp"), "#include \"window.h\"\n\nWindow::Window()\n{\n    // TODO: restore geometry\n}\n"},
            {QStringLiteral("src/app/window.h"), "#pragma once\n\nclass Window\n{\npublic:\n    Window();\n};\n"},
            {QStringLiteral("src/.gitignore"), "generated.cpp\n"},
            {QStringLiteral("src/generated.cpp"), "// TODO: generated, ignored by src/.gitignore\n"},
            {QStringLiteral("include/valis.h"), "#pragma once\n// TODO: public API\n"},
            {QStringLiteral("README.md"), "# Project\n\nTODO: write the readme\n"},
            {QStringLiteral("build/gen.cpp"), "// TODO: build output\n"},
            {QStringLiteral("debug.log"), "TODO: a log line\n"},
            {QStringLiteral("keep.log"), "TODO: kept log\n"},
            {QStringLiteral("node_modules/pkg/index.js"), "// TODO: dependency\n"},
            {QStringLiteral("data/blob.bin"), binaryFileContent()},
            {QStringLiteral("tools/mail_index.cpp"), "// mail\n"},
            {QStringLiteral("docs/mariner.txt"), "sea\n"},
        };
        for (const auto &[name, bytes] : files)
            QVERIFY2(!writeFileIn(root, name, bytes).isEmpty(), qPrintable(name));
        QVERIFY(!writeFileIn(m_outside->path(), QStringLiteral("secret.txt"), "TODO: secret outside the workspace\n").isEmpty());
        QVERIFY(!writeFileIn(m_outside->path(), QStringLiteral("more/deep.cpp"), "// TODO: outside\n").isEmpty());
        QVERIFY(QFile::link(m_outside->path(), ws(QStringLiteral("outside"))));
        QVERIFY(QFile::link(m_outside->filePath(QStringLiteral("secret.txt")), ws(QStringLiteral("escape.txt"))));
        QVERIFY(QFile::link(ws(QStringLiteral("src/main.cpp")), ws(QStringLiteral("alias.cpp"))));
        QVERIFY(!writeFileIn(m_memories->path(), QStringLiteral("notes.md"), "TODO: remember the build flags\n").isEmpty());
        QVERIFY(!writeFileIn(m_memories->path(), QStringLiteral("topics/qt.md"), "Qt 6.4 only\n").isEmpty());

        // Distinct modification times, oldest to newest, for glob's order; everything else older.
        for (const auto &[name, bytes] : files)
            QVERIFY(setModified(ws(name), 200));
        int minutes = 100;
        for (const QString &name : {QStringLiteral("src/app/window.h"), QStringLiteral("src/main.cpp"),
                                    QStringLiteral("include/valis.h"), QStringLiteral("src/app/window.cpp")})
            QVERIFY(setModified(ws(name), minutes -= 10));

        m_filesystem = std::make_unique<AgentFilesystem>(QDir(root).canonicalPath());
        m_filesystem->mount(QStringLiteral("/memories/"),
                            std::make_shared<LocalDirectoryBackend>(m_memories->path(), QStringLiteral("memories folder /memories/"), true));
        m_provider = searchProvider();
    }

    void cleanup()
    {
        m_provider.reset();
        m_filesystem.reset();
        qunsetenv("VALIS_GREP_BACKEND");
    }

    void specsAreReadOnlyAndStrict()
    {
        const QList<ToolSpec> specs = m_provider->tools();
        QStringList names;
        for (const ToolSpec &spec : specs) {
            names.append(spec.name);
            QVERIFY2(spec.readOnly, qPrintable(spec.name));
            QCOMPARE(spec.inputSchema.value(QStringLiteral("additionalProperties")).toBool(true), false);
            QVERIFY(!spec.inputSchema.value(QStringLiteral("required")).toArray().isEmpty());
            const QJsonObject properties = spec.inputSchema.value(QStringLiteral("properties")).toObject();
            for (const QString &key : properties.keys())
                QVERIFY2(!properties.value(key).toObject().value(QStringLiteral("description")).toString().isEmpty(),
                         qPrintable(spec.name + QLatin1Char('.') + key));
        }
        QCOMPARE(names, (QStringList{QStringLiteral("glob"), QStringLiteral("grep"), QStringLiteral("file_search")}));
    }

    void globListsMatchesNewestFirst()
    {
        const QString result = text(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("src/**/*.cpp")}});
        QCOMPARE(lines(result), (QStringList{QStringLiteral("src/app/window.cpp"), QStringLiteral("src/main.cpp")}));
        const QString headers = text(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("{src,include}/**/*.h")}});
        QCOMPARE(lines(headers), (QStringList{QStringLiteral("include/valis.h"), QStringLiteral("src/app/window.h")}));
        const QString classes = text(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("src/app/w?ndow.[ch]*")}});
        QCOMPARE(lines(classes), (QStringList{QStringLiteral("src/app/window.cpp"), QStringLiteral("src/app/window.h")}));
    }

    void globRespectsIgnoreRulesUnlessAsked()
    {
        const QStringList found = lines(text(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("**/*.{cpp,js,log}")}}));
        QVERIFY(found.contains(QStringLiteral("keep.log")));             // re-included by !keep.log
        QVERIFY(found.contains(QStringLiteral("alias.cpp")));            // a link to a file inside
        QVERIFY(!found.contains(QStringLiteral("build/gen.cpp")));       // build/ in .gitignore
        QVERIFY(!found.contains(QStringLiteral("debug.log")));           // *.log
        QVERIFY(!found.contains(QStringLiteral("src/generated.cpp")));   // src/.gitignore
        QVERIFY(!found.contains(QStringLiteral("node_modules/pkg/index.js"))); // default rule

        const QStringList all = lines(text(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("**/*.{cpp,js,log}")},
                                                                   {QStringLiteral("include_ignored"), true}}));
        for (const QString &name : {QStringLiteral("build/gen.cpp"), QStringLiteral("debug.log"), QStringLiteral("src/generated.cpp"),
                                    QStringLiteral("node_modules/pkg/index.js")})
            QVERIFY2(all.contains(name), qPrintable(name));
        // A pattern naming an ignored folder finds nothing in it unless asked.
        QVERIFY(text(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("build/*.cpp")}}).startsWith(QLatin1String("No files match")));
    }

    void globNeverFollowsLinksOutside()
    {
        const QString all = text(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("**/*")}, {QStringLiteral("include_ignored"), true}});
        QVERIFY2(!all.contains(QLatin1String("secret")), qPrintable(all));
        QVERIFY(!all.contains(QLatin1String("escape.txt")));
        QVERIFY(!all.contains(QLatin1String("deep.cpp")));
        QVERIFY(all.contains(QLatin1String("src/main.cpp")));
        // Naming the link as the folder is refused by the file view itself.
        const ToolCallOutcome outside = call(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("**/*")},
                                                                      {QStringLiteral("path"), QStringLiteral("outside")}});
        QVERIFY(outside.result.isError);
        QVERIFY2(outside.text().contains(QLatin1String("outside")), qPrintable(outside.text()));
        const ToolCallOutcome climbing = call(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("*")},
                                                                       {QStringLiteral("path"), QStringLiteral("../")}});
        QVERIFY(climbing.result.isError);
    }

    void globHintsAtRecursivePatternAndCaps()
    {
        const QString shallow = text(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("*.h")}});
        QVERIFY2(shallow.startsWith(QLatin1String("No files match *.h")), qPrintable(shallow));
        QVERIFY2(shallow.contains(QLatin1String("\"**/*.h\"")) && shallow.contains(QLatin1String("2 files")), qPrintable(shallow));

        const QStringList capped = lines(text(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("**/*")},
                                                                      {QStringLiteral("limit"), 2}}));
        QCOMPARE(capped.size(), 3);
        QCOMPARE(capped.at(0), QStringLiteral("src/app/window.cpp")); // the newest
        QVERIFY2(capped.at(2).contains(QLatin1String("more files match")), qPrintable(capped.at(2)));

        const ToolCallOutcome bad = call(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("src/{a,b")}});
        QVERIFY(bad.result.isError);
        QVERIFY2(bad.text().contains(QLatin1String("never closed")), qPrintable(bad.text()));
    }

    void globInMemories()
    {
        QCOMPARE(lines(text(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("/memories/**/*.md")}})).size(), 2);
        const QString viaPath = text(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("*.md")},
                                                              {QStringLiteral("path"), QStringLiteral("/memories/")}});
        QCOMPARE(lines(viaPath), (QStringList{QStringLiteral("/memories/notes.md")}));
    }

    void grepListsFilesSkippingIgnoredBinaryAndOutside_data() { engineRows(); }
    void grepListsFilesSkippingIgnoredBinaryAndOutside()
    {
        QFETCH(QString, engine);
        if (engine == QLatin1String("rg") && !ripgrepInstalled())
            QSKIP("ripgrep (rg) is not installed");
        const EngineChoice choice(engine);
        const QString result = text(QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("TODO")}});
        QCOMPARE(lines(result), (QStringList{QStringLiteral("Found 6 files."), QStringLiteral("README.md"), QStringLiteral("alias.cpp"),
                                             QStringLiteral("include/valis.h"), QStringLiteral("keep.log"),
                                             QStringLiteral("src/app/window.cpp"), QStringLiteral("src/main.cpp")}));
        const QString everything = text(QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("TODO")},
                                                                 {QStringLiteral("include_ignored"), true}});
        QVERIFY2(everything.contains(QLatin1String("build/gen.cpp")) && everything.contains(QLatin1String("node_modules/pkg/index.js")),
                 qPrintable(everything));
        QVERIFY(!everything.contains(QLatin1String("blob.bin")));
        QVERIFY(!everything.contains(QLatin1String("secret")) && !everything.contains(QLatin1String("escape")));
    }

    void grepShowsLinesWithContext_data() { engineRows(); }
    void grepShowsLinesWithContext()
    {
        QFETCH(QString, engine);
        if (engine == QLatin1String("rg") && !ripgrepInstalled())
            QSKIP("ripgrep (rg) is not installed");
        const EngineChoice choice(engine);
        const QString result = text(QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("TODO")},
                                                             {QStringLiteral("path"), QStringLiteral("src")},
                                                             {QStringLiteral("output_mode"), QStringLiteral("content")},
                                                             {QStringLiteral("context"), 1}});
        const QStringList expected{
            QStringLiteral("src/app/window.cpp-4-{"),
            QStringLiteral("src/app/window.cpp:5:    // TODO: restore geometry"),
            QStringLiteral("src/app/window.cpp-6-}"),
            QStringLiteral("--"),
            QStringLiteral("src/main.cpp-4-{"),
            QStringLiteral("src/main.cpp:5:    // TODO: parse arguments"),
            QStringLiteral("src/main.cpp-6-    return run();"),
        };
        QCOMPARE(lines(result), expected);
    }

    void grepCountsAndIgnoresCase_data() { engineRows(); }
    void grepCountsAndIgnoresCase()
    {
        QFETCH(QString, engine);
        if (engine == QLatin1String("rg") && !ripgrepInstalled())
            QSKIP("ripgrep (rg) is not installed");
        const EngineChoice choice(engine);
        const QString counts = text(QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("window")},
                                                             {QStringLiteral("output_mode"), QStringLiteral("count")},
                                                             {QStringLiteral("case_insensitive"), true}});
        QCOMPARE(lines(counts), (QStringList{QStringLiteral("Found 6 matching lines in 4 files."), QStringLiteral("alias.cpp:1"),
                                             QStringLiteral("src/app/window.cpp:2"), QStringLiteral("src/app/window.h:2"),
                                             QStringLiteral("src/main.cpp:1")}));
        const QString exact = text(QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("Window")},
                                                            {QStringLiteral("output_mode"), QStringLiteral("count")}});
        QCOMPARE(lines(exact), (QStringList{QStringLiteral("Found 3 matching lines in 2 files."), QStringLiteral("src/app/window.cpp:1"),
                                            QStringLiteral("src/app/window.h:2")}));
    }

    void grepFiltersByGlobAndType_data() { engineRows(); }
    void grepFiltersByGlobAndType()
    {
        QFETCH(QString, engine);
        if (engine == QLatin1String("rg") && !ripgrepInstalled())
            QSKIP("ripgrep (rg) is not installed");
        const EngineChoice choice(engine);
        QCOMPARE(lines(text(QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("pragma")},
                                                     {QStringLiteral("glob"), QStringLiteral("*.h")}})),
                 (QStringList{QStringLiteral("Found 2 files."), QStringLiteral("include/valis.h"), QStringLiteral("src/app/window.h")}));
        QCOMPARE(lines(text(QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("TODO")},
                                                     {QStringLiteral("glob"), QStringLiteral("src/**/*.cpp")}})),
                 (QStringList{QStringLiteral("Found 2 files."), QStringLiteral("src/app/window.cpp"), QStringLiteral("src/main.cpp")}));
        QCOMPARE(lines(text(QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("TODO")},
                                                     {QStringLiteral("type"), QStringLiteral("md")}})),
                 (QStringList{QStringLiteral("Found 1 file."), QStringLiteral("README.md")}));
        const ToolCallOutcome badType = call(QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("x")},
                                                                      {QStringLiteral("type"), QStringLiteral("klingon")}});
        QVERIFY(badType.result.isError);
        QVERIFY2(badType.text().contains(QLatin1String("`type` must be one of")), qPrintable(badType.text()));
    }

    void grepPagesThroughResults_data() { engineRows(); }
    void grepPagesThroughResults()
    {
        QFETCH(QString, engine);
        if (engine == QLatin1String("rg") && !ripgrepInstalled())
            QSKIP("ripgrep (rg) is not installed");
        const EngineChoice choice(engine);
        const QJsonObject first{{QStringLiteral("pattern"), QStringLiteral("TODO")},
                                {QStringLiteral("output_mode"), QStringLiteral("content")},
                                {QStringLiteral("head_limit"), 2}};
        const QStringList page = lines(text(QStringLiteral("grep"), first));
        QCOMPARE(page.size(), 3);
        QCOMPARE(page.at(0), QStringLiteral("README.md:3:TODO: write the readme"));
        QCOMPARE(page.at(1), QStringLiteral("alias.cpp:5:    // TODO: parse arguments"));
        QVERIFY2(page.at(2).contains(QLatin1String("offset: 2")), qPrintable(page.at(2)));
        QJsonObject next = first;
        next.insert(QStringLiteral("offset"), 2);
        const QStringList second = lines(text(QStringLiteral("grep"), next));
        QCOMPARE(second.at(0), QStringLiteral("include/valis.h:2:// TODO: public API"));
        QJsonObject last = first;
        last.insert(QStringLiteral("offset"), 5);
        QCOMPARE(lines(text(QStringLiteral("grep"), last)), (QStringList{QStringLiteral("src/main.cpp:5:    // TODO: parse arguments")}));
    }

    void grepSearchesMemories_data() { engineRows(); }
    void grepSearchesMemories()
    {
        QFETCH(QString, engine);
        if (engine == QLatin1String("rg") && !ripgrepInstalled())
            QSKIP("ripgrep (rg) is not installed");
        const EngineChoice choice(engine);
        const QString result = text(QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("build flags|Qt")},
                                                             {QStringLiteral("path"), QStringLiteral("/memories/")},
                                                             {QStringLiteral("output_mode"), QStringLiteral("content")}});
        QCOMPARE(lines(result), (QStringList{QStringLiteral("/memories/notes.md:1:TODO: remember the build flags"),
                                             QStringLiteral("/memories/topics/qt.md:1:Qt 6.4 only")}));
    }

    void grepRefusesInvalidPatterns_data() { engineRows(); }
    void grepRefusesInvalidPatterns()
    {
        QFETCH(QString, engine);
        if (engine == QLatin1String("rg") && !ripgrepInstalled())
            QSKIP("ripgrep (rg) is not installed");
        const EngineChoice choice(engine);
        const ToolCallOutcome lookahead = call(QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("foo(?=bar)")}});
        QVERIFY(lookahead.result.isError);
        QVERIFY2(lookahead.text().contains(QLatin1String("look-around")), qPrintable(lookahead.text()));
        QVERIFY(lookahead.text().contains(QLatin1String("Rust regex syntax")));
        for (const QString &pattern : invalidGrepPatterns()) {
            const ToolCallOutcome outcome = call(QStringLiteral("grep"), {{QStringLiteral("pattern"), pattern}});
            QVERIFY2(outcome.result.isError && outcome.text().startsWith(QLatin1String("Invalid pattern")),
                     qPrintable(pattern + QStringLiteral(" -> ") + outcome.text()));
        }
        const ToolCallOutcome missing = call(QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("x")},
                                                                      {QStringLiteral("path"), QStringLiteral("no/such/folder")}});
        QVERIFY(missing.result.isError);
        QVERIFY2(missing.text().contains(QLatin1String("does not exist")), qPrintable(missing.text()));
    }

    void grepEnginesGiveIdenticalOutput()
    {
        QTemporaryDir corpus;
        QVERIFY(writeGrepCorpus(corpus.path()));
        m_filesystem = std::make_unique<AgentFilesystem>(QDir(corpus.path()).canonicalPath());
        const bool haveRipgrep = ripgrepInstalled();
        int compared = 0;
        for (const GrepCase &grepCase : grepEquivalenceCases()) {
            const QString arguments = QString::fromUtf8(QJsonDocument(grepCase.arguments).toJson(QJsonDocument::Compact));
            QString builtin;
            {
                EngineChoice choice(QStringLiteral("builtin"));
                builtin = text(QStringLiteral("grep"), grepCase.arguments);
            }
            QVERIFY2(!builtin.startsWith(QLatin1String("ERROR")), qPrintable(arguments + QStringLiteral(" -> ") + builtin));
            QVERIFY2(builtin.startsWith(QLatin1String("No matches")) != grepCase.expectMatches,
                     qPrintable(arguments + QStringLiteral(" -> ") + builtin));
            if (!haveRipgrep)
                continue;
            QString ripgrep;
            {
                EngineChoice choice(QStringLiteral("rg"));
                ripgrep = text(QStringLiteral("grep"), grepCase.arguments);
            }
            if (ripgrep != builtin) {
                qWarning().noquote() << "arguments:" << arguments << "\n--- ripgrep:\n" << ripgrep << "\n--- builtin:\n" << builtin;
            }
            QCOMPARE(ripgrep, builtin);
            ++compared;
        }
        for (const QString &pattern : invalidGrepPatterns()) {
            QString outputs[2];
            int i = 0;
            for (const QString &engine : {QStringLiteral("builtin"), QStringLiteral("rg")}) {
                if (engine == QLatin1String("rg") && !haveRipgrep)
                    continue;
                EngineChoice choice(engine);
                outputs[i++] = text(QStringLiteral("grep"), {{QStringLiteral("pattern"), pattern}});
                QVERIFY2(outputs[i - 1].startsWith(QLatin1String("ERROR: Invalid pattern")), qPrintable(pattern + QStringLiteral(" -> ") + outputs[i - 1]));
            }
        }
        if (!haveRipgrep)
            QSKIP("ripgrep (rg) is not installed: only the built-in engine ran, nothing was compared");
        QVERIFY(compared > 30);
    }

    void grepEnginesAgreeOnTheWorkspace()
    {
        // The workspace has what the walk must leave out (ignored folders and files, links,
        // a binary file), which ripgrep must not see either, whether it gets files or folders.
        if (!ripgrepInstalled())
            QSKIP("ripgrep (rg) is not installed");
        QVERIFY(!writeFileIn(m_workspace->path(), QStringLiteral("src/app/.hidden.cfg"), "TODO: hidden file\n").isEmpty());
        QVERIFY(!writeFileIn(m_workspace->path(), QStringLiteral("include/detail/.gitignore"), "*.tmp\n").isEmpty());
        QVERIFY(!writeFileIn(m_workspace->path(), QStringLiteral("include/detail/x.tmp"), "TODO: ignored tmp\n").isEmpty());
        QVERIFY(!writeFileIn(m_workspace->path(), QStringLiteral("include/detail/y.h"), "// TODO: kept\n").isEmpty());
        int compared = 0;
        for (const QString &pattern : {QStringLiteral("TODO"), QStringLiteral("Window"), QStringLiteral("pragma|binary")}) {
            for (const QString &mode : {QStringLiteral("content"), QStringLiteral("files_with_matches"), QStringLiteral("count")}) {
                for (const bool all : {false, true}) {
                    const QJsonObject arguments{{QStringLiteral("pattern"), pattern},
                                                {QStringLiteral("output_mode"), mode},
                                                {QStringLiteral("include_ignored"), all}};
                    QString outputs[2];
                    for (int i = 0; i < 2; ++i) {
                        EngineChoice choice(i == 0 ? QStringLiteral("rg") : QStringLiteral("builtin"));
                        outputs[i] = text(QStringLiteral("grep"), arguments);
                    }
                    QCOMPARE(outputs[0], outputs[1]);
                    QVERIFY(!outputs[0].contains(QLatin1String("secret")) && !outputs[0].contains(QLatin1String("blob.bin")));
                    QCOMPARE(outputs[0].contains(QLatin1String("x.tmp")), all && pattern == QLatin1String("TODO"));
                    QCOMPARE(outputs[0].contains(QLatin1String("node_modules")), all && pattern == QLatin1String("TODO"));
                    ++compared;
                }
            }
        }
        QCOMPARE(compared, 18);
    }

    void grepCancelStopsRipgrep()
    {
#ifndef Q_OS_LINUX
        QSKIP("counts child processes through /proc");
#else
        if (!ripgrepInstalled())
            QSKIP("ripgrep (rg) is not installed");
        // Every line matches, so ripgrep writes far more than the tool can read at once and is
        // still running (held back by the full pipe) when the call is cancelled.
        QByteArray chunk;
        for (int i = 0; i < 20000; ++i)
            chunk += "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor " + QByteArray::number(i) + '\n';
        for (int i = 0; i < 32; ++i)
            QVERIFY(!writeFileIn(m_workspace->path(), QStringLiteral("big/part%1.txt").arg(i), chunk).isEmpty());
        EngineChoice choice(QStringLiteral("rg"));
        QObject owner;
        ToolInvocation *invocation = m_provider->invoke(
            QStringLiteral("grep"),
            QJsonObject{{QStringLiteral("pattern"), QStringLiteral("lorem")},
                        {QStringLiteral("output_mode"), QStringLiteral("content")},
                        {QStringLiteral("context"), 2}},
            context(), &owner);
        bool finished = false;
        Part result;
        QObject::connect(invocation, &ToolInvocation::finished, &owner, [&](const Part &part) {
            finished = true;
            result = part;
        });
        QTRY_VERIFY_WITH_TIMEOUT(ripgrepChildren() > 0, 20000);
        invocation->cancel();
        QTRY_VERIFY(finished);
        QVERIFY(result.isError);
        QTRY_COMPARE_WITH_TIMEOUT(ripgrepChildren(), 0, 10000);
#endif
    }

    void globPatternsMatchLikeShellAndGitignore_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<bool>("byName");
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("matches");
        const auto row = [](const char *name, const QString &pattern, bool byName, const QString &path, bool matches) {
            QTest::newRow(name) << pattern << byName << path << matches;
        };
        row("star stays in a folder", QStringLiteral("src/*.cpp"), false, QStringLiteral("src/a/b.cpp"), false);
        row("star in a folder", QStringLiteral("src/*.cpp"), false, QStringLiteral("src/b.cpp"), true);
        row("double star spans folders", QStringLiteral("src/**/*.cpp"), false, QStringLiteral("src/a/b/c.cpp"), true);
        row("double star may be empty", QStringLiteral("src/**/*.cpp"), false, QStringLiteral("src/c.cpp"), true);
        row("leading double star", QStringLiteral("**/CMakeLists.txt"), false, QStringLiteral("CMakeLists.txt"), true);
        row("trailing double star", QStringLiteral("docs/**"), false, QStringLiteral("docs/a/b.md"), true);
        row("question mark", QStringLiteral("a?c"), false, QStringLiteral("abc"), true);
        row("question mark not slash", QStringLiteral("a?c"), false, QStringLiteral("a/c"), false);
        row("class", QStringLiteral("file[0-9].txt"), false, QStringLiteral("file7.txt"), true);
        row("negated class", QStringLiteral("file[!0-9].txt"), false, QStringLiteral("file7.txt"), false);
        row("braces", QStringLiteral("*.{h,hpp}"), false, QStringLiteral("x.hpp"), true);
        row("nested braces", QStringLiteral("{src/{a,b},lib}/*.c"), false, QStringLiteral("src/b/x.c"), true);
        row("escaped star", QStringLiteral("a\\*b"), false, QStringLiteral("a*b"), true);
        row("escaped star literal", QStringLiteral("a\\*b"), false, QStringLiteral("axb"), false);
        row("dot files", QStringLiteral("*"), false, QStringLiteral(".gitignore"), true);
        row("regex characters are literal", QStringLiteral("a+(b).c"), false, QStringLiteral("a+(b).c"), true);
        row("by name at any depth", QStringLiteral("*.h"), true, QStringLiteral("deep/er/x.h"), true);
        row("by name with a slash is a path", QStringLiteral("src/*.h"), true, QStringLiteral("lib/src/x.h"), false);
    }
    void globPatternsMatchLikeShellAndGitignore()
    {
        QFETCH(QString, pattern);
        QFETCH(bool, byName);
        QFETCH(QString, path);
        QFETCH(bool, matches);
        const Result<tools::search::GlobPattern> glob = tools::search::GlobPattern::compile(
            pattern, byName ? tools::search::GlobPattern::Anchoring::Basename : tools::search::GlobPattern::Anchoring::Path);
        QVERIFY2(glob.ok(), qPrintable(glob.ok() ? QString() : glob.error().message));
        QCOMPARE(glob->matches(path), matches);
    }

    void walkListsFilesInPathOrder()
    {
        // Names around '/' in code-point order ('-' and '.' sort before '/', '0' after), case,
        // and non-ASCII: the walk's depth-first order must be the order of the whole paths.
        QTemporaryDir folder;
        const QStringList names{QStringLiteral("a.txt"), QStringLiteral("a/b.txt"), QStringLiteral("a-b/c.txt"),
                                QStringLiteral("a0"), QStringLiteral("ab/x/y.txt"), QStringLiteral("B"),
                                QStringLiteral("a/b/c.txt"), QStringLiteral("a/b.d/e"), QStringLiteral("é.txt"),
                                QStringLiteral("z/é/a"), QStringLiteral("a/.hidden")};
        for (const QString &name : names)
            QVERIFY(!writeFileIn(folder.path(), name, "x\n").isEmpty());
        const AgentFilesystem filesystem(folder.path());
        const Result<tools::search::FileTree> tree = tools::search::FileTree::open(filesystem, QStringLiteral("."));
        QVERIFY(tree.ok());
        QStringList expected = names;
        std::sort(expected.begin(), expected.end());
        QCOMPARE(tree->files(tools::search::WalkOptions{}), expected);
    }

    void searchesABackendWithoutLocalFiles()
    {
        m_filesystem->mount(QStringLiteral("/remote/"),
                            std::make_shared<MemoryBackend>(QMap<QString, QByteArray>{
                                {QStringLiteral("a.txt"), "alpha TODO\nbeta\n"},
                                {QStringLiteral("sub/b.cpp"), "// TODO: remote\n"},
                                {QStringLiteral("sub/blob.bin"), binaryFileContent()},
                                {QStringLiteral("node_modules/x.js"), "TODO ignored\n"}}));
        // The built-in engine answers (ripgrep cannot read these files).
        QCOMPARE(lines(text(QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("TODO")},
                                                     {QStringLiteral("path"), QStringLiteral("/remote/")},
                                                     {QStringLiteral("output_mode"), QStringLiteral("content")}})),
                 (QStringList{QStringLiteral("/remote/a.txt:1:alpha TODO"), QStringLiteral("/remote/sub/b.cpp:1:// TODO: remote")}));
        QCOMPARE(lines(text(QStringLiteral("glob"), {{QStringLiteral("pattern"), QStringLiteral("/remote/**/*.cpp")}})),
                 (QStringList{QStringLiteral("/remote/sub/b.cpp")}));
        QVERIFY(text(QStringLiteral("file_search"), {{QStringLiteral("query"), QStringLiteral("subb")},
                                                     {QStringLiteral("path"), QStringLiteral("/remote/")}})
                    .contains(QLatin1String("\t/remote/sub/b.cpp")));
        EngineChoice choice(QStringLiteral("rg"));
        const ToolCallOutcome forced = call(QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("TODO")},
                                                                     {QStringLiteral("path"), QStringLiteral("/remote/")}});
        QVERIFY(forced.result.isError);
        const QLatin1String reason = ripgrepInstalled() ? QLatin1String("not on this machine") : QLatin1String("no `rg` program");
        QVERIFY2(forced.text().contains(reason), qPrintable(forced.text()));
    }

    void theLoadedPluginOffersTheSearchTools()
    {
        LoadedToolPlugin plugin{QStringLiteral(VALIS_TEST_FILESYSTEM_PLUGIN)};
        QVERIFY2(plugin.problem().isEmpty(), qPrintable(plugin.problem()));
        ToolProvider *provider = plugin.toolProvider(QStringLiteral("filesystem"));
        QVERIFY(provider);
        QStringList names;
        for (const ToolSpec &spec : provider->tools()) {
            if (spec.name == QLatin1String("glob") || spec.name == QLatin1String("grep") || spec.name == QLatin1String("file_search")) {
                names.append(spec.name);
                QVERIFY(spec.readOnly);
            }
        }
        names.sort();
        QCOMPARE(names, (QStringList{QStringLiteral("file_search"), QStringLiteral("glob"), QStringLiteral("grep")}));
        const ToolCallOutcome outcome = callTool(provider, QStringLiteral("grep"),
                                                 QJsonObject{{QStringLiteral("pattern"), QStringLiteral("restore geometry")},
                                                             {QStringLiteral("output_mode"), QStringLiteral("content")}},
                                                 context());
        QVERIFY(outcome.finished && !outcome.result.isError);
        QCOMPARE(outcome.text(), QStringLiteral("src/app/window.cpp:5:    // TODO: restore geometry"));
    }

    void fileSearchRanksByFuzzyScore()
    {
        const QString result = text(QStringLiteral("file_search"), {{QStringLiteral("query"), QStringLiteral("wincpp")}});
        QStringList found = lines(result);
        QVERIFY2(found.size() >= 2, qPrintable(result));
        QVERIFY2(found.at(0).startsWith(QLatin1String("1 of 1 matching files")), qPrintable(result));
        QVERIFY2(found.at(1).endsWith(QLatin1String("\tsrc/app/window.cpp")), qPrintable(result));

        // Word starts and the file name beat a scattered match; all terms must match.
        const QStringList ranked = lines(text(QStringLiteral("file_search"), {{QStringLiteral("query"), QStringLiteral("main")}}));
        QVERIFY2(ranked.size() >= 3, qPrintable(ranked.join(QLatin1Char('\n'))));
        QVERIFY2(ranked.at(1).endsWith(QLatin1String("\tsrc/main.cpp")), qPrintable(ranked.join(QLatin1Char('\n'))));
        const int best = ranked.at(1).section(QLatin1Char('\t'), 0, 0).toInt();
        for (qsizetype i = 2; i < ranked.size(); ++i)
            QVERIFY(ranked.at(i).section(QLatin1Char('\t'), 0, 0).toInt() <= best);
        const QStringList terms = lines(text(QStringLiteral("file_search"), {{QStringLiteral("query"), QStringLiteral("app h")}}));
        QCOMPARE(terms.size(), 2);
        QVERIFY(terms.at(1).endsWith(QLatin1String("\tsrc/app/window.h")));
    }

    void fileSearchRespectsIgnoreRulesAndLinks()
    {
        const QString result = text(QStringLiteral("file_search"), {{QStringLiteral("query"), QStringLiteral("gen")}});
        QVERIFY2(!result.contains(QLatin1String("build/gen.cpp")) && !result.contains(QLatin1String("generated")), qPrintable(result));
        const QString all = text(QStringLiteral("file_search"), {{QStringLiteral("query"), QStringLiteral("gen")},
                                                                 {QStringLiteral("include_ignored"), true}});
        QVERIFY2(all.contains(QLatin1String("build/gen.cpp")) && all.contains(QLatin1String("src/generated.cpp")), qPrintable(all));
        const QString secret = text(QStringLiteral("file_search"), {{QStringLiteral("query"), QStringLiteral("secret")},
                                                                    {QStringLiteral("include_ignored"), true}});
        QVERIFY2(secret.startsWith(QLatin1String("No file path")), qPrintable(secret));
        const QString memories = text(QStringLiteral("file_search"), {{QStringLiteral("query"), QStringLiteral("qt")},
                                                                      {QStringLiteral("path"), QStringLiteral("/memories/")}});
        QVERIFY2(memories.contains(QLatin1String("\t/memories/topics/qt.md")), qPrintable(memories));
    }
};

VALIS_TEST_MAIN(TestSearchTools)
#include "tst_searchtools.moc"
