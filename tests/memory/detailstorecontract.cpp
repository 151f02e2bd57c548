#include "detailstorecontract.h"

#include "testsupport.h"
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

// The hostile query strings below hold quotes and backslashes; they live in this file, which moc
// does not read (the class is declared in the header), so they cannot upset it.

/// Opens a fresh store into `var` (a DetailStore &), failing the test when that fails.
#define CONTRACT_STORE(var)                                                                      \
    auto var##Opened_ = openStore();                                                             \
    VALIS_VERIFY_OK(var##Opened_);                                                               \
    DetailStore &var = *var##Opened_.value()

/// Verifies that `expr` (a Result) failed with the error code `expected`.
#define VERIFY_FAILS_WITH(expr, expected)                                                        \
    do {                                                                                         \
        const auto &failed_ = (expr);                                                            \
        QVERIFY2(failed_.hasError(), "the call succeeded but should have failed");               \
        QCOMPARE(failed_.error().code, QStringLiteral(expected));                                \
    } while (false)

namespace {

NewMemory memory(const QByteArray &content, const QString &summary = {}, const QString &agent = QStringLiteral("agent-a"),
                 const QString &session = {}, const QString &type = QStringLiteral("note"))
{
    NewMemory m;
    m.agentId = agent;
    m.sessionId = session;
    m.type = type;
    m.summary = summary;
    m.content = content;
    return m;
}

QStringList keysOf(const QList<MemoryRecord> &records)
{
    QStringList keys;
    for (const MemoryRecord &record : records)
        keys << record.key;
    return keys;
}

QStringList keysOf(const QList<MemoryHit> &hits)
{
    QStringList keys;
    for (const MemoryHit &hit : hits)
        keys << hit.record.key;
    return keys;
}

QStringList pathsOf(const QList<MemoryRecord> &records)
{
    QStringList paths;
    for (const MemoryRecord &record : records)
        paths << record.path;
    return paths;
}

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

MemoryFilter everything()
{
    MemoryFilter filter;
    filter.includeInactive = true;
    filter.limit = 0;
    return filter;
}

QByteArray numberedLines(int count, const char *pattern)
{
    QByteArray content;
    for (int line = 1; line <= count; ++line)
        content += QByteArray(pattern).replace("%1", QByteArray::number(line)) + '\n';
    return content;
}

/// Lines `first`..`last` (from 1) of `content`, with their newlines.
QByteArray linesOf(const QByteArray &content, int first, int last)
{
    const QList<QByteArray> lines = content.split('\n');
    QByteArray slice;
    for (int line = first; line <= last; ++line)
        slice += lines.at(line - 1) + '\n';
    return slice;
}

/// "<key> <index>" lines a writer printed.
QList<QPair<QString, int>> committedBy(const QByteArray &output)
{
    QList<QPair<QString, int>> committed;
    for (const QByteArray &line : output.split('\n')) {
        const QList<QByteArray> fields = line.trimmed().split(' ');
        if (fields.size() == 2 && fields.at(0).startsWith("m-"))
            committed.append({QString::fromLatin1(fields.at(0)), fields.at(1).toInt()});
    }
    return committed;
}

} // namespace

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

void DetailStoreContract::listFilters()
{
    CONTRACT_STORE(store);
    const QString a = QStringLiteral("agent-a");
    const QString b = QStringLiteral("agent-b");
    const QString s1 = QStringLiteral("s1");
    const QString s2 = QStringLiteral("s2");
    const QString note = QStringLiteral("note");
    const auto r1 = store.put(memory("r1", {}, a, s1, note));
    const auto r2 = store.put(memory("r2", {}, a, s2, QStringLiteral("command_output")));
    const auto r3 = store.put(memory("r3", {}, b, s1, note));
    const auto r4 = store.put(memory("r4", {}, a, s1, QStringLiteral("tool_result")));
    const auto f1 = store.writeFile(a, QStringLiteral("notes/build.md"), "f1");
    const auto f2 = store.writeFile(a, QStringLiteral("people/alice.md"), "f2", s2);
    const auto r5 = store.put(memory("r5", {}, a, s1, note));
    for (const auto *result : {&r1, &r2, &r3, &r4, &f1, &f2, &r5})
        VALIS_VERIFY_OK(*result);
    VALIS_VERIFY_OK(store.deactivate(r5->key));

    auto keys = [&](MemoryFilter filter) {
        const auto listed = store.list(filter);
        return listed.ok() ? keysOf(listed.value()) : QStringList{listed.error().toString()};
    };
    MemoryFilter filter;
    filter.agentId = a;
    QCOMPARE(keys(filter), QStringList({f2->key, f1->key, r4->key, r2->key, r1->key}));
    filter.includeInactive = true;
    QCOMPARE(keys(filter), QStringList({r5->key, f2->key, f1->key, r4->key, r2->key, r1->key}));
    filter.includeInactive = false;
    filter.limit = 2;
    filter.offset = 1;
    QCOMPARE(keys(filter), QStringList({f1->key, r4->key}));
    filter.offset = 5;
    QCOMPARE(keys(filter), QStringList());

    filter = {};
    filter.sessionId = s1;
    QCOMPARE(keys(filter), QStringList({r4->key, r3->key, r1->key}));
    filter = {};
    filter.type = note;
    QCOMPARE(keys(filter), QStringList({r3->key, r1->key}));
    filter.agentId = a;
    QCOMPARE(keys(filter), QStringList({r1->key}));
    filter = {};
    filter.pathPrefix = QStringLiteral("notes/");
    QCOMPARE(keys(filter), QStringList({f1->key}));
    filter.pathPrefix = QStringLiteral("/memories/people/");
    QCOMPARE(keys(filter), QStringList({f2->key}));
    filter = {};
    filter.type = QLatin1String(MemoryType::MemoryFile);
    QCOMPARE(keys(filter), QStringList({f2->key, f1->key}));
    QCOMPARE(keys({}), QStringList({f2->key, f1->key, r4->key, r3->key, r2->key, r1->key}));
    filter = {};
    filter.limit = 1;
    QCOMPARE(keys(filter), QStringList({f2->key}));
}

void DetailStoreContract::searchRanksStrongerMatchesFirst()
{
    CONTRACT_STORE(store);
    QByteArray filler;
    for (int i = 0; i < 40; ++i)
        filler += "compiling module " + QByteArray::number(i) + " of the project\n";
    const auto weak = store.put(memory(filler + "a timeout was configured\n" + filler, QStringLiteral("build log")));
    const auto strong = store.put(memory("fetch failed: timeout after 30 s\nretrying\ntimeout again\n",
                                         QStringLiteral("timeout while fetching packages")));
    const auto unrelated = store.put(memory("nothing to see here\n", QStringLiteral("quiet")));
    for (const auto *result : {&weak, &strong, &unrelated})
        VALIS_VERIFY_OK(*result);

    const auto hits = store.search(QStringLiteral("timeout"), {});
    VALIS_VERIFY_OK(hits);
    QCOMPARE(keysOf(hits.value()), QStringList({strong->key, weak->key}));
    QVERIFY(hits->at(0).score > hits->at(1).score);
    for (const MemoryHit &hit : hits.value()) {
        QVERIFY(hit.record.content.isEmpty());
        QVERIFY2(hit.snippet.contains(QLatin1String("timeout"), Qt::CaseInsensitive), qPrintable(hit.snippet));
        QVERIFY(!hit.snippet.contains(QLatin1Char('\n')));
    }
    QCOMPARE(hits->at(0).record.summary, strong->summary);
    QCOMPARE(hits->at(0).record.sha256, strong->sha256);

    MemoryFilter page;
    page.limit = 1;
    QCOMPARE(keysOf(store.search(QStringLiteral("timeout"), page).value()), QStringList{strong->key});
    page.offset = 1;
    QCOMPARE(keysOf(store.search(QStringLiteral("timeout"), page).value()), QStringList{weak->key});
    QCOMPARE(store.search(QStringLiteral("absentword"), {})->size(), 0);
    QCOMPARE(store.search(QStringLiteral("   "), {})->size(), 0);
}

void DetailStoreContract::searchPhrasesAndPrefixes()
{
    CONTRACT_STORE(store);
    const auto a = store.put(memory("the disk is full on the var partition\n", QStringLiteral("disk report")));
    const auto b = store.put(memory("disk full error while writing\n", QStringLiteral("write failure")));
    const auto c = store.put(memory("connection refused by upstream\n", QStringLiteral("network")));
    const auto d = store.put(memory("connector reset by peer\n", QStringLiteral("socket")));
    for (const auto *result : {&a, &b, &c, &d})
        VALIS_VERIFY_OK(*result);
    auto found = [&](const QString &query) {
        const auto hits = store.search(query, {});
        QStringList keys = hits.ok() ? keysOf(hits.value()) : QStringList{hits.error().toString()};
        keys.sort();
        return keys;
    };
    auto sorted = [](QStringList keys) {
        keys.sort();
        return keys;
    };
    QCOMPARE(found(QStringLiteral("\"disk full\"")), QStringList{b->key});
    QCOMPARE(found(QStringLiteral("disk full")), sorted({a->key, b->key}));
    QCOMPARE(found(QStringLiteral("full disk")), sorted({a->key, b->key}));
    QCOMPARE(found(QStringLiteral("DISK")), sorted({a->key, b->key}));
    QCOMPARE(found(QStringLiteral("disk refused")), QStringList());
    QCOMPARE(found(QStringLiteral("refus")), QStringList{c->key});
    QCOMPARE(found(QStringLiteral("connection refus")), QStringList{c->key});
    QCOMPARE(found(QStringLiteral("\"refus\"")), QStringList());
    QCOMPARE(found(QStringLiteral("refus connection")), QStringList());
    QCOMPARE(found(QStringLiteral("\"error while\" disk")), QStringList{b->key});
    // A prefix standing for several words, alone and after another word.
    QCOMPARE(found(QStringLiteral("conn")), sorted({c->key, d->key}));
    QCOMPARE(found(QStringLiteral("reset conn")), QStringList{d->key});
    QCOMPARE(found(QStringLiteral("by conn")), sorted({c->key, d->key}));
    QCOMPARE(found(QStringLiteral("CONNECT")), sorted({c->key, d->key}));
    // Words of one or two letters are whole words, not prefixes.
    QCOMPARE(found(QStringLiteral("b")), QStringList());
}

void DetailStoreContract::searchFilters()
{
    CONTRACT_STORE(store);
    const QString a = QStringLiteral("agent-a");
    const QString b = QStringLiteral("agent-b");
    const auto note = store.put(memory("alpha deployment notes", {}, a, QStringLiteral("s1")));
    const auto other = store.put(memory("alpha deployment for b", {}, b, QStringLiteral("s1")));
    const auto output = store.put(memory("alpha deployment output", {}, a, QStringLiteral("s2"), QStringLiteral("command_output")));
    const auto file = store.writeFile(a, QStringLiteral("ops/alpha.md"), "alpha deployment runbook");
    const auto retired = store.put(memory("alpha deployment retired", {}, a, QStringLiteral("s1")));
    for (const auto *result : {&note, &other, &output, &retired})
        VALIS_VERIFY_OK(*result);
    VALIS_VERIFY_OK(file);
    VALIS_VERIFY_OK(store.deactivate(retired->key));

    auto found = [&](const QString &query, const MemoryFilter &filter) {
        const auto hits = store.search(query, filter);
        QStringList keys = hits.ok() ? keysOf(hits.value()) : QStringList{hits.error().toString()};
        keys.sort();
        return keys;
    };
    auto sorted = [](QStringList keys) {
        keys.sort();
        return keys;
    };
    const QString alpha = QStringLiteral("alpha");
    QCOMPARE(found(alpha, {}), sorted({note->key, other->key, output->key, file->key}));
    MemoryFilter filter;
    filter.agentId = a;
    QCOMPARE(found(alpha, filter), sorted({note->key, output->key, file->key}));
    filter.includeInactive = true;
    QCOMPARE(found(alpha, filter), sorted({note->key, output->key, file->key, retired->key}));
    filter = {};
    filter.agentId = b;
    QCOMPARE(found(alpha, filter), QStringList{other->key});
    filter = {};
    filter.sessionId = QStringLiteral("s1");
    QCOMPARE(found(alpha, filter), sorted({note->key, other->key}));
    filter = {};
    filter.type = QStringLiteral("command_output");
    QCOMPARE(found(alpha, filter), QStringList{output->key});
    filter = {};
    filter.pathPrefix = QStringLiteral("ops/");
    QCOMPARE(found(alpha, filter), QStringList{file->key});
    // The path is searchable too.
    QCOMPARE(found(QStringLiteral("ops"), {}), QStringList{file->key});
    QCOMPARE(found(QStringLiteral("retired"), {}), QStringList());
    filter = {};
    filter.includeInactive = true;
    QCOMPARE(found(QStringLiteral("retired"), filter), QStringList{retired->key});
}

void DetailStoreContract::searchTreatsOperatorsAsText()
{
    CONTRACT_STORE(store);
    const auto target = store.put(memory("disk quota exceeded for user alice\n", QStringLiteral("quota report")));
    const auto other = store.put(memory("nothing else here\n", QStringLiteral("other")));
    VALIS_VERIFY_OK(target);
    VALIS_VERIFY_OK(other);
    const QStringList hostile = {
        QStringLiteral("\""), QStringLiteral("\"\""), QStringLiteral("\"\"\""), QStringLiteral("*"), QStringLiteral("-"),
        QStringLiteral(":"), QStringLiteral("'"), QStringLiteral("\\"), QStringLiteral("\\\\"), QStringLiteral("NEAR("),
        QStringLiteral("NEAR(quota"), QStringLiteral("NEAR(quota alice, 3)"), QStringLiteral("quota\""),
        QStringLiteral("\"quota"), QStringLiteral("quota*"), QStringLiteral("*quota"), QStringLiteral("-quota"),
        QStringLiteral("quota:"), QStringLiteral("summary:quota"), QStringLiteral("{summary content}:quota"),
        QStringLiteral("'quota'"), QStringLiteral("\\quota"), QStringLiteral("quota\\"), QStringLiteral("(quota"),
        QStringLiteral("quota)"), QStringLiteral("quota^"), QStringLiteral("^quota"), QStringLiteral("quota AND"),
        QStringLiteral("AND quota"), QStringLiteral("OR"), QStringLiteral("NOT"), QStringLiteral("' OR 1=1 --"),
        QStringLiteral("quota'; DROP TABLE agent_memories; --"), QStringLiteral("%"), QStringLiteral("_"),
        QStringLiteral("quota%"), QStringLiteral("$$quota$$"), QStringLiteral("quota & alice"),
        QStringLiteral("quota | alice"), QStringLiteral("!quota"), QStringLiteral("quota <-> alice"),
        QStringLiteral("quota:*"), QStringLiteral("quota:A"), QStringLiteral("\"unbalanced quota"),
        QString(QStringLiteral("quota") + QChar(0) + QStringLiteral("alice")), QStringLiteral("\t\n"), QString(QChar(0x2603)),
    };
    for (const QString &query : hostile) {
        const auto hits = store.search(query, {});
        QVERIFY2(hits.ok(), qPrintable(query + QStringLiteral(" -> ") + (hits.ok() ? QString() : hits.error().toString())));
    }
    auto found = [&](const QString &query) {
        const auto hits = store.search(query, {});
        return hits.ok() ? keysOf(hits.value()) : QStringList{hits.error().toString()};
    };
    // Punctuation around a word does not stop it matching.
    QCOMPARE(found(QStringLiteral("quota*")), QStringList{target->key});
    QCOMPARE(found(QStringLiteral("-quota")), QStringList{target->key});
    QCOMPARE(found(QStringLiteral("'quota'")), QStringList{target->key});
    QCOMPARE(found(QStringLiteral("quota\"")), QStringList{target->key});
    // Operators are words that must match, so these find nothing: were OR, NEAR or "-" operators,
    // each would find the target.
    QCOMPARE(found(QStringLiteral("quota OR zzzmissing")), QStringList());
    QCOMPARE(found(QStringLiteral("zzzmissing | quota")), QStringList());
    QCOMPARE(found(QStringLiteral("NEAR(quota alice)")), QStringList());
    QCOMPARE(found(QStringLiteral("quota -zzzmissing")), QStringList());
    // Nothing was injected: the records are all there and readable.
    QCOMPARE(store.list(everything())->size(), 2);
    QCOMPARE(store.get(target->key)->content, QByteArray("disk quota exceeded for user alice\n"));
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

void DetailStoreContract::memoryFilesKeepVersions()
{
    CONTRACT_STORE(store);
    const QString a = QStringLiteral("agent-a");
    const QString path = QStringLiteral("notes/build.md");
    const auto v1 = store.writeFile(a, path, "\n  use ninja\nnot make\n", QStringLiteral("s1"));
    VALIS_VERIFY_OK(v1);
    QCOMPARE(v1->type, QLatin1String(MemoryType::MemoryFile));
    QCOMPARE(v1->path, path);
    QCOMPARE(v1->summary, QStringLiteral("use ninja"));
    QCOMPARE(v1->sessionId, QStringLiteral("s1"));
    QVERIFY(v1->active);
    QCOMPARE(store.readFile(a, path)->content, QByteArray("\n  use ninja\nnot make\n"));

    const QByteArray second = "use ninja -j2\n";
    const auto v2 = store.writeFile(a, path, second);
    VALIS_VERIFY_OK(v2);
    QVERIFY(v2->key != v1->key);
    QCOMPARE(v2->key, memoryFileKeyFor(a, path, second));
    const auto current = store.readFile(a, path);
    VALIS_VERIFY_OK(current);
    QCOMPARE(current->key, v2->key);
    QCOMPARE(current->content, second);
    // The old version is kept, inactive and readable.
    QVERIFY(!store.find(v1->key)->active);
    QCOMPARE(store.get(v1->key)->content, QByteArray("\n  use ninja\nnot make\n"));
    MemoryFilter files;
    files.type = QLatin1String(MemoryType::MemoryFile);
    QCOMPARE(keysOf(store.list(files).value()), QStringList{v2->key});
    files.includeInactive = true;
    QCOMPARE(keysOf(store.list(files).value()), QStringList({v2->key, v1->key}));

    // Writing what the file says already makes no new version.
    const auto same = store.writeFile(a, path, second);
    VALIS_VERIFY_OK(same);
    QCOMPARE(same->key, v2->key);
    QCOMPARE(store.list(files)->size(), 2);

    // The path is part of the key: the same content at another path, or as a plain record, is
    // a record of its own.
    const auto copy = store.writeFile(a, QStringLiteral("notes/copy.md"), second);
    VALIS_VERIFY_OK(copy);
    QVERIFY(copy->key != v2->key);
    QVERIFY(store.find(v2->key)->active);
    const auto plain = store.put(memory(second));
    VALIS_VERIFY_OK(plain);
    QVERIFY(plain->key != v2->key && plain->key != copy->key);
    QCOMPARE(store.readFile(a, QStringLiteral("notes/copy.md"))->content, second);

    QCOMPARE(store.readFile(a, QStringLiteral("/memories/notes/build.md"))->key, v2->key);
    const auto titled = store.writeFile(a, QStringLiteral("notes/x.md"), "body", {}, QStringLiteral("my summary"));
    VALIS_VERIFY_OK(titled);
    QCOMPARE(titled->summary, QStringLiteral("my summary"));
    VERIFY_FAILS_WITH(store.readFile(QStringLiteral("agent-b"), path), "memory.not-found");
    VERIFY_FAILS_WITH(store.readFile(a, QStringLiteral("notes/none.md")), "memory.not-found");
    for (const QString &bad : {QStringLiteral("../etc/passwd"), QString(), QStringLiteral("notes//x.md"),
                               QStringLiteral("notes/./x.md"), QStringLiteral("notes/")}) {
        const auto written = store.writeFile(a, bad, "x");
        QVERIFY2(written.hasError() && written.error().code == QLatin1String("memory.invalid"), qPrintable(bad));
    }
    // Files are found by what they say and by their path.
    QVERIFY(keysOf(store.search(QStringLiteral("ninja"), {}).value()).contains(v2->key));
    QVERIFY(keysOf(store.search(QStringLiteral("build"), {}).value()).contains(v2->key));
}

void DetailStoreContract::memoryFilesListAndRemove()
{
    CONTRACT_STORE(store);
    const QString a = QStringLiteral("agent-a");
    for (const char *path : {"notes/z.md", "b.md", "notes/a.md", "notes/sub/c.md", "notesx.md"})
        VALIS_VERIFY_OK(store.writeFile(a, QString::fromLatin1(path), QByteArray("content of ") + path));
    VALIS_VERIFY_OK(store.writeFile(QStringLiteral("agent-b"), QStringLiteral("notes/q.md"), "b's"));
    VALIS_VERIFY_OK(store.put(memory("not a file", {}, a)));

    const auto all = store.listFiles(a);
    VALIS_VERIFY_OK(all);
    QCOMPARE(pathsOf(all.value()), QStringList({QStringLiteral("b.md"), QStringLiteral("notes/a.md"),
                                                QStringLiteral("notes/sub/c.md"), QStringLiteral("notes/z.md"),
                                                QStringLiteral("notesx.md")}));
    for (const MemoryRecord &record : all.value()) {
        QVERIFY(record.content.isEmpty());
        QCOMPARE(record.type, QLatin1String(MemoryType::MemoryFile));
    }
    QCOMPARE(pathsOf(store.listFiles(a, QStringLiteral("notes/")).value()),
             QStringList({QStringLiteral("notes/a.md"), QStringLiteral("notes/sub/c.md"), QStringLiteral("notes/z.md")}));
    QCOMPARE(pathsOf(store.listFiles(a, QStringLiteral("/memories/notes/sub/")).value()),
             QStringList{QStringLiteral("notes/sub/c.md")});
    QCOMPARE(store.listFiles(QStringLiteral("nobody"))->size(), 0);

    const auto before = store.readFile(a, QStringLiteral("notes/z.md"));
    VALIS_VERIFY_OK(before);
    VALIS_VERIFY_OK(store.removeFile(a, QStringLiteral("notes/z.md")));
    VERIFY_FAILS_WITH(store.readFile(a, QStringLiteral("notes/z.md")), "memory.not-found");
    VERIFY_FAILS_WITH(store.removeFile(a, QStringLiteral("notes/z.md")), "memory.not-found");
    QVERIFY(!pathsOf(store.listFiles(a).value()).contains(QStringLiteral("notes/z.md")));
    QVERIFY(!store.find(before->key)->active);
    QCOMPARE(store.get(before->key)->content, QByteArray("content of notes/z.md"));

    // Written again after removal: a new version, under a longer key.
    const auto back = store.writeFile(a, QStringLiteral("notes/z.md"), "content of notes/z.md");
    VALIS_VERIFY_OK(back);
    QVERIFY(back->key != before->key);
    QVERIFY(back->key.startsWith(before->key));
    QCOMPARE(store.readFile(a, QStringLiteral("notes/z.md"))->content, QByteArray("content of notes/z.md"));
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

void DetailStoreContract::twoWriterProcessesLoseNothing()
{
    CONTRACT_STORE(store);
    QVERIFY2(QFileInfo::exists(writerPath()), qPrintable(writerPath()));
    const int count = 500;
    QProcess left;
    QProcess right;
    left.start(writerPath(), writerArguments() << QStringLiteral("--tag") << QStringLiteral("left")
                                               << QStringLiteral("--count") << QString::number(count));
    right.start(writerPath(), writerArguments() << QStringLiteral("--tag") << QStringLiteral("right")
                                                << QStringLiteral("--count") << QString::number(count));
    QVERIFY(left.waitForFinished(600000));
    QVERIFY(right.waitForFinished(600000));
    QVERIFY2(left.exitStatus() == QProcess::NormalExit && left.exitCode() == 0, left.readAllStandardError().constData());
    QVERIFY2(right.exitStatus() == QProcess::NormalExit && right.exitCode() == 0, right.readAllStandardError().constData());

    auto reopened = reopenStore();
    VALIS_VERIFY_OK(reopened);
    QSet<QString> keys;
    for (const auto &[writer, tag] : {std::pair<QProcess *, QString>{&left, QStringLiteral("left")},
                                      std::pair<QProcess *, QString>{&right, QStringLiteral("right")}}) {
        const auto committed = committedBy(writer->readAllStandardOutput());
        QCOMPARE(committed.size(), count);
        for (const auto &[key, index] : committed) {
            const auto got = reopened.value()->get(key);
            VALIS_VERIFY_OK(got);
            QCOMPARE(got->content, writerContent(tag, index, false));
            QCOMPARE(got->metadata.value(QStringLiteral("tag")).toString(), tag);
            QCOMPARE(got->metadata.value(QStringLiteral("index")).toInt(), index);
            keys.insert(key);
        }
    }
    QCOMPARE(keys.size(), 2 * count);
    MemoryFilter filter = everything();
    filter.agentId = writerAgent();
    QCOMPARE(reopened.value()->list(filter)->size(), 2 * count);
    QCOMPARE(store.list(filter)->size(), 2 * count);
}

void DetailStoreContract::killedWriterLeavesNoHalfRecord()
{
    CONTRACT_STORE(store);
    QVERIFY2(QFileInfo::exists(writerPath()), qPrintable(writerPath()));
    const QString tag = QStringLiteral("crash");
    QRandomGenerator random(20261123);
    QList<QPair<QString, int>> committed;
    for (int round = 0; round < 3; ++round) {
        QProcess writer;
        writer.start(writerPath(), writerArguments() << QStringLiteral("--tag") << tag + QString::number(round)
                                                     << QStringLiteral("--count") << QStringLiteral("100000")
                                                     << QStringLiteral("--large"));
        QVERIFY2(writer.waitForStarted(), qPrintable(writer.errorString()));
        // Let it commit a few large records, then kill it (SIGKILL: no destructor, no rollback),
        // most likely in the middle of the next one.
        const int wanted = int(random.bounded(3, 12));
        QByteArray output;
        while (committedBy(output).size() < wanted) {
            QVERIFY2(writer.state() == QProcess::Running, writer.readAllStandardError().constData());
            writer.waitForReadyRead(20000);
            output += writer.readAllStandardOutput();
        }
        writer.kill();
        QVERIFY(writer.waitForFinished(20000));
        output += writer.readAllStandardOutput();
        for (const auto &[key, index] : committedBy(output))
            committed.append({key, index + 1000000 * round});
    }

    auto reopened = reopenStore();
    VALIS_VERIFY_OK(reopened);
    DetailStore &after = *reopened.value();
    for (const auto &[key, encoded] : committed) {
        const auto got = after.get(key);
        VALIS_VERIFY_OK(got);
        const QString writerTag = tag + QString::number(encoded / 1000000);
        QCOMPARE(got->content, writerContent(writerTag, encoded % 1000000, true));
        QCOMPARE(got->sha256, sha256Hex(got->content));
    }
    // Nothing else is there but, per writer, the one record it may have committed just before
    // the kill; every record is whole.
    MemoryFilter filter = everything();
    filter.agentId = writerAgent();
    const auto records = after.list(filter);
    VALIS_VERIFY_OK(records);
    QVERIFY(records->size() >= committed.size());
    QVERIFY(records->size() <= committed.size() + 3);
    for (const MemoryRecord &record : records.value()) {
        const auto got = after.get(record.key);
        VALIS_VERIFY_OK(got);
        QCOMPARE(got->content, writerContent(record.metadata.value(QStringLiteral("tag")).toString(),
                                             record.metadata.value(QStringLiteral("index")).toInt(), true));
    }
    // And the store takes new writes.
    const auto fresh = after.put(memory(writerContent(QStringLiteral("after"), 0, true)));
    VALIS_VERIFY_OK(fresh);
    QCOMPARE(after.get(fresh->key)->content, writerContent(QStringLiteral("after"), 0, true));
    QCOMPARE(store.get(fresh->key)->content, writerContent(QStringLiteral("after"), 0, true));
}

void DetailStoreContract::threadsShareOneStore()
{
    CONTRACT_STORE(store);
    constexpr int threads = 4;
    constexpr int perThread = 40;
    QMutex mutex;
    QStringList failures;
    QList<QThread *> workers;
    for (int t = 0; t < threads; ++t) {
        workers.append(QThread::create([&store, &mutex, &failures, t]() {
            auto fail = [&](const QString &what) {
                QMutexLocker lock(&mutex);
                failures << what;
            };
            for (int i = 0; i < perThread; ++i) {
                const QByteArray content = "thread " + QByteArray::number(t) + " record " + QByteArray::number(i);
                const auto stored = store.put(memory(content, QStringLiteral("threaded"), QStringLiteral("agent-a"),
                                                     QStringLiteral("thread-%1").arg(t)));
                if (!stored.ok()) {
                    fail(stored.error().toString());
                    continue;
                }
                const auto got = store.get(stored->key);
                if (!got.ok() || got->content != content)
                    fail(QStringLiteral("read back %1").arg(stored->key));
                MemoryFilter filter;
                filter.sessionId = QStringLiteral("thread-%1").arg(t);
                filter.limit = 0;
                const auto listed = store.list(filter);
                if (!listed.ok() || listed->size() != i + 1)
                    fail(QStringLiteral("thread %1 lists %2 records after %3").arg(t).arg(listed.ok() ? listed->size() : -1).arg(i + 1));
                if (!store.search(QStringLiteral("thread"), {}).ok())
                    fail(QStringLiteral("search failed"));
            }
        }));
    }
    for (QThread *worker : workers)
        worker->start();
    for (QThread *worker : workers) {
        QVERIFY(worker->wait(300000));
        delete worker;
    }
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
    MemoryFilter all = everything();
    QCOMPARE(store.list(all)->size(), threads * perThread);
    // The store still works from this thread once the workers (and their connections) are gone.
    VALIS_VERIFY_OK(store.put(memory("after the threads")));
}
