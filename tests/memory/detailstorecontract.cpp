#include "detailstorecontract.h"

#include "detailstorecontractsupport.h"
#include "writercontent.h"

#include <QCryptographicHash>
#include <QHash>
#include <QJsonObject>
#include <QMutex>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <QThread>

using namespace valis;

QString DetailStoreContract::writerPath()
{
    return test::buildDir() + QStringLiteral("/tests/bin/valis_memory_writer");
}

void DetailStoreContract::roundTrip()
{
    CONTRACT_STORE(store);
    NewMemory m = memory("line one\r\nline two\twith a tab  \n\n  indented last line without newline",
                         QStringLiteral("make: 3 warnings, exit 0"), QStringLiteral("agent-a"), QStringLiteral("session-1"),
                         QStringLiteral("command_output"));
    m.metadata = QJsonObject{{QStringLiteral("tool"), QStringLiteral("exec")},
                             {QStringLiteral("exitCode"), 0},
                             {QStringLiteral("command"), QStringLiteral("make -j2")},
                             {QStringLiteral("turn"), 3},
                             {QStringLiteral("nested"), QJsonObject{{QStringLiteral("ok"), true}}}};
    const QDateTime before = QDateTime::currentDateTimeUtc();
    const auto put = store.put(m);
    const QDateTime after = QDateTime::currentDateTimeUtc();
    VALIS_VERIFY_OK(put);
    const MemoryRecord &stored = put.value();
    QVERIFY2(QRegularExpression(QStringLiteral("^m-[0-9a-f]{6}$")).match(stored.key).hasMatch(), qPrintable(stored.key));
    QCOMPARE(stored.key, memoryKeyFor(QStringLiteral("agent-a"), m.content));
    QCOMPARE(stored.agentId, QStringLiteral("agent-a"));
    QCOMPARE(stored.sessionId, QStringLiteral("session-1"));
    QCOMPARE(stored.type, QStringLiteral("command_output"));
    QCOMPARE(stored.summary, m.summary);
    QVERIFY(stored.path.isEmpty());
    QCOMPARE(stored.metadata, m.metadata);
    QVERIFY(stored.active);
    QCOMPARE(stored.sizeBytes, qint64(m.content.size()));
    QCOMPARE(stored.lineCount, qint64(4));
    QCOMPARE(stored.sha256, sha256Hex(m.content));
    QVERIFY(stored.content.isEmpty());
    QCOMPARE(stored.createdAt.timeSpec(), Qt::UTC);
    // The server's clock may be the one that counts; both are this machine's.
    QVERIFY2(stored.createdAt >= before.addSecs(-2) && stored.createdAt <= after.addSecs(2),
             qPrintable(stored.createdAt.toString(Qt::ISODateWithMs)));

    const auto found = store.find(stored.key);
    VALIS_VERIFY_OK(found);
    QCOMPARE(found->key, stored.key);
    QCOMPARE(found->agentId, stored.agentId);
    QCOMPARE(found->sessionId, stored.sessionId);
    QCOMPARE(found->type, stored.type);
    QCOMPARE(found->summary, stored.summary);
    QCOMPARE(found->metadata, stored.metadata);
    QCOMPARE(found->createdAt, stored.createdAt);
    QCOMPARE(found->createdAt.timeSpec(), Qt::UTC);
    QCOMPARE(found->sizeBytes, stored.sizeBytes);
    QCOMPARE(found->lineCount, stored.lineCount);
    QCOMPARE(found->sha256, stored.sha256);
    QVERIFY(found->active);
    QVERIFY(found->content.isEmpty());

    const auto got = store.get(stored.key);
    VALIS_VERIFY_OK(got);
    QCOMPARE(got->content, m.content);
    QCOMPARE(got->key, stored.key);
    QCOMPARE(got->metadata, m.metadata);

    // A key as a person might type it is understood.
    const auto typed = store.find(QStringLiteral("  ") + stored.key.toUpper() + QStringLiteral(" "));
    VALIS_VERIFY_OK(typed);
    QCOMPARE(typed->key, stored.key);

    const auto listed = store.list({});
    VALIS_VERIFY_OK(listed);
    QCOMPARE(keysOf(listed.value()), QStringList{stored.key});
    QVERIFY(listed->first().content.isEmpty());
    QCOMPARE(listed->first().sha256, stored.sha256);
    QVERIFY(!store.description().isEmpty());

    // A summary is one line.
    const auto multiLine = store.put(memory("other content", QStringLiteral("first line\nsecond\tline\r\n")));
    VALIS_VERIFY_OK(multiLine);
    QCOMPARE(multiLine->summary, QStringLiteral("first line second line"));
}

