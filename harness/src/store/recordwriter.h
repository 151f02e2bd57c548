#pragma once

#include "valis/core/result.h"
#include "valis/record/message.h"
#include "valis/record/session.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>

namespace valis::store {

class BlobStore;
class TranscriptIndex;

/// Writes sessions and messages into the record tables and the transcript index. It never opens
/// or closes a transaction: SessionStore wraps each public operation in exactly one, which is
/// what makes a message (or a whole import) all-or-nothing.
class RecordWriter
{
public:
    RecordWriter(const QSqlDatabase &db, BlobStore &blobs, TranscriptIndex &index);

    /// Inserts a session row and returns its row id.
    Result<qint64> insertSession(const SessionInfo &info);
    /// Where appending to a session continues: its row id, next seq and current turn.
    struct Position
    {
        qint64 sessionRow = -1;
        qint64 nextSeq = 0;
        int turn = 0;
    };
    Result<Position> position(const QString &sessionId);
    /// Appends `message` at `position` (advancing it) after moving inline images to the blob
    /// folder, assigning seq, turn and, when missing, id and createdAt.
    Result<void> appendMessage(Position &position, Message &message);
    Result<void> touchSession(qint64 sessionRow, const QDateTime &updatedAt);

private:
    Result<void> storeImages(QList<Part> &parts);
    QString toolNameForCall(qint64 sessionRow, const QString &callId);

    QSqlDatabase m_db;
    BlobStore &m_blobs;
    TranscriptIndex &m_index;
    QSqlQuery m_insertMessage;
    QSqlQuery m_insertPart;
    QSqlQuery m_findCall;
    QHash<QString, QString> m_recentCalls; ///< "session row/call id" -> tool, for results in the same batch.
};

} // namespace valis::store
