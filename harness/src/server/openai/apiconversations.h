#pragma once

// The served conversations: which Valis session each one is, opened on demand and kept open
// while in use.
#include "valis/agent/approvalpolicy.h"
#include "valis/agent/session.h"
#include "valis/agent/toolregistry.h"
#include "valis/server/apiconversation.h"
#include "valis/server/apiprofiles.h"

#include <QHash>
#include <QSet>
#include <QStringList>

#include <functional>
#include <map>
#include <memory>

namespace valis {

class SessionStore;

namespace apiserver {

/// Keeps the index conversation key -> session ids (read from the sessions' metadata
/// {"api": {"key", "profile"}} once, then kept up to date) and up to `maxOpen` open Sessions.
/// Lives in the server's thread.
class ApiConversations
{
public:
    using Configure = std::function<Result<SessionConfig>(const ApiProfile &)>;
    using Problem = std::function<void(const QString &sessionId, const SessionEvent &event)>;
    /// `ownTools` (with `ownToolNames`, the pack): Valis's tools the served model may call, run
    /// inside the turn and never shown to the client.
    ApiConversations(SessionStore *store, Configure configure, Problem onProblem = {}, int maxOpen = 32,
                     const QList<ToolProvider *> &ownTools = {}, const QStringList &ownToolNames = {});
    ~ApiConversations();

    struct Match
    {
        Session *session = nullptr;
        QList<Message> newMessages;
    };
    /// The session `clientMessages` continues (the one among those of `key` whose record they
    /// extend furthest), opened with `profile`; else a new one. `system` is the client's system
    /// prompt (the session sends it as its own).
    Result<Match> find(const ApiProfile &profile, const QString &key, const QString &system,
                       const QList<Message> &clientMessages);

    /// The names of the own tools sessions offer.
    QSet<QString> ownToolNames() const;
    /// A session whose request is being prepared (its client's results captured) counts as busy.
    bool isPreparing(const Session *session) const { return m_preparing.contains(session); }
    void setPreparing(const Session *session, bool preparing);
    /// Tells the server's owner about a problem of `session` outside its own events (a client
    /// result that could not be stored and goes upstream as it came).
    void reportWarning(const Session *session, const Error &error) const;

private:
    Result<Session *> open(const QString &id, const ApiProfile &profile, const QString &system, const QString &key);
    Result<SessionConfig> configFor(const ApiProfile &profile);
    void loadIndex();
    void closeIdle();

    SessionStore *m_store;
    Configure m_configure;
    Problem m_onProblem;
    int m_maxOpen;
    bool m_indexed = false;
    QHash<QString, QStringList> m_byKey; ///< key -> session ids, newest first
    QHash<QString, SessionConfig> m_configs; ///< profile name -> config
    struct Open
    {
        std::unique_ptr<Session> session;
        QString profile;
        quint64 used = 0;
    };
    std::map<QString, Open> m_open;
    quint64 m_clock = 0;
    ToolRegistry m_tools;         ///< Valis's own tools (retrieval); the client runs the others
    QSet<const Session *> m_preparing;
    ApprovalPolicy m_approvals;
};

} // namespace apiserver
} // namespace valis
