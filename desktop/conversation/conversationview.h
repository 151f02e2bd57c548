#pragma once

#include "valis/record/branchindex.h"
#include "valis/record/message.h"
#include "valis/record/session.h"

#include <QJsonArray>
#include <QHash>
#include <QList>
#include <QWebEngineView>

#include <functional>

class QWebChannel;
class QWebEngineProfile;

namespace valis {

class ConversationBridge;
class ConversationPage;
class ConversationScheme;
class RequestGuard;

/// The conversation pane: the one web view of the app. It shows the bundled conversation page
/// (valis: scheme, strict Content-Security-Policy, a private profile that stores nothing and can
/// reach no network) and feeds it over the ConversationBridge. Only the newest messages are
/// rendered at first; earlier ones follow, a page at a time, when the reader scrolls up, and the
/// page never holds more than a window of messages: those far from the reader are dropped and
/// come back when they scroll there again, so memory stays bounded in any session.
class ConversationView : public QWebEngineView
{
    Q_OBJECT

public:
    /// Whether the page has loaded and takes calls directly (before, they wait for it).
    bool isReady() const { return m_ready; }
    /// Messages rendered at first, and per "load earlier".
    static constexpr qsizetype pageSize = 120;
    /// Most messages the page holds at once.
    static constexpr qsizetype windowSize = 3 * pageSize;

    explicit ConversationView(QWidget *parent = nullptr);
    ~ConversationView() override;

    /// Shows the branch of the record `messages` that ends at `activeLeaf` (empty: the last
    /// message): the newest page, or with `focusMessageId` the page around that message, scrolled
    /// to it and marked. Where the conversation forked, a user message offers its alternatives
    /// ("2 / 3"); user messages can be edited and sent again, the last answer regenerated.
    void showSession(const SessionInfo &session, const QList<Message> &messages, const QString &focusMessageId = {},
                     const QString &activeLeaf = {});
    /// The same for a record known only by its outline (SessionStore::messageOutline(): ids,
    /// parents, roles, seqs): the content of each page is asked for with pageWanted() and given
    /// with deliverPage(), and only the page's window of messages is kept, so a session of any
    /// length costs the same memory.
    void showSessionOutline(const SessionInfo &session, const QList<Message> &outline, const QString &focusMessageId = {},
                            const QString &activeLeaf = {});
    /// The messages asked for by pageWanted(`request`), in any order the store gives them.
    void deliverPage(int request, const QList<Message> &messages);
    void showPlaceholder(const QString &text);
    /// Appends streamed answer text to the live answer (rendered as Markdown, throttled).
    void appendStreamText(const QString &text);
    /// Appends a line of tool activity.
    void appendActivity(const QString &line);
    /// Shows an approval card with the tool's full arguments; the answer comes as
    /// approvalDecided(). `argumentsJson` is shown as text.
    void requestApproval(const QString &approvalId, const QString &question, const QString &argumentsJson);
    /// Marks an approval card as decided (by the card or elsewhere) with `outcome` shown.
    void settleApproval(const QString &approvalId, const QString &outcome);
    /// A card for a tool call that runs now: its name, the title the tool gives itself, the
    /// MCP server it comes from (empty for others) and its arguments, all shown as text. A child
    /// call (run_script's) names its `parentCallId`: its card goes under the parent's.
    void startToolCard(const QString &callId, const QString &name, const QString &title, const QString &server,
                       const QString &argumentsJson, const QString &parentCallId = {});
    /// Progress of the running call `callId`: `progress` of `total` (total <= 0: unknown) and
    /// the tool's message, on its card (or as a line of activity without one).
    void showToolProgress(const QString &callId, double progress, double total, const QString &message);
    /// The running call's card as done or failed (the record's card replaces it after the turn).
    void finishToolCard(const QString &callId, bool isError);

    /// True once the page has loaded and connected to the bridge.
    bool isPageReady() const { return m_ready; }
    ConversationPage *conversationPage() const { return m_page; }
    ConversationBridge *bridge() const { return m_bridge; }
    RequestGuard *requestGuard() const { return m_guard; }
    /// The shown session's messages in the page: [firstRendered, endRendered).
    qsizetype firstRendered() const { return m_first; }
    qsizetype endRendered() const { return m_end; }
    /// The session shown (empty id: a placeholder is shown).
    SessionInfo shownSession() const { return m_session; }
    /// The shown session's message `id`, or nullptr.
    const Message *findMessage(const QString &id) const;

Q_SIGNALS:
    /// The page asked to open `url` (http, https or mailto, already checked); the shell asks
    /// the user before it opens anything.
    void linkOpenRequested(const QUrl &url);
    void approvalDecided(const QString &approvalId, const QString &decision);
    void fullResultRequested(const QString &messageId, const QString &callId);
    void transcriptRequested(const QString &path);
    /// A MemoryRef's record should be shown (the memory browser).
    void memoryRequested(const QString &key);
    /// The reader chose another branch at a fork: show the one through `messageId`.
    void branchRequested(const QString &messageId);
    /// The reader wants to edit user message `messageId` and send it again (a new branch).
    void editRequested(const QString &messageId);
    /// The reader wants the last answer again (a new branch).
    void regenerateRequested();
    /// The reader wants a new session from the conversation up to `messageId` (a fork).
    void forkRequested(const QString &messageId);
    /// The reader asked what the model saw for the answer `messageId` (the context inspector).
    void inspectRequested(const QString &messageId);
    /// The content of the shown session's messages `seqs` is needed (see showSessionOutline()).
    void pageWanted(int request, const QString &sessionId, const QList<qint64> &seqs);

private:
    void whenReady(std::function<void()> call);
    void loadEarlier();
    void loadLater();
    /// Gives the messages [from, to) of the shown branch to `done` (maybe later).
    using Fetch = std::function<void(qsizetype from, qsizetype to, std::function<void(QList<Message>)> done)>;
    void present(const SessionInfo &session, const QList<Message> &path, const QString &focusMessageId, Fetch source);
    void fetch(qsizetype from, qsizetype to, std::function<void(QList<Message>)> done);
    /// PageMessages' JSON for `messages`, the branch's from `pathIndex` on, with their controls.
    QJsonArray pageMessages(const QList<Message> &messages, qsizetype pathIndex);

    QWebEngineProfile *m_profile = nullptr;
    ConversationScheme *m_scheme = nullptr;
    RequestGuard *m_guard = nullptr;
    ConversationPage *m_page = nullptr;
    ConversationBridge *m_bridge = nullptr;
    QWebChannel *m_channel = nullptr;
    bool m_ready = false;
    QList<std::function<void()>> m_pending;
    SessionInfo m_session;
    QList<Message> m_path;   ///< the shown branch (whole messages, or only their outline)
    QList<Message> m_window; ///< whole messages [m_first, m_end), as the page holds them
    bool m_pathHasUserTurn = false; ///< so its last answer can be regenerated
    BranchIndex m_branches;  ///< of the whole record
    Fetch m_fetch;
    QHash<int, std::function<void(QList<Message>)>> m_deliveries;
    int m_lastRequest = 0;
    bool m_fetching = false;
    enum class Wanted { Nothing, Earlier, Later };
    Wanted m_wanted = Wanted::Nothing;
    qsizetype m_first = 0;
    qsizetype m_end = 0;
    bool m_live = false; ///< streamed text, activity or approvals at the end of the page
};

} // namespace valis
