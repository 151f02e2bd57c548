// bench_apiserver: what the OpenAI-compatible API server adds to a streamed answer, and how many
// GET /v1/models it answers per second.
//
// An upstream thread streams an Anthropic answer over loopback HTTP, one text delta per chunk,
// stamping each write. (1) A Session subscriber stamps each TextDelta (the baseline, as
// bench_session_latency). (2) The same stream through OpenAiApiServer: a client thread posts a
// streamed chat completion and stamps each SSE chunk as it reads it. The added latency per chunk
// is (2) minus (1), at each percentile. Then a client thread sends GET /v1/models over one
// keep-alive connection, one after another, and the rate is printed.
// Usage: bench_apiserver [--chunks 2000] [--interval-ms 2] [--models 5000]
#include "chunkserver.h"
#include "stats.h"

#include "valis/agent/approvalpolicy.h"
#include "valis/agent/session.h"
#include "valis/agent/toolregistry.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/server/openaiapiserver.h"
#include "valis/store/sessionstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <QScopeGuard>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <vector>

using namespace valis;
using Clock = std::chrono::steady_clock;
using bench::ChunkServer;
using bench::httpChunk;
using bench::sse;

namespace {


/// The API's client: posts `request` on its own thread and stamps every "d<index> " delta as read.
class StreamClient : public QObject
{
public:
    StreamClient(quint16 port, QByteArray request, std::vector<Clock::time_point> *received)
        : m_port(port), m_request(std::move(request)), m_received(received)
    {
    }
    void start(std::function<void()> done)
    {
        m_done = std::move(done);
        m_socket = new QTcpSocket(this);
        m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        connect(m_socket, &QTcpSocket::connected, this, [this] { m_socket->write(m_request); });
        connect(m_socket, &QTcpSocket::readyRead, this, [this] {
            const Clock::time_point now = Clock::now();
            m_buffer += m_socket->readAll();
            static const QRegularExpression delta(QStringLiteral("\"content\":\"d(\\d+) \""));
            QRegularExpressionMatchIterator it = delta.globalMatch(QString::fromLatin1(m_buffer), m_scanned);
            while (it.hasNext()) {
                const QRegularExpressionMatch match = it.next();
                const size_t index = size_t(match.captured(1).toInt());
                if (index < m_received->size())
                    (*m_received)[index] = now;
                m_scanned = match.capturedEnd();
            }
            if (m_buffer.contains("data: [DONE]"))
                m_done();
        });
        m_socket->connectToHost(QHostAddress::LocalHost, m_port);
    }

private:
    quint16 m_port;
    QByteArray m_request;
    std::vector<Clock::time_point> *m_received;
    QTcpSocket *m_socket = nullptr;
    QByteArray m_buffer;
    qsizetype m_scanned = 0;
    std::function<void()> m_done;
};

QList<double> latencies(const std::vector<Clock::time_point> &sent, const std::vector<Clock::time_point> &received)
{
    QList<double> out;
    for (size_t i = 0; i < sent.size(); ++i) {
        if (received[i] != Clock::time_point() && sent[i] != Clock::time_point())
            out.append(std::chrono::duration<double, std::milli>(received[i] - sent[i]).count());
    }
    return out;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption chunksOption(QStringLiteral("chunks"), QStringLiteral("Chunks per stream."), QStringLiteral("N"), QStringLiteral("2000"));
    const QCommandLineOption intervalOption(QStringLiteral("interval-ms"), QStringLiteral("Time between chunks."), QStringLiteral("MS"), QStringLiteral("2"));
    const QCommandLineOption modelsOption(QStringLiteral("models"), QStringLiteral("GET /v1/models requests."), QStringLiteral("N"), QStringLiteral("5000"));
    parser.addOptions({chunksOption, intervalOption, modelsOption});
    parser.process(app);
    const int chunks = parser.value(chunksOption).toInt();
    const int interval = parser.value(intervalOption).toInt();
    const int modelRequests = parser.value(modelsOption).toInt();

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

    std::vector<Clock::time_point> sent(static_cast<size_t>(chunks));
    QThread upstreamThread;
    auto *upstream = new ChunkServer(chunks, interval, &sent);
    upstream->moveToThread(&upstreamThread);
    upstreamThread.start();
    quint16 upstreamPort = 0;
    QMetaObject::invokeMethod(upstream, [&] { upstreamPort = upstream->listen(); }, Qt::BlockingQueuedConnection);
    const auto configFor = [&](const ApiProfile &) -> Result<SessionConfig> {
        SessionConfig config;
        config.provider = anthropic;
        config.model = QStringLiteral("claude-sonnet-4-5");
        config.endpoint.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(upstreamPort));
        config.endpoint.apiKey = QStringLiteral("bench");
        config.catalog = ModelCatalog::builtIn();
        return config;
    };
    std::printf("%d chunks %d ms apart, loopback HTTP, anthropic plugin upstream\n", chunks, interval);

