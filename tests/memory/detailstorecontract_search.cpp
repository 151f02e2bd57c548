// The DetailStore contract: listing with filters and ranked search (hostile query strings
// included; moc never reads this file).
#include "detailstorecontractsupport.h"

using namespace valis;

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
