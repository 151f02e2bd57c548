// Writes records into a DetailStore, printing "<key> <index>" after each commit, until it has
// written --count records or is killed: the other process of the DetailStore contract's
// concurrency and crash tests.
//
//     valis_memory_writer (--sqlite PATH [--blob-dir DIR] | --postgres URL) --tag TAG --count N [--large]
#include "writercontent.h"

#include "valis/memory/detailstore.h"
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
