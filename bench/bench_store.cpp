// bench_store: append throughput, ranked-search latency and live-append latency of the
// SessionStore on a generated corpus of realistic transcripts (about 1 GB by default).
// It prints figures; it asserts nothing.
#include "corpus.h"
#include "stats.h"

#include "valis/store/sessionstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTextStream>

using namespace valis;

namespace {

QTextStream out(stdout);

double elapsedMs(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

qint64 dirBytes(const QString &path)
{
    qint64 total = 0;
    for (const QFileInfo &info : QDir(path).entryInfoList(QDir::Files))
        total += info.size();
    return total;
}

qint64 folderBytes(const QString &path)
{
    qint64 total = 0;
    const QFileInfo info(path);
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        total += QFileInfo(info.absoluteFilePath() + suffix).size();
    return total;
}

struct Query
{
    QString label;
    QString text;
    QString kind;
};

/// Raw SQL on the same database, for match counts and the plain-FTS5 comparison.
class RawDatabase
{
public:
    explicit RawDatabase(const QString &path)
    {
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("bench-raw"));
        m_db.setDatabaseName(path);
        m_db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        m_db.open();
    }
    ~RawDatabase()
    {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("bench-raw"));
    }
    qint64 scalar(const QString &sql, const QVariant &bind = {})
    {
        QSqlQuery query(m_db);
        query.prepare(sql);
        if (bind.isValid())
            query.addBindValue(bind);
        return query.exec() && query.next() ? query.value(0).toLongLong() : -1;
    }
    double plainFtsMs(const QString &fts)
    {
        QSqlQuery query(m_db);
        query.prepare(QStringLiteral("SELECT rowid FROM search WHERE search MATCH ? ORDER BY rank LIMIT 50"));
        query.addBindValue(fts);
        QElapsedTimer timer;
        timer.start();
        query.exec();
        while (query.next()) {
        }
        return elapsedMs(timer);
    }

private:
    QSqlDatabase m_db;
};

