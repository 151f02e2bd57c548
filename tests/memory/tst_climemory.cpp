// `valis-cli memory`: the real binary over a SQLite store and over a real PostgreSQL server,
// with records made through the store API.
#include "postgresserver.h"
#include "testsupport.h"

#include "valis/core/datalocations.h"
#include "valis/memory/detailstore.h"
#include "valis/memory/memorysettings.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

using namespace valis;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QString err;
    QString text() const { return QString::fromUtf8(out); }
};

/// A store the test fills through the API and the CLI reaches with `storeArguments`.
struct Store
{
    std::shared_ptr<DetailStore> api;
    QStringList storeArguments; ///< {"--store", "sqlite:..."} or {"--store", "postgresql://..."}
    QString url;                ///< the --store value
};

/// What fill() stored.
struct Filled
{
    MemoryRecord build;    ///< 5,000 lines of command output (alpha, session s-1)
    MemoryRecord note;     ///< "zebrafish" (alpha)
    MemoryRecord binary;   ///< not UTF-8 at all (beta)
    MemoryRecord bom;      ///< UTF-8 with a byte-order mark (beta)
    MemoryRecord noNewline;///< a last line without '\n' (alpha)
    MemoryRecord file;     ///< /memories/notes/build.md (alpha, session s-1)
    QByteArray buildContent;
};

QByteArray buildOutput()
{
    QByteArray content;
    for (int line = 1; line <= 5000; ++line)
        content += "line " + QByteArray::number(line) + " of the build output\n";
    return content;
}

QByteArray linesOf(const QByteArray &content, int first, int last)
{
    const QList<QByteArray> lines = content.split('\n');
    QByteArray result;
    for (int line = first; line <= last; ++line)
        result += lines.at(line - 1) + '\n';
    return result;
}

QByteArray binaryBytes()
{
    QByteArray bytes;
    for (int i = 0; i < 600; ++i)
        bytes.append(char((i * 37 + 11) % 256));
    bytes.append('\0').append("\xff\xfe\xc3(", 4);
    return bytes;
}

/// JSON lines of standard output, the header line of an export left out.
QList<QJsonObject> jsonLines(const QByteArray &out)
{
    QList<QJsonObject> objects;
    for (const QByteArray &line : out.split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        const QJsonObject object = QJsonDocument::fromJson(line).object();
        if (object.contains(QLatin1String("format")))
            continue;
        objects.append(object);
    }
    return objects;
}

QStringList keysOf(const QList<QJsonObject> &objects)
{
    QStringList keys;
    for (const QJsonObject &object : objects)
        keys.append(object.value(QLatin1String("key")).toString());
    keys.sort();
    return keys;
}

/// Export lines by key, without what legitimately differs between stores (creation time).
QMap<QString, QJsonObject> comparable(const QList<QJsonObject> &objects)
{
    QMap<QString, QJsonObject> byKey;
    for (QJsonObject object : objects) {
        object.remove(QLatin1String("created_at"));
        byKey.insert(object.value(QLatin1String("key")).toString(), object);
    }
    return byKey;
}

} // namespace

class TestCliMemory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void helpAndUsage();
    void listFilters_data();
    void listFilters();
    void showIsByteExact_data();
    void showIsByteExact();
    void search_data();
    void search();
    void removeAndPurge_data();
    void removeAndPurge();
    void unknownKeyNamesSimilarKeys_data();
    void unknownKeyNamesSimilarKeys();
    void exportImportRoundTrip_data();
    void exportImportRoundTrip();
    void importRefusesBrokenFiles();
    void configChoosesTheStore();
    void postgresConfigAndPasswordNeverShown();
    void passwordSources();
    void keychainPassword();

private:
    /// The address (without password) of a database whose owner must give a password.
    Result<QString> passwordDatabase();
    void addBackendRows();
    Store makeStore(const QString &backend);
    Filled fill(DetailStore &store);
    /// Runs `valis-cli --home HOME memory ARGUMENTS` (`arguments` starting with "keys" run that
    /// command instead), with `environment` added.
    Run cli(const QStringList &arguments, const QByteArray &input = {},
            const QProcessEnvironment &environment = QProcessEnvironment());

    std::unique_ptr<test::PostgresServer> m_server;
    QString m_serverError;
    std::unique_ptr<test::TemporaryHome> m_home;
    int m_stores = 0;
    QString m_passwordDatabase;
};

namespace {
const QString PasswordUser = QStringLiteral("keyuser");
const QString Password = QStringLiteral("k3ych41n-pw");
} // namespace

void TestCliMemory::initTestCase()
{
    Result<std::unique_ptr<test::PostgresServer>> server = test::PostgresServer::start();
    if (server.ok())
        m_server = std::move(server).value();
    else
        m_serverError = server.error().toString();
}

void TestCliMemory::init()
{
    m_home = std::make_unique<test::TemporaryHome>();
}

void TestCliMemory::addBackendRows()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgresql") << QStringLiteral("postgresql");
}

