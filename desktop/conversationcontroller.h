#pragma once

#include "valis/agent/approvalpolicy.h"
#include "valis/agent/connection.h"
#include "valis/agent/providersettings.h"
#include "valis/agent/sessionevent.h"
#include "valis/agent/toolenvironment.h"
#include "valis/agent/toolregistry.h"
#include "valis/core/datalocations.h"
#include "valis/memory/memoryenvironment.h"
#include "valis/memory/recall.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>

#include <memory>

namespace valis {

class ComposerWidget;
class McpInteractionDialog;
class CredentialStore;
class PluginManager;
class Provider;
class RemoteMachineController;
class RemoteSandbox;
class RemoteWorkspace;
class Session;
class SessionStore;
class ConversationView;

/// Runs turns of the shown session from the composer: prepares the provider connection (key
/// from the OS keychain, else the environment), opens the Session, streams its events into the
/// transcript, asks for approvals, and reports totals. The Session lives on the GUI thread, as
/// the provider's network access does; everything it waits for is asynchronous.
class ConversationController : public QObject
{
    Q_OBJECT

public:
    ConversationController(const DataLocations &locations, ConversationView *transcript, ComposerWidget *composer,
                           QWidget *window);
    ~ConversationController() override;

    /// Called once the plugins run: offers their providers in the composer.
    void setPlugins(PluginManager *plugins);
    /// Where new sessions get the vector retriever for recall (null or returning null: lexical).
    void setVectorRetrieverSource(std::function<std::shared_ptr<const valis::Retriever>()> source)
    {
        m_vectorRetriever = std::move(source);
    }
    /// Reads the profile's settings again (providers, approvals, tools, memory) after Settings
    /// wrote them: at once when idle, else when the running turn ends. The next turn opens its
    /// session with them.
    void reloadSettings();
    /// The session the next turn goes to; empty: a new one.
    void setSessionId(const QString &sessionId);
    /// Where the commands of session `sessionId` run (an empty id: the next new session): its
    /// sandbox, network access and tool pack, kept per session in the profile's desktop.ini;
    /// empty fields follow config/tools.json.
    ToolEnvironmentChoice sessionChoice(const QString &sessionId) const;
    /// Changes them; for the shown session the next turn runs with them (the running one, if
    /// any, finishes as it started).
    void setSessionChoice(const QString &sessionId, const ToolEnvironmentChoice &choice);
    QString sessionId() const { return m_sessionId; }
    bool isBusy() const;
    /// The provider settings in effect (config/providers.json as last read).
    const ProviderSettings &providerSettings() const { return m_settings; }
    Session *session() const { return m_session.get(); }
    /// The OS keychain the turns read provider keys from.
    CredentialStore *keys() const { return m_keys.get(); }

    /// Sends the composer's turn: a new one, or, while the composer edits an earlier message,
    /// that message again as a new branch.
    void send(const QString &text);
    /// Answers the shown session's last turn again, as a new branch.
    void regenerate();
    /// Shows the branch through `messageId` in the session open here; false when none is open
    /// for the shown session (the shell then switches it in the store) or a turn runs.
    bool switchBranch(const QString &messageId);
    /// Lets the open session go (when idle): the next turn opens it again from the store.
    void closeSession();
    void stop();
    /// Stops one running command (the sandbox pane's kill); the turn goes on.
    bool killCommand(const QString &callId);
    /// Answers the oldest open approval card ("once", "session", "always" or "deny"), as the
    /// keyboard does; false when none is open.
    bool decideOldestApproval(const QString &decision);

