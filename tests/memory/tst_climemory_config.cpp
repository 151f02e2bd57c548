// `valis-cli memory` choosing its store: config/memory.json, --store, and the PostgreSQL password
// from the URL, the environment, ~/.pgpass or the keychain, never shown.
#include "climemorytest.h"

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
