#include "requestguard.h"

#include "conversationscheme.h"

#include <QMetaObject>

namespace valis {

void RequestGuard::interceptRequest(QWebEngineUrlRequestInfo &info)
{
    const QUrl url = info.requestUrl();
    const QString scheme = url.scheme();
    if (scheme == QLatin1String(ConversationScheme::name()) || scheme == QLatin1String("data"))
        return;
    info.block(true);
    {
        QMutexLocker locker(&m_mutex);
        m_blocked.append(url);
    }
    // Qt may call this off the GUI thread; the signal is queued to the guard's thread then.
    QMetaObject::invokeMethod(this, [this, url] { Q_EMIT requestBlocked(url); }, Qt::AutoConnection);
}

QList<QUrl> RequestGuard::blockedRequests() const
{
    QMutexLocker locker(&m_mutex);
    return m_blocked;
}

} // namespace valis
