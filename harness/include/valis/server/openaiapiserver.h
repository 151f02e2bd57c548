#pragma once

#include "valis/agent/session.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/server/apiprofiles.h"

#include <QHostAddress>
#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>

namespace valis {

struct HttpRequest;
class HttpResponder;
class SessionStore;
class ToolProvider;

/// What the OpenAI-compatible API serves and who may call it.
struct VALIS_HARNESS_EXPORT ApiServerOptions
{
    QString token;                 ///< the bearer token every request must carry
    QStringList allowedOrigins;    ///< browser origins allowed besides loopback ones
    qint64 maxBodyBytes = 16 * 1024 * 1024; ///< larger request bodies get 413
    ApiProfiles profiles;          ///< the models it serves (GET /v1/models)
    QStringList providers;         ///< provider ids a "provider/model" name may use
    /// Builds the session settings of a profile (provider, endpoint and key, catalogue, context
    /// strategies and their settings, memory); called once per profile, on first use.
    std::function<Result<SessionConfig>(const ApiProfile &)> configure;
    SessionStore *store = nullptr; ///< where served conversations are recorded
    /// Valis's own tools the served model may call besides the client's (the retrieval of what
    /// the context strategies and the memory moved out: retrieve_memory, search_memory,
    /// read_file of /context/), limited to `ownToolNames`. Valis runs them inside the turn;
    /// the client never sees them or their calls.
    QList<ToolProvider *> ownTools;
    QStringList ownToolNames;
    /// Told of every Warning and Error a served session reports (a summary that failed, an
    /// upstream error), for the operator's log; nullptr: nobody.
    std::function<void(const QString &sessionId, const SessionEvent &event)> onProblem;
};

/// The OpenAI-compatible API (`valis-cli serve`): GET /v1/models, POST /v1/chat/completions
/// and POST /v1/responses, streamed (SSE) or not, over an HttpServer.
///
/// Managed context: each conversation is a Valis session. A client sends its whole history
/// every time; the server matches it to its session (a session key the client names, else a
/// hash of the system prompt and the first user message; see apiserver::planAppend), appends
/// only what is new, and the session sends the provider the view its context pipeline builds.
/// The request's tools are offered to the model as client tools: when the model calls them the
/// calls go back to the client, whose next request carries the results. A client that goes away
/// mid-answer interrupts the turn (the partial answer is recorded as an interrupt leaves it).
///
/// Errors have OpenAI's shape {"error": {"message", "type", "code", "param"}}: 400
/// invalid_request_error, 401 (no or wrong bearer token), 403 (a browser page of another
/// origin), 404 model_not_found or unknown path, 409 conversation_busy, 413 (body too large),
/// and the provider's 429 / 5xx after the session's retries. Lives in one thread.
class VALIS_HARNESS_EXPORT OpenAiApiServer : public QObject
{
    Q_OBJECT

public:
    explicit OpenAiApiServer(ApiServerOptions options, QObject *parent = nullptr);
    ~OpenAiApiServer() override;

    /// Listens on `address`:`port` (0: a free port).
    Result<void> listen(const QHostAddress &address, quint16 port);
    /// "http://127.0.0.1:8787" (no /v1).
    QString baseUrl() const;
    /// Answers one request (what the HttpServer calls).
    void handle(const HttpRequest &request, HttpResponder *responder);

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace valis
