#pragma once

#include "valis/plugins/provider.h"

#include <QJsonObject>
#include <QNetworkRequest>

/// How a ProviderRequest becomes an OpenAI Responses API request (POST {baseUrl}/responses).
///
/// The body holds model; instructions (the system prompt's text); input
/// (wire::openairesponses::itemsToJson of the view, with every item's "id" removed: with
/// store: false the server keeps no items to refer to, and refuses ids it does not hold); tools
/// as {type: function, name, description, parameters, strict: false}; stream: true; store: false;
/// max_output_tokens when set; prompt_cache_key = ProviderRequest::cacheKey when set; include
/// ["reasoning.encrypted_content"] when the options ask for reasoning (so reasoning can be sent
/// back without server-side storage); and ProviderRequest::options merged in by name (they may
/// not replace model, instructions, input, tools, stream or store; an "include" of theirs is
/// kept and completed).
namespace valis::providers::openairesponses {

QJsonObject requestBody(const ProviderRequest &request);
/// The HTTP request: {endpoint.baseUrl}/responses, JSON and SSE headers, `Authorization:
/// Bearer` when the endpoint has a key, and the endpoint's extra headers.
QNetworkRequest httpRequest(const ProviderEndpoint &endpoint);

} // namespace valis::providers::openairesponses