void DetailStoreContract::lineCounts()
{
    QCOMPARE(countLines(""), qint64(0));
    QCOMPARE(countLines("a"), qint64(1));
    QCOMPARE(countLines("a\n"), qint64(1));
    QCOMPARE(countLines("a\nb"), qint64(2));
    QCOMPARE(countLines("\n\n"), qint64(2));
    CONTRACT_STORE(store);
    const QList<QByteArray> contents = {"one line", "one line\n", "two\nlines", "\n\n\n", "x\r\ny\r\n"};
    for (const QByteArray &content : contents) {
        const auto stored = store.put(memory(content));
        VALIS_VERIFY_OK(stored);
        QCOMPARE(stored->lineCount, countLines(content));
        QCOMPARE(store.find(stored->key)->lineCount, countLines(content));
    }
}

void DetailStoreContract::identicalContentIsStoredOnce()
{
    CONTRACT_STORE(store);
    const QByteArray content = "the same output twice\n";
    const auto first = store.put(memory(content, QStringLiteral("first")));
    VALIS_VERIFY_OK(first);
    const auto again = store.put(memory(content, QStringLiteral("second"), QStringLiteral("agent-a"), QStringLiteral("s2"),
                                        QStringLiteral("tool_result")));
    VALIS_VERIFY_OK(again);
    QCOMPARE(again->key, first->key);
    QCOMPARE(again->summary, QStringLiteral("first"));
    QCOMPARE(store.list(everything())->size(), 1);

    // Another agent's identical content is its own record.
    const auto otherAgent = store.put(memory(content, QStringLiteral("b's"), QStringLiteral("agent-b")));
    VALIS_VERIFY_OK(otherAgent);
    QVERIFY(otherAgent->key != first->key);
    QCOMPARE(otherAgent->key, memoryKeyFor(QStringLiteral("agent-b"), content));

    // Once the record is inactive, the same content makes a new one, whose key is longer
    // because the short one is taken.
    VALIS_VERIFY_OK(store.deactivate(first->key));
    const auto renewed = store.put(memory(content, QStringLiteral("renewed")));
    VALIS_VERIFY_OK(renewed);
    QVERIFY(renewed->key != first->key);
    QCOMPARE(renewed->key, memoryKeyFor(QStringLiteral("agent-a"), content, 7));
    QVERIFY(renewed->active);
    QCOMPARE(renewed->summary, QStringLiteral("renewed"));
    QVERIFY(!store.find(first->key)->active);
    QCOMPARE(store.get(renewed->key)->content, content);
}

void DetailStoreContract::keyGrowsWhenItsPrefixIsTaken()
{
    // Two contents whose keys share all six digits (a birthday search: a few thousand hashes).
    const QString agent = QStringLiteral("agent-a");
    QHash<QString, QByteArray> byKey;
    QByteArray first;
    QByteArray second;
    for (int i = 0; i < 1000000 && first.isEmpty(); ++i) {
        const QByteArray content = "collision candidate " + QByteArray::number(i);
        const QString key = memoryKeyFor(agent, content);
        const auto seen = byKey.constFind(key);
        if (seen != byKey.constEnd()) {
            first = seen.value();
            second = content;
        }
        byKey.insert(key, content);
    }
    QVERIFY(!first.isEmpty());
    QCOMPARE(memoryKeyFor(agent, first), memoryKeyFor(agent, second));
    QVERIFY(memoryKeyFor(agent, first, 64) != memoryKeyFor(agent, second, 64));

    CONTRACT_STORE(store);
    const auto a = store.put(memory(first));
    VALIS_VERIFY_OK(a);
    const auto b = store.put(memory(second));
    VALIS_VERIFY_OK(b);
    QCOMPARE(a->key, memoryKeyFor(agent, first));
    QCOMPARE(b->key, memoryKeyFor(agent, second, 7));
    QCOMPARE(store.get(a->key)->content, first);
    QCOMPARE(store.get(b->key)->content, second);
}

