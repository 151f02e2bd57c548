// apply_patch on a real temporary workspace: multi-file diffs (changes, new files, deletions,
// renames) applied all or nothing, hunks found near their header, every failure reported with
// the hunk and the lines it expected, and nothing written when any part does not apply.
#include "filesystemtoolfixture.h"
#include "testsupport.h"
#include "toolcallhelpers.h"

#include <QFileInfo>
#include <QJsonObject>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

QString diff(const QStringList &lines)
{
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QJsonObject patchArguments(const QString &patch)
{
    return {{QStringLiteral("patch"), patch}};
}

QByteArray numbered(int from, int to)
{
    QByteArray text;
    for (int i = from; i <= to; ++i)
        text += "line " + QByteArray::number(i) + '\n';
    return text;
}

} // namespace

class TestApplyPatch : public QObject
{
    Q_OBJECT

    std::unique_ptr<FilesystemToolFixture> m_fx;

    ToolCallOutcome apply(const QString &patch) const { return m_fx->call(QStringLiteral("apply_patch"), patchArguments(patch)); }

private Q_SLOTS:
    void init()
    {
        m_fx = std::make_unique<FilesystemToolFixture>();
        QVERIFY(m_fx->isValid());
    }
    void cleanup() { m_fx.reset(); }

    void changesCreatesAndDeletesInOnePatch()
    {
        QVERIFY(m_fx->put(QStringLiteral("src/a.txt"), numbered(1, 20)));
        QVERIFY(m_fx->put(QStringLiteral("old.txt"), "gone\nsoon\n"));
        const QString patch = diff({
            QStringLiteral("--- a/src/a.txt"),
            QStringLiteral("+++ b/src/a.txt"),
            QStringLiteral("@@ -2,3 +2,3 @@"),
            QStringLiteral(" line 2"),
            QStringLiteral("-line 3"),
            QStringLiteral("+LINE THREE"),
            QStringLiteral(" line 4"),
            QStringLiteral("@@ -17,3 +17,4 @@"),
            QStringLiteral(" line 17"),
            QStringLiteral(" line 18"),
            QStringLiteral("+line 18.5"),
            QStringLiteral(" line 19"),
            QStringLiteral("--- /dev/null"),
            QStringLiteral("+++ b/src/new/b.txt"),
            QStringLiteral("@@ -0,0 +1,2 @@"),
            QStringLiteral("+hello"),
            QStringLiteral("+world"),
            QStringLiteral("--- a/old.txt"),
            QStringLiteral("+++ /dev/null"),
            QStringLiteral("@@ -1,2 +0,0 @@"),
            QStringLiteral("-gone"),
            QStringLiteral("-soon"),
        });
        const ToolCallOutcome outcome = apply(patch);
        CALL_OK(outcome);
        QCOMPARE(outcome.text(), diff({QStringLiteral("Applied the patch to 3 files:"), QStringLiteral("  M src/a.txt: 2 hunks, +2 -1"),
                                       QStringLiteral("  A src/new/b.txt: 2 lines"), QStringLiteral("  D old.txt")})
                                     .chopped(1));
        QByteArray expected = numbered(1, 20);
        expected.replace("line 3\n", "LINE THREE\n").replace("line 18\n", "line 18\nline 18.5\n");
        QCOMPARE(m_fx->bytes(QStringLiteral("src/a.txt")), expected);
        QCOMPARE(m_fx->bytes(QStringLiteral("src/new/b.txt")), QByteArray("hello\nworld\n"));
        QVERIFY(!QFileInfo::exists(m_fx->path(QStringLiteral("old.txt"))));
    }

