#include "valis/provider/httpssestream.h"

#include "valis/plugins/requestbodywriter.h"

#include <QMetaObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>

#include <limits>

namespace valis {

namespace {

// An error body or a wrong-type answer is read for its message only; a server that streams
// megabytes of HTML at us must not grow memory without bound.
constexpr qsizetype maxCollectedBody = 64 * 1024;
// After the decoder saw the stream's end, the reply reads the few bytes left (the last chunk)
// so its connection can serve the next request; a server that never ends it loses it.
constexpr std::chrono::milliseconds drainLimit{10000};

bool isEventStream(const QByteArray &contentType)
{
    const qsizetype semicolon = contentType.indexOf(';');
    const QByteArray mediaType = (semicolon < 0 ? contentType : contentType.first(semicolon)).trimmed().toLower();
    return mediaType == "text/event-stream";
}

int timerInterval(std::chrono::milliseconds timeout)
{
    const auto count = timeout.count();
    if (count <= 0)
        return 0;
    return count > std::numeric_limits<int>::max() ? std::numeric_limits<int>::max() : int(count);
}

/// The stream HttpSseStream::failing() returns: fails on the next event-loop turn, or with
/// Cancelled when cancelled before that.
class FailingStream final : public ProviderStream
{
    Q_OBJECT

public:
    FailingStream(const ProviderFailure &failure, QObject *parent)
        : ProviderStream(parent), m_failure(failure)
    {
        QMetaObject::invokeMethod(this, &FailingStream::report, Qt::QueuedConnection);
    }

    void cancel() override
    {
        if (m_done)
            return;
        m_done = true;
        ProviderFailure cancelled;
        cancelled.kind = ProviderFailure::Kind::Cancelled;
        cancelled.providerId = m_failure.providerId;
        Q_EMIT failed(cancelled);
    }

private:
    void report()
    {
        if (m_done)
            return;
        m_done = true;
        Q_EMIT failed(m_failure);
    }

    ProviderFailure m_failure;
    bool m_done = false;
};

} // namespace

HttpSseStream::HttpSseStream(QNetworkAccessManager *network, const QNetworkRequest &request,
                             const QByteArray &body, std::unique_ptr<StreamDecoder> decoder,
                             const QString &providerId, std::chrono::milliseconds idleTimeout,
                             QObject *parent)
    : ProviderStream(parent)
    , m_network(network)
    , m_request(request)
    , m_body(body)
    , m_decoder(std::move(decoder))
    , m_providerId(providerId)
    , m_idleTimeout(idleTimeout)
{
    // Hashed where the bytes go out: the request manifest records what was really sent.
    setRequestBodyDigest(this, m_body);
    m_idle.setSingleShot(true);
    m_idle.setInterval(timerInterval(idleTimeout));
    connect(&m_idle, &QTimer::timeout, this, &HttpSseStream::onIdleTimeout);
    // Starting on the next turn lets the caller connect to the signals after construction.
    QMetaObject::invokeMethod(this, &HttpSseStream::start, Qt::QueuedConnection);
}

HttpSseStream::~HttpSseStream()
{
    releaseReply(Release::Abort);
}

ProviderStream *HttpSseStream::failing(const ProviderFailure &failure, QObject *parent)
{
    return new FailingStream(failure, parent);
}

void HttpSseStream::start()
{
    if (m_done)
        return;
    if (!m_network || !m_decoder) {
        fail(ProviderFailure::Kind::Transport, tr("The request has no network access or no stream decoder."));
        return;
    }
    m_reply = m_network->post(m_request, m_body);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, &HttpSseStream::onMetaDataChanged);
    connect(m_reply, &QNetworkReply::readyRead, this, &HttpSseStream::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &HttpSseStream::onFinished);
    m_idle.start();
}

void HttpSseStream::cancel()
{
    if (m_done)
        return;
    fail(ProviderFailure::Kind::Cancelled, {});
}

void HttpSseStream::onMetaDataChanged()
{
    if (m_done || !m_reply)
        return;
    m_idle.start(); // the status line and headers are bytes too
    readStatus();
}