Store TestCliMemory::makeStore(const QString &backend)
{
    Store store;
    MemorySettings settings;
    if (backend == QLatin1String("sqlite")) {
        const QString path = m_home->filePath(QStringLiteral("stores/store-%1.db").arg(++m_stores));
        settings.sqlitePath = path;
        store.url = QStringLiteral("sqlite:") + path;
    } else {
        if (!m_server)
            return store;
        Result<PostgresConnection> database = m_server->createDatabase();
        if (database.hasError()) {
            qWarning("%s", qPrintable(database.error().toString()));
            return store;
        }
        settings.backend = MemorySettings::Backend::Postgres;
        settings.postgres = database.value();
        store.url = database->toUrl();
    }
    Result<std::shared_ptr<DetailStore>> opened = openDetailStore(settings, DataLocations::underHome(m_home->path()));
    if (opened.hasError()) {
        qWarning("%s", qPrintable(opened.error().toString()));
        return store;
    }
    store.api = opened.value();
    store.storeArguments = {QStringLiteral("--store"), store.url};
    return store;
}

#define MAKE_STORE(var, backend)                                                                   \
    if ((backend) == QLatin1String("postgresql") && !m_server)                                   \
        QSKIP(qPrintable(QStringLiteral("no PostgreSQL server: ") + m_serverError));             \
    const Store var = makeStore(backend);                                                        \
    QVERIFY2(var.api, "the store did not open")

Filled TestCliMemory::fill(DetailStore &store)
{
    Filled filled;
    const auto put = [&store](const QString &agent, const QString &session, const char *type, const QString &summary,
                              const QByteArray &content, const QJsonObject &metadata = {}) {
        NewMemory memory;
        memory.agentId = agent;
        memory.sessionId = session;
        memory.type = QLatin1String(type);
        memory.summary = summary;
        memory.content = content;
        memory.metadata = metadata;
        Result<MemoryRecord> record = store.put(memory);
        if (record.hasError())
            qFatal("put failed: %s", qPrintable(record.error().toString()));
        return record.value();
    };
    filled.buildContent = buildOutput();
    filled.build = put(QStringLiteral("alpha"), QStringLiteral("s-1"), MemoryType::CommandOutput, QStringLiteral("npm install log"),
                       filled.buildContent,
                       QJsonObject{{QStringLiteral("command"), QStringLiteral("npm install")}, {QStringLiteral("exit_code"), 0}});
    filled.note = put(QStringLiteral("alpha"), QString(), MemoryType::Note, QStringLiteral("how deploys switch"),
                      "Deploys use the zebrafish blue-green switch.\n");
    filled.binary = put(QStringLiteral("beta"), QStringLiteral("s-2"), MemoryType::ToolResult, QStringLiteral("binary blob"), binaryBytes());
    filled.bom = put(QStringLiteral("beta"), QString(), MemoryType::Note, QStringLiteral("text with a byte-order mark"),
                     QByteArray("\xef\xbb\xbf") + "marked text\n");
    filled.noNewline = put(QStringLiteral("alpha"), QString(), MemoryType::Note, QStringLiteral("no final newline"),
                           "first line\nlast line without newline");
    Result<MemoryRecord> file = store.writeFile(QStringLiteral("alpha"), QStringLiteral("notes/build.md"),
                                                "# Build\nUse ninja with -j2.\n", QStringLiteral("s-1"));
    if (file.hasError())
        qFatal("writeFile failed: %s", qPrintable(file.error().toString()));
    filled.file = file.value();
    return filled;
}