    void oneBadHunkChangesNothing()
    {
        QVERIFY(m_fx->put(QStringLiteral("first.txt"), numbered(1, 10)));
        QVERIFY(m_fx->put(QStringLiteral("second.txt"), numbered(1, 10)));
        QVERIFY(m_fx->put(QStringLiteral("doomed.txt"), "x\n"));
        const QMap<QString, QByteArray> before = m_fx->snapshot();
        const QString patch = diff({
            QStringLiteral("--- a/first.txt"),
            QStringLiteral("+++ b/first.txt"),
            QStringLiteral("@@ -1,2 +1,2 @@"),
            QStringLiteral("-line 1"),
            QStringLiteral("+line one"),
            QStringLiteral(" line 2"),
            QStringLiteral("--- a/second.txt"),
            QStringLiteral("+++ b/second.txt"),
            QStringLiteral("@@ -1,2 +1,2 @@"),
            QStringLiteral(" line 1"),
            QStringLiteral("-line 2"),
            QStringLiteral("+line two"),
            QStringLiteral("@@ -5,3 +5,3 @@"),
            QStringLiteral(" line 5"),
            QStringLiteral("-line six"),
            QStringLiteral("+line 6!"),
            QStringLiteral(" line 7"),
            QStringLiteral("--- /dev/null"),
            QStringLiteral("+++ b/created.txt"),
            QStringLiteral("@@ -0,0 +1 @@"),
            QStringLiteral("+new"),
            QStringLiteral("--- a/doomed.txt"),
            QStringLiteral("+++ /dev/null"),
            QStringLiteral("@@ -1 +0,0 @@"),
            QStringLiteral("-x"),
        });
        const ToolCallOutcome outcome = apply(patch);
        CALL_FAILS(outcome);
        QCOMPARE(outcome.text(),
                 diff({QStringLiteral("The patch was not applied; no file was changed."), QString(),
                       QStringLiteral("\"second.txt\": hunk 2 of 2 (@@ -5,3 +5,3 @@) does not apply: its context and removed lines are not in the file."),
                       QStringLiteral("The hunk expects these lines (context and removed lines) at line 5:"),
                       QStringLiteral(" line 5"), QStringLiteral("-line six"), QStringLiteral(" line 7"),
                       QStringLiteral("The closest text in the file, lines 5-7 (2 of 3 lines equal):"),
                       QStringLiteral("     5\tline 5"), QStringLiteral("     6\tline 6    <- differs"), QStringLiteral("     7\tline 7")})
                     .chopped(1));
        QCOMPARE(m_fx->snapshot(), before);
    }

    void hunksAreFoundAwayFromTheirHeader()
    {
        QVERIFY(m_fx->put(QStringLiteral("shifted.txt"), numbered(1, 30)));
        // The header says line 5, the lines are at 8; the second hunk follows the same shift.
        const ToolCallOutcome outcome = apply(diff({
            QStringLiteral("--- shifted.txt"),
            QStringLiteral("+++ shifted.txt"),
            QStringLiteral("@@ -5,3 +5,3 @@"),
            QStringLiteral(" line 8"),
            QStringLiteral("-line 9"),
            QStringLiteral("+line nine"),
            QStringLiteral(" line 10"),
            QStringLiteral("@@ -17,2 +17,2 @@"),
            QStringLiteral(" line 20"),
            QStringLiteral("-line 21"),
            QStringLiteral("+line twenty-one"),
        }));
        CALL_OK(outcome);
        QVERIFY2(outcome.text().contains(QStringLiteral("\"shifted.txt\": hunk 1 applied at line 8, 3 lines later than its header says.")),
                 qPrintable(outcome.text()));
        QVERIFY2(!outcome.text().contains(QStringLiteral("hunk 2 applied")), qPrintable(outcome.text()));
        QByteArray expected = numbered(1, 30);
        expected.replace("line 9\n", "line nine\n").replace("line 21\n", "line twenty-one\n");
        QCOMPARE(m_fx->bytes(QStringLiteral("shifted.txt")), expected);
    }