void generate(SessionStore &store, CorpusGenerator &corpus, qint64 targetBytes)
{
    out << "== generating and appending about " << targetBytes / (1024 * 1024) << " MB of transcripts\n";
    out.flush();
    QList<double> sessionMs;
    double appendMs = 0;
    double recordMs = 0;
    qint64 messages = 0;
    qint64 reported = 0;
    int sessionIndex = 0;
    while (corpus.bytesGenerated() < targetBytes) {
        SessionInfo info;
        info.id = QStringLiteral("bench-%1").arg(sessionIndex++, 5, 10, QLatin1Char('0'));
        info.title = QStringLiteral("generated session %1").arg(sessionIndex);
        const QList<Message> batch = corpus.session(25);
        QElapsedTimer timer;
        timer.start();
        auto created = store.createSession(info);
        auto appended = store.appendMessages(info.id, batch);
        recordMs += elapsedMs(timer);
        auto indexed = store.indexPending();
        const double ms = elapsedMs(timer);
        if (!created.ok() || !appended.ok() || !indexed.ok()) {
            out << "append failed: "
                << (!created.ok() ? created.error().toString()
                                  : !appended.ok() ? appended.error().toString() : indexed.error().toString())
                << '\n';
            return;
        }
        appendMs += ms;
        sessionMs.append(ms);
        messages += batch.size();
        if (corpus.bytesGenerated() - reported > targetBytes / 10) {
            reported = corpus.bytesGenerated();
            out << "  " << reported / (1024 * 1024) << " MB, " << messages << " messages, "
                << QString::number(double(reported) / (1024 * 1024) / (appendMs / 1000), 'f', 1) << " MB/s so far\n";
            out.flush();
        }
    }
    const double mb = double(corpus.bytesGenerated()) / (1024 * 1024);
    out << "append throughput: " << QString::number(mb, 'f', 1) << " MB of text in " << messages << " messages, "
        << sessionIndex << " sessions, " << QString::number(appendMs / 1000, 'f', 1) << " s appending and indexing: "
        << QString::number(mb / (appendMs / 1000), 'f', 1) << " MB/s, "
        << QString::number(double(messages) / (appendMs / 1000), 'f', 0) << " messages/s (committed and indexed); "
        << "the record alone " << QString::number(mb / (recordMs / 1000), 'f', 1) << " MB/s\n"
        << "per-session batch (25 turns): " << LatencySummary::of(sessionMs).toString() << '\n';
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("SessionStore benchmark: append, ranked search, live append."));
    parser.addHelpOption();
    const QCommandLineOption dbOption(QStringLiteral("db"), QStringLiteral("Database to use (default: a temporary one)."), QStringLiteral("PATH"));
    const QCommandLineOption sizeOption(QStringLiteral("size-mb"), QStringLiteral("Corpus size to generate (default 1024)."), QStringLiteral("MB"), QStringLiteral("1024"));
    const QCommandLineOption reuseOption(QStringLiteral("reuse"), QStringLiteral("Use the corpus already in --db instead of generating."));
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Runs per query (default 30)."), QStringLiteral("N"), QStringLiteral("30"));
    const QCommandLineOption liveOption(QStringLiteral("live"), QStringLiteral("Live appends to time (default 3000)."), QStringLiteral("N"), QStringLiteral("3000"));
    const QCommandLineOption ripgrepOption(QStringLiteral("ripgrep"), QStringLiteral("Also time ripgrep over a plain-text dump of the corpus."));
    const QCommandLineOption onlyOption(QStringLiteral("only"), QStringLiteral("Time only the queries whose label contains TEXT."), QStringLiteral("TEXT"));
    parser.addOptions({dbOption, sizeOption, reuseOption, runsOption, liveOption, ripgrepOption, onlyOption});
    parser.process(app);

    QTemporaryDir temporary;
    const QString dbPath = parser.isSet(dbOption) ? parser.value(dbOption) : temporary.filePath(QStringLiteral("bench.db"));
    if (!parser.isSet(reuseOption))
        QFile::remove(dbPath);
    auto opened = SessionStore::open(dbPath);
    if (!opened.ok()) {
        QTextStream(stderr) << opened.error().toString() << '\n';
        return 1;
    }
    SessionStore &store = *opened.value();
    CorpusGenerator corpus(20261122);
    if (!parser.isSet(reuseOption))
        generate(store, corpus, parser.value(sizeOption).toLongLong() * 1024 * 1024);
    if (parser.isSet(reuseOption)) {
        // A corpus from an older schema comes back with its index to make anew (a migration that
        // changed the FTS5 table): timed here, apart from the searches.
        QElapsedTimer timer;
        timer.start();
        auto indexed = store.indexPending();
        if (!indexed.ok()) {
            out << "indexing failed: " << indexed.error().toString() << '\n';
            return 1;
        }
        out << "index brought up to date in " << QString::number(elapsedMs(timer) / 1000, 'f', 1) << " s\n";
    }
    out << "database on disk: " << QString::number(double(folderBytes(dbPath)) / (1024 * 1024), 'f', 0) << " MB\n";
    {
        // The FTS5 index apart (its %_data table, prefix indexes included), for the cost of an
        // index option; dbstat is there when SQLite was built with it (Debian's is).
        RawDatabase raw(dbPath);
        const qint64 indexBytes = raw.scalar(QStringLiteral("SELECT sum(pgsize) FROM dbstat WHERE name = 'search_data'"));
        if (indexBytes >= 0)
            out << "FTS5 index (search_data): " << QString::number(double(indexBytes) / (1024 * 1024), 'f', 0) << " MB\n";
    }

    // Queries by how common their word is, plus phrases and a prefix.
    QList<Query> queries = {
        {QStringLiteral("the (prose word)"), QStringLiteral("the"), QStringLiteral("word")},
        {QStringLiteral("error"), QStringLiteral("error"), QStringLiteral("word")},
        {QStringLiteral("build"), QStringLiteral("build"), QStringLiteral("word")},
        {QStringLiteral("ok"), QStringLiteral("ok"), QStringLiteral("word")},
        {QStringLiteral("phrase \"the build\""), QStringLiteral("\"the build\""), QStringLiteral("phrase")},
        {QStringLiteral("phrase \"test in module\""), QStringLiteral("\"test in module\""), QStringLiteral("phrase")},
        {QStringLiteral("two words: error config"), QStringLiteral("error config"), QStringLiteral("words")},
    };
    for (int rank : {0, 1, 3, 10, 30, 100, 300, 1000, 3000, 10000, 25000}) {
        queries.append({QStringLiteral("vocabulary rank %1 (%2)").arg(rank).arg(corpus.word(rank)), corpus.word(rank),
                        rank < 30 ? QStringLiteral("word") : QStringLiteral("rare word")});
    }
    // Prefixes of the lengths the prefix indexes cover (3 and 4 characters) and of 2 and 5, merged.
    for (int length : {4, 2, 3, 5})
        queries.append({QStringLiteral("prefix %1*").arg(corpus.word(5).left(length)), corpus.word(5).left(length) + QLatin1Char('*'),
                        QStringLiteral("prefix")});

    const int runs = parser.value(runsOption).toInt();
    QList<double> all;
    QList<double> plainAll;
    {
        RawDatabase raw(dbPath);
        const qint64 chunks = raw.scalar(QStringLiteral("SELECT count(*) FROM search_chunks"));
        const qint64 messageCount = raw.scalar(QStringLiteral("SELECT count(*) FROM messages"));
        out << "\n== ranked search, top 50 with snippets (" << runs << " runs per query; " << messageCount
            << " messages, " << chunks << " indexed chunks)\n";
        for (const Query &query : std::as_const(queries)) {
            if (parser.isSet(onlyOption) && !query.label.contains(parser.value(onlyOption)))
                continue;
            SearchQuery request;
            request.text = query.text;
            request.limit = 50;
            QList<double> times;
            int hits = 0;
            int tiers = 0;
            for (int run = 0; run < runs; ++run) {
                QElapsedTimer timer;
                timer.start();
                auto results = store.search(request);
                times.append(elapsedMs(timer));
                if (!results.ok()) {
                    out << "search failed: " << results.error().toString() << '\n';
                    return 1;
                }
                hits = int(results->hits.size());
                tiers = results->tiersSearched;
            }
            all << times;
            const QString fts = query.kind == QLatin1String("prefix") || query.kind == QLatin1String("phrase") ? query.text
                                : QStringLiteral("\"%1\"").arg(query.text.split(QLatin1Char(' ')).join(QStringLiteral("\" \"")));
            const qint64 matching = raw.scalar(QStringLiteral("SELECT count(*) FROM search WHERE search MATCH ?"), fts);
            const qint64 matchingMessages = raw.scalar(
                QStringLiteral("SELECT count(DISTINCT p.message_id) FROM search JOIN search_chunks c ON c.id = search.rowid "
                               "JOIN parts p ON p.id = c.part_id WHERE search MATCH ?"),
                fts);
            QList<double> plain;
            for (int run = 0; run < qMin(runs, 5); ++run)
                plain << raw.plainFtsMs(fts);
            plainAll << plain;
            const LatencySummary summary = LatencySummary::of(times);
            out << "  " << query.label.leftJustified(44) << " in " << QString::number(100.0 * double(matchingMessages) / double(messageCount), 'f', 1).rightJustified(5)
                << "% of messages (" << matching << " chunks), " << hits << " hits, " << tiers << " tiers: p50 "
                << QString::number(summary.p50, 'f', 2) << " ms, p99 " << QString::number(summary.p99, 'f', 2)
                << " ms | plain FTS5 bm25 p50 " << QString::number(LatencySummary::of(plain).p50, 'f', 1) << " ms\n";
            out.flush();
        }
    }
    out << "all queries, Valis search: " << LatencySummary::of(all).toString() << '\n'
        << "all queries, plain FTS5 ORDER BY rank LIMIT 50 (no snippets): " << LatencySummary::of(plainAll).toString() << '\n';

    // Live appends: one message per transaction, as an agent session produces them.
    const int live = parser.value(liveOption).toInt();
    SessionInfo liveSession;
    liveSession.id = QStringLiteral("bench-live");
    if (!store.session(liveSession.id).ok()) {
        if (auto created = store.createSession(liveSession); !created.ok()) {
            out << "cannot create the live session: " << created.error().toString() << '\n';
            return 1;
        }
    }
    // Each append is followed by what the store's idle-time indexer does (indexing that message's
    // text in slices), timed apart: the append is what the agent waits for, the indexing runs
    // when the event loop is idle, and the sum is the time until the message is searchable.
    QList<double> appendTimes;
    QList<double> bigAppendTimes;
    QList<double> sliceTimes;
    QList<double> searchableTimes;
    for (int i = 0; i < live; ++i) {
        Message message = corpus.liveMessage(i);
        const bool big = message.role == Role::Tool;
        QElapsedTimer timer;
        timer.start();
        auto appended = store.appendMessage(liveSession.id, std::move(message));
        const double ms = elapsedMs(timer);
        if (!appended.ok()) {
            out << "live append failed: " << appended.error().toString() << '\n';
            return 1;
        }
        appendTimes << ms;
        if (big)
            bigAppendTimes << ms;
        for (bool done = false; !done;) {
            QElapsedTimer slice;
            slice.start();
            auto indexed = store.indexPending(24 * 1024);
            sliceTimes << elapsedMs(slice);
            if (!indexed.ok()) {
                out << "indexing failed: " << indexed.error().toString() << '\n';
                return 1;
            }
            done = indexed.value();
        }
        searchableTimes << elapsedMs(timer);
    }
    out << "\n== live appends, one message per transaction (" << live << " on the "
        << QString::number(double(folderBytes(dbPath)) / (1024 * 1024), 'f', 0) << " MB database)\n"
        << "append, all messages: " << LatencySummary::of(appendTimes).toString() << '\n'
        << "append, tool outputs only (mostly 2-200 KB): " << LatencySummary::of(bigAppendTimes).toString() << '\n'
        << "idle-time index slice (24 KB of text): " << LatencySummary::of(sliceTimes).toString() << '\n'
        << "append until searchable: " << LatencySummary::of(searchableTimes).toString() << '\n';

    if (parser.isSet(ripgrepOption)) {
        // A plain-text copy of every part, one file per session, for ripgrep to scan.
        const QString dump = QFileInfo(dbPath).absolutePath() + QStringLiteral("/rg-dump");
        QDir(dump).removeRecursively();
        QDir().mkpath(dump);
        auto sessions = store.sessions();
        for (const SessionInfo &session : sessions.value()) {
            QFile file(dump + QLatin1Char('/') + session.id + QStringLiteral(".txt"));
            file.open(QIODevice::WriteOnly);
            for (const Message &message : store.messages(session.id).value()) {
                for (const Part &part : message.parts)
                    file.write(part.searchText().toUtf8() + '\n');
            }
        }
        out << "\n== ripgrep over the same text (" << QString::number(double(dirBytes(dump)) / (1024 * 1024), 'f', 0) << " MB dump)\n";
        for (const QString &word : {QStringLiteral("error"), corpus.word(0), corpus.word(1000), corpus.word(25000)}) {
            QList<double> times;
            for (int run = 0; run < 5; ++run) {
                QProcess rg;
                rg.setStandardOutputFile(QProcess::nullDevice());
                QElapsedTimer timer;
                timer.start();
                rg.start(QStringLiteral("rg"), {QStringLiteral("-c"), QStringLiteral("-F"), QStringLiteral("-m"), QStringLiteral("50"), word, dump});
                rg.waitForFinished(-1);
                times << elapsedMs(timer);
            }
            out << "  rg " << word.leftJustified(16) << LatencySummary::of(times).toString() << '\n';
        }
        QDir(dump).removeRecursively();
    }
    out.flush();
    return 0;
}
