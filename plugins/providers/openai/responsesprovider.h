#pragma once

#include "valis/plugins/provider.h"
#include "valis/plugins/requestbodywriter.h"

#include <QNetworkAccessManager>
#include <QPointer>

namespace valis::providers::openairesponses {

/// The "openai-responses" Provider: OpenAI's Responses API over SSE (HttpSseStream +
/// ResponsesDecoder). Session-scoped and stateless per request; uses, never owns, the plugin's
/// QNetworkAccessManager. Defaults: https://api.openai.com/v1, OPENAI_BASE_URL, OPENAI_API_KEY.
class ResponsesProvider final : public Provider, public RequestBodyWriter
{
public:
    explicit ResponsesProvider(QNetworkAccessManager *network);

    QString id() const override;
    QString displayName() const override;
    ProviderDefaults defaults() const override;
    ProviderStream *stream(const ProviderRequest &request, QObject *parent) override;
    QByteArray requestBody(const ProviderRequest &request) const override;

private:
    QPointer<QNetworkAccessManager> m_network;
};

/// The defaults OpenAI's two APIs share.
ProviderDefaults openAiDefaults();

} // namespace valis::providers::openairesponses
