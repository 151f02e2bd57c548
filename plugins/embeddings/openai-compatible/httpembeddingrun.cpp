#include "httpembeddingrun.h"

#include "valis/provider/httpssestream.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

namespace valis::embeddings {

namespace {
QUrl joined(const QUrl &base, const QString &path)
{
    QUrl url = base;
    QString prefix = url.path();
    while (prefix.endsWith(QLatin1Char('/')))
        prefix.chop(1);
    url.setPath(prefix + QLatin1Char('/') + path);
    return url;
}

class FailingRun : public EmbeddingRun
{
public:
    FailingRun(const ProviderFailure &failure, QObject *parent) : EmbeddingRun(parent)
    {
        QTimer::singleShot(0, this, [this, failure] {
            if (!m_cancelled)
                Q_EMIT failed(failure);
        });
    }
    void cancel() override
    {
        if (m_cancelled)
            return;
        m_cancelled = true;
        ProviderFailure failure;
        failure.kind = ProviderFailure::Kind::Cancelled;
        Q_EMIT failed(failure);
    }

private:
    bool m_cancelled = false;
};
} // namespace

HttpEmbeddingRun::HttpEmbeddingRun(QNetworkAccessManager *network, EmbeddingWire wire, const QString &providerId,
                                   const EmbeddingRequest &request, QObject *parent)
    : EmbeddingRun(parent), m_wire(wire), m_providerId(providerId), m_inputs(request.inputs.size())
{
    // Signals never come from inside the constructor: start on the next turn.
    QTimer::singleShot(0, this, [this, network = QPointer<QNetworkAccessManager>(network), request] {
        if (!network) {
            ProviderFailure failure;
            failure.kind = ProviderFailure::Kind::Transport;
            failure.message = QStringLiteral("the plugin has shut down");
            fail(failure);
            return;
        }
        start(network, request);
    });
}

HttpEmbeddingRun::~HttpEmbeddingRun()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

EmbeddingRun *HttpEmbeddingRun::failing(const ProviderFailure &failure, QObject *parent)
{
    return new FailingRun(failure, parent);
}

void HttpEmbeddingRun::start(QNetworkAccessManager *network, const EmbeddingRequest &request)
{
    if (m_done)
        return;
    QNetworkRequest http(joined(request.endpoint.baseUrl, requestPath(m_wire)));
    http.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    http.setRawHeader("Accept", "application/json");
    if (!request.endpoint.apiKey.isEmpty())
        http.setRawHeader("Authorization", "Bearer " + request.endpoint.apiKey.toUtf8());
    for (auto it = request.endpoint.headers.constBegin(); it != request.endpoint.headers.constEnd(); ++it)
        http.setRawHeader(it.key(), it.value());
    http.setTransferTimeout(int(request.endpoint.idleTimeout.count()));
    m_reply = network->post(http, requestBody(m_wire, request));
    connect(m_reply, &QNetworkReply::finished, this, &HttpEmbeddingRun::replied);
}

void HttpEmbeddingRun::cancel()
{
    if (m_done)
        return;
    m_cancelled = true;
    ProviderFailure failure;
    failure.kind = ProviderFailure::Kind::Cancelled;
    fail(failure);
}

void HttpEmbeddingRun::replied()
{
    QNetworkReply *reply = m_reply;
    if (!reply || m_done)
        return;
    reply->deleteLater();
    m_reply = nullptr;
    const QByteArray body = reply->readAll();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    ProviderFailure failure;
    if (status != 0 && (status < 200 || status >= 300)) {
        failure.kind = ProviderFailure::Kind::Http;
        failure.httpStatus = status;
        const ProviderErrorBody error = ProviderErrorBody::parse(body);
        failure.errorType = error.type;
        failure.message = error.message;
        failure.retryAfter = retryAfterFromHeaders(reply);
        fail(failure);
        return;
    }
    switch (reply->error()) {
    case QNetworkReply::NoError:
        break;
    case QNetworkReply::OperationCanceledError:
        failure.kind = ProviderFailure::Kind::Timeout;
        failure.message = reply->errorString();
        fail(failure);
        return;
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::ProtocolFailure:
        // The request went out and the answer broke off: retrying the same request is safe.
        failure.kind = status != 0 ? ProviderFailure::Kind::Interrupted : ProviderFailure::Kind::Transport;
        failure.message = reply->errorString();
        fail(failure);
        return;
    default:
        failure.kind = status != 0 ? ProviderFailure::Kind::Interrupted : ProviderFailure::Kind::Transport;
        failure.message = reply->errorString();
        fail(failure);
        return;
    }
    QString problem;
    const std::optional<EmbeddingBatch> batch = parseResponse(m_wire, body, m_inputs, &problem);
    if (!batch) {
        failure.kind = ProviderFailure::Kind::Protocol;
        failure.message = problem;
        fail(failure);
        return;
    }
    m_done = true;
    Q_EMIT finished(*batch);
}

void HttpEmbeddingRun::fail(ProviderFailure failure)
{
    if (m_done)
        return;
    m_done = true;
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }
    failure.providerId = m_providerId;
    Q_EMIT failed(failure);
}

} // namespace valis::embeddings
