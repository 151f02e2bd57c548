// The filesystem plugin's glob and file_search tools, the walk and glob patterns they share,
// search over a backend without local files, and the plugin itself, on real temporary
// workspaces and called through a ThreadedToolProvider exactly as the agent calls them. grep is
// in tst_greptool.cpp.
#include "filetree.h"
#include "globpattern.h"
#include "searchcorpus.h"
#include "searchtoolfixture.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QMap>

#include "valis/filesystem/filesystembackend.h"

#include <memory>

using namespace valis;
using namespace valis::test;

namespace {

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

} // namespace

class TestSearchTools : public SearchToolTestCase
{
    Q_OBJECT

private Q_SLOTS:
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

    void globsHoldingANulAreRefused()
    {
        // fuzz/regressions/glob/nul-then-digit: the escaped NUL ("\\0") and a following digit
        // read as an octal escape, so the pattern matched what it never said.
        const QString pattern = QString(QChar::Null) + QStringLiteral("1");
        for (const auto anchoring : {tools::search::GlobPattern::Anchoring::Basename, tools::search::GlobPattern::Anchoring::Path}) {
            const Result<tools::search::GlobPattern> glob = tools::search::GlobPattern::compile(pattern, anchoring);
            QVERIFY(!glob.ok());
            QCOMPARE(glob.error().code, QStringLiteral("glob.invalid"));
            QVERIFY2(glob.error().message.contains(QLatin1String("NUL")), qPrintable(glob.error().message));
        }
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