    void sloppyDiffsStillApply()
    {
        // Counts that do not add up, a blank context line without its space, no a/ b/ prefixes,
        // trailing spaces the file does not have, prose around the diff.
        QVERIFY(m_fx->put(QStringLiteral("code.py"), "def f():\n    x = 1\n\n    return x\n"));
        const ToolCallOutcome outcome = apply(diff({
            QStringLiteral("Here is the change:"),
            QStringLiteral("--- code.py"),
            QStringLiteral("+++ code.py"),
            QStringLiteral("@@ -1,3 +1,3 @@"),
            QStringLiteral(" def f():  "),
            QStringLiteral("-    x = 1"),
            QStringLiteral("+    x = 2"),
            QString(),
            QStringLiteral("     return x"),
        }));
        CALL_OK(outcome);
        QVERIFY2(outcome.text().contains(QStringLiteral("hunk 1 matched only with trailing whitespace ignored")), qPrintable(outcome.text()));
        QCOMPARE(m_fx->bytes(QStringLiteral("code.py")), QByteArray("def f():\n    x = 2\n\n    return x\n"));
    }

    void gitRenamesAndNewlineMarkers()
    {
        QVERIFY(m_fx->put(QStringLiteral("lib/old_name.c"), "int a;\nint b;\n"));
        QVERIFY(m_fx->put(QStringLiteral("tail.txt"), "end"));
        const ToolCallOutcome outcome = apply(diff({
            QStringLiteral("diff --git a/lib/old_name.c b/lib/new_name.c"),
            QStringLiteral("similarity index 80%"),
            QStringLiteral("rename from lib/old_name.c"),
            QStringLiteral("rename to lib/new_name.c"),
            QStringLiteral("index 1234567..89abcde 100644"),
            QStringLiteral("--- a/lib/old_name.c"),
            QStringLiteral("+++ b/lib/new_name.c"),
            QStringLiteral("@@ -1,2 +1,2 @@"),
            QStringLiteral(" int a;"),
            QStringLiteral("-int b;"),
            QStringLiteral("+long b;"),
            QStringLiteral("diff --git a/tail.txt b/tail.txt"),
            QStringLiteral("--- a/tail.txt"),
            QStringLiteral("+++ b/tail.txt"),
            QStringLiteral("@@ -1 +1,2 @@"),
            QStringLiteral("-end"),
            QStringLiteral("\\ No newline at end of file"),
            QStringLiteral("+end"),
            QStringLiteral("+more"),
        }));
        CALL_OK(outcome);
        QVERIFY2(outcome.text().contains(QStringLiteral("  R lib/old_name.c -> lib/new_name.c: 1 hunk, +1 -1")), qPrintable(outcome.text()));
        QVERIFY(!QFileInfo::exists(m_fx->path(QStringLiteral("lib/old_name.c"))));
        QCOMPARE(m_fx->bytes(QStringLiteral("lib/new_name.c")), QByteArray("int a;\nlong b;\n"));
        QCOMPARE(m_fx->bytes(QStringLiteral("tail.txt")), QByteArray("end\nmore\n"));

        // And the other way: the new side ends without a newline.
        const ToolCallOutcome chop = apply(diff({
            QStringLiteral("--- a/tail.txt"),
            QStringLiteral("+++ b/tail.txt"),
            QStringLiteral("@@ -1,2 +1,2 @@"),
            QStringLiteral(" end"),
            QStringLiteral("-more"),
            QStringLiteral("+last"),
            QStringLiteral("\\ No newline at end of file"),
        }));
        CALL_OK(chop);
        QCOMPARE(m_fx->bytes(QStringLiteral("tail.txt")), QByteArray("end\nlast"));
    }

    void crlfFilesStayCrlf()
    {
        QVERIFY(m_fx->put(QStringLiteral("win.ini"), "[a]\r\nx=1\r\ny=2\r\n"));
        const ToolCallOutcome outcome = apply(diff({QStringLiteral("--- a/win.ini"), QStringLiteral("+++ b/win.ini"), QStringLiteral("@@ -1,3 +1,3 @@"),
                                                    QStringLiteral(" [a]"), QStringLiteral("-x=1"), QStringLiteral("+x=3"), QStringLiteral(" y=2")}));
        CALL_OK(outcome);
        QCOMPARE(m_fx->bytes(QStringLiteral("win.ini")), QByteArray("[a]\r\nx=3\r\ny=2\r\n"));
    }

