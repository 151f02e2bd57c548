// The filesystem plugin's ls / list_dir, write_file and edit_file tools on a real temporary
// workspace: output formats, every failure message, escapes refused through every tool, and the
// plugin loaded by a real PluginManager. read_file is in tst_readfiletool.cpp, apply_patch in
// tst_applypatch.cpp.
#include "filesystemtoolfixture.h"
#include "testsupport.h"
#include "toolcallhelpers.h"

#include "valis/filesystem/agentfilesystem.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

using namespace valis;
using namespace valis::test;

class TestFilesystemTools : public QObject
{
    Q_OBJECT

    std::unique_ptr<FilesystemToolFixture> m_fx;

private Q_SLOTS:
    void init()
    {
        m_fx = std::make_unique<FilesystemToolFixture>();
        QVERIFY(m_fx->isValid());
    }
    void cleanup() { m_fx.reset(); }

    void specsArePreciseAndReadOnlyIsDeclared()
    {
        const QList<ToolSpec> specs = m_fx->provider()->tools();
        QMap<QString, ToolSpec> byName;
        for (const ToolSpec &spec : specs)
            byName.insert(spec.name, spec);
        for (const QString &name : {QStringLiteral("ls"), QStringLiteral("list_dir"), QStringLiteral("read_file"),
                                    QStringLiteral("write_file"), QStringLiteral("edit_file"), QStringLiteral("apply_patch")})
            QVERIFY2(byName.contains(name), qPrintable(name));
        QCOMPARE(m_fx->provider()->id(), QStringLiteral("filesystem"));
        QVERIFY(byName.value(QStringLiteral("ls")).readOnly);
        QVERIFY(byName.value(QStringLiteral("list_dir")).readOnly);
        QVERIFY(byName.value(QStringLiteral("read_file")).readOnly);
        QVERIFY(!byName.value(QStringLiteral("write_file")).readOnly);
        QVERIFY(!byName.value(QStringLiteral("edit_file")).readOnly);
        QVERIFY(!byName.value(QStringLiteral("apply_patch")).readOnly);
        QCOMPARE(byName.value(QStringLiteral("ls")).inputSchema, byName.value(QStringLiteral("list_dir")).inputSchema);

        for (const ToolSpec &spec : specs) {
            QVERIFY2(!spec.description.isEmpty(), qPrintable(spec.name));
            const QJsonObject schema = spec.inputSchema;
            QCOMPARE(schema.value(QLatin1String("type")).toString(), QStringLiteral("object"));
            QCOMPARE(schema.value(QLatin1String("additionalProperties")), QJsonValue(false));
            QVERIFY2(schema.value(QLatin1String("required")).isArray(), qPrintable(spec.name));
            const QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
            for (auto it = properties.begin(); it != properties.end(); ++it) {
                const QJsonObject property = it.value().toObject();
                QVERIFY2(!property.value(QLatin1String("description")).toString().isEmpty(), qPrintable(spec.name + QLatin1Char('.') + it.key()));
                QVERIFY2(property.contains(QLatin1String("type")), qPrintable(spec.name + QLatin1Char('.') + it.key()));
                if (property.value(QLatin1String("type")).toString() == QLatin1String("integer"))
                    QVERIFY2(property.contains(QLatin1String("minimum")), qPrintable(spec.name + QLatin1Char('.') + it.key()));
            }
            for (const QJsonValue &required : schema.value(QLatin1String("required")).toArray())
                QVERIFY(properties.contains(required.toString()));
        }
        const QJsonArray readRequired = byName.value(QStringLiteral("read_file")).inputSchema.value(QLatin1String("required")).toArray();
        QCOMPARE(readRequired, QJsonArray{QStringLiteral("path")});
    }

    void noFilesystemNoFiles()
    {
        ToolContext context = m_fx->context();
        context.filesystem = nullptr;
        const ToolCallOutcome outcome = callTool(m_fx->provider(), QStringLiteral("read_file"),
                                                 args({{QStringLiteral("path"), QStringLiteral("a.txt")}}), context);
        CALL_FAILS(outcome);
        QVERIFY2(outcome.text().contains(QStringLiteral("no access to files")), qPrintable(outcome.text()));
    }

    // ls / list_dir

