// loadAgentInstructions: which AGENTS.md files go into the system prompt, in which order, and
// what happens when they do not fit the budget or cannot be read, on real folders.
#include "testsupport.h"

#include "valis/filesystem/agentfilesystem.h"
#include "valis/filesystem/localdirectorybackend.h"
#include "valis/memory/agentinstructions.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <memory>

#if defined(Q_OS_UNIX)
#include <unistd.h>
#endif

using namespace valis;
using namespace valis::test;

namespace {

/// A temporary tree with a /memories/ folder mounted into an AgentFilesystem over `workspace`.
struct Tree
{
    QTemporaryDir dir;
    QString path(const QString &relative) const { return dir.path() + QLatin1Char('/') + relative; }
    std::shared_ptr<AgentFilesystem> filesystem(const QString &workspace) const
    {
        auto fs = std::make_shared<AgentFilesystem>(path(workspace));
        fs->mount(QStringLiteral("/memories/"),
                  std::make_shared<LocalDirectoryBackend>(path(QStringLiteral("memories")), QStringLiteral("memories folder /memories/"), true));
        return fs;
    }
    bool write(const QString &relative, const QByteArray &bytes) const { return writeFile(path(relative), bytes); }
    bool mkdir(const QString &relative) const { return QDir().mkpath(path(relative)); }
};

QStringList labels(const AgentInstructions &instructions)
{
    QStringList list;
    for (const AgentInstructionsSource &source : instructions.sources)
        list.append(source.label);
    return list;
}

QString warningsText(const AgentInstructions &instructions)
{
    QStringList list;
    for (const Error &warning : instructions.warnings)
        list.append(warning.code + QStringLiteral(": ") + warning.message);
    return list.join(QLatin1Char('\n'));
}

QByteArray numberedLines(const QByteArray &tag, int count)
{
    QByteArray text;
    for (int i = 1; i <= count; ++i)
        text += tag + " rule " + QByteArray::number(i) + " of the instructions\n";
    return text;
}

} // namespace

