#include "valis/agent/connection.h"

#include "valis/agent/failureclassifier.h"
#include "valis/agent/session.h"
#include "valis/credentials/credentialstore.h"

#include <QTimer>

namespace valis {

void prepareConnection(const Provider &provider, const ProviderSettingsEntry &settings, const QString &baseUrlOverride,
                       CredentialStore *keys, const EnvironmentLookup &environment,
                       std::function<void(const Result<Connection> &)> done)
{
    const ProviderDefaults defaults = provider.defaults();
    const Result<ResolvedBaseUrl> baseUrl = resolveBaseUrl(defaults, settings, baseUrlOverride, environment);
    if (baseUrl.hasError()) {
        const Error error = baseUrl.error();
        QTimer::singleShot(0, [done, error] { done(error); });
        return;
    }
    Connection connection;
    connection.endpoint.baseUrl = baseUrl->url;
    connection.endpoint.headers = settings.headers;
    if (settings.idleTimeout)
        connection.endpoint.idleTimeout = *settings.idleTimeout;
    connection.baseUrlSource = baseUrl->source;

    FailureContext context;
    context.providerName = provider.displayName();
    context.providerId = provider.id();
    context.defaults = defaults;
    context.baseUrl = connection.endpoint.baseUrl.toString();

    resolveApiKey(keys, credentialAccount(provider.id()), defaults.apiKeyVariables,
                  [done, connection, context, defaults](const Result<ApiKey> &key) mutable {
                      if (key.hasError()) {
                          if (!defaults.requiresApiKey) {
                              done(connection); // a local server: no keychain, no problem
                              return;
                          }
                          Error error = key.error();
                          ProviderFailure missing;
                          missing.kind = ProviderFailure::Kind::Http;
                          missing.httpStatus = 401;
                          error.message = classifyProviderFailure(missing, context).error.message + QLatin1Char(' ')
                              + error.message;
                          done(error);
                          return;
                      }
                      if (key->isEmpty() && defaults.requiresApiKey) {
                          ProviderFailure missing;
                          missing.kind = ProviderFailure::Kind::Http;
                          missing.httpStatus = 401;
                          done(classifyProviderFailure(missing, context).error);
                          return;
                      }
                      connection.endpoint.apiKey = key->value;
                      connection.keySource = key->source;
                      done(connection);
                  });
}

void applyProviderSettings(const ProviderSettings &settings, const QString &providerId, SessionConfig *config)
{
    config->providerRetry = RetryPolicy::fromJson(settings.retry(), config->providerRetry);
    config->toolRetry = RetryPolicy::fromJson(settings.toolRetry(), config->toolRetry);
    config->toolSelector = ToolSelectorConfig::fromJson(settings.toolSelector(), config->toolSelector);
    const QJsonObject options = settings.entry(providerId).options;
    for (auto it = options.constBegin(); it != options.constEnd(); ++it)
        config->providerOptions.insert(it.key(), it.value());
}

} // namespace valis