    void lsShowsATreeWithSizesAndIgnoresNoise()
    {
        QVERIFY(m_fx->put(QStringLiteral("README.md"), "# Project\n"));
        QVERIFY(m_fx->put(QStringLiteral("src/main.cpp"), QByteArray(1536, 'x')));
        QVERIFY(m_fx->put(QStringLiteral("src/lib/util.cpp"), "int x;\n"));
        QVERIFY(m_fx->put(QStringLiteral(".gitignore"), "*.log\ngenerated/\n"));
        QVERIFY(m_fx->put(QStringLiteral("app.log"), "log"));
        QVERIFY(m_fx->put(QStringLiteral("generated/g.c"), "g"));
        QVERIFY(m_fx->put(QStringLiteral("node_modules/pkg/index.js"), "js"));
        QVERIFY(m_fx->put(QStringLiteral(".git/HEAD"), "ref"));
        QVERIFY(m_fx->put(QStringLiteral("build/out.o"), "o"));

        const ToolCallOutcome outcome = m_fx->call(QStringLiteral("ls"), {});
        CALL_OK(outcome);
        QCOMPARE(outcome.text(), joinedLines({
                                     QStringLiteral("./"),
                                     QStringLiteral("  .gitignore  17 B"),
                                     QStringLiteral("  README.md  10 B"),
                                     QStringLiteral("  src/"),
                                     QStringLiteral("    lib/"),
                                     QStringLiteral("    main.cpp  1.5 KB"),
                                     QString(),
                                     QStringLiteral("5 entries shown (2 folders, 3 files), down to depth 2."),
                                     QStringLiteral("Left out by ignore rules: .git/, app.log, build/, generated/, node_modules/ "
                                                    "(show_ignored: true lists them)."),
                                 }));

        // list_dir is the same tool.
        const ToolCallOutcome listDir = m_fx->call(QStringLiteral("list_dir"), {});
        CALL_OK(listDir);
        QCOMPARE(listDir.text(), outcome.text());

        const ToolCallOutcome deep = m_fx->call(QStringLiteral("ls"), args({{QStringLiteral("path"), QStringLiteral("src")},
                                                                            {QStringLiteral("depth"), 3}}));
        CALL_OK(deep);
        QCOMPARE(deep.text(), joinedLines({QStringLiteral("src/"), QStringLiteral("  lib/"), QStringLiteral("    util.cpp  7 B"),
                                     QStringLiteral("  main.cpp  1.5 KB"), QString(),
                                     QStringLiteral("3 entries shown (1 folder, 2 files), down to depth 3.")}));

        const ToolCallOutcome all = m_fx->call(QStringLiteral("ls"), args({{QStringLiteral("depth"), 1}, {QStringLiteral("show_ignored"), true}}));
        CALL_OK(all);
        for (const QString &name : {QStringLiteral("  .git/"), QStringLiteral("  app.log  3 B"), QStringLiteral("  build/"),
                                    QStringLiteral("  generated/"), QStringLiteral("  node_modules/")})
            QVERIFY2(all.text().split(QLatin1Char('\n')).contains(name), qPrintable(all.text()));
        QVERIFY(!all.text().contains(QStringLiteral("Left out")));
    }

    void lsIgnoreArgumentAndNestedGitignore()
    {
        QVERIFY(m_fx->put(QStringLiteral("docs/a.md"), "a"));
        QVERIFY(m_fx->put(QStringLiteral("docs/b.txt"), "b"));
        QVERIFY(m_fx->put(QStringLiteral("docs/drafts/c.md"), "c"));
        QVERIFY(m_fx->put(QStringLiteral("docs/.gitignore"), "drafts/\n"));
        QVERIFY(m_fx->put(QStringLiteral("notes.txt"), "n"));

        const ToolCallOutcome outcome = m_fx->call(
            QStringLiteral("ls"), args({{QStringLiteral("ignore"), QJsonArray{QStringLiteral("*.txt")}}, {QStringLiteral("depth"), 3}}));
        CALL_OK(outcome);
        const QStringList shown = outcome.text().split(QLatin1Char('\n'));
        QVERIFY2(shown.contains(QStringLiteral("    a.md  1 B")), qPrintable(outcome.text()));
        QVERIFY2(shown.contains(QStringLiteral("    .gitignore  8 B")), qPrintable(outcome.text()));
        QVERIFY2(!outcome.text().contains(QStringLiteral("b.txt  ")) && !outcome.text().contains(QStringLiteral("notes.txt  ")),
                 qPrintable(outcome.text()));
        QVERIFY2(!outcome.text().contains(QStringLiteral("c.md")), qPrintable(outcome.text()));
        QVERIFY2(outcome.text().contains(QStringLiteral("Left out by ignore rules: notes.txt, docs/b.txt, docs/drafts/")),
                 qPrintable(outcome.text()));

        // Listing the subfolder itself still applies the .gitignore of the folders above it.
        const ToolCallOutcome sub = m_fx->call(QStringLiteral("ls"), args({{QStringLiteral("path"), QStringLiteral("docs/")}}));
        CALL_OK(sub);
        QVERIFY2(!sub.text().contains(QStringLiteral("drafts/\n")), qPrintable(sub.text()));
        QVERIFY2(sub.text().contains(QStringLiteral("Left out by ignore rules: drafts/")), qPrintable(sub.text()));
    }