    // (1) The baseline: upstream write -> Session subscriber.
    QList<double> baseline;
    {
        std::vector<Clock::time_point> received(static_cast<size_t>(chunks));
        ToolRegistry tools;
        ApprovalPolicy approvals;
        auto session = Session::open(store->get(), SessionInfo(), configFor({}).value(), &tools, &approvals);
        if (session.hasError())
            return 1;
        QEventLoop loop;
        QObject::connect(session->get(), &Session::eventOccurred, &loop, [&](const SessionEvent &event) {
            if (event.kind == SessionEvent::Kind::TextDelta && event.text.startsWith(QLatin1Char('d'))) {
                const int index = event.text.mid(1).trimmed().toInt();
                if (index >= 0 && index < chunks)
                    received[size_t(index)] = Clock::now();
            } else if (event.kind == SessionEvent::Kind::TurnFinished) {
                loop.quit();
            }
        });
        if (session->get()->submit(QStringLiteral("stream")).hasError())
            return 1;
        loop.exec();
        baseline = latencies(sent, received);
        std::printf("  upstream -> Session subscriber:   %s\n", qPrintable(LatencySummary::of(baseline).toString()));
    }

    // (2) Through the API server to a client on another thread.
    ApiServerOptions options;
    options.token = QStringLiteral("valis-api-bench");
    ApiProfile profile;
    profile.name = QStringLiteral("bench");
    profile.provider = QStringLiteral("anthropic");
    profile.model = QStringLiteral("claude-sonnet-4-5");
    options.profiles.add(profile);
    options.profiles.setDefaultProfile(profile.name);
    options.store = store->get();
    options.configure = configFor;
    OpenAiApiServer server(options);
    if (server.listen(QHostAddress::LocalHost, 0).hasError())
        return 1;
    const quint16 apiPort = quint16(QUrl(server.baseUrl()).port());
    QList<double> served;
    {
        std::fill(sent.begin(), sent.end(), Clock::time_point());
        std::vector<Clock::time_point> received(static_cast<size_t>(chunks));
        const QByteArray body = "{\"model\":\"bench\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"stream through the API\"}]}";
        const QByteArray request = "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer valis-api-bench\r\n"
                                   "Content-Type: application/json\r\nContent-Length: "
                                   + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        QThread clientThread;
        auto *client = new StreamClient(apiPort, request, &received);
        client->moveToThread(&clientThread);
        clientThread.start();
        QEventLoop loop;
        QMetaObject::invokeMethod(client, [client, &loop] {
            client->start([&loop] { QMetaObject::invokeMethod(&loop, &QEventLoop::quit, Qt::QueuedConnection); });
        });
        loop.exec();
        QMetaObject::invokeMethod(client, [client] { delete client; }, Qt::BlockingQueuedConnection);
        clientThread.quit();
        clientThread.wait();
        served = latencies(sent, received);
        std::printf("  upstream -> API client (SSE):     %s\n", qPrintable(LatencySummary::of(served).toString()));
    }
    const LatencySummary a = LatencySummary::of(baseline);
    const LatencySummary b = LatencySummary::of(served);
    std::printf("added by the API server per chunk: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms (target: under 2 ms)\n", b.p50 - a.p50,
                b.p90 - a.p90, b.p99 - a.p99);

    // GET /v1/models, one keep-alive connection, one request after another.
    {
        QThread clientThread;
        QObject worker;
        worker.moveToThread(&clientThread);
        clientThread.start();
        double seconds = 0;
        std::atomic<int> answered{0};
        std::atomic<bool> finished{false};
        QMetaObject::invokeMethod(&worker, [&] {
            const auto done = qScopeGuard([&finished] { finished = true; });
            QTcpSocket socket;
            socket.connectToHost(QHostAddress::LocalHost, apiPort);
            if (!socket.waitForConnected(5000))
                return;
            const QByteArray request = "GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer valis-api-bench\r\n\r\n";
            const Clock::time_point start = Clock::now();
            QByteArray buffer;
            for (int i = 0; i < modelRequests; ++i) {
                socket.write(request);
                for (;;) {
                    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
                    if (headerEnd >= 0) {
                        const qsizetype at = buffer.toLower().indexOf("content-length:");
                        const qsizetype length = buffer.mid(at + 15, buffer.indexOf("\r\n", at) - at - 15).trimmed().toLongLong();
                        if (buffer.size() >= headerEnd + 4 + length) {
                            buffer.remove(0, headerEnd + 4 + length);
                            ++answered;
                            break;
                        }
                    }
                    if (!socket.waitForReadyRead(5000))
                        return;
                    buffer += socket.readAll();
                }
            }
            seconds = std::chrono::duration<double>(Clock::now() - start).count();
        });
        // The server answers on this thread: run its loop until the client is done.
        while (!finished)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        clientThread.quit();
        clientThread.wait();
        if (seconds > 0)
            std::printf("GET /v1/models: %d requests on one keep-alive connection in %.2f s = %.0f requests/s\n", answered.load(), seconds,
                        double(answered.load()) / seconds);
        else
            std::printf("GET /v1/models: the client failed after %d answers\n", answered.load());
    }
    QMetaObject::invokeMethod(upstream, [upstream] { delete upstream; }, Qt::BlockingQueuedConnection);
    upstreamThread.quit();
    upstreamThread.wait();
    return 0;
}
