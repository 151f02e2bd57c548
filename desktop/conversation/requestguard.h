#pragma once

#include <QList>
#include <QMutex>
#include <QUrl>
#include <QWebEngineUrlRequestInterceptor>

namespace valis {

/// Lets the conversation page load only from the valis: scheme and blocks every other request
/// (http, https, file, ftp, ...), whatever asked for it. Blocked requests are kept so that a test,
/// or a curious user, can see that something tried.
class RequestGuard : public QWebEngineUrlRequestInterceptor
{
    Q_OBJECT

public:
    using QWebEngineUrlRequestInterceptor::QWebEngineUrlRequestInterceptor;

    void interceptRequest(QWebEngineUrlRequestInfo &info) override;

    /// Every request blocked so far, oldest first.
    QList<QUrl> blockedRequests() const;

Q_SIGNALS:
    void requestBlocked(const QUrl &url);

private:
    mutable QMutex m_mutex;
    QList<QUrl> m_blocked;
};

} // namespace valis
