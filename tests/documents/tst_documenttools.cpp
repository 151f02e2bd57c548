// The document tools through the documents plugin loaded by a real PluginManager, over a real
// SqliteDetailStore, and write_file's zero-token writes (from_key, from_call) through the
// filesystem plugin's provider into a real workspace.
#include "filesystemtoolfixture.h"
#include "testsupport.h"
#include "toolcallhelpers.h"

#include "valis/memory/documentstore.h"
#include "valis/memory/sqlitedetailstore.h"
#include "valis/record/message.h"
#include "valis/store/sessionstore.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace valis;
using namespace valis::test;

namespace {

QByteArray numberedLines(int count)
{
    QByteArray text;
    for (int i = 1; i <= count; ++i)
        text += "row " + QByteArray::number(i) + " of the table\n";
    return text;
}

/// 5 MB of bytes a text tool could mangle: CRLF, tabs, UTF-8, no final newline.
QByteArray awkwardBytes(qsizetype size)
{
    QByteArray bytes;
    bytes.reserve(size);
    QRandomGenerator random(22);
    while (bytes.size() < size) {
        bytes += "entry " + QByteArray::number(random.generate() % 100000) + "\t\xc3\xa9t\xc3\xa9 \xe2\x82\xac";
        bytes += (random.generate() % 3 == 0) ? "\r\n" : "\n";
    }
    bytes.truncate(size);
    if (bytes.endsWith('\n'))
        bytes.chop(1);
    return bytes;
}

QString documentKeyIn(const QString &text)
{
    static const QRegularExpression key(QStringLiteral("\\b(doc-[a-z0-9-]*[0-9a-f]{6})\\b"));
    return key.match(text).captured(1);
}

} // namespace

class TestDocumentTools : public QObject
{
    Q_OBJECT

    QTemporaryDir *m_dir = nullptr;
    std::unique_ptr<SqliteDetailStore> m_store;
    LoadedToolPlugin *m_plugin = nullptr;
    ToolProvider *m_documents = nullptr;

    ToolContext context() const
    {
        ToolContext c;
        c.sessionId = QStringLiteral("s-1");
        c.callId = QStringLiteral("call-1");
        c.agentId = QStringLiteral("default");
        c.memory = m_store.get();
        return c;
    }

    ToolCallOutcome call(const QString &tool, const QJsonObject &arguments) const
    {
        return callTool(m_documents, tool, arguments, context());
    }

    QString captured(const QByteArray &content)
    {
        NewMemory memory;
        memory.sessionId = QStringLiteral("s-1");
        memory.type = QLatin1String(MemoryType::CommandOutput);
        memory.summary = QStringLiteral("a command's output");
        memory.content = content;
        const Result<MemoryRecord> record = m_store->put(memory);
        return record.ok() ? record->key : QString();
    }

private Q_SLOTS:
    void init()
    {
        m_dir = new QTemporaryDir;
        Result<std::unique_ptr<SqliteDetailStore>> opened = SqliteDetailStore::open(m_dir->filePath(QStringLiteral("memory.db")));
        VALIS_VERIFY_OK(opened);
        m_store = std::move(opened).value();
        m_plugin = new LoadedToolPlugin(QStringLiteral(VALIS_TEST_DOCUMENTS_PLUGIN));
        QVERIFY2(m_plugin->problem().isEmpty(), qPrintable(m_plugin->problem()));
        m_documents = m_plugin->toolProvider(QStringLiteral("documents"));
        QVERIFY(m_documents);
    }

    void cleanup()
    {
        delete m_plugin;
        m_plugin = nullptr;
        m_documents = nullptr;
        m_store.reset();
        delete m_dir;
    }

    void offersTheFourTools()
    {
        QStringList names;
        for (const ToolSpec &spec : m_documents->tools())
            names << spec.name;
        names.sort();
        QCOMPARE(names, (QStringList{QStringLiteral("delete_document"), QStringLiteral("get_document"),
                                     QStringLiteral("list_documents"), QStringLiteral("save_document")}));
    }

