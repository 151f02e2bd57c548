// McpServerSession with a tiny handler: the lifecycle and version negotiation, the methods and
// their errors, subscriptions and list_changed, and what it reports for the audit log.
#include "testsupport.h"

#include "valis/mcp/mcpserversession.h"

#include <QJsonDocument>
#include <QtTest>

using namespace valis;

namespace {

class TinyHandler : public McpServerHandler
{
public:
    QStringList calls;

    QJsonObject serverInfo() const override
    {
        return {{QStringLiteral("name"), QStringLiteral("tiny")}, {QStringLiteral("version"), QStringLiteral("1")}};
    }
    QString instructions() const override { return QStringLiteral("Be tiny."); }
    QList<McpServedTool> tools() const override
    {
        McpServedTool echo;
        echo.name = QStringLiteral("echo");
        echo.description = QStringLiteral("Echoes text");
        McpServedTool write;
        write.name = QStringLiteral("write");
        write.readOnly = false;
        write.idempotent = false;
        return {echo, write};
    }
    Result<QJsonObject> callTool(const McpCaller &caller, const QString &name, const QJsonObject &arguments) override
    {
        calls << caller.describe() + QLatin1Char(':') + name;
        if (arguments.contains(QStringLiteral("explode")))
            return Error(QStringLiteral("mcp.invalid-params"), QStringLiteral("no exploding"));
        const QString text = arguments.value(QStringLiteral("text")).toString();
        return QJsonObject{{QStringLiteral("content"),
                            QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                   {QStringLiteral("text"), text}}}}};
    }
    Result<QJsonObject> readResource(const McpCaller &, const QString &uri) override
    {
        if (uri != QLatin1String("tiny://a"))
            return Error(QStringLiteral("mcp.not-found"), QStringLiteral("nope"));
        return QJsonObject{{QStringLiteral("contents"),
                            QJsonArray{QJsonObject{{QStringLiteral("uri"), uri}, {QStringLiteral("text"), QStringLiteral("A")}}}}};
    }
    void change(const QStringList &uris) { Q_EMIT resourcesChanged(uris); }
};

struct Wire
{
    QList<JsonRpcMessage> sent;
    QList<QJsonValue> related; ///< outgoing()'s relatedRequest of each of `sent`
    QList<QString> audit;
};

JsonRpcMessage lastResponse(const Wire &wire)
{
    for (qsizetype i = wire.sent.size() - 1; i >= 0; --i) {
        if (wire.sent.at(i).isResponse())
            return wire.sent.at(i);
    }
    return {};
}

void attach(McpServerSession &session, Wire &wire)
{
    QObject::connect(&session, &McpServerSession::outgoing, &session,
                     [&wire](const JsonRpcMessage &message, const QJsonValue &related) {
                         wire.sent << message;
                         wire.related << related;
                     });
    QObject::connect(&session, &McpServerSession::called, &session,
                     [&wire](const McpCaller &caller, const QString &method, const QString &target, const QString &error, qint64) {
                         wire.audit << caller.clientName + QLatin1Char(' ') + method + QLatin1Char(' ') + target
                                           + (error.isEmpty() ? QString() : QStringLiteral(" !") + error);
                     });
}

JsonRpcMessage request(int id, const QString &method, const QJsonObject &params = {})
{
    return JsonRpcMessage::request(id, method, params);
}

QJsonObject initParams(const QString &version)
{
    return {{QStringLiteral("protocolVersion"), version},
            {QStringLiteral("capabilities"), QJsonObject()},
            {QStringLiteral("clientInfo"),
             QJsonObject{{QStringLiteral("name"), QStringLiteral("probe")}, {QStringLiteral("version"), QStringLiteral("0.9")}}}};
}

} // namespace

class TestMcpServerSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void refusesBeforeInitialize()
    {
        TinyHandler handler;
        McpServerSession session(&handler, QStringLiteral("stdio"));
        Wire wire;
        attach(session, wire);
        session.receive(request(1, QStringLiteral("tools/list")));
        QCOMPARE(lastResponse(wire).error.code, JsonRpcCode::InvalidRequest);
        QCOMPARE(lastResponse(wire).id, QJsonValue(1));
        session.receive(request(2, QStringLiteral("ping")));
        QCOMPARE(lastResponse(wire).kind, JsonRpcMessage::Kind::Response);
        QVERIFY(!session.isInitialized());
        QVERIFY(handler.calls.isEmpty());
    }

    void negotiatesTheVersion_data()
    {
        QTest::addColumn<QString>("asked");
        QTest::addColumn<QString>("answered");
        QTest::newRow("latest") << QStringLiteral("2025-11-25") << QStringLiteral("2025-11-25");
        QTest::newRow("06-18") << QStringLiteral("2025-06-18") << QStringLiteral("2025-06-18");
        QTest::newRow("03-26") << QStringLiteral("2025-03-26") << QStringLiteral("2025-03-26");
        QTest::newRow("unknown") << QStringLiteral("2024-11-05") << QStringLiteral("2025-11-25");
    }
    void negotiatesTheVersion()
    {
        QFETCH(QString, asked);
        QFETCH(QString, answered);
        TinyHandler handler;
        McpServerSession session(&handler, QStringLiteral("stdio"));
        Wire wire;
        attach(session, wire);
        session.receive(request(1, QStringLiteral("initialize"), initParams(asked)));
        const QJsonObject result = lastResponse(wire).result.toObject();
        QCOMPARE(result.value(QStringLiteral("protocolVersion")).toString(), answered);
        QCOMPARE(result.value(QStringLiteral("instructions")).toString(), QStringLiteral("Be tiny."));
        QCOMPARE(result.value(QStringLiteral("serverInfo")).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("tiny"));
        const QJsonObject caps = result.value(QStringLiteral("capabilities")).toObject();
        QVERIFY(caps.value(QStringLiteral("resources")).toObject().value(QStringLiteral("subscribe")).toBool());
        QVERIFY(caps.value(QStringLiteral("tools")).toObject().value(QStringLiteral("listChanged")).toBool());
        QVERIFY(caps.contains(QStringLiteral("logging")));
        QVERIFY(caps.contains(QStringLiteral("completions")));
        QVERIFY(caps.contains(QStringLiteral("prompts")));
        QCOMPARE(session.caller().describe(), QStringLiteral("probe 0.9 (stdio)"));
        QCOMPARE(session.caller().protocolVersion, answered);
        // A second initialize is refused.
        session.receive(request(2, QStringLiteral("initialize"), initParams(asked)));
        QCOMPARE(lastResponse(wire).error.code, JsonRpcCode::InvalidRequest);
    }

    void servesToolsAndErrors()
    {
        TinyHandler handler;
        McpServerSession session(&handler, QStringLiteral("http"));
        session.setSessionId(QStringLiteral("s-1"));
        Wire wire;
        attach(session, wire);
        session.receive(request(1, QStringLiteral("initialize"), initParams(QStringLiteral("2025-11-25"))));
        session.receive(JsonRpcMessage::notification(QStringLiteral("notifications/initialized")));
        QCOMPARE(session.caller().sessionId, QStringLiteral("s-1"));

        session.receive(request(2, QStringLiteral("tools/list")));
        const QJsonArray tools = lastResponse(wire).result.toObject().value(QStringLiteral("tools")).toArray();
        QCOMPARE(tools.size(), 2);
        const QJsonObject echoAnnotations = tools.at(0).toObject().value(QStringLiteral("annotations")).toObject();
        QCOMPARE(echoAnnotations.value(QStringLiteral("readOnlyHint")).toBool(), true);
        const QJsonObject writeAnnotations = tools.at(1).toObject().value(QStringLiteral("annotations")).toObject();
        QCOMPARE(writeAnnotations.value(QStringLiteral("readOnlyHint")).toBool(), false);
        QCOMPARE(writeAnnotations.value(QStringLiteral("idempotentHint")).toBool(), false);
        QCOMPARE(tools.at(1).toObject().value(QStringLiteral("inputSchema")).toObject().value(QStringLiteral("type")).toString(),
                 QStringLiteral("object"));

        session.receive(request(3, QStringLiteral("tools/call"),
                                {{QStringLiteral("name"), QStringLiteral("echo")},
                                 {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("text"), QStringLiteral("hi")}}}}));
        const JsonRpcMessage echoed = lastResponse(wire);
        QCOMPARE(echoed.id, QJsonValue(3));
        QCOMPARE(echoed.result.toObject().value(QStringLiteral("content")).toArray().at(0).toObject().value(QStringLiteral("text")).toString(),
                 QStringLiteral("hi"));
        QCOMPARE(handler.calls, QStringList{QStringLiteral("probe 0.9 (http):echo")});

        // String ids keep their type.
        session.receive(JsonRpcMessage::request(QStringLiteral("x7"), QStringLiteral("ping")));
        QCOMPARE(lastResponse(wire).id, QJsonValue(QStringLiteral("x7")));

        session.receive(request(4, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("nope")}}));
        QCOMPARE(lastResponse(wire).error.code, JsonRpcCode::InvalidParams);
        session.receive(request(5, QStringLiteral("tools/call"),
                                {{QStringLiteral("name"), QStringLiteral("echo")}, {QStringLiteral("arguments"), 3}}));
        QCOMPARE(lastResponse(wire).error.code, JsonRpcCode::InvalidParams);
        session.receive(request(6, QStringLiteral("tools/call"),
                                {{QStringLiteral("name"), QStringLiteral("echo")},
                                 {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("explode"), true}}}}));
        QCOMPARE(lastResponse(wire).error.code, JsonRpcCode::InvalidParams);
        QCOMPARE(lastResponse(wire).error.message, QStringLiteral("no exploding"));
        session.receive(request(7, QStringLiteral("no/such/method")));
        QCOMPARE(lastResponse(wire).error.code, JsonRpcCode::MethodNotFound);
        session.receive(request(8, QStringLiteral("resources/read"), {{QStringLiteral("uri"), QStringLiteral("tiny://b")}}));
        QCOMPARE(lastResponse(wire).error.code, JsonRpcCode::ResourceNotFound);
        session.receive(request(9, QStringLiteral("resources/read"), {{QStringLiteral("uri"), QStringLiteral("tiny://a")}}));
        QCOMPARE(lastResponse(wire).result.toObject().value(QStringLiteral("contents")).toArray().size(), 1);
        session.receive(request(10, QStringLiteral("logging/setLevel"), {{QStringLiteral("level"), QStringLiteral("loud")}}));
        QCOMPARE(lastResponse(wire).error.code, JsonRpcCode::InvalidParams);
        session.receive(request(11, QStringLiteral("logging/setLevel"), {{QStringLiteral("level"), QStringLiteral("debug")}}));
        QCOMPARE(lastResponse(wire).kind, JsonRpcMessage::Kind::Response);
        session.receive(request(12, QStringLiteral("prompts/get"), {{QStringLiteral("name"), QStringLiteral("absent")}}));
        QCOMPARE(lastResponse(wire).error.code, JsonRpcCode::InvalidParams);
        session.receive(request(13, QStringLiteral("completion/complete"),
                                {{QStringLiteral("ref"), QJsonObject{{QStringLiteral("type"), QStringLiteral("ref/prompt")},
                                                                     {QStringLiteral("name"), QStringLiteral("p")}}},
                                 {QStringLiteral("argument"), QJsonObject{{QStringLiteral("name"), QStringLiteral("a")},
                                                                          {QStringLiteral("value"), QStringLiteral("")}}}}));
        QVERIFY(lastResponse(wire).result.toObject().value(QStringLiteral("completion")).toObject().contains(QStringLiteral("values")));
        session.receive(request(14, QStringLiteral("completion/complete"), {{QStringLiteral("ref"), QJsonObject()}}));
        QCOMPARE(lastResponse(wire).error.code, JsonRpcCode::InvalidParams);

        QVERIFY(wire.audit.contains(QStringLiteral("probe tools/call echo")));
        QVERIFY(wire.audit.contains(QStringLiteral("probe tools/call echo !no exploding")));
        QVERIFY(wire.audit.contains(QStringLiteral("probe resources/read tiny://b !nope")));
    }

    void notifiesChangesAndSubscribers()
    {
        TinyHandler handler;
        McpServerSession session(&handler, QStringLiteral("stdio"));
        Wire wire;
        attach(session, wire);
        handler.change({QStringLiteral("tiny://a")});
        QVERIFY2(wire.sent.isEmpty(), "nothing is sent before initialize");
        session.receive(request(1, QStringLiteral("initialize"), initParams(QStringLiteral("2025-06-18"))));
        session.receive(request(2, QStringLiteral("resources/subscribe"), {{QStringLiteral("uri"), QStringLiteral("tiny://a")}}));
        wire.sent.clear();
        handler.change({QStringLiteral("tiny://a"), QStringLiteral("tiny://b")});
        QCOMPARE(wire.sent.size(), 2);
        QCOMPARE(wire.sent.at(0).method, QStringLiteral("notifications/resources/list_changed"));
        QCOMPARE(wire.sent.at(1).method, QStringLiteral("notifications/resources/updated"));
        QCOMPARE(wire.sent.at(1).params.value(QStringLiteral("uri")).toString(), QStringLiteral("tiny://a"));
        session.receive(request(3, QStringLiteral("resources/unsubscribe"), {{QStringLiteral("uri"), QStringLiteral("tiny://a")}}));
        wire.sent.clear();
        handler.change({QStringLiteral("tiny://a")});
        QCOMPARE(wire.sent.size(), 1);
        // Responses and notifications from the client get no answer.
        wire.sent.clear();
        session.receive(JsonRpcMessage::response(99, QJsonObject()));
        session.receive(JsonRpcMessage::notification(QStringLiteral("notifications/cancelled"),
                                                     {{QStringLiteral("requestId"), 1}}));
        QVERIFY(wire.sent.isEmpty());
    }

    void progressAndLogLinesBelongToTheirRequest()
    {
        // Over stdio, as valis-cli mcp serve writes them: every message in order on one pipe.
        TinyHandler handler;
        McpServerSession session(&handler, QStringLiteral("stdio"));
        Wire wire;
        attach(session, wire);
        session.receive(request(1, QStringLiteral("initialize"), initParams(QStringLiteral("2025-11-25"))));
        const QJsonObject echoHi{{QStringLiteral("name"), QStringLiteral("echo")},
                                 {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("text"), QStringLiteral("hi")}}}};

        // No progress token and no setLevel: the response alone.
        wire.sent.clear();
        wire.related.clear();
        session.receive(request(2, QStringLiteral("tools/call"), echoHi));
        QCOMPARE(wire.sent.size(), 1);
        QVERIFY(wire.sent.first().isResponse());

        // A progress token: start and completion, increasing, before the response, all of request 3.
        QJsonObject withToken = echoHi;
        withToken.insert(QStringLiteral("_meta"), QJsonObject{{QStringLiteral("progressToken"), QStringLiteral("tok-3")}});
        wire.sent.clear();
        wire.related.clear();
        session.receive(request(3, QStringLiteral("tools/call"), withToken));
        QCOMPARE(wire.sent.size(), 3);
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(wire.sent.at(i).method, QStringLiteral("notifications/progress"));
            QCOMPARE(wire.sent.at(i).params.value(QStringLiteral("progressToken")).toString(), QStringLiteral("tok-3"));
        }
        QVERIFY(wire.sent.at(0).params.value(QStringLiteral("progress")).toDouble()
                < wire.sent.at(1).params.value(QStringLiteral("progress")).toDouble());
        QCOMPARE(wire.sent.at(1).params.value(QStringLiteral("progress")).toDouble(),
                 wire.sent.at(1).params.value(QStringLiteral("total")).toDouble());
        QVERIFY(wire.sent.at(2).isResponse());
        QCOMPARE(wire.sent.at(2).id, QJsonValue(3));
        QCOMPARE(wire.related, QList<QJsonValue>({QJsonValue(3), QJsonValue(3), QJsonValue(3)}));
        // A numeric token stays a number.
        withToken.insert(QStringLiteral("_meta"), QJsonObject{{QStringLiteral("progressToken"), 42}});
        wire.sent.clear();
        session.receive(request(4, QStringLiteral("tools/call"), withToken));
        QCOMPARE(wire.sent.first().params.value(QStringLiteral("progressToken")), QJsonValue(42));

        // At "warning" a successful call says nothing, a failed one says why.
        session.receive(request(5, QStringLiteral("logging/setLevel"), {{QStringLiteral("level"), QStringLiteral("warning")}}));
        wire.sent.clear();
        wire.related.clear();
        session.receive(request(6, QStringLiteral("tools/call"), echoHi));
        QCOMPARE(wire.sent.size(), 1);
        QJsonObject exploding = echoHi;
        exploding.insert(QStringLiteral("arguments"), QJsonObject{{QStringLiteral("explode"), true}});
        wire.sent.clear();
        wire.related.clear();
        session.receive(request(7, QStringLiteral("tools/call"), exploding));
        QCOMPARE(wire.sent.size(), 2);
        QCOMPARE(wire.sent.at(0).method, QStringLiteral("notifications/message"));
        QCOMPARE(wire.sent.at(0).params.value(QStringLiteral("level")).toString(), QStringLiteral("error"));
        QCOMPARE(wire.sent.at(0).params.value(QStringLiteral("logger")).toString(), QStringLiteral("tiny"));
        const QJsonObject failure = wire.sent.at(0).params.value(QStringLiteral("data")).toObject();
        QCOMPARE(failure.value(QStringLiteral("target")).toString(), QStringLiteral("echo"));
        QCOMPARE(failure.value(QStringLiteral("error")).toString(), QStringLiteral("no exploding"));
        QCOMPARE(wire.related.at(0), QJsonValue(7));
        QCOMPARE(wire.sent.at(1).id, QJsonValue(7));
        wire.sent.clear();
        session.receive(request(8, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("nope")}}));
        QCOMPARE(wire.sent.size(), 2);
        QCOMPARE(wire.sent.at(0).params.value(QStringLiteral("level")).toString(), QStringLiteral("warning"));
        // Above "error", even that is not said.
        session.receive(request(9, QStringLiteral("logging/setLevel"), {{QStringLiteral("level"), QStringLiteral("critical")}}));
        wire.sent.clear();
        session.receive(request(10, QStringLiteral("tools/call"), exploding));
        QCOMPARE(wire.sent.size(), 1);

        // At "debug" a successful call tells what ran, how long and how big its result was.
        session.receive(request(11, QStringLiteral("logging/setLevel"), {{QStringLiteral("level"), QStringLiteral("debug")}}));
        wire.sent.clear();
        wire.related.clear();
        session.receive(request(12, QStringLiteral("tools/call"), echoHi));
        QCOMPARE(wire.sent.size(), 2);
        QCOMPARE(wire.sent.at(0).params.value(QStringLiteral("level")).toString(), QStringLiteral("debug"));
        const QJsonObject ran = wire.sent.at(0).params.value(QStringLiteral("data")).toObject();
        QCOMPARE(ran.value(QStringLiteral("method")).toString(), QStringLiteral("tools/call"));
        QCOMPARE(ran.value(QStringLiteral("target")).toString(), QStringLiteral("echo"));
        QVERIFY(ran.value(QStringLiteral("milliseconds")).isDouble());
        QCOMPARE(ran.value(QStringLiteral("resultBytes")).toInt(),
                 int(QJsonDocument(wire.sent.at(1).result.toObject()).toJson(QJsonDocument::Compact).size()));
        QCOMPARE(wire.related, QList<QJsonValue>({QJsonValue(12), QJsonValue(12)}));
    }
};

VALIS_TEST_MAIN(TestMcpServerSession)
#include "tst_mcpserversession.moc"
