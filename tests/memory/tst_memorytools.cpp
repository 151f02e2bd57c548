// The memory tools (store_memory, retrieve_memory, search_memory) through the real ToolProvider
// against a real SqliteDetailStore in a temporary folder, their system prompt section, and the
// plugin loaded by a real PluginManager.
#include "memorytoolprovider.h"
#include "retrievememorytool.h"
#include "testsupport.h"
#include "toolcallhelpers.h"

#include "valis/filesystem/agentfilesystem.h"
#include "valis/memory/memoriesbackend.h"
#include "valis/memory/memoryref.h"
#include "valis/memory/sqlitedetailstore.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <memory>

using namespace valis;
using namespace valis::test;
using valis::tools::MemoryToolProvider;

namespace {

const QString Agent = QStringLiteral("default");
constexpr qint64 MaxPage = valis::tools::memory::RetrieveMemoryTool::MaxPageBytes;

QJsonObject object(std::initializer_list<std::pair<QString, QJsonValue>> pairs)
{
    QJsonObject o;
    for (const auto &pair : pairs)
        o.insert(pair.first, pair.second);
    return o;
}

/// "line 1 of the build log: ..." numbered lines of varying length, each ending in '\n'.
QByteArray logLines(int count)
{
    QByteArray text;
    for (int i = 1; i <= count; ++i) {
        text += "line " + QByteArray::number(i) + " of the build log: compiling unit_" + QByteArray::number(i * 7 % 1000);
        text += QByteArray(i % 13, '.') + '\n';
    }
    return text;
}

/// The lines of `text` from `first` (from 1), `count` of them, each with its '\n'.
QByteArray linesOf(const QByteArray &text, qint64 first, qint64 count)
{
    const QList<QByteArray> all = text.split('\n');
    QByteArray out;
    for (qint64 i = first - 1; i < first - 1 + count && i < all.size(); ++i)
        out += all.at(i) + '\n';
    return out;
}

/// A retrieve_memory answer taken apart: the header line, the page text between it and the
/// footer line, and the footer.
struct PageAnswer
{
    QString header;
    QString body;
    QString footer;
};

PageAnswer split(const QString &answer)
{
    PageAnswer page;
    const qsizetype firstBreak = answer.indexOf(QLatin1Char('\n'));
    const qsizetype lastBreak = answer.lastIndexOf(QLatin1Char('\n'));
    page.header = answer.left(firstBreak);
    page.body = answer.mid(firstBreak + 1, lastBreak - firstBreak); // with the last '\n'
    page.footer = answer.mid(lastBreak + 1);
    return page;
}

struct Fixture
{
    QTemporaryDir dir;
    std::shared_ptr<DetailStore> store;
    MemoryToolProvider provider;

