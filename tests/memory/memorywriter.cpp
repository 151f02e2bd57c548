// Writes records into a DetailStore, printing "<key> <index>" after each commit, until it has
// written --count records or is killed: the other process of the DetailStore contract's
// concurrency and crash tests.
//
//     valis_memory_writer (--sqlite PATH [--blob-dir DIR] | --postgres URL) --tag TAG --count N [--large]
//
// Two /memories/ modes race another writer through a DetailStoreMemoriesBackend; both print
// "ready", then start when a line arrives on stdin:
//     --append-to PATH --tag TAG --count N   read PATH, add the line "TAG-i", write it back,
//                                            printing "landed TAG-i" or "conflict TAG-i" (then
//                                            reading again), until N lines landed
//     --clash ROUNDS --tag TAG [--nested]    write "clash-r" (or "clash-r/inner" with --nested)
//                                            for r < ROUNDS, printing "ok r" or "refused r CODE"
#include "writercontent.h"

#include "valis/memory/detailstore.h"
#include "valis/memory/memoriesbackend.h"
#include "valis/memory/postgresdetailstore.h"
#include "valis/memory/sqlitedetailstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonObject>
#include <QTextStream>

using namespace valis;

namespace {

Result<std::unique_ptr<DetailStore>> openStore(const QCommandLineParser &options)
{
    if (options.isSet(QStringLiteral("sqlite"))) {
        auto store = SqliteDetailStore::open(options.value(QStringLiteral("sqlite")), options.value(QStringLiteral("blob-dir")));
        if (!store.ok())
            return store.error();
        return std::unique_ptr<DetailStore>(std::move(store).value());
    }
    if (options.isSet(QStringLiteral("postgres"))) {
        auto connection = PostgresConnection::fromUrl(options.value(QStringLiteral("postgres")));
        if (!connection.ok())
            return connection.error();
        connection.value().password = qEnvironmentVariable("VALIS_MEMORY_PASSWORD", qEnvironmentVariable("PGPASSWORD"));
        auto store = PostgresDetailStore::open(connection.value());
        if (!store.ok())
            return store.error();
        return std::unique_ptr<DetailStore>(std::move(store).value());
    }
    return Error(QStringLiteral("memory.invalid"), QStringLiteral("name a store with --sqlite or --postgres"));
}

/// The line protocol of --append-to; returns the exit code.
int appendLines(DetailStoreMemoriesBackend &memories, const QString &path, const QString &tag, int count, QTextStream &out,
                QTextStream &err)
{
    for (int index = 0; index < count;) {
        const QString line = QStringLiteral("%1-%2").arg(tag).arg(index);
        const Result<QByteArray> current = memories.read(path);
        if (current.hasError() && current.error().code != QLatin1String("fs.not-found")) {
            err << current.error().toString() << Qt::endl;
            return 1;
        }
        const QByteArray content = current.valueOr(QByteArray()) + line.toUtf8() + '\n';
        const Result<void> written = memories.write(path, content);
        if (written.ok()) {
            out << "landed " << line << Qt::endl;
            ++index;
        } else if (written.error().code == QLatin1String("fs.conflict")) {
            out << "conflict " << line << Qt::endl;
        } else {
            err << written.error().toString() << Qt::endl;
            return 1;
        }
    }
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser options;
    options.addOptions({
        {QStringLiteral("sqlite"), QStringLiteral("SQLite store file."), QStringLiteral("path")},
        {QStringLiteral("blob-dir"), QStringLiteral("Blob folder of the SQLite store."), QStringLiteral("dir")},
        {QStringLiteral("postgres"), QStringLiteral("PostgreSQL store URL."), QStringLiteral("url")},
        {QStringLiteral("tag"), QStringLiteral("Makes this writer's contents distinct."), QStringLiteral("tag")},
        {QStringLiteral("count"), QStringLiteral("Records to write."), QStringLiteral("n")},
        {QStringLiteral("large"), QStringLiteral("Write contents above the blob threshold.")},
        {QStringLiteral("append-to"), QStringLiteral("Append lines to this /memories/ file."), QStringLiteral("path")},
        {QStringLiteral("clash"), QStringLiteral("Rounds of writing clash-r."), QStringLiteral("rounds")},
        {QStringLiteral("nested"), QStringLiteral("Write clash-r/inner instead of clash-r.")},
    });
    options.process(app);
    QTextStream out(stdout);
    QTextStream err(stderr);
    auto store = openStore(options);
    if (!store.ok()) {
        err << store.error().toString() << Qt::endl;
        return 1;
    }
    const QString tag = options.value(QStringLiteral("tag"));
    const int count = options.value(QStringLiteral("count")).toInt();
    if (options.isSet(QStringLiteral("append-to")) || options.isSet(QStringLiteral("clash"))) {
        DetailStoreMemoriesBackend memories(std::shared_ptr<DetailStore>(std::move(store).value()), writerAgent(), tag);
        out << "ready" << Qt::endl;
        QTextStream in(stdin);
        in.readLine(); // the go: both writers start together
        if (options.isSet(QStringLiteral("append-to")))
            return appendLines(memories, options.value(QStringLiteral("append-to")), tag, count, out, err);
        const int rounds = options.value(QStringLiteral("clash")).toInt();
        for (int round = 0; round < rounds; ++round) {
            const QString path = QStringLiteral("clash-%1").arg(round) + (options.isSet(QStringLiteral("nested")) ? QStringLiteral("/inner") : QString());
            const Result<void> written = memories.write(path, tag.toUtf8());
            if (written.ok())
                out << "ok " << round << Qt::endl;
            else
                out << "refused " << round << ' ' << written.error().code << Qt::endl;
        }
        return 0;
    }
    const bool large = options.isSet(QStringLiteral("large"));
    out << "ready" << Qt::endl;
    for (int index = 0; index < count; ++index) {
        NewMemory memory;
        memory.agentId = writerAgent();
        memory.sessionId = tag;
        memory.type = QStringLiteral("tool_result");
        memory.summary = QStringLiteral("writer %1 record %2").arg(tag).arg(index);
        memory.content = writerContent(tag, index, large);
        memory.metadata = QJsonObject{{QStringLiteral("tag"), tag}, {QStringLiteral("index"), index}};
        auto stored = store.value()->put(memory);
        if (!stored.ok()) {
            err << stored.error().toString() << Qt::endl;
            return 1;
        }
        out << stored.value().key << ' ' << index << Qt::endl;
    }
    return 0;
}
