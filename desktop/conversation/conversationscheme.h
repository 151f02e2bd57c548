#pragma once

#include <QWebEngineUrlSchemeHandler>

namespace valis {

/// The `valis:` scheme the conversation page is served from: the page, its script and style,
/// the front-end libraries (from npm at build time) and Qt's qwebchannel.js, all compiled into
/// the app. Nothing else answers on it, so the page has no way to reach the disk or the network.
class ConversationScheme : public QWebEngineUrlSchemeHandler
{
    Q_OBJECT

public:
    /// The scheme's name, "valis".
    static QByteArray name();
    /// The page's address, valis://conversation/index.html.
    static QUrl pageUrl();
    /// Registers the scheme with Qt WebEngine. Must run before the QApplication is created.
    static void registerScheme();

    using QWebEngineUrlSchemeHandler::QWebEngineUrlSchemeHandler;

    void requestStarted(QWebEngineUrlRequestJob *job) override;
};

} // namespace valis
