#pragma once

#include "valis/plugins/provider.h"
#include "valis/plugins/providerfailure.h"
#include "valis/provider/sseparser.h"

#include <QByteArray>
#include <QJsonObject>
#include <QLatin1String>
#include <QList>
#include <QNetworkRequest>
#include <QUrl>

#include <initializer_list>
#include <optional>
#include <utility>

/// What every provider plugin does alike when it turns a ProviderRequest into an HTTP request.
/// Pure functions; no key ever reaches a log through them.
namespace valis::providers {

/// Whether a provider refuses to send a request without a key.
enum class KeyPolicy { Required, Optional };

/// `base` with `path` appended, exactly one '/' between them whatever either side ends or starts
/// with ("https://api.openai.com/v1/" + "chat/completions" and "https://api.openai.com/v1" +
/// "/chat/completions" are the same URL). The base's query, if any, is kept.
QUrl joinUrl(const QUrl &base, QStringView path);

/// Empty when `baseUrl` can be sent to (an absolute http or https URL with a host); otherwise the
/// failure that says why (Kind::Transport: the request never reached a server).
std::optional<ProviderFailure> checkBaseUrl(const QString &providerId, const QUrl &baseUrl);

/// The failure of a request that needs a key and has none. Kind::Http with status 401 and
/// errorType "missing_api_key", message "no API key": the same facts a server gives for a
/// refused key, so the one failure classifier reports it as an authentication problem that
/// names the provider and how to fix the key, and never retries it.
ProviderFailure missingKeyFailure(const QString &providerId);

/// A Protocol failure for an SSE event a decoder could not read: names the event and quotes the
/// start of its data (never more than 200 bytes), saying `what` was wrong.
ProviderFailure protocolFailure(const SseEvent &event, const QString &what);

/// The event's data (or `data`, when the decoder trimmed it) as a JSON object; std::nullopt,
/// with `failure` set to a protocolFailure() saying why, when it is not one.
std::optional<QJsonObject> eventObject(const SseEvent &event, const QByteArray &data, ProviderFailure *failure);

/// A StreamError failure: the provider reported an error inside a 2xx stream.
ProviderFailure streamErrorFailure(const QString &errorType, const QString &message);

/// An Interrupted failure: the connection closed before the stream's own end marker.
ProviderFailure interruptedFailure(const QString &what);

/// Empty when a request can go to `endpoint`; otherwise the failure of checkBaseUrl(), or
/// missingKeyFailure() when the key is required and the endpoint has none.
std::optional<ProviderFailure> checkEndpoint(const QString &providerId, const ProviderEndpoint &endpoint,
                                             KeyPolicy keyPolicy);

/// The failure of a request made after the plugin shut down (its network access is gone).
ProviderFailure shutDownFailure(const QString &providerId);

/// The body as compact JSON. QJsonObject keeps its keys sorted, so two equal requests give the
/// same bytes, which keeps the provider's prompt cache prefix stable between turns.
QByteArray compactJson(const QJsonObject &body);

/// Merges ProviderRequest::options into `body` by name, except the keys in `reserved` (the ones
/// the provider builds from the request itself: model, messages, tools, stream, ...), which an
/// option must not replace.
void mergeOptions(QJsonObject &body, const QJsonObject &options, std::initializer_list<QLatin1String> reserved);

/// HTTP headers as name/value pairs, in the order they are set.
using HeaderList = QList<std::pair<QByteArray, QByteArray>>;

/// "Authorization: Bearer <key>" when the endpoint has a key, else nothing (a local server).
HeaderList bearerAuthorization(const ProviderEndpoint &endpoint);

/// A POST request to `url` that sends JSON and accepts text/event-stream, with the provider's
/// own headers (authentication, API version) and then the endpoint's extra headers, which win
/// over the provider's when they name the same header (an anthropic-version pinned in settings).
QNetworkRequest sseRequest(const QUrl &url, const HeaderList &providerHeaders, const ProviderEndpoint &endpoint);

} // namespace valis::providers
