// bench_mcpserve: search_memory through `valis-cli mcp serve --stdio` with a DetailStore of
// 100k memories (a fresh VALIS_HOME, filled with putMany): the round trip of each tools/call as
// an MCP client sees it, p50/p99; and the cost of the server's change poll (the store's change
// counter, and the fingerprint it reads when that moved). Prints figures; asserts nothing.
#include "stats.h"

#include "valis/core/datalocations.h"
#include "valis/mcp/jsonrpc.h"
#include "valis/memory/detailstore.h"
#include "valis/memory/memorysettings.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTextStream>

using namespace valis;

namespace {

QStringList vocabulary()
{
    // Syllables make ~3,000 distinct words, so words range from common to rare.
    const QStringList starts{QStringLiteral("ka"), QStringLiteral("lo"), QStringLiteral("mi"), QStringLiteral("ne"), QStringLiteral("su"),
                             QStringLiteral("ra"), QStringLiteral("to"), QStringLiteral("vi"), QStringLiteral("de"), QStringLiteral("bu"),
                             QStringLiteral("fa"), QStringLiteral("go"), QStringLiteral("hi"), QStringLiteral("pe"), QStringLiteral("zu")};
    QStringList words;
    for (const QString &a : starts)
        for (const QString &b : starts)
            for (const QString &c : {QStringLiteral("n"), QStringLiteral("r"), QStringLiteral("st"), QStringLiteral("ck"),
                                     QStringLiteral("ll"), QStringLiteral("mp"), QStringLiteral("x"), QStringLiteral("th"),
                                     QStringLiteral("ng"), QStringLiteral("sh"), QStringLiteral("rk"), QStringLiteral("lt"),
                                     QStringLiteral("ft")})
                words.append(a + b + c);
    return words;
}

QString sentence(QRandomGenerator &random, const QStringList &words, int length)
{
    QStringList out;
    for (int i = 0; i < length; ++i) {
        // Zipf-like: low indices far more often.
        const double u = random.generateDouble();
        out.append(words.at(qsizetype(double(words.size() - 1) * u * u * u)));
    }
    return out.join(QLatin1Char(' '));
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QCommandLineParser parser;
    parser.addOptions({{QStringLiteral("records"), QStringLiteral("Memories in the store (default 100000)."), QStringLiteral("n"), QStringLiteral("100000")},
                       {QStringLiteral("queries"),
                        QStringLiteral("search_memory calls to time (default 2000, so that several of the server's 2 s change polls fall among them)."),
                        QStringLiteral("n"), QStringLiteral("2000")},
                       {QStringLiteral("cli"), QStringLiteral("The valis-cli binary."), QStringLiteral("path"), QStringLiteral(VALIS_CLI_PATH)}});
    parser.addHelpOption();
    parser.process(app);
    const int records = parser.value(QStringLiteral("records")).toInt();
    const int queries = parser.value(QStringLiteral("queries")).toInt();

    QTemporaryDir home;
    const DataLocations locations = DataLocations::underHome(home.path());
    Result<std::shared_ptr<DetailStore>> opened = openDetailStore(MemorySettings(), locations);
    if (opened.hasError()) {
        out << "cannot open the store: " << opened.error().toString() << Qt::endl;
        return 1;
    }
    const QStringList words = vocabulary();
    QRandomGenerator random(21);
    QElapsedTimer timer;
    timer.start();
    for (int done = 0; done < records;) {
        QList<NewMemory> batch;
        for (int i = 0; i < 1000 && done < records; ++i, ++done) {
            NewMemory memory;
            memory.summary = sentence(random, words, 6);
            memory.content = (sentence(random, words, 60) + QStringLiteral(" #") + QString::number(done)).toUtf8();
            memory.type = QStringLiteral("note");
            batch.append(memory);
        }
        const Result<QList<MemoryRecord>> stored = opened.value()->putMany(batch);
        if (stored.hasError()) {
            out << "putMany failed: " << stored.error().toString() << Qt::endl;
            return 1;
        }
    }
    out << "bench_mcpserve: " << records << " memories stored in " << timer.elapsed() << " ms" << Qt::endl;

    // What the server's change poll costs every 2 s: the counter it asks first, and the
    // fingerprint it reads only when the counter moved (the agent's stats, newest record, files).
    {
        DetailStore &store = *opened.value();
        QList<double> counter;
        for (int i = 0; i < 200; ++i) {
            QElapsedTimer one;
            one.start();
            const Result<qint64> value = store.changeCounter();
            counter.append(double(one.nsecsElapsed()) / 1e6);
            if (value.hasError()) {
                out << "changeCounter failed: " << value.error().toString() << Qt::endl;
                break;
            }
        }
        QList<double> fingerprint;
        for (int i = 0; i < 20; ++i) {
            QElapsedTimer one;
            one.start();
            MemoryFilter newest;
            newest.agentId = QStringLiteral("default");
            newest.limit = 1;
            const bool ok = store.stats(newest.agentId).ok() && store.list(newest).ok() && store.listFiles(newest.agentId).ok();
            fingerprint.append(double(one.nsecsElapsed()) / 1e6);
            if (!ok) {
                out << "the fingerprint's reads failed" << Qt::endl;
                break;
            }
        }
        out << "change poll, counter (PRAGMA data_version):\n  " << LatencySummary::of(counter).toString() << Qt::endl;
        out << "change poll, full fingerprint (read only when the counter moved):\n  "
            << LatencySummary::of(fingerprint).toString() << Qt::endl;
    }
    opened.value().reset();

    QProcess server;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("VALIS_HOME"), home.path());
    server.setProcessEnvironment(environment);
    server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    timer.restart();
    server.start(parser.value(QStringLiteral("cli")), {QStringLiteral("mcp"), QStringLiteral("serve"), QStringLiteral("--stdio")});
    if (!server.waitForStarted()) {
        out << "cannot start valis-cli: " << server.errorString() << Qt::endl;
        return 1;
    }
    const auto call = [&server](const JsonRpcMessage &request) -> JsonRpcMessage {
        server.write(request.serialize() + '\n');
        for (;;) {
            while (!server.canReadLine()) {
                if (!server.waitForReadyRead(30000))
                    return JsonRpcMessage::errorResponse(QJsonValue(), -1, QStringLiteral("no answer"));
            }
            QString problem;
            const QList<JsonRpcMessage> messages = JsonRpcMessage::parse(server.readLine(), &problem);
            if (!messages.isEmpty() && messages.first().isResponse())
                return messages.first();
        }
    };
    const JsonRpcMessage initialized = call(JsonRpcMessage::request(0, QStringLiteral("initialize"),
        {{QStringLiteral("protocolVersion"), QStringLiteral("2025-11-25")},
         {QStringLiteral("capabilities"), QJsonObject()},
         {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("bench_mcpserve")}, {QStringLiteral("version"), QStringLiteral("1")}}}}));
    if (initialized.kind != JsonRpcMessage::Kind::Response) {
        out << "initialize failed: " << initialized.error.message << Qt::endl;
        return 1;
    }
    out << "start and initialize: " << timer.elapsed() << " ms" << Qt::endl;

    QList<double> latencies;
    qint64 hits = 0;
    for (int i = 0; i < queries; ++i) {
        const QString query = sentence(random, words, 1 + int(random.bounded(2)));
        QElapsedTimer one;
        one.start();
        const JsonRpcMessage answer = call(JsonRpcMessage::request(i + 1, QStringLiteral("tools/call"),
            {{QStringLiteral("name"), QStringLiteral("search_memory")},
             {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("query"), query}}}}));
        latencies.append(double(one.nsecsElapsed()) / 1e6);
        if (answer.kind != JsonRpcMessage::Kind::Response) {
            out << "search failed: " << answer.error.message << Qt::endl;
            return 1;
        }
        hits += answer.result.toObject().value(QStringLiteral("structuredContent")).toObject().value(QStringLiteral("results")).toArray().size();
    }
    const LatencySummary summary = LatencySummary::of(latencies);
    out << "search_memory over stdio, " << records << " memories, " << queries << " queries (1-2 words, "
        << QString::number(double(hits) / double(qMax(1, queries)), 'f', 1) << " results each on average):\n  "
        << summary.toString() << Qt::endl;
    server.closeWriteChannel();
    server.waitForFinished(10000);
    return 0;
}
