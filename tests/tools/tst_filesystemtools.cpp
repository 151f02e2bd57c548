// The filesystem plugin's ls / list_dir, read_file, write_file and edit_file tools on a real
// temporary workspace: output formats, every failure message, escapes refused through the
// tools, and the plugin loaded by a real PluginManager. apply_patch is in tst_applypatch.cpp.
#include "filesystemtoolfixture.h"
#include "testsupport.h"
#include "toolcallhelpers.h"

#include "valis/filesystem/agentfilesystem.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QStringEncoder>
#include <QtTest>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

using namespace valis;
using namespace valis::test;

namespace {

QJsonObject args(std::initializer_list<std::pair<QString, QJsonValue>> pairs)
{
    QJsonObject object;
    for (const auto &pair : pairs)
        object.insert(pair.first, pair.second);
    return object;
}

QString lines(const QStringList &list)
{
    return list.join(QLatin1Char('\n'));
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

} // namespace

#define CALL_OK(outcome)                                                                         \
    do {                                                                                         \
        QVERIFY2((outcome).finished, "the tool call did not finish");                            \
        QVERIFY2(!(outcome).result.isError, qPrintable((outcome).text()));                       \
    } while (false)

#define CALL_FAILS(outcome)                                                                      \
    do {                                                                                         \
        QVERIFY2((outcome).finished, "the tool call did not finish");                            \
        QVERIFY2((outcome).result.isError, qPrintable((outcome).text()));                        \
    } while (false)

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
        QCOMPARE(outcome.text(), lines({
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
        QCOMPARE(deep.text(), lines({QStringLiteral("src/"), QStringLiteral("  lib/"), QStringLiteral("    util.cpp  7 B"),
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

    // read_file

    void readFileNumbersLines()
    {
        QVERIFY(m_fx->put(QStringLiteral("five.txt"), "one\ntwo\n\tthree\nfour\nfive\n"));
        const ToolCallOutcome all = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("five.txt")}}));
        CALL_OK(all);
        QCOMPARE(all.text(), lines({QStringLiteral("     1\tone"), QStringLiteral("     2\ttwo"), QStringLiteral("     3\t\tthree"),
                                    QStringLiteral("     4\tfour"), QStringLiteral("     5\tfive")}));

        const ToolCallOutcome middle = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("five.txt")},
                                                                                    {QStringLiteral("offset"), 2},
                                                                                    {QStringLiteral("limit"), 2}}));
        CALL_OK(middle);
        QCOMPARE(middle.text(), lines({QStringLiteral("     2\ttwo"), QStringLiteral("     3\t\tthree"),
                                       QStringLiteral("[Lines 2-3 of 5 shown. To read on, call read_file with offset 4.]")}));

        const ToolCallOutcome tail = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), m_fx->path(QStringLiteral("five.txt"))},
                                                                                  {QStringLiteral("offset"), 4}}));
        CALL_OK(tail);
        QCOMPARE(tail.text(), lines({QStringLiteral("     4\tfour"), QStringLiteral("     5\tfive"),
                                     QStringLiteral("[Lines 4-5 of 5 shown: the end of the file.]")}));

        const ToolCallOutcome past = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("five.txt")},
                                                                                  {QStringLiteral("offset"), 9}}));
        CALL_FAILS(past);
        QCOMPARE(past.text(), QStringLiteral("offset 9 is past the end of \"five.txt\", which has 5 lines."));

        // CRLF line ends and a final line without a newline.
        QVERIFY(m_fx->put(QStringLiteral("crlf.txt"), "a\r\nb\r\nc"));
        const ToolCallOutcome crlf = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("crlf.txt")}}));
        CALL_OK(crlf);
        QCOMPARE(crlf.text(), lines({QStringLiteral("     1\ta"), QStringLiteral("     2\tb"), QStringLiteral("     3\tc")}));
    }

    void readFileCutsLongLinesAndFlagsBadBytes()
    {
        const QByteArray longLine = QByteArray(5000, 'y');
        QVERIFY(m_fx->put(QStringLiteral("long.txt"), "short\n" + longLine + "\nafter\n"));
        const ToolCallOutcome outcome = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("long.txt")}}));
        CALL_OK(outcome);
        const QStringList shown = outcome.text().split(QLatin1Char('\n'));
        QCOMPARE(shown.size(), 3);
        QCOMPARE(shown.at(1), QStringLiteral("     2\t") + QString(2000, QLatin1Char('y'))
                                  + QStringLiteral(" … [line cut at 2000 characters; the whole line is 5000 bytes]"));
        QCOMPARE(shown.at(2), QStringLiteral("     3\tafter"));

        QVERIFY(m_fx->put(QStringLiteral("latin1.txt"), "caf\xe9\n"));
        const ToolCallOutcome latin = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("latin1.txt")}}));
        CALL_OK(latin);
        QVERIFY2(latin.text().startsWith(QStringLiteral("     1\tcaf\uFFFD\n[Some bytes are not valid UTF-8")), qPrintable(latin.text()));
    }

    void readFileRefusesBinaryAndFolders()
    {
        QByteArray png("\x89PNG\r\n\x1a\n", 8);
        png += QByteArray(3000, '\0');
        QVERIFY(m_fx->put(QStringLiteral("logo.png"), png));
        const ToolCallOutcome image = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("logo.png")}}));
        CALL_FAILS(image);
        QCOMPARE(image.text(), QStringLiteral("\"logo.png\" is a binary file (PNG image, 2.9 KB); read_file shows text files only. "
                                              "To look at an image, use view_image if it is available."));

        QVERIFY(m_fx->put(QStringLiteral("blob.bin"), QByteArray("abc\0def", 7)));
        const ToolCallOutcome blob = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("blob.bin")}}));
        CALL_FAILS(blob);
        QCOMPARE(blob.text(), QStringLiteral("\"blob.bin\" is a binary file (binary data, 7 B); read_file shows text files only."));

        QVERIFY(m_fx->put(QStringLiteral("empty.txt"), QByteArray()));
        const ToolCallOutcome empty = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("empty.txt")}}));
        CALL_OK(empty);
        QCOMPARE(empty.text(), QStringLiteral("\"empty.txt\" is empty (0 bytes)."));

        QVERIFY(QDir(m_fx->workspace()).mkdir(QStringLiteral("folder")));
        const ToolCallOutcome folder = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("folder")}}));
        CALL_FAILS(folder);
        QCOMPARE(folder.text(), QStringLiteral("\"folder\" is a folder, not a file; list it with ls."));

        const ToolCallOutcome missing = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("src/nope.cpp")}}));
        CALL_FAILS(missing);
        QCOMPARE(missing.text(), QStringLiteral("\"src/nope.cpp\" does not exist."));

        const ToolCallOutcome noPath = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("offset"), 0}}));
        CALL_FAILS(noPath);
        QCOMPARE(noPath.text(), QStringLiteral("Invalid arguments for read_file: `path` is required; `offset` must be a whole number "
                                               "from 1 to 1000000000000, got 0."));
    }

    void readFileDecodesUtf16()
    {
        QStringEncoder encoder(QStringConverter::Utf16LE, QStringConverter::Flag::WriteBom);
        QVERIFY(m_fx->put(QStringLiteral("wide.txt"), encoder.encode(QStringLiteral("première\nzweite\n"))));
        const ToolCallOutcome outcome = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("wide.txt")}}));
        CALL_OK(outcome);
        QCOMPARE(outcome.text(), lines({QStringLiteral("     1\tpremière"), QStringLiteral("     2\tzweite")}));
    }

    void readFileReadsHugeFilesPageWise()
    {
        // 300,000 numbered lines, about 3.5 MB: several pages.
        QByteArray content;
        content.reserve(4 << 20);
        for (int i = 1; i <= 300000; ++i)
            content += "line " + QByteArray::number(i) + '\n';
        QVERIFY(m_fx->put(QStringLiteral("big.log"), content));
        const ToolCallOutcome outcome = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("big.log")},
                                                                                     {QStringLiteral("offset"), 250000},
                                                                                     {QStringLiteral("limit"), 3}}));
        CALL_OK(outcome);
        QCOMPARE(outcome.text(), lines({QStringLiteral("250000\tline 250000"), QStringLiteral("250001\tline 250001"),
                                        QStringLiteral("250002\tline 250002"),
                                        QStringLiteral("[Lines 250000-250002 of 300000 shown. To read on, call read_file with offset 250003.]")}));

        // The default reads 2000 lines and says how many there are.
        const ToolCallOutcome head = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("big.log")}}));
        CALL_OK(head);
        const QStringList shown = head.text().split(QLatin1Char('\n'));
        QCOMPARE(shown.size(), 2001);
        QCOMPARE(shown.at(1999), QStringLiteral("  2000\tline 2000"));
        QCOMPARE(shown.last(), QStringLiteral("[Lines 1-2000 of 300000 shown. To read on, call read_file with offset 2001.]"));
    }

    void readFileBlockMode()
    {
        QVERIFY(m_fx->put(QStringLiteral("shapes.py"),
                          lines({QStringLiteral("import math"),                     // 1
                                 QString(),                                          // 2
                                 QStringLiteral("class Circle:"),                    // 3
                                 QStringLiteral("    def __init__(self, r):"),       // 4
                                 QStringLiteral("        self.r = r"),               // 5
                                 QString(),                                          // 6
                                 QStringLiteral("    # The area, in square units."), // 7
                                 QStringLiteral("    @property"),                    // 8
                                 QStringLiteral("    def area(self):"),              // 9
                                 QStringLiteral("        if self.r < 0:"),           // 10
                                 QStringLiteral("            return 0"),             // 11
                                 QStringLiteral("        return math.pi * self.r ** 2"), // 12
                                 QString(),                                          // 13
                                 QStringLiteral("def main():"),                      // 14
                                 QStringLiteral("    print(Circle(1).area)"),        // 15
                                 QString()})
                              .toUtf8()));
        const auto block = [this](QJsonObject extra) {
            extra.insert(QStringLiteral("path"), QStringLiteral("shapes.py"));
            return m_fx->call(QStringLiteral("read_file"), extra);
        };

        // Inside a method: that method, with its comment and decorator.
        const ToolCallOutcome method = block(args({{QStringLiteral("anchor_line"), 12}}));
        CALL_OK(method);
        QCOMPARE(method.text(), lines({QStringLiteral("Lines 7-12 of \"shapes.py\", the block around line 12:"),
                                       QStringLiteral("     7\t    # The area, in square units."), QStringLiteral("     8\t    @property"),
                                       QStringLiteral("     9\t    def area(self):"), QStringLiteral("    10\t        if self.r < 0:"),
                                       QStringLiteral("    11\t            return 0"),
                                       QStringLiteral("    12\t        return math.pi * self.r ** 2")}));

        // The innermost block is the if; two levels up is the method.
        const ToolCallOutcome inner = block(args({{QStringLiteral("anchor_line"), 11}, {QStringLiteral("include_header"), false}}));
        CALL_OK(inner);
        QVERIFY2(inner.text().startsWith(QStringLiteral("Lines 10-11 of \"shapes.py\", the block around line 11:\n")), qPrintable(inner.text()));
        const ToolCallOutcome up = block(args({{QStringLiteral("anchor_line"), 11}, {QStringLiteral("max_levels"), 2},
                                               {QStringLiteral("include_header"), false}}));
        CALL_OK(up);
        QVERIFY2(up.text().startsWith(QStringLiteral("Lines 9-12 of \"shapes.py\", the block around line 11, 2 levels up:\n")), qPrintable(up.text()));

        // To the top: the class; siblings of the method: the whole class body.
        const ToolCallOutcome top = block(args({{QStringLiteral("anchor_line"), 11}, {QStringLiteral("max_levels"), 0}}));
        CALL_OK(top);
        QVERIFY2(top.text().startsWith(QStringLiteral("Lines 3-12 of \"shapes.py\", the block around line 11, 3 levels up:\n")), qPrintable(top.text()));
        const ToolCallOutcome siblings = block(args({{QStringLiteral("anchor_line"), 5}, {QStringLiteral("include_siblings"), true}}));
        CALL_OK(siblings);
        QVERIFY2(siblings.text().startsWith(QStringLiteral("Lines 3-12 of \"shapes.py\", the block around line 5 with its sibling blocks:\n")),
                 qPrintable(siblings.text()));
        const ToolCallOutcome beyond = block(args({{QStringLiteral("anchor_line"), 5}, {QStringLiteral("max_levels"), 5}}));
        CALL_OK(beyond);
        QVERIFY2(beyond.text().contains(QStringLiteral("(there are no further enclosing blocks)")), qPrintable(beyond.text()));

        // A header line opens its own block; a top-level statement gets its paragraph.
        const ToolCallOutcome header = block(args({{QStringLiteral("anchor_line"), 14}}));
        CALL_OK(header);
        QVERIFY2(header.text().startsWith(QStringLiteral("Lines 14-15 of \"shapes.py\", the block around line 14:\n")), qPrintable(header.text()));
        const ToolCallOutcome paragraph = block(args({{QStringLiteral("anchor_line"), 1}}));
        CALL_OK(paragraph);
        QVERIFY2(paragraph.text().contains(QStringLiteral("line 1 is at the top level and opens no block")), qPrintable(paragraph.text()));

        const ToolCallOutcome past = block(args({{QStringLiteral("anchor_line"), 40}}));
        CALL_FAILS(past);
        QCOMPARE(past.text(), QStringLiteral("anchor_line 40 is past the end of \"shapes.py\", which has 15 lines."));
    }

    void readFileBlockModeBraces()
    {
        QVERIFY(m_fx->put(QStringLiteral("main.cpp"),
                          lines({QStringLiteral("#include <cstdio>"),       // 1
                                 QString(),                                  // 2
                                 QStringLiteral("/// Adds."),                // 3
                                 QStringLiteral("int add(int a,"),           // 4
                                 QStringLiteral("        int b)"),           // 5
                                 QStringLiteral("{"),                        // 6
                                 QStringLiteral("    int sum = a + b;"),     // 7
                                 QStringLiteral("    return sum;"),          // 8
                                 QStringLiteral("}"),                        // 9
                                 QString(),                                  // 10
                                 QStringLiteral("int main() {"),             // 11
                                 QStringLiteral("    for (;;) {"),           // 12
                                 QStringLiteral("        std::puts(\"x\");"), // 13
                                 QStringLiteral("    }"),                    // 14
                                 QStringLiteral("}")})
                              .toUtf8()));
        const ToolCallOutcome allman = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("main.cpp")},
                                                                                    {QStringLiteral("anchor_line"), 7}}));
        CALL_OK(allman);
        QVERIFY2(allman.text().startsWith(QStringLiteral("Lines 3-9 of \"main.cpp\", the block around line 7:\n")), qPrintable(allman.text()));
        QVERIFY2(allman.text().endsWith(QStringLiteral("     9\t}")), qPrintable(allman.text()));

        const ToolCallOutcome loop = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("main.cpp")},
                                                                                  {QStringLiteral("anchor_line"), 13},
                                                                                  {QStringLiteral("limit"), 2}}));
        CALL_OK(loop);
        QCOMPARE(loop.text(), lines({QStringLiteral("Lines 12-14 of \"main.cpp\", the block around line 13:"),
                                     QStringLiteral("    12\t    for (;;) {"), QStringLiteral("    13\t        std::puts(\"x\");"),
                                     QStringLiteral("[The block has 3 lines; lines 12-13 are shown. Read the rest with offset and limit.]")}));
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
        QCOMPARE(outcome.text(), lines({QStringLiteral("Edited \"calc.py\": replaced 1 occurrence at line 6."),
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
        QCOMPARE(spaces.text(), lines({QStringLiteral("old_string was not found in \"main.c\", so nothing was changed."),
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
        QVERIFY(symlink(m_fx->outside(), m_fx->path(QStringLiteral("out"))));
        QVERIFY(symlink(m_fx->outside() + QStringLiteral("/secret.txt"), m_fx->path(QStringLiteral("secret-link"))));
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
        QCOMPARE(outcome.text(), lines({QStringLiteral("     1\thello"), QStringLiteral("     2\tplugin")}));
    }
};

VALIS_TEST_MAIN(TestFilesystemTools)
#include "tst_filesystemtools.moc"
