#include "conversationpage.h"

#include "conversationscheme.h"

#include <QWebEngineSettings>

namespace valis {

ConversationPage::ConversationPage(QWebEngineProfile *profile, QObject *parent)
    : QWebEnginePage(profile, parent)
{
    QWebEngineSettings *s = settings();
    s->setAttribute(QWebEngineSettings::JavascriptCanOpenWindows, false);
    s->setAttribute(QWebEngineSettings::JavascriptCanAccessClipboard, false);
    s->setAttribute(QWebEngineSettings::JavascriptCanPaste, false);
    s->setAttribute(QWebEngineSettings::LocalContentCanAccessRemoteUrls, false);
    s->setAttribute(QWebEngineSettings::LocalContentCanAccessFileUrls, false);
    s->setAttribute(QWebEngineSettings::AllowRunningInsecureContent, false);
    s->setAttribute(QWebEngineSettings::AllowGeolocationOnInsecureOrigins, false);
    s->setAttribute(QWebEngineSettings::PluginsEnabled, false);
    s->setAttribute(QWebEngineSettings::PdfViewerEnabled, false);
    s->setAttribute(QWebEngineSettings::AutoLoadIconsForPage, false);
    s->setAttribute(QWebEngineSettings::HyperlinkAuditingEnabled, false);
    s->setAttribute(QWebEngineSettings::DnsPrefetchEnabled, false);
    s->setAttribute(QWebEngineSettings::ErrorPageEnabled, false);
    s->setAttribute(QWebEngineSettings::WebGLEnabled, false);
    s->setAttribute(QWebEngineSettings::NavigateOnDropEnabled, false);
    s->setAttribute(QWebEngineSettings::FocusOnNavigationEnabled, false);
    s->setUnknownUrlSchemePolicy(QWebEngineSettings::DisallowUnknownUrlSchemes);
}

bool ConversationPage::acceptNavigationRequest(const QUrl &url, NavigationType type, bool isMainFrame)
{
    // The app loads the page itself (a typed load); the page may never take itself elsewhere.
    if (isMainFrame && url == ConversationScheme::pageUrl()
        && (type == NavigationTypeTyped || type == NavigationTypeReload))
        return true;
    m_refused.append(url);
    Q_EMIT navigationRefused(url);
    return false;
}

QWebEnginePage *ConversationPage::createWindow(WebWindowType)
{
    return nullptr;
}

void ConversationPage::javaScriptConsoleMessage(JavaScriptConsoleMessageLevel level, const QString &message, int line,
                                                const QString &source)
{
    // Chromium reports content-visibility's own resize notifications this way; it is harmless.
    if (level == InfoMessageLevel || message == QLatin1String("ResizeObserver loop limit exceeded"))
        return;
    m_console.append(QStringLiteral("%1:%2: %3").arg(source).arg(line).arg(message));
}

} // namespace valis
