// The skills tools: SKILL.md frontmatter, discovery in the agent's folder and the workspace, the
// system prompt section, load_skill, and the plugin loaded by a real PluginManager.
#include "skillfrontmatter.h"
#include "skillstoolprovider.h"
#include "testsupport.h"
#include "toolcallhelpers.h"

#include "valis/filesystem/agentfilesystem.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>

#include <memory>

using namespace valis;
using namespace valis::test;
using namespace valis::tools;

namespace {

QByteArray skillText(const QString &name, const QString &description, const QString &body, const QString &extra = {})
{
    return (QStringLiteral("---\nname: %1\ndescription: %2\n").arg(name, description) + extra + QStringLiteral("---\n") + body)
        .toUtf8();
}

QJsonObject loadArguments(const QString &name, const QString &file = {})
{
    QJsonObject arguments{{QStringLiteral("name"), name}};
    if (!file.isEmpty())
        arguments.insert(QStringLiteral("file"), file);
    return arguments;
}

} // namespace

class TestSkillsTools : public QObject
{
    Q_OBJECT

    std::unique_ptr<TemporaryHome> m_home;
    std::unique_ptr<QTemporaryDir> m_workspace;
    std::unique_ptr<AgentFilesystem> m_filesystem;

    DataLocations locations() const { return DataLocations::underHome(m_home->path()); }
    QString agentSkills() const { return locations().agentSkillsDir(QStringLiteral("default")); }
    QString workspaceSkills() const { return m_workspace->filePath(QStringLiteral(".valis/skills")); }

    ToolContext context(bool withFilesystem = true) const
    {
        ToolContext c;
        c.sessionId = QStringLiteral("s-1");
        c.callId = QStringLiteral("call-1");
        c.agentId = QStringLiteral("default");
        c.workingDirectory = m_workspace->path();
        if (withFilesystem)
            c.filesystem = m_filesystem.get();
        return c;
    }

private Q_SLOTS:
    void init()
    {
        m_home = std::make_unique<TemporaryHome>();
        m_workspace = std::make_unique<QTemporaryDir>();
        QVERIFY(m_workspace->isValid());
        m_filesystem = std::make_unique<AgentFilesystem>(QDir(m_workspace->path()).canonicalPath());
    }

    void cleanup()
    {
        m_filesystem.reset();
        m_workspace.reset();
        m_home.reset();
    }

    void frontmatterIsParsed_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("description");
        QTest::addColumn<QStringList>("tags");
        QTest::addColumn<QString>("body");

