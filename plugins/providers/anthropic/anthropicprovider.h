#pragma once

#include "valis/plugins/provider.h"
#include "valis/plugins/requestbodywriter.h"

#include <QNetworkAccessManager>
#include <QPointer>

namespace valis::providers::anthropic {

/// The "anthropic" Provider: the Messages API over SSE (HttpSseStream + AnthropicDecoder).
/// Session-scoped and stateless per request; uses, never owns, the plugin's
/// QNetworkAccessManager. Defaults: https://api.anthropic.com, ANTHROPIC_BASE_URL,
/// ANTHROPIC_API_KEY (a key is required).
class AnthropicProvider final : public Provider, public RequestBodyWriter
{
public:
    explicit AnthropicProvider(QNetworkAccessManager *network);

    QString id() const override;
    QString displayName() const override;
    ProviderDefaults defaults() const override;
    ProviderStream *stream(const ProviderRequest &request, QObject *parent) override;
    QByteArray requestBody(const ProviderRequest &request) const override;

private:
    QPointer<QNetworkAccessManager> m_network;
};

} // namespace valis::providers::anthropic
