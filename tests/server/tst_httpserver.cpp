// HttpServer over real loopback sockets: a raw QTcpSocket client speaks HTTP/1.1 byte by byte
// (keep-alive, pipelining, chunked bodies, malformed input, slow heads, idle connections, the
// connection cap, the owner's error body), and QNetworkAccessManager stands in
// for an ordinary client. The access rules (Origin, bearer token, token generation) are checked
// on requests built by hand.
#include "testsupport.h"

#include "rawhttpclient.h"
#include "valis/server/httpserver.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTimer>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

HttpRequest requestWith(const HttpHeaders &headers)
{
    HttpRequest request;
    request.method = "POST";
    request.path = "/mcp";
    request.headers = headers;
    return request;
}

} // namespace

class TestHttpServer : public QObject
{
    Q_OBJECT

private:
    /// Echoes method, path and body as JSON; counts the requests it saw.
    void serveEcho(HttpServer &server, int *seen)
    {
        server.setHandler([seen](const HttpRequest &request, HttpResponder *responder) {
            ++*seen;
            responder->respondJson(200, {{QStringLiteral("method"), QString::fromLatin1(request.method)},
                                         {QStringLiteral("path"), QString::fromLatin1(request.path)},
                                         {QStringLiteral("q"), request.query.queryItemValue(QStringLiteral("q"))},
                                         {QStringLiteral("body"), QString::fromUtf8(request.body)}});
        });
    }

    static QJsonObject json(const QByteArray &body) { return QJsonDocument::fromJson(body).object(); }

private Q_SLOTS:
    void keepAliveAnswersTwoRequestsOnOneConnection()
    {
        HttpServer server;
        int seen = 0;
        serveEcho(server, &seen);
        QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());
        QVERIFY(server.port() != 0);
        QCOMPARE(server.baseUrl(), QStringLiteral("http://127.0.0.1:%1").arg(server.port()));

        RawClient client(server.port());
        client.send("GET /first?q=one HTTP/1.1\r\nHost: x\r\n\r\n");
        const RawResponse first = client.read();
        QCOMPARE(first.status, 200);
        QCOMPARE(json(first.body).value(QLatin1String("path")).toString(), QStringLiteral("/first"));
        QCOMPARE(json(first.body).value(QLatin1String("q")).toString(), QStringLiteral("one"));
        QCOMPARE(first.header("content-type"), QByteArray("application/json"));
        QVERIFY(first.header("connection") != "close");

        client.send("POST /second HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello");
        const RawResponse second = client.read();
        QCOMPARE(second.status, 200);
        QCOMPARE(json(second.body).value(QLatin1String("body")).toString(), QStringLiteral("hello"));
        QCOMPARE(client.socket().state(), QAbstractSocket::ConnectedState);
        QCOMPARE(seen, 2);

        // Connection: close is honoured after the answer.
        client.send("GET /third HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        const RawResponse third = client.read();
        QCOMPARE(third.status, 200);
        QCOMPARE(third.header("connection"), QByteArray("close"));
        QVERIFY(client.waitClosed());
    }