    void saveGetListDelete()
    {
        ToolCallOutcome out = call(QStringLiteral("save_document"),
                                   {{QStringLiteral("name"), QStringLiteral("table")},
                                    {QStringLiteral("content"), QString::fromUtf8(numberedLines(300))}});
        CALL_OK(out);
        const QString key = documentKeyIn(out.text());
        QVERIFY2(key.startsWith(QStringLiteral("doc-table-")), qPrintable(out.text()));
        QVERIFY2(out.text().contains(QStringLiteral("300 lines")), qPrintable(out.text()));

        out = call(QStringLiteral("get_document"), {{QStringLiteral("key"), key}, {QStringLiteral("offset"), 101}, {QStringLiteral("limit"), 20}});
        CALL_OK(out);
        const QString page = out.text();
        const QString header = page.section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(header.contains(QStringLiteral("lines 101-120 of 300")), qPrintable(header));
        QByteArray expected;
        for (int i = 101; i <= 120; ++i)
            expected += "row " + QByteArray::number(i) + " of the table\n";
        QCOMPARE(page.mid(header.size() + 1, expected.size()), QString::fromUtf8(expected));
        QVERIFY2(page.contains(QStringLiteral("180 lines remain")), qPrintable(page.right(200)));
        QVERIFY2(page.contains(QStringLiteral("\"offset\": 121")), qPrintable(page.right(200)));

        out = call(QStringLiteral("get_document"), {{QStringLiteral("key"), key}, {QStringLiteral("offset"), 290}});
        CALL_OK(out);
        QVERIFY2(out.text().contains(QStringLiteral("[End of document ") + key), qPrintable(out.text().right(200)));

        out = call(QStringLiteral("list_documents"), QJsonObject());
        CALL_OK(out);
        QVERIFY2(out.text().contains(key) && out.text().contains(QStringLiteral("kept until"))
                     && out.text().contains(QStringLiteral("written by the model")),
                 qPrintable(out.text()));

        out = call(QStringLiteral("delete_document"), {{QStringLiteral("key"), key}});
        CALL_OK(out);
        out = call(QStringLiteral("get_document"), {{QStringLiteral("key"), key}});
        CALL_FAILS(out);
        QVERIFY2(out.text().contains(QStringLiteral("was deleted on ")), qPrintable(out.text()));
        out = call(QStringLiteral("get_document"), {{QStringLiteral("key"), QStringLiteral("doc-table-000000")}});
        CALL_FAILS(out);
        QVERIFY2(out.text().startsWith(QStringLiteral("No document doc-table-000000")), qPrintable(out.text()));
        out = call(QStringLiteral("list_documents"), QJsonObject());
        CALL_OK(out);
        QVERIFY2(!out.text().contains(key), qPrintable(out.text()));
    }

    void savesFromAMemoryRefWithoutCopying()
    {
        const QByteArray output = numberedLines(5000);
        const QString ref = captured(output);
        QVERIFY(!ref.isEmpty());
        ToolCallOutcome out = call(QStringLiteral("save_document"),
                                   {{QStringLiteral("name"), QStringLiteral("log")},
                                    {QStringLiteral("from_key"), QStringLiteral("[MemoryRef: %1 - a command's output]").arg(ref)},
                                    {QStringLiteral("pinned"), true}});
        CALL_OK(out);
        QVERIFY2(out.text().contains(QStringLiteral("from MemoryRef ") + ref) && out.text().contains(QStringLiteral("pinned")),
                 qPrintable(out.text()));
        const QString key = documentKeyIn(out.text());
        QCOMPARE(*DocumentStore(*m_store).content(QStringLiteral("default"), key), output);

        // Both at once, or neither, is refused with a reason.
        out = call(QStringLiteral("save_document"), {{QStringLiteral("name"), QStringLiteral("x")},
                                                     {QStringLiteral("content"), QStringLiteral("a")},
                                                     {QStringLiteral("from_key"), ref}});
        CALL_FAILS(out);
        QVERIFY2(out.text().contains(QStringLiteral("exactly one of")), qPrintable(out.text()));
        out = call(QStringLiteral("save_document"), {{QStringLiteral("name"), QStringLiteral("x")},
                                                     {QStringLiteral("from_key"), QStringLiteral("m-ffffff")}});
        CALL_FAILS(out);
        QVERIFY2(out.text().contains(QStringLiteral("No stored content has the key")), qPrintable(out.text()));
    }

