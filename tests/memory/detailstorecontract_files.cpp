// The DetailStore contract: /memories/ files, their versions, listing and removal.
#include "detailstorecontractsupport.h"

using namespace valis;

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

void DetailStoreContract::memoryFilesWriteOnCondition()
{
    CONTRACT_STORE(store);
    const QString a = QStringLiteral("agent-a");
    const QString path = QStringLiteral("notes/plan.md");
    // Empty expectation: only while there is no such file.
    const auto created = store.writeFileIfUnchanged(a, path, "v1\n", QString());
    VALIS_VERIFY_OK(created);
    VERIFY_FAILS_WITH(store.writeFileIfUnchanged(a, path, "again\n", QString()), "memory.conflict");
    // The version the writer saw: lands, and the next expectation is the new version.
    const auto second = store.writeFileIfUnchanged(a, path, "v2\n", created->sha256);
    VALIS_VERIFY_OK(second);
    VERIFY_FAILS_WITH(store.writeFileIfUnchanged(a, path, "v3 from a stale read\n", created->sha256), "memory.conflict");
    const auto now = store.readFile(a, path);
    VALIS_VERIFY_OK(now);
    QCOMPARE(now->content, QByteArray("v2\n"));
    // Another agent's file of the same path is another file.
    VALIS_VERIFY_OK(store.writeFileIfUnchanged(QStringLiteral("agent-b"), path, "b\n", QString()));
    // After a removal, "no such file" is what holds.
    VALIS_VERIFY_OK(store.removeFile(a, path));
    VERIFY_FAILS_WITH(store.writeFileIfUnchanged(a, path, "v4\n", second->sha256), "memory.conflict");
    VALIS_VERIFY_OK(store.writeFileIfUnchanged(a, path, "v4\n", QString()));
}

void DetailStoreContract::memoryFileAndFolderRefuseEachOther()
{
    CONTRACT_STORE(store);
    const QString a = QStringLiteral("agent-a");
    VALIS_VERIFY_OK(store.writeFile(a, QStringLiteral("notes/deep/x.md"), "x"));
    VERIFY_FAILS_WITH(store.writeFile(a, QStringLiteral("notes"), "a file where a folder is"), "memory.path-is-folder");
    VERIFY_FAILS_WITH(store.writeFile(a, QStringLiteral("notes/deep"), "same"), "memory.path-is-folder");
    VALIS_VERIFY_OK(store.writeFile(a, QStringLiteral("top.md"), "t"));
    VERIFY_FAILS_WITH(store.writeFile(a, QStringLiteral("top.md/under.md"), "u"), "memory.path-under-file");
    // A name that only starts like a folder is no conflict, nor is another agent's folder.
    VALIS_VERIFY_OK(store.writeFile(a, QStringLiteral("notesx.md"), "n"));
    VALIS_VERIFY_OK(store.writeFile(QStringLiteral("agent-b"), QStringLiteral("notes"), "b's own file"));
    const auto files = store.listFiles(a);
    VALIS_VERIFY_OK(files);
    QCOMPARE(files->size(), 3);
}