    void pipelinedRequestsAreAnsweredInOrder()
    {
        HttpServer server;
        QPointer<HttpResponder> slow;
        server.setHandler([&slow](const HttpRequest &request, HttpResponder *responder) {
            if (request.path == "/slow")
                slow = responder; // answered later, after /fast has its answer ready
            else
                responder->respond(200, {{"Content-Type", "text/plain"}}, "fast");
        });
        QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());
        RawClient client(server.port());
        client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /fast HTTP/1.1\r\nHost: x\r\n\r\n");
        QTRY_VERIFY(slow);
        QTest::qWait(50);
        QCOMPARE(client.socket().bytesAvailable(), 0); // /fast waits for /slow
        slow->respond(200, {{"Content-Type", "text/plain"}}, "slow");
        QCOMPARE(client.read().body, QByteArray("slow"));
        QCOMPARE(client.read().body, QByteArray("fast"));
    }

    void chunkedRequestBodyIsJoined()
    {
        HttpServer server;
        int seen = 0;
        serveEcho(server, &seen);
        QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());
        RawClient client(server.port());
        client.send("POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n");
        QTest::qWait(20); // the rest arrives in another segment
        client.send("1\r\n \r\nA\r\n0123456789\r\n0\r\nTrailer: t\r\n\r\n");
        const RawResponse response = client.read();
        QCOMPARE(response.status, 200);
        QCOMPARE(json(response.body).value(QLatin1String("body")).toString(), QStringLiteral("hello 0123456789"));
        QCOMPARE(seen, 1);
    }

    void oversizeBodyGets413BeforeTheHandler_data()
    {
        QTest::addColumn<QByteArray>("request");
        QTest::newRow("content-length") << QByteArray("POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: 17\r\n\r\n");
        QTest::newRow("chunked") << QByteArray("POST /big HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                                               "8\r\n12345678\r\n9\r\n");
    }

    void oversizeBodyGets413BeforeTheHandler()
    {
        QFETCH(QByteArray, request);
        HttpServer server;
        server.setMaxBodyBytes(16);
        QCOMPARE(server.maxBodyBytes(), 16);
        int seen = 0;
        serveEcho(server, &seen);
        QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());
        RawClient client(server.port());
        client.send(request);
        const RawResponse response = client.read();
        QCOMPARE(response.status, 413);
        const QJsonObject error = json(response.body).value(QLatin1String("error")).toObject();
        QCOMPARE(error.value(QLatin1String("code")).toString(), QStringLiteral("request_too_large"));
        QCOMPARE(error.value(QLatin1String("type")).toString(), QStringLiteral("invalid_request_error"));
        QVERIFY(!error.value(QLatin1String("message")).toString().isEmpty());
        QCOMPARE(response.header("connection"), QByteArray("close"));
        QVERIFY(client.waitClosed());
        QCOMPARE(seen, 0);

        // A client that sends a large body whole before it reads still gets the answer, not a
        // reset connection.
        RawClient eager(server.port());
        eager.send("POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: 4194304\r\n\r\n" + QByteArray(4 * 1024 * 1024, 'x'));
        const RawResponse refused = eager.read();
        QCOMPARE(refused.status, 413);
        QCOMPARE(seen, 0);

        // A body exactly at the limit is served.
        RawClient fits(server.port());
        fits.send("POST /ok HTTP/1.1\r\nHost: x\r\nContent-Length: 16\r\n\r\n0123456789abcdef");
        QCOMPARE(fits.read().status, 200);
        QCOMPARE(seen, 1);
    }

    void malformedRequestGets400AndClose_data()
    {
        QTest::addColumn<QByteArray>("request");
        QTest::newRow("garbage") << QByteArray("GARBAGE\r\n\r\n");
        QTest::newRow("no version") << QByteArray("GET /\r\nHost: x\r\n\r\n");
        QTest::newRow("bad header") << QByteArray("GET / HTTP/1.1\r\nNo colon here\r\n\r\n");
        QTest::newRow("space before colon") << QByteArray("GET / HTTP/1.1\r\nHost : x\r\n\r\n");
        QTest::newRow("folded") << QByteArray("GET / HTTP/1.1\r\nA: b\r\n c\r\n\r\n");
        QTest::newRow("both framings") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n");
        QTest::newRow("bad length") << QByteArray("POST / HTTP/1.1\r\nContent-Length: -3\r\n\r\n");
        QTest::newRow("bad chunk size") << QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n");
        QTest::newRow("chunk overrun") << QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabcd\r\n");
        QTest::newRow("relative target") << QByteArray("GET foo HTTP/1.1\r\n\r\n");
    }

    void malformedRequestGets400AndClose()
    {
        QFETCH(QByteArray, request);
        HttpServer server;
        int seen = 0;
        serveEcho(server, &seen);
        QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());
        RawClient client(server.port());
        client.send(request);
        const RawResponse response = client.read();
        QCOMPARE(response.status, 400);
        QCOMPARE(json(response.body).value(QLatin1String("error")).toObject().value(QLatin1String("code")).toString(),
                 QStringLiteral("bad_request"));
        QCOMPARE(response.header("connection"), QByteArray("close"));
        // The server closes after draining a while (see oversizeBodyGets413BeforeTheHandler);
        // waiting for that once is enough.
        if (QByteArray(QTest::currentDataTag()) == "garbage")
            QVERIFY(client.waitClosed());
        QCOMPARE(seen, 0);
    }

    void aHeadThatNeverEndsIsCutWith408()
    {
        HttpServer server;
        QCOMPARE(server.headerTimeout(), 30 * 1000);
        server.setHeaderTimeout(300);
        int seen = 0;
        serveEcho(server, &seen);
        QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());

        // A client that trickles its head, a line every 50 ms, for far longer than the limit:
        // each new byte does not buy it more time.
        RawClient slow(server.port());
        slow.send("GET /slow HTTP/1.1\r\nHost: x\r\n");
        int lines = 0;
        while (slow.socket().bytesAvailable() == 0 && slow.socket().state() == QAbstractSocket::ConnectedState
               && lines < 200) {
            slow.send("X-Trickle-" + QByteArray::number(lines++) + ": y\r\n");
            QTest::qWait(50);
        }
        QVERIFY2(lines < 200, "the trickling client was never cut");
        const RawResponse response = slow.read();
        QCOMPARE(response.status, 408);
        QCOMPARE(json(response.body).value(QLatin1String("error")).toObject().value(QLatin1String("code")).toString(),
                 QStringLiteral("request_timeout"));
        QCOMPARE(response.header("connection"), QByteArray("close"));
        QVERIFY(slow.waitClosed());

        // One that connects and says nothing is closed without an answer.
        RawClient silent(server.port());
        QVERIFY(silent.waitClosed());
        QVERIFY(silent.leftover().isEmpty());
        QCOMPARE(seen, 0);

        // One that sends its head in time is served, in pieces or not.
        RawClient prompt(server.port());
        prompt.send("GET /prompt HTTP/1.1\r\n");
        prompt.send("Host: x\r\n\r\n");
        QCOMPARE(prompt.read().status, 200);
        QCOMPARE(seen, 1);
    }

    void anIdleKeepAliveIsClosedButAStreamIsNot()
    {
        HttpServer server;
        QCOMPARE(server.idleTimeout(), 120 * 1000);
        server.setIdleTimeout(300);
        server.setHeaderTimeout(300);
        QPointer<HttpResponder> held;
        int seen = 0;
        server.setHandler([&](const HttpRequest &request, HttpResponder *responder) {
            ++seen;
            if (request.path == "/stream") {
                responder->beginStream(200, {{"Content-Type", "text/event-stream"}});
                held = responder;
                return;
            }
            responder->respond(200, {{"Content-Type", "text/plain"}}, "ok");
        });
        QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());

        RawClient client(server.port());
        client.send("GET /once HTTP/1.1\r\nHost: x\r\n\r\n");
        const RawResponse response = client.read();
        QCOMPARE(response.status, 200);
        QVERIFY(response.header("connection") != "close"); // kept alive, then idle
        QVERIFY(client.waitClosed());
        QVERIFY(client.leftover().isEmpty()); // closed without another word

        // A streamed response says nothing for longer than both limits and is not cut.
        RawClient stream(server.port());
        stream.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n");
        RawResponse head;
        QVERIFY(stream.readHead(&head));
        QCOMPARE(head.status, 200);
        QVERIFY(stream.quietFor(900));
        QCOMPARE(stream.socket().state(), QAbstractSocket::ConnectedState);
        QVERIFY(held);
        QVERIFY(held->write("data: late\n\n"));
        QByteArray chunk;
        QVERIFY(stream.readChunk(&chunk));
        QCOMPARE(chunk, QByteArray("data: late\n\n"));
        held->end();
        QVERIFY(stream.readChunk(&chunk));
        QVERIFY(chunk.isEmpty());
        // Once it ended, the connection is idle, and closed.
        QVERIFY(stream.waitClosed());
        QCOMPARE(seen, 2);
    }

    void connectionsOverTheCapGet503()
    {
        HttpServer server;
        QCOMPARE(server.maxConnections(), 256);
        server.setMaxConnections(2);
        int seen = 0;
        serveEcho(server, &seen);
        QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());

        auto first = std::make_unique<RawClient>(server.port());
        first->send("GET /1 HTTP/1.1\r\nHost: x\r\n\r\n");
        QCOMPARE(first->read().status, 200);
        RawClient second(server.port());
        second.send("GET /2 HTTP/1.1\r\nHost: x\r\n\r\n");
        QCOMPARE(second.read().status, 200);
        QCOMPARE(server.connectionCount(), 2);

        RawClient third(server.port());
        third.send("GET /3 HTTP/1.1\r\nHost: x\r\n\r\n");
        const RawResponse busy = third.read();
        QCOMPARE(busy.status, 503);
        QCOMPARE(busy.header("retry-after"), QByteArray("1"));
        QCOMPARE(busy.header("connection"), QByteArray("close"));
        QCOMPARE(json(busy.body).value(QLatin1String("error")).toObject().value(QLatin1String("code")).toString(),
                 QStringLiteral("server_busy"));
        QVERIFY(third.waitClosed());
        QCOMPARE(seen, 2);
        QCOMPARE(server.connectionCount(), 2); // the refused one never counted

        // The kept-alive connections go on being served, and a freed place is taken again.
        second.send("GET /2b HTTP/1.1\r\nHost: x\r\n\r\n");
        QCOMPARE(second.read().status, 200);
        first.reset();
        QTRY_COMPARE(server.connectionCount(), 1);
        RawClient fourth(server.port());
        fourth.send("GET /4 HTTP/1.1\r\nHost: x\r\n\r\n");
        QCOMPARE(fourth.read().status, 200);
        QCOMPARE(seen, 4);
    }

    void theOwnerChoosesTheErrorBody()
    {
        HttpServer server;
        server.setMaxBodyBytes(4);
        server.setErrorBody([](int status, const QByteArray &code, const QString &message) {
            return QJsonDocument(QJsonObject{{QStringLiteral("status"), status},
                                             {QStringLiteral("why"), QString::fromLatin1(code)},
                                             {QStringLiteral("text"), message}})
                .toJson(QJsonDocument::Compact);
        });
        int seen = 0;
        serveEcho(server, &seen);
        QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());

        RawClient big(server.port());
        big.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n12345");
        const RawResponse tooLarge = big.read();
        QCOMPARE(tooLarge.status, 413);
        QCOMPARE(tooLarge.header("content-type"), QByteArray("application/json"));
        QCOMPARE(json(tooLarge.body).value(QLatin1String("status")).toInt(), 413);
        QCOMPARE(json(tooLarge.body).value(QLatin1String("why")).toString(), QStringLiteral("request_too_large"));
        QVERIFY(!json(tooLarge.body).value(QLatin1String("text")).toString().isEmpty());
        QVERIFY(!json(tooLarge.body).contains(QLatin1String("error")));

        RawClient garbage(server.port());
        garbage.send("GARBAGE\r\n\r\n");
        const RawResponse malformed = garbage.read();
        QCOMPARE(malformed.status, 400);
        QCOMPARE(json(malformed.body).value(QLatin1String("why")).toString(), QStringLiteral("bad_request"));

        // Null brings the default shape back.
        server.setErrorBody({});
        RawClient again(server.port());
        again.send("GARBAGE\r\n\r\n");
        QCOMPARE(json(again.read().body).value(QLatin1String("error")).toObject().value(QLatin1String("code")).toString(),
                 QStringLiteral("bad_request"));
        QCOMPARE(seen, 0);
    }

    void streamArrivesInPieces()
    {
        HttpServer server;
        QPointer<HttpResponder> stream;
        bool finished = false;
        server.setHandler([&](const HttpRequest &, HttpResponder *responder) {
            stream = responder;
            connect(responder, &HttpResponder::finished, this, [&finished] { finished = true; });
            responder->beginStream(200, {{"Content-Type", "text/event-stream"}});
            responder->write("data: one\n\n");
        });
        QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());
        RawClient client(server.port());
        client.send("GET /events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n");
        RawResponse head;
        QVERIFY(client.readHead(&head));
        QCOMPARE(head.status, 200);
        QCOMPARE(head.header("transfer-encoding"), QByteArray("chunked"));
        QVERIFY(head.header("content-length").isEmpty());
        QByteArray chunk;
        // Each piece reaches the client before the next is even written.
        QVERIFY(client.readChunk(&chunk));
        QCOMPARE(chunk, QByteArray("data: one\n\n"));
        QVERIFY(stream);
        QVERIFY(stream->isStarted());
        QVERIFY(stream->write("data: two\n\n"));
        QVERIFY(client.readChunk(&chunk));
        QCOMPARE(chunk, QByteArray("data: two\n\n"));
        QVERIFY(!finished);
        stream->end();
        QVERIFY(client.readChunk(&chunk));
        QVERIFY(chunk.isEmpty());
        QTRY_VERIFY(finished);
        QTRY_VERIFY(!stream); // deleted after finished()

        // The connection is still good for the next request.
        client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n");
        QVERIFY(client.readHead(&head));
    }

    void clientDisconnectedWhenThePeerGoesMidStream()
    {
        HttpServer server;
        QPointer<HttpResponder> stream;
        int disconnects = 0;
        server.setHandler([&](const HttpRequest &, HttpResponder *responder) {
            stream = responder;
            connect(responder, &HttpResponder::clientDisconnected, this, [&disconnects] { ++disconnects; });
            responder->beginStream(200, {{"Content-Type", "text/event-stream"}});
            responder->write("data: one\n\n");
        });
        QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());
        {
            RawClient client(server.port());
            client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n");
            RawResponse head;
            QVERIFY(client.readHead(&head));
            QVERIFY(stream);
            client.socket().abort();
        }
        QTRY_COMPARE(disconnects, 1);
        if (stream) {
            QVERIFY(stream->isClientGone());
            QVERIFY(!stream->write("data: lost\n\n"));
        }
        QTRY_VERIFY(!stream);
        QCOMPARE(disconnects, 1);
    }

    void closeEndsStreamsAsClientGone()
    {
        HttpServer server;
        QPointer<HttpResponder> pending;
        int disconnects = 0;
        server.setHandler([&](const HttpRequest &, HttpResponder *responder) {
            pending = responder;
            connect(responder, &HttpResponder::clientDisconnected, this, [&disconnects] { ++disconnects; });
        });
        QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());
        RawClient client(server.port());
        client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        QTRY_VERIFY(pending);
        server.close();
        QCOMPARE(disconnects, 1);
        QVERIFY(client.waitClosed());
    }

    void listenReportsAnAddressInUse()
    {
        HttpServer first;
        QVERIFY(first.listen(QHostAddress::LocalHost, 0).ok());
        HttpServer second;
        const Result<void> result = second.listen(QHostAddress::LocalHost, first.port());
        QVERIFY(result.hasError());
        QCOMPARE(result.error().code, QStringLiteral("server.listen"));
        QVERIFY(result.error().message.contains(QString::number(first.port())));
    }

    void anOrdinaryClientIsServed()
    {
        HttpServer server;
        int seen = 0;
        serveEcho(server, &seen);
        QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());
        QNetworkAccessManager manager;
        for (int i = 0; i < 2; ++i) {
            QNetworkRequest request(QUrl(server.baseUrl() + QStringLiteral("/api?q=%1").arg(i)));
            request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
            QNetworkReply *reply = manager.post(request, QByteArray("{\"n\":") + QByteArray::number(i) + '}');
            QSignalSpy done(reply, &QNetworkReply::finished);
            QVERIFY(done.wait(10000));
            QCOMPARE(reply->error(), QNetworkReply::NoError);
            QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
            const QJsonObject body = json(reply->readAll());
            QCOMPARE(body.value(QLatin1String("q")).toString(), QString::number(i));
            QCOMPARE(body.value(QLatin1String("body")).toString(), QStringLiteral("{\"n\":%1}").arg(i));
            reply->deleteLater();
        }
        QCOMPARE(seen, 2);
    }

    void originRules()
    {
        QVERIFY(httpaccess::originAllowed(requestWith({})));
        QVERIFY(httpaccess::originAllowed(requestWith({{"Origin", "http://localhost:5173"}})));
        QVERIFY(httpaccess::originAllowed(requestWith({{"Origin", "http://127.0.0.1:8080"}})));
        QVERIFY(httpaccess::originAllowed(requestWith({{"Origin", "http://127.3.2.1"}})));
        QVERIFY(httpaccess::originAllowed(requestWith({{"Origin", "http://[::1]:3000"}})));
        QVERIFY(!httpaccess::originAllowed(requestWith({{"Origin", "https://evil.example"}})));
        QVERIFY(!httpaccess::originAllowed(requestWith({{"Origin", "null"}})));
        QVERIFY(!httpaccess::originAllowed(requestWith({{"Origin", "http://localhost.evil.example"}})));
        QVERIFY(!httpaccess::originAllowed(requestWith({{"Origin", "http://127.0.0.1.evil.example"}})));
        QVERIFY(!httpaccess::originAllowed(requestWith({{"Origin", "http://192.168.1.10"}})));
        const QStringList allowed{QStringLiteral("https://app.example.com"), QStringLiteral("http://10.0.0.2:8080/")};
        QVERIFY(httpaccess::originAllowed(requestWith({{"Origin", "https://app.example.com"}}), allowed));
        QVERIFY(httpaccess::originAllowed(requestWith({{"Origin", "https://APP.example.com"}}), allowed));
        QVERIFY(httpaccess::originAllowed(requestWith({{"Origin", "http://10.0.0.2:8080"}}), allowed));
        QVERIFY(!httpaccess::originAllowed(requestWith({{"Origin", "http://app.example.com"}}), allowed));
        QVERIFY(!httpaccess::originAllowed(requestWith({{"Origin", "https://app.example.com:444"}}), allowed));
        QVERIFY(!httpaccess::originAllowed(requestWith({{"Origin", "http://10.0.0.2"}}), allowed));
    }

    void bearerRules()
    {
        const QString token = QStringLiteral("valis-mcp-abc123");
        QVERIFY(httpaccess::bearerMatches(requestWith({{"Authorization", "Bearer valis-mcp-abc123"}}), token));
        QVERIFY(httpaccess::bearerMatches(requestWith({{"authorization", "bearer valis-mcp-abc123"}}), token));
        QVERIFY(!httpaccess::bearerMatches(requestWith({}), token));
        QVERIFY(!httpaccess::bearerMatches(requestWith({{"Authorization", "Bearer valis-mcp-abc124"}}), token));
        QVERIFY(!httpaccess::bearerMatches(requestWith({{"Authorization", "Bearer valis-mcp-abc12"}}), token));
        QVERIFY(!httpaccess::bearerMatches(requestWith({{"Authorization", "Bearer valis-mcp-abc1234"}}), token));
        QVERIFY(!httpaccess::bearerMatches(requestWith({{"Authorization", "Basic valis-mcp-abc123"}}), token));
        QVERIFY(!httpaccess::bearerMatches(requestWith({{"Authorization", "valis-mcp-abc123"}}), token));
        QVERIFY(!httpaccess::bearerMatches(requestWith({{"Authorization", "Bearer "}}), QString()));
        QVERIFY(!httpaccess::bearerMatches(requestWith({}), QString()));
    }

    void tokensAreRandomAndPrefixed()
    {
        const QString one = httpaccess::generateToken(QStringLiteral("valis-mcp-"));
        const QString two = httpaccess::generateToken(QStringLiteral("valis-mcp-"));
        QVERIFY(one.startsWith(QStringLiteral("valis-mcp-")));
        QCOMPARE(one.size(), 10 + 43); // 32 bytes in unpadded base64
        QVERIFY(one != two);
        static const QRegularExpression base64url(QStringLiteral("^[A-Za-z0-9_-]{43}$"));
        QVERIFY(base64url.match(one.mid(10)).hasMatch());
        QVERIFY(httpaccess::generateToken(QStringLiteral("valis-api-")).startsWith(QStringLiteral("valis-api-")));
    }
};

VALIS_TEST_MAIN(TestHttpServer)
#include "tst_httpserver.moc"
