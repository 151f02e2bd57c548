#include "ssestreamtest.h"

#include <QDateTime>
#include <QEventLoop>
#include <QLocale>
#include <QTimer>
#include <QtTest>

namespace valis::test::ssestream {

const QByteArray requestBody = R"({"model":"test-model","stream":true,"messages":[{"role":"user","content":"héllo"}]})";

void watch(ProviderStream *stream, Outcome *outcome)
{
    QObject::connect(stream, &ProviderStream::eventReceived, stream, [outcome](const ProviderEvent &event) {
        if (outcome->ended())
            ++outcome->afterEnd;
        outcome->events.append(event);
    });
    QObject::connect(stream, &ProviderStream::finished, stream, [outcome] {
        if (outcome->ended())
            ++outcome->afterEnd;
        ++outcome->finished;
    });
    QObject::connect(stream, &ProviderStream::failed, stream, [outcome](const ProviderFailure &failure) {
        if (outcome->ended())
            ++outcome->afterEnd;
        outcome->failures.append(failure);
    });
}

QByteArray textEvents(const QStringList &texts)
{
    QByteArray body;
    for (const QString &text : texts)
        body += "data: " + QJsonDocument(QJsonObject{{QStringLiteral("t"), text}}).toJson(QJsonDocument::Compact) + "\n\n";
    return body;
}

QByteArray httpDate(const QDateTime &when)
{
    return QLocale::c().toString(when.toUTC(), QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'")).toLatin1();
}

void SseStreamTest::setUp()
{
    m_network = std::make_unique<QNetworkAccessManager>();
    m_server = std::make_unique<ProviderTestServer>();
    QVERIFY(m_server->listen());
}

void SseStreamTest::tearDown()
{
    delete m_stream;
    m_server.reset();
    m_network.reset();
}

HttpSseStream *SseStreamTest::start(std::unique_ptr<StreamDecoder> decoder, std::chrono::milliseconds idleTimeout,
                                        const QByteArray &body)
{
    QNetworkRequest request(m_server->baseUrl().resolved(QUrl(QStringLiteral("/v1/messages?beta=true"))));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    request.setRawHeader("x-api-key", "test-key");
    request.setRawHeader("anthropic-version", "2023-06-01");
    // A test may run several streams one after the other: the one before is done with.
    delete m_stream;
    m_stream = new valis::HttpSseStream(m_network.get(), request, body, std::move(decoder),
                                        QStringLiteral("test-provider"), idleTimeout, nullptr);
    return m_stream;
}

void SseStreamTest::runToEnd(Outcome *outcome)
{
    watch(m_stream, outcome);
    if (!outcome->ended()) {
        QEventLoop loop;
        connect(m_stream, &ProviderStream::finished, &loop, &QEventLoop::quit);
        connect(m_stream, &ProviderStream::failed, &loop, &QEventLoop::quit);
        QTimer::singleShot(15s, &loop, &QEventLoop::quit);
        loop.exec();
    }
    QVERIFY(outcome->ended());
    // Let anything that would wrongly follow the end arrive before the test looks.
    QCoreApplication::processEvents();
    QCOMPARE(outcome->afterEnd, 0);
}

} // namespace valis::test::ssestream
