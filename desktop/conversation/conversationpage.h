#pragma once

#include <QList>
#include <QStringList>
#include <QUrl>
#include <QWebEnginePage>

namespace valis {

/// The conversation's web page: it shows valis://conversation/index.html and nothing else. Every
/// navigation away (a link, a script, a meta refresh, a form) is refused and kept; no window is
/// ever opened. Links reach the app through the ConversationBridge instead.
class ConversationPage : public QWebEnginePage
{
    Q_OBJECT

public:
    explicit ConversationPage(QWebEngineProfile *profile, QObject *parent = nullptr);

    /// Navigations refused so far, oldest first.
    QList<QUrl> refusedNavigations() const { return m_refused; }
    /// Messages the page's scripts wrote to the console at warning level or above.
    QStringList consoleProblems() const { return m_console; }

Q_SIGNALS:
    void navigationRefused(const QUrl &url);

protected:
    bool acceptNavigationRequest(const QUrl &url, NavigationType type, bool isMainFrame) override;
    QWebEnginePage *createWindow(WebWindowType type) override;
    void javaScriptConsoleMessage(JavaScriptConsoleMessageLevel level, const QString &message, int line,
                                  const QString &source) override;

private:
    QList<QUrl> m_refused;
    QStringList m_console;
};

} // namespace valis
