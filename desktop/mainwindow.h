#pragma once

#include "valis/catalog/modelcatalog.h"
#include "valis/core/datalocations.h"
#include "valis/core/result.h"
#include "valis/record/message.h"
#include "valis/record/session.h"

#include <QDateTime>
#include <QMainWindow>
#include <QThread>

#include <memory>
#include <optional>

class QLabel;
class QTimer;
class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;
class QSplitter;
class QStackedWidget;

namespace valis {

class PluginManager;
class SessionListModel;
class StoreWorker;
class ConversationView;
class ConversationRequests;
class ContextMeter;
class InspectorDock;
class TranscriptGrepPane;
class SandboxPane;
class WelcomeView;
class MemoryBrowserPane;
class MemoryWorker;
class MemoryProcessingController;
class MemoryProcessingPane;
class ComposerWidget;
class ConversationController;
class McpStatusButton;
class McpComposerAssist;
class EmbeddingRunner;
class EmbeddingStatus;
class ApiServerController;
class CommandPalette;
class DesktopNotifier;
class SessionListWorker;

/// Startup options the shell was given on its command line.
struct ShellOptions
{
    bool safeMode = false;       ///< load no plugins
    QString initialSession;      ///< select this session once the list has loaded
};

/// The main window: sessions on the left, the selected session's conversation in the centre, a
/// status bar with the store and plugin state. It paints first and then brings up the store (on
/// a worker thread) and the plugins, so a slow disk or a broken plugin never delays the window.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(const DataLocations &locations, const ShellOptions &options, QWidget *parent = nullptr);
    ~MainWindow() override;

    SessionListModel *sessionModel() const { return m_sessions; }
    ConversationView *conversationView() const { return m_transcript; }
    ConversationRequests *conversationRequests() const { return m_requests; }
    TranscriptGrepPane *grepPane() const { return m_grep; }
    SandboxPane *sandboxPane() const { return m_sandbox; }
    WelcomeView *welcomeView() const { return m_welcome; }
    MemoryBrowserPane *memoryPane() const { return m_memory; }
    MemoryProcessingPane *memoryProcessingPane() const { return m_memoryLearned; }
    MemoryProcessingController *memoryProcessing() const { return m_memoryProcessing; }
    ComposerWidget *composer() const { return m_composer; }
    ConversationController *conversation() const { return m_conversation; }
    McpStatusButton *mcpStatus() const { return m_mcpStatus; }
    /// The plugins (nullptr until they are loaded, after the first paint).
    PluginManager *plugins() const { return m_plugins.get(); }
    McpComposerAssist *mcpAssist() const { return m_mcpAssist; }
    /// Keeps vectors up to date while embeddings are on (config/memory.json).
    EmbeddingRunner *embeddingRunner() const { return m_embeddings; }
    EmbeddingStatus *embeddingStatus() const { return m_embeddingStatus; }
    /// The OpenAI-compatible API's switch (valis-cli serve); it ends with the window.
    ApiServerController *apiServer() const { return m_apiServer; }
    /// The session shown in the centre (empty: a new one, not yet started).
    QString shownSession() const { return m_shownSession; }
    /// Starts a new session: the next turn from the composer creates it.
    void newSession();
    /// The plugin summary shown in the status bar ("Plugins: 2 running, 1 failed").
    QString pluginStatus() const;
    /// Opens Settings (on the page titled `page` when given); the dialog is a child of the window.
    void showSettings(const QString &page = {});
    /// The command palette (Ctrl+K, mainwindowpalette.cpp); opens it with what there is now.
    CommandPalette *commandPalette() const { return m_palette; }
    void openPalette();
    /// Desktop notifications and the tray icon (mainwindownotifications.cpp).
    DesktopNotifier *notifier() const { return m_notifier; }

Q_SIGNALS:
    void requestSessions();
    void requestMessages(const QString &sessionId);
    void requestRename(const QString &sessionId, const QString &title);
    void requestArchive(const QString &sessionId, bool archived);
    void requestDelete(const QString &sessionId);
    void requestBranch(const QString &sessionId, const QString &messageId);
    void requestFork(const QString &sessionId, const QString &messageId);
    void requestImportScan(const QStringList &folders);
    void requestImport(const QStringList &folders);
    void pluginsLoaded();

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void buildActions();
    /// "Fork from here": the store makes the fork, the list shows it under its parent, selected.
    void connectForks();
    void loadPlugins();
    void startPluginsOnce();
    void startPluginsAfterFirstScreen(); // mainwindowstartup.cpp
    void startPlugins();
    void selectSession(const QString &sessionId);
    void onSessionsListed(const QList<valis::SessionInfo> &sessions);
    void onMessagesLoaded(const QString &sessionId, const QList<valis::Message> &messages, const QString &activeLeaf);
    void onStoreFailed(const valis::Error &error);
    void showContextUsage(qint64 tokens, qint64 window, const QString &model);
    void showRecordedContextUsage(const QList<valis::Message> &messages);
    /// The context inspector dock, opened from the gauge and from answers (mainwindowinspector.cpp).
    void buildInspector();
    void buildPanes();
    /// The Agents dock: the open session's background agents (mainwindowagents.cpp).
    void buildAgentsPane();
    /// Offline memory processing: the idle trigger and the learned-memory pane (mainwindowmemory.cpp).
    void buildMemoryProcessing();
    /// The MCP parts once the plugins run: the status bar button, the composer's @ and /.
    void connectMcp();
    /// The embedding runner and its status bar view (mainwindowembeddings.cpp).
    void connectEmbeddings();
    /// The OpenAI-compatible API's switch, started again when it was left on (mainwindowsharing.cpp).
    void connectSharing();
    /// The commands dock's remote machine view and its "Bring files back" (mainwindowremote.cpp).
    void connectRemoteMachines();
    /// Whether the window may close now; else the session's remote machine is released first
    /// (files back, machine deleted) on a worker thread, and the window closes when that is
    /// done or after a bounded wait.
    bool readyToClose();
    /// Releases the remote machine with a bounded wait, for a window destroyed without closing.
    void releaseRemoteMachinesNow();
    void showShortcuts();
    void showWelcome(bool shown);
    void renameSelectedSession();
    void archiveSelectedSession();
    void deleteSelectedSession();
    void commitPendingDelete();
    /// The listed sessions minus the one waiting to be deleted (and its subagents').
    QList<valis::SessionInfo> visibleSessions() const;
    void openHit(const QString &sessionId, const QString &messageId);
    QString lastWorkspace() const;
    void restoreLayout();
    void saveLayout() const;
    /// Issue 23's "living with it": the palette, notifications, and the session list's pin,
    /// content search, sort and export (mainwindowpalette.cpp, mainwindownotifications.cpp,
    /// mainwindowsessions.cpp).
    void buildPalette();
    void buildNotifications();
    void buildSessionListTools();
    void exportSelectedSession(const QString &format);

