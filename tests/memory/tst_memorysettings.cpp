// config/memory.json (MemorySettings), PostgreSQL addresses (PostgresConnection) and
// openDetailStore over a real SQLite file and a real PostgreSQL server.
#include "postgresserver.h"
#include "testsupport.h"

#include "valis/core/datalocations.h"
#include "valis/memory/detailstore.h"
#include "valis/memory/memorysettings.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

using namespace valis;

namespace {

const QString Malformed = QStringLiteral("memory-settings.malformed");

QByteArray json(const QJsonObject &object)
{
    return QJsonDocument(object).toJson();
}

QStringList filesUnder(const QString &folder)
{
    QStringList files;
    QDirIterator it(folder, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(it.next());
    return files;
}

} // namespace

class TestMemorySettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void missingFileGivesDefaults();
    void loadsEveryField();
    void malformedNamesTheField_data();
    void malformedNamesTheField();
    void invalidJsonNamesTheLine();
    void futureVersionIsRefused();
    void saveNeverWritesThePassword();
    void captureThresholdPerTool();
    void parsesUrls_data();
    void parsesUrls();
    void refusesBadUrls_data();
    void refusesBadUrls();
    void urlRoundTrip_data();
    void urlRoundTrip();
    void opensSqliteInTheProfile();
    void opensSqliteAtItsOwnPath();
    void opensPostgres();
    void unreachablePostgresSaysSo();

private:
    std::unique_ptr<test::TemporaryHome> m_home;
    QString settingsPath() const { return m_home->filePath(QStringLiteral("config/memory.json")); }
};

void TestMemorySettings::init()
{
    m_home = std::make_unique<test::TemporaryHome>();
}

void TestMemorySettings::missingFileGivesDefaults()
{
    Result<MemorySettings> settings = MemorySettings::load(settingsPath());
    VALIS_VERIFY_OK(settings);
    QCOMPARE(settings->backend, MemorySettings::Backend::Sqlite);
    QVERIFY(settings->sqlitePath.isEmpty());
    QCOMPARE(settings->captureThresholdTokens, 500);
    QVERIFY(settings->toolCaptureThresholds.isEmpty());
    QCOMPARE(settings->agentsMdBudgetBytes, 32 * 1024);
    QVERIFY(settings->summaryProvider.isEmpty());
    QCOMPARE(settings->postgres.host, QStringLiteral("127.0.0.1"));
    QCOMPARE(settings->postgres.port, 5432);
}

void TestMemorySettings::loadsEveryField()
{
    QVERIFY(test::writeFile(settingsPath(), json(QJsonObject{
        {QStringLiteral("version"), 1},
        {QStringLiteral("backend"), QStringLiteral("postgresql")},
        {QStringLiteral("postgresql"), QStringLiteral("postgresql://team@db.example:5433/memory?sslmode=require")},
        {QStringLiteral("captureThresholdTokens"), 800},
        {QStringLiteral("tools"), QJsonObject{{QStringLiteral("read_file"), QJsonObject{{QStringLiteral("captureThresholdTokens"), 10000}}},
                                              {QStringLiteral("grep"), QJsonObject{{QStringLiteral("captureThresholdTokens"), 0}}}}},
        {QStringLiteral("agentsMdBudgetBytes"), 4096},
        {QStringLiteral("summaryProvider"), QStringLiteral("openai-compatible")},
        {QStringLiteral("summaryModel"), QStringLiteral("qwen3:4b")},
        {QStringLiteral("blobThresholdBytes"), 1024},
        {QStringLiteral("sqlitePath"), QStringLiteral("elsewhere/memory.db")},
    })));
    Result<MemorySettings> settings = MemorySettings::load(settingsPath());
    VALIS_VERIFY_OK(settings);
    QCOMPARE(settings->backend, MemorySettings::Backend::Postgres);
    QCOMPARE(settings->postgres.host, QStringLiteral("db.example"));
    QCOMPARE(settings->postgres.port, 5433);
    QCOMPARE(settings->postgres.user, QStringLiteral("team"));
    QCOMPARE(settings->postgres.database, QStringLiteral("memory"));
    QCOMPARE(settings->postgres.options, QStringLiteral("sslmode=require"));
    QCOMPARE(settings->captureThresholdTokens, 800);
    QCOMPARE(settings->toolCaptureThresholds.value(QStringLiteral("read_file")), 10000);
    QCOMPARE(settings->toolCaptureThresholds.value(QStringLiteral("grep"), -1), 0);
    QCOMPARE(settings->agentsMdBudgetBytes, 4096);
    QCOMPARE(settings->summaryProvider, QStringLiteral("openai-compatible"));
    QCOMPARE(settings->summaryModel, QStringLiteral("qwen3:4b"));
    QCOMPARE(settings->blobThresholdBytes, 1024);
    QCOMPARE(settings->sqlitePath, QStringLiteral("elsewhere/memory.db"));
    QCOMPARE(MemorySettings::backendName(settings->backend), QStringLiteral("postgresql"));
}

