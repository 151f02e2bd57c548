// McpStreamableHttpServer over real loopback HTTP: a raw HTTP/1.1 client speaks the Streamable
// HTTP transport (2025-11-25) to the real McpServerSession over a tiny handler: the session
// handshake, tools through the handler, every refusal the transport owes (400, 401, 403, 404,
// 406, 408, 413, 503, all as JSON-RPC errors), DELETE, the GET stream, a POST answered as an SSE
// stream of its request's progress and log lines, and resumption with Last-Event-ID of the GET
// stream and of a dropped POST stream.
#include "rawhttpclient.h"
#include "testsupport.h"

#include "valis/mcp/mcpstreamablehttpserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

const QString kToken = QStringLiteral("valis-mcp-test-token");

/// One tool (echo) and one resource; the test makes it announce changes.
class TinyHandler : public McpServerHandler
{
public:
    QJsonObject serverInfo() const override
    {
        return {{QStringLiteral("name"), QStringLiteral("tiny")}, {QStringLiteral("version"), QStringLiteral("1.0")}};
    }
    QList<McpServedTool> tools() const override
    {
        McpServedTool echo;
        echo.name = QStringLiteral("echo");
        echo.description = QStringLiteral("Says the text back.");
        echo.inputSchema = QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                                       {QStringLiteral("properties"),
                                        QJsonObject{{QStringLiteral("text"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}}}}};
        return {echo};
    }
    Result<QJsonObject> callTool(const McpCaller &, const QString &name, const QJsonObject &arguments) override
    {
        if (name != QLatin1String("echo"))
            return Error(QStringLiteral("mcp.not-found"), QStringLiteral("no such tool"));
        const QJsonObject text{{QStringLiteral("type"), QStringLiteral("text")},
                               {QStringLiteral("text"), arguments.value(QLatin1String("text")).toString()}};
        return QJsonObject{{QStringLiteral("content"), QJsonArray{text}}};
    }
};

QByteArray post(const QByteArray &body, const QByteArray &session = {}, const QByteArray &extraHeaders = {},
                const QByteArray &token = kToken.toLatin1())
{
    QByteArray request = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                         "Accept: application/json, text/event-stream\r\n";
    if (!token.isEmpty())
        request += "Authorization: Bearer " + token + "\r\n";
    if (!session.isEmpty())
        request += "Mcp-Session-Id: " + session + "\r\nMCP-Protocol-Version: 2025-11-25\r\n";
    request += extraHeaders;
    return request + "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

QByteArray get(const QByteArray &session, const QByteArray &extraHeaders = {})
{
    return "GET /mcp HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\nAuthorization: Bearer "
           + kToken.toLatin1() + "\r\nMcp-Session-Id: " + session + "\r\nMCP-Protocol-Version: 2025-11-25\r\n"
           + extraHeaders + "\r\n";
}

const QByteArray kInitialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                               "\"capabilities\":{},\"clientInfo\":{\"name\":\"raw-test\",\"version\":\"9.9\"}}}";

QJsonObject json(const QByteArray &body)
{
    return QJsonDocument::fromJson(body).object();
}

/// The id and data lines of one SSE event.
QPair<QByteArray, QByteArray> idAndData(const QByteArray &event)
{
    QByteArray id;
    QByteArray data;
    for (const QByteArray &line : event.split('\n')) {
        if (line.startsWith("id: "))
            id = line.mid(4);
        else if (line.startsWith("data: "))
            data += line.mid(6);
    }
    return {id, data};
}

} // namespace

class TestMcpStreamableHttp : public QObject
{
    Q_OBJECT

private:
    TinyHandler m_handler;
    std::unique_ptr<McpStreamableHttpServer> m_server;

    quint16 port() const { return m_server->port(); }

