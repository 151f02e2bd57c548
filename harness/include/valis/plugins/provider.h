#pragma once

#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <chrono>

class QObject;

namespace valis {

class ProviderStream;

/// Where and as whom a request goes. The host fills it in for every request (settings, the
/// environment, `--base-url`, the key from the OS keychain), so a Provider keeps no secrets and
/// one Provider serves several endpoints (two Ollama machines, OpenRouter and vLLM).
struct VALIS_HARNESS_EXPORT ProviderEndpoint
{
    /// The API root the provider appends its paths to: "https://api.anthropic.com" (the
    /// provider adds /v1/messages), "https://api.openai.com/v1", "http://localhost:11434/v1".
    QUrl baseUrl;
    /// The key, when the provider needs one; never logged, stored or exported.
    QString apiKey;
    /// Extra HTTP headers (an OpenRouter referer, an organisation id).
    QHash<QByteArray, QByteArray> headers;
    /// Give up when no byte arrives for this long (connect, first byte, between chunks).
    std::chrono::milliseconds idleTimeout{std::chrono::minutes(5)};
};

/// One request to a model, in the record's terms. The provider converts it to its wire format.
struct VALIS_HARNESS_EXPORT ProviderRequest
{
    QString model;            ///< The model id as the provider knows it.
    Message system;           ///< The system prompt (Role::System); no parts means none.
    QList<Message> messages;  ///< The view to send, already normalised by the context pipeline.
    QJsonArray tools;         ///< Tool definitions: objects {name, description, input_schema}.
    qint64 maxOutputTokens = -1; ///< -1: the provider's or model's default.
    /// Provider-specific request options (temperature, reasoning effort, ...), merged into the
    /// request body by name; a provider drops names its API would refuse.
    QJsonObject options;
    ProviderEndpoint endpoint;
    /// A stable key for the conversation (the session id), for providers that route prompt
    /// caching by key (OpenAI's prompt_cache_key). Empty: none.
    QString cacheKey;
    /// The index in `messages` of the last message of the history that no longer changes (the
    /// end of the previous turns), where a provider with explicit cache breakpoints (Anthropic)
    /// puts one; -1: none. The last message always gets one as well.
    int stableHistoryEnd = -1;
};

/// What a provider needs from the host's configuration, with the ecosystem's conventions.
struct VALIS_HARNESS_EXPORT ProviderDefaults
{
    QUrl baseUrl;                 ///< Used when neither settings, the environment nor --base-url say.
    /// The environment variable that overrides the base URL (ANTHROPIC_BASE_URL, OPENAI_BASE_URL,
    /// OLLAMA_HOST); empty for none. Its value may lack a scheme ("gpu-box:11434": http is assumed).
    QString baseUrlVariable;
    /// Added to the variable's address when it has no path: OLLAMA_HOST names the server, the
    /// OpenAI-compatible API is under "/v1". Empty: the address is used as given.
    QString baseUrlVariablePath;
    /// Environment variables holding a key, in order of preference (ANTHROPIC_API_KEY); the OS
    /// keychain comes first.
    QStringList apiKeyVariables;
    bool requiresApiKey = true;   ///< False for local servers (Ollama, llama.cpp).
    /// Where a person gets a key, for the error message of a refused one.
    QString apiKeyHelpUrl;
};

/// A model API (session-scoped): turns requests into streams of normalised ProviderEvents.
///
/// Owned by its ProviderPlugin; valid between the plugin's initialize() and shutdown(). It holds
/// no per-request state: each stream() call is independent, so one Provider serves many
/// sessions. Optional capabilities (token counting, model listing, ...) are separate small
/// interfaces a Provider may also implement, never methods here that throw "not implemented".
class VALIS_HARNESS_EXPORT Provider
{
public:
    virtual ~Provider();

    /// A stable id ("anthropic", "openai-responses"), unique across plugins.
    virtual QString id() const = 0;
    /// A person's name for listings.
    virtual QString displayName() const = 0;
    virtual ProviderDefaults defaults() const = 0;
    /// Starts `request` and returns the stream (parented to `parent`) that reports it. Never
    /// null: a request that cannot start fails through the stream's failed() signal.
    virtual ProviderStream *stream(const ProviderRequest &request, QObject *parent) = 0;
};

} // namespace valis
