#pragma once

// What the HttpSseStream suites share: a loopback ProviderTestServer, a stream started against
// it, small decoders with the shape of real ones, and a record of everything a stream emitted.
#include "providerserver.h"
#include "testsupport.h"

#include "valis/provider/httpssestream.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QPointer>

#include <chrono>
#include <memory>

namespace valis::test::ssestream {

using namespace std::chrono_literals;
using valis::HttpSseStream;
using valis::ProviderEvent;
using valis::ProviderFailure;
using valis::ProviderStream;
using valis::SseEvent;
using valis::StreamDecoder;


/// The smallest decoder with the shape of a real one: `{"t":"text"}` is a text delta, `[DONE]`
/// the end, `{"error":{...}}` a stream error, anything else unreadable; data-less events (pings)
/// mean nothing.
class TestDecoder : public StreamDecoder
{
public:
    enum class OnClose { Interrupted, Stop };
    explicit TestDecoder(OnClose onClose = OnClose::Interrupted, int *finishCalls = nullptr)
        : m_onClose(onClose), m_finishCalls(finishCalls)
    {}

    Status decode(const SseEvent &event, QList<ProviderEvent> &out, ProviderFailure *failure) override
    {
        if (event.data == "[DONE]") {
            out.append(ProviderEvent::makeStopped(QStringLiteral("end_turn")));
            return Status::Done;
        }
        if (event.data.isEmpty())
            return Status::Continue;
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(event.data, &error);
        if (error.error != QJsonParseError::NoError || !document.isObject()) {
            failure->kind = ProviderFailure::Kind::Protocol;
            failure->message = QStringLiteral("unreadable event: ") + QString::fromUtf8(event.data);
            return Status::Failed;
        }
        const QJsonObject object = document.object();
        if (object.contains(QLatin1String("error"))) {
            const QJsonObject inner = object.value(QLatin1String("error")).toObject();
            failure->kind = ProviderFailure::Kind::StreamError;
            failure->errorType = inner.value(QLatin1String("type")).toString();
            failure->message = inner.value(QLatin1String("message")).toString();
            return Status::Failed;
        }
        out.append(ProviderEvent::makeTextDelta(object.value(QLatin1String("t")).toString()));
        return Status::Continue;
    }

    Status finish(QList<ProviderEvent> &out, ProviderFailure *failure) override
    {
        if (m_finishCalls)
            ++*m_finishCalls;
        if (m_onClose == OnClose::Stop) {
            out.append(ProviderEvent::makeStopped(QStringLiteral("end_turn")));
            return Status::Done;
        }
        failure->kind = ProviderFailure::Kind::Interrupted;
        return Status::Failed;
    }

private:
    OnClose m_onClose;
    int *m_finishCalls;
};

/// Hands every SSE event on unchanged (event name and data as one text delta), and sees the
/// stream's end in its last event, as a real decoder sees message_stop: the transport's bytes,
/// observable.
class RecordingDecoder : public StreamDecoder
{
public:
    explicit RecordingDecoder(qsizetype expectedEvents) : m_left(expectedEvents) {}

    Status decode(const SseEvent &event, QList<ProviderEvent> &out, ProviderFailure *) override
    {
        out.append(ProviderEvent::makeTextDelta(QString::fromUtf8(QByteArray(event.event + '\n' + event.data))));
        if (--m_left > 0)
            return Status::Continue;
        out.append(ProviderEvent::makeStopped(QStringLiteral("end_turn")));
        return Status::Done;
    }
    Status finish(QList<ProviderEvent> &out, ProviderFailure *) override
    {
        out.append(ProviderEvent::makeStopped(QStringLiteral("closed")));
        return Status::Done;
    }

private:
    qsizetype m_left;
};

/// Everything a stream emitted, in order, and whether anything came after its end.
struct Outcome
{
    QList<ProviderEvent> events;
    int finished = 0;
    QList<ProviderFailure> failures;
    int afterEnd = 0;

    bool ended() const { return finished + failures.size() > 0; }
    QStringList texts() const
    {
        QStringList result;
        for (const ProviderEvent &event : events) {
            if (event.kind == ProviderEvent::Kind::TextDelta)
                result << event.text;
        }
        return result;
    }
    const ProviderFailure &failure() const { return failures.first(); }
};

/// Records into `outcome` everything `stream` emits, and counts what comes after its end.
void watch(ProviderStream *stream, Outcome *outcome);
/// `data: {"t": text}` events, one per text.
QByteArray textEvents(const QStringList &texts);
/// An HTTP-date (RFC 7231) for a retry-after header.
QByteArray httpDate(const QDateTime &when);
/// The body every started stream sends (UTF-8, not ASCII).
extern const QByteArray requestBody;

/// The base of the HttpSseStream suites: call setUp() / tearDown() from init() / cleanup().
class SseStreamTest : public QObject
{
protected:
    void setUp();
    void tearDown();
    /// Starts a stream against the server's /v1/messages?beta=true with a key and version header.
    HttpSseStream *start(std::unique_ptr<StreamDecoder> decoder = std::make_unique<TestDecoder>(),
                         std::chrono::milliseconds idleTimeout = 10s, const QByteArray &body = requestBody);
    /// Waits (up to 15 s) for the stream's end and checks that nothing followed it.
    void runToEnd(Outcome *outcome);

    std::unique_ptr<ProviderTestServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
    QPointer<HttpSseStream> m_stream;
};

} // namespace valis::test::ssestream
