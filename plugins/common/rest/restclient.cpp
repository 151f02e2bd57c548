#include "restclient.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkCookieJar>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QThread>
#include <QTimer>

namespace valis::rest {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::rest::Client)
};

// Methods that change nothing when sent twice: only these are resent after a connection that
// dropped without an answer (a POST may have created a machine already).
bool idempotent(const QByteArray &method)
{
    return method == "GET" || method == "HEAD" || method == "DELETE" || method == "PUT" || method == "OPTIONS";
}

// Keeps no cookies: each request goes out as if from a fresh manager, whatever the earlier
// answers on this thread set.
class NoCookies : public QNetworkCookieJar
{
public:
    using QNetworkCookieJar::QNetworkCookieJar;
    bool setCookiesFromUrl(const QList<QNetworkCookie> &, const QUrl &) override { return false; }
};

// One manager per thread for the blocking send(), so its connections (and TLS sessions) are
// kept alive between calls instead of a new handshake per request. It is deleted with its
// thread, or with the application on the application's thread.
QNetworkAccessManager *managerOfThisThread()
{
    struct Holder
    {
        QPointer<QNetworkAccessManager> manager;
        ~Holder() { delete manager.data(); }
    };
    thread_local Holder holder;
    if (!holder.manager) {
        QCoreApplication *application = QCoreApplication::instance();
        const bool applicationThread = application && application->thread() == QThread::currentThread();
        holder.manager = new QNetworkAccessManager(applicationThread ? application : nullptr);
        holder.manager->setCookieJar(new NoCookies(holder.manager));
        if (QThread *thread = QThread::currentThread(); !applicationThread && thread) {
            // Before the thread's storage goes: the manager's own HTTP thread must be stopped
            // while Qt still knows this thread.
            QObject::connect(thread, &QThread::finished, holder.manager, &QObject::deleteLater, Qt::DirectConnection);
        }
    }
    return holder.manager;
}

void wait(std::chrono::milliseconds delay)
{
    QEventLoop loop;
    QTimer::singleShot(delay, &loop, &QEventLoop::quit);
    loop.exec();
}
} // namespace

Request Request::json(const QByteArray &method, const QString &path, const QJsonValue &body)
{
    Request request;
    request.method = method;
    request.path = path;
    if (body.isObject())
        request.body = QJsonDocument(body.toObject()).toJson(QJsonDocument::Compact);
    else if (body.isArray())
        request.body = QJsonDocument(body.toArray()).toJson(QJsonDocument::Compact);
    request.contentType = "application/json";
    return request;
}

QByteArray Response::header(const QByteArray &name) const
{
    for (const Header &header : headers) {
        if (header.first.compare(name, Qt::CaseInsensitive) == 0)
            return header.second;
    }
    return {};
}

QJsonValue Response::json() const
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError)
        return QJsonValue(QJsonValue::Undefined);
    if (document.isObject())
        return document.object();
    if (document.isArray())
        return document.array();
    return QJsonValue(QJsonValue::Undefined);
}

std::optional<std::chrono::milliseconds> Response::retryAfter() const
{
    bool ok = false;
    const QByteArray milliseconds = header("retry-after-ms").trimmed();
    if (!milliseconds.isEmpty()) {
        const double value = milliseconds.toDouble(&ok);
        if (ok && value >= 0)
            return std::chrono::milliseconds(qint64(value));
    }
    const QByteArray text = header("retry-after").trimmed();
    if (text.isEmpty())
        return std::nullopt;
    const double seconds = text.toDouble(&ok);
    if (ok && seconds >= 0)
        return std::chrono::milliseconds(qint64(seconds * 1000));
    const QDateTime when = QDateTime::fromString(QString::fromLatin1(text), Qt::RFC2822Date);
    if (!when.isValid())
        return std::nullopt;
    return std::chrono::milliseconds(qMax<qint64>(0, QDateTime::currentDateTimeUtc().msecsTo(when)));
}

Client::Client(QUrl baseUrl, QList<Header> defaultHeaders, ErrorMapper errors, RetryPolicy retry, QSet<int> retryStatuses)
    : m_baseUrl(std::move(baseUrl)), m_headers(std::move(defaultHeaders)), m_errors(std::move(errors)),
      m_retry(retry), m_retryStatuses(std::move(retryStatuses))
{
}

