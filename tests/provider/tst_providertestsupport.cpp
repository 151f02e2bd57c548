// The provider test support itself: ProviderTestServer speaking HTTP/1.1 to a raw socket, the
// YAML subset and cassette readers on data made here, and both readers on the real recordings.
#include "cassette.h"
#include "providerserver.h"
#include "testsupport.h"
#include "yamlsubset.h"

#include "valis/provider/sseparser.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpSocket>

using namespace std::chrono_literals;
using valis::test::ProviderTestServer;
using valis::test::ScriptedResponse;
using valis::test::YamlNode;

namespace {

/// A raw HTTP client: whatever the server writes, exactly.
class RawClient
{
public:
    explicit RawClient(const ProviderTestServer &server)
    {
        m_socket.connectToHost(QHostAddress::LocalHost, quint16(server.baseUrl().port()));
    }
    bool connected() { return m_socket.waitForConnected(5000); }
    void send(const QByteArray &bytes)
    {
        m_socket.write(bytes);
        m_socket.flush();
    }
    /// Reads until `received` has at least `size` bytes (or the connection closed).
    const QByteArray &readAtLeast(qsizetype size)
    {
        // The caller compares what arrived; a timeout shows there as missing bytes.
        const bool arrived = QTest::qWaitFor([&] {
            collect();
            return m_received.size() >= size || m_socket.state() != QAbstractSocket::ConnectedState;
        }, 10000);
        Q_UNUSED(arrived);
        return m_received;
    }
    bool waitClosed()
    {
        return QTest::qWaitFor([&] {
            collect();
            return m_socket.state() == QAbstractSocket::UnconnectedState;
        }, 10000);
    }
    const QByteArray &received()
    {
        collect();
        return m_received;
    }

private:
    void collect() { m_received += m_socket.readAll(); }

    QTcpSocket m_socket;
    QByteArray m_received;
};

QByteArray post(const QByteArray &path, const QByteArray &body, const QByteArray &extraHeaders = {})
{
    return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
           + QByteArray::number(body.size()) + "\r\n" + extraHeaders + "\r\n" + body;
}

QByteArray scalarAt(const YamlNode &root, std::initializer_list<const char *> path)
{
    const YamlNode *node = &root;
    for (const char *key : path) {
        node = node->value(key);
        if (!node)
            return "<missing>";
    }
    return node->scalar;
}

} // namespace

class TestProviderTestSupport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // ProviderTestServer
    void keepAliveAnswersSeveralRequestsInOrder();
    void chunkedRequestBodyArrivingInPieces();
    void connectionCloseIsHonoured();
    void severalConnections();
    void unexpectedRequestGets500();
    void malformedRequestGets400();
    void chunkedResponseFraming();
    void cutAfterBytesClosesMidBody();
    void headerDelayHoldsTheAnswer();
    // YAML subset
    void literalBlockScalars_data();
    void literalBlockScalars();
    void quotedScalars_data();
    void quotedScalars();
    void structure();
    void binaryScalar();
    void errorsNameTheLine_data();
    void errorsNameTheLine();
    // readers
    void cassetteFromOwnData();
    void claudeTraceFromOwnData();
    void cassettesRead();
    void claudeTraceByteExact();
};

