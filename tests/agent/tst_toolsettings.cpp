// config/tools.json: the sandbox choice, network, tool packs and subagent profiles.
#include "testsupport.h"
#include "valis/agent/toolregistry.h"
#include "valis/agent/toolsettings.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;

namespace {

QString writeSettings(const QTemporaryDir &dir, const QByteArray &json)
{
    const QString path = dir.filePath(QStringLiteral("tools.json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(json);
    return path;
}

class NamedTools : public ToolProvider
{
public:
    explicit NamedTools(const QStringList &names) : m_names(names) {}
    QString id() const override { return QStringLiteral("named"); }
    QList<ToolSpec> tools() const override
    {
        QList<ToolSpec> specs;
        for (const QString &name : m_names)
            specs.append({name, QStringLiteral("A tool."), {}, false});
        return specs;
    }
    ToolInvocation *invoke(const QString &, const QJsonValue &, const ToolContext &, QObject *) override { return nullptr; }

private:
    QStringList m_names;
};

} // namespace

class TestToolSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void missingFileIsTheIsolatingDefault()
    {
        QTemporaryDir dir;
        const Result<ToolSettings> settings = ToolSettings::load(dir.filePath(QStringLiteral("absent.json")));
        QVERIFY(settings.ok());
        QCOMPARE(settings->sandbox(), QStringLiteral("local-bwrap"));
        QCOMPARE(settings->network(), NetworkAccess::Denied);
        QCOMPARE(settings->toolPack(), QStringLiteral("all"));
        QCOMPARE(settings->agentId(), QStringLiteral("default"));
        QCOMPARE(settings->subagentProfiles().size(), 1);
        QCOMPARE(settings->subagentProfiles().first().name, QStringLiteral("general-purpose"));
        QStringList packs;
        for (const ToolPack &pack : settings->packs())
            packs.append(pack.name);
        QCOMPARE(packs, (QStringList{QStringLiteral("core"), QStringLiteral("file-ops"), QStringLiteral("research"), QStringLiteral("all")}));
    }

    void readsEveryKey()
    {
        QTemporaryDir dir;
        const QString path = writeSettings(dir, R"({"version": 1, "sandbox": "plain", "network": true, "toolPack": "review",
            "agent": "reviewer", "maxSubagentDepth": 2,
            "toolPacks": {"review": {"description": "Look only", "tools": ["read_file", "grep"]},
                          "core": {"tools": ["read_file"]}},
            "subagents": {"researcher": {"description": "Finds things", "model": "claude-haiku-4-5", "toolPack": "research", "maxSteps": 7}}})");
        const Result<ToolSettings> settings = ToolSettings::load(path);
        QVERIFY2(settings.ok(), qPrintable(settings.ok() ? QString() : settings.error().toString()));
        QCOMPARE(settings->sandbox(), QStringLiteral("plain"));
        QCOMPARE(settings->network(), NetworkAccess::Allowed);
        QCOMPARE(settings->agentId(), QStringLiteral("reviewer"));
        QCOMPARE(settings->maxSubagentDepth(), 2);
        QCOMPARE(settings->pack(QStringLiteral("review"))->tools, (QStringList{QStringLiteral("read_file"), QStringLiteral("grep")}));
        // A person's pack replaces the built-in of that name.
        QCOMPARE(settings->pack(QStringLiteral("core"))->tools, QStringList{QStringLiteral("read_file")});
        QCOMPARE(settings->subagentProfiles().size(), 2);
        const SubagentProfile researcher = settings->subagentProfiles().at(1);
        QCOMPARE(researcher.model, QStringLiteral("claude-haiku-4-5"));
        QCOMPARE(researcher.toolPack, QStringLiteral("research"));
        QCOMPARE(researcher.maxSteps, 7);
    }

    void malformedValuesAreNamed_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("network") << QByteArray(R"({"network": "yes"})") << QStringLiteral("network");
        QTest::newRow("pack without tools") << QByteArray(R"({"toolPacks": {"x": {"description": "d"}}})") << QStringLiteral("toolPacks.x.tools");
        QTest::newRow("profile without description") << QByteArray(R"({"subagents": {"r": {"model": "m"}}})") << QStringLiteral("subagents.r.description");
        QTest::newRow("agent path") << QByteArray(R"({"agent": "../evil"})") << QStringLiteral("../evil");
        QTest::newRow("depth") << QByteArray(R"({"maxSubagentDepth": 99})") << QStringLiteral("maxSubagentDepth");
        QTest::newRow("version") << QByteArray(R"({"version": 9})") << QStringLiteral("9");
        QTest::newRow("not json") << QByteArray("{sandbox:") << QStringLiteral("tools.json");
    }

    void malformedValuesAreNamed()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const Result<ToolSettings> settings = ToolSettings::load(writeSettings(dir, json));
        QVERIFY(settings.hasError());
        QCOMPARE(settings.error().code, QStringLiteral("settings.malformed"));
        QVERIFY2(settings.error().toString().contains(expected), qPrintable(settings.error().toString()));
    }

    void unknownPackListsThePacks()
    {
        const ToolSettings settings;
        const Result<ToolPack> pack = settings.pack(QStringLiteral("nope"));
        QVERIFY(pack.hasError());
        QCOMPARE(pack.error().code, QStringLiteral("tools.unknown-pack"));
        QVERIFY(pack.error().message.contains(QStringLiteral("file-ops")));
    }

    void registryOffersOnlyThePack()
    {
        NamedTools tools({QStringLiteral("read_file"), QStringLiteral("exec"), QStringLiteral("task"), QStringLiteral("grep")});
        ToolRegistry registry({&tools});
        QCOMPARE(registry.names().size(), 4);
        const ToolSettings settings;
        registry.setPack(settings.pack(QStringLiteral("research")).value());
        QCOMPARE(registry.names(), (QStringList{QStringLiteral("read_file"), QStringLiteral("task"), QStringLiteral("grep")}));
        QVERIFY(!registry.tool(QStringLiteral("exec")));
        ToolPack all = settings.pack(QStringLiteral("all")).value();
        all.excluded = {QStringLiteral("task")};
        registry.setPack(all);
        QCOMPARE(registry.names(), (QStringList{QStringLiteral("read_file"), QStringLiteral("exec"), QStringLiteral("grep")}));
        QCOMPARE(registry.definitions().size(), 3);
    }
};

VALIS_TEST_MAIN(TestToolSettings)
#include "tst_toolsettings.moc"
