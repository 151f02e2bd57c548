#pragma once

#include "valis/core/result.h"
#include "valis/record/message.h"
#include "valis/record/session.h"

#include <QObject>
#include <QString>

#include <memory>

namespace valis {

class SessionStore;

/// Owns a SessionStore on a worker thread so the window never waits on the disk. Requests are
/// slots invoked across threads (queued); answers come back as signals carrying values, with
/// failures as valis::Error.
class StoreWorker : public QObject
{
    Q_OBJECT

public:
    StoreWorker(QString databasePath, QString blobDir);
    ~StoreWorker() override;

public Q_SLOTS:
    void listSessions();
    void loadMessages(const QString &sessionId);

Q_SIGNALS:
    void sessionsListed(const QList<valis::SessionInfo> &sessions);
    void messagesLoaded(const QString &sessionId, const QList<valis::Message> &messages);
    void failed(const valis::Error &error);

private:
    SessionStore *store();

    QString m_databasePath;
    QString m_blobDir;
    std::unique_ptr<SessionStore> m_store;
};

} // namespace valis

Q_DECLARE_METATYPE(valis::Error)
Q_DECLARE_METATYPE(valis::SessionInfo)
Q_DECLARE_METATYPE(valis::Message)
