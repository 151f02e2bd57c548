#pragma once

#include "embeddingwire.h"

#include "valis/plugins/embeddingprovider.h"

#include <QPointer>

class QNetworkAccessManager;
class QNetworkReply;

namespace valis::embeddings {

/// One embedding request over HTTP: a JSON POST whose answer is read whole. Reports facts only
/// (ProviderFailure): a non-2xx status with the error body's type and message and the
/// retry-after headers (Http), no answer (Transport), an answer cut or a connection dropped
/// (Interrupted), silence past the endpoint's idle timeout (Timeout), an answer that cannot be
/// read (Protocol), cancel() (Cancelled).
class HttpEmbeddingRun : public EmbeddingRun
{
    Q_OBJECT

public:
    HttpEmbeddingRun(QNetworkAccessManager *network, EmbeddingWire wire, const QString &providerId,
                     const EmbeddingRequest &request, QObject *parent);
    ~HttpEmbeddingRun() override;
    void cancel() override;
    /// A run that fails with `failure` on the next event-loop turn.
    static EmbeddingRun *failing(const ProviderFailure &failure, QObject *parent);

private:
    void start(QNetworkAccessManager *network, const EmbeddingRequest &request);
    void replied();
    void fail(ProviderFailure failure);

    EmbeddingWire m_wire;
    QString m_providerId;
    qsizetype m_inputs = 0;
    QPointer<QNetworkReply> m_reply;
    bool m_cancelled = false;
    bool m_done = false;
};

} // namespace valis::embeddings