void TestProviderTestSupport::keepAliveAnswersSeveralRequestsInOrder()
{
    ProviderTestServer server;
    QVERIFY(server.listen());
    ScriptedResponse first = ScriptedResponse::json(200, "{\"n\":1}");
    ScriptedResponse second = ScriptedResponse::json(201, "{\"n\":2}");
    server.enqueue(first);
    server.enqueue(second);
    QSignalSpy received(&server, &ProviderTestServer::requestReceived);
    RawClient client(server);
    QVERIFY(client.connected());
    const QByteArray a = post("/one", "{\"a\":1}");
    const QByteArray b = post("/two?x=y", "{\"b\":\"é\"}", "X-Extra: 1\r\n");
    client.send(a + b); // pipelined in one write
    const QByteArray expected = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"n\":1}"
                                "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"n\":2}";
    QCOMPARE(client.readAtLeast(expected.size()), expected);
    QCOMPARE(received.size(), 2);
    const auto requests = server.requests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests.at(0).raw, a);
    QCOMPARE(requests.at(1).raw, b);
    QCOMPARE(requests.at(1).method, QByteArray("POST"));
    QCOMPARE(requests.at(1).path, QByteArray("/two?x=y"));
    QCOMPARE(requests.at(1).body, QByteArray("{\"b\":\"é\"}"));
    QCOMPARE(requests.at(1).header("x-extra"), QByteArray("1"));
    QCOMPARE(requests.at(1).json().value(QLatin1String("b")).toString(), QStringLiteral("é"));
    QCOMPARE(requests.at(0).connection, requests.at(1).connection);
    QCOMPARE(server.openConnections(), 1); // kept alive
    QCOMPARE(server.pendingResponses(), 0);
}

void TestProviderTestSupport::chunkedRequestBodyArrivingInPieces()
{
    ProviderTestServer server;
    QVERIFY(server.listen());
    server.enqueue(ScriptedResponse::json(200, "{}"));
    RawClient client(server);
    QVERIFY(client.connected());
    const QByteArray request = "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                               "4\r\nWiki\r\n5;name=value\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nX-Trailer: t\r\n\r\n";
    for (qsizetype at = 0; at < request.size(); at += 9) {
        client.send(request.mid(at, 9));
        QTest::qWait(1);
    }
    QTRY_COMPARE_WITH_TIMEOUT(server.requests().size(), 1, 10000);
    QCOMPARE(server.requests().first().body, QByteArray("Wikipedia in\r\n\r\nchunks."));
    QCOMPARE(server.requests().first().raw, request);
    QVERIFY(client.readAtLeast(10).startsWith("HTTP/1.1 200 OK\r\n"));
}

void TestProviderTestSupport::connectionCloseIsHonoured()
{
    ProviderTestServer server;
    QVERIFY(server.listen());
    server.enqueue(ScriptedResponse::sse("data: x\n\n"));
    QSignalSpy closed(&server, &ProviderTestServer::connectionClosed);
    RawClient client(server);
    QVERIFY(client.connected());
    client.send(post("/", "{}", "Connection: close\r\n"));
    QVERIFY(client.waitClosed());
    QVERIFY(client.received().contains("\r\nConnection: close\r\n"));
    QVERIFY(client.received().endsWith("9\r\ndata: x\n\n\r\n0\r\n\r\n"));
    QTRY_COMPARE_WITH_TIMEOUT(closed.size(), 1, 5000);
    QCOMPARE(server.openConnections(), 0);
}

void TestProviderTestSupport::severalConnections()
{
    ProviderTestServer server;
    QVERIFY(server.listen());
    server.enqueue(ScriptedResponse::json(200, "{\"first\":true}"));
    server.enqueue(ScriptedResponse::json(200, "{\"second\":true}"));
    RawClient one(server);
    RawClient two(server);
    QVERIFY(one.connected() && two.connected());
    two.send(post("/two", "2"));
    QTRY_COMPARE_WITH_TIMEOUT(server.requests().size(), 1, 10000);
    one.send(post("/one", "1"));
    // Answers go out in the order the requests arrived, whatever the connection.
    QVERIFY(two.readAtLeast(80).endsWith("{\"first\":true}"));
    QVERIFY(one.readAtLeast(80).endsWith("{\"second\":true}"));
    const auto requests = server.requests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests.at(0).path, QByteArray("/two"));
    QVERIFY(requests.at(0).connection != requests.at(1).connection);
    QCOMPARE(server.connectionCount(), 2);
}

void TestProviderTestSupport::unexpectedRequestGets500()
{
    ProviderTestServer server;
    QVERIFY(server.listen());
    RawClient client(server);
    QVERIFY(client.connected());
    client.send(post("/", "{}"));
    QVERIFY(client.readAtLeast(40).startsWith("HTTP/1.1 500 Internal Server Error\r\n"));
    QTRY_VERIFY_WITH_TIMEOUT(client.received().contains("no scripted response for request 0"), 5000);
    QCOMPARE(server.unexpectedRequests(), 1);
    QCOMPARE(server.requests().size(), 1);
}

