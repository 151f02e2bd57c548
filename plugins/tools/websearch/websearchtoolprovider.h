#pragma once

#include "websettings.h"

#include "valis/plugins/toolprovider.h"

namespace valis {
class CredentialStore;
}

namespace valis::websearch {

/// The "web-search" tool provider: `web_search`, on Tavily or Perplexity as config/web.json
/// says (WebSettings, read when the plugin starts). Reads the model's arguments, narrows its
/// domain lists by the settings' allow and deny lists, and starts a WebSearchInvocation.
class WebSearchToolProvider : public ToolProvider
{
public:
    /// `credentials` (the host's keychain) may be null: keys then come from the environment.
    WebSearchToolProvider(const web::WebSettings &settings, CredentialStore *credentials);

    QString id() const override { return QStringLiteral("web-search"); }
    QList<ToolSpec> tools() const override;
    ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                           QObject *parent) override;

    static ToolSpec spec(const web::WebSettings &settings);

private:
    web::WebSettings m_settings;
    CredentialStore *m_credentials = nullptr;
};

} // namespace valis::websearch