void DetailStoreContract::putManyIsAllOrNothing()
{
    CONTRACT_STORE(store);
    QList<NewMemory> batch = {memory("one"), memory("two"), memory("three")};
    NewMemory bad = memory("four");
    bad.type = QStringLiteral("Not A Type!");
    batch.insert(2, bad);
    VERIFY_FAILS_WITH(store.putMany(batch), "memory.invalid");
    QCOMPARE(store.list(everything())->size(), 0);

    NewMemory noAgent = memory("five");
    noAgent.agentId = QStringLiteral("  ");
    VERIFY_FAILS_WITH(store.putMany({memory("six"), noAgent}), "memory.invalid");
    QCOMPARE(store.list(everything())->size(), 0);

    const auto stored = store.putMany({memory("one"), memory("two"), memory("three"), memory("one")});
    VALIS_VERIFY_OK(stored);
    QCOMPARE(stored->size(), 4);
    QCOMPARE(stored->at(3).key, stored->at(0).key);
    QCOMPARE(QSet<QString>({stored->at(0).key, stored->at(1).key, stored->at(2).key}).size(), 3);
    QCOMPARE(store.list(everything())->size(), 3);
    QCOMPARE(store.get(stored->at(1).key)->content, QByteArray("two"));
    VALIS_VERIFY_OK(store.putMany({}));
}

void DetailStoreContract::readPagesByLines()
{
    CONTRACT_STORE(store);
    const QByteArray content = numberedLines(5000, "line %1 of the build output");
    const auto stored = store.put(memory(content, QStringLiteral("build output")));
    VALIS_VERIFY_OK(stored);
    const QString key = stored->key;

    MemoryPageRequest request;
    request.offset = 2000;
    request.limit = 101;
    const auto page = store.read(key, request);
    VALIS_VERIFY_OK(page);
    QCOMPARE(page->unit, MemoryPageRequest::Unit::Lines);
    QCOMPARE(page->first, qint64(2000));
    QCOMPARE(page->count, qint64(101));
    QCOMPARE(page->total, qint64(5000));
    QCOMPARE(page->remaining, qint64(2900));
    QCOMPARE(page->text, linesOf(content, 2000, 2100));
    QVERIFY(page->text.startsWith("line 2000 of"));
    QVERIFY(page->text.endsWith("line 2100 of the build output\n"));
    QCOMPARE(page->record.key, key);
    QVERIFY(page->record.content.isEmpty());

    request.offset = 4990;
    request.limit = 50;
    const auto last = store.read(key, request);
    VALIS_VERIFY_OK(last);
    QCOMPARE(last->count, qint64(11));
    QCOMPARE(last->remaining, qint64(0));
    QCOMPARE(last->text, linesOf(content, 4990, 5000));

    request.offset = 1;
    request.limit = 1;
    QCOMPARE(store.read(key, request)->text, QByteArray("line 1 of the build output\n"));

    request.offset = 5001;
    const auto past = store.read(key, request);
    VERIFY_FAILS_WITH(past, "memory.invalid");
    QVERIFY2(past.error().message.contains(QLatin1String("5000")), qPrintable(past.error().message));
    request.offset = 0;
    VERIFY_FAILS_WITH(store.read(key, request), "memory.invalid");
    request.offset = 1;
    request.limit = 0;
    VERIFY_FAILS_WITH(store.read(key, request), "memory.invalid");

    // A last line without a newline is a line.
    const auto ragged = store.put(memory("a\nb\nc"));
    VALIS_VERIFY_OK(ragged);
    request.offset = 3;
    request.limit = 10;
    const auto tail = store.read(ragged->key, request);
    VALIS_VERIFY_OK(tail);
    QCOMPARE(tail->text, QByteArray("c"));
    QCOMPARE(tail->count, qint64(1));
    QCOMPARE(tail->total, qint64(3));
}

