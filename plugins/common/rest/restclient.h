#pragma once

#include "valis/agent/retrypolicy.h"
#include "valis/core/result.h"

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QSet>
#include <QString>
#include <QUrl>
#include <QUrlQuery>

#include <chrono>
#include <functional>
#include <optional>
#include <utility>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;

namespace valis::rest {

using Header = std::pair<QByteArray, QByteArray>;

/// One HTTP request to a JSON service, relative to the Client's base URL.
struct Request
{
    QByteArray method = "GET";
    QString path;                 ///< appended to the base URL's path ("/sandbox/abc")
    QUrlQuery query;
    QByteArray body;
    QByteArray contentType;
    QByteArray accept = "application/json";
    QList<Header> headers;        ///< besides the Client's
    std::chrono::milliseconds timeout{60000};

    /// A request with `body` as its JSON body.
    static Request json(const QByteArray &method, const QString &path, const QJsonValue &body);
};

/// A response, whatever its status.
struct Response
{
    int status = 0;
    QByteArray body;
    QList<Header> headers;

    /// The header `name` (case-insensitive); empty when absent.
    QByteArray header(const QByteArray &name) const;
    /// The body as JSON; Undefined when it is not JSON.
    QJsonValue json() const;
    /// retry-after-ms, or Retry-After in seconds or as an HTTP date; nothing when absent.
    std::optional<std::chrono::milliseconds> retryAfter() const;
};

/// Turns a response that is not 2xx into the service's error (code and message).
using ErrorMapper = std::function<Error(const Response &)>;

/// A client for one JSON-over-HTTP service (a base URL, default headers such as the bearer
/// key, the service's error shape and retry rules).
///
/// send() blocks: it runs its own event loop, so call it from a worker thread, never from the
/// GUI thread. start() is the asynchronous single attempt, for streams and long polls.
class Client
{
public:
    Client(QUrl baseUrl, QList<Header> defaultHeaders, ErrorMapper errors,
           RetryPolicy retry = RetryPolicy{3, std::chrono::milliseconds(500), 2.0, std::chrono::milliseconds(8000),
                                           std::chrono::milliseconds(60000), 0.2},
           QSet<int> retryStatuses = {429, 502, 503, 504});

    QUrl baseUrl() const { return m_baseUrl; }
    /// Sends `request`, retrying the retry statuses and dropped connections as the RetryPolicy
    /// says (honouring retry-after), and returns the 2xx response or the mapped error. A
    /// network failure is "http.network" naming the host; a timeout "http.timeout".
    Result<Response> send(const Request &request) const;
    /// One attempt on `manager`'s thread; the caller reads and deletes the reply.
    QNetworkReply *start(QNetworkAccessManager *manager, const Request &request) const;
    /// The calling thread's manager, the one send() uses (deleted with the thread). Short
    /// asynchronous requests share it to reuse its connections (no new TLS handshake); requests
    /// held open for long (streams, long polls) need a manager of their own, as HTTP/1.1 allows
    /// only six connections per host and manager. It keeps no cookies.
    static QNetworkAccessManager *threadManager();
    QNetworkRequest networkRequest(const Request &request) const;
    /// The mapped error of `response` (not 2xx).
    Error errorFor(const Response &response) const;
    /// The Response of a finished reply (status, body, headers).
    static Response responseOf(QNetworkReply *reply);

private:
    QUrl m_baseUrl;
    QList<Header> m_headers;
    ErrorMapper m_errors;
    RetryPolicy m_retry;
    QSet<int> m_retryStatuses;
};

} // namespace valis::rest