    /// A fresh initialized session's id.
    QByteArray openSession()
    {
        RawClient client(port());
        client.send(post(kInitialize));
        const RawResponse response = client.read();
        if (response.status != 200)
            return {};
        const QByteArray id = response.header("mcp-session-id");
        client.send(post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", id));
        if (client.read().status != 202)
            return {};
        return id;
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<McpStreamableHttpServer>(&m_handler);
        McpStreamableHttpServer::Options options;
        options.bearerToken = kToken;
        options.maxBodyBytes = 4096;
        QVERIFY(m_server->listen(options).ok());
        QCOMPARE(m_server->url(), QStringLiteral("http://127.0.0.1:%1/mcp").arg(port()));
    }

    void cleanup() { m_server.reset(); }

    void refusesToListenWithoutAToken()
    {
        McpStreamableHttpServer server(&m_handler);
        const Result<void> result = server.listen(McpStreamableHttpServer::Options{});
        QVERIFY(result.hasError());
        QCOMPARE(result.error().code, QStringLiteral("mcp.no-token"));
    }

    void initializeStartsASessionAndToolsWork()
    {
        QSignalSpy called(m_server.get(), &McpStreamableHttpServer::called);
        RawClient client(port());
        client.send(post(kInitialize));
        const RawResponse initialized = client.read();
        QCOMPARE(initialized.status, 200);
        QCOMPARE(initialized.header("content-type"), QByteArray("application/json"));
        const QByteArray session = initialized.header("mcp-session-id");
        QVERIFY(session.size() >= 40); // 32 random bytes
        for (char c : session)
            QVERIFY(c >= 0x21 && c <= 0x7e);
        const QJsonObject result = json(initialized.body).value(QLatin1String("result")).toObject();
        QCOMPARE(result.value(QLatin1String("protocolVersion")).toString(), QStringLiteral("2025-11-25"));
        QCOMPARE(result.value(QLatin1String("serverInfo")).toObject().value(QLatin1String("name")).toString(),
                 QStringLiteral("tiny"));
        QCOMPARE(m_server->sessionCount(), 1);

        // A second initialize is another session.
        QVERIFY(openSession() != session);
        QCOMPARE(m_server->sessionCount(), 2);

        client.send(post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session));
        const RawResponse accepted = client.read();
        QCOMPARE(accepted.status, 202);
        QVERIFY(accepted.body.isEmpty());

        client.send(post("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"tools/list\"}", session));
        const RawResponse listed = client.read();
        QCOMPARE(listed.status, 200);
        const QJsonObject listing = json(listed.body);
        QCOMPARE(listing.value(QLatin1String("id")).toString(), QStringLiteral("a"));
        const QJsonArray tools = listing.value(QLatin1String("result")).toObject().value(QLatin1String("tools")).toArray();
        QCOMPARE(tools.size(), 1);
        QCOMPARE(tools.first().toObject().value(QLatin1String("name")).toString(), QStringLiteral("echo"));

        client.send(post("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"over http\"}}}",
                         session));
        const RawResponse echoed = client.read();
        QCOMPARE(echoed.status, 200);
        const QJsonObject answer = json(echoed.body);
        QCOMPARE(answer.value(QLatin1String("id")).toInt(), 7);
        QCOMPARE(answer.value(QLatin1String("result")).toObject().value(QLatin1String("content")).toArray().first()
                     .toObject().value(QLatin1String("text")).toString(),
                 QStringLiteral("over http"));

        // The audit trail names the caller and the session.
        bool sawCall = false;
        for (const QList<QVariant> &arguments : std::as_const(called)) {
            const McpCaller caller = arguments.at(0).value<McpCaller>();
            if (arguments.at(1).toString() != QLatin1String("tools/call"))
                continue;
            sawCall = true;
            QCOMPARE(arguments.at(2).toString(), QStringLiteral("echo"));
            QVERIFY(arguments.at(3).toString().isEmpty());
            QCOMPARE(caller.clientName, QStringLiteral("raw-test"));
            QCOMPARE(caller.transport, QStringLiteral("http"));
            QCOMPARE(caller.sessionId, QString::fromLatin1(session));
        }
        QVERIFY(sawCall);
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("request");
        QTest::addColumn<int>("status");
        QTest::addColumn<int>("code");
        const QByteArray list = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}";
        QTest::newRow("no session id") << post(list) << 400 << -32000;
        QTest::newRow("unknown session") << post(list, "nosuchsession") << 404 << -32001;
        QTest::newRow("no token") << post(kInitialize, {}, {}, {}) << 401 << -32000;
        QTest::newRow("wrong token") << post(kInitialize, {}, {}, "valis-mcp-guess") << 401 << -32000;
        QTest::newRow("foreign origin") << post(kInitialize, {}, "Origin: https://evil.example\r\n") << 403 << -32000;
        QTest::newRow("foreign origin, no token") << post(kInitialize, {}, "Origin: https://evil.example\r\n", {}) << 403 << -32000;
        QTest::newRow("rebinding host")
            << QByteArray(post(kInitialize)).replace("Host: 127.0.0.1", "Host: evil.example:8080") << 403 << -32000;
        QTest::newRow("malformed json") << post("{\"jsonrpc\":") << 400 << -32700;
        QTest::newRow("not json-rpc") << post("{\"hello\":\"world\"}") << 400 << -32600;
        QTest::newRow("empty batch") << post("[]") << 400 << -32600;
        QTest::newRow("unsupported protocol version")
            << post(kInitialize, {}, "MCP-Protocol-Version: 1999-01-01\r\n") << 400 << -32000;
        QTest::newRow("accepts no event stream")
            << QByteArray(post(kInitialize)).replace("Accept: application/json, text/event-stream", "Accept: application/json")
            << 406 << -32000;
        QTest::newRow("not json") << QByteArray(post(kInitialize)).replace("Content-Type: application/json", "Content-Type: text/plain")
                                  << 415 << -32000;
    }

    void refusals()
    {
        QFETCH(QByteArray, request);
        QFETCH(int, status);
        QFETCH(int, code);
        QSignalSpy refused(m_server.get(), &McpStreamableHttpServer::refused);
        RawClient client(port());
        client.send(request);
        const RawResponse response = client.read();
        QCOMPARE(response.status, status);
        const QJsonObject body = json(response.body);
        QCOMPARE(body.value(QLatin1String("jsonrpc")).toString(), QStringLiteral("2.0"));
        QVERIFY(body.contains(QLatin1String("id")) && body.value(QLatin1String("id")).isNull());
        QCOMPARE(body.value(QLatin1String("error")).toObject().value(QLatin1String("code")).toInt(), code);
        if (status == 401)
            QVERIFY(response.header("www-authenticate").startsWith("Bearer"));
        QCOMPARE(refused.size(), 1);
        QCOMPARE(refused.first().at(0).toInt(), status);
        QCOMPARE(m_server->sessionCount(), 0); // nothing refused started a session
    }

    void aBatchIsAnsweredAsOneArray()
    {
        // Batches are 2025-03-26's; their requests are answered together, in one JSON array.
        const QByteArray session = openSession();
        RawClient client(port());
        client.send(post("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},"
                         "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":0}},"
                         "{\"jsonrpc\":\"2.0\",\"id\":\"two\",\"method\":\"tools/list\"}]",
                         session));
        const RawResponse response = client.read();
        QCOMPARE(response.status, 200);
        const QJsonArray answers = QJsonDocument::fromJson(response.body).array();
        QCOMPARE(answers.size(), 2);
        QCOMPARE(answers.at(0).toObject().value(QLatin1String("id")).toInt(), 1);
        QCOMPARE(answers.at(1).toObject().value(QLatin1String("id")).toString(), QStringLiteral("two"));
        QVERIFY(answers.at(1).toObject().value(QLatin1String("result")).toObject().contains(QLatin1String("tools")));
    }

    void oversizeBodyGets413()
    {
        RawClient client(port());
        const QByteArray big = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\""
                               + QByteArray(5000, 'x') + "\"}}}";
        client.send(post(big, openSession()));
        const RawResponse response = client.read();
        QCOMPARE(response.status, 413);
        // Refused by HttpServer before the transport saw it, yet in the transport's shape.
        const QJsonObject body = json(response.body);
        QCOMPARE(body.value(QLatin1String("jsonrpc")).toString(), QStringLiteral("2.0"));
        QVERIFY(body.contains(QLatin1String("id")) && body.value(QLatin1String("id")).isNull());
        QCOMPARE(body.value(QLatin1String("error")).toObject().value(QLatin1String("code")).toInt(), -32000);
        QVERIFY(!body.value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString().isEmpty());
        QVERIFY(client.waitClosed());
    }

    void httpLevelRefusalsAreJsonRpcErrors()
    {
        RawClient garbage(port());
        garbage.send("GARBAGE\r\n\r\n");
        const RawResponse malformed = garbage.read();
        QCOMPARE(malformed.status, 400);
        QCOMPARE(json(malformed.body).value(QLatin1String("jsonrpc")).toString(), QStringLiteral("2.0"));
        QCOMPARE(json(malformed.body).value(QLatin1String("error")).toObject().value(QLatin1String("code")).toInt(), -32000);

        // The limits of the options reach HttpServer: a slow head, too many connections.
        McpStreamableHttpServer limited(&m_handler);
        McpStreamableHttpServer::Options options;
        options.bearerToken = kToken;
        options.headerTimeoutMs = 200;
        options.maxConnections = 1;
        QVERIFY(limited.listen(options).ok());
        RawClient slow(limited.port());
        slow.send("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        const RawResponse timedOut = slow.read();
        QCOMPARE(timedOut.status, 408);
        QCOMPARE(json(timedOut.body).value(QLatin1String("jsonrpc")).toString(), QStringLiteral("2.0"));
        QVERIFY(slow.waitClosed());

        RawClient holder(limited.port());
        holder.send(post(kInitialize));
        QCOMPARE(holder.read().status, 200);
        RawClient extra(limited.port());
        extra.send(post(kInitialize));
        const RawResponse busy = extra.read();
        QCOMPARE(busy.status, 503);
        QCOMPARE(json(busy.body).value(QLatin1String("error")).toObject().value(QLatin1String("code")).toInt(), -32000);
        QCOMPARE(limited.sessionCount(), 1);
    }

    void deleteEndsTheSession()
    {
        const QByteArray session = openSession();
        QVERIFY(!session.isEmpty());
        QCOMPARE(m_server->sessionCount(), 1);
        RawClient client(port());
        client.send("DELETE /mcp HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + kToken.toLatin1()
                    + "\r\nMcp-Session-Id: " + session + "\r\n\r\n");
        QCOMPARE(client.read().status, 200);
        QCOMPARE(m_server->sessionCount(), 0);
        client.send(post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}", session));
        QCOMPARE(client.read().status, 404);
        // Deleting it again: it is gone.
        client.send("DELETE /mcp HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + kToken.toLatin1()
                    + "\r\nMcp-Session-Id: " + session + "\r\n\r\n");
        QCOMPARE(client.read().status, 404);
    }

    void getStreamCarriesNotificationsOfNoRequest()
    {
        const QByteArray session = openSession();
        RawClient stream(port());
        stream.send(get(session));
        RawResponse head;
        QVERIFY(stream.readHead(&head));
        QCOMPARE(head.status, 200);
        QCOMPARE(head.header("content-type"), QByteArray("text/event-stream"));
        QByteArray event;
        // 2025-11-25: an event with an id and no data comes first, the client's first cursor.
        QVERIFY(stream.readEvent(&event));
        QVERIFY(!idAndData(event).first.isEmpty());
        QVERIFY(idAndData(event).second.isEmpty());

        // A second GET stream for the same session is refused while this one is open.
        RawClient second(port());
        second.send(get(session));
        QCOMPARE(second.read().status, 409);

        Q_EMIT m_handler.resourcesChanged({});
        QVERIFY(stream.readEvent(&event));
        const auto [id, data] = idAndData(event);
        QVERIFY(!id.isEmpty());
        QCOMPARE(json(data).value(QLatin1String("method")).toString(), QStringLiteral("notifications/resources/list_changed"));

        // Requests on the session are still answered on their own POSTs, not on this stream.
        RawClient client(port());
        client.send(post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}", session));
        const RawResponse pong = client.read();
        QCOMPARE(pong.status, 200);
        QCOMPARE(json(pong.body).value(QLatin1String("id")).toInt(), 2);
        QVERIFY(stream.quietFor(100));
    }

    void resumptionReplaysMissedEventsOnce()
    {
        const QByteArray session = openSession();
        QByteArray cursor;
        {
            RawClient stream(port());
            stream.send(get(session));
            RawResponse head;
            QVERIFY(stream.readHead(&head));
            QByteArray event;
            QVERIFY(stream.readEvent(&event)); // priming
            Q_EMIT m_handler.resourcesChanged({});
            QVERIFY(stream.readEvent(&event));
            cursor = idAndData(event).first;
            QVERIFY(json(idAndData(event).second).value(QLatin1String("method")).toString().contains(QLatin1String("resources")));
            stream.socket().abort();
        }
        QTest::qWait(50); // the server notices the client went
        // Said while no client listens.
        Q_EMIT m_handler.toolsChanged();
        Q_EMIT m_handler.promptsChanged();

        RawClient resumed(port());
        resumed.send(get(session, "Last-Event-ID: " + cursor + "\r\n"));
        RawResponse head;
        QVERIFY(resumed.readHead(&head));
        QCOMPARE(head.status, 200);
        QStringList methods;
        QByteArrayList ids;
        QByteArray event;
        QVERIFY(resumed.readEvent(&event));
        methods << json(idAndData(event).second).value(QLatin1String("method")).toString();
        ids << idAndData(event).first;
        QVERIFY(resumed.readEvent(&event));
        methods << json(idAndData(event).second).value(QLatin1String("method")).toString();
        ids << idAndData(event).first;
        QCOMPARE(methods, QStringList({QStringLiteral("notifications/tools/list_changed"),
                                       QStringLiteral("notifications/prompts/list_changed")}));
        QVERIFY(!ids.contains(cursor));
        QVERIFY(ids[0] != ids[1]);
        QVERIFY(resumed.quietFor(100)); // each missed event exactly once, and nothing else

        // The resumed stream is live again.
        Q_EMIT m_handler.resourcesChanged({});
        QVERIFY(resumed.readEvent(&event));
        QCOMPARE(json(idAndData(event).second).value(QLatin1String("method")).toString(),
                 QStringLiteral("notifications/resources/list_changed"));

        // A cursor this session never gave out.
        RawClient stranger(port());
        stranger.send(get(session, "Last-Event-ID: 99-1\r\n"));
        QCOMPARE(stranger.read().status, 400);
    }

    /// The events of one SSE response until its end, as (id, data) pairs; priming events included.
    static QList<QPair<QByteArray, QByteArray>> eventsUntilEnd(RawClient &client)
    {
        QList<QPair<QByteArray, QByteArray>> events;
        QByteArray event;
        while (client.readEvent(&event))
            events << idAndData(event);
        return events;
    }

    void requestNotificationsMakeThePostAnSseStream()
    {
        const QByteArray session = openSession();
        RawClient client(port());
        client.send(post("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"debug\"}}", session));
        const RawResponse levelSet = client.read();
        QCOMPARE(levelSet.status, 200);
        QCOMPARE(levelSet.header("content-type"), QByteArray("application/json")); // nothing but the answer

        client.send(post("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                         "\"arguments\":{\"text\":\"streamed\"},\"_meta\":{\"progressToken\":\"p9\"}}}",
                         session));
        RawResponse head;
        QVERIFY(client.readHead(&head));
        QCOMPARE(head.status, 200);
        QCOMPARE(head.header("content-type"), QByteArray("text/event-stream"));
        QCOMPARE(head.header("mcp-session-id"), session);
        const QList<QPair<QByteArray, QByteArray>> events = eventsUntilEnd(client);
        // The priming event, two progress steps, the debug line, the response; then the end.
        QCOMPARE(events.size(), 5);
        QVERIFY(events.at(0).second.isEmpty());
        QStringList kinds;
        for (qsizetype i = 1; i < events.size(); ++i) {
            const QJsonObject message = json(events.at(i).second);
            kinds << (message.contains(QLatin1String("method")) ? message.value(QLatin1String("method")).toString()
                                                                : QStringLiteral("response"));
        }
        QCOMPARE(kinds, QStringList({QStringLiteral("notifications/progress"), QStringLiteral("notifications/progress"),
                                     QStringLiteral("notifications/message"), QStringLiteral("response")}));
        const QJsonObject started = json(events.at(1).second).value(QLatin1String("params")).toObject();
        const QJsonObject done = json(events.at(2).second).value(QLatin1String("params")).toObject();
        QCOMPARE(started.value(QLatin1String("progressToken")).toString(), QStringLiteral("p9"));
        QCOMPARE(done.value(QLatin1String("progressToken")).toString(), QStringLiteral("p9"));
        QVERIFY(started.value(QLatin1String("progress")).toDouble() < done.value(QLatin1String("progress")).toDouble());
        const QJsonObject line = json(events.at(3).second).value(QLatin1String("params")).toObject();
        QCOMPARE(line.value(QLatin1String("level")).toString(), QStringLiteral("debug"));
        QCOMPARE(line.value(QLatin1String("data")).toObject().value(QLatin1String("target")).toString(), QStringLiteral("echo"));
        const QJsonObject response = json(events.at(4).second);
        QCOMPARE(response.value(QLatin1String("id")).toInt(), 9);
        QCOMPARE(response.value(QLatin1String("result")).toObject().value(QLatin1String("content")).toArray().first()
                     .toObject().value(QLatin1String("text")).toString(),
                 QStringLiteral("streamed"));
        // Every event has its own id on one stream, in order.
        int stream = -1;
        quint64 previous = 0;
        for (const auto &[id, data] : events) {
            const QList<QByteArray> parts = id.split('-');
            QCOMPARE(parts.size(), 2);
            if (stream < 0)
                stream = parts[0].toInt();
            QCOMPARE(parts[0].toInt(), stream);
            QVERIFY(parts[1].toULongLong() > previous);
            previous = parts[1].toULongLong();
        }
        QVERIFY(stream > 0); // a request's stream, not the GET one

        // The connection is still good for the next request: a plain one is plain JSON again.
        client.send(post("{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"ping\"}", session));
        const RawResponse pong = client.read();
        QCOMPARE(pong.header("content-type"), QByteArray("application/json"));
        QCOMPARE(json(pong.body).value(QLatin1String("id")).toInt(), 10);
    }

    void aDroppedPostStreamIsResumed()
    {
        const QByteArray session = openSession();
        QByteArray cursor;
        {
            RawClient client(port());
            client.send(post("{\"jsonrpc\":\"2.0\",\"id\":\"call-1\",\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                             "\"arguments\":{\"text\":\"again\"},\"_meta\":{\"progressToken\":1}}}",
                             session));
            RawResponse head;
            QVERIFY(client.readHead(&head));
            QCOMPARE(head.header("content-type"), QByteArray("text/event-stream"));
            QByteArray event;
            QVERIFY(client.readEvent(&event)); // priming
            QVERIFY(client.readEvent(&event)); // the first progress step
            cursor = idAndData(event).first;
            QCOMPARE(json(idAndData(event).second).value(QLatin1String("method")).toString(), QStringLiteral("notifications/progress"));
            client.socket().abort(); // the client drops the stream before reading the rest
        }
        QTest::qWait(50);

        RawClient resumed(port());
        resumed.send(get(session, "Last-Event-ID: " + cursor + "\r\n"));
        RawResponse head;
        QVERIFY(resumed.readHead(&head));
        QCOMPARE(head.status, 200);
        QCOMPARE(head.header("content-type"), QByteArray("text/event-stream"));
        // The rest of that stream exactly once, then its end: the second progress step and the response.
        const QList<QPair<QByteArray, QByteArray>> rest = eventsUntilEnd(resumed);
        QCOMPARE(rest.size(), 2);
        QCOMPARE(json(rest.at(0).second).value(QLatin1String("method")).toString(), QStringLiteral("notifications/progress"));
        QCOMPARE(json(rest.at(0).second).value(QLatin1String("params")).toObject().value(QLatin1String("progress")).toDouble(), 1.0);
        QCOMPARE(json(rest.at(1).second).value(QLatin1String("id")).toString(), QStringLiteral("call-1"));
        QVERIFY(rest.at(0).first != cursor && rest.at(1).first != cursor);
        QCOMPARE(rest.at(0).first.split('-').first(), cursor.split('-').first());

        // Resuming after the last event: nothing more, and the stream ends at once.
        RawClient last(port());
        last.send(get(session, "Last-Event-ID: " + rest.at(1).first + "\r\n"));
        QVERIFY(last.readHead(&head));
        QCOMPARE(head.status, 200);
        QVERIFY(eventsUntilEnd(last).isEmpty());
    }

    void otherPathsAreNotServed()
    {
        RawClient client(port());
        client.send("GET /other HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + kToken.toLatin1() + "\r\n\r\n");
        QCOMPARE(client.read().status, 404);
        client.send("PUT /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nAuthorization: Bearer " + kToken.toLatin1()
                    + "\r\n\r\n");
        const RawResponse response = client.read();
        QCOMPARE(response.status, 405);
        QVERIFY(response.header("allow").contains("POST"));
    }
};

VALIS_TEST_MAIN(TestMcpStreamableHttp)
#include "tst_mcpstreamablehttp.moc"
