#include "responsesprovider.h"

#include "providerhttp.h"
#include "responsesdecoder.h"
#include "responsesrequest.h"
#include "valis/provider/httpssestream.h"

namespace valis::providers::openairesponses {

ProviderDefaults openAiDefaults()
{
    ProviderDefaults defaults;
    defaults.baseUrl = QUrl(QStringLiteral("https://api.openai.com/v1"));
    defaults.baseUrlVariable = QStringLiteral("OPENAI_BASE_URL");
    defaults.apiKeyVariables = {QStringLiteral("OPENAI_API_KEY")};
    defaults.requiresApiKey = true;
    defaults.apiKeyHelpUrl = QStringLiteral("https://platform.openai.com/api-keys");
    return defaults;
}

ResponsesProvider::ResponsesProvider(QNetworkAccessManager *network) : m_network(network) {}

QString ResponsesProvider::id() const
{
    return QStringLiteral("openai-responses");
}

QString ResponsesProvider::displayName() const
{
    return QStringLiteral("OpenAI (Responses)");
}

ProviderDefaults ResponsesProvider::defaults() const
{
    return openAiDefaults();
}

ProviderStream *ResponsesProvider::stream(const ProviderRequest &request, QObject *parent)
{
    if (std::optional<ProviderFailure> failure = checkEndpoint(id(), request.endpoint, KeyPolicy::Required))
        return HttpSseStream::failing(*failure, parent);
    if (!m_network)
        return HttpSseStream::failing(shutDownFailure(id()), parent);
    return new HttpSseStream(m_network, httpRequest(request.endpoint), ResponsesProvider::requestBody(request),
                             std::make_unique<ResponsesDecoder>(), id(), request.endpoint.idleTimeout, parent);
}

QByteArray ResponsesProvider::requestBody(const ProviderRequest &request) const
{
    return compactJson(openairesponses::requestBody(request));
}

} // namespace valis::providers::openairesponses
