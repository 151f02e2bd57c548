#pragma once

#include "chatrequest.h"
#include "valis/plugins/provider.h"
#include "valis/plugins/requestbodywriter.h"

#include <QNetworkAccessManager>
#include <QPointer>

#include <functional>

namespace valis::providers::openaichat {

/// Who a ChatProvider is: OpenAI's Chat Completions, or an OpenAI-compatible server.
struct ChatProviderConfig
{
    QString id;
    QString displayName;
    ProviderDefaults defaults;
    ChatDialect dialect;
    /// Rewrites the endpoint's base URL before use (the compatible provider's OLLAMA_HOST
    /// forms); none: used as given.
    std::function<QUrl(const QUrl &)> baseUrlRule;
};

/// A Provider speaking Chat Completions over SSE (HttpSseStream + ChatDecoder). Session-scoped
/// and stateless per request; uses, never owns, the plugin's QNetworkAccessManager, which must
/// outlive it. A request without a key when defaults().requiresApiKey fails with
/// missingKeyFailure(); a base URL that is not http(s) fails as a Transport failure.
class ChatProvider final : public Provider, public RequestBodyWriter
{
public:
    ChatProvider(ChatProviderConfig config, QNetworkAccessManager *network);

    QString id() const override { return m_config.id; }
    QString displayName() const override { return m_config.displayName; }
    ProviderDefaults defaults() const override { return m_config.defaults; }
    ProviderStream *stream(const ProviderRequest &request, QObject *parent) override;
    QByteArray requestBody(const ProviderRequest &request) const override;

private:
    ChatProviderConfig m_config;
    QPointer<QNetworkAccessManager> m_network;
};

} // namespace valis::providers::openaichat