void HttpSseStream::onReadyRead()
{
    if (m_done || !m_reply)
        return;
    m_idle.start();
    readStatus();
    const QByteArray bytes = m_reply->readAll();
    switch (m_answer) {
    case Answer::EventStream:
        decodeBytes(bytes);
        return;
    case Answer::ErrorStatus:
        collectBody(bytes);
        return;
    case Answer::WrongType:
        collectBody(bytes);
        if (m_errorBody.size() >= maxCollectedBody)
            failWrongType();
        return;
    case Answer::Unknown:
        // Body bytes before a status cannot happen over HTTP; keep them for the message.
        collectBody(bytes);
        return;
    }
}

void HttpSseStream::onFinished()
{
    if (m_done || !m_reply)
        return;
    m_idle.stop();
    readStatus();
    const QNetworkReply::NetworkError error = m_reply->error();
    const QString errorText = m_reply->errorString();
    const QByteArray rest = m_reply->readAll();
    switch (m_answer) {
    case Answer::Unknown:
        fail(ProviderFailure::Kind::Transport, error == QNetworkReply::NoError
                                                   ? tr("The server gave no HTTP status.")
                                                   : errorText);
        return;
    case Answer::ErrorStatus:
        collectBody(rest);
        failHttp();
        return;
    case Answer::WrongType:
        collectBody(rest);
        failWrongType();
        return;
    case Answer::EventStream:
        break;
    }
    if (!decodeBytes(rest))
        return;
    if (error != QNetworkReply::NoError) {
        // Cut mid-body: what was read stands, the unfinished event and the decoder's own
        // end-of-stream judgement do not.
        fail(error == QNetworkReply::ProtocolFailure ? ProviderFailure::Kind::Protocol
                                                     : ProviderFailure::Kind::Interrupted,
             errorText);
        return;
    }
    finishEnded();
}

void HttpSseStream::finishEnded()
{
    // Qt reports a chunked body cut by the server, even mid-chunk, as a clean end; a body that
    // stops in the middle of a line is such a cut, unless that last line ends the stream.
    const bool midLine = m_parser.endsMidLine();
    m_parser.finish([this](const SseEvent &event) { decodeEvent(event); });
    if (midLine && (m_decoderStatus == StreamDecoder::Status::Continue
                    || (m_decoderStatus == StreamDecoder::Status::Failed
                        && m_decoderFailure.kind == ProviderFailure::Kind::Protocol))) {
        m_decoderStatus = StreamDecoder::Status::Failed;
        m_decoderFailure = ProviderFailure();
        m_decoderFailure.kind = ProviderFailure::Kind::Interrupted;
        m_decoderFailure.message = tr("The connection closed in the middle of an event.");
    }
    if (!emitEvents())
        return;
    ProviderFailure failure;
    m_decoderStatus = m_decoder->finish(m_events, &failure);
    if (m_decoderStatus == StreamDecoder::Status::Continue) {
        m_decoderStatus = StreamDecoder::Status::Failed;
        failure = ProviderFailure();
        failure.kind = ProviderFailure::Kind::Interrupted;
    }
    if (m_decoderStatus == StreamDecoder::Status::Failed) {
        if (failure.message.isEmpty() && failure.kind == ProviderFailure::Kind::Interrupted)
            failure.message = tr("The connection closed before the end of the answer.");
        m_decoderFailure = failure;
    }
    emitEvents();
}

void HttpSseStream::onIdleTimeout()
{
    if (m_done)
        return;
    fail(ProviderFailure::Kind::Timeout,
         tr("No data arrived within the idle timeout of %1 ms.").arg(m_idleTimeout.count()));
}

void HttpSseStream::readStatus()
{
    if (m_answer != Answer::Unknown || !m_reply)
        return;
    const QVariant status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (!status.isValid())
        return;
    const int code = status.toInt();
    // A redirect the access manager follows is not the answer; one it does not follow is.
    if (code >= 300 && code < 400 && !m_reply->isFinished())
        return;
    m_httpStatus = code;
    if (m_httpStatus < 200 || m_httpStatus > 299) {
        m_answer = Answer::ErrorStatus;
        return;
    }
    const QByteArray contentType = m_reply->rawHeader("Content-Type");
    m_answer = contentType.isEmpty() || isEventStream(contentType) ? Answer::EventStream : Answer::WrongType;
}

