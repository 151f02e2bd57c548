// bench_session_latency: how long a streamed chunk takes from the socket to a Session subscriber.
//
// A server thread streams an Anthropic answer over real HTTP on loopback, one text delta per
// chunk, each stamped with the time it was written to the socket. The main thread runs a Session
// with the real anthropic plugin (HttpSseStream -> SseParser -> decoder -> agent loop) and
// stamps each TextDelta event as its subscriber receives it. Prints the distribution of the
// difference. Usage: bench_session_latency [--chunks 3000] [--interval-ms 2] [--runs 3]
#include "chunkserver.h"
#include "stats.h"

#include "valis/agent/approvalpolicy.h"
#include "valis/agent/session.h"
#include "valis/agent/toolregistry.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/store/sessionstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace valis;
using Clock = std::chrono::steady_clock;
using bench::ChunkServer;
using bench::httpChunk;
using bench::sse;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption chunksOption(QStringLiteral("chunks"), QStringLiteral("Chunks per run."), QStringLiteral("N"), QStringLiteral("3000"));
    const QCommandLineOption intervalOption(QStringLiteral("interval-ms"), QStringLiteral("Time between chunks."), QStringLiteral("MS"), QStringLiteral("2"));
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Runs."), QStringLiteral("N"), QStringLiteral("3"));
    parser.addOptions({chunksOption, intervalOption, runsOption});
    parser.process(app);
    const int chunks = parser.value(chunksOption).toInt();
    const int interval = parser.value(intervalOption).toInt();
    const int runs = parser.value(runsOption).toInt();

    QTemporaryDir home;
    const DataLocations locations = DataLocations::underHome(home.path());
    PluginManager plugins(locations, {QStringLiteral(VALIS_PLUGIN_DIR)});
    plugins.loadAll();
    Provider *anthropic = plugins.provider(QStringLiteral("anthropic"));
    if (!anthropic) {
        std::fprintf(stderr, "the anthropic plugin was not found in %s\n", VALIS_PLUGIN_DIR);
        return 1;
    }
    auto store = SessionStore::open(locations.sessionDatabasePath());
    if (store.hasError()) {
        std::fprintf(stderr, "%s\n", qPrintable(store.error().toString()));
        return 1;
    }

    std::printf("chunk -> Session subscriber latency, %d chunks %d ms apart, loopback HTTP, anthropic plugin\n", chunks, interval);
    QList<double> all;
    for (int run = 0; run < runs; ++run) {
        std::vector<Clock::time_point> sent(static_cast<size_t>(chunks));
        std::vector<Clock::time_point> received(static_cast<size_t>(chunks));
        QThread serverThread;
        auto *server = new ChunkServer(chunks, interval, &sent);
        server->moveToThread(&serverThread);
        serverThread.start();
        quint16 port = 0;
        QMetaObject::invokeMethod(server, [&] { port = server->listen(); }, Qt::BlockingQueuedConnection);

        ToolRegistry tools;
        ApprovalPolicy approvals;
        SessionConfig config;
        config.provider = anthropic;
        config.model = QStringLiteral("claude-sonnet-4-5");
        config.endpoint.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
        config.endpoint.apiKey = QStringLiteral("bench");
        config.catalog = ModelCatalog::builtIn();
        auto session = Session::open(store->get(), SessionInfo(), config, &tools, &approvals);
        if (session.hasError()) {
            std::fprintf(stderr, "%s\n", qPrintable(session.error().toString()));
            return 1;
        }
        QEventLoop loop;
        int seen = 0;
        QObject::connect(session->get(), &Session::eventOccurred, &loop, [&](const SessionEvent &event) {
            if (event.kind == SessionEvent::Kind::TextDelta && event.text.startsWith(QLatin1Char('d'))) {
                const int index = event.text.mid(1).trimmed().toInt();
                if (index >= 0 && index < chunks) {
                    received[size_t(index)] = Clock::now();
                    ++seen;
                }
            } else if (event.kind == SessionEvent::Kind::TurnFinished) {
                loop.quit();
            }
        });
        if (session->get()->submit(QStringLiteral("stream")).hasError())
            return 1;
        loop.exec();
        QMetaObject::invokeMethod(server, [server] { delete server; }, Qt::BlockingQueuedConnection);
        serverThread.quit();
        serverThread.wait();

        QList<double> latencies;
        for (int i = 0; i < chunks; ++i) {
            if (received[size_t(i)] != Clock::time_point())
                latencies.append(std::chrono::duration<double, std::milli>(received[size_t(i)] - sent[size_t(i)]).count());
        }
        all += latencies;
        std::printf("  run %d: %d of %d events  %s\n", run + 1, seen, chunks, qPrintable(LatencySummary::of(latencies).toString()));
    }
    std::printf("all runs: %s\n", qPrintable(LatencySummary::of(all).toString()));
    return 0;
}