    void unreadablePatchesAreExplained_data()
    {
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("message");
        QTest::newRow("codex format") << diff({QStringLiteral("*** Begin Patch"), QStringLiteral("*** Update File: a.txt"), QStringLiteral("*** End Patch")})
                                      << QStringLiteral("This is the \"*** Begin Patch\" format; apply_patch takes a unified diff instead");
        QTest::newRow("no headers") << QStringLiteral("just some words\n") << QStringLiteral("No file changes were found.");
        QTest::newRow("hunk first") << diff({QStringLiteral("@@ -1 +1 @@"), QStringLiteral("-a"), QStringLiteral("+b")})
                                    << QStringLiteral("line 1 of the patch: a hunk (@@ -1 +1 @@) comes before any");
        QTest::newRow("no hunks") << diff({QStringLiteral("--- a/x.txt"), QStringLiteral("+++ b/x.txt")})
                                  << QStringLiteral("The section for \"x.txt\" has no hunks");
        QTest::newRow("binary") << diff({QStringLiteral("diff --git a/i.png b/i.png"), QStringLiteral("Binary files a/i.png and b/i.png differ")})
                                << QStringLiteral("binary diffs cannot be applied");
        QTest::newRow("new file with context") << diff({QStringLiteral("--- /dev/null"), QStringLiteral("+++ b/n.txt"), QStringLiteral("@@ -0,0 +1,2 @@"),
                                                        QStringLiteral(" ctx"), QStringLiteral("+new")})
                                               << QStringLiteral("every line of a new file starts with '+'");
        // fuzz/regressions/unifieddiff: headers that name no file made a diff that touched nothing.
        QTest::newRow("nameless +++") << diff({QStringLiteral("--- /dev/null"), QStringLiteral("+++ "), QStringLiteral("@@ -0,0 +1 @@"),
                                               QStringLiteral("+new")})
                                      << QStringLiteral("the \"+++\" line names no file");
        QTest::newRow("nameless ---") << diff({QStringLiteral("--- a/"), QStringLiteral("+++ b/x.txt"), QStringLiteral("@@ -1 +1 @@"),
                                               QStringLiteral("-x"), QStringLiteral("+y")})
                                      << QStringLiteral("the \"---\" line names no file");
        QTest::newRow("nameless git new file") << diff({QStringLiteral("diff --git a/n.txt b?n.txt"), QStringLiteral("new file mode 100644")})
                                               << QStringLiteral("names none");
    }

    void unreadablePatchesAreExplained()
    {
        QFETCH(QString, patch);
        QFETCH(QString, message);
        QVERIFY(m_fx->put(QStringLiteral("x.txt"), "x\n"));
        const QMap<QString, QByteArray> before = m_fx->snapshot();
        const ToolCallOutcome outcome = apply(patch);
        CALL_FAILS(outcome);
        QVERIFY2(outcome.text().startsWith(QStringLiteral("The patch cannot be read, so nothing was changed: ")), qPrintable(outcome.text()));
        QVERIFY2(outcome.text().contains(message), qPrintable(outcome.text()));
        QCOMPARE(m_fx->snapshot(), before);
    }

