#pragma once

#include "valis/core/result.h"
#include "valis/record/message.h"

#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace valis {
class SessionStore;
}

namespace valis::tools::history {

/// The SessionStore at `path`, opened on the calling thread and kept for the next call on it:
/// a SessionStore belongs to the thread that opened it, and search_history runs on the worker
/// threads of its provider's pool. The store closes when its thread ends (the pool's idle
/// threads expire; the provider's destructor waits for them). A path that does not exist is an
/// error ("history.no-record"), never a new empty store.
Result<SessionStore *> storeOnThisThread(const QString &path);

/// One message of a session as the id lookup knows it.
struct MessageEntry
{
    QString id;
    qint64 seq = 0;
    int turn = 0;
    Role role = Role::User;
};

/// The message listings of the sessions of the stores this process reads (for naming ids like a
/// mistyped one), shared by all threads; an id itself is looked up through the store's index
/// (SessionStore::message()). Records are append-only, so what was learned about a session stays
/// true, and only messages appended since the last look are read again.
class MessageDirectory
{
public:
    using Cancelled = std::function<bool()>;

    /// Every message of the session, in order.
    static Result<QList<MessageEntry>> all(SessionStore &store, const QString &sessionId, const Cancelled &cancelled);
};

} // namespace valis::tools::history
