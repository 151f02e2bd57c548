// A provider plugin whose provider "echo" answers with the text of the last message.
#include "testpluginlog.h"
#include "valis/plugins/provider.h"
#include "valis/plugins/providerplugin.h"
#include "valis/plugins/providerstream.h"

#include <QObject>

#include <memory>
#include <QTimer>

namespace valis_test {

class EchoStream : public valis::ProviderStream
{
    Q_OBJECT

public:
    EchoStream(const valis::ProviderRequest &request, QObject *parent) : valis::ProviderStream(parent)
    {
        const QString text = request.messages.isEmpty() ? QString() : request.messages.constLast().text();
        QTimer::singleShot(0, this, [this, text] {
            if (m_done)
                return;
            m_done = true;
            Q_EMIT eventReceived(valis::ProviderEvent::makeTextDelta(QStringLiteral("echo: ")));
            Q_EMIT eventReceived(valis::ProviderEvent::makeTextDelta(text));
            valis::Usage usage;
            usage.inputTokens = text.size();
            usage.outputTokens = text.size() + 6;
            Q_EMIT eventReceived(valis::ProviderEvent::makeUsageReported(usage));
            Q_EMIT eventReceived(valis::ProviderEvent::makeStopped(QStringLiteral("end_turn")));
            Q_EMIT finished();
        });
    }

    void cancel() override
    {
        if (m_done)
            return;
        m_done = true;
        valis::ProviderFailure failure;
        failure.kind = valis::ProviderFailure::Kind::Cancelled;
        failure.providerId = QStringLiteral("echo");
        Q_EMIT failed(failure);
    }

private:
    bool m_done = false;
};

class EchoProvider : public valis::Provider
{
public:
    QString id() const override { return QStringLiteral("echo"); }
    QString displayName() const override { return QStringLiteral("Echo"); }
    valis::ProviderDefaults defaults() const override
    {
        valis::ProviderDefaults defaults;
        defaults.requiresApiKey = false;
        return defaults;
    }
    valis::ProviderStream *stream(const valis::ProviderRequest &request, QObject *parent) override
    {
        return new EchoStream(request, parent);
    }
};

class GoodProviderPlugin : public QObject, public valis::ProviderPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_PROVIDER_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ProviderPlugin)

public:
    valis::Result<void> initialize(const valis::PluginContext &context) override
    {
        m_settings = context.settings;
        appendToLog(m_settings, QStringLiteral("initialize ") + context.pluginId);
        return valis::success();
    }
    void shutdown() override { appendToLog(m_settings, QStringLiteral("shutdown good_provider")); }
    QList<valis::Provider *> providers() const override { return {m_provider.get()}; }

private:
    QJsonObject m_settings;
    std::unique_ptr<EchoProvider> m_provider = std::make_unique<EchoProvider>();
};

} // namespace valis_test

#include "goodprovider.moc"
