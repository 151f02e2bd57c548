#pragma once

#include "searchtypes.h"

#include "valis/core/result.h"

#include <QByteArray>
#include <QJsonObject>

namespace valis::rest {
struct Response;
}

namespace valis::websearch::tavily {

/// The body of Tavily's POST /search for `query` (the answer asked for, raw content as
/// Markdown when the model wants it, the domain lists and time range passed through).
QJsonObject requestBody(const SearchQuery &query);
/// The results of a 2xx answer; an Error ("web_search.protocol") when it is not Tavily's shape.
/// response_time is read as a number or a string: the service sends both.
Result<SearchOutcome> parseResponse(const QByteArray &body, const SearchQuery &query);
/// What a non-2xx answer means ({"detail": {"error": ...}}): 401 the key (naming where it came
/// from), 429 the rate limit (retryable, with Retry-After), 432 the plan's limit, 433 the
/// pay-as-you-go limit, 5xx the service (retryable).
SearchFailure failureFor(const rest::Response &response, const QString &keySource);

} // namespace valis::websearch::tavily
