// The filesystem plugin's read_file on a real temporary workspace: line numbers, offset and
// limit, long lines, binary and empty files, UTF-16, huge files read page by page, and the block
// mode (anchor_line) on indentation- and brace-structured code.
#include "filesystemtoolfixture.h"
#include "testsupport.h"
#include "toolcallhelpers.h"

#include <QDir>
#include <QJsonObject>
#include <QStringEncoder>
#include <QtTest>

using namespace valis;
using namespace valis::test;

class TestReadFileTool : public QObject
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

    void readFileNumbersLines()
    {
        QVERIFY(m_fx->put(QStringLiteral("five.txt"), "one\ntwo\n\tthree\nfour\nfive\n"));
        const ToolCallOutcome all = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("five.txt")}}));
        CALL_OK(all);
        QCOMPARE(all.text(), joinedLines({QStringLiteral("     1\tone"), QStringLiteral("     2\ttwo"), QStringLiteral("     3\t\tthree"),
                                    QStringLiteral("     4\tfour"), QStringLiteral("     5\tfive")}));

        const ToolCallOutcome middle = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("five.txt")},
                                                                                    {QStringLiteral("offset"), 2},
                                                                                    {QStringLiteral("limit"), 2}}));
        CALL_OK(middle);
        QCOMPARE(middle.text(), joinedLines({QStringLiteral("     2\ttwo"), QStringLiteral("     3\t\tthree"),
                                       QStringLiteral("[Lines 2-3 of 5 shown. To read on, call read_file with offset 4.]")}));

        const ToolCallOutcome tail = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), m_fx->path(QStringLiteral("five.txt"))},
                                                                                  {QStringLiteral("offset"), 4}}));
        CALL_OK(tail);
        QCOMPARE(tail.text(), joinedLines({QStringLiteral("     4\tfour"), QStringLiteral("     5\tfive"),
                                     QStringLiteral("[Lines 4-5 of 5 shown: the end of the file.]")}));

        const ToolCallOutcome past = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("five.txt")},
                                                                                  {QStringLiteral("offset"), 9}}));
        CALL_FAILS(past);
        QCOMPARE(past.text(), QStringLiteral("offset 9 is past the end of \"five.txt\", which has 5 lines."));

        // CRLF line ends and a final line without a newline.
        QVERIFY(m_fx->put(QStringLiteral("crlf.txt"), "a\r\nb\r\nc"));
        const ToolCallOutcome crlf = m_fx->call(QStringLiteral("read_file"), args({{QStringLiteral("path"), QStringLiteral("crlf.txt")}}));
        CALL_OK(crlf);
        QCOMPARE(crlf.text(), joinedLines({QStringLiteral("     1\ta"), QStringLiteral("     2\tb"), QStringLiteral("     3\tc")}));
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
        QCOMPARE(outcome.text(), joinedLines({QStringLiteral("     1\tpremière"), QStringLiteral("     2\tzweite")}));
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
        QCOMPARE(outcome.text(), joinedLines({QStringLiteral("250000\tline 250000"), QStringLiteral("250001\tline 250001"),
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
                          joinedLines({QStringLiteral("import math"),                     // 1
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
        QCOMPARE(method.text(), joinedLines({QStringLiteral("Lines 7-12 of \"shapes.py\", the block around line 12:"),
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
                          joinedLines({QStringLiteral("#include <cstdio>"),       // 1
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
        QCOMPARE(loop.text(), joinedLines({QStringLiteral("Lines 12-14 of \"main.cpp\", the block around line 13:"),
                                     QStringLiteral("    12\t    for (;;) {"), QStringLiteral("    13\t        std::puts(\"x\");"),
                                     QStringLiteral("[The block has 3 lines; lines 12-13 are shown. Read the rest with offset and limit.]")}));
    }
};

VALIS_TEST_MAIN(TestReadFileTool)
#include "tst_readfiletool.moc"