    // Remote machines (conversationremote.cpp): a session whose sandbox is a RemoteSandbox runs
    // on a machine of its own, acquired before its first turn.
    /// The shown session's remote machine, if any (its state, pull, release).
    RemoteMachineController *remoteMachines() const { return m_remote; }
    /// Brings the files of the remote machine back: the commands dock's button.
    void pullRemoteFiles();
    /// Whether quitting has a remote machine to bring files back from or delete first.
    bool hasRemoteMachine() const;
    /// Closes the session (stopping its turn) and releases its remote machine (files back,
    /// machine deleted unless kept), then calls `done` on this thread. For quitting.
    void releaseRemoteMachine(std::function<void()> done);

Q_SIGNALS:
    /// A new session was created for a turn (the list should show and select it).
    void sessionCreated(const QString &sessionId);
    /// The record changed: reload the transcript from the store.
    void recordChanged(const QString &sessionId);
    /// A turn of `sessionId` ended (answered, interrupted or failed): its messages are stored.
    void turnFinished(const QString &sessionId);
    void totalsChanged(const valis::SessionTotals &totals);
    /// What the latest request of the shown session holds against the model's window: the
    /// pipeline's count as it is sent, then the provider's reported prompt tokens.
    void contextUsageChanged(qint64 tokens, qint64 window, const QString &model);
    /// Where commands run, for the status bar; `warning` when isolation is off or commands
    /// cannot run at all.
    void sandboxStatusChanged(const QString &text, bool warning);
    /// A command the agent runs (a tool call with a `command`), its live output, its end.
    void commandStarted(const QString &callId, const QString &toolName, const QString &commandLine);
    void commandOutput(const QString &callId, const QString &text);
    void commandFinished(const QString &callId, const QString &resultText, bool isError, qint64 durationMs);
    /// The sandboxes there are (id, label) and the shown session's sandbox and network.
    void sandboxChoiceChanged(const QList<QPair<QString, QString>> &sandboxes, const QString &current, bool network);
    /// The shown session's remote machine: its description (empty when none is attached),
    /// `warning` when it does not run or cannot be reached; `attached` while one is.
    void remoteMachineChanged(const QString &description, bool warning, bool attached);

private:
    void refreshEnvironment();
    void storeChoice(const QString &sessionId, const ToolEnvironmentChoice &choice) const;
    Result<QList<Part>> readAttachments(const QString &model) const;
    enum class TurnKind { Submit, Resend, Regenerate };
    void startTurn(TurnKind kind, const QString &text, const QString &messageId);
    /// A turn whose provider connection is being prepared (and its remote machine acquired).
    struct PendingTurn
    {
        TurnKind kind = TurnKind::Submit;
        QString text;
        QString messageId;
        QString providerId;
        QString model;
        QString target;        ///< the session the turn goes to; empty: a new one
        bool newSession = false;
        QString workspace;
        QList<Part> parts;
        QJsonObject metadata = {}; ///< for the user message (ComposerWidget::turnMetadata())
        Connection connection;
    };
    /// The connection is ready: the session is opened (on its remote machine first, when its
    /// sandbox is remote) and the turn submitted.
    void continueTurn(PendingTurn turn);
    /// Opens the session (on `remote` when given) and submits the turn, then ends the
    /// preparing: a Stop or release asked for meanwhile is carried out then.
    void submitPrepared(const PendingTurn &turn, RemoteWorkspace *remote);
    void openAndSubmit(const PendingTurn &turn, RemoteWorkspace *remote);
    void connectRemote();
    /// Whether the next turn of the shown session needs a machine other than the attached one
    /// (or none while one is attached); then releases and acquires as needed before `then`.
    void prepareRemote(const PendingTurn &turn, std::function<void(const Result<RemoteWorkspace *> &)> then);
    /// The attached machine belongs to a session no longer shown: closes that and releases it.
    void releaseRemoteIfUnused();
    /// The shown session's chosen sandbox when it is remote, available or not.
    RemoteSandbox *chosenRemoteSandbox() const;
    RemoteMachineController *m_remote = nullptr;
    bool m_cancelPreparing = false; ///< Stop was pressed while the machine was being acquired
    std::function<void()> m_afterTurn; ///< runs when the running turn ends (quitting)
    /// Runs m_afterTurn (queued) once the turn ended or was not started.
    void runAfterTurn();
    void showBranch();
    void onEvent(const SessionEvent &event);
    void onApprovalDecided(const QString &requestId, const QString &decision);
    void settleApprovals(const QString &outcome);
    QSet<QString> m_commands; ///< call ids of the commands running
    qint64 m_contextWindow = 0;
    QString m_requestModel;
    void fail(const QString &text);
    /// Sets the recall step up from config/recall.json (retrieval over memory and the session
    /// store at `sessionDatabasePath`; the filter model when it is the session's provider).
    void applyRecall(valis::SessionConfig *config, const QString &sessionDatabasePath);
    std::function<std::shared_ptr<const valis::Retriever>()> m_vectorRetriever;
    void setBusy(bool busy);
    Provider *provider(const QString &id) const;
    SessionStore *store();

    DataLocations m_locations;
    ConversationView *m_transcript;
    ComposerWidget *m_composer;
    QWidget *m_window;
    PluginManager *m_plugins = nullptr;
    std::unique_ptr<CredentialStore> m_keys;
    std::unique_ptr<SessionStore> m_store;
    ToolRegistry m_tools;
    std::optional<ToolEnvironment> m_toolEnvironment;
    std::optional<MemoryEnvironment> m_memoryEnvironment;
    ApprovalPolicy m_approvals;
    ProviderSettings m_settings;
    std::unique_ptr<Session> m_session;
    QString m_sessionId;
    bool m_preparing = false;
    bool m_reloadPending = false; ///< Settings were applied during a turn
    bool m_reopenPending = false; ///< the session's sandbox changed during a turn
    ToolEnvironmentChoice m_newChoice; ///< for the next new session
    QStringList m_pendingApprovals; ///< approval cards shown and not yet answered, oldest first
    QHash<QString, QPointer<McpInteractionDialog>> m_interactions; ///< open questions of tools, by request id
    void onInteractionRequested(const SessionEvent &event);
    void settleInteractions();

    // History strategies and forks (conversationhistory.cpp).
    /// Offers the installed history strategies in the composer (after the plugins start).
    void offerHistoryStrategies();
    /// The history strategy the composer shows for the shown session (or the next new one).
    QString shownHistoryStrategy() const;
    void rememberHistoryStrategy(const QString &sessionId, const QString &name) const;
    /// The person chose `name`: the open session switches now, else it is asked for when the
    /// session opens.
    void chooseHistoryStrategy(const QString &name);
    QString takePendingHistoryStrategy();
    /// The session just opened: the composer shows its history strategy.
    void sessionOpened();
    /// When a turn of a fork ends: its answer goes to the parent's record.
    void reportToParent(const QString &reason);
    QString m_pendingHistory;  ///< chosen for the shown session before it opened
    QString m_defaultHistory;  ///< of new sessions (Settings > Context)
};

} // namespace valis
