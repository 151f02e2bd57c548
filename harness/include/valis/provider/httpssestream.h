#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/provider.h"
#include "valis/plugins/providerstream.h"
#include "valis/provider/sseparser.h"
#include "valis/provider/streamdecoder.h"

#include <QByteArray>
#include <QJsonObject>
#include <QNetworkRequest>
#include <QPointer>
#include <QTimer>

#include <chrono>
#include <memory>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;

namespace valis {

/// Reads a provider's JSON error body: Anthropic's {"type":"error","error":{"type","message"}},
/// OpenAI's {"error":{"message","type","code"}} (code wins over type when both are set),
/// Ollama's {"error":"text"}, vLLM's top-level {"object":"error","message","type"}. Anything
/// else: empty type, and the body's first 500 characters of text as the message.
struct VALIS_HARNESS_EXPORT ProviderErrorBody
{
    QString type;
    QString message;

    static ProviderErrorBody parse(const QByteArray &body);
    /// The same shapes in an object already parsed (an error chunk inside a stream);
    /// std::nullopt when it holds none of them.
    static std::optional<ProviderErrorBody> fromJson(const QJsonObject &object);
};

/// Reads `retry-after-ms` (milliseconds), then `retry-after` (seconds, or an HTTP date),
/// from a reply's headers. Empty when neither is present and valid.
VALIS_HARNESS_EXPORT std::optional<std::chrono::milliseconds> retryAfterFromHeaders(const QNetworkReply *reply);

/// A ProviderStream over one HTTP POST answered with text/event-stream: the transport every
/// SSE provider shares. The provider builds the QNetworkRequest (URL, headers, key) and the body;
/// this class sends it, feeds the bytes through SseParser into the provider's StreamDecoder as
/// they arrive, and turns everything that can go wrong into a ProviderFailure with the facts:
///
/// - a non-2xx status: Kind::Http with the status, the error body's type and message
///   (ProviderErrorBody) and the retry-after headers;
/// - a 2xx answer whose Content-Type is not text/event-stream: Kind::Protocol (an answer with
///   no Content-Type at all is read as an event stream: some local servers send none);
/// - a connection that ends before the decoder saw the stream's end: Kind::Interrupted (the
///   events already emitted stand). A clean close at a line end first asks
///   StreamDecoder::finish(); a body that stops mid-line (how a cut chunked body looks: Qt
///   reports those as a clean end) or a connection reset does not. An HTTP framing error that
///   Qt does report is Kind::Protocol;
/// - no byte for ProviderEndpoint::idleTimeout: Kind::Timeout;
/// - a connection that could not be made: Kind::Transport;
/// - cancel(): Kind::Cancelled, at once, and nothing after it.
///
/// Events are emitted in the readyRead that delivered their bytes, never later, and never from
/// inside the constructor (the request starts on the next event-loop turn). A receiver may
/// cancel or delete the stream from any of its signals. Every failure carries `providerId`.
class VALIS_HARNESS_EXPORT HttpSseStream : public ProviderStream
{
    Q_OBJECT

public:
    HttpSseStream(QNetworkAccessManager *network, const QNetworkRequest &request, const QByteArray &body,
                  std::unique_ptr<StreamDecoder> decoder, const QString &providerId,
                  std::chrono::milliseconds idleTimeout, QObject *parent);
    ~HttpSseStream() override;

    void cancel() override;

    /// A stream that fails with `failure` on the next event-loop turn, for a request that
    /// cannot start (no key, a bad base URL).
    static ProviderStream *failing(const ProviderFailure &failure, QObject *parent);

private:
    /// What the answer turned out to be, once its status line and headers arrived.
    enum class Answer {
        Unknown,     ///< No status yet.
        EventStream, ///< 2xx text/event-stream: decode it.
        ErrorStatus, ///< Not 2xx: collect the error body.
        WrongType,   ///< 2xx but not an event stream: collect the body for the message.
    };

    void start();
    void onMetaDataChanged();
    void onReadyRead();
    void onFinished();
    void onIdleTimeout();
    void readStatus();
    void collectBody(const QByteArray &bytes);
    /// Parses and decodes `bytes`, then emits what they meant; false when the stream ended.
    bool decodeBytes(QByteArrayView bytes);
    void decodeEvent(const SseEvent &event);
    /// Emits the decoded events not emitted yet, then finished() or failed() when the decoder
    /// said so; false when the stream ended (or was deleted by a receiver).
    bool emitEvents();
    void finishEnded();
    void failHttp();
    void failWrongType();
    void fail(ProviderFailure failure);
    void fail(ProviderFailure::Kind kind, const QString &message);
    /// Lets go of the reply: aborts it, or lets it read to its end when `drain` is set (so the
    /// connection goes back to the pool after a stream that ended with its own end marker).
    enum class Release { Abort, Drain };
    void releaseReply(Release how);

    QNetworkAccessManager *m_network;
    QNetworkRequest m_request;
    QByteArray m_body;
    std::unique_ptr<StreamDecoder> m_decoder;
    QString m_providerId;
    std::chrono::milliseconds m_idleTimeout;
    QPointer<QNetworkReply> m_reply;
    SseParser m_parser;
    QList<ProviderEvent> m_events; // decoded, emitted from m_emitted on
    qsizetype m_emitted = 0;
    StreamDecoder::Status m_decoderStatus = StreamDecoder::Status::Continue;
    ProviderFailure m_decoderFailure;
    QTimer m_idle;
    Answer m_answer = Answer::Unknown;
    int m_httpStatus = 0;
    bool m_done = false; // finished() or failed() was emitted
    QByteArray m_errorBody;
};

} // namespace valis
