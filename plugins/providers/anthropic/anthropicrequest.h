#pragma once

#include "valis/plugins/provider.h"

#include <QJsonObject>
#include <QLatin1String>
#include <QNetworkRequest>

/// How a ProviderRequest becomes an Anthropic Messages API request (POST {baseUrl}/v1/messages).
///
/// The body holds model, max_tokens, system (text blocks), messages
/// (wire::anthropic::messagesToJson), tools (as given: {name, description, input_schema}),
/// stream: true, and ProviderRequest::options merged in by name (they may not replace model,
/// messages, system, tools or stream; "betas" goes to the anthropic-beta header instead). The
/// edits of a context_management option are sent with clear_thinking_* first, as the API asks.
///
/// Prompt caching: every cache_control the record carries is removed and at most four
/// {"type":"ephemeral"} breakpoints are placed: on the last tool, on the last system block, on
/// the last cacheable block of the message at ProviderRequest::stableHistoryEnd, and on the last
/// cacheable block of the last message (one breakpoint when those coincide). Thinking,
/// redacted_thinking and empty text blocks are never marked (the API refuses them). The record
/// may merge a message into its neighbour when converting (consecutive tool results become one
/// user message), so the stable breakpoint goes on the last block that came from the stable
/// message itself, never on blocks merged in after it: the prefix it marks is then the same
/// bytes in this request and the next.
namespace valis::providers::anthropic {

/// max_tokens when ProviderRequest::maxOutputTokens is -1: the API requires the field, and
/// 8192 is what every current Claude model accepts (the host sends the ModelCatalog's limit when
/// it knows it). With extended thinking in the options, max_tokens is raised to
/// budget_tokens + 8192 when the budget would not fit under it.
inline constexpr qint64 defaultMaxTokens = 8192;
/// The anthropic-version header this plugin's wire format follows.
inline constexpr QLatin1String apiVersion{"2023-06-01"};

/// The request body (see above).
QJsonObject requestBody(const ProviderRequest &request);
/// The anthropic-beta header value: the names `configured` holds (comma-separated, as an
/// endpoint's extra header says) followed by those of the request option "betas" (an array of
/// names, what server-side context strategies ask for), each once, in that order.
QByteArray betaHeader(const QByteArray &configured, const QJsonObject &options);
/// The HTTP request: {endpoint.baseUrl}/v1/messages, JSON and SSE headers, x-api-key,
/// anthropic-version, and the endpoint's extra headers, with its anthropic-beta merged with the
/// request's "betas" option (betaHeader()).
QNetworkRequest httpRequest(const ProviderEndpoint &endpoint, const QJsonObject &options = {});

} // namespace valis::providers::anthropic
