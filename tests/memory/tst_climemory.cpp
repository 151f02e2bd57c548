// `valis-cli memory`: the real binary over a SQLite store and over a real PostgreSQL server,
// with records made through the store API.
#include "climemorytest.h"

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
    QCOMPARE(QJsonDocument::fromJson(run.out).object().value(QLatin1String("records_to_index")).toInt(), 0);

    if (backend == QLatin1String("postgresql")) {
        // A store upgraded to schema 3 says how much of it is still to be indexed for prefix search
        // (the command is done before the background work begins).
        Result<PostgresConnection> connection = PostgresConnection::fromUrl(store.url);
        VALIS_VERIFY_OK(connection);
        VALIS_VERIFY_OK(m_server->execute(QStringLiteral("UPDATE memory_words_state SET complete_above = 40"),
                                          connection.value().database));
        run = cli(store.storeArguments + QStringList{QStringLiteral("stats")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.text().contains(QLatin1String("about 40 older records to go")), qPrintable(run.text()));
        run = cli(store.storeArguments + QStringList{QStringLiteral("stats"), QStringLiteral("--json")});
        QCOMPARE(QJsonDocument::fromJson(run.out).object().value(QLatin1String("records_to_index")).toInt(), 40);
    }
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

VALIS_TEST_MAIN(TestCliMemory)