    void lsCapsEntriesAndCountsTheRest()
    {
        for (int i = 0; i < 30; ++i)
            QVERIFY(m_fx->put(QStringLiteral("many/f%1.txt").arg(i, 2, 10, QLatin1Char('0')), "x"));
        QVERIFY(m_fx->put(QStringLiteral("z.txt"), "z"));
        const ToolCallOutcome outcome = m_fx->call(QStringLiteral("ls"), args({{QStringLiteral("limit"), 10}}));
        CALL_OK(outcome);
        // The shallowest entries come first: both top-level entries, then 8 of many/.
        const QStringList shown = outcome.text().split(QLatin1Char('\n'));
        QVERIFY2(shown.contains(QStringLiteral("  z.txt  1 B")), qPrintable(outcome.text()));
        QVERIFY2(shown.contains(QStringLiteral("    f07.txt  1 B")), qPrintable(outcome.text()));
        QVERIFY2(!shown.contains(QStringLiteral("    f08.txt  1 B")), qPrintable(outcome.text()));
        QVERIFY2(shown.contains(QStringLiteral("10 entries shown (1 folder, 9 files), down to depth 2.")), qPrintable(outcome.text()));
        QVERIFY2(shown.contains(QStringLiteral("22 more not shown (limit 10): list a subfolder, lower depth, or raise limit (up to 10000).")),
                 qPrintable(outcome.text()));
    }

    void lsFailures()
    {
        QVERIFY(m_fx->put(QStringLiteral("file.txt"), "abc"));
        const ToolCallOutcome file = m_fx->call(QStringLiteral("ls"), args({{QStringLiteral("path"), QStringLiteral("file.txt")}}));
        CALL_FAILS(file);
        QCOMPARE(file.text(), QStringLiteral("\"file.txt\" is a file (3 B), not a folder; read it with read_file."));

        const ToolCallOutcome missing = m_fx->call(QStringLiteral("ls"), args({{QStringLiteral("path"), QStringLiteral("nope")}}));
        CALL_FAILS(missing);
        QCOMPARE(missing.text(), QStringLiteral("The folder \"nope\" does not exist."));

        const ToolCallOutcome badDepth = m_fx->call(QStringLiteral("ls"), args({{QStringLiteral("depth"), 0}, {QStringLiteral("limit"), QStringLiteral("many")}}));
        CALL_FAILS(badDepth);
        QVERIFY2(badDepth.text().startsWith(QStringLiteral("Invalid arguments for ls: `depth` must be a whole number from 1 to 10, got 0; ")),
                 qPrintable(badDepth.text()));
        QVERIFY2(badDepth.text().contains(QStringLiteral("`limit`")), qPrintable(badDepth.text()));

        const ToolCallOutcome empty = m_fx->call(QStringLiteral("ls"), {});
        CALL_OK(empty);
        QVERIFY2(empty.text().contains(QStringLiteral("file.txt  3 B")), qPrintable(empty.text()));
        QVERIFY(QDir(m_fx->workspace()).mkdir(QStringLiteral("void")));
        const ToolCallOutcome nothing = m_fx->call(QStringLiteral("ls"), args({{QStringLiteral("path"), QStringLiteral("void")}}));
        CALL_OK(nothing);
        QVERIFY2(nothing.text().startsWith(QStringLiteral("void/\n  (empty folder)")), qPrintable(nothing.text()));
    }

    // write_file