void TestProviderTestSupport::malformedRequestGets400()
{
    ProviderTestServer server;
    QVERIFY(server.listen());
    server.enqueue(ScriptedResponse::json(200, "{}"));
    RawClient client(server);
    QVERIFY(client.connected());
    client.send("GARBAGE\r\n\r\n");
    QVERIFY(client.waitClosed());
    QVERIFY(client.received().startsWith("HTTP/1.1 400 Bad Request\r\n"));
    QVERIFY(server.requests().isEmpty());
    QCOMPARE(server.pendingResponses(), 1);
}

void TestProviderTestSupport::chunkedResponseFraming()
{
    ProviderTestServer server;
    QVERIFY(server.listen());
    ScriptedResponse response = ScriptedResponse::sse("data: abcdefghij\n\n");
    response.reason = "Fine";
    response.headers.append(qMakePair(QByteArray("X-Request-Id"), QByteArray("req_1")));
    response.chunkSize = 8;
    server.enqueue(response);
    RawClient client(server);
    QVERIFY(client.connected());
    client.send(post("/", "{}"));
    const QByteArray expected = "HTTP/1.1 200 Fine\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
                                "Cache-Control: no-cache\r\nX-Request-Id: req_1\r\nTransfer-Encoding: chunked\r\n\r\n"
                                "8\r\ndata: ab\r\n8\r\ncdefghij\r\n2\r\n\n\n\r\n0\r\n\r\n";
    QCOMPARE(client.readAtLeast(expected.size()), expected);
}

void TestProviderTestSupport::cutAfterBytesClosesMidBody()
{
    ProviderTestServer server;
    QVERIFY(server.listen());
    ScriptedResponse response = ScriptedResponse::sse("0123456789");
    response.chunkedEncoding = false;
    response.chunkSize = 4;
    response.cutAfterBytes = 6;
    server.enqueue(response);
    QSignalSpy done(&server, &ProviderTestServer::responseDone);
    RawClient client(server);
    QVERIFY(client.connected());
    client.send(post("/", "{}"));
    QVERIFY(client.waitClosed());
    QVERIFY(client.received().contains("\r\nContent-Length: 10\r\n"));
    QVERIFY(client.received().endsWith("\r\n\r\n012345"));
    QCOMPARE(done.size(), 1);
}

void TestProviderTestSupport::headerDelayHoldsTheAnswer()
{
    ProviderTestServer server;
    QVERIFY(server.listen());
    ScriptedResponse response = ScriptedResponse::json(200, "{}");
    response.headerDelay = 300ms;
    server.enqueue(response);
    QSignalSpy received(&server, &ProviderTestServer::requestReceived);
    QSignalSpy done(&server, &ProviderTestServer::responseDone);
    RawClient client(server);
    QVERIFY(client.connected());
    client.send(post("/", "{}"));
    QTRY_COMPARE_WITH_TIMEOUT(received.size(), 1, 5000);
    QCOMPARE(done.size(), 0); // received, not yet answered
    QVERIFY(client.received().isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 5000);
    QVERIFY(client.readAtLeast(20).startsWith("HTTP/1.1 200 OK"));
}

void TestProviderTestSupport::literalBlockScalars_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("clip") << QByteArray("body: |\n  a\n   b\n\n  c\n\n\nnext: 1\n") << QByteArray("a\n b\n\nc\n");
    QTest::newRow("keep") << QByteArray("body: |+\n  a\n\n\nnext: 1\n") << QByteArray("a\n\n\n");
    QTest::newRow("strip") << QByteArray("body: |-\n  a\n  b\n\nnext: 1\n") << QByteArray("a\nb");
    QTest::newRow("keep at end of file") << QByteArray("body: |+\n    event: x\n    data: {}\n\n") << QByteArray("event: x\ndata: {}\n\n");
    QTest::newRow("last line without break") << QByteArray("body: |-\n  a\n  b") << QByteArray("a\nb");
    QTest::newRow("indentation indicator") << QByteArray("body: |2-\n    indented\n  base\n") << QByteArray("  indented\nbase");
    QTest::newRow("lines of spaces") << QByteArray("body: |+\n  a\n     \n \n  b\n") << QByteArray("a\n   \n\nb\n");
    QTest::newRow("comment-looking content") << QByteArray("body: |\n  # not a comment\n  : nor this\n") << QByteArray("# not a comment\n: nor this\n");
    QTest::newRow("empty") << QByteArray("body: |\nnext: 1\n") << QByteArray("");
    QTest::newRow("CRLF file") << QByteArray("body: |\r\n  a\r\n  b\r\n") << QByteArray("a\nb\n");
}

