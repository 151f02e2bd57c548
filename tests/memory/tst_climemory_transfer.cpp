// `valis-cli memory export|import`: between SQLite and PostgreSQL, and refusing broken files.
#include "climemorytest.h"

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
