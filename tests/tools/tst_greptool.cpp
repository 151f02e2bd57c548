// The filesystem plugin's grep tool on real temporary workspaces, called through a
// ThreadedToolProvider exactly as the agent calls it: each behaviour with ripgrep and with the
// built-in engine, both engines' output byte for byte, and cancelling a running ripgrep.
#include "searchcorpus.h"
#include "searchtoolfixture.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#ifdef Q_OS_LINUX
#include <unistd.h>
#endif

using namespace valis;
using namespace valis::test;

namespace {

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

class TestGrepTool : public SearchToolTestCase
{
    Q_OBJECT

private Q_SLOTS:
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
};

VALIS_TEST_MAIN(TestGrepTool)
#include "tst_greptool.moc"