    void conflictsWithTheWorkspaceAreReported_data()
    {
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("message");
        QTest::newRow("create existing") << diff({QStringLiteral("--- /dev/null"), QStringLiteral("+++ b/exists.txt"), QStringLiteral("@@ -0,0 +1 @@"),
                                                  QStringLiteral("+x")})
                                         << QStringLiteral("\"exists.txt\" already exists, but the patch creates it (--- /dev/null).");
        QTest::newRow("change missing") << diff({QStringLiteral("--- a/missing.txt"), QStringLiteral("+++ b/missing.txt"), QStringLiteral("@@ -1 +1 @@"),
                                                 QStringLiteral("-a"), QStringLiteral("+b")})
                                        << QStringLiteral("\"missing.txt\" does not exist, so the patch cannot change it.");
        QTest::newRow("partial deletion") << diff({QStringLiteral("--- a/exists.txt"), QStringLiteral("+++ /dev/null"), QStringLiteral("@@ -1 +0,0 @@"),
                                                   QStringLiteral("-one")})
                                          << QStringLiteral("The patch deletes \"exists.txt\" (+++ /dev/null), but its hunks leave 1 line of it");
        QTest::newRow("overlapping hunks") << diff({QStringLiteral("--- a/exists.txt"), QStringLiteral("+++ b/exists.txt"), QStringLiteral("@@ -2 +2 @@"),
                                                    QStringLiteral("-two"), QStringLiteral("+2"), QStringLiteral("@@ -1 +1 @@"), QStringLiteral("-one"),
                                                    QStringLiteral("+1")})
                                           << QStringLiteral("hunk 2 of 2 (@@ -1 +1 @@) does not apply: its lines are only at line 1, which overlaps or "
                                                             "comes before hunk 1");
        QTest::newRow("outside") << diff({QStringLiteral("--- a/../outside/secret.txt"), QStringLiteral("+++ b/../outside/secret.txt"),
                                          QStringLiteral("@@ -1 +1 @@"), QStringLiteral("-the secret"), QStringLiteral("+leaked")})
                                 << QStringLiteral("The path \"../outside/secret.txt\" climbs above the root of the workspace");
        QTest::newRow("absolute outside") << diff({QStringLiteral("--- /dev/null"), QStringLiteral("+++ /tmp/valis-patch-escape.txt"),
                                                   QStringLiteral("@@ -0,0 +1 @@"), QStringLiteral("+x")})
                                          << QStringLiteral("The path \"/tmp/valis-patch-escape.txt\" is outside the workspace.");
    }

    void conflictsWithTheWorkspaceAreReported()
    {
        QFETCH(QString, patch);
        QFETCH(QString, message);
        QVERIFY(m_fx->put(QStringLiteral("exists.txt"), "one\ntwo\n"));
        const QMap<QString, QByteArray> before = m_fx->snapshot();
        const ToolCallOutcome outcome = apply(patch);
        CALL_FAILS(outcome);
        QVERIFY2(outcome.text().startsWith(QStringLiteral("The patch was not applied; no file was changed.")), qPrintable(outcome.text()));
        QVERIFY2(outcome.text().contains(message), qPrintable(outcome.text()));
        QCOMPARE(m_fx->snapshot(), before);
        QVERIFY(!QFileInfo::exists(QStringLiteral("/tmp/valis-patch-escape.txt")));
    }

    void aFailedWriteIsRolledBack()
    {
        QVERIFY(m_fx->put(QStringLiteral("kept.txt"), "before\n"));
        QVERIFY(m_fx->put(QStringLiteral("blocker"), "a file where the patch wants a folder\n"));
        const QMap<QString, QByteArray> before = m_fx->snapshot();
        // Checks pass (blocker/new.txt does not exist); the write of the new file then fails.
        const ToolCallOutcome outcome = apply(diff({QStringLiteral("--- a/kept.txt"), QStringLiteral("+++ b/kept.txt"), QStringLiteral("@@ -1 +1 @@"),
                                                    QStringLiteral("-before"), QStringLiteral("+after"), QStringLiteral("--- /dev/null"),
                                                    QStringLiteral("+++ b/blocker/new.txt"), QStringLiteral("@@ -0,0 +1 @@"), QStringLiteral("+x")}));
        CALL_FAILS(outcome);
        QVERIFY2(outcome.text().startsWith(QStringLiteral("The patch could not be written: \"blocker/new.txt\" cannot be written")), qPrintable(outcome.text()));
        QVERIFY2(outcome.text().contains(QStringLiteral("The files already written were put back as they were: kept.txt.")), qPrintable(outcome.text()));
        QCOMPARE(m_fx->snapshot(), before);
    }
};

VALIS_TEST_MAIN(TestApplyPatch)
#include "tst_applypatch.moc"