void TestMemorySettings::malformedNamesTheField_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<QString>("words"); // what the message must say

    QTest::newRow("unknown backend") << QByteArray("{\"backend\": \"mysql\"}") << QStringLiteral("backend");
    QTest::newRow("backend not a string") << QByteArray("{\"backend\": 1}") << QStringLiteral("backend");
    QTest::newRow("postgresql without address")
        << QByteArray("{\"backend\": \"postgresql\"}") << QStringLiteral("needs \"postgresql\"");
    QTest::newRow("address not a string") << QByteArray("{\"postgresql\": {\"host\": \"db\"}}") << QStringLiteral("postgresql must be a string");
    QTest::newRow("bad address") << QByteArray("{\"postgresql\": \"mysql://db/x\"}") << QStringLiteral("postgresql:");
    QTest::newRow("negative threshold") << QByteArray("{\"captureThresholdTokens\": -1}") << QStringLiteral("captureThresholdTokens");
    QTest::newRow("fractional threshold") << QByteArray("{\"captureThresholdTokens\": 1.5}") << QStringLiteral("captureThresholdTokens");
    QTest::newRow("threshold as text") << QByteArray("{\"captureThresholdTokens\": \"500\"}") << QStringLiteral("captureThresholdTokens");
    QTest::newRow("tools not an object") << QByteArray("{\"tools\": []}") << QStringLiteral("tools");
    QTest::newRow("tool not an object") << QByteArray("{\"tools\": {\"grep\": 0}}") << QStringLiteral("tools.grep");
    QTest::newRow("tool threshold as text")
        << QByteArray("{\"tools\": {\"grep\": {\"captureThresholdTokens\": \"x\"}}}") << QStringLiteral("tools.grep.captureThresholdTokens");
    QTest::newRow("unknown tool setting")
        << QByteArray("{\"tools\": {\"grep\": {\"threshold\": 5}}}") << QStringLiteral("tools.grep.threshold");
    QTest::newRow("misspelt key") << QByteArray("{\"captureThresholdToken\": 5}")
                                 << QStringLiteral("did you mean \"captureThresholdTokens\"");
    QTest::newRow("budget negative") << QByteArray("{\"agentsMdBudgetBytes\": -5}") << QStringLiteral("agentsMdBudgetBytes");
    QTest::newRow("model without provider") << QByteArray("{\"summaryModel\": \"qwen3:4b\"}") << QStringLiteral("summaryProvider");
    QTest::newRow("provider not a string") << QByteArray("{\"summaryProvider\": 3}") << QStringLiteral("summaryProvider");
    QTest::newRow("not an object") << QByteArray("[1, 2]") << QStringLiteral("JSON object");
}

void TestMemorySettings::malformedNamesTheField()
{
    QFETCH(QByteArray, file);
    QFETCH(QString, words);
    QVERIFY(test::writeFile(settingsPath(), file));
    Result<MemorySettings> settings = MemorySettings::load(settingsPath());
    QVERIFY(settings.hasError());
    QCOMPARE(settings.error().code, Malformed);
    QVERIFY2(settings.error().message.contains(words), qPrintable(settings.error().message));
    QVERIFY2(settings.error().location.startsWith(settingsPath()), qPrintable(settings.error().location));
}

