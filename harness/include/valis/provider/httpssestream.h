#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/provider.h"
#include "valis/plugins/providerstream.h"
#include "valis/provider/sseparser.h"
#include "valis/provider/streamdecoder.h"

#include <QByteArray>
#include <QNetworkRequest>
#include <QPointer>
#include <QTimer>

#include <memory>

class QNetworkAccessManager;
class QNetworkReply;

namespace valis {

/// Reads a provider's JSON error body: Anthropic's {"type":"error","error":{"type","message"}},
/// OpenAI's {"error":{"message","type","code"}} (code wins over type when both are set),
/// Ollama's {"error":"text"}. Anything else: empty type, and the body's first 500 characters of
/// text as the message.
struct VALIS_HARNESS_EXPORT ProviderErrorBody
{
    QString type;
    QString message;

    static ProviderErrorBody parse(const QByteArray &body);
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
/// - a 2xx answer that is not text/event-stream: Kind::Protocol;
/// - a connection that ends before the decoder saw the stream's end: Kind::Interrupted (the
///   events already emitted stand);
/// - no byte for ProviderEndpoint::idleTimeout: Kind::Timeout;
/// - a connection that could not be made: Kind::Transport;
/// - cancel(): Kind::Cancelled, at once, and nothing after it.
///
/// Events are emitted in the readyRead that delivered their bytes, never later, and never from
/// inside the constructor (the request starts on the next event-loop turn).
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
    void start();
    void onReadyRead();
    void onFinished();
    void onIdleTimeout();
    void fail(const ProviderFailure &failure);
    void emitEvents();
    bool checkStatus();

    QNetworkAccessManager *m_network;
    QNetworkRequest m_request;
    QByteArray m_body;
    std::unique_ptr<StreamDecoder> m_decoder;
    QString m_providerId;
    QPointer<QNetworkReply> m_reply;
    SseParser m_parser;
    QList<ProviderEvent> m_events;
    QTimer m_idle;
    bool m_statusChecked = false;
    bool m_done = false;
    QByteArray m_errorBody;
};

} // namespace valis