void DetailStoreContract::readPagesByBytes()
{
    CONTRACT_STORE(store);
    QByteArray content;
    for (int i = 0; i < 1000; ++i)
        content += char('a' + i % 26);
    const auto stored = store.put(memory(content));
    VALIS_VERIFY_OK(stored);
    MemoryPageRequest request;
    request.unit = MemoryPageRequest::Unit::Bytes;
    request.offset = 100;
    request.limit = 50;
    const auto page = store.read(stored->key, request);
    VALIS_VERIFY_OK(page);
    QCOMPARE(page->unit, MemoryPageRequest::Unit::Bytes);
    QCOMPARE(page->text, content.mid(100, 50));
    QCOMPARE(page->first, qint64(100));
    QCOMPARE(page->count, qint64(50));
    QCOMPARE(page->total, qint64(1000));
    QCOMPARE(page->remaining, qint64(850));
    request.offset = 0;
    request.limit = 10;
    QCOMPARE(store.read(stored->key, request)->text, content.left(10));
    request.offset = 990;
    request.limit = 50;
    const auto end = store.read(stored->key, request);
    VALIS_VERIFY_OK(end);
    QCOMPARE(end->count, qint64(10));
    QCOMPARE(end->remaining, qint64(0));
    QCOMPARE(end->text, content.right(10));
    request.offset = 1000;
    const auto past = store.read(stored->key, request);
    VERIFY_FAILS_WITH(past, "memory.invalid");
    QVERIFY2(past.error().message.contains(QLatin1String("1000")), qPrintable(past.error().message));
    request.offset = -1;
    VERIFY_FAILS_WITH(store.read(stored->key, request), "memory.invalid");
}

void DetailStoreContract::unknownKeyNamesSimilarKeys()
{
    CONTRACT_STORE(store);
    const auto stored = store.put(memory("the record a model will mistype"));
    VALIS_VERIFY_OK(stored);
    VALIS_VERIFY_OK(store.put(memory("another record")));
    VALIS_VERIFY_OK(store.put(memory("a third record")));
    const QString key = stored->key;
    QString typo = key;
    typo[typo.size() - 1] = key.endsWith(QLatin1Char('0')) ? QLatin1Char('1') : QLatin1Char('0');

    const auto found = store.find(typo);
    VERIFY_FAILS_WITH(found, "memory.unknown-key");
    QVERIFY2(found.error().message.contains(typo), qPrintable(found.error().message));
    QVERIFY2(found.error().message.contains(key), qPrintable(found.error().message));
    VERIFY_FAILS_WITH(store.get(typo), "memory.unknown-key");
    VERIFY_FAILS_WITH(store.read(typo, {}), "memory.unknown-key");
    QCOMPARE(store.similarKeys(typo).value(0), key);
    QVERIFY(store.similarKeys(typo, 2).size() <= 2);

    // A slip early in the key: edit distance still finds it.
    QString early = key;
    early[2] = key.at(2) == QLatin1Char('f') ? QLatin1Char('e') : QLatin1Char('f');
    QCOMPARE(store.similarKeys(early).value(0), key);
    VERIFY_FAILS_WITH(store.find(QStringLiteral("m-zzzzzz")), "memory.unknown-key");
    VERIFY_FAILS_WITH(store.find(QString()), "memory.unknown-key");
}

