#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/provider.h"

#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QUrl>

#include <functional>
#include <optional>

namespace valis {

/// A person's settings for one provider (config/providers.json, under "providers.<id>").
struct VALIS_HARNESS_EXPORT ProviderSettingsEntry
{
    QUrl baseUrl;                             ///< empty: not set
    QString model;                            ///< the default model for this provider
    QHash<QByteArray, QByteArray> headers;
    std::optional<std::chrono::milliseconds> idleTimeout;
    /// Request options merged into every request body (temperature, thinking, reasoning, ...).
    QJsonObject options;
};

/// Provider endpoints and defaults, kept in the profile (never keys: those live in the OS
/// keychain):
///
///     {"version": 1, "defaultProvider": "anthropic",
///      "providers": {"openai-compatible": {"baseUrl": "http://gpu-box:11434/v1", "model": "qwen3:32b",
///                                          "headers": {"X-Team": "a"}, "idleTimeoutMs": 120000,
///                                          "options": {"temperature": 0.2}}},
///      "retry": {...RetryPolicy...}, "toolRetry": {...}, "toolSelector": {...}}
class VALIS_HARNESS_EXPORT ProviderSettings
{
public:
    /// A missing file is empty settings; a malformed one is an Error ("settings.malformed",
    /// location the path) so nothing is silently ignored.
    static Result<ProviderSettings> load(const QString &path);

    QString defaultProvider() const { return m_defaultProvider; }
    ProviderSettingsEntry entry(const QString &providerId) const { return m_entries.value(providerId); }
    QJsonObject retry() const { return m_retry; }
    QJsonObject toolRetry() const { return m_toolRetry; }
    QJsonObject toolSelector() const { return m_toolSelector; }

    void setEntry(const QString &providerId, const ProviderSettingsEntry &entry) { m_entries.insert(providerId, entry); }

private:
    QString m_defaultProvider;
    QHash<QString, ProviderSettingsEntry> m_entries;
    QJsonObject m_retry;
    QJsonObject m_toolRetry;
    QJsonObject m_toolSelector;
};

/// Reads an environment variable; injectable so tests need not change the process environment.
using EnvironmentLookup = std::function<QString(const QString &name)>;
VALIS_HARNESS_EXPORT EnvironmentLookup processEnvironment();

/// Where a provider's requests go, with the ecosystem's precedence: `commandLine` (--base-url),
/// then the provider's environment variable (ANTHROPIC_BASE_URL, OPENAI_BASE_URL, OLLAMA_HOST),
/// then the settings file, then the provider's default. Text without a scheme gets "http://"
/// and, without a port, the default address's port (OLLAMA_HOST=gpu-box means gpu-box:11434);
/// the listening address 0.0.0.0 means 127.0.0.1; a variable's address without a path gets
/// ProviderDefaults::baseUrlVariablePath ("/v1" for OLLAMA_HOST, which names the server, not its
/// OpenAI-compatible API). An address that is not http(s) is an Error ("provider.bad-base-url")
/// naming where it came from.
struct VALIS_HARNESS_EXPORT ResolvedBaseUrl
{
    QUrl url;
    QString source; ///< "--base-url", the variable's name, "settings" or "default"
};
VALIS_HARNESS_EXPORT Result<ResolvedBaseUrl> resolveBaseUrl(const ProviderDefaults &defaults,
                                                            const ProviderSettingsEntry &settings,
                                                            const QString &commandLine,
                                                            const EnvironmentLookup &environment);

} // namespace valis
