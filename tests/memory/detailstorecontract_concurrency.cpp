// The DetailStore contract: two writer processes, a writer killed mid-write, threads sharing
// one store.
#include "detailstorecontractsupport.h"

#include "writercontent.h"

#include <QHash>
#include <QMutex>
#include <QProcess>
#include <QRandomGenerator>
#include <QSet>
#include <QThread>

using namespace valis;

QString DetailStoreContract::runTwoWriters(QProcess &left, QProcess &right, int count) const
{
    left.start(writerPath(), writerArguments() << QStringLiteral("--tag") << QStringLiteral("left")
                                               << QStringLiteral("--count") << QString::number(count));
    right.start(writerPath(), writerArguments() << QStringLiteral("--tag") << QStringLiteral("right")
                                                << QStringLiteral("--count") << QString::number(count));
    const bool leftFinished = left.waitForFinished(600000);
    const bool rightFinished = right.waitForFinished(600000);
    if (!leftFinished || !rightFinished)
        return QStringLiteral("a writer did not finish within ten minutes");
    for (QProcess *writer : {&left, &right}) {
        if (writer->exitStatus() != QProcess::NormalExit || writer->exitCode() != 0)
            return QString::fromLocal8Bit(writer->readAllStandardError());
    }
    return {};
}

void DetailStoreContract::twoWriterProcessesLoseNothing()
{
    CONTRACT_STORE(store);
    QVERIFY2(QFileInfo::exists(writerPath()), qPrintable(writerPath()));
    const int count = 500;
    QProcess left;
    QProcess right;
    const QString failure = runTwoWriters(left, right, count);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));

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

namespace {

/// Starts the writer with `arguments`, waits for its "ready".
bool startReady(QProcess &writer, const QString &program, const QStringList &arguments)
{
    writer.start(program, arguments);
    return writer.waitForStarted(60000) && writer.waitForReadyRead(60000) && writer.readLine().trimmed() == "ready";
}

QStringList outputLines(QProcess &writer)
{
    return QString::fromUtf8(writer.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

void DetailStoreContract::memoryFileWritersLoseNoUpdate()
{
    CONTRACT_STORE(store);
    // Two processes each add their lines to one /memories/ file by read-modify-write. A write
    // lands only on the version its writer read; any other outcome is a conflict the writer sees
    // (and retries). So every line that landed is in the final file, exactly once.
    const int count = 60;
    const QString path = QStringLiteral("shared/log.md");
    QProcess left;
    QProcess right;
    const QStringList common = writerArguments() << QStringLiteral("--append-to") << path << QStringLiteral("--count") << QString::number(count);
    QVERIFY(startReady(left, writerPath(), QStringList(common) << QStringLiteral("--tag") << QStringLiteral("left")));
    QVERIFY(startReady(right, writerPath(), QStringList(common) << QStringLiteral("--tag") << QStringLiteral("right")));
    left.write("go\n");
    right.write("go\n");
    QVERIFY(left.waitForFinished(600000));
    QVERIFY(right.waitForFinished(600000));
    QVERIFY2(left.exitStatus() == QProcess::NormalExit && left.exitCode() == 0, left.readAllStandardError().constData());
    QVERIFY2(right.exitStatus() == QProcess::NormalExit && right.exitCode() == 0, right.readAllStandardError().constData());

    QStringList landed;
    int conflicts = 0;
    for (QProcess *writer : {&left, &right}) {
        for (const QString &line : outputLines(*writer)) {
            if (line.startsWith(QLatin1String("landed ")))
                landed.append(line.mid(7));
            else if (line.startsWith(QLatin1String("conflict ")))
                ++conflicts;
            else
                QFAIL(qPrintable(QStringLiteral("unexpected writer output: ") + line));
        }
    }
    QCOMPARE(landed.size(), 2 * count);
    const auto file = store.readFile(writerAgent(), path);
    VALIS_VERIFY_OK(file);
    QStringList lines = QString::fromUtf8(file->content).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    lines.sort();
    landed.sort();
    QCOMPARE(lines, landed);
    qInfo("%d writes landed, %d conflicts reported and retried", int(landed.size()), conflicts);
}

void DetailStoreContract::memoryFileAndFolderWritersNeverBothLand()
{
    CONTRACT_STORE(store);
    // One process writes the files clash-r, the other clash-r/inner, round by round at the same
    // time: for each r at most one of the two can exist, whatever the interleaving.
    const int rounds = 80;
    QProcess files;
    QProcess folders;
    const QStringList common = writerArguments() << QStringLiteral("--clash") << QString::number(rounds);
    QVERIFY(startReady(files, writerPath(), QStringList(common) << QStringLiteral("--tag") << QStringLiteral("files")));
    QVERIFY(startReady(folders, writerPath(), QStringList(common) << QStringLiteral("--tag") << QStringLiteral("folders") << QStringLiteral("--nested")));
    files.write("go\n");
    folders.write("go\n");
    QVERIFY(files.waitForFinished(600000));
    QVERIFY(folders.waitForFinished(600000));
    QVERIFY2(files.exitCode() == 0, files.readAllStandardError().constData());
    QVERIFY2(folders.exitCode() == 0, folders.readAllStandardError().constData());
    const QStringList fileLines = outputLines(files);
    const QStringList folderLines = outputLines(folders);
    QCOMPARE(fileLines.size(), rounds);
    QCOMPARE(folderLines.size(), rounds);
    for (int round = 0; round < rounds; ++round) {
        const bool fileLanded = fileLines.at(round) == QStringLiteral("ok %1").arg(round);
        const bool folderLanded = folderLines.at(round) == QStringLiteral("ok %1").arg(round);
        QVERIFY2(!(fileLanded && folderLanded), qPrintable(QStringLiteral("round %1: both landed").arg(round)));
        QVERIFY2(fileLanded || fileLines.at(round) == QStringLiteral("refused %1 fs.not-a-file").arg(round), qPrintable(fileLines.at(round)));
        QVERIFY2(folderLanded || folderLines.at(round) == QStringLiteral("refused %1 fs.not-a-directory").arg(round),
                 qPrintable(folderLines.at(round)));
    }
    auto all = store.listFiles(writerAgent(), QStringLiteral("clash-"));
    VALIS_VERIFY_OK(all);
    QSet<QString> tops;
    for (const MemoryRecord &record : *all) {
        const QString top = record.path.section(QLatin1Char('/'), 0, 0);
        QVERIFY2(!tops.contains(top), qPrintable(QStringLiteral("both %1 and a file under it exist").arg(top)));
        tops.insert(top);
    }
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