void TestMemorySettings::invalidJsonNamesTheLine()
{
    QVERIFY(test::writeFile(settingsPath(), "{\n  \"backend\": \"sqlite\",\n  \"captureThresholdTokens\": 500,,\n}\n"));
    Result<MemorySettings> settings = MemorySettings::load(settingsPath());
    QVERIFY(settings.hasError());
    QCOMPARE(settings.error().code, Malformed);
    QCOMPARE(settings.error().location, settingsPath() + QStringLiteral(":3"));
}

void TestMemorySettings::futureVersionIsRefused()
{
    const QByteArray future = "{\"version\": 2, \"backend\": \"sqlite\", \"somethingNew\": true}";
    QVERIFY(test::writeFile(settingsPath(), future));
    Result<MemorySettings> settings = MemorySettings::load(settingsPath());
    QVERIFY(settings.hasError());
    QCOMPARE(settings.error().code, Malformed);
    QVERIFY2(settings.error().message.contains(QLatin1String("version 2")), qPrintable(settings.error().message));
    // Refused, not rewritten: the newer Valis's file is still there as it was.
    QFile file(settingsPath());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), future);
}

void TestMemorySettings::saveNeverWritesThePassword()
{
    MemorySettings settings;
    settings.backend = MemorySettings::Backend::Postgres;
    Result<PostgresConnection> connection =
        PostgresConnection::fromUrl(QStringLiteral("postgresql://team:Sup3r%2Fsecret@[2001:db8::7]:6543/shared?sslmode=verify-full"));
    VALIS_VERIFY_OK(connection);
    QCOMPARE(connection->password, QStringLiteral("Sup3r/secret"));
    settings.postgres = connection.value();
    settings.captureThresholdTokens = 1200;
    settings.toolCaptureThresholds.insert(QStringLiteral("read_file"), 9000);
    settings.toolCaptureThresholds.insert(QStringLiteral("grep"), 0);
    settings.agentsMdBudgetBytes = 10000;
    settings.summaryProvider = QStringLiteral("anthropic");
    settings.summaryModel = QStringLiteral("claude-haiku-4-5");
    settings.blobThresholdBytes = 4096;
    VALIS_VERIFY_OK(settings.save(settingsPath()));

    QVERIFY(test::filesContaining(m_home->path(), "Sup3r").isEmpty());
    QVERIFY(test::filesContaining(m_home->path(), "secret").isEmpty());

    Result<MemorySettings> loaded = MemorySettings::load(settingsPath());
    VALIS_VERIFY_OK(loaded);
    QCOMPARE(loaded->backend, MemorySettings::Backend::Postgres);
    QCOMPARE(loaded->postgres.host, QStringLiteral("2001:db8::7"));
    QCOMPARE(loaded->postgres.port, 6543);
    QCOMPARE(loaded->postgres.user, QStringLiteral("team"));
    QCOMPARE(loaded->postgres.database, QStringLiteral("shared"));
    QCOMPARE(loaded->postgres.options, QStringLiteral("sslmode=verify-full"));
    QVERIFY(loaded->postgres.password.isEmpty());
    QCOMPARE(loaded->captureThresholdTokens, 1200);
    QCOMPARE(loaded->toolCaptureThresholds, settings.toolCaptureThresholds);
    QCOMPARE(loaded->agentsMdBudgetBytes, 10000);
    QCOMPARE(loaded->summaryProvider, settings.summaryProvider);
    QCOMPARE(loaded->summaryModel, settings.summaryModel);
    QCOMPARE(loaded->blobThresholdBytes, 4096);

    // Back to SQLite: the server's address stays for next time.
    loaded->backend = MemorySettings::Backend::Sqlite;
    VALIS_VERIFY_OK(loaded->save(settingsPath()));
    Result<MemorySettings> again = MemorySettings::load(settingsPath());
    VALIS_VERIFY_OK(again);
    QCOMPARE(again->backend, MemorySettings::Backend::Sqlite);
    QCOMPARE(again->postgres.host, QStringLiteral("2001:db8::7"));
}

