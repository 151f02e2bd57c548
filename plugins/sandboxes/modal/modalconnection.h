#pragma once

#include "modal_api_minimal.grpc.pb.h"

#include "valis/core/result.h"

#include <grpcpp/grpcpp.h>

#include <QCoreApplication>
#include <QString>

#include <chrono>
#include <memory>
#include <mutex>
#include <string>

namespace valis::sandboxes::modal {

/// Where Modal's control plane is and who calls it.
struct ModalEndpoint
{
    QString serverUrl;   ///< "https://api.modal.com:443"; http:// only for a loopback stand-in
    QString tokenId;
    QString tokenSecret;
};

/// One connection to Modal's control plane (modal.client.ModalClient over gRPC): the channel,
/// the credentials every call carries (the token pair and the short-lived JWT AuthTokenGet
/// gives), retries of transient failures, and the one place gRPC statuses become Valis errors.
///
/// Blocking; thread-safe (calls may run on several worker threads at once).
class ModalConnection
{
public:
    explicit ModalConnection(ModalEndpoint endpoint);

    const ModalEndpoint &endpoint() const { return m_endpoint; }
    /// The server is this machine (a stand-in): plain HTTP/2 is allowed, to the command router too.
    bool isLoopback() const { return m_loopback; }

    /// Calls `method` with the credentials, retrying UNAVAILABLE/INTERNAL/UNKNOWN a few times.
    /// `what` says what was being done, for the error message ("creating the sandbox").
    template<typename Request, typename Response>
    Result<Response> call(grpc::Status (::modal::client::ModalClient::Stub::*method)(grpc::ClientContext *, const Request &, Response *),
                          const Request &request, std::chrono::milliseconds timeout, const QString &what)
    {
        grpc::Status status;
        for (int attempt = 0;; ++attempt) {
            grpc::ClientContext context;
            const Result<void> prepared = prepare(context, timeout);
            if (prepared.hasError())
                return prepared.error();
            Response response;
            status = ((*m_stub).*method)(&context, request, &response);
            if (status.ok())
                return response;
            if (!retryable(status) || attempt >= 3)
                break;
            backoff(attempt);
        }
        return statusError(status, what);
    }

    /// Streams ImageJoinStreaming until the build has a result; `deadline` bounds it.
    Result<::modal::client::GenericResult> joinImageBuild(const std::string &imageId,
                                                          std::chrono::steady_clock::time_point deadline);

    /// The Valis error for a failed call: auth, quota, not found, or the status and Modal's
    /// message.
    Error statusError(const grpc::Status &status, const QString &what) const;
    /// The channel to a command router (`url` from TaskGetCommandRouterAccess).
    std::shared_ptr<grpc::Channel> routerChannel(const std::string &url) const;

    static bool retryable(const grpc::Status &status);
    static void backoff(int attempt);

private:
    Result<void> prepare(grpc::ClientContext &context, std::chrono::milliseconds timeout);
    Result<std::string> authToken();
    void addIdentity(grpc::ClientContext &context) const;

    ModalEndpoint m_endpoint;
    bool m_loopback = false;
    std::string m_host;
    std::shared_ptr<grpc::Channel> m_channel;
    std::unique_ptr<::modal::client::ModalClient::Stub> m_stub;
    std::mutex m_tokenMutex;
    std::string m_token;
    std::chrono::system_clock::time_point m_tokenRefreshAt;
};

/// The translation context of the Modal sandbox's messages.
struct ModalText
{
    Q_DECLARE_TR_FUNCTIONS(valis::sandboxes::Modal)
};

} // namespace valis::sandboxes::modal