void TestProviderTestSupport::literalBlockScalars()
{
    QFETCH(QByteArray, yaml);
    QFETCH(QByteArray, expected);
    const auto document = valis::test::readYamlSubset(yaml, QStringLiteral("inline.yaml"));
    VALIS_VERIFY_OK(document);
    QCOMPARE(document->scalarOf("body"), expected);
}

void TestProviderTestSupport::quotedScalars_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("single") << QByteArray("v: 'it''s {\"a\": 1}'\n") << QByteArray("it's {\"a\": 1}");
    QTest::newRow("single folded") << QByteArray("v: 'one\n   two  \n\n   three'\n") << QByteArray("one two\nthree");
    QTest::newRow("single empty") << QByteArray("v: ''\n") << QByteArray("");
    QTest::newRow("double escapes")
        << QByteArray(R"(v: "a\"b\\c\/d\n\t\x41\u00e9\U0001F600\ud83d\ude00\0end")" "\n")
        << QByteArray(QByteArray("a\"b\\c/d\n\tA\xC3\xA9\xF0\x9F\x98\x80\xF0\x9F\x98\x80") + '\0' + "end");
    QTest::newRow("double folded") << QByteArray("v: \"one\n  two\n\n  three\"\n") << QByteArray("one two\nthree");
    QTest::newRow("double escaped break") << QByteArray("v: \"abc\\\n    def \\\n  ghi\"\n") << QByteArray("abcdef ghi");
    QTest::newRow("escaped spaces survive folding") << QByteArray("v: \"a\\t\n  b\"\n") << QByteArray("a\t b");
    QTest::newRow("plain") << QByteArray("v: 200 OK # comment\n") << QByteArray("200 OK");
    QTest::newRow("plain url") << QByteArray("v: https://api.example.com/v1/x?a=b\n") << QByteArray("https://api.example.com/v1/x?a=b");
}

void TestProviderTestSupport::quotedScalars()
{
    QFETCH(QByteArray, yaml);
    QFETCH(QByteArray, expected);
    const auto document = valis::test::readYamlSubset(yaml, QStringLiteral("inline.yaml"));
    VALIS_VERIFY_OK(document);
    QCOMPARE(document->scalarOf("v"), expected);
}

void TestProviderTestSupport::structure()
{
    const QByteArray yaml = "---\nversion: 2\ninteractions:\n- id: 0\n  request:\n    headers:\n      Accept:\n      - application/json\n"
                            "      - text/plain\n    form: {}\n    list: []\n  response:\n    code: 200\n"
                            "    - odd\n";
    // The last line is a sequence entry where a key belongs: an error, not a guess.
    QVERIFY(valis::test::readYamlSubset(yaml, QStringLiteral("s.yaml")).hasError());

    const QByteArray good = "# a comment\nversion: 2\ninteractions:\n    - id: 0\n      request:\n        headers:\n"
                            "            Accept:\n                - application/json\n                - text/plain\n"
                            "        form: {}\n      response:\n        code: 200\n    - id: 1\n      response: {code: 1}\n";
    QVERIFY(valis::test::readYamlSubset(good, QStringLiteral("s.yaml")).hasError()); // a real flow mapping

    const QByteArray fine = QByteArray(good).replace("{code: 1}", "\n        code: 201");
    const auto document = valis::test::readYamlSubset(fine, QStringLiteral("s.yaml"));
    VALIS_VERIFY_OK(document);
    QCOMPARE(document->scalarOf("version"), QByteArray("2"));
    const YamlNode *interactions = document->value("interactions");
    QVERIFY(interactions && interactions->type == YamlNode::Type::Sequence);
    QCOMPARE(interactions->values.size(), size_t(2));
    const YamlNode &first = interactions->values.at(0);
    QCOMPARE(first.line, 4);
    QCOMPARE(scalarAt(first, {"id"}), QByteArray("0"));
    const YamlNode *accept = first.value("request")->value("headers")->value("Accept");
    QVERIFY(accept && accept->type == YamlNode::Type::Sequence);
    QCOMPARE(accept->values.size(), size_t(2));
    QCOMPARE(accept->values.at(1).scalar, QByteArray("text/plain"));
    QCOMPARE(first.value("request")->value("form")->type, YamlNode::Type::Map);
    QCOMPARE(scalarAt(first, {"response", "code"}), QByteArray("200"));
    QCOMPARE(scalarAt(interactions->values.at(1), {"response", "code"}), QByteArray("201"));
}