void TestMemorySettings::captureThresholdPerTool()
{
    QVERIFY(test::writeFile(settingsPath(),
                            "{\"captureThresholdTokens\": 700, \"tools\": {\"read_file\": {\"captureThresholdTokens\": 5000},"
                            " \"grep\": {\"captureThresholdTokens\": 0}, \"exec\": {}}}"));
    Result<MemorySettings> settings = MemorySettings::load(settingsPath());
    VALIS_VERIFY_OK(settings);
    QCOMPARE(settings->captureThresholdFor(QStringLiteral("read_file")), 5000);
    QCOMPARE(settings->captureThresholdFor(QStringLiteral("grep")), 0);
    // A tool with no threshold of its own takes the default.
    QCOMPARE(settings->captureThresholdFor(QStringLiteral("exec")), 700);
    QCOMPARE(settings->captureThresholdFor(QStringLiteral("glob")), 700);
}

void TestMemorySettings::parsesUrls_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("database");
    QTest::addColumn<QString>("options");

    QTest::newRow("plain") << QStringLiteral("postgresql://valis@db.example:5433/team") << QStringLiteral("db.example") << 5433
                           << QStringLiteral("valis") << QString() << QStringLiteral("team") << QString();
    QTest::newRow("short scheme, defaults") << QStringLiteral("postgres://db.example") << QStringLiteral("db.example") << 5432
                                            << QStringLiteral("valis") << QString() << QStringLiteral("valis") << QString();
    QTest::newRow("password percent-encoded, IPv6")
        << QStringLiteral("postgres://alice:s%40c%3Aret@[::1]/mem?sslmode=require&connect_timeout=5") << QStringLiteral("::1")
        << 5432 << QStringLiteral("alice") << QStringLiteral("s@c:ret") << QStringLiteral("mem")
        << QStringLiteral("sslmode=require;connect_timeout=5");
    QTest::newRow("IPv6 with port") << QStringLiteral("postgresql://u@[2001:db8::1]:6000/d") << QStringLiteral("2001:db8::1") << 6000
                                    << QStringLiteral("u") << QString() << QStringLiteral("d") << QString();
    QTest::newRow("encoded names") << QStringLiteral("postgresql://b%C3%B6b@host/my%20db") << QStringLiteral("host") << 5432
                                   << QString::fromUtf8("b\xc3\xb6" "b") << QString() << QStringLiteral("my db") << QString();
    QTest::newRow("socket folder") << QStringLiteral("postgresql:///valis?host=/run/postgresql") << QStringLiteral("/run/postgresql")
                                   << 5432 << QStringLiteral("valis") << QString() << QStringLiteral("valis") << QString();
    QTest::newRow("parameters override") << QStringLiteral("postgresql://u@h:1/d?port=6001&user=carol&dbname=x&password=pw")
                                         << QStringLiteral("h") << 6001 << QStringLiteral("carol") << QStringLiteral("pw")
                                         << QStringLiteral("x") << QString();
    QTest::newRow("option with a space") << QStringLiteral("postgresql://u@h/d?application_name=Valis%20team") << QStringLiteral("h")
                                         << 5432 << QStringLiteral("u") << QString() << QStringLiteral("d")
                                         << QStringLiteral("application_name='Valis team'");
}

void TestMemorySettings::parsesUrls()
{
    QFETCH(QString, url);
    Result<PostgresConnection> connection = PostgresConnection::fromUrl(url);
    VALIS_VERIFY_OK(connection);
    QTEST(connection->host, "host");
    QTEST(connection->port, "port");
    QTEST(connection->user, "user");
    QTEST(connection->password, "password");
    QTEST(connection->database, "database");
    QTEST(connection->options, "options");
}