    void writeFileCreatesAndOverwrites()
    {
        const ToolCallOutcome created = m_fx->call(QStringLiteral("write_file"), args({{QStringLiteral("path"), QStringLiteral("new/dir/a.txt")},
                                                                                      {QStringLiteral("content"), QStringLiteral("one\ntwo\n")}}));
        CALL_OK(created);
        QCOMPARE(created.text(), QStringLiteral("Created \"new/dir/a.txt\" (2 lines, 8 B)."));
        QCOMPARE(m_fx->bytes(QStringLiteral("new/dir/a.txt")), QByteArray("one\ntwo\n"));

        const ToolCallOutcome overwritten = m_fx->call(QStringLiteral("write_file"), args({{QStringLiteral("path"), QStringLiteral("./new//dir/a.txt")},
                                                                                          {QStringLiteral("content"), QStringLiteral("só uma")}}));
        CALL_OK(overwritten);
        QCOMPARE(overwritten.text(), QStringLiteral("Overwrote \"new/dir/a.txt\" (1 line, 7 B; it had 2 lines)."));
        QCOMPARE(m_fx->bytes(QStringLiteral("new/dir/a.txt")), QStringLiteral("só uma").toUtf8());

        const ToolCallOutcome folder = m_fx->call(QStringLiteral("write_file"), args({{QStringLiteral("path"), QStringLiteral("new")},
                                                                                     {QStringLiteral("content"), QStringLiteral("x")}}));
        CALL_FAILS(folder);
        QCOMPARE(folder.text(), QStringLiteral("\"new\" is a folder; write_file writes files."));

        const ToolCallOutcome noContent = m_fx->call(QStringLiteral("write_file"), args({{QStringLiteral("path"), QStringLiteral("b.txt")}}));
        CALL_FAILS(noContent);
        QCOMPARE(noContent.text(), QStringLiteral("Invalid arguments for write_file: `content` is required."));
        QVERIFY(!QFileInfo::exists(m_fx->path(QStringLiteral("b.txt"))));

        // /memories/ lands in the agent's memories folder.
        const ToolCallOutcome memory = m_fx->call(QStringLiteral("write_file"), args({{QStringLiteral("path"), QStringLiteral("/memories/notes.md")},
                                                                                     {QStringLiteral("content"), QStringLiteral("remember")}}));
        CALL_OK(memory);
        QCOMPARE(memory.text(), QStringLiteral("Created \"/memories/notes.md\" (1 line, 8 B)."));
        QFile stored(m_fx->locations().agentMemoriesDir(QStringLiteral("default")) + QStringLiteral("/notes.md"));
        QVERIFY(stored.open(QIODevice::ReadOnly));
        QCOMPARE(stored.readAll(), QByteArray("remember"));
        const ToolCallOutcome read = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("/memories/notes.md")}}));
        CALL_OK(read);
        QCOMPARE(read.text(), QStringLiteral("     1\tremember"));
    }

    // edit_file

    void editFileReplacesAndShowsTheResult()
    {
        QVERIFY(m_fx->put(QStringLiteral("calc.py"), "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n"));
        const ToolCallOutcome outcome = m_fx->call(QStringLiteral("edit_file"),
                                                   args({{QStringLiteral("path"), QStringLiteral("calc.py")},
                                                         {QStringLiteral("old_string"), QStringLiteral("    return a - b")},
                                                         {QStringLiteral("new_string"), QStringLiteral("    result = a - b\n    return result")}}));
        CALL_OK(outcome);
        QCOMPARE(m_fx->bytes(QStringLiteral("calc.py")),
                 QByteArray("def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    result = a - b\n    return result\n"));
        QCOMPARE(outcome.text(), joinedLines({QStringLiteral("Edited \"calc.py\": replaced 1 occurrence at line 6."),
                                        QStringLiteral("Lines 3-8 now read:"), QStringLiteral("     3\t"), QStringLiteral("     4\t"),
                                        QStringLiteral("     5\tdef sub(a, b):"), QStringLiteral("     6\t    result = a - b"),
                                        QStringLiteral("     7\t    return result"), QStringLiteral("     8\t")}));
    }

    void editFileNotUniqueNamesEachLine()
    {
        const QByteArray before = "x = 1\ny = 2\nx = 1\nz = 3\nx = 1\n";
        QVERIFY(m_fx->put(QStringLiteral("vars.py"), before));
        const ToolCallOutcome outcome = m_fx->call(QStringLiteral("edit_file"), args({{QStringLiteral("path"), QStringLiteral("vars.py")},
                                                                                     {QStringLiteral("old_string"), QStringLiteral("x = 1")},
                                                                                     {QStringLiteral("new_string"), QStringLiteral("x = 9")}}));
        CALL_FAILS(outcome);
        QCOMPARE(outcome.text(), QStringLiteral("old_string occurs 3 times in \"vars.py\" (starting at lines 1, 3, 5), so nothing was changed. "
                                                "Include more of the surrounding lines to pick one, or set replace_all to true to replace "
                                                "every occurrence."));
        QCOMPARE(m_fx->bytes(QStringLiteral("vars.py")), before);

        const ToolCallOutcome all = m_fx->call(QStringLiteral("edit_file"), args({{QStringLiteral("path"), QStringLiteral("vars.py")},
                                                                                 {QStringLiteral("old_string"), QStringLiteral("x = 1")},
                                                                                 {QStringLiteral("new_string"), QStringLiteral("x = 9")},
                                                                                 {QStringLiteral("replace_all"), true}}));
        CALL_OK(all);
        QVERIFY2(all.text().startsWith(QStringLiteral("Edited \"vars.py\": replaced 3 occurrences (at lines 1, 3, 5 of the old file).")),
                 qPrintable(all.text()));
        QCOMPARE(m_fx->bytes(QStringLiteral("vars.py")), QByteArray("x = 9\ny = 2\nx = 9\nz = 3\nx = 9\n"));
    }

    void editFileMissingStringShowsTheClosestText()
    {
        const QByteArray before = "int main()\n{\n\tint count = 0;\n\treturn count;\n}\n";
        QVERIFY(m_fx->put(QStringLiteral("main.c"), before));

        // Spaces where the file has a tab: the whitespace hint.
        const ToolCallOutcome spaces = m_fx->call(QStringLiteral("edit_file"), args({{QStringLiteral("path"), QStringLiteral("main.c")},
                                                                                    {QStringLiteral("old_string"), QStringLiteral("    int count = 0;")},
                                                                                    {QStringLiteral("new_string"), QStringLiteral("    int count = 1;")}}));
        CALL_FAILS(spaces);
        QCOMPARE(spaces.text(), joinedLines({QStringLiteral("old_string was not found in \"main.c\", so nothing was changed."),
                                       QStringLiteral("The text is there with different whitespace (indentation, tabs or trailing spaces) "
                                                      "at line 3. The file has:"),
                                       QStringLiteral("     3\t\tint count = 0;"),
                                       QStringLiteral("Copy old_string exactly as the file has it (without the line numbers and the tab after them).")}));

        // A near miss: the most similar lines and the first difference.
        const ToolCallOutcome near = m_fx->call(QStringLiteral("edit_file"), args({{QStringLiteral("path"), QStringLiteral("main.c")},
                                                                                  {QStringLiteral("old_string"), QStringLiteral("\tint count = 0;\n\treturn counter;")},
                                                                                  {QStringLiteral("new_string"), QStringLiteral("\treturn 1;")}}));
        CALL_FAILS(near);
        QVERIFY2(near.text().contains(QStringLiteral("The most similar text is at lines 3-4:\n     3\t\tint count = 0;\n     4\t\treturn count;\n")),
                 qPrintable(near.text()));
        QVERIFY2(near.text().contains(QStringLiteral("First difference, line 4: the file has\n\treturn count;\nwhere old_string has\n\treturn counter;")),
                 qPrintable(near.text()));

        // Nothing alike.
        const ToolCallOutcome nothing = m_fx->call(QStringLiteral("edit_file"), args({{QStringLiteral("path"), QStringLiteral("main.c")},
                                                                                     {QStringLiteral("old_string"), QStringLiteral("zzqqxxvv")},
                                                                                     {QStringLiteral("new_string"), QStringLiteral("a")}}));
        CALL_FAILS(nothing);
        QVERIFY2(nothing.text().contains(QStringLiteral("Nothing in the file resembles it")), qPrintable(nothing.text()));
        QCOMPARE(m_fx->bytes(QStringLiteral("main.c")), before);
    }

    void editFileArgumentAndFileFailures()
    {
        QVERIFY(m_fx->put(QStringLiteral("a.txt"), "text\n"));
        const ToolCallOutcome same = m_fx->call(QStringLiteral("edit_file"), args({{QStringLiteral("path"), QStringLiteral("a.txt")},
                                                                                  {QStringLiteral("old_string"), QStringLiteral("text")},
                                                                                  {QStringLiteral("new_string"), QStringLiteral("text")}}));
        CALL_FAILS(same);
        QCOMPARE(same.text(), QStringLiteral("Invalid arguments for edit_file: `old_string` and `new_string` are the same, so there is nothing to change."));
        const ToolCallOutcome empty = m_fx->call(QStringLiteral("edit_file"), args({{QStringLiteral("path"), QStringLiteral("a.txt")},
                                                                                   {QStringLiteral("old_string"), QString()},
                                                                                   {QStringLiteral("new_string"), QStringLiteral("x")}}));
        CALL_FAILS(empty);
        QVERIFY2(empty.text().contains(QStringLiteral("`old_string` must not be empty (to create a file or replace all of it, use write_file)")),
                 qPrintable(empty.text()));
        const ToolCallOutcome missing = m_fx->call(QStringLiteral("edit_file"), args({{QStringLiteral("path"), QStringLiteral("b.txt")},
                                                                                     {QStringLiteral("old_string"), QStringLiteral("a")},
                                                                                     {QStringLiteral("new_string"), QStringLiteral("b")}}));
        CALL_FAILS(missing);
        QCOMPARE(missing.text(), QStringLiteral("\"b.txt\" does not exist. To create it, use write_file."));

        QVERIFY(m_fx->put(QStringLiteral("bin.dat"), QByteArray("\x7f" "ELF\0\0", 6)));
        const ToolCallOutcome binary = m_fx->call(QStringLiteral("edit_file"), args({{QStringLiteral("path"), QStringLiteral("bin.dat")},
                                                                                    {QStringLiteral("old_string"), QStringLiteral("ELF")},
                                                                                    {QStringLiteral("new_string"), QStringLiteral("FLE")}}));
        CALL_FAILS(binary);
        QCOMPARE(binary.text(), QStringLiteral("\"bin.dat\" is a binary file (ELF executable or library, 6 B); only text files can be edited."));

        QVERIFY(m_fx->put(QStringLiteral("latin.txt"), "caf\xe9\n"));
        const ToolCallOutcome latin = m_fx->call(QStringLiteral("edit_file"), args({{QStringLiteral("path"), QStringLiteral("latin.txt")},
                                                                                   {QStringLiteral("old_string"), QStringLiteral("caf")},
                                                                                   {QStringLiteral("new_string"), QStringLiteral("tea")}}));
        CALL_FAILS(latin);
        QVERIFY2(latin.text().contains(QStringLiteral("is not valid UTF-8 text")), qPrintable(latin.text()));
        QCOMPARE(m_fx->bytes(QStringLiteral("latin.txt")), QByteArray("caf\xe9\n"));
    }

    void editFileKeepsCrlfAndBom()
    {
        QVERIFY(m_fx->put(QStringLiteral("win.txt"), "\xef\xbb\xbfone\r\ntwo\r\nthree\r\n"));
        const ToolCallOutcome outcome = m_fx->call(QStringLiteral("edit_file"), args({{QStringLiteral("path"), QStringLiteral("win.txt")},
                                                                                     {QStringLiteral("old_string"), QStringLiteral("one\ntwo")},
                                                                                     {QStringLiteral("new_string"), QStringLiteral("one\n2\ntwo")}}));
        CALL_OK(outcome);
        QCOMPARE(m_fx->bytes(QStringLiteral("win.txt")), QByteArray("\xef\xbb\xbfone\r\n2\r\ntwo\r\nthree\r\n"));
    }

    // Escapes through the tools

    void escapesAreRefusedThroughEveryTool()
    {
        QVERIFY(makeSymlink(m_fx->outside(), m_fx->path(QStringLiteral("out"))));
        QVERIFY(makeSymlink(m_fx->outside() + QStringLiteral("/secret.txt"), m_fx->path(QStringLiteral("secret-link"))));
        const QMap<QString, QByteArray> before = m_fx->snapshot();
        const QString secret = m_fx->outside() + QStringLiteral("/secret.txt");
        const QList<std::pair<QString, QJsonObject>> calls{
            {QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("../outside/secret.txt")}})},
            {QStringLiteral("read_file"), args({{QStringLiteral("path"), secret}})},
            {QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("out/secret.txt")}})},
            {QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("secret-link")}, {QStringLiteral("anchor_line"), 1}})},
            {QStringLiteral("ls"), args({{QStringLiteral("path"), QStringLiteral("/etc")}})},
            {QStringLiteral("ls"), args({{QStringLiteral("path"), QStringLiteral("out")}})},
            {QStringLiteral("list_dir"), args({{QStringLiteral("path"), QStringLiteral("..")}})},
            {QStringLiteral("write_file"), args({{QStringLiteral("path"), QStringLiteral("out/planted.txt")}, {QStringLiteral("content"), QStringLiteral("x")}})},
            {QStringLiteral("write_file"), args({{QStringLiteral("path"), secret}, {QStringLiteral("content"), QStringLiteral("x")}})},
            {QStringLiteral("write_file"), args({{QStringLiteral("path"), QStringLiteral("secret-link")}, {QStringLiteral("content"), QStringLiteral("x")}})},
            {QStringLiteral("edit_file"), args({{QStringLiteral("path"), QStringLiteral("secret-link")},
                                                {QStringLiteral("old_string"), QStringLiteral("secret")},
                                                {QStringLiteral("new_string"), QStringLiteral("public")}})},
            {QStringLiteral("edit_file"), args({{QStringLiteral("path"), QStringLiteral("/memories/../outside/secret.txt")},
                                                {QStringLiteral("old_string"), QStringLiteral("secret")},
                                                {QStringLiteral("new_string"), QStringLiteral("public")}})},
        };
        for (const auto &[tool, arguments] : calls) {
            const ToolCallOutcome outcome = m_fx->call(tool, arguments);
            CALL_FAILS(outcome);
            const QString text = outcome.text();
            QVERIFY2(text.contains(QStringLiteral("outside")) || text.contains(QStringLiteral("climbs above")), qPrintable(tool + QStringLiteral(": ") + text));
            QVERIFY2(!text.contains(QStringLiteral("the secret")), qPrintable(text));
        }
        QCOMPARE(m_fx->snapshot(), before);

        // ls shows the links as links and does not follow them.
        const ToolCallOutcome listing = m_fx->call(QStringLiteral("ls"), {});
        CALL_OK(listing);
        QVERIFY2(listing.text().split(QLatin1Char('\n')).contains(QStringLiteral("  out@  (symbolic link leading outside or to nothing; not followed)")),
                 qPrintable(listing.text()));
        QVERIFY2(!listing.text().contains(QStringLiteral("secret.txt")), qPrintable(listing.text()));

        // The message is the AgentFilesystem's, naming the path as written and what is allowed.
        const ToolCallOutcome outside = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("/etc/passwd")}}));
        CALL_FAILS(outside);
        QVERIFY2(outside.text().startsWith(QStringLiteral("The path \"/etc/passwd\" is outside the workspace. Allowed are paths inside the workspace ")),
                 qPrintable(outside.text()));
    }

    // The built plugin

    void pluginLoadsThroughThePluginManager()
    {
        LoadedToolPlugin plugin(QStringLiteral(VALIS_TEST_FILESYSTEM_PLUGIN));
        QVERIFY2(plugin.problem().isEmpty(), qPrintable(plugin.problem()));
        ToolProvider *provider = plugin.toolProvider(QStringLiteral("filesystem"));
        QVERIFY(provider);
        QStringList names;
        for (const ToolSpec &spec : provider->tools())
            names.append(spec.name);
        QVERIFY2(names.contains(QStringLiteral("read_file")) && names.contains(QStringLiteral("apply_patch")), qPrintable(names.join(QLatin1Char(','))));

        QVERIFY(m_fx->put(QStringLiteral("hello.txt"), "hello\nplugin\n"));
        const ToolCallOutcome outcome = callTool(provider, QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("hello.txt")}}),
                                                 m_fx->context());
        CALL_OK(outcome);
        QVERIFY(!outcome.finishedInsideInvoke);
        QCOMPARE(outcome.result.callId, QStringLiteral("call-1"));
        QCOMPARE(outcome.text(), joinedLines({QStringLiteral("     1\thello"), QStringLiteral("     2\tplugin")}));
    }
};

VALIS_TEST_MAIN(TestFilesystemTools)
#include "tst_filesystemtools.moc"