    DataLocations m_locations;
    ShellOptions m_options;
    QThread m_storeThread;
    StoreWorker *m_worker = nullptr;
    SessionListModel *m_sessions = nullptr;
    QSortFilterProxyModel *m_filter = nullptr;
    QTreeView *m_sessionView = nullptr;
    QLineEdit *m_search = nullptr;
    ConversationView *m_transcript = nullptr;
    ConversationRequests *m_requests = nullptr;
    QLabel *m_storeStatus = nullptr;
    QLabel *m_pluginStatus = nullptr;
    QLabel *m_usageStatus = nullptr;
    ContextMeter *m_contextMeter = nullptr;
    InspectorDock *m_inspector = nullptr;
    QString m_marksModel;      ///< the gauge's marks are those of this model
    QDateTime m_marksStamp;    ///< and of config/context.json as modified then
    bool m_marksKnown = false;
    bool m_pluginsStarted = false;
    bool m_painted = false;   ///< the window has had its first paint
    bool m_pageShown = false; ///< the --session's first screen is shown (true without --session)
    QString m_pendingDelete;   ///< deleted by the person, removed from the store when undo times out
    QTimer *m_deleteTimer = nullptr;
    TranscriptGrepPane *m_grep = nullptr;
    SandboxPane *m_sandbox = nullptr;
    WelcomeView *m_welcome = nullptr;
    QStackedWidget *m_centreStack = nullptr;
    MemoryBrowserPane *m_memory = nullptr;
    QThread m_memoryThread;
    MemoryWorker *m_memoryWorker = nullptr;
    MemoryProcessingController *m_memoryProcessing = nullptr;
    MemoryProcessingPane *m_memoryLearned = nullptr;
    QString m_focusMessage; ///< a search hit to show when its session's messages arrive
    std::optional<ModelCatalog> m_catalog; ///< loaded the first time a session's usage is shown
    QLabel *m_sandboxStatus = nullptr;
    McpStatusButton *m_mcpStatus = nullptr;
    McpComposerAssist *m_mcpAssist = nullptr;
    ComposerWidget *m_composer = nullptr;
    ConversationController *m_conversation = nullptr;
    std::unique_ptr<PluginManager> m_plugins;
    EmbeddingRunner *m_embeddings = nullptr;
    EmbeddingStatus *m_embeddingStatus = nullptr;
    ApiServerController *m_apiServer = nullptr;
    QList<SessionInfo> m_sessionInfos;
    QString m_shownSession;
    QString m_sessionToSelect; ///< a fork just made: selected when the list comes back
    bool m_releasingRemote = false; ///< closing waits for the remote machine to be released
    bool m_remoteReleased = false;  ///< and it was (or the wait ran out)
    bool m_remoteWillBeDeleted = false; ///< what closing says it is doing
    CommandPalette *m_palette = nullptr;
    DesktopNotifier *m_notifier = nullptr;
    SessionListWorker *m_listWorker = nullptr; ///< pins, content search, export: on the store's thread
    QTimer *m_contentSearchTimer = nullptr;    ///< the filter's content search waits for typing to pause
    int m_contentSearchGeneration = 0;
};

} // namespace valis