void TestMemorySettings::refusesBadUrls_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("words");

    QTest::newRow("other scheme") << QStringLiteral("mysql://u:hunter2@db/x") << QStringLiteral("postgresql://");
    QTest::newRow("no scheme") << QStringLiteral("db.example:5432/valis") << QStringLiteral("postgresql://");
    QTest::newRow("several hosts") << QStringLiteral("postgresql://u:hunter2@h1:5432,h2:5432/db") << QStringLiteral("several hosts");
    QTest::newRow("port too large") << QStringLiteral("postgresql://u:hunter2@h:99999/db") << QStringLiteral("port");
    QTest::newRow("port parameter") << QStringLiteral("postgresql://u:hunter2@h/db?port=0") << QStringLiteral("port");
    QTest::newRow("fragment") << QStringLiteral("postgresql://u:hunter2@h/db#x") << QStringLiteral("fragment");
    QTest::newRow("slash in database") << QStringLiteral("postgresql://u:hunter2@h/a/b") << QStringLiteral("'/'");
    QTest::newRow("space in password") << QStringLiteral("postgresql://u:hun ter2@h/db") << QStringLiteral("percent-encoded");
    QTest::newRow("bad parameter name") << QStringLiteral("postgresql://u:hunter2@h/db?Bad-Name=1") << QStringLiteral("Bad-Name");
    QTest::newRow("semicolon in option") << QStringLiteral("postgresql://u:hunter2@h/db?options=a%3Bb") << QStringLiteral("';'");
}

void TestMemorySettings::refusesBadUrls()
{
    QFETCH(QString, url);
    QFETCH(QString, words);
    Result<PostgresConnection> connection = PostgresConnection::fromUrl(url);
    QVERIFY(connection.hasError());
    QCOMPARE(connection.error().code, QStringLiteral("memory-settings.bad-url"));
    QVERIFY2(connection.error().message.contains(words), qPrintable(connection.error().message));
    // The message quotes the address, never its password.
    QVERIFY2(!connection.error().message.contains(QLatin1String("hunter2")), qPrintable(connection.error().message));
    QVERIFY2(!connection.error().message.contains(QLatin1String("hun ter2")), qPrintable(connection.error().message));
}

void TestMemorySettings::urlRoundTrip_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("plain") << QStringLiteral("postgresql://valis@db.example:5433/team");
    QTest::newRow("IPv6") << QStringLiteral("postgresql://u@[2001:db8::1]:6000/d");
    QTest::newRow("options") << QStringLiteral("postgresql://u@h/d?sslmode=require&application_name=Valis%20team");
    QTest::newRow("socket") << QStringLiteral("postgresql:///valis?host=/run/postgresql&port=5433");
    QTest::newRow("encoded") << QStringLiteral("postgresql://b%C3%B6b%40x@host/my%20db");
    QTest::newRow("password dropped") << QStringLiteral("postgresql://u:secret@h/d");
}

void TestMemorySettings::urlRoundTrip()
{
    QFETCH(QString, url);
    Result<PostgresConnection> first = PostgresConnection::fromUrl(url);
    VALIS_VERIFY_OK(first);
    const QString written = first->toUrl();
    QVERIFY2(!written.contains(QLatin1String("secret")), qPrintable(written));
    Result<PostgresConnection> second = PostgresConnection::fromUrl(written);
    VALIS_VERIFY_OK(second);
    QCOMPARE(second->host, first->host);
    QCOMPARE(second->port, first->port);
    QCOMPARE(second->user, first->user);
    QCOMPARE(second->database, first->database);
    QCOMPARE(second->options, first->options);
    QVERIFY(second->password.isEmpty());
    QCOMPARE(second->toUrl(), written);
}

void TestMemorySettings::opensSqliteInTheProfile()
{
    const DataLocations locations = DataLocations::underHome(m_home->path());
    MemorySettings settings;
    settings.blobThresholdBytes = 1024;
    Result<std::shared_ptr<DetailStore>> store = openDetailStore(settings, locations);
    VALIS_VERIFY_OK(store);
    QVERIFY2((*store)->description().contains(locations.memoryDatabasePath()), qPrintable((*store)->description()));
    QVERIFY(QFile::exists(locations.memoryDatabasePath()));

    // The blob threshold and folder reach the store: content over 1 KiB goes to a file in the
    // profile's memory-blobs folder, smaller content stays in the database.
    NewMemory small;
    small.content = "a small note\n";
    VALIS_VERIFY_OK((*store)->put(small));
    QVERIFY(filesUnder(locations.memoryBlobDir()).isEmpty());
    NewMemory large;
    large.content = QByteArray(8000, 'x') + "\nthe end\n";
    Result<MemoryRecord> stored = (*store)->put(large);
    VALIS_VERIFY_OK(stored);
    QCOMPARE(filesUnder(locations.memoryBlobDir()).size(), 1);
    Result<MemoryRecord> read = (*store)->get(stored->key);
    VALIS_VERIFY_OK(read);
    QCOMPARE(read->content, large.content);
}