        QTest::newRow("plain") << QStringLiteral("---\nname: pdf\ndescription: Fill PDF forms.\n---\nBody\n")
                               << QStringLiteral("pdf") << QStringLiteral("Fill PDF forms.") << QStringList{} << QStringLiteral("Body\n");
        QTest::newRow("quoted, flow tags")
            << QStringLiteral("---\nname: \"docx\"\ndescription: 'Word: it''s here'\ntags: [office, \"word\"]\n---\nB")
            << QStringLiteral("docx") << QStringLiteral("Word: it's here") << QStringList{QStringLiteral("office"), QStringLiteral("word")}
            << QStringLiteral("B");
        QTest::newRow("block list tags, other keys ignored")
            << QStringLiteral("---\nname: x\nlicense: MIT\nmetadata:\n  owner: me\ndescription: D\ntags:\n  - a\n  - b\n---\n")
            << QStringLiteral("x") << QStringLiteral("D") << QStringList{QStringLiteral("a"), QStringLiteral("b")} << QString();
        QTest::newRow("comma string tags") << QStringLiteral("---\nname: x\ndescription: D\ntags: a, b ,c\n---\n")
                                           << QStringLiteral("x") << QStringLiteral("D")
                                           << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")} << QString();
        QTest::newRow("folded description")
            << QStringLiteral("---\nname: x\ndescription: >\n  Line one\n  line two.\n---\nrest")
            << QStringLiteral("x") << QStringLiteral("Line one line two.") << QStringList{} << QStringLiteral("rest");
        QTest::newRow("literal description") << QStringLiteral("---\nname: x\ndescription: |\n  a\n  b\n---\n")
                                             << QStringLiteral("x") << QStringLiteral("a\nb") << QStringList{} << QString();
        QTest::newRow("crlf and bom")
            << (QString(QChar(0xFEFF)) + QStringLiteral("---\r\nname: x\r\ndescription: D\r\n---\r\nBody"))
            << QStringLiteral("x") << QStringLiteral("D") << QStringList{} << QStringLiteral("Body");
    }

    void frontmatterIsParsed()
    {
        QFETCH(QString, text);
        QFETCH(QString, name);
        QFETCH(QString, description);
        QFETCH(QStringList, tags);
        QFETCH(QString, body);
        const Result<SkillFrontmatter> parsed = SkillFrontmatter::parse(text);
        VALIS_VERIFY_OK(parsed);
        QCOMPARE(parsed->name, name);
        QCOMPARE(parsed->description, description);
        QCOMPARE(parsed->tags, tags);
        QCOMPARE(text.mid(parsed->bodyOffset), body);
    }

    void malformedFrontmatterSaysWhy_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no frontmatter") << QStringLiteral("# Title\n") << QStringLiteral("does not start with a `---` line");
        QTest::newRow("unterminated") << QStringLiteral("---\nname: x\ndescription: y\n") << QStringLiteral("no closing `---` line");
        QTest::newRow("no name") << QStringLiteral("---\ndescription: y\n---\n") << QStringLiteral("`name` is missing");
        QTest::newRow("no description") << QStringLiteral("---\nname: x\n---\n") << QStringLiteral("`description` is missing");
        QTest::newRow("bad name") << QStringLiteral("---\nname: ../etc\ndescription: y\n---\n")
                                  << QStringLiteral("`name` \"../etc\" is not a valid skill name");
        QTest::newRow("not key value") << QStringLiteral("---\nname: x\njust words\n---\n")
                                       << QStringLiteral("frontmatter line 3 is not `key: value`");
    }

    void malformedFrontmatterSaysWhy()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const Result<SkillFrontmatter> parsed = SkillFrontmatter::parse(text);
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.error().code, QStringLiteral("skill.malformed"));
        QVERIFY2(parsed.error().message.contains(expected), qPrintable(parsed.error().message));
    }

    void theSectionListsNamesAndDescriptionsOnly()
    {
        QVERIFY(writeFile(agentSkills() + QStringLiteral("/pdf-forms/SKILL.md"),
                          skillText(QStringLiteral("pdf-forms"), QStringLiteral("Fill in PDF forms."),
                                    QStringLiteral("SECRET-BODY-ONE step by step\n"), QStringLiteral("tags: [pdf, forms]\n"))));
        QVERIFY(writeFile(workspaceSkills() + QStringLiteral("/release/SKILL.md"),
                          skillText(QStringLiteral("release"), QStringLiteral("Cut a release of this project."),
                                    QStringLiteral("SECRET-BODY-TWO\n"))));
        SkillsToolProvider provider(locations());
        const QString section = provider.systemPromptSection(context());
        QVERIFY2(section.contains(QStringLiteral("- pdf-forms: Fill in PDF forms. (tags: pdf, forms)")), qPrintable(section));
        QVERIFY2(section.contains(QStringLiteral("- release: Cut a release of this project.")), qPrintable(section));
        QVERIFY2(section.contains(QStringLiteral("load_skill")), qPrintable(section));
        QVERIFY(!section.contains(QStringLiteral("SECRET-BODY")));
        QVERIFY(section.indexOf(QStringLiteral("- pdf-forms")) < section.indexOf(QStringLiteral("- release")));
    }

    void noSkillsMeansNoSection()
    {
        SkillsToolProvider provider(locations());
        QCOMPARE(provider.systemPromptSection(context()), QString());
    }

    void theWorkspaceWinsAClashAndItIsReported()
    {
        QVERIFY(writeFile(agentSkills() + QStringLiteral("/deploy/SKILL.md"),
                          skillText(QStringLiteral("deploy"), QStringLiteral("Mine."), QStringLiteral("AGENT COPY\n"))));
        QVERIFY(writeFile(workspaceSkills() + QStringLiteral("/deploy-here/SKILL.md"),
                          skillText(QStringLiteral("deploy"), QStringLiteral("The project's."), QStringLiteral("WORKSPACE COPY\n"))));
        SkillsToolProvider provider(locations());
        const QString section = provider.systemPromptSection(context());
        QVERIFY2(section.contains(QStringLiteral("- deploy: The project's.")), qPrintable(section));
        QVERIFY2(!section.contains(QStringLiteral("- deploy: Mine.")), qPrintable(section));
        QVERIFY2(section.contains(QStringLiteral("The workspace skill \"deploy\" (.valis/skills/deploy-here/SKILL.md) overrides your own skill")),
                 qPrintable(section));

        const ToolCallOutcome outcome = callTool(&provider, QStringLiteral("load_skill"), loadArguments(QStringLiteral("deploy")), context());
        QVERIFY(outcome.finished);
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QVERIFY(outcome.text().contains(QStringLiteral("WORKSPACE COPY")));
        QVERIFY(!outcome.text().contains(QStringLiteral("AGENT COPY")));
    }

    void malformedAndOversizedSkillsAreReportedInTheSection()
    {
        QVERIFY(writeFile(agentSkills() + QStringLiteral("/good/SKILL.md"),
                          skillText(QStringLiteral("good"), QStringLiteral("Works."), QStringLiteral("x\n"))));
        QVERIFY(writeFile(agentSkills() + QStringLiteral("/broken/SKILL.md"), QByteArray("---\nname: broken\n")));
        QByteArray huge = skillText(QStringLiteral("huge"), QStringLiteral("Too big."), QString());
        huge.append(QByteArray(5 * 1024 * 1024, 'x'));
        QVERIFY(writeFile(workspaceSkills() + QStringLiteral("/huge/SKILL.md"), huge));
        SkillsToolProvider provider(locations());
        const QString section = provider.systemPromptSection(context());
        QVERIFY2(section.contains(QStringLiteral("- good: Works.")), qPrintable(section));
        QVERIFY2(section.contains(QStringLiteral("broken/SKILL.md: the frontmatter has no closing `---` line")), qPrintable(section));
        QVERIFY2(section.contains(QStringLiteral(".valis/skills/huge/SKILL.md: it is 5.0 MB; skill files are limited to 256 KB")),
                 qPrintable(section));
        QVERIFY(!section.contains(QStringLiteral("- huge")));

        const ToolCallOutcome outcome = callTool(&provider, QStringLiteral("load_skill"), loadArguments(QStringLiteral("huge")), context());
        QVERIFY(outcome.finished);
        QVERIFY(outcome.result.isError);
        QCOMPARE(outcome.text(), QStringLiteral("The skill \"huge\" (.valis/skills/huge/SKILL.md) cannot be loaded: it is 5.0 MB; "
                                                "skill files are limited to 256 KB."));
    }

    void loadSkillReturnsTheFullTextAndListsItsFiles()
    {
        const QByteArray text = skillText(QStringLiteral("pdf-forms"), QStringLiteral("Fill in PDF forms."),
                                          QStringLiteral("# PDF forms\n\nRun scripts/fill.py, see reference.md.\n"));
        QVERIFY(writeFile(agentSkills() + QStringLiteral("/pdf-forms/SKILL.md"), text));
        QVERIFY(writeFile(agentSkills() + QStringLiteral("/pdf-forms/reference.md"), QByteArray("REFERENCE TEXT\n")));
        QVERIFY(writeFile(agentSkills() + QStringLiteral("/pdf-forms/scripts/fill.py"), QByteArray("print(1)\n")));
        SkillsToolProvider provider(locations());
        const ToolSpec spec = provider.tools().constFirst();
        QCOMPARE(spec.name, QStringLiteral("load_skill"));
        QVERIFY(spec.readOnly);
        QVERIFY(spec.keepResultsInContext);
        QVERIFY(!spec.pinLatestResult);
        QCOMPARE(spec.inputSchema.value(QStringLiteral("additionalProperties")).toBool(true), false);

        const ToolCallOutcome outcome = callTool(&provider, QStringLiteral("load_skill"), loadArguments(QStringLiteral("pdf-forms")), context());
        QVERIFY(outcome.finished);
        QVERIFY(!outcome.finishedInsideInvoke);
        QCOMPARE(outcome.result.callId, QStringLiteral("call-1"));
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QVERIFY2(outcome.text().contains(QString::fromUtf8(text)), qPrintable(outcome.text()));
        QVERIFY2(outcome.text().contains(QStringLiteral("- reference.md\n- scripts/fill.py")), qPrintable(outcome.text()));

        const ToolCallOutcome reference = callTool(&provider, QStringLiteral("load_skill"),
                                                   loadArguments(QStringLiteral("pdf-forms"), QStringLiteral("reference.md")), context());
        QVERIFY(reference.finished);
        QVERIFY2(!reference.result.isError, qPrintable(reference.text()));
        QVERIFY(reference.text().contains(QStringLiteral("REFERENCE TEXT")));
    }

    void workspaceSkillFilesLoadThroughTheFilesystem()
    {
        QVERIFY(writeFile(workspaceSkills() + QStringLiteral("/release/SKILL.md"),
                          skillText(QStringLiteral("release"), QStringLiteral("Cut a release."), QStringLiteral("Steps\n"))));
        QVERIFY(writeFile(workspaceSkills() + QStringLiteral("/release/checklist.md"), QByteArray("CHECKLIST\n")));
        SkillsToolProvider provider(locations());
        const ToolCallOutcome outcome = callTool(&provider, QStringLiteral("load_skill"), loadArguments(QStringLiteral("release")), context());
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QVERIFY(outcome.text().contains(QStringLiteral("Skill \"release\" (.valis/skills/release/SKILL.md)")));
        QVERIFY(outcome.text().contains(QStringLiteral("- checklist.md")));
        const ToolCallOutcome file = callTool(&provider, QStringLiteral("load_skill"),
                                              loadArguments(QStringLiteral("release"), QStringLiteral("checklist.md")), context());
        QVERIFY2(!file.result.isError, qPrintable(file.text()));
        QVERIFY(file.text().contains(QStringLiteral("CHECKLIST")));

        // Without a filesystem the tool must not touch workspace files at all.
        const ToolCallOutcome without = callTool(&provider, QStringLiteral("load_skill"), loadArguments(QStringLiteral("release")),
                                                 context(false));
        QVERIFY(without.result.isError);
        QVERIFY(provider.systemPromptSection(context(false)).isEmpty());
    }

    void filesOutsideTheSkillFolderAreRefused()
    {
        QVERIFY(writeFile(agentSkills() + QStringLiteral("/a/SKILL.md"), skillText(QStringLiteral("a"), QStringLiteral("A."), QString())));
        QVERIFY(writeFile(agentSkills() + QStringLiteral("/b/SKILL.md"), skillText(QStringLiteral("b"), QStringLiteral("B."), QString())));
        QTemporaryDir outside;
        QVERIFY(writeFile(outside.filePath(QStringLiteral("secret.txt")), QByteArray("TOP SECRET\n")));
        QVERIFY(QFile::link(outside.filePath(QStringLiteral("secret.txt")), agentSkills() + QStringLiteral("/a/link.md")));
        QVERIFY(writeFile(workspaceSkills() + QStringLiteral("/w/SKILL.md"), skillText(QStringLiteral("w"), QStringLiteral("W."), QString())));
        QVERIFY(writeFile(m_workspace->filePath(QStringLiteral("notes.txt")), QByteArray("WORKSPACE NOTES\n")));
        SkillsToolProvider provider(locations());

        const QList<QPair<QString, QString>> attempts{
            {QStringLiteral("a"), QStringLiteral("../b/SKILL.md")},
            {QStringLiteral("a"), outside.filePath(QStringLiteral("secret.txt"))},
            {QStringLiteral("a"), QStringLiteral("link.md")},
            {QStringLiteral("w"), QStringLiteral("../../../notes.txt")},
        };
        for (const auto &attempt : attempts) {
            const ToolCallOutcome outcome = callTool(&provider, QStringLiteral("load_skill"),
                                                     loadArguments(attempt.first, attempt.second), context());
            QVERIFY2(outcome.result.isError, qPrintable(attempt.second));
            QVERIFY2(!outcome.text().contains(QStringLiteral("SECRET")) && !outcome.text().contains(QStringLiteral("NOTES")),
                     qPrintable(outcome.text()));
        }
    }

    void aWorkspaceSkillLinkedOutsideIsNotRead()
    {
        QTemporaryDir outside;
        QVERIFY(writeFile(outside.filePath(QStringLiteral("evil/SKILL.md")),
                          skillText(QStringLiteral("evil"), QStringLiteral("Planted outside."), QString())));
        QVERIFY(QDir().mkpath(workspaceSkills()));
        QVERIFY(QFile::link(outside.filePath(QStringLiteral("evil")), workspaceSkills() + QStringLiteral("/evil")));
        SkillsToolProvider provider(locations());
        const QString section = provider.systemPromptSection(context());
        QVERIFY2(!section.contains(QStringLiteral("Planted outside")), qPrintable(section));
        QVERIFY2(section.contains(QStringLiteral("- .valis/skills/evil: skipped: it is a link that leads outside the workspace")),
                 qPrintable(section));
        const ToolCallOutcome outcome = callTool(&provider, QStringLiteral("load_skill"), loadArguments(QStringLiteral("evil")), context());
        QVERIFY(outcome.result.isError);
        QVERIFY(!outcome.text().contains(QStringLiteral("Planted")));
    }

    void anUnknownNameListsTheClosestFirst()
    {
        for (const QString &name : {QStringLiteral("pdf-forms"), QStringLiteral("docx"), QStringLiteral("xlsx"), QStringLiteral("pdf")}) {
            QVERIFY(writeFile(agentSkills() + QLatin1Char('/') + name + QStringLiteral("/SKILL.md"),
                              skillText(name, QStringLiteral("About ") + name, QString())));
        }
        SkillsToolProvider provider(locations());
        const ToolCallOutcome outcome = callTool(&provider, QStringLiteral("load_skill"), loadArguments(QStringLiteral("pdf-form")), context());
        QVERIFY(outcome.result.isError);
        QCOMPARE(outcome.text(), QStringLiteral("No skill is named \"pdf-form\". Available skills, closest first: pdf-forms, pdf, docx, xlsx."));

        const ToolCallOutcome caseless = callTool(&provider, QStringLiteral("load_skill"), loadArguments(QStringLiteral("DOCX")), context());
        QVERIFY2(!caseless.result.isError, qPrintable(caseless.text()));
        QVERIFY(caseless.text().contains(QStringLiteral("Skill \"docx\"")));

        const ToolCallOutcome missing = callTool(&provider, QStringLiteral("load_skill"), QJsonObject{}, context());
        QVERIFY(missing.result.isError);
        QVERIFY2(missing.text().contains(QStringLiteral("`name` is required")), qPrintable(missing.text()));
    }

    void closestNamesRanksTyposAndParts()
    {
        const QStringList names{QStringLiteral("alpha"), QStringLiteral("release-notes"), QStringLiteral("relase"), QStringLiteral("zeta")};
        QCOMPARE(SkillsToolProvider::closestNames(QStringLiteral("release"), names).mid(0, 2),
                 (QStringList{QStringLiteral("relase"), QStringLiteral("release-notes")}));
    }

    void thePluginLoadsThroughThePluginManager()
    {
        LoadedToolPlugin plugin{QStringLiteral(VALIS_TEST_SKILLS_PLUGIN)};
        QVERIFY2(plugin.problem().isEmpty(), qPrintable(plugin.problem()));
        QVERIFY(writeFile(plugin.locations().agentSkillsDir(QStringLiteral("default")) + QStringLiteral("/notes/SKILL.md"),
                          skillText(QStringLiteral("notes"), QStringLiteral("Keep notes."), QStringLiteral("NOTES BODY\n"))));
        ToolProvider *provider = plugin.toolProvider(QStringLiteral("skills"));
        QVERIFY(provider);
        ToolContext c = context();
        QVERIFY2(provider->systemPromptSection(c).contains(QStringLiteral("- notes: Keep notes.")), qPrintable(provider->systemPromptSection(c)));
        const ToolCallOutcome outcome = callTool(provider, QStringLiteral("load_skill"), loadArguments(QStringLiteral("notes")), c);
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QVERIFY(outcome.text().contains(QStringLiteral("NOTES BODY")));
    }
};

VALIS_TEST_MAIN(TestSkillsTools)
#include "tst_skillstools.moc"