Run TestCliMemory::cli(const QStringList &arguments, const QByteArray &input, const QProcessEnvironment &extra)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"VALIS_HOME", "PGPASSWORD", "VALIS_MEMORY_PASSWORD", "PGPASSFILE", "DISPLAY", "WAYLAND_DISPLAY"})
        environment.remove(QLatin1String(name));
    environment.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
    // No keychain to ask, unless the test runs inside with-keyring.sh's private one.
    if (qEnvironmentVariableIsEmpty("VALIS_TEST_KEYRING"))
        environment.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QStringLiteral("unix:path=/nonexistent/valis-no-session-bus"));
    // Never the person's ~/.pgpass.
    environment.insert(QStringLiteral("PGPASSFILE"), m_home->filePath(QStringLiteral("no-pgpass")));
    environment.insert(extra);
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(m_home->path());
    const QStringList command = !arguments.isEmpty() && arguments.first() == QLatin1String("keys")
                                    ? arguments
                                    : QStringList{QStringLiteral("memory")} + arguments;
    process.start(test::buildDir() + QStringLiteral("/bin/valis-cli"), QStringList{QStringLiteral("--home"), m_home->path()} + command);
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    Run run;
    if (!process.waitForFinished(120000)) {
        run.err = QStringLiteral("valis-cli did not finish: ") + process.errorString();
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = process.readAllStandardOutput();
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

void TestCliMemory::helpAndUsage()
{
    Run run = cli({});
    QCOMPARE(run.exitCode, 2);
    for (const char *subcommand : {"list", "show", "search", "rm", "export", "import"})
        QVERIFY2(run.err.contains(QLatin1String(subcommand)), qPrintable(run.err));
    QVERIFY(run.err.contains(QLatin1String("--store")));

    run = cli({QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.text().contains(QLatin1String("export")));

    run = cli({QStringLiteral("lsit")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QLatin1String("lsit")) && run.err.contains(QLatin1String("list")), qPrintable(run.err));

    run = cli({QStringLiteral("show"), QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.text().contains(QLatin1String("valis-cli memory show")), qPrintable(run.text()));
    QVERIFY(run.text().contains(QLatin1String("--bytes")));

    run = cli({QStringLiteral("list"), QStringLiteral("--limit"), QStringLiteral("zero")});
    QCOMPARE(run.exitCode, 2);
    run = cli({QStringLiteral("list"), QStringLiteral("--store"), QStringLiteral("mysql://db/x")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QLatin1String("sqlite:PATH")), qPrintable(run.err));
    run = cli({QStringLiteral("show"), QStringLiteral("m-1"), QStringLiteral("--offset"), QStringLiteral("3"),
               QStringLiteral("--bytes"), QStringLiteral("0:4")});
    QCOMPARE(run.exitCode, 2);
    run = cli({QStringLiteral("search")});
    QCOMPARE(run.exitCode, 2);
    run = cli({QStringLiteral("rm")});
    QCOMPARE(run.exitCode, 2);

    // The top-level help lists the command.
    QProcess process;
    process.start(test::buildDir() + QStringLiteral("/bin/valis-cli"), {QStringLiteral("--help")});
    QVERIFY(process.waitForFinished(60000));
    QVERIFY(process.readAllStandardOutput().contains("memory"));
}

void TestCliMemory::listFilters_data()
{
    addBackendRows();
}

void TestCliMemory::listFilters()
{
    QFETCH(QString, backend);
    MAKE_STORE(store, backend);
    const Filled filled = fill(*store.api);
    const QStringList all = QStringList{filled.build.key, filled.note.key, filled.binary.key, filled.bom.key,
                                        filled.noNewline.key, filled.file.key};

    Run run = cli(store.storeArguments + QStringList{QStringLiteral("list"), QStringLiteral("--json")});
    QCOMPARE(run.exitCode, 0);
    QStringList expected = all;
    expected.sort();
    QCOMPARE(keysOf(jsonLines(run.out)), expected);
    // Newest first, without content.
    const QList<QJsonObject> listed = jsonLines(run.out);
    QCOMPARE(listed.first().value(QLatin1String("key")).toString(), filled.file.key);
    QVERIFY(!listed.first().contains(QLatin1String("content")));
    for (const QJsonObject &object : listed) {
        if (object.value(QLatin1String("key")).toString() == filled.build.key) {
            QCOMPARE(object.value(QLatin1String("line_count")).toInt(), 5000);
            QCOMPARE(object.value(QLatin1String("size_bytes")).toInteger(), filled.buildContent.size());
            QCOMPARE(object.value(QLatin1String("metadata")).toObject().value(QLatin1String("command")).toString(),
                     QStringLiteral("npm install"));
            QCOMPARE(object.value(QLatin1String("session_id")).toString(), QStringLiteral("s-1"));
        }
    }

    const auto listedKeys = [&](const QStringList &options) {
        const Run filtered = cli(store.storeArguments + QStringList{QStringLiteral("list"), QStringLiteral("--json")} + options);
        if (filtered.exitCode != 0)
            qWarning("%s", qPrintable(filtered.err));
        return keysOf(jsonLines(filtered.out));
    };
    expected = QStringList{filled.build.key, filled.note.key, filled.noNewline.key, filled.file.key};
    expected.sort();
    QCOMPARE(listedKeys({QStringLiteral("--agent"), QStringLiteral("alpha")}), expected);
    expected = QStringList{filled.note.key, filled.bom.key, filled.noNewline.key};
    expected.sort();
    QCOMPARE(listedKeys({QStringLiteral("--type"), QStringLiteral("note")}), expected);
    expected = QStringList{filled.build.key, filled.file.key};
    expected.sort();
    QCOMPARE(listedKeys({QStringLiteral("--session"), QStringLiteral("s-1")}), expected);
    QCOMPARE(listedKeys({QStringLiteral("--files")}), QStringList{filled.file.key});

    // The table: a header and one line per record; files show their /memories/ path.
    run = cli(store.storeArguments + QStringList{QStringLiteral("list"), QStringLiteral("--files")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.text().contains(QLatin1String("/memories/notes/build.md")), qPrintable(run.text()));
    QVERIFY(!run.text().contains(filled.build.key));
    run = cli(store.storeArguments + QStringList{QStringLiteral("list")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.text().contains(QLatin1String("npm install log")));
    QCOMPARE(run.text().split(QLatin1Char('\n'), Qt::SkipEmptyParts).size(), 7);

    // A limit says that there is more.
    run = cli(store.storeArguments + QStringList{QStringLiteral("list"), QStringLiteral("--limit"), QStringLiteral("2")});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.text().split(QLatin1Char('\n'), Qt::SkipEmptyParts).size(), 3);
    QVERIFY2(run.err.contains(QLatin1String("--limit")), qPrintable(run.err));

    run = cli(store.storeArguments + QStringList{QStringLiteral("stats")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.text().contains(store.api->description()), qPrintable(run.text()));
    run = cli(store.storeArguments + QStringList{QStringLiteral("stats"), QStringLiteral("--json")});
    QCOMPARE(QJsonDocument::fromJson(run.out).object().value(QLatin1String("records")).toInt(), 6);
}

void TestCliMemory::showIsByteExact_data()
{
    addBackendRows();
}

void TestCliMemory::showIsByteExact()
{
    QFETCH(QString, backend);
    MAKE_STORE(store, backend);
    const Filled filled = fill(*store.api);
    const auto show = [&](const QStringList &arguments) {
        return cli(store.storeArguments + QStringList{QStringLiteral("show")} + arguments);
    };

    Run run = show({filled.build.key});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, filled.buildContent);
    QVERIFY2(run.err.contains(filled.build.key) && run.err.contains(QLatin1String("npm install log"))
                 && run.err.contains(QLatin1String("5000")),
             qPrintable(run.err));

    // A page of lines: exactly lines 2,000 to 2,100.
    run = show({filled.build.key, QStringLiteral("--offset"), QStringLiteral("2000"), QStringLiteral("--limit"), QStringLiteral("101")});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, linesOf(filled.buildContent, 2000, 2100));
    QVERIFY2(run.err.contains(QLatin1String("2000-2100")) && run.err.contains(QLatin1String("2900")), qPrintable(run.err));
    run = show({filled.build.key, QStringLiteral("--offset"), QStringLiteral("4990")});
    QCOMPARE(run.out, linesOf(filled.buildContent, 4990, 5000));
    run = show({filled.build.key, QStringLiteral("--offset"), QStringLiteral("6000")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.out.isEmpty());

    // Bytes that are not text, whole and a slice.
    run = show({filled.binary.key});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, binaryBytes());
    run = show({filled.binary.key, QStringLiteral("--bytes"), QStringLiteral("3:5")});
    QCOMPARE(run.out, binaryBytes().mid(3, 5));
    run = show({filled.binary.key, QStringLiteral("--json")});
    QJsonObject object = QJsonDocument::fromJson(run.out).object();
    QVERIFY(!object.contains(QLatin1String("content")));
    QCOMPARE(QByteArray::fromBase64(object.value(QLatin1String("content_base64")).toString().toLatin1()), binaryBytes());
    run = show({filled.bom.key});
    QCOMPARE(run.out, QByteArray("\xef\xbb\xbf") + "marked text\n");

    run = show({filled.noNewline.key});
    QCOMPARE(run.out, QByteArray("first line\nlast line without newline"));
    run = show({filled.note.key, QStringLiteral("--json")});
    object = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(object.value(QLatin1String("content")).toString(), QStringLiteral("Deploys use the zebrafish blue-green switch.\n"));
    QCOMPARE(object.value(QLatin1String("summary")).toString(), QStringLiteral("how deploys switch"));
    run = show({filled.build.key, QStringLiteral("--json"), QStringLiteral("--offset"), QStringLiteral("10"), QStringLiteral("--limit"),
                QStringLiteral("5")});
    object = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(object.value(QLatin1String("content")).toString().toUtf8(), linesOf(filled.buildContent, 10, 14));
    QCOMPARE(object.value(QLatin1String("page")).toObject().value(QLatin1String("remaining")).toInt(), 4986);

    // A /memories/ path and a pasted placeholder name records too.
    run = show({QStringLiteral("/memories/notes/build.md"), QStringLiteral("--agent"), QStringLiteral("alpha")});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, QByteArray("# Build\nUse ninja with -j2.\n"));
    run = show({QStringLiteral("[MemoryRef: %1 - npm install log, 5000 lines]").arg(filled.build.key), QStringLiteral("--limit"),
                QStringLiteral("1")});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, QByteArray("line 1 of the build output\n"));
}

void TestCliMemory::search_data()
{
    addBackendRows();
}

void TestCliMemory::search()
{
    QFETCH(QString, backend);
    MAKE_STORE(store, backend);
    const Filled filled = fill(*store.api);
    const auto search = [&](const QStringList &arguments) {
        return cli(store.storeArguments + QStringList{QStringLiteral("search")} + arguments);
    };
    Run run = search({QStringLiteral("zebrafish")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.text().contains(filled.note.key), qPrintable(run.text() + run.err));
    QVERIFY(!run.text().contains(filled.build.key));

    run = search({QStringLiteral("zebrafish"), QStringLiteral("--type"), QStringLiteral("command_output")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(!run.text().contains(filled.note.key));

    run = search({QStringLiteral("ninja"), QStringLiteral("--agent"), QStringLiteral("alpha"), QStringLiteral("--json")});
    QCOMPARE(run.exitCode, 0);
    const QList<QJsonObject> hits = jsonLines(run.out);
    QCOMPARE(keysOf(hits), QStringList{filled.file.key});
    QVERIFY(hits.first().contains(QLatin1String("score")));
    QCOMPARE(hits.first().value(QLatin1String("path")).toString(), QStringLiteral("notes/build.md"));

    run = search({QStringLiteral("ninja"), QStringLiteral("--agent"), QStringLiteral("beta")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.isEmpty());
    QVERIFY(!run.err.isEmpty());
}

void TestCliMemory::removeAndPurge_data()
{
    addBackendRows();
}

void TestCliMemory::removeAndPurge()
{
    QFETCH(QString, backend);
    MAKE_STORE(store, backend);
    const Filled filled = fill(*store.api);
    const auto run = [&](const QStringList &arguments) { return cli(store.storeArguments + arguments); };
    const auto listed = [&](const QStringList &options) {
        return keysOf(jsonLines(run(QStringList{QStringLiteral("list"), QStringLiteral("--json")} + options).out));
    };

    Run removed = run({QStringLiteral("rm"), filled.note.key});
    QCOMPARE(removed.exitCode, 0);
    QVERIFY(!listed({}).contains(filled.note.key));
    QVERIFY(listed({QStringLiteral("--all")}).contains(filled.note.key));
    QVERIFY(!run({QStringLiteral("search"), QStringLiteral("zebrafish")}).text().contains(filled.note.key));
    // Still readable: a MemoryRef in an old session keeps working.
    Run shown = run({QStringLiteral("show"), filled.note.key});
    QCOMPARE(shown.exitCode, 0);
    QCOMPARE(shown.out, QByteArray("Deploys use the zebrafish blue-green switch.\n"));
    QVERIFY2(shown.err.contains(QLatin1String("inactive")), qPrintable(shown.err));

    removed = run({QStringLiteral("rm"), QStringLiteral("--purge"), filled.note.key});
    QCOMPARE(removed.exitCode, 0);
    QCOMPARE(run({QStringLiteral("show"), filled.note.key}).exitCode, 1);
    QVERIFY(!listed({QStringLiteral("--all")}).contains(filled.note.key));

    // A /memories/ path: removed for the agent, kept as an inactive version until purged.
    removed = run({QStringLiteral("rm"), QStringLiteral("/memories/notes/build.md"), QStringLiteral("--agent"), QStringLiteral("alpha")});
    QCOMPARE(removed.exitCode, 0);
    QCOMPARE(run({QStringLiteral("show"), QStringLiteral("/memories/notes/build.md"), QStringLiteral("--agent"), QStringLiteral("alpha")})
                 .exitCode,
             1);
    QVERIFY(listed({QStringLiteral("--files")}).isEmpty());
    QCOMPARE(listed({QStringLiteral("--files"), QStringLiteral("--all")}), QStringList{filled.file.key});
    removed = run({QStringLiteral("rm"), QStringLiteral("--purge"), QStringLiteral("/memories/notes/build.md"), QStringLiteral("--agent"),
                   QStringLiteral("alpha")});
    QCOMPARE(removed.exitCode, 0);
    QVERIFY(listed({QStringLiteral("--files"), QStringLiteral("--all")}).isEmpty());

    // Several at once; one unknown key fails the run but not the others.
    removed = run({QStringLiteral("rm"), filled.build.key, QStringLiteral("m-000000"), filled.noNewline.key});
    QCOMPARE(removed.exitCode, 1);
    QVERIFY2(removed.err.contains(QLatin1String("m-000000")), qPrintable(removed.err));
    const QStringList left = listed({});
    QVERIFY(!left.contains(filled.build.key));
    QVERIFY(!left.contains(filled.noNewline.key));
    QStringList expected = {filled.binary.key, filled.bom.key};
    expected.sort();
    QCOMPARE(left, expected);
}

void TestCliMemory::unknownKeyNamesSimilarKeys_data()
{
    addBackendRows();
}

void TestCliMemory::unknownKeyNamesSimilarKeys()
{
    QFETCH(QString, backend);
    MAKE_STORE(store, backend);
    const Filled filled = fill(*store.api);
    QString typo = filled.build.key;
    typo[typo.size() - 1] = typo.endsWith(QLatin1Char('0')) ? QLatin1Char('1') : QLatin1Char('0');
    for (const char *subcommand : {"show", "rm"}) {
        const Run run = cli(store.storeArguments + QStringList{QString::fromLatin1(subcommand), typo});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains(typo) && run.err.contains(filled.build.key), qPrintable(run.err));
    }
    // Nothing was removed by the failed rm.
    QVERIFY(keysOf(jsonLines(cli(store.storeArguments + QStringList{QStringLiteral("list"), QStringLiteral("--json")}).out))
                .contains(filled.build.key));
}

void TestCliMemory::exportImportRoundTrip_data()
{
    QTest::addColumn<QString>("via");
    QTest::newRow("sqlite to sqlite") << QStringLiteral("sqlite");
    QTest::newRow("sqlite to postgresql to sqlite") << QStringLiteral("postgresql");
}

void TestCliMemory::exportImportRoundTrip()
{
    QFETCH(QString, via);
    MAKE_STORE(source, QStringLiteral("sqlite"));
    MAKE_STORE(middle, via);
    MAKE_STORE(target, QStringLiteral("sqlite"));
    const Filled filled = fill(*source.api);
    // History an export must keep: a removed record and a replaced version of a file.
    VALIS_VERIFY_OK(source.api->deactivate(filled.note.key));
    Result<MemoryRecord> second = source.api->writeFile(QStringLiteral("alpha"), QStringLiteral("notes/build.md"),
                                                        "# Build\nUse ninja with -j4 now.\n");
    VALIS_VERIFY_OK(second);

    const QString exported = m_home->filePath(QStringLiteral("source.jsonl"));
    Run run = cli(source.storeArguments + QStringList{QStringLiteral("export"), QStringLiteral("--all"), QStringLiteral("-o"), exported});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains(QLatin1String("7")), qPrintable(run.err));
    QFile file(exported);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray sourceExport = file.readAll();
    file.close();
    const QList<QJsonObject> sourceRecords = jsonLines(sourceExport);
    QCOMPARE(sourceRecords.size(), 7);
    // The header carries the format and its version.
    const QJsonObject header = QJsonDocument::fromJson(sourceExport.left(sourceExport.indexOf('\n'))).object();
    QCOMPARE(header.value(QLatin1String("format")).toString(), QStringLiteral("valis-memory"));
    QCOMPARE(header.value(QLatin1String("version")).toInt(), 1);
    // Oldest first; text as text, the rest as base64.
    QCOMPARE(sourceRecords.first().value(QLatin1String("key")).toString(), filled.build.key);
    for (const QJsonObject &record : sourceRecords) {
        const QString key = record.value(QLatin1String("key")).toString();
        // A byte-order mark is exact UTF-8 (U+FEFF) and stays text.
        const bool base64 = key == filled.binary.key;
        QVERIFY2(record.contains(QLatin1String("content_base64")) == base64, qPrintable(key));
        QVERIFY2(record.contains(QLatin1String("content")) == !base64, qPrintable(key));
    }

    run = cli(middle.storeArguments + QStringList{QStringLiteral("import"), exported});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains(QLatin1String("7")), qPrintable(run.err));
    // Standard output works both ways too.
    run = cli(middle.storeArguments + QStringList{QStringLiteral("export"), QStringLiteral("--all")});
    QCOMPARE(run.exitCode, 0);
    const QByteArray middleExport = run.out;
    QCOMPARE(comparable(jsonLines(middleExport)), comparable(sourceRecords));

    run = cli(target.storeArguments + QStringList{QStringLiteral("import"), QStringLiteral("-")}, middleExport);
    QCOMPARE(run.exitCode, 0);
    run = cli(target.storeArguments + QStringList{QStringLiteral("export"), QStringLiteral("--all")});
    QCOMPARE(comparable(jsonLines(run.out)), comparable(sourceRecords));

    // Byte-exact content and the state of every record in the final store.
    run = cli(target.storeArguments + QStringList{QStringLiteral("show"), filled.binary.key});
    QCOMPARE(run.out, binaryBytes());
    run = cli(target.storeArguments + QStringList{QStringLiteral("show"), filled.bom.key});
    QCOMPARE(run.out, QByteArray("\xef\xbb\xbf") + "marked text\n");
    run = cli(target.storeArguments + QStringList{QStringLiteral("show"), filled.build.key, QStringLiteral("--offset"),
                                                  QStringLiteral("2000"), QStringLiteral("--limit"), QStringLiteral("101")});
    QCOMPARE(run.out, linesOf(filled.buildContent, 2000, 2100));
    run = cli(target.storeArguments + QStringList{QStringLiteral("show"), QStringLiteral("/memories/notes/build.md"),
                                                  QStringLiteral("--agent"), QStringLiteral("alpha")});
    QCOMPARE(run.out, QByteArray("# Build\nUse ninja with -j4 now.\n"));
    QVERIFY(!keysOf(jsonLines(cli(target.storeArguments + QStringList{QStringLiteral("list"), QStringLiteral("--json")}).out))
                 .contains(filled.note.key));

    // Importing again changes nothing.
    run = cli(middle.storeArguments + QStringList{QStringLiteral("import"), exported});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains(QLatin1String("already there")), qPrintable(run.err));
    run = cli(middle.storeArguments + QStringList{QStringLiteral("export"), QStringLiteral("--all")});
    QCOMPARE(jsonLines(run.out).size(), 7);

    // Filters: one agent's active records.
    run = cli(source.storeArguments + QStringList{QStringLiteral("export"), QStringLiteral("--agent"), QStringLiteral("beta")});
    QStringList expected = {filled.binary.key, filled.bom.key};
    expected.sort();
    QCOMPARE(keysOf(jsonLines(run.out)), expected);
}

void TestCliMemory::importRefusesBrokenFiles()
{
    MAKE_STORE(source, QStringLiteral("sqlite"));
    MAKE_STORE(target, QStringLiteral("sqlite"));
    fill(*source.api);
    Run run = cli(source.storeArguments + QStringList{QStringLiteral("export")});
    QCOMPARE(run.exitCode, 0);
    const QByteArray good = run.out;
    const QString path = m_home->filePath(QStringLiteral("broken.jsonl"));
    const auto importing = [&](const QByteArray &bytes) {
        test::writeFile(path, bytes);
        return cli(target.storeArguments + QStringList{QStringLiteral("import"), path});
    };
    const auto targetIsEmpty = [&] {
        return jsonLines(cli(target.storeArguments + QStringList{QStringLiteral("list"), QStringLiteral("--all"), QStringLiteral("--json")})
                             .out)
            .isEmpty();
    };

    // Content changed after export: caught by its checksum, on its line, before anything is
    // written (the good lines before it are not imported either).
    QByteArray tampered = good;
    const qsizetype at = tampered.lastIndexOf("zebrafish");
    QVERIFY(at > 0);
    tampered[at] = 'Z';
    const int line = int(tampered.left(at).count('\n')) + 1;
    run = importing(tampered);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral(":%1").arg(line)) && run.err.contains(QLatin1String("sha256")), qPrintable(run.err));
    QVERIFY(targetIsEmpty());

    run = importing(good.left(good.indexOf('\n') + 1) + "{not json\n");
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QLatin1String(":2")), qPrintable(run.err));

    QByteArray future = good;
    future.replace("\"version\":1", "\"version\":99");
    run = importing(future);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QLatin1String("99")), qPrintable(run.err));

    run = importing(good.mid(good.indexOf('\n') + 1));
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QLatin1String("header")), qPrintable(run.err));

    run = importing(good.left(good.indexOf('\n') + 1) + "{\"key\": \"m-1\", \"agent_id\": \"a\", \"type\": \"note\"}\n");
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QLatin1String("content")), qPrintable(run.err));
    QVERIFY(targetIsEmpty());

    run = cli(target.storeArguments + QStringList{QStringLiteral("import"), m_home->filePath(QStringLiteral("absent.jsonl"))});
    QCOMPARE(run.exitCode, 1);
}