void TestMemorySettings::opensSqliteAtItsOwnPath()
{
    const DataLocations locations = DataLocations::underHome(m_home->path());
    QVERIFY(test::writeFile(settingsPath(), "{\"sqlitePath\": \"team/shared-memory.db\", \"blobThresholdBytes\": 100}"));
    Result<MemorySettings> settings = MemorySettings::load(settingsPath());
    VALIS_VERIFY_OK(settings);
    Result<std::shared_ptr<DetailStore>> store = openDetailStore(settings.value(), locations);
    VALIS_VERIFY_OK(store);
    // Relative to the profile's data folder, not to the current folder.
    const QString expected = QDir(locations.dataDir()).filePath(QStringLiteral("team/shared-memory.db"));
    QVERIFY(QFile::exists(expected));
    QVERIFY(!QFile::exists(locations.memoryDatabasePath()));
    NewMemory large;
    large.content = QByteArray(500, 'y');
    VALIS_VERIFY_OK((*store)->put(large));
    // Its large contents sit beside it, not in the profile's default blob folder.
    QVERIFY(filesUnder(locations.memoryBlobDir()).isEmpty());
    QCOMPARE(filesUnder(expected + QStringLiteral("-blobs")).size(), 1);
}

void TestMemorySettings::opensPostgres()
{
    Result<std::unique_ptr<test::PostgresServer>> server = test::PostgresServer::start();
    if (server.hasError())
        QSKIP(qPrintable(QStringLiteral("no PostgreSQL server for this test: ") + server.error().toString()));
    Result<PostgresConnection> database = (*server)->createDatabase();
    VALIS_VERIFY_OK(database);
    QVERIFY(test::writeFile(settingsPath(), json(QJsonObject{{QStringLiteral("backend"), QStringLiteral("postgresql")},
                                                             {QStringLiteral("postgresql"), database->toUrl()}})));
    Result<MemorySettings> settings = MemorySettings::load(settingsPath());
    VALIS_VERIFY_OK(settings);
    const DataLocations locations = DataLocations::underHome(m_home->path());
    Result<std::shared_ptr<DetailStore>> store = openDetailStore(settings.value(), locations);
    VALIS_VERIFY_OK(store);
    QVERIFY2((*store)->description().contains(QLatin1String("PostgreSQL")), qPrintable((*store)->description()));
    NewMemory memory;
    memory.content = "kept on the team's server\n";
    Result<MemoryRecord> stored = (*store)->put(memory);
    VALIS_VERIFY_OK(stored);
    // Nothing went to a local file.
    QVERIFY(!QFile::exists(locations.memoryDatabasePath()));
    // A second opening (another process of the team) sees it.
    Result<std::shared_ptr<DetailStore>> other = openDetailStore(settings.value(), locations);
    VALIS_VERIFY_OK(other);
    Result<MemoryRecord> read = (*other)->get(stored->key);
    VALIS_VERIFY_OK(read);
    QCOMPARE(read->content, memory.content);
}

void TestMemorySettings::unreachablePostgresSaysSo()
{
    // Port 1: nothing listens there.
    MemorySettings settings;
    settings.backend = MemorySettings::Backend::Postgres;
    Result<PostgresConnection> connection = PostgresConnection::fromUrl(QStringLiteral("postgresql://valis:n0tshown@127.0.0.1:1/valis"));
    VALIS_VERIFY_OK(connection);
    settings.postgres = connection.value();
    Result<std::shared_ptr<DetailStore>> store = openDetailStore(settings, DataLocations::underHome(m_home->path()));
    QVERIFY(store.hasError());
    QCOMPARE(store.error().code, QStringLiteral("memory.unavailable"));
    QVERIFY2(!store.error().toString().contains(QLatin1String("n0tshown")), qPrintable(store.error().toString()));
}

VALIS_TEST_MAIN(TestMemorySettings)

#include "tst_memorysettings.moc"