    Fixture()
    {
        Result<std::unique_ptr<SqliteDetailStore>> opened = SqliteDetailStore::open(dir.filePath(QStringLiteral("memory.db")));
        if (opened.ok())
            store = std::shared_ptr<DetailStore>(std::move(opened).value().release());
        else
            qWarning("cannot open the store: %s", qPrintable(opened.error().toString()));
    }
    ToolContext context(const QString &callId = QStringLiteral("call-1")) const
    {
        ToolContext c;
        c.sessionId = QStringLiteral("s-1");
        c.callId = callId;
        c.agentId = Agent;
        c.memory = store.get();
        return c;
    }
    ToolCallOutcome call(const QString &tool, const QJsonObject &arguments, const QString &callId = QStringLiteral("call-1"))
    {
        return callTool(&provider, tool, arguments, context(callId));
    }
    /// A record as the harness's capture would store it.
    QString put(const QByteArray &content, const QString &summary, const QString &type = QStringLiteral("command_output"),
                const QString &session = QStringLiteral("s-1"))
    {
        NewMemory memory;
        memory.agentId = Agent;
        memory.sessionId = session;
        memory.type = type;
        memory.summary = summary;
        memory.content = content;
        const Result<MemoryRecord> record = store->put(memory);
        return record.ok() ? record->key : QString();
    }
};

const ToolSpec *specNamed(const QList<ToolSpec> &specs, const QString &name)
{
    for (const ToolSpec &spec : specs) {
        if (spec.name == name)
            return &spec;
    }
    return nullptr;
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

class TestMemoryTools : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theSpecsArePreciseAndKeepResultsInContext()
    {
        MemoryToolProvider provider;
        QCOMPARE(provider.id(), QStringLiteral("memory"));
        const QList<ToolSpec> specs = provider.tools();
        QCOMPARE(specs.size(), 3);
        const QStringList names{QStringLiteral("store_memory"), QStringLiteral("retrieve_memory"), QStringLiteral("search_memory")};
        for (const QString &name : names) {
            const ToolSpec *spec = specNamed(specs, name);
            QVERIFY2(spec, qPrintable(name));
            QVERIFY(spec->keepResultsInContext);
            QCOMPARE(spec->readOnly, name != QLatin1String("store_memory"));
            QCOMPARE(spec->inputSchema.value(QStringLiteral("additionalProperties")).toBool(true), false);
            const QJsonObject properties = spec->inputSchema.value(QStringLiteral("properties")).toObject();
            for (auto it = properties.begin(); it != properties.end(); ++it)
                QVERIFY2(!it.value().toObject().value(QStringLiteral("description")).toString().isEmpty(), qPrintable(name + QLatin1Char('.') + it.key()));
        }
        QCOMPARE(specNamed(specs, names.at(0))->inputSchema.value(QStringLiteral("required")).toArray(),
                 (QJsonArray{QStringLiteral("content"), QStringLiteral("description")}));
        QCOMPARE(specNamed(specs, names.at(1))->inputSchema.value(QStringLiteral("required")).toArray(), QJsonArray{QStringLiteral("key")});
        QCOMPARE(specNamed(specs, names.at(2))->inputSchema.value(QStringLiteral("required")).toArray(), QJsonArray{QStringLiteral("query")});
        const QJsonObject unit = specNamed(specs, names.at(1))->inputSchema[QStringLiteral("properties")][QStringLiteral("unit")].toObject();
        QCOMPARE(unit.value(QStringLiteral("enum")).toArray(), (QJsonArray{QStringLiteral("lines"), QStringLiteral("bytes")}));
    }

    void storeReturnsTheKeyAndItsMemoryRef()
    {
        Fixture f;
        QVERIFY(f.store);
        const ToolCallOutcome out = f.call(QStringLiteral("store_memory"),
                                           object({{QStringLiteral("content"), QStringLiteral("Release builds need -DWITH_LTO=ON.\nDebug builds do not.\n")},
                                                   {QStringLiteral("description"), QStringLiteral("How to\nconfigure release builds")}}),
                                           QStringLiteral("call-42"));
        CALL_OK(out);
        QVERIFY(!out.finishedInsideInvoke);
        QCOMPARE(out.result.callId, QStringLiteral("call-42"));
        const QList<MemoryRef> refs = MemoryRef::findAll(out.text());
        QCOMPARE(refs.size(), 1);
        const QString key = refs.constFirst().key;
        QVERIFY(key.startsWith(QStringLiteral("m-")));
        QCOMPARE(refs.constFirst().summary, QStringLiteral("How to configure release builds"));
        QVERIFY2(out.text().startsWith(QStringLiteral("Stored as %1 (note, 2 lines,").arg(key)), qPrintable(out.text()));
        QVERIFY(!out.text().contains(QLatin1Char('\n')));

        const Result<MemoryRecord> record = f.store->get(key);
        VALIS_VERIFY_OK(record);
        QCOMPARE(record->content, QByteArray("Release builds need -DWITH_LTO=ON.\nDebug builds do not.\n"));
        QCOMPARE(record->type, QStringLiteral("note"));
        QCOMPARE(record->agentId, Agent);
        QCOMPARE(record->sessionId, QStringLiteral("s-1"));
        QCOMPARE(record->metadata.value(QStringLiteral("callId")).toString(), QStringLiteral("call-42"));
        QCOMPARE(record->metadata.value(QStringLiteral("source")).toString(), QStringLiteral("store_memory"));

        // The same content again: the key it already has.
        const ToolCallOutcome again = f.call(QStringLiteral("store_memory"),
                                             object({{QStringLiteral("content"), QStringLiteral("Release builds need -DWITH_LTO=ON.\nDebug builds do not.\n")},
                                                     {QStringLiteral("description"), QStringLiteral("Something else")}}),
                                             QStringLiteral("call-43"));
        CALL_OK(again);
        QVERIFY2(again.text().startsWith(QStringLiteral("Already stored as %1").arg(key)), qPrintable(again.text()));
        QCOMPARE(MemoryRef::findAll(again.text()).constFirst().key, key);
    }

    void storeChecksAndNormalisesTheType()
    {
        Fixture f;
        QVERIFY(f.store);
        ToolCallOutcome out = f.call(QStringLiteral("store_memory"), object({{QStringLiteral("content"), QStringLiteral("Prefers tabs.")},
                                                                             {QStringLiteral("description"), QStringLiteral("Indentation")},
                                                                             {QStringLiteral("type"), QStringLiteral("User Preference")}}));
        CALL_OK(out);
        const QString key = MemoryRef::findAll(out.text()).constFirst().key;
        QCOMPARE(f.store->find(key).valueOr({}).type, QStringLiteral("user_preference"));

        out = f.call(QStringLiteral("store_memory"), object({{QStringLiteral("content"), QStringLiteral("x")},
                                                             {QStringLiteral("description"), QStringLiteral("y")},
                                                             {QStringLiteral("type"), QStringLiteral("memory_file")}}));
        CALL_FAILS(out);
        QVERIFY(out.text().contains(QStringLiteral("/memories/")));
        out = f.call(QStringLiteral("store_memory"), object({{QStringLiteral("content"), QStringLiteral("x")},
                                                             {QStringLiteral("description"), QStringLiteral("y")},
                                                             {QStringLiteral("type"), QStringLiteral("what?!")}}));
        CALL_FAILS(out);
        QVERIFY(out.text().contains(QStringLiteral("`type`")));
        out = f.call(QStringLiteral("store_memory"), object({{QStringLiteral("description"), QStringLiteral("y")}}));
        CALL_FAILS(out);
        QVERIFY(out.text().contains(QStringLiteral("`content` is required")));
        MemoryFilter all;
        all.agentId = Agent;
        QCOMPARE(f.store->list(all).valueOr({}).size(), 1);
    }

    void retrieveGivesExactlyTheLinesAskedFor()
    {
        Fixture f;
        QVERIFY(f.store);
        const QByteArray log = logLines(5000);
        const QString key = f.put(log, QStringLiteral("make output, 5000 lines, exit 0"));
        QVERIFY(!key.isEmpty());

        const ToolCallOutcome out = f.call(QStringLiteral("retrieve_memory"), object({{QStringLiteral("key"), key},
                                                                                      {QStringLiteral("offset"), 2000},
                                                                                      {QStringLiteral("limit"), 101}}));
        CALL_OK(out);
        const PageAnswer page = split(out.text());
        QCOMPARE(page.body.toUtf8(), linesOf(log, 2000, 101));
        QVERIFY2(page.header.startsWith(QStringLiteral("[%1: lines 2000-2100 of 5000").arg(key)), qPrintable(page.header));
        QVERIFY(page.header.contains(QStringLiteral("make output, 5000 lines, exit 0")));
        QVERIFY2(page.footer.contains(QStringLiteral("2900 lines remain after line 2100")), qPrintable(page.footer));
        QVERIFY(page.footer.contains(QStringLiteral("retrieve_memory with key \"%1\", offset 2101, limit 101").arg(key)));
    }

    void followingTheFooterReadsTheWholeRecord()
    {
        Fixture f;
        QVERIFY(f.store);
        const QByteArray log = logLines(1234) + "no newline at the end";
        const QString key = f.put(log, QStringLiteral("a log"));
        QByteArray whole;
        qint64 offset = 1;
        int calls = 0;
        static const QRegularExpression next(QStringLiteral("offset (\\d+), limit (\\d+)"));
        for (;;) {
            const ToolCallOutcome out = f.call(QStringLiteral("retrieve_memory"),
                                               object({{QStringLiteral("key"), key}, {QStringLiteral("offset"), offset}, {QStringLiteral("limit"), 500}}));
            CALL_OK(out);
            QVERIFY(++calls <= 3);
            const PageAnswer page = split(out.text());
            whole += page.body.toUtf8();
            const QRegularExpressionMatch match = next.match(page.footer);
            if (!match.hasMatch()) {
                QVERIFY2(page.footer.contains(QStringLiteral("End of %1").arg(key)), qPrintable(page.footer));
                QVERIFY(page.footer.contains(QStringLiteral("A line break was added")));
                break;
            }
            offset = match.captured(1).toLongLong();
        }
        QCOMPARE(calls, 3);
        // The last page had a line break added before its footer, as the footer said.
        QCOMPARE(whole, log + '\n');
    }

    void retrieveByBytes()
    {
        Fixture f;
        QVERIFY(f.store);
        const QByteArray text = "0123456789abcdefghijklmnopqrstuvwxyz\nsecond line\n";
        const QString key = f.put(text, QStringLiteral("alphabet"), QStringLiteral("note"));
        const ToolCallOutcome out = f.call(QStringLiteral("retrieve_memory"), object({{QStringLiteral("key"), key},
                                                                                      {QStringLiteral("unit"), QStringLiteral("bytes")},
                                                                                      {QStringLiteral("offset"), 10},
                                                                                      {QStringLiteral("limit"), 20}}));
        CALL_OK(out);
        const PageAnswer page = split(out.text());
        QCOMPARE(page.body, QStringLiteral("abcdefghijklmnopqrst\n"));
        QVERIFY2(page.header.contains(QStringLiteral("bytes 10-29 of 49")), qPrintable(page.header));
        QVERIFY2(page.footer.contains(QStringLiteral("19 bytes remain after byte 29")), qPrintable(page.footer));
        QVERIFY(page.footer.contains(QStringLiteral("offset 30, limit 20, unit \"bytes\"")));
        QVERIFY(page.footer.contains(QStringLiteral("A line break was added")));
    }

    void aPastedMemoryRefOrAMemoriesPathWorksAsKey()
    {
        Fixture f;
        QVERIFY(f.store);
        const QString key = f.put("alpha\nbeta\n", QStringLiteral("two words"));
        for (const QString &written : {QStringLiteral("[MemoryRef: %1 - two words]").arg(key), QStringLiteral("MemoryRef: %1").arg(key),
                                       QStringLiteral("`%1`").arg(key), QStringLiteral("%1 - two words").arg(key)}) {
            const ToolCallOutcome out = f.call(QStringLiteral("retrieve_memory"), object({{QStringLiteral("key"), written}}));
            CALL_OK(out);
            QCOMPARE(split(out.text()).body, QStringLiteral("alpha\nbeta\n"));
        }
        VALIS_VERIFY_OK(f.store->writeFile(Agent, QStringLiteral("notes/deploy.md"), "ssh deploy@host\nrun ./deploy.sh\n"));
        const ToolCallOutcome out = f.call(QStringLiteral("retrieve_memory"),
                                           object({{QStringLiteral("key"), QStringLiteral("/memories/notes/deploy.md")}, {QStringLiteral("offset"), 2}}));
        CALL_OK(out);
        QCOMPARE(split(out.text()).body, QStringLiteral("run ./deploy.sh\n"));
        QVERIFY(split(out.text()).header.contains(QStringLiteral("/memories/notes/deploy.md")));
    }

    void aDanglingKeyNamesSimilarKeys()
    {
        Fixture f;
        QVERIFY(f.store);
        const QString key = f.put(logLines(10), QStringLiteral("ten lines of log"));
        QString wrong = key;
        wrong[wrong.size() - 1] = wrong.at(wrong.size() - 1) == QLatin1Char('0') ? QLatin1Char('1') : QLatin1Char('0');
        const ToolCallOutcome out = f.call(QStringLiteral("retrieve_memory"), object({{QStringLiteral("key"), wrong}}));
        CALL_FAILS(out);
        QVERIFY2(out.text().contains(QStringLiteral("No memory has the key \"%1\"").arg(wrong)), qPrintable(out.text()));
        QVERIFY2(out.text().contains(QStringLiteral("- %1: ten lines of log").arg(key)), qPrintable(out.text()));
        QVERIFY(out.text().contains(QStringLiteral("search_memory")));
    }

    void offsetsPastTheEndAreRefusedWithTheLength()
    {
        Fixture f;
        QVERIFY(f.store);
        const QString key = f.put(logLines(50), QStringLiteral("fifty"));
        ToolCallOutcome out = f.call(QStringLiteral("retrieve_memory"), object({{QStringLiteral("key"), key}, {QStringLiteral("offset"), 51}}));
        CALL_FAILS(out);
        QVERIFY2(out.text().contains(QStringLiteral("which has 50 lines")), qPrintable(out.text()));
        out = f.call(QStringLiteral("retrieve_memory"), object({{QStringLiteral("key"), key}, {QStringLiteral("limit"), 5000}}));
        CALL_FAILS(out);
        QVERIFY(out.text().contains(QStringLiteral("`limit`")));
    }

    void aRemovedMemoryStillReadsAndSaysSo()
    {
        Fixture f;
        QVERIFY(f.store);
        const QString key = f.put("old fact\n", QStringLiteral("an old fact"), QStringLiteral("note"));
        VALIS_VERIFY_OK(f.store->deactivate(key));
        const ToolCallOutcome out = f.call(QStringLiteral("retrieve_memory"), object({{QStringLiteral("key"), key}}));
        CALL_OK(out);
        QCOMPARE(split(out.text()).body, QStringLiteral("old fact\n"));
        QVERIFY2(out.text().contains(QStringLiteral("removed")), qPrintable(out.text()));
    }

    void aPageNeverExceedsItsSizeCap()
    {
        Fixture f;
        QVERIFY(f.store);
        QByteArray wide;
        for (int i = 1; i <= 300; ++i)
            wide += QByteArray::number(i) + ':' + QByteArray(1000, 'w') + '\n';
        const QString key = f.put(wide, QStringLiteral("wide lines"));
        ToolCallOutcome out = f.call(QStringLiteral("retrieve_memory"), object({{QStringLiteral("key"), key}, {QStringLiteral("limit"), 300}}));
        CALL_OK(out);
        PageAnswer page = split(out.text());
        const qint64 shown = page.body.count(QLatin1Char('\n'));
        QVERIFY(shown > 10 && shown < 300);
        QVERIFY(page.body.toUtf8().size() <= MaxPage);
        QCOMPARE(page.body.toUtf8(), linesOf(wide, 1, shown));
        QVERIFY2(page.footer.contains(QStringLiteral("offset %1").arg(shown + 1)), qPrintable(page.footer));
        QVERIFY(page.footer.contains(QStringLiteral("cut after")));

        // One line longer than a page: its start, then the way on by bytes.
        const QByteArray huge = "first\n" + QByteArray(200000, 'h') + "\nlast\n";
        const QString hugeKey = f.put(huge, QStringLiteral("minified"));
        out = f.call(QStringLiteral("retrieve_memory"), object({{QStringLiteral("key"), hugeKey}, {QStringLiteral("offset"), 2}}));
        CALL_OK(out);
        page = split(out.text());
        QCOMPARE(page.body.toUtf8(), QByteArray(MaxPage, 'h') + '\n');
        QVERIFY2(page.footer.contains(QStringLiteral("offset %1, limit %2, unit \"bytes\"").arg(6 + MaxPage)
                                          .arg(MaxPage)),
                 qPrintable(page.footer));
    }

    void searchRanksAndFilters()
    {
        Fixture f;
        QVERIFY(f.store);
        const QString flags = f.put("The release build needs the flag -DWITH_LTO=ON and ccache.\n", QStringLiteral("Release build flags"),
                                    QStringLiteral("note"));
        const QString log = f.put(logLines(30), QStringLiteral("build log of the nightly run"), QStringLiteral("command_output"),
                                  QStringLiteral("s-0"));
        f.put("Unrelated: the user likes short answers.\n", QStringLiteral("Answer style"), QStringLiteral("user_preference"));
        VALIS_VERIFY_OK(f.store->writeFile(Agent, QStringLiteral("project/build.md"), "How to build: cmake, then ninja. Release needs LTO.\n"));

        ToolCallOutcome out = f.call(QStringLiteral("search_memory"), object({{QStringLiteral("query"), QStringLiteral("release")}}));
        CALL_OK(out);
        QVERIFY2(out.text().contains(flags), qPrintable(out.text()));
        QVERIFY(out.text().contains(QStringLiteral("Release build flags")));
        QVERIFY(out.text().contains(QStringLiteral("file /memories/project/build.md")));
        QVERIFY(!out.text().contains(QStringLiteral("Answer style")));
        QVERIFY(out.text().contains(QStringLiteral("retrieve_memory")));

        out = f.call(QStringLiteral("search_memory"), object({{QStringLiteral("query"), QStringLiteral("build")}, {QStringLiteral("type"), QStringLiteral("command_output")}}));
        CALL_OK(out);
        QVERIFY2(out.text().contains(log), qPrintable(out.text()));
        QVERIFY(!out.text().contains(flags));

        out = f.call(QStringLiteral("search_memory"), object({{QStringLiteral("query"), QStringLiteral("build")}, {QStringLiteral("session"), QStringLiteral("current")}}));
        CALL_OK(out);
        QVERIFY(out.text().contains(flags));
        QVERIFY(!out.text().contains(log));

        out = f.call(QStringLiteral("search_memory"), object({{QStringLiteral("query"), QStringLiteral("build")}, {QStringLiteral("limit"), 1}}));
        CALL_OK(out);
        QVERIFY(out.text().startsWith(QStringLiteral("1 memory matches")));
        QVERIFY(out.text().contains(QStringLiteral("There may be more")));
    }

    void noHitsSaySoAndWhatToTry()
    {
        Fixture f;
        QVERIFY(f.store);
        f.put("The deploy key lives in the vault.\n", QStringLiteral("Deploy key"), QStringLiteral("note"));
        ToolCallOutcome out = f.call(QStringLiteral("search_memory"), object({{QStringLiteral("query"), QStringLiteral("kubernetes")}}));
        CALL_OK(out);
        QVERIFY2(out.text().startsWith(QStringLiteral("No memories match \"kubernetes\".")), qPrintable(out.text()));
        QVERIFY(out.text().contains(QStringLiteral("Try fewer words")));

        out = f.call(QStringLiteral("search_memory"), object({{QStringLiteral("query"), QStringLiteral("deploy")}, {QStringLiteral("type"), QStringLiteral("user_preference")}}));
        CALL_OK(out);
        QVERIFY2(out.text().contains(QStringLiteral("Without the type \"user_preference\" filter, 1 match")), qPrintable(out.text()));
    }

    void withoutAStoreEveryToolSaysWhy()
    {
        MemoryToolProvider provider;
        ToolContext c;
        c.callId = QStringLiteral("c");
        const QList<std::pair<QString, QJsonObject>> calls{
            {QStringLiteral("store_memory"), object({{QStringLiteral("content"), QStringLiteral("x")}, {QStringLiteral("description"), QStringLiteral("y")}})},
            {QStringLiteral("retrieve_memory"), object({{QStringLiteral("key"), QStringLiteral("m-123456")}})},
            {QStringLiteral("search_memory"), object({{QStringLiteral("query"), QStringLiteral("x")}})}};
        for (const auto &call : calls) {
            const ToolCallOutcome out = callTool(&provider, call.first, call.second, c);
            CALL_FAILS(out);
            QVERIFY2(out.text().contains(QStringLiteral("no memory store")), qPrintable(out.text()));
        }
        QVERIFY(provider.systemPromptSection(c).contains(QStringLiteral("no memory store")));
    }

    void thePromptSectionExplainsMemoryRefsAndListsMemories()
    {
        Fixture f;
        QVERIFY(f.store);
        QTemporaryDir workspace;
        auto backend = std::make_shared<DetailStoreMemoriesBackend>(f.store, Agent);
        VALIS_VERIFY_OK(backend->write(QStringLiteral("AGENTS.md"), "Be brief.\n"));
        VALIS_VERIFY_OK(backend->write(QStringLiteral("project/build.md"), QByteArray(2048, 'b')));
        AgentFilesystem fs(workspace.path());
        fs.mount(QStringLiteral("/memories/"), backend);
        ToolContext c = f.context();
        c.filesystem = &fs;
        const QString section = f.provider.systemPromptSection(c);
        QVERIFY(section.contains(QStringLiteral("[MemoryRef: ")));
        QVERIFY(section.contains(QStringLiteral("retrieve_memory")));
        QVERIFY(section.contains(QStringLiteral("search_memory")));
        QVERIFY(section.contains(QStringLiteral("before researching")));
        QVERIFY(section.contains(QStringLiteral("/memories/AGENTS.md")));
        QVERIFY2(section.contains(QStringLiteral("- /memories/project/build.md (2.0 KB)")), qPrintable(section));
        QVERIFY(section.contains(QStringLiteral("- /memories/AGENTS.md (10 bytes)")));
        // Asked twice, the same text: the prompt prefix stays cacheable.
        QCOMPARE(f.provider.systemPromptSection(c), section);

        // Many files: a capped list that says how many more there are.
        for (int i = 0; i < MemoryToolProvider::MaxListedFiles + 5; ++i)
            VALIS_VERIFY_OK(backend->write(QStringLiteral("many/%1.md").arg(i, 3, 10, QLatin1Char('0')), "x"));
        QVERIFY2(f.provider.systemPromptSection(c).contains(QStringLiteral("... and 7 more")), qPrintable(f.provider.systemPromptSection(c)));
    }

    void thePluginLoadsThroughThePluginManager()
    {
        LoadedToolPlugin plugin{QStringLiteral(VALIS_TEST_MEMORY_PLUGIN)};
        QVERIFY2(plugin.problem().isEmpty(), qPrintable(plugin.problem()));
        ToolProvider *provider = plugin.toolProvider(QStringLiteral("memory"));
        QVERIFY(provider);
        Fixture f;
        QVERIFY(f.store);
        const ToolContext c = f.context();
        ToolCallOutcome out = callTool(provider, QStringLiteral("store_memory"),
                                       object({{QStringLiteral("content"), QStringLiteral("plugin fact\n")}, {QStringLiteral("description"), QStringLiteral("From the plugin")}}), c);
        CALL_OK(out);
        const QString key = MemoryRef::findAll(out.text()).constFirst().key;
        out = callTool(provider, QStringLiteral("retrieve_memory"), object({{QStringLiteral("key"), key}}), c);
        CALL_OK(out);
        QCOMPARE(split(out.text()).body, QStringLiteral("plugin fact\n"));
        QVERIFY(provider->systemPromptSection(c).contains(QStringLiteral("[MemoryRef: ")));
    }
};

VALIS_TEST_MAIN(TestMemoryTools)
#include "tst_memorytools.moc"