void TestProviderTestSupport::binaryScalar()
{
    const auto document = valis::test::readYamlSubset("body: !!binary |\n  AAEC\n  /w==\n", QStringLiteral("b.yaml"));
    VALIS_VERIFY_OK(document);
    QCOMPARE(document->scalarOf("body"), QByteArray("\x00\x01\x02\xff", 4));
    QVERIFY(valis::test::readYamlSubset("body: !!binary |\n  **\n", QStringLiteral("b.yaml")).hasError());
}

void TestProviderTestSupport::errorsNameTheLine_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<int>("line");
    QTest::newRow("folded scalar") << QByteArray("a: 1\nb: >\n  folded\n") << 2;
    QTest::newRow("anchor") << QByteArray("a: 1\nb: &x 2\n") << 2;
    QTest::newRow("unterminated quote") << QByteArray("a: 'open\nb: 1\n") << 1;
    QTest::newRow("bad indentation") << QByteArray("a:\n  b: 1\n    c: 2\n") << 3;
    QTest::newRow("not a mapping entry") << QByteArray("a: 1\njust text\n") << 2;
    QTest::newRow("bad escape") << QByteArray("a: \"\\q\"\n") << 1;
}

void TestProviderTestSupport::errorsNameTheLine()
{
    QFETCH(QByteArray, yaml);
    QFETCH(int, line);
    const auto document = valis::test::readYamlSubset(yaml, QStringLiteral("bad.yaml"));
    QVERIFY(document.hasError());
    QCOMPARE(document.error().location, QStringLiteral("bad.yaml:%1").arg(line));
    QVERIFY(!document.error().message.isEmpty());
}

