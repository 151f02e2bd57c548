// The "openai" plugin: OpenAI's Chat Completions ("openai") and Responses ("openai-responses").
#include "chatprovider.h"
#include "responsesprovider.h"
#include "valis/plugins/providerplugin.h"

#include <QNetworkAccessManager>
#include <QObject>

#include <memory>

namespace valis::providers {

class OpenAiPlugin : public QObject, public ProviderPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_PROVIDER_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ProviderPlugin)

public:
    Result<void> initialize(const PluginContext &) override
    {
        m_network = std::make_unique<QNetworkAccessManager>();
        openaichat::ChatProviderConfig chat;
        chat.id = QStringLiteral("openai");
        chat.displayName = QStringLiteral("OpenAI (Chat Completions)");
        chat.defaults = openairesponses::openAiDefaults();
        chat.dialect = openaichat::openAiDialect();
        m_chat = std::make_unique<openaichat::ChatProvider>(chat, m_network.get());
        m_responses = std::make_unique<openairesponses::ResponsesProvider>(m_network.get());
        return success();
    }

    void shutdown() override
    {
        m_chat.reset();
        m_responses.reset();
        m_network.reset();
    }

    QList<Provider *> providers() const override
    {
        if (!m_chat)
            return {};
        return {m_chat.get(), m_responses.get()};
    }

private:
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<openaichat::ChatProvider> m_chat;
    std::unique_ptr<openairesponses::ResponsesProvider> m_responses;
};

} // namespace valis::providers

#include "openaiplugin.moc"
