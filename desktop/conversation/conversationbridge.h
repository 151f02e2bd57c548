#pragma once

#include <QObject>
#include <QSet>
#include <QUrl>
#include <QVariantMap>

namespace valis {

/// The only object the conversation page can reach (as `valis` over the QWebChannel). Its
/// signals carry what the page shows, as JSON; its invokable methods are the few things the page
/// may ask for, each checked here: copy a text, open a link (the app asks the user first), load
/// earlier messages, open a full result or a saved transcript, decide an approval.
class ConversationBridge : public QObject
{
    Q_OBJECT
    /// The page's words, translated by the app.
    Q_PROPERTY(QVariantMap strings READ strings CONSTANT)
    /// "light" or "dark": the app's palette, which the page follows (the system's, or the
    /// person's choice in Settings > Appearance).
    Q_PROPERTY(QString theme READ theme NOTIFY themeChanged)

public:
    explicit ConversationBridge(QObject *parent = nullptr);

    QVariantMap strings() const { return m_strings; }
    QString theme() const { return m_theme; }
    void setTheme(const QString &theme);

    /// Approvals the page may decide; a decision for any other id is refused.
    void expectApproval(const QString &id) { m_pendingApprovals.insert(id); }
    /// Messages the page may ask to edit or switch to (those it was sent, and their
    /// alternatives); any other id is refused.
    void expectMessage(const QString &id) { m_messages.insert(id); }
    /// Messages the page may offer "Fork from here" on; any other id is refused.
    void expectForkPoint(const QString &id) { m_forkPoints.insert(id); }
    /// Answers the page may offer "What did the model see?" on; any other id is refused.
    void expectAnswer(const QString &id) { m_answers.insert(id); }
    void forgetMessages()
    {
        m_messages.clear();
        m_forkPoints.clear();
        m_answers.clear();
    }

    /// What the page asked for that was refused ("openLink javascript:...").
    QStringList refusals() const { return m_refusals; }
    /// The page's latest rendered() count.
    int renderedCount() const { return m_rendered; }

    // Called by the page.
    Q_INVOKABLE void ready();
    Q_INVOKABLE void rendered(int count);
    Q_INVOKABLE void copyText(const QString &text);
    Q_INVOKABLE void openLink(const QString &href);
    Q_INVOKABLE void loadEarlier();
    Q_INVOKABLE void loadLater();
    Q_INVOKABLE void openFull(const QString &messageId, const QString &callId);
    Q_INVOKABLE void openTranscript(const QString &path);
    Q_INVOKABLE void openMemory(const QString &key);
    Q_INVOKABLE void decide(const QString &approvalId, const QString &decision);
    Q_INVOKABLE void switchBranch(const QString &messageId);
    Q_INVOKABLE void editMessage(const QString &messageId);
    Q_INVOKABLE void regenerate();
    Q_INVOKABLE void forkFrom(const QString &messageId);
    Q_INVOKABLE void inspectRequest(const QString &messageId);

Q_SIGNALS:
    // To the page.
    void pageReset(const QString &json);
    void earlierLoaded(const QString &json);
    void laterLoaded(const QString &json);
    void messagesAppended(const QString &json);
    void streamTextAppended(const QString &text);
    void activityAppended(const QString &line);
    void placeholderShown(const QString &text);
    void approvalRequested(const QString &json);
    void approvalSettled(const QString &id, const QString &outcome);
    /// A live card for a running call, its progress, its end (JSON; see ConversationView).
    void toolCardStarted(const QString &json);
    void toolProgressed(const QString &json);
    void toolCardFinished(const QString &json);
    void themeChanged(const QString &theme);

    // To the app, after checking.
    void pageReady();
    void pageRendered(int count);
    void linkRequested(const QUrl &url);
    void earlierRequested();
    void laterRequested();
    void fullResultRequested(const QString &messageId, const QString &callId);
    void transcriptRequested(const QString &path);
    void memoryRequested(const QString &key);
    void approvalDecided(const QString &approvalId, const QString &decision);
    void branchRequested(const QString &messageId);
    void editRequested(const QString &messageId);
    void regenerateRequested();
    void forkRequested(const QString &messageId);
    /// "What did the model see?" on the answer `messageId`: the request that produced it.
    void inspectionRequested(const QString &messageId);
    void refused(const QString &what);

private:
    void refuse(const QString &what);

    QVariantMap m_strings;
    QSet<QString> m_pendingApprovals;
    QSet<QString> m_messages;
    QSet<QString> m_forkPoints;
    QSet<QString> m_answers;
    QStringList m_refusals;
    int m_rendered = 0;
    QString m_theme = QStringLiteral("light");
};

} // namespace valis
