#pragma once

#include "valis/plugins/provider.h"

#include <QJsonObject>
#include <QNetworkRequest>
#include <QString>

/// How a ProviderRequest becomes a Chat Completions request (POST {baseUrl}/chat/completions),
/// for OpenAI and for the servers that speak its wire (Ollama, llama.cpp, vLLM, LM Studio,
/// OpenRouter, DeepSeek, ...). The differences between those are a ChatDialect.
namespace valis::providers::openaichat {

/// What differs between OpenAI's own Chat Completions and an OpenAI-compatible server.
struct ChatDialect
{
    /// The body key for ProviderRequest::maxOutputTokens: OpenAI's "max_completion_tokens"
    /// (which its reasoning models require), or the older "max_tokens" every compatible
    /// server knows.
    QString maxTokensKey;
    /// Send ProviderRequest::cacheKey as prompt_cache_key (OpenAI only; other servers may refuse
    /// an unknown key).
    bool sendPromptCacheKey = false;
};

/// OpenAI's dialect: max_completion_tokens and prompt_cache_key.
ChatDialect openAiDialect();
/// The dialect of OpenAI-compatible servers: max_tokens, no prompt_cache_key.
ChatDialect compatibleDialect();

/// The request body: model; messages (the system prompt first, then
/// wire::openaichat::messagesToJson of the view with every Thinking part removed, because
/// compatible servers such as DeepSeek refuse reasoning_content in input, and messages left
/// empty by that dropped); tools as {type: function, function: {name, description, parameters}};
/// stream: true with stream_options.include_usage so the last chunk reports usage; the dialect's
/// max-tokens key when maxOutputTokens is set; prompt_cache_key when the dialect sends it and
/// cacheKey is set; ProviderRequest::options merged in by name (they may not replace model,
/// messages, tools or stream).
QJsonObject requestBody(const ProviderRequest &request, const ChatDialect &dialect);

/// The HTTP request: {endpoint.baseUrl}/chat/completions, JSON and SSE headers,
/// `Authorization: Bearer` when the endpoint has a key, and the endpoint's extra headers.
QNetworkRequest httpRequest(const ProviderEndpoint &endpoint);

} // namespace valis::providers::openaichat
