// The "openai" plugin: OpenAI's Chat Completions ("openai") and Responses ("openai-responses").
#include "chatprovider.h"
#include "responsesprovider.h"
#include "networkproviderplugin.h"

#include <QObject>

#include <memory>

namespace valis::providers {

class OpenAiPlugin : public QObject, public NetworkProviderPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_PROVIDER_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ProviderPlugin)

protected:
    std::vector<std::unique_ptr<Provider>> createProviders(QNetworkAccessManager *network) override
    {
        openaichat::ChatProviderConfig chat;
        chat.id = QStringLiteral("openai");
        chat.displayName = QStringLiteral("OpenAI (Chat Completions)");
        chat.defaults = openairesponses::openAiDefaults();
        chat.dialect = openaichat::openAiDialect();
        std::vector<std::unique_ptr<Provider>> providers;
        providers.push_back(std::make_unique<openaichat::ChatProvider>(chat, network));
        providers.push_back(std::make_unique<openairesponses::ResponsesProvider>(network));
        return providers;
    }
};

} // namespace valis::providers

#include "openaiplugin.moc"