    void withoutAStoreTheToolsSaySo()
    {
        ToolContext c = context();
        c.memory = nullptr;
        const ToolCallOutcome out = callTool(m_documents, QStringLiteral("list_documents"), QJsonObject(), c);
        CALL_FAILS(out);
        QVERIFY2(out.text().contains(QStringLiteral("no memory store")), qPrintable(out.text()));
    }

    void writeFileFromKeyIsByteExact()
    {
        FilesystemToolFixture files;
        QVERIFY(files.isValid());
        const QByteArray bytes = awkwardBytes(5 * 1024 * 1024);
        const QString ref = captured(bytes);
        QVERIFY(!ref.isEmpty());
        ToolContext c = files.context();
        c.memory = m_store.get();
        c.agentId = QStringLiteral("default");

        ToolCallOutcome out = callTool(files.provider(), QStringLiteral("write_file"),
                                       args({{QStringLiteral("path"), QStringLiteral("out/big.txt")}, {QStringLiteral("from_key"), ref}}),
                                       c, 60000);
        CALL_OK(out);
        QVERIFY2(out.text().contains(QStringLiteral("from MemoryRef ") + ref), qPrintable(out.text()));
        QVERIFY(files.bytes(QStringLiteral("out/big.txt")) == bytes);

        // From a document key, overwriting.
        out = call(QStringLiteral("save_document"), {{QStringLiteral("name"), QStringLiteral("big")}, {QStringLiteral("from_key"), ref}});
        CALL_OK(out);
        const QString key = documentKeyIn(out.text());
        QVERIFY(files.put(QStringLiteral("doc.txt"), "old\n"));
        out = callTool(files.provider(), QStringLiteral("write_file"),
                       args({{QStringLiteral("path"), QStringLiteral("doc.txt")}, {QStringLiteral("from_key"), key}}), c, 60000);
        CALL_OK(out);
        QVERIFY2(out.text().startsWith(QStringLiteral("Overwrote")), qPrintable(out.text()));
        QVERIFY(files.bytes(QStringLiteral("doc.txt")) == bytes);

        // content and from_key together are refused; a deleted document is named as such.
        out = callTool(files.provider(), QStringLiteral("write_file"),
                       args({{QStringLiteral("path"), QStringLiteral("x.txt")}, {QStringLiteral("from_key"), key},
                             {QStringLiteral("content"), QStringLiteral("x")}}),
                       c);
        CALL_FAILS(out);
        out = call(QStringLiteral("delete_document"), {{QStringLiteral("key"), key}});
        CALL_OK(out);
        out = callTool(files.provider(), QStringLiteral("write_file"),
                       args({{QStringLiteral("path"), QStringLiteral("x.txt")}, {QStringLiteral("from_key"), key}}), c);
        CALL_FAILS(out);
        QVERIFY2(out.text().contains(QStringLiteral("was deleted on")), qPrintable(out.text()));
        QVERIFY(!QFileInfo::exists(files.path(QStringLiteral("x.txt"))));

        // Plain content still works as before.
        out = callTool(files.provider(), QStringLiteral("write_file"),
                       args({{QStringLiteral("path"), QStringLiteral("plain.txt")}, {QStringLiteral("content"), QStringLiteral("hi\n")}}), c);
        CALL_OK(out);
        QCOMPARE(files.bytes(QStringLiteral("plain.txt")), QByteArray("hi\n"));
    }