void DetailStoreContract::deactivateAndPurge()
{
    CONTRACT_STORE(store);
    const auto kept = store.put(memory("keep me readable, pelican", QStringLiteral("kept")));
    const auto purged = store.put(memory("purge me entirely, pelican", QStringLiteral("purged")));
    VALIS_VERIFY_OK(kept);
    VALIS_VERIFY_OK(purged);

    VALIS_VERIFY_OK(store.deactivate(kept->key));
    QVERIFY(!store.find(kept->key)->active);
    QCOMPARE(store.get(kept->key)->content, QByteArray("keep me readable, pelican"));
    QVERIFY(store.read(kept->key, {}).ok());
    QVERIFY(!keysOf(store.list({}).value()).contains(kept->key));
    QVERIFY(keysOf(store.list(everything()).value()).contains(kept->key));
    QCOMPARE(keysOf(store.search(QStringLiteral("pelican"), {}).value()), QStringList{purged->key});
    VERIFY_FAILS_WITH(store.deactivate(QStringLiteral("m-zzzzzz")), "memory.unknown-key");

    VALIS_VERIFY_OK(store.purge(purged->key));
    VERIFY_FAILS_WITH(store.find(purged->key), "memory.unknown-key");
    VERIFY_FAILS_WITH(store.get(purged->key), "memory.unknown-key");
    QCOMPARE(store.search(QStringLiteral("pelican"), {})->size(), 0);
    QVERIFY(!keysOf(store.list(everything()).value()).contains(purged->key));
    VERIFY_FAILS_WITH(store.purge(purged->key), "memory.unknown-key");
    VALIS_VERIFY_OK(store.purge(kept->key));
    QCOMPARE(store.list(everything())->size(), 0);

    // Purged content can be stored again, under its short key.
    const auto again = store.put(memory("purge me entirely, pelican"));
    VALIS_VERIFY_OK(again);
    QCOMPARE(again->key, purged->key);
}

void DetailStoreContract::stats()
{
    CONTRACT_STORE(store);
    const auto empty = store.stats();
    VALIS_VERIFY_OK(empty);
    QCOMPARE(empty->records, qint64(0));
    const QString a = QStringLiteral("agent-a");
    VALIS_VERIFY_OK(store.put(memory(QByteArray(10, 'x'), {}, a)));
    const auto twenty = store.put(memory(QByteArray(20, 'y'), {}, a));
    VALIS_VERIFY_OK(twenty);
    VALIS_VERIFY_OK(store.put(memory(QByteArray(30, 'z'), {}, a)));
    VALIS_VERIFY_OK(store.put(memory(QByteArray(5, 'w'), {}, QStringLiteral("agent-b"))));
    VALIS_VERIFY_OK(store.deactivate(twenty->key));

    const auto all = store.stats();
    VALIS_VERIFY_OK(all);
    QCOMPARE(all->records, qint64(3));
    QCOMPARE(all->inactiveRecords, qint64(1));
    QCOMPARE(all->contentBytes, qint64(45));
    const auto ofA = store.stats(a);
    VALIS_VERIFY_OK(ofA);
    QCOMPARE(ofA->records, qint64(2));
    QCOMPARE(ofA->inactiveRecords, qint64(1));
    QCOMPARE(ofA->contentBytes, qint64(40));
    const auto nobody = store.stats(QStringLiteral("nobody"));
    VALIS_VERIFY_OK(nobody);
    QCOMPARE(nobody->records, qint64(0));
    QCOMPARE(nobody->contentBytes, qint64(0));
}