class TestAgentInstructions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noFilesGiveAnEmptyText()
    {
        Tree tree;
        QVERIFY(tree.mkdir(QStringLiteral("ws/sub")));
        const auto fs = tree.filesystem(QStringLiteral("ws"));
        const AgentInstructions instructions = loadAgentInstructions(fs.get(), tree.path(QStringLiteral("ws")),
                                                                     tree.path(QStringLiteral("ws/sub")), 32768);
        QVERIFY2(instructions.text.isEmpty(), qPrintable(instructions.text));
        QVERIFY(instructions.sources.isEmpty());
        QVERIFY2(instructions.warnings.isEmpty(), qPrintable(warningsText(instructions)));
    }

    void memoriesFirstThenRepositoryRootDownToTheWorkingFolder()
    {
        Tree tree;
        QVERIFY(tree.mkdir(QStringLiteral("repo/.git")));
        QVERIFY(tree.write(QStringLiteral("AGENTS.md"), "ABOVE-THE-REPOSITORY\n"));
        QVERIFY(tree.write(QStringLiteral("repo/AGENTS.md"), "ROOT-RULES\n"));
        QVERIFY(tree.write(QStringLiteral("repo/a/AGENTS.md"), "A-RULES\n"));
        QVERIFY(tree.write(QStringLiteral("repo/a/b/AGENTS.md"), "B-RULES\n"));
        QVERIFY(tree.write(QStringLiteral("repo/c/AGENTS.md"), "SIBLING-RULES\n"));
        QVERIFY(tree.write(QStringLiteral("repo/a/b/d/AGENTS.md"), "CHILD-RULES\n"));
        QVERIFY(tree.write(QStringLiteral("memories/AGENTS.md"), "MEMORY-RULES\n"));
        QVERIFY(tree.write(QStringLiteral("memories/other.md"), "NOT-AN-AGENTS-FILE\n"));

        // The workspace is a folder inside the repository: the chain still starts at its root.
        const auto fs = tree.filesystem(QStringLiteral("repo/a"));
        const AgentInstructions instructions = loadAgentInstructions(fs.get(), tree.path(QStringLiteral("repo/a")),
                                                                     tree.path(QStringLiteral("repo/a/b")), 32768);
        QVERIFY2(instructions.warnings.isEmpty(), qPrintable(warningsText(instructions)));
        const QStringList expected{QStringLiteral("/memories/AGENTS.md"), tree.path(QStringLiteral("repo/AGENTS.md")),
                                   tree.path(QStringLiteral("repo/a/AGENTS.md")), tree.path(QStringLiteral("repo/a/b/AGENTS.md"))};
        QCOMPARE(labels(instructions), expected);
        const QString &text = instructions.text;
        const qsizetype memory = text.indexOf(QStringLiteral("MEMORY-RULES"));
        const qsizetype root = text.indexOf(QStringLiteral("ROOT-RULES"));
        const qsizetype a = text.indexOf(QStringLiteral("A-RULES"));
        const qsizetype b = text.indexOf(QStringLiteral("B-RULES"));
        QVERIFY2(memory >= 0 && memory < root && root < a && a < b, qPrintable(text));
        for (const char *absent : {"ABOVE-THE-REPOSITORY", "SIBLING-RULES", "CHILD-RULES", "NOT-AN-AGENTS-FILE"})
            QVERIFY2(!text.contains(QLatin1String(absent)), absent);
        // Each file is introduced by its name, so the model knows where a rule comes from.
        QVERIFY(text.contains(QStringLiteral("## /memories/AGENTS.md\n\nMEMORY-RULES\n")));
        QVERIFY(text.contains(QStringLiteral("## ") + tree.path(QStringLiteral("repo/a/b/AGENTS.md")) + QStringLiteral("\n\nB-RULES\n")));
        for (const AgentInstructionsSource &source : instructions.sources)
            QCOMPARE(source.shownBytes, source.bytes);
    }

    void aGitFileMarksTheRootOfAWorktree()
    {
        Tree tree;
        QVERIFY(tree.write(QStringLiteral("AGENTS.md"), "ABOVE\n"));
        QVERIFY(tree.write(QStringLiteral("wt/.git"), "gitdir: /elsewhere/.git/worktrees/wt\n"));
        QVERIFY(tree.write(QStringLiteral("wt/AGENTS.md"), "WORKTREE-ROOT\n"));
        QVERIFY(tree.mkdir(QStringLiteral("wt/src")));
        const AgentInstructions instructions = loadAgentInstructions(nullptr, tree.path(QStringLiteral("wt/src")),
                                                                     tree.path(QStringLiteral("wt/src")), 32768);
        QCOMPARE(labels(instructions), QStringList{tree.path(QStringLiteral("wt/AGENTS.md"))});
        QVERIFY(instructions.text.contains(QStringLiteral("WORKTREE-ROOT")));
        QVERIFY(!instructions.text.contains(QStringLiteral("ABOVE")));
    }

    void withoutARepositoryTheWorkspaceIsTheRoot()
    {
        Tree tree;
        QVERIFY(tree.write(QStringLiteral("AGENTS.md"), "ABOVE-THE-WORKSPACE\n"));
        QVERIFY(tree.write(QStringLiteral("ws/AGENTS.md"), "WORKSPACE-RULES\n"));
        QVERIFY(tree.write(QStringLiteral("ws/sub/AGENTS.md"), "SUB-RULES\n"));
        const auto fs = tree.filesystem(QStringLiteral("ws"));
        // A working directory given as "ws/sub/." with a trailing slash is the same folder.
        const AgentInstructions instructions = loadAgentInstructions(fs.get(), tree.path(QStringLiteral("ws")),
                                                                     tree.path(QStringLiteral("ws/sub/./")), 32768);
        QCOMPARE(labels(instructions), (QStringList{tree.path(QStringLiteral("ws/AGENTS.md")), tree.path(QStringLiteral("ws/sub/AGENTS.md"))}));
        QVERIFY(!instructions.text.contains(QStringLiteral("ABOVE-THE-WORKSPACE")));
        QVERIFY(instructions.warnings.isEmpty());
    }

    void overBudgetFilesAreCutAtALineWithANoteAndAWarning()
    {
        Tree tree;
        QVERIFY(tree.mkdir(QStringLiteral("repo/.git")));
        const QByteArray small = "SMALL-FILE keep it whole\n";
        const QByteArray big = numberedLines("BIG", 400);      // about 13 KB
        const QByteArray memory = numberedLines("MEM", 200);   // about 6.6 KB
        QVERIFY(tree.write(QStringLiteral("repo/AGENTS.md"), small));
        QVERIFY(tree.write(QStringLiteral("repo/pkg/AGENTS.md"), big));
        QVERIFY(tree.write(QStringLiteral("memories/AGENTS.md"), memory));
        const auto fs = tree.filesystem(QStringLiteral("repo"));
        const qint64 budget = 4000;
        const AgentInstructions instructions = loadAgentInstructions(fs.get(), tree.path(QStringLiteral("repo")),
                                                                     tree.path(QStringLiteral("repo/pkg")), budget);

        QCOMPARE(instructions.sources.size(), 3);
        qint64 shown = 0;
        for (const AgentInstructionsSource &source : instructions.sources)
            shown += source.shownBytes;
        QVERIFY2(shown <= budget, qPrintable(QString::number(shown)));
        // The small file fits whole; the two long ones share what is left.
        QCOMPARE(instructions.sources.at(1).label, tree.path(QStringLiteral("repo/AGENTS.md")));
        QCOMPARE(instructions.sources.at(1).shownBytes, qint64(small.size()));
        QCOMPARE(instructions.sources.at(0).bytes, qint64(memory.size()));
        QCOMPARE(instructions.sources.at(2).bytes, qint64(big.size()));
        QVERIFY(instructions.sources.at(0).shownBytes < memory.size());
        QVERIFY(instructions.sources.at(2).shownBytes < big.size());
        QVERIFY(instructions.sources.at(0).shownBytes > 1000);
        QVERIFY(instructions.sources.at(2).shownBytes > 1000);

        // The text holds whole lines of the beginning of each cut file, then says where it was
        // cut and how to read on.
        const QString &text = instructions.text;
        const qint64 bigShown = instructions.sources.at(2).shownBytes;
        const QByteArray bigPart = big.left(bigShown);
        QVERIFY(bigPart.endsWith('\n'));
        QVERIFY(text.contains(QString::fromUtf8(bigPart)));
        const qsizetype bigLines = bigPart.count('\n');
        QVERIFY(!text.contains(QStringLiteral("BIG rule %1 ").arg(bigLines + 1)));
        const QString bigNote = QStringLiteral("Read the rest with read_file with path \"pkg/AGENTS.md\" and offset %1.").arg(bigLines + 1);
        QVERIFY2(text.contains(bigNote), qPrintable(text.right(600)));
        QVERIFY(text.contains(QStringLiteral("its first %1 lines (%2 of %3 bytes)")
                                  .arg(QString::number(bigLines), QString::number(bigShown), QString::number(big.size()))));
        const qsizetype memoryLines = memory.left(instructions.sources.at(0).shownBytes).count('\n');
        QVERIFY(text.contains(QStringLiteral("Read the rest with read_file with path \"/memories/AGENTS.md\" and offset %1.").arg(memoryLines + 1)));

        QCOMPARE(instructions.warnings.size(), 1);
        const Error &warning = instructions.warnings.constFirst();
        QCOMPARE(warning.code, QStringLiteral("memory.agents-md-over-budget"));
        QVERIFY2(warning.message.contains(tree.path(QStringLiteral("repo/pkg/AGENTS.md"))), qPrintable(warning.message));
        QVERIFY(warning.message.contains(QStringLiteral("/memories/AGENTS.md")));
        QVERIFY(!warning.message.contains(tree.path(QStringLiteral("repo/AGENTS.md")) + QStringLiteral(" (")));
        QVERIFY(warning.message.contains(QStringLiteral("%1 of %2 bytes").arg(QString::number(bigShown), QString::number(big.size()))));
        QVERIFY(warning.message.contains(QString::number(budget)));
    }

    void aCutFileOutsideTheWorkspaceSaysHowToReadItAnyway()
    {
        Tree tree;
        QVERIFY(tree.mkdir(QStringLiteral("repo/.git")));
        QVERIFY(tree.write(QStringLiteral("repo/AGENTS.md"), numberedLines("OUT", 100)));
        QVERIFY(tree.mkdir(QStringLiteral("repo/ws")));
        const AgentInstructions instructions = loadAgentInstructions(nullptr, tree.path(QStringLiteral("repo/ws")),
                                                                     tree.path(QStringLiteral("repo/ws")), 500);
        QCOMPARE(instructions.sources.size(), 1);
        const qsizetype lines = numberedLines("OUT", 100).left(instructions.sources.constFirst().shownBytes).count('\n');
        QVERIFY2(instructions.text.contains(QStringLiteral("tail -n +%1 '%2'").arg(QString::number(lines + 1), tree.path(QStringLiteral("repo/AGENTS.md")))),
                 qPrintable(instructions.text));
        QCOMPARE(instructions.warnings.size(), 1);
    }

    void aBinaryFileIsLeftOutWithAWarningAndTheOthersLoad()
    {
        Tree tree;
        QVERIFY(tree.write(QStringLiteral("ws/AGENTS.md"), QByteArray("\x7f" "ELF\x02\x01\x01\x00\x00\x00 binary", 17)));
        QVERIFY(tree.write(QStringLiteral("ws/sub/AGENTS.md"), "SUB-RULES\n"));
        QVERIFY(tree.write(QStringLiteral("memories/AGENTS.md"), "bad \xff\xfe utf-8\n"));
        const auto fs = tree.filesystem(QStringLiteral("ws"));
        const AgentInstructions instructions = loadAgentInstructions(fs.get(), tree.path(QStringLiteral("ws")),
                                                                     tree.path(QStringLiteral("ws/sub")), 32768);
        QCOMPARE(labels(instructions), QStringList{tree.path(QStringLiteral("ws/sub/AGENTS.md"))});
        QVERIFY(instructions.text.contains(QStringLiteral("SUB-RULES")));
        QCOMPARE(instructions.warnings.size(), 2);
        QCOMPARE(instructions.warnings.at(0).code, QStringLiteral("memory.agents-md-binary"));
        QCOMPARE(instructions.warnings.at(0).location, QStringLiteral("/memories/AGENTS.md"));
        QCOMPARE(instructions.warnings.at(1).code, QStringLiteral("memory.agents-md-binary"));
        QCOMPARE(instructions.warnings.at(1).location, tree.path(QStringLiteral("ws/AGENTS.md")));
        QVERIFY(instructions.warnings.at(1).message.contains(tree.path(QStringLiteral("ws/AGENTS.md"))));
    }

    void anUnreadableFileIsReportedAndTheOthersLoad()
    {
        Tree tree;
        // A folder named AGENTS.md cannot be read as a file, whoever runs the test (root reads
        // files whatever their mode).
        QVERIFY(tree.mkdir(QStringLiteral("ws/AGENTS.md")));
        QVERIFY(tree.write(QStringLiteral("ws/sub/AGENTS.md"), "SUB-RULES\n"));
        const auto fs = tree.filesystem(QStringLiteral("ws"));
        const AgentInstructions instructions = loadAgentInstructions(fs.get(), tree.path(QStringLiteral("ws")),
                                                                     tree.path(QStringLiteral("ws/sub")), 32768);
        QCOMPARE(labels(instructions), QStringList{tree.path(QStringLiteral("ws/sub/AGENTS.md"))});
        QCOMPARE(instructions.warnings.size(), 1);
        QCOMPARE(instructions.warnings.constFirst().code, QStringLiteral("memory.agents-md-unreadable"));
        QVERIFY(instructions.warnings.constFirst().message.contains(tree.path(QStringLiteral("ws/AGENTS.md"))));

#if defined(Q_OS_UNIX)
        // Windows does not enforce the mode bits QFile::setPermissions() clears.
        if (::geteuid() != 0) {
            const QString locked = tree.path(QStringLiteral("ws/sub/AGENTS.md"));
            QVERIFY(QFile::setPermissions(locked, QFileDevice::Permissions()));
            const AgentInstructions again = loadAgentInstructions(fs.get(), tree.path(QStringLiteral("ws")),
                                                                  tree.path(QStringLiteral("ws/sub")), 32768);
            QFile::setPermissions(locked, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
            QVERIFY(again.sources.isEmpty());
            QCOMPARE(again.warnings.size(), 2);
            QCOMPARE(again.warnings.at(1).code, QStringLiteral("memory.agents-md-unreadable"));
            QCOMPARE(again.warnings.at(1).location, locked);
        }
#endif
    }

    void aByteOrderMarkAndEmptyFilesAreNotInstructions()
    {
        Tree tree;
        QVERIFY(tree.write(QStringLiteral("ws/AGENTS.md"), "\xef\xbb\xbfWITH-BOM\n"));
        QVERIFY(tree.write(QStringLiteral("ws/sub/AGENTS.md"), "  \n\n"));
        const AgentInstructions instructions = loadAgentInstructions(nullptr, tree.path(QStringLiteral("ws")),
                                                                     tree.path(QStringLiteral("ws/sub")), 32768);
        QCOMPARE(labels(instructions), QStringList{tree.path(QStringLiteral("ws/AGENTS.md"))});
        QVERIFY(instructions.text.contains(QStringLiteral("\n\nWITH-BOM\n")));
        QVERIFY(!instructions.text.contains(QChar(0xfeff)));
        QCOMPARE(instructions.sources.constFirst().bytes, instructions.sources.constFirst().shownBytes);
        QVERIFY(instructions.warnings.isEmpty());
    }
};

VALIS_TEST_MAIN(TestAgentInstructions)
#include "tst_agentinstructions.moc"