void TestProviderTestSupport::cassetteFromOwnData()
{
    valis::test::TemporaryHome home;
    const QByteArray sse = "event: message_start\ndata: {\"type\":\"message_start\"}\n\ndata: [DONE]\n\n";
    QByteArray cassette = "---\nversion: 2\ninteractions:\n- id: 0\n  request:\n    content_length: 11\n"
                          "    body: '{\"a\":\"it''s\"}'\n    headers:\n      Content-Type:\n      - application/json\n"
                          "    url: https://api.anthropic.com/v1/messages\n    method: POST\n  response:\n"
                          "    content_length: -1\n    body: |+\n";
    for (const QByteArray &line : sse.split('\n').mid(0, 5))
        cassette += line.isEmpty() ? QByteArray("\n") : "      " + line + '\n';
    cassette += "    headers:\n      Content-Type:\n      - text/event-stream; charset=utf-8\n      Retry-After:\n      - '2'\n"
                "    status: 200 OK\n    code: 200\n    duration: 1s\n"
                "- id: 1\n  request:\n    body: \"\"\n    url: https://api.openai.com/v1/chat\n    method: POST\n"
                "  response:\n    content_length: 16\n    body: '{\"error\":\"nope\"}'\n    headers: {}\n    code: 429\n";
    const QString path = valis::test::writeFileIn(home.path(), QStringLiteral("c.yaml"), cassette);
    QVERIFY(!path.isEmpty());
    const auto exchanges = valis::test::readCassette(path);
    VALIS_VERIFY_OK(exchanges);
    QCOMPARE(exchanges->size(), 2);
    const valis::test::RecordedExchange &first = exchanges->at(0);
    QCOMPARE(first.method, QStringLiteral("POST"));
    QCOMPARE(first.url, QStringLiteral("https://api.anthropic.com/v1/messages"));
    QCOMPARE(first.requestBody, QByteArray("{\"a\":\"it's\"}"));
    QCOMPARE(first.requestContentLength, 11); // off by one on purpose: read as written
    QCOMPARE(first.requestHeaders.value(0).second, QByteArray("application/json"));
    QCOMPARE(first.responseBody, sse);
    QCOMPARE(first.status, 200);
    QVERIFY(first.isEventStream());
    QCOMPARE(first.responseHeader("retry-after"), QByteArray("2"));
    QCOMPARE(first.location, path + QStringLiteral(":4"));
    const valis::test::RecordedExchange &second = exchanges->at(1);
    QCOMPARE(second.status, 429);
    QVERIFY(!second.isEventStream());
    QCOMPARE(second.responseBody, QByteArray("{\"error\":\"nope\"}"));
    QCOMPARE(second.responseContentLength, second.responseBody.size());

    const QString broken = valis::test::writeFileIn(home.path(), QStringLiteral("d.yaml"), "interactions:\n- id: 0\n  response:\n    code: x\n  request: {}\n");
    QVERIFY(valis::test::readCassette(broken).hasError());
    QVERIFY(valis::test::readCassette(home.filePath(QStringLiteral("missing.yaml"))).hasError());
}

void TestProviderTestSupport::claudeTraceFromOwnData()
{
    valis::test::TemporaryHome home;
    const QByteArray lines =
        R"({"request":{"method":"POST","url":"https://api.anthropic.com/v1/messages","headers":{"content-type":"application/json"},"body":{"model":"m","stream":true}},"response":{"status_code":200,"headers":{"Content-Type":"text/event-stream"},"body":null,"body_raw":"event: ping\ndata: {\"type\": \"ping\"}\n\n"}})"
        "\n"
        R"({"request":{"method":"POST","url":"u","headers":{},"body":{"model":"m"}},"response":{"status_code":400,"headers":{"Content-Type":"application/json"},"body":{"type":"error"}}})"
        "\n\n";
    const QString path = valis::test::writeFileIn(home.path(), QStringLiteral("t.jsonl"), lines);
    const auto exchanges = valis::test::readClaudeTrace(path);
    VALIS_VERIFY_OK(exchanges);
    QCOMPARE(exchanges->size(), 2);
    QCOMPARE(exchanges->at(0).requestBody, QByteArray(R"({"model":"m","stream":true})"));
    QCOMPARE(exchanges->at(0).responseBody, QByteArray("event: ping\ndata: {\"type\": \"ping\"}\n\n"));
    QVERIFY(exchanges->at(0).isEventStream());
    QCOMPARE(exchanges->at(1).status, 400);
    QCOMPARE(exchanges->at(1).responseBody, QByteArray(R"({"type":"error"})"));
    QCOMPARE(exchanges->at(1).location, path + QStringLiteral(":2"));
    const QString broken = valis::test::writeFileIn(home.path(), QStringLiteral("u.jsonl"), "{\"request\":1}\nnot json\n");
    QVERIFY(valis::test::readClaudeTrace(broken).hasError());
}