    void writeFileFromCallTakesTheRecordedResult()
    {
        FilesystemToolFixture files;
        QVERIFY(files.isValid());
        const QString recordPath = m_dir->filePath(QStringLiteral("sessions.db"));
        {
            Result<std::unique_ptr<SessionStore>> opened = SessionStore::open(recordPath);
            VALIS_VERIFY_OK(opened);
            SessionInfo info;
            info.id = QStringLiteral("s-1");
            VALIS_VERIFY_OK((*opened)->createSession(info));
            Message result;
            result.role = Role::Tool;
            result.parts = {Part::makeToolResultText(QStringLiteral("toolu_ls"), QStringLiteral("a.txt\nb.txt\n"))};
            VALIS_VERIFY_OK((*opened)->appendMessage(QStringLiteral("s-1"), result));
            // A captured call: the record has the whole result, the file gets the stored output.
            Message big;
            big.role = Role::Tool;
            Part part = Part::makeToolResultText(QStringLiteral("toolu_big"), QStringLiteral("Exit code 0\n") + QString::fromUtf8(numberedLines(50)));
            part.captured.key = captured(numberedLines(50));
            part.captured.placeholder = QStringLiteral("[MemoryRef: %1 - rows]").arg(part.captured.key);
            big.parts = {part};
            VALIS_VERIFY_OK((*opened)->appendMessage(QStringLiteral("s-1"), big));
        }
        ToolContext c = files.context();
        c.memory = m_store.get();
        c.sessionId = QStringLiteral("s-1");
        c.sessionStorePath = recordPath;
        ToolCallOutcome out = callTool(files.provider(), QStringLiteral("write_file"),
                                       args({{QStringLiteral("path"), QStringLiteral("list.txt")}, {QStringLiteral("from_call"), QStringLiteral("toolu_ls")}}), c);
        CALL_OK(out);
        QCOMPARE(files.bytes(QStringLiteral("list.txt")), QByteArray("a.txt\nb.txt\n"));
        out = callTool(files.provider(), QStringLiteral("write_file"),
                       args({{QStringLiteral("path"), QStringLiteral("rows.txt")}, {QStringLiteral("from_call"), QStringLiteral("toolu_big")}}), c);
        CALL_OK(out);
        QCOMPARE(files.bytes(QStringLiteral("rows.txt")), numberedLines(50));
        out = callTool(files.provider(), QStringLiteral("write_file"),
                       args({{QStringLiteral("path"), QStringLiteral("none.txt")}, {QStringLiteral("from_call"), QStringLiteral("toolu_nope")}}), c);
        CALL_FAILS(out);
        QVERIFY2(out.text().contains(QStringLiteral("No tool call toolu_nope")), qPrintable(out.text()));

        // save_document from a call, then write it out.
        out = call(QStringLiteral("save_document"), {{QStringLiteral("name"), QStringLiteral("listing")},
                                                     {QStringLiteral("from_call"), QStringLiteral("toolu_ls")}});
        QVERIFY(out.finished);
        // The documents provider's context has no record path: it says so instead of guessing.
        CALL_FAILS(out);
        ToolContext withRecord = context();
        withRecord.sessionStorePath = recordPath;
        out = callTool(m_documents, QStringLiteral("save_document"),
                       args({{QStringLiteral("name"), QStringLiteral("listing")}, {QStringLiteral("from_call"), QStringLiteral("toolu_ls")}}),
                       withRecord);
        CALL_OK(out);
        QVERIFY2(out.text().contains(QStringLiteral("from the result of call toolu_ls")), qPrintable(out.text()));
    }
};

VALIS_TEST_MAIN(TestDocumentTools)
#include "tst_documenttools.moc"
