#include "modalconnection.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <thread>

namespace valis::sandboxes::modal {

namespace {

QString codeName(grpc::StatusCode code)
{
    switch (code) {
    case grpc::StatusCode::OK: return QStringLiteral("OK");
    case grpc::StatusCode::CANCELLED: return QStringLiteral("CANCELLED");
    case grpc::StatusCode::UNKNOWN: return QStringLiteral("UNKNOWN");
    case grpc::StatusCode::INVALID_ARGUMENT: return QStringLiteral("INVALID_ARGUMENT");
    case grpc::StatusCode::DEADLINE_EXCEEDED: return QStringLiteral("DEADLINE_EXCEEDED");
    case grpc::StatusCode::NOT_FOUND: return QStringLiteral("NOT_FOUND");
    case grpc::StatusCode::ALREADY_EXISTS: return QStringLiteral("ALREADY_EXISTS");
    case grpc::StatusCode::PERMISSION_DENIED: return QStringLiteral("PERMISSION_DENIED");
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return QStringLiteral("RESOURCE_EXHAUSTED");
    case grpc::StatusCode::FAILED_PRECONDITION: return QStringLiteral("FAILED_PRECONDITION");
    case grpc::StatusCode::ABORTED: return QStringLiteral("ABORTED");
    case grpc::StatusCode::OUT_OF_RANGE: return QStringLiteral("OUT_OF_RANGE");
    case grpc::StatusCode::UNIMPLEMENTED: return QStringLiteral("UNIMPLEMENTED");
    case grpc::StatusCode::INTERNAL: return QStringLiteral("INTERNAL");
    case grpc::StatusCode::UNAVAILABLE: return QStringLiteral("UNAVAILABLE");
    case grpc::StatusCode::DATA_LOSS: return QStringLiteral("DATA_LOSS");
    case grpc::StatusCode::UNAUTHENTICATED: return QStringLiteral("UNAUTHENTICATED");
    default: return QString::number(int(code));
    }
}

bool loopbackHost(const QString &host)
{
    return host == QLatin1String("127.0.0.1") || host == QLatin1String("localhost") || host == QLatin1String("::1");
}

// The `exp` claim of a JWT, to refresh it before it lapses; 0 when it has none.
qint64 jwtExpiry(const std::string &token)
{
    const QList<QByteArray> parts = QByteArray::fromStdString(token).split('.');
    if (parts.size() != 3)
        return 0;
    const QByteArray payload = QByteArray::fromBase64(parts.at(1), QByteArray::Base64UrlEncoding);
    return QJsonDocument::fromJson(payload).object().value(QStringLiteral("exp")).toInteger();
}

} // namespace

ModalConnection::ModalConnection(ModalEndpoint endpoint) : m_endpoint(std::move(endpoint))
{
    const QUrl url(m_endpoint.serverUrl);
    const bool plain = url.scheme() == QLatin1String("http");
    m_loopback = loopbackHost(url.host());
    m_host = url.host().toStdString();
    const std::string target = (url.host().contains(QLatin1Char(':')) ? "[" + m_host + "]" : m_host) + ":"
                               + std::to_string(url.port(plain ? 80 : 443));
    // Plain HTTP/2 only to this machine: tokens never leave it unencrypted.
    const auto credentials = plain && m_loopback ? grpc::InsecureChannelCredentials()
                                                 : grpc::SslCredentials(grpc::SslCredentialsOptions());
    grpc::ChannelArguments arguments;
    arguments.SetMaxReceiveMessageSize(100 * 1024 * 1024);
    m_channel = grpc::CreateCustomChannel(target, credentials, arguments);
    m_stub = ::modal::client::ModalClient::NewStub(m_channel);
}

std::shared_ptr<grpc::Channel> ModalConnection::routerChannel(const std::string &url) const
{
    const QUrl parsed(QString::fromStdString(url));
    const std::string host = parsed.host().toStdString();
    const std::string target = (parsed.host().contains(QLatin1Char(':')) ? "[" + host + "]" : host) + ":"
                               + std::to_string(parsed.port(443));
    // Modal's routers are https. Against a loopback control plane (a stand-in) the router is
    // dialled without TLS, as Modal's own SDKs do.
    const auto credentials = m_loopback && loopbackHost(parsed.host()) ? grpc::InsecureChannelCredentials()
                                                                       : grpc::SslCredentials(grpc::SslCredentialsOptions());
    grpc::ChannelArguments arguments;
    arguments.SetMaxReceiveMessageSize(100 * 1024 * 1024);
    return grpc::CreateCustomChannel(target, credentials, arguments);
}

bool ModalConnection::retryable(const grpc::Status &status)
{
    switch (status.error_code()) {
    case grpc::StatusCode::UNAVAILABLE:
    case grpc::StatusCode::INTERNAL:
    case grpc::StatusCode::UNKNOWN:
        return true;
    default:
        return false;
    }
}

void ModalConnection::backoff(int attempt)
{
    std::this_thread::sleep_for(std::chrono::milliseconds(100 << std::min(attempt, 4)));
}

void ModalConnection::addIdentity(grpc::ClientContext &context) const
{
    // The identity Modal's JavaScript SDK sends (client type 8 = libmodal JS, whose protocol
    // this client follows), with Valis named in the free-text version.
    context.AddMetadata("x-modal-client-type", "8");
    context.AddMetadata("x-modal-client-version", "1.0.0");
    context.AddMetadata("x-modal-libmodal-version", "valis");
    context.AddMetadata("x-modal-token-id", m_endpoint.tokenId.toStdString());
    context.AddMetadata("x-modal-token-secret", m_endpoint.tokenSecret.toStdString());
    context.AddMetadata("x-modal-host", m_host);
}

Result<std::string> ModalConnection::authToken()
{
    const std::lock_guard lock(m_tokenMutex);
    if (!m_token.empty() && std::chrono::system_clock::now() < m_tokenRefreshAt)
        return m_token;
    grpc::Status status;
    for (int attempt = 0;; ++attempt) {
        grpc::ClientContext context;
        addIdentity(context);
        context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
        ::modal::client::AuthTokenGetResponse response;
        status = m_stub->AuthTokenGet(&context, {}, &response);
        if (status.ok()) {
            m_token = response.token();
            const qint64 expiry = jwtExpiry(m_token);
            const auto now = std::chrono::system_clock::now();
            // Fetched again at half its life, or after 5 minutes when it says nothing.
            m_tokenRefreshAt = expiry > 0 ? now + (std::chrono::system_clock::from_time_t(expiry) - now) / 2
                                          : now + std::chrono::minutes(5);
            return m_token;
        }
        if (!retryable(status) || attempt >= 3)
            break;
        backoff(attempt);
    }
    return statusError(status, ModalText::tr("signing in"));
}

Result<void> ModalConnection::prepare(grpc::ClientContext &context, std::chrono::milliseconds timeout)
{
    if (m_endpoint.tokenId.isEmpty() || m_endpoint.tokenSecret.isEmpty())
        return Error(QStringLiteral("sandbox.remote-auth"),
                     ModalText::tr("Modal needs a token: set it with `valis-cli keys set modal-token-id` and "
                                   "`valis-cli keys set modal-token-secret`, or in MODAL_TOKEN_ID and MODAL_TOKEN_SECRET "
                                   "(create one with `modal token new` or on modal.com/settings/tokens)"));
    const Result<std::string> token = authToken();
    if (token.hasError())
        return token.error();
    addIdentity(context);
    context.AddMetadata("x-modal-auth-token", *token);
    context.set_deadline(std::chrono::system_clock::now() + timeout);
    return {};
}

Result<::modal::client::GenericResult> ModalConnection::joinImageBuild(const std::string &imageId,
                                                                      std::chrono::steady_clock::time_point deadline)
{
    std::string lastEntry;
    int failures = 0;
    while (std::chrono::steady_clock::now() < deadline) {
        grpc::ClientContext context;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        const Result<void> prepared = prepare(context, std::min<std::chrono::milliseconds>(left, std::chrono::seconds(60)));
        if (prepared.hasError())
            return prepared.error();
        ::modal::client::ImageJoinStreamingRequest request;
        request.set_image_id(imageId);
        request.set_timeout(55);
        request.set_last_entry_id(lastEntry);
        auto reader = m_stub->ImageJoinStreaming(&context, request);
        ::modal::client::ImageJoinStreamingResponse item;
        while (reader->Read(&item)) {
            if (!item.entry_id().empty())
                lastEntry = item.entry_id();
            if (item.has_result() && item.result().status() != ::modal::client::GENERIC_STATUS_UNSPECIFIED) {
                context.TryCancel();
                reader->Finish().ok();
                return item.result();
            }
        }
        const grpc::Status status = reader->Finish();
        if (status.ok() || status.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED)
            continue; // the build goes on: join it again
        if (!retryable(status) || ++failures > 3)
            return statusError(status, ModalText::tr("waiting for the image to build"));
        backoff(failures);
    }
    return Error(QStringLiteral("sandbox.remote-timeout"),
                 ModalText::tr("Modal did not finish building the image %1 in time").arg(QString::fromStdString(imageId)));
}

Error ModalConnection::statusError(const grpc::Status &status, const QString &what) const
{
    const QString message = QString::fromStdString(status.error_message());
    switch (status.error_code()) {
    case grpc::StatusCode::UNAUTHENTICATED:
    case grpc::StatusCode::PERMISSION_DENIED:
        return Error(QStringLiteral("sandbox.remote-auth"),
                     ModalText::tr("Modal refused the token while %1 (%2): check the token in MODAL_TOKEN_ID and "
                                   "MODAL_TOKEN_SECRET or the keychain accounts modal-token-id and modal-token-secret")
                         .arg(what, message));
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
        return Error(QStringLiteral("sandbox.remote-quota"),
                     ModalText::tr("Modal refused %1 for lack of quota or capacity: %2").arg(what, message));
    case grpc::StatusCode::NOT_FOUND:
        return Error(QStringLiteral("sandbox.remote-not-found"), ModalText::tr("Modal found nothing while %1: %2").arg(what, message));
    case grpc::StatusCode::UNAVAILABLE:
        return Error(QStringLiteral("sandbox.remote-http"),
                     ModalText::tr("Modal at %1 could not be reached while %2 (%3)").arg(m_endpoint.serverUrl, what, message));
    case grpc::StatusCode::DEADLINE_EXCEEDED:
        return Error(QStringLiteral("sandbox.remote-http"), ModalText::tr("Modal did not answer in time while %1").arg(what));
    default:
        return Error(QStringLiteral("sandbox.remote-http"),
                     ModalText::tr("Modal answered %1 while %2: %3").arg(codeName(status.error_code()), what, message));
    }
}

} // namespace valis::sandboxes::modal
