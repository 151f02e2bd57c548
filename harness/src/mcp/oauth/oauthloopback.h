#pragma once

#include "valis/core/result.h"

#include <QObject>
#include <QString>
#include <QUrl>
#include <QUrlQuery>

#include <functional>

class QTcpServer;
class QTcpSocket;

namespace valis::oauth {

/// The redirect target of a browser sign-in (RFC 8252 §7.3): a listener on 127.0.0.1 that waits
/// for the authorization server to send the browser to http://127.0.0.1:<port>/callback, hands
/// the query (code, state, or error) to `onCallback` once, and shows the browser a short page
/// saying whether it may be closed. Other paths (a browser's favicon request) get 404.
class LoopbackReceiver : public QObject
{
public:
    explicit LoopbackReceiver(QObject *parent = nullptr);
    ~LoopbackReceiver() override;

    /// Listens on `preferredPort` when it is free (a registration names it), else on any port.
    /// Returns the redirect URI.
    Result<QUrl> listen(quint16 preferredPort);
    void close();

    /// Called with the callback's query; the page it serves says `outcome(query)` (a short
    /// sentence; empty: "you can close this window").
    std::function<void(const QUrlQuery &query)> onCallback;
    std::function<QString(const QUrlQuery &query)> outcome;

private:
    void serve(QTcpSocket *socket);

    QTcpServer *m_server = nullptr;
    bool m_done = false;
};

} // namespace valis::oauth