void HttpSseStream::collectBody(const QByteArray &bytes)
{
    const qsizetype room = maxCollectedBody - m_errorBody.size();
    if (room > 0)
        m_errorBody.append(bytes.first(qMin(room, bytes.size())));
}

bool HttpSseStream::decodeBytes(QByteArrayView bytes)
{
    if (!bytes.isEmpty())
        m_parser.feed(bytes, [this](const SseEvent &event) { decodeEvent(event); });
    return emitEvents();
}

void HttpSseStream::decodeEvent(const SseEvent &event)
{
    if (m_decoderStatus != StreamDecoder::Status::Continue)
        return; // events after the stream's end or an error are not fed
    ProviderFailure failure;
    m_decoderStatus = m_decoder->decode(event, m_events, &failure);
    if (m_decoderStatus == StreamDecoder::Status::Failed)
        m_decoderFailure = failure;
}

bool HttpSseStream::emitEvents()
{
    QPointer<HttpSseStream> guard(this);
    // By index and by value: a receiver may run a nested event loop that decodes more.
    while (m_emitted < m_events.size()) {
        const ProviderEvent event = m_events.at(m_emitted++);
        Q_EMIT eventReceived(event);
        if (!guard || m_done)
            return false;
    }
    m_events.clear();
    m_emitted = 0;
    switch (m_decoderStatus) {
    case StreamDecoder::Status::Continue:
        return true;
    case StreamDecoder::Status::Done:
        m_done = true;
        m_idle.stop();
        releaseReply(Release::Drain);
        Q_EMIT finished();
        return false;
    case StreamDecoder::Status::Failed:
        fail(m_decoderFailure);
        return false;
    }
    return false;
}

void HttpSseStream::failHttp()
{
    const ProviderErrorBody body = ProviderErrorBody::parse(m_errorBody);
    ProviderFailure failure;
    failure.kind = ProviderFailure::Kind::Http;
    failure.httpStatus = m_httpStatus;
    failure.errorType = body.type;
    failure.message = body.message;
    if (failure.message.isEmpty() && m_reply)
        failure.message = m_reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
    failure.retryAfter = retryAfterFromHeaders(m_reply);
    fail(failure);
}

void HttpSseStream::failWrongType()
{
    const QString contentType = m_reply ? QString::fromLatin1(m_reply->rawHeader("Content-Type")) : QString();
    const QString excerpt = QString::fromUtf8(m_errorBody).left(500).trimmed();
    fail(ProviderFailure::Kind::Protocol,
         tr("Expected an event stream (text/event-stream) but the server answered %1: %2").arg(contentType, excerpt));
}

void HttpSseStream::fail(ProviderFailure::Kind kind, const QString &message)
{
    ProviderFailure failure;
    failure.kind = kind;
    failure.message = message;
    fail(std::move(failure));
}

void HttpSseStream::fail(ProviderFailure failure)
{
    if (m_done)
        return;
    m_done = true;
    m_idle.stop();
    releaseReply(Release::Abort);
    if (failure.providerId.isEmpty())
        failure.providerId = m_providerId;
    Q_EMIT failed(failure);
}

void HttpSseStream::releaseReply(Release how)
{
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    if (!reply)
        return;
    disconnect(reply, nullptr, this, nullptr);
    if (reply->isFinished()) {
        reply->deleteLater();
        return;
    }
    if (how == Release::Abort) {
        reply->abort();
        reply->deleteLater();
        return;
    }
    connect(reply, &QNetworkReply::readyRead, reply, [reply] { reply->skip(reply->bytesAvailable()); });
    connect(reply, &QNetworkReply::finished, reply, &QObject::deleteLater);
    QTimer::singleShot(drainLimit, reply, &QNetworkReply::abort);
}

} // namespace valis

#include "httpssestream.moc"