QNetworkRequest Client::networkRequest(const Request &request) const
{
    QUrl url = m_baseUrl;
    QString path = url.path();
    if (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    url.setPath(path + (request.path.startsWith(QLatin1Char('/')) || request.path.isEmpty() ? request.path
                                                                                             : QLatin1Char('/') + request.path));
    if (!request.query.isEmpty())
        url.setQuery(request.query);
    QNetworkRequest networkRequest(url);
    for (const Header &header : m_headers)
        networkRequest.setRawHeader(header.first, header.second);
    for (const Header &header : request.headers)
        networkRequest.setRawHeader(header.first, header.second);
    if (!request.contentType.isEmpty())
        networkRequest.setHeader(QNetworkRequest::ContentTypeHeader, request.contentType);
    if (!request.accept.isEmpty())
        networkRequest.setRawHeader("Accept", request.accept);
    networkRequest.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    networkRequest.setTransferTimeout(int(request.timeout.count()));
    return networkRequest;
}

QNetworkReply *Client::start(QNetworkAccessManager *manager, const Request &request) const
{
    const QNetworkRequest networkRequest = this->networkRequest(request);
    if (request.method == "GET")
        return manager->get(networkRequest);
    if (request.method == "DELETE" && request.body.isEmpty())
        return manager->deleteResource(networkRequest);
    return manager->sendCustomRequest(networkRequest, request.method, request.body);
}

QNetworkAccessManager *Client::threadManager()
{
    return managerOfThisThread();
}

Response Client::responseOf(QNetworkReply *reply)
{
    Response response;
    response.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    response.body = reply->readAll();
    for (const QNetworkReply::RawHeaderPair &pair : reply->rawHeaderPairs())
        response.headers.append({pair.first, pair.second});
    return response;
}

Error Client::errorFor(const Response &response) const
{
    if (m_errors)
        return m_errors(response);
    return Error(QStringLiteral("http.status"), Text::tr("%1 answered HTTP %2: %3")
                                                    .arg(m_baseUrl.host())
                                                    .arg(response.status)
                                                    .arg(QString::fromUtf8(response.body.left(300))));
}

Result<Response> Client::send(const Request &request) const
{
    QNetworkAccessManager *manager = managerOfThisThread();
    for (int attempt = 1;; ++attempt) {
        QPointer<QNetworkReply> reply = start(manager, request);
        QEventLoop loop;
        bool timedOut = false;
        QTimer deadline;
        deadline.setSingleShot(true);
        QObject::connect(&deadline, &QTimer::timeout, &loop, [&] {
            timedOut = true;
            if (reply)
                reply->abort();
        });
        QObject::connect(reply.data(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
        deadline.start(request.timeout);
        if (!reply->isFinished())
            loop.exec();
        const Response response = responseOf(reply);
        const QNetworkReply::NetworkError networkError = reply->error();
        const QString networkMessage = reply->errorString();
        delete reply;

        if (response.status == 0) {
            // No answer at all: the connection failed, dropped or timed out.
            const auto delay = idempotent(request.method) && !timedOut ? m_retry.delayBefore(attempt) : std::nullopt;
            if (delay && networkError != QNetworkReply::OperationCanceledError) {
                wait(*delay);
                continue;
            }
            if (timedOut || networkError == QNetworkReply::TimeoutError)
                return Error(QStringLiteral("http.timeout"),
                             Text::tr("%1 did not answer within %2 s").arg(m_baseUrl.host()).arg(request.timeout.count() / 1000.0));
            return Error(QStringLiteral("http.network"),
                         Text::tr("cannot reach %1: %2").arg(m_baseUrl.toString(QUrl::RemoveUserInfo), networkMessage));
        }
        if (response.status >= 200 && response.status < 300)
            return response;
        if (m_retryStatuses.contains(response.status)) {
            if (const auto delay = m_retry.delayBefore(attempt, response.retryAfter())) {
                wait(*delay);
                continue;
            }
        }
        return errorFor(response);
    }
}

} // namespace valis::rest