void TestProviderTestSupport::cassettesRead()
{
    VALIS_REQUIRE_FIXTURE(root, "fantasy-provider-cassettes/testdata");
    QDirIterator it(root, {QStringLiteral("*.yaml")}, QDir::Files, QDirIterator::Subdirectories);
    int files = 0;
    int exchangeCount = 0;
    int streams = 0;
    int lengthsChecked = 0;
    qint64 events = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        ++files;
        const auto exchanges = valis::test::readCassette(path);
        QVERIFY2(exchanges.ok(), qPrintable(exchanges.ok() ? QString() : exchanges.error().toString()));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        int requestLines = 0;
        for (const QByteArray &line : file.readAll().split('\n'))
            requestLines += line.trimmed() == "request:" ? 1 : 0;
        QCOMPARE(exchanges->size(), requestLines);
        for (const valis::test::RecordedExchange &exchange : *exchanges) {
            ++exchangeCount;
            QVERIFY2(exchange.status >= 200 && exchange.status < 600, qPrintable(exchange.location));
            // The recorder wrote each body's length: the bytes read back must have it. (Vertex
            // tool requests were re-serialised by the recorder after measuring; they differ.)
            const bool reserialised = exchange.url.contains(QLatin1String("aiplatform.googleapis.com"));
            if (exchange.requestContentLength >= 0 && !reserialised) {
                QVERIFY2(exchange.requestBody.size() == exchange.requestContentLength, qPrintable(exchange.location));
                ++lengthsChecked;
            }
            if (exchange.responseContentLength >= 0) {
                QVERIFY2(exchange.responseBody.size() == exchange.responseContentLength, qPrintable(exchange.location));
                ++lengthsChecked;
            }
            if (!exchange.isEventStream())
                continue;
            ++streams;
            valis::SseParser parser;
            int count = 0;
            bool allJson = true;
            QByteArray bad;
            auto check = [&](const valis::SseEvent &event) {
                ++count;
                QJsonParseError error;
                QJsonDocument::fromJson(event.data, &error);
                if (event.data != "[DONE]" && error.error != QJsonParseError::NoError && allJson) {
                    allJson = false;
                    bad = event.data.left(200);
                }
            };
            parser.feed(exchange.responseBody, check);
            parser.finish(check);
            QVERIFY2(count > 0, qPrintable(exchange.location));
            QVERIFY2(allJson, qPrintable(exchange.location + QStringLiteral(": ") + QString::fromUtf8(bad)));
            QVERIFY2(!parser.endsMidLine(), qPrintable(exchange.location));
            events += count;
        }
    }
    QCOMPARE(files, 350);
    QVERIFY(streams > 200);
    QVERIFY(lengthsChecked > 500);
    qInfo("%d cassettes, %d exchanges, %d body lengths matched, %d event streams with %lld JSON events",
          files, exchangeCount, lengthsChecked, streams, events);
}

void TestProviderTestSupport::claudeTraceByteExact()
{
    VALIS_REQUIRE_FIXTURE(trace, "claude-trace-traffic/test-traffic.redacted.jsonl");
    VALIS_REQUIRE_FIXTURE(sseFolder, "claude-trace-traffic/sse");
    const auto exchanges = valis::test::readClaudeTrace(trace);
    VALIS_VERIFY_OK(exchanges);
    QCOMPARE(exchanges->size(), 64);
    const QRegularExpression name(QStringLiteral("^\\d+-line(\\d+)-"));
    QDirIterator it(sseFolder, {QStringLiteral("*.sse")}, QDir::Files);
    int compared = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        const QRegularExpressionMatch match = name.match(it.fileName());
        QVERIFY2(match.hasMatch(), qPrintable(path));
        const int line = match.captured(1).toInt();
        QVERIFY(line >= 1 && line <= exchanges->size());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const valis::test::RecordedExchange &exchange = exchanges->at(line - 1);
        QCOMPARE(exchange.location, trace + QLatin1Char(':') + QString::number(line));
        QVERIFY2(exchange.responseBody == file.readAll(), qPrintable(path));
        QVERIFY(exchange.isEventStream());
        ++compared;
    }
    QCOMPARE(compared, 46);
    for (const valis::test::RecordedExchange &exchange : *exchanges) {
        QCOMPARE(exchange.method, QStringLiteral("POST"));
        QVERIFY2(QJsonDocument::fromJson(exchange.requestBody).isObject(), qPrintable(exchange.location));
    }
}

VALIS_TEST_MAIN(TestProviderTestSupport)

#include "tst_providertestsupport.moc"