void TestCliMemory::configChoosesTheStore()
{
    const DataLocations locations = DataLocations::underHome(m_home->path());
    // No configuration: the profile's own SQLite store.
    Result<std::shared_ptr<DetailStore>> profile = openDetailStore(MemorySettings(), locations);
    VALIS_VERIFY_OK(profile);
    NewMemory memory;
    memory.content = "in the profile's store\n";
    Result<MemoryRecord> stored = (*profile)->put(memory);
    VALIS_VERIFY_OK(stored);
    Run run = cli({QStringLiteral("list"), QStringLiteral("--json")});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(keysOf(jsonLines(run.out)), QStringList{stored->key});

    // memory.json naming another SQLite file (relative to the data folder).
    QVERIFY(test::writeFile(locations.memorySettingsPath(), "{\"version\": 1, \"sqlitePath\": \"other.db\"}"));
    run = cli({QStringLiteral("list"), QStringLiteral("--json")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(jsonLines(run.out).isEmpty());
    QVERIFY(QFile::exists(QDir(locations.dataDir()).filePath(QStringLiteral("other.db"))));

    // --store wins over the configuration for one run, relative to the current folder.
    run = cli({QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--store"),
               QStringLiteral("sqlite:") + QDir(m_home->path()).relativeFilePath(locations.memoryDatabasePath())});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(keysOf(jsonLines(run.out)), QStringList{stored->key});

    // A broken configuration is reported, naming the file and the field.
    QVERIFY(test::writeFile(locations.memorySettingsPath(), "{\"backend\": \"mysql\"}"));
    run = cli({QStringLiteral("list")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QLatin1String("memory.json")) && run.err.contains(QLatin1String("backend")), qPrintable(run.err));
}

void TestCliMemory::postgresConfigAndPasswordNeverShown()
{
    if (!m_server)
        QSKIP(qPrintable(QStringLiteral("no PostgreSQL server: ") + m_serverError));
    MAKE_STORE(store, QStringLiteral("postgresql"));
    const Filled filled = fill(*store.api);
    const DataLocations locations = DataLocations::underHome(m_home->path());
    QVERIFY(test::writeFile(locations.memorySettingsPath(),
                            QJsonDocument(QJsonObject{{QStringLiteral("backend"), QStringLiteral("postgresql")},
                                                      {QStringLiteral("postgresql"), store.url}})
                                .toJson()));
    Run run = cli({QStringLiteral("list"), QStringLiteral("--json")});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(jsonLines(run.out).size(), 6);
    run = cli({QStringLiteral("show"), filled.build.key, QStringLiteral("--offset"), QStringLiteral("2000"), QStringLiteral("--limit"),
               QStringLiteral("101")});
    QCOMPARE(run.out, linesOf(filled.buildContent, 2000, 2100));

    // A password in the address works at run time (trust accepts any) and never shows, not
    // even when the server cannot be reached.
    Result<PostgresConnection> withPassword = PostgresConnection::fromUrl(store.url);
    VALIS_VERIFY_OK(withPassword);
    const QString address = QStringLiteral("postgresql://valis:Pa55w0rdX@127.0.0.1:%1/%2").arg(m_server->port()).arg(withPassword->database);
    run = cli({QStringLiteral("stats"), QStringLiteral("--store"), address});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(!run.text().contains(QLatin1String("Pa55w0rdX")));
    run = cli({QStringLiteral("stats"), QStringLiteral("--store"), QStringLiteral("postgresql://valis:Pa55w0rdX@127.0.0.1:1/valis")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(!run.err.isEmpty() && !run.err.contains(QLatin1String("Pa55w0rdX")), qPrintable(run.err));
    QVERIFY(test::filesContaining(m_home->path(), "Pa55w0rdX").isEmpty());
}

Result<QString> TestCliMemory::passwordDatabase()
{
    if (!m_passwordDatabase.isEmpty())
        return m_passwordDatabase;
    // A role that must log in with a password: its line goes before initdb's "trust" lines
    // (the first matching line wins), so every other connection stays as it was.
    const QString database = QStringLiteral("keyuser_memory");
    for (const QString &statement : {QStringLiteral("CREATE ROLE %1 LOGIN PASSWORD '%2'").arg(PasswordUser, Password),
                                     QStringLiteral("CREATE DATABASE %1 OWNER %2").arg(database, PasswordUser)}) {
        if (Result<void> done = m_server->execute(statement); done.hasError())
            return done.error();
    }
    QString hbaPath;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("hba"));
        const PostgresConnection admin = m_server->connection();
        db.setHostName(admin.host);
        db.setPort(admin.port);
        db.setUserName(admin.user);
        db.setDatabaseName(admin.database);
        if (!db.open())
            return Error(QStringLiteral("test"), db.lastError().text());
        QSqlQuery query(db);
        if (!query.exec(QStringLiteral("SHOW hba_file")) || !query.next())
            return Error(QStringLiteral("test"), query.lastError().text());
        hbaPath = query.value(0).toString();
        QFile hba(hbaPath);
        if (!hba.open(QIODevice::ReadOnly))
            return Error(QStringLiteral("test"), hba.errorString(), hbaPath);
        const QByteArray rules = hba.readAll();
        hba.close();
        if (!hba.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return Error(QStringLiteral("test"), hba.errorString(), hbaPath);
        hba.write("host all " + PasswordUser.toUtf8() + " 127.0.0.1/32 scram-sha-256\n" + rules);
        hba.close();
        if (!query.exec(QStringLiteral("SELECT pg_reload_conf()")))
            return Error(QStringLiteral("test"), query.lastError().text());
        query.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("hba"));
    m_passwordDatabase = QStringLiteral("postgresql://%1@127.0.0.1:%2/%3").arg(PasswordUser).arg(m_server->port()).arg(database);
    // The reload is asynchronous: wait until a login without a password is refused.
    for (int attempt = 0; attempt < 100; ++attempt) {
        if (cli({QStringLiteral("stats"), QStringLiteral("--store"), m_passwordDatabase}).exitCode == 1)
            return m_passwordDatabase;
        QTest::qWait(100);
    }
    return Error(QStringLiteral("test"), QStringLiteral("the server kept accepting logins without a password"));
}

void TestCliMemory::passwordSources()
{
    if (!m_server)
        QSKIP(qPrintable(QStringLiteral("no PostgreSQL server: ") + m_serverError));
    const Result<QString> address = passwordDatabase();
    VALIS_VERIFY_OK(address);
    const QStringList stats = {QStringLiteral("stats"), QStringLiteral("--store")};
    const auto withEnvironment = [](std::initializer_list<std::pair<const char *, QString>> variables) {
        QProcessEnvironment environment;
        for (const auto &[name, value] : variables)
            environment.insert(QLatin1String(name), value);
        return environment;
    };
    const QString withPassword = QStringLiteral("postgresql://%1:%2@127.0.0.1:%3/keyuser_memory").arg(PasswordUser, Password).arg(m_server->port());
    const QString wrongPassword = QStringLiteral("postgresql://%1:wr0ngpw@127.0.0.1:%2/keyuser_memory").arg(PasswordUser).arg(m_server->port());

    // None: refused, and the message says where a password could have come from.
    Run run = cli(stats + QStringList{address.value()});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QLatin1String("VALIS_MEMORY_PASSWORD")), qPrintable(run.err));

    run = cli(stats + QStringList{withPassword});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    run = cli(stats + QStringList{address.value()}, {}, withEnvironment({{"VALIS_MEMORY_PASSWORD", Password}}));
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    run = cli(stats + QStringList{address.value()}, {}, withEnvironment({{"PGPASSWORD", Password}}));
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));

    // The order: the address, then VALIS_MEMORY_PASSWORD, then PGPASSWORD.
    run = cli(stats + QStringList{wrongPassword}, {}, withEnvironment({{"VALIS_MEMORY_PASSWORD", Password}}));
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(!run.err.contains(QLatin1String("wr0ngpw")), qPrintable(run.err));
    run = cli(stats + QStringList{address.value()}, {},
              withEnvironment({{"VALIS_MEMORY_PASSWORD", QStringLiteral("wr0ngpw")}, {"PGPASSWORD", Password}}));
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(!run.err.contains(QLatin1String("wr0ngpw")) && !run.err.contains(Password), qPrintable(run.err));

    // A memory.json holding the address with its password works, and saving never keeps it.
    const DataLocations locations = DataLocations::underHome(m_home->path());
    QVERIFY(test::writeFile(locations.memorySettingsPath(),
                            QJsonDocument(QJsonObject{{QStringLiteral("backend"), QStringLiteral("postgresql")},
                                                      {QStringLiteral("postgresql"), withPassword}})
                                .toJson()));
    run = cli({QStringLiteral("list")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    Result<MemorySettings> settings = MemorySettings::load(locations.memorySettingsPath());
    VALIS_VERIFY_OK(settings);
    VALIS_VERIFY_OK(settings->save(locations.memorySettingsPath()));
    QVERIFY(test::filesContaining(m_home->path(), Password.toUtf8()).isEmpty());
}

void TestCliMemory::keychainPassword()
{
    if (qEnvironmentVariableIsEmpty("VALIS_TEST_KEYRING"))
        QSKIP("needs a private keychain: runs as climemory_keychain inside tests/support/with-keyring.sh");
    if (!m_server)
        QSKIP(qPrintable(QStringLiteral("no PostgreSQL server: ") + m_serverError));
    const Result<QString> address = passwordDatabase();
    VALIS_VERIFY_OK(address);
    const QStringList stats = {QStringLiteral("stats"), QStringLiteral("--store"), address.value()};
    QCOMPARE(cli(stats).exitCode, 1);

    Run run = cli({QStringLiteral("keys"), QStringLiteral("set"), QStringLiteral("postgresql")}, Password.toUtf8() + "\n");
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    run = cli(stats);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    // An environment variable comes before the keychain.
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("VALIS_MEMORY_PASSWORD"), QStringLiteral("wr0ngpw"));
    QCOMPARE(cli(stats, {}, environment).exitCode, 1);

    run = cli({QStringLiteral("keys"), QStringLiteral("remove"), QStringLiteral("postgresql")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(cli(stats).exitCode, 1);
}

VALIS_TEST_MAIN(TestCliMemory)

#include "tst_climemory.moc"
