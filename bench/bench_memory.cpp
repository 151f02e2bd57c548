// bench_memory: the DetailStore on SQLite and on PostgreSQL (a real server started for the run)
// at a given number of records: store throughput (put and putMany), retrieve_memory page latency
// (100 lines of a 5,000-line record) and search_memory latency over a mix of queries. Records
// are synthetic but shaped like an agent's memory: notes, preferences, command outputs, tool
// results and a few large logs, their words drawn from a Zipf-distributed vocabulary.
// It prints figures; it asserts nothing.
#include "postgresserver.h"
#include "stats.h"

#include "valis/memory/detailstore.h"
#include "valis/memory/postgresdetailstore.h"
#include "valis/memory/sqlitedetailstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QMap>
#include <QRandomGenerator>
#include <QSet>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

using namespace valis;

namespace {

QTextStream out(stdout);

double elapsedMs(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

/// Deterministic records: a vocabulary of made-up words ranked by a Zipf law (s = 1.07), as in
/// natural text and logs, plus the unique tokens real output is full of (timestamps, numbers,
/// hashes, paths).
class MemoryCorpus
{
public:
    explicit MemoryCorpus(quint32 seed)
        : m_random(seed)
    {
        static const char *const syllables[] = {
            "ka", "ro", "mi", "te", "lu", "sa", "ne", "po", "ri", "da", "ve", "xo", "qui", "bra", "sto",
            "gle", "tor", "men", "pil", "dar", "con", "fig", "ser", "ver", "log", "bu", "ild", "pack",
            "ex", "ec", "fi", "le", "in", "dex", "na", "tu", "ol", "ar", "chi", "mo", "de", "st", "ack"};
        const int count = int(std::size(syllables));
        QSet<QString> seen;
        while (m_vocabulary.size() < 60000) {
            const int parts = 1 + int(m_random.bounded(4));
            QString word;
            for (int i = 0; i < parts; ++i)
                word += QLatin1String(syllables[m_random.bounded(count)]);
            if (word.size() >= 3 && !seen.contains(word)) {
                seen.insert(word);
                m_vocabulary << word;
            }
        }
        double total = 0;
        m_cumulative.reserve(size_t(m_vocabulary.size()));
        for (qsizetype rank = 0; rank < m_vocabulary.size(); ++rank) {
            total += 1.0 / std::pow(double(rank + 1), 1.07);
            m_cumulative.push_back(total);
        }
        for (double &value : m_cumulative)
            value /= total;
    }

    QString word(int rank) const { return m_vocabulary.at(rank); }
    int vocabularySize() const { return int(m_vocabulary.size()); }

    QString randomWord()
    {
        const double x = m_random.generateDouble();
        const auto it = std::lower_bound(m_cumulative.begin(), m_cumulative.end(), x);
        return m_vocabulary.at(qMin<qsizetype>(it - m_cumulative.begin(), m_vocabulary.size() - 1));
    }

    QString words(int n)
    {
        QStringList list;
        for (int i = 0; i < n; ++i)
            list << randomWord();
        return list.join(QLatin1Char(' '));
    }

    QByteArray logLine(int index)
    {
        static const char *const levels[] = {"INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"};
        const QString time = QStringLiteral("2025-%1-%2T%3:%4:%5.%6Z")
                                 .arg(1 + m_random.bounded(12), 2, 10, QLatin1Char('0'))
                                 .arg(1 + m_random.bounded(28), 2, 10, QLatin1Char('0'))
                                 .arg(m_random.bounded(24), 2, 10, QLatin1Char('0'))
                                 .arg(m_random.bounded(60), 2, 10, QLatin1Char('0'))
                                 .arg(m_random.bounded(60), 2, 10, QLatin1Char('0'))
                                 .arg(m_random.bounded(1000), 3, 10, QLatin1Char('0'));
        QString line = time + QLatin1Char(' ') + QLatin1String(levels[m_random.bounded(6)]) + QLatin1Char(' ');
        switch (m_random.bounded(4)) {
        case 0:
            line += QStringLiteral("src/%1/%2.cpp:%3: %4").arg(randomWord(), randomWord()).arg(m_random.bounded(2000)).arg(words(6));
            break;
        case 1:
            line += QStringLiteral("[%1] %2 (%3 ms)").arg(index).arg(words(8)).arg(m_random.bounded(5000));
            break;
        case 2:
            line += QStringLiteral("%1 %2 sha=%3").arg(randomWord(), words(4)).arg(m_random.generate64(), 16, 16, QLatin1Char('0'));
            break;
        default:
            line += words(10);
        }
        return line.toUtf8() + '\n';
    }

    QByteArray commandOutput(int lines)
    {
        QByteArray text;
        for (int i = 0; i < lines; ++i)
            text += logLine(i);
        return text;
    }

    /// The next record (`index` makes its content unique, as a real output's time stamps do).
    NewMemory next(qint64 index)
    {
        NewMemory memory;
        memory.agentId = QStringLiteral("agent-%1").arg(index % 5);
        memory.sessionId = QStringLiteral("session-%1").arg(index / 200);
        const quint32 kind = m_random.bounded(1000);
        const QByteArray stamp = "#" + QByteArray::number(index) + "\n";
        if (kind < 400) {
            memory.type = QStringLiteral("note");
            memory.summary = words(6);
            memory.content = stamp + words(15 + int(m_random.bounded(50))).toUtf8() + ".\n";
        } else if (kind < 500) {
            memory.type = QStringLiteral("user_preference");
            memory.summary = words(5);
            memory.content = stamp + words(10 + int(m_random.bounded(20))).toUtf8() + '\n';
        } else if (kind < 900) {
            const int lines = 5 + int(std::pow(m_random.generateDouble(), 2.0) * 200);
            memory.type = QStringLiteral("command_output");
            memory.summary = QStringLiteral("%1 %2: %3 lines, exit %4").arg(randomWord(), randomWord()).arg(lines).arg(m_random.bounded(3));
            memory.content = stamp + commandOutput(lines);
            memory.metadata = QJsonObject{{QStringLiteral("tool"), QStringLiteral("exec")},
                                          {QStringLiteral("exitCode"), int(m_random.bounded(3))}};
        } else if (kind < 998) {
            memory.type = QStringLiteral("tool_result");
            memory.summary = QStringLiteral("%1 results for %2").arg(m_random.bounded(40)).arg(randomWord());
            QByteArray json = stamp + "[";
            const int items = 2 + int(m_random.bounded(25));
            for (int i = 0; i < items; ++i)
                json += QStringLiteral("{\"path\": \"src/%1/%2.h\", \"line\": %3, \"text\": \"%4\"},\n")
                            .arg(randomWord(), randomWord())
                            .arg(m_random.bounded(900))
                            .arg(words(7))
                            .toUtf8();
            memory.content = json + "]\n";
        } else {
            memory.type = QStringLiteral("command_output");
            const int lines = 2000 + int(m_random.bounded(4000));
            memory.summary = QStringLiteral("full build log, %1 lines").arg(lines);
            memory.content = stamp + commandOutput(lines);
        }
        return memory;
    }

    /// A command output of exactly 5,000 lines, for the page latency.
    NewMemory pageRecord(int index)
    {
        NewMemory memory;
        memory.agentId = QStringLiteral("agent-pages");
        memory.type = QStringLiteral("command_output");
        memory.summary = QStringLiteral("5000-line output %1").arg(index);
        memory.content = "#page record " + QByteArray::number(index) + "\n" + commandOutput(4999);
        return memory;
    }

    QRandomGenerator &random() { return m_random; }

private:
    QRandomGenerator m_random;
    QStringList m_vocabulary;
    std::vector<double> m_cumulative;
};

struct Query
{
    QString kind;
    QString text;
};

QList<Query> queryMix(MemoryCorpus &corpus, int perKind)
{
    QRandomGenerator random(4711);
    const int size = corpus.vocabularySize();
    const auto pick = [&](int low, int high) { return corpus.word(low + int(random.bounded(high - low))); };
    QList<Query> queries;
    for (int i = 0; i < perKind; ++i) {
        queries.append({QStringLiteral("rare word"), pick(size / 2, size - 1)});
        queries.append({QStringLiteral("common word"), pick(0, 30)});
        queries.append({QStringLiteral("mid word"), pick(200, 3000)});
        queries.append({QStringLiteral("two words"), i % 2 ? pick(0, 100) + QLatin1Char(' ') + pick(300, 5000)
                                                           : pick(300, 5000) + QLatin1Char(' ') + pick(300, 5000)});
        const QString stem = pick(100, 20000);
        queries.append({QStringLiteral("prefix"), stem.left(qMax(3, int(stem.size()) - 2))});
        queries.append({QStringLiteral("phrase"), QLatin1Char('"') + pick(0, 400) + QLatin1Char(' ') + pick(0, 400)
                                                      + QLatin1Char('"')});
    }
    return queries;
}

qint64 folderBytes(const QString &path)
{
    qint64 total = 0;
    QDirIterator it(path, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        total += it.fileInfo().size();
    }
    return total;
}

struct Options
{
    qint64 records = 100000;
    int singlePuts = 2000;
    int batch = 500;
    int pageSamples = 500;
    int queriesPerKind = 40;
    int rounds = 3;
    int limit = 10;
    int holdSeconds = 0;
    QString perQueryFile; ///< where each query's fastest round goes, to compare two builds query by query
};

using StoreOpener = std::function<std::unique_ptr<DetailStore>()>;

/// 3. search_memory over the query mix (the tool's default limit), after one warm-up pass.
void searchBench(DetailStore &store, MemoryCorpus &corpus, const Options &options)
{
    QElapsedTimer timer;
    const QList<Query> queries = queryMix(corpus, options.queriesPerKind);
    MemoryFilter filter;
    filter.limit = options.limit;
    QMap<QString, QList<double>> byKind;
    QMap<QString, qint64> hitsByKind;
    QList<double> all;
    QList<double> mix; // the issue's mix: everything but phrases
    QList<QPair<double, QString>> slowest;
    // The fastest round of each query: a loaded machine adds to some rounds, never takes away.
    QList<double> fastest(queries.size(), std::numeric_limits<double>::max());
    for (int round = 0; round <= options.rounds; ++round) {
        int index = -1;
        for (const Query &query : queries) {
            ++index;
            timer.restart();
            auto hits = store.search(query.text, filter);
            const double ms = elapsedMs(timer);
            if (!hits.ok()) {
                out << "search failed: " << hits.error().toString() << "\n";
                return;
            }
            if (round == 0)
                continue;
            byKind[query.kind] << ms;
            all << ms;
            if (query.kind != QLatin1String("phrase"))
                mix << ms;
            hitsByKind[query.kind] += hits.value().size();
            slowest.append({ms, query.kind + QStringLiteral(": ") + query.text});
            fastest[index] = qMin(fastest[index], ms);
        }
    }
    if (!options.perQueryFile.isEmpty()) {
        QFile file(options.perQueryFile);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
            out << "cannot write " << options.perQueryFile << ": " << file.errorString() << "\n";
        } else {
            QTextStream perQuery(&file);
            perQuery << "kind\tquery\tfastest_ms\n";
            for (qsizetype i = 0; i < queries.size(); ++i)
                perQuery << queries.at(i).kind << '\t' << queries.at(i).text << '\t' << QString::number(fastest.at(i), 'f', 3) << '\n';
        }
    }
    for (auto it = byKind.cbegin(); it != byKind.cend(); ++it) {
        out << QStringLiteral("search %1 (%2 hits avg): ")
                   .arg(it.key(), -12)
                   .arg(double(hitsByKind.value(it.key())) / double(it.value().size()), 4, 'f', 1)
            << LatencySummary::of(it.value()).toString() << "\n";
    }
    out << "search mix without phrases:       " << LatencySummary::of(mix).toString() << "\n";
    out << "search all:                       " << LatencySummary::of(all).toString() << "\n";
    std::sort(slowest.begin(), slowest.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    out << "slowest:";
    for (int i = 0; i < qMin(5, int(slowest.size())); ++i)
        out << QStringLiteral(" [%1 ms %2]").arg(slowest.at(i).first, 0, 'f', 1).arg(slowest.at(i).second);
    out << "\n";
    out.flush();
}

/// `afterFill` runs once the records are in: what the database's own maintenance would have
/// done by then (PostgreSQL: statistics for the planner, which autovacuum gathers as the table
/// grows).
void runBench(const QString &backend, const StoreOpener &open, const Options &options, const std::function<QString()> &size,
              const std::function<void()> &afterFill = {})
{
    const std::unique_ptr<DetailStore> opened = open();
    if (!opened)
        return;
    DetailStore &store = *opened;
    out << "\n== " << backend << ": " << store.description() << "\n";
    MemoryCorpus corpus(20250101);

    // 1. Store throughput: put() one by one, then putMany() in batches for the rest.
    const int pageRecords = 50;
    QStringList pageKeys;
    for (int i = 0; i < pageRecords; ++i) {
        auto stored = store.put(corpus.pageRecord(i));
        if (!stored.ok()) {
            out << "put failed: " << stored.error().toString() << "\n";
            return;
        }
        pageKeys << stored.value().key;
    }
    qint64 index = 0;
    qint64 bytes = 0;
    QElapsedTimer timer;
    timer.start();
    const qint64 single = qMin<qint64>(options.singlePuts, options.records - pageRecords);
    for (; index < single; ++index) {
        const NewMemory memory = corpus.next(index);
        bytes += memory.content.size();
        auto stored = store.put(memory);
        if (!stored.ok()) {
            out << "put failed: " << stored.error().toString() << "\n";
            return;
        }
    }
    const double singleMs = elapsedMs(timer);
    out << QStringLiteral("put():      %1 records/s, %2 MB/s (%3 records)\n")
               .arg(double(single) / singleMs * 1000, 0, 'f', 0)
               .arg(double(bytes) / 1e3 / singleMs, 0, 'f', 2)
               .arg(single);
    out.flush();

    bytes = 0;
    timer.restart();
    const qint64 total = options.records - pageRecords;
    const qint64 batched = total - index;
    qint64 nextReport = index + qMax<qint64>(total / 10, 1);
    while (index < total) {
        QList<NewMemory> batch;
        for (int i = 0; i < options.batch && index < total; ++i, ++index) {
            batch.append(corpus.next(index));
            bytes += batch.last().content.size();
        }
        auto stored = store.putMany(batch);
        if (!stored.ok()) {
            out << "putMany failed: " << stored.error().toString() << "\n";
            return;
        }
        if (index >= nextReport) {
            out << QStringLiteral("  %1 records, %2 s\n").arg(index).arg(elapsedMs(timer) / 1000, 0, 'f', 1);
            out.flush();
            nextReport += qMax<qint64>(total / 10, 1);
        }
    }
    const double manyMs = elapsedMs(timer);
    out << QStringLiteral("putMany():  %1 records/s, %2 MB/s (%3 records in batches of %4, %5 s)\n")
               .arg(double(batched) / manyMs * 1000, 0, 'f', 0)
               .arg(double(bytes) / 1e3 / manyMs, 0, 'f', 2)
               .arg(batched)
               .arg(options.batch)
               .arg(manyMs / 1000, 0, 'f', 1);
    if (afterFill)
        afterFill();
    auto stats = store.stats();
    if (stats.ok())
        out << QStringLiteral("store:      %1 records, %2 MB of content, %3 on disk\n")
                   .arg(stats.value().records)
                   .arg(double(stats.value().contentBytes) / 1e6, 0, 'f', 0)
                   .arg(size());
    out.flush();

    // 2. retrieve_memory: 100 lines at a random place of a 5,000-line record. First each record's
    // first read through a store opened afresh (nothing cached), then reads at random.
    QRandomGenerator random(99);
    {
        const std::unique_ptr<DetailStore> fresh = open();
        if (!fresh)
            return;
        QList<double> coldTimes;
        for (const QString &key : std::as_const(pageKeys)) {
            MemoryPageRequest request;
            request.offset = 1 + random.bounded(4900);
            request.limit = 100;
            timer.restart();
            auto page = fresh->read(key, request);
            coldTimes << elapsedMs(timer);
            if (!page.ok() || page.value().count != 100) {
                out << "read failed: " << (page.ok() ? QStringLiteral("short page") : page.error().toString()) << "\n";
                return;
            }
        }
        out << "read 100 lines of 5,000, first read of a record:   " << LatencySummary::of(coldTimes).toString() << "\n";
    }
    QList<double> pageTimes;
    for (int i = 0; i < options.pageSamples; ++i) {
        MemoryPageRequest request;
        request.offset = 1 + random.bounded(4900);
        request.limit = 100;
        const QString key = pageKeys.at(random.bounded(pageKeys.size()));
        timer.restart();
        auto page = store.read(key, request);
        pageTimes << elapsedMs(timer);
        if (!page.ok() || page.value().count != 100) {
            out << "read failed: " << (page.ok() ? QStringLiteral("short page") : page.error().toString()) << "\n";
            return;
        }
    }
    out << "read 100 lines of 5,000, random record and place:  " << LatencySummary::of(pageTimes).toString() << "\n";
    QList<double> sequential;
    for (qint64 offset = 1; offset <= 4901; offset += 100) {
        MemoryPageRequest request;
        request.offset = offset;
        request.limit = 100;
        timer.restart();
        auto page = store.read(pageKeys.first(), request);
        sequential << elapsedMs(timer);
        if (!page.ok())
            return;
    }
    out << "read 100 lines of 5,000, one record page by page:  " << LatencySummary::of(sequential).toString() << "\n";
    out.flush();

    searchBench(store, corpus, options);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("DetailStore throughput and latency on SQLite and PostgreSQL"));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("records"), QStringLiteral("Records to store (default 100000)."), QStringLiteral("n"), QStringLiteral("100000")},
        {QStringLiteral("backend"), QStringLiteral("sqlite, postgres or both (default)."), QStringLiteral("name"), QStringLiteral("both")},
        {QStringLiteral("single"), QStringLiteral("Records stored with put() one by one (default 2000)."), QStringLiteral("n"), QStringLiteral("2000")},
        {QStringLiteral("batch"), QStringLiteral("putMany() batch size (default 500)."), QStringLiteral("n"), QStringLiteral("500")},
        {QStringLiteral("queries"), QStringLiteral("Queries per kind (default 40)."), QStringLiteral("n"), QStringLiteral("40")},
        {QStringLiteral("rounds"), QStringLiteral("Measured passes over the queries (default 3)."), QStringLiteral("n"), QStringLiteral("3")},
        {QStringLiteral("limit"), QStringLiteral("Hits per search (default 10, search_memory's default)."), QStringLiteral("n"), QStringLiteral("10")},
        {QStringLiteral("dir"), QStringLiteral("Folder for the SQLite file and the PostgreSQL data (default: a temporary one)."), QStringLiteral("path")},
        {QStringLiteral("hold"), QStringLiteral("Keep the PostgreSQL server up this many seconds at the end (for EXPLAIN in psql)."), QStringLiteral("s"), QStringLiteral("0")},
        {QStringLiteral("per-query"), QStringLiteral("Write each query's fastest round to this TSV file (kind, query, ms)."), QStringLiteral("file")},
        {QStringLiteral("attach"), QStringLiteral("Only the searches, on the PostgreSQL store a run with --hold filled (postgresql://valis@127.0.0.1:PORT/valis)."), QStringLiteral("url")},
    });
    parser.process(app);
    Options options;
    options.records = qMax<qint64>(100, parser.value(QStringLiteral("records")).toLongLong());
    options.singlePuts = parser.value(QStringLiteral("single")).toInt();
    options.batch = qMax(1, parser.value(QStringLiteral("batch")).toInt());
    options.queriesPerKind = qMax(1, parser.value(QStringLiteral("queries")).toInt());
    options.rounds = qMax(1, parser.value(QStringLiteral("rounds")).toInt());
    options.limit = qMax(1, parser.value(QStringLiteral("limit")).toInt());
    options.holdSeconds = parser.value(QStringLiteral("hold")).toInt();
    options.perQueryFile = parser.value(QStringLiteral("per-query"));
    const QString backend = parser.value(QStringLiteral("backend"));
    if (parser.isSet(QStringLiteral("attach"))) {
        auto connection = PostgresConnection::fromUrl(parser.value(QStringLiteral("attach")));
        if (!connection.ok()) {
            out << connection.error().toString() << "\n";
            return 1;
        }
        auto store = PostgresDetailStore::open(connection.value());
        if (!store.ok()) {
            out << store.error().toString() << "\n";
            return 1;
        }
        out << "bench_memory: searches on " << store.value()->description() << "\n";
        MemoryCorpus corpus(20250101);
        searchBench(*store.value(), corpus, options);
        return 0;
    }

    QTemporaryDir temporary(parser.isSet(QStringLiteral("dir")) ? parser.value(QStringLiteral("dir")) + QStringLiteral("/bench-memory-XXXXXX")
                                                              : QDir::tempPath() + QStringLiteral("/bench-memory-XXXXXX"));
    if (!temporary.isValid()) {
        out << "cannot create a temporary folder\n";
        return 1;
    }
    out << "bench_memory: " << options.records << " records, " << QThread::idealThreadCount() << " cores\n";

    if (backend == QLatin1String("sqlite") || backend == QLatin1String("both")) {
        const QString path = temporary.filePath(QStringLiteral("memory.db"));
        const StoreOpener open = [&path]() -> std::unique_ptr<DetailStore> {
            auto opened = SqliteDetailStore::open(path);
            if (!opened.ok()) {
                out << opened.error().toString() << "\n";
                return {};
            }
            return std::move(opened).value();
        };
        runBench(QStringLiteral("SQLite"), open, options, [&]() {
            return QStringLiteral("%1 MB").arg(double(folderBytes(temporary.path())) / 1e6, 0, 'f', 0);
        });
    }
    if (backend == QLatin1String("postgres") || backend == QLatin1String("both")) {
        // Sized like a modest dedicated server rather than the tests' defaults; durability is
        // off as in the tests (fsync), which flatters single put() more than anything else.
        auto server = test::PostgresServer::start({QStringLiteral("shared_buffers=2GB"),
                                                   QStringLiteral("effective_cache_size=8GB"),
                                                   QStringLiteral("maintenance_work_mem=512MB"),
                                                   QStringLiteral("work_mem=32MB")});
        if (!server.ok()) {
            out << server.error().toString() << "\n";
            return 1;
        }
        const PostgresConnection connection = server.value()->connection();
        const StoreOpener open = [&connection]() -> std::unique_ptr<DetailStore> {
            auto opened = PostgresDetailStore::open(connection);
            if (!opened.ok()) {
                out << opened.error().toString() << "\n";
                return {};
            }
            return std::move(opened).value();
        };
        runBench(QStringLiteral("PostgreSQL"), open, options, [&]() {
            const auto megabytes = [&](const QString &sizeQuery) {
                auto bytes = server.value()->scalar(sizeQuery);
                return bytes.ok() ? QStringLiteral("%1 MB").arg(bytes.value().toDouble() / 1e6, 0, 'f', 0) : QString();
            };
            return QStringLiteral("%1 (word index %2, pair index %3, pair vectors %4)")
                .arg(megabytes(QStringLiteral("SELECT pg_database_size('valis')")),
                     megabytes(QStringLiteral("SELECT pg_relation_size('agent_memories_search')")),
                     megabytes(QStringLiteral("SELECT pg_relation_size('agent_memories_pairs')")),
                     megabytes(QStringLiteral("SELECT sum(pg_column_size(pair_vector)) FROM agent_memories")));
        }, [&]() {
            auto analyzed = server.value()->execute(QStringLiteral("VACUUM ANALYZE agent_memories"));
            if (!analyzed.ok())
                out << analyzed.error().toString() << "\n";
        });
        if (options.holdSeconds > 0) {
            out << "server kept up for " << options.holdSeconds << " s: psql -h 127.0.0.1 -p "
                << server.value()->port() << " -U valis valis\n";
            out.flush();
            QThread::sleep(options.holdSeconds);
        }
    }
    return 0;
}