void DetailStoreContract::unicodeContent()
{
    CONTRACT_STORE(store);
    const QByteArray content = QStringLiteral("Grüße aus Köln 🚀\nПривет мир\n日本語のテキスト\nمرحبا\ncafe\u0301 noir\n").toUtf8();
    const QString summary = QStringLiteral("Übersicht: 🚀 Привет «quoted»");
    const auto stored = store.put(memory(content, summary));
    VALIS_VERIFY_OK(stored);
    QCOMPARE(stored->summary, summary);
    QCOMPARE(stored->sizeBytes, qint64(content.size()));
    QCOMPARE(stored->lineCount, qint64(5));
    const auto got = store.get(stored->key);
    VALIS_VERIFY_OK(got);
    QCOMPARE(got->content, content);
    QCOMPARE(got->summary, summary);
    QCOMPARE(store.find(stored->key)->summary, summary);
    QCOMPARE(keysOf(store.search(QStringLiteral("привет"), {}).value()), QStringList{stored->key});
    QCOMPARE(keysOf(store.search(QStringLiteral("МИР"), {}).value()), QStringList{stored->key});
    QCOMPARE(keysOf(store.search(QStringLiteral("Köln"), {}).value()), QStringList{stored->key});
    // Byte pages may cut a character: the bytes come back exactly as stored.
    MemoryPageRequest request;
    request.unit = MemoryPageRequest::Unit::Bytes;
    request.offset = 3;
    request.limit = 5;
    QCOMPARE(store.read(stored->key, request)->text, content.mid(3, 5));
    const auto file = store.writeFile(QStringLiteral("agent-ü"), QStringLiteral("notizen/grüße.md"), content);
    VALIS_VERIFY_OK(file);
    QCOMPARE(store.readFile(QStringLiteral("agent-ü"), QStringLiteral("notizen/grüße.md"))->content, content);
    QCOMPARE(pathsOf(store.listFiles(QStringLiteral("agent-ü"), QStringLiteral("notizen/")).value()),
             QStringList{QStringLiteral("notizen/grüße.md")});
}

void DetailStoreContract::emptyContent()
{
    CONTRACT_STORE(store);
    const auto stored = store.put(memory(QByteArray(), QStringLiteral("nothing came out")));
    VALIS_VERIFY_OK(stored);
    QCOMPARE(stored->sizeBytes, qint64(0));
    QCOMPARE(stored->lineCount, qint64(0));
    QCOMPARE(stored->sha256, sha256Hex(QByteArray()));
    const auto got = store.get(stored->key);
    VALIS_VERIFY_OK(got);
    QVERIFY(got->content.isEmpty());
    const auto lines = store.read(stored->key, {});
    VALIS_VERIFY_OK(lines);
    QCOMPARE(lines->count, qint64(0));
    QCOMPARE(lines->total, qint64(0));
    QCOMPARE(lines->remaining, qint64(0));
    QVERIFY(lines->text.isEmpty());
    MemoryPageRequest bytes;
    bytes.unit = MemoryPageRequest::Unit::Bytes;
    bytes.offset = 0;
    const auto page = store.read(stored->key, bytes);
    VALIS_VERIFY_OK(page);
    QCOMPARE(page->count, qint64(0));
    MemoryPageRequest past;
    past.offset = 2;
    VERIFY_FAILS_WITH(store.read(stored->key, past), "memory.invalid");
    const auto file = store.writeFile(QStringLiteral("agent-a"), QStringLiteral("empty.md"), QByteArray());
    VALIS_VERIFY_OK(file);
    QVERIFY(store.readFile(QStringLiteral("agent-a"), QStringLiteral("empty.md"))->content.isEmpty());
}

void DetailStoreContract::twentyMegabyteContent()
{
    CONTRACT_STORE(store);
    QByteArray content;
    content.reserve(21 * 1024 * 1024);
    content += "header line\nthe zebracorn marker is near the start\n";
    for (int line = 3; content.size() < 20 * 1024 * 1024; ++line)
        content += "row " + QByteArray::number(line) + " of a very large captured output, padded to look real\n";
    const auto stored = store.put(memory(content, QStringLiteral("a 20 MB output")));
    VALIS_VERIFY_OK(stored);
    QCOMPARE(stored->sizeBytes, qint64(content.size()));
    QCOMPARE(stored->sha256, sha256Hex(content));
    const auto got = store.get(stored->key);
    VALIS_VERIFY_OK(got);
    QVERIFY2(got->content == content, "the 20 MB content came back different");
    MemoryPageRequest request;
    request.offset = 200000;
    request.limit = 3;
    const auto page = store.read(stored->key, request);
    VALIS_VERIFY_OK(page);
    QCOMPARE(page->text, linesOf(content, 200000, 200002));
    QCOMPARE(page->total, countLines(content));
    QCOMPARE(keysOf(store.search(QStringLiteral("zebracorn"), {}).value()), QStringList{stored->key});
    // The same content again is the same record.
    QCOMPARE(store.put(memory(content))->key, stored->key);
}

