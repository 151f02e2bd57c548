#pragma once

#include "valis/core/result.h"
#include "valis/record/message.h"
#include "valis/record/session.h"
#include "valis/store/sessionstore.h"

#include <QSqlDatabase>
#include <QStringList>

namespace valis::store {

/// Reads sessions and messages back from the record tables, rebuilding Parts from their rows.
class RecordReader
{
public:
    explicit RecordReader(const QSqlDatabase &db);

    Result<SessionInfo> session(const QString &sessionId) const;
    Result<QList<SessionInfo>> sessions(const SessionFilter &filter) const;
    Result<QStringList> messageIds(const QString &sessionId) const;
    Result<QList<Message>> messages(const QString &sessionId, qint64 from, qint64 count) const;
    Result<std::optional<Message>> message(const QString &sessionId, const QString &messageId) const;
    Result<QList<MessageLocation>> locateMessage(const QString &messageId) const;
    Result<QList<Message>> outline(const QString &sessionId) const;
    Result<QList<TurnInfo>> turns(const QString &sessionId) const;
    Result<qint64> messageCount(const QString &sessionId) const;
    Result<QList<PartTokenCount>> tokenCounts(const QString &sessionId, const QString &family) const;

private:
    QSqlDatabase m_db;
};

} // namespace valis::store
