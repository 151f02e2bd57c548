// IgnoreRules: git's .gitignore semantics (anchoring, folders only, negation, **, classes,
// escapes, nested .gitignore files), the default rules, and loading through the AgentFilesystem.
#include "ignorerules.h"
#include "testsupport.h"

#include "valis/filesystem/agentfilesystem.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace valis;
using valis::tools::IgnoreRules;

class TestIgnoreRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void globs_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("matches");
        QTest::newRow("star") << QStringLiteral("*.log") << QStringLiteral("app.log") << true;
        QTest::newRow("star stops at slash") << QStringLiteral("a/*.log") << QStringLiteral("a/b/app.log") << false;
        QTest::newRow("question") << QStringLiteral("file?.txt") << QStringLiteral("file1.txt") << true;
        QTest::newRow("question not slash") << QStringLiteral("a?b") << QStringLiteral("a/b") << false;
        QTest::newRow("class") << QStringLiteral("[abc].txt") << QStringLiteral("b.txt") << true;
        QTest::newRow("class range") << QStringLiteral("v[0-9]") << QStringLiteral("v7") << true;
        QTest::newRow("negated class") << QStringLiteral("v[!0-9]") << QStringLiteral("v7") << false;
        QTest::newRow("unclosed class is literal") << QStringLiteral("[x") << QStringLiteral("[x") << true;
        QTest::newRow("double star prefix") << QStringLiteral("**/cache") << QStringLiteral("a/b/cache") << true;
        QTest::newRow("double star prefix at root") << QStringLiteral("**/cache") << QStringLiteral("cache") << true;
        QTest::newRow("double star suffix") << QStringLiteral("logs/**") << QStringLiteral("logs/2024/x.txt") << true;
        QTest::newRow("double star middle") << QStringLiteral("a/**/z") << QStringLiteral("a/z") << true;
        QTest::newRow("double star middle deep") << QStringLiteral("a/**/z") << QStringLiteral("a/b/c/z") << true;
        QTest::newRow("double star middle other") << QStringLiteral("a/**/z") << QStringLiteral("b/c/z") << false;
        QTest::newRow("escape") << QStringLiteral("\\*literal") << QStringLiteral("*literal") << true;
        QTest::newRow("escape not wild") << QStringLiteral("\\*literal") << QStringLiteral("xliteral") << false;
        // Runs of stars as `git check-ignore` reads them: a whole-component run is "**", any
        // other run a single '*' that stops at '/'.
        QTest::newRow("inner double star is one star") << QStringLiteral("a**b") << QStringLiteral("axyb") << true;
        QTest::newRow("inner double star stops at slash") << QStringLiteral("a**b") << QStringLiteral("a/x/b") << false;
        QTest::newRow("triple star prefix") << QStringLiteral("***/deep") << QStringLiteral("foo/deep") << true;
        QTest::newRow("triple star after a name") << QStringLiteral("x***/y") << QStringLiteral("xz/y") << true;
        QTest::newRow("triple star suffix") << QStringLiteral("q/***") << QStringLiteral("q/r/s") << true;
        // fuzz/regressions/ignorerules/many-stars: matching backtracked exponentially and hung.
        QTest::newRow("many stars, no match") << QString(QStringLiteral("a*").repeated(40) + QStringLiteral("x"))
                                              << QString(QLatin1Char('a')).repeated(80) << false;
        QTest::newRow("many stars, match") << QString(QStringLiteral("a*").repeated(40) + QStringLiteral("x"))
                                           << QString(QString(QLatin1Char('a')).repeated(80) + QLatin1Char('x')) << true;
    }

    void globs()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, path);
        QFETCH(bool, matches);
        QCOMPARE(IgnoreRules::globMatch(pattern, path), matches);
    }

    void gitignoreSemantics_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("isDirectory");
        QTest::addColumn<bool>("ignored");
        QTest::newRow("name anywhere") << QStringLiteral("deep/down/debug.log") << false << true;
        QTest::newRow("negated") << QStringLiteral("keep.log") << false << false;
        QTest::newRow("anchored at root") << QStringLiteral("todo.txt") << false << true;
        QTest::newRow("anchored not below") << QStringLiteral("sub/todo.txt") << false << false;
        QTest::newRow("inner slash anchors") << QStringLiteral("docs/a.md") << false << true;
        QTest::newRow("inner slash one level") << QStringLiteral("docs/sub/a.md") << false << false;
        QTest::newRow("folder only: folder") << QStringLiteral("src/tmp") << true << true;
        QTest::newRow("folder only: file") << QStringLiteral("src/tmp") << false << false;
        QTest::newRow("inside an ignored folder") << QStringLiteral("src/tmp/x/y.c") << false << true;
        QTest::newRow("comment is no rule") << QStringLiteral("# not a rule") << false << false;
        QTest::newRow("escaped hash") << QStringLiteral("#hash") << false << true;
        QTest::newRow("trailing spaces dropped") << QStringLiteral("spaced") << false << true;
        QTest::newRow("default .git") << QStringLiteral(".git") << true << true;
        QTest::newRow("default node_modules deep") << QStringLiteral("web/node_modules") << true << true;
        QTest::newRow("default build at root") << QStringLiteral("build-release") << true << true;
        QTest::newRow("build below root is source") << QStringLiteral("tools/build") << true << false;
        QTest::newRow("re-included default") << QStringLiteral("dist") << true << false;
        QTest::newRow("plain file") << QStringLiteral("src/main.cpp") << false << false;
    }

    void gitignoreSemantics()
    {
        QFETCH(QString, path);
        QFETCH(bool, isDirectory);
        QFETCH(bool, ignored);
        IgnoreRules rules;
        rules.addDefaults();
        rules.addGitignore("# comment\r\n*.log\n!keep.log\n/todo.txt\ndocs/*.md\ntmp/\n\\#hash\nspaced   \n!/dist/\n\n");
        QCOMPARE(rules.ignored(path, isDirectory), ignored);
    }

    void parentsAndNestedFiles()
    {
        IgnoreRules rules;
        rules.addPatterns({QStringLiteral("secret/")});
        rules.addGitignore("*.tmp\n/only-here\n", QStringLiteral("sub"));
        QVERIFY(rules.ignored(QStringLiteral("secret/a/b.txt"), false));
        // matches() looks at the entry alone, for walkers that already pruned the parents.
        QVERIFY(!rules.matches(QStringLiteral("secret/a/b.txt"), false));
        QVERIFY(rules.ignored(QStringLiteral("sub/a.tmp"), false));
        QVERIFY(rules.ignored(QStringLiteral("sub/x/a.tmp"), false));
        QVERIFY(!rules.ignored(QStringLiteral("a.tmp"), false));
        QVERIFY(!rules.ignored(QStringLiteral("subway/a.tmp"), false));
        QVERIFY(rules.ignored(QStringLiteral("sub/only-here"), false));
        QVERIFY(!rules.ignored(QStringLiteral("sub/deeper/only-here"), false));
        QVERIFY(!rules.ignored(QStringLiteral("."), true));
        QVERIFY(!IgnoreRules().ignored(QStringLiteral(".git"), true));
    }

    void loadsThroughTheAgentFilesystem()
    {
        QTemporaryDir workspace;
        QVERIFY(test::writeFile(workspace.filePath(QStringLiteral(".gitignore")), "*.o\n"));
        QVERIFY(test::writeFile(workspace.filePath(QStringLiteral(".ignore")), "fixtures/\n"));
        QVERIFY(test::writeFile(workspace.filePath(QStringLiteral(".git/info/exclude")), "local.txt\n"));
        AgentFilesystem fs(workspace.path());
        const IgnoreRules rules = IgnoreRules::load(fs);
        QVERIFY(rules.ignored(QStringLiteral("src/a.o"), false));
        QVERIFY(rules.ignored(QStringLiteral("tests/fixtures"), true));
        QVERIFY(rules.ignored(QStringLiteral("local.txt"), false));
        QVERIFY(rules.ignored(QStringLiteral("node_modules"), true));
        QVERIFY(!rules.ignored(QStringLiteral("src/a.c"), false));
        QCOMPARE(rules.size(), IgnoreRules::defaultPatterns().size() + 3);
    }
};

VALIS_TEST_MAIN(TestIgnoreRules)
#include "tst_ignorerules.moc"
