#include "mainwindow.h"

#include "aboutdialog.h"
#include "composerwidget.h"
#include "composerreadiness.h"
#include "promptcomposerassist.h"
#include "contextmeter.h"
#include "inspectordock.h"
#include "conversationcontroller.h"
#include "conversationrequests.h"
#include "conversationbridge.h"
#include "conversationview.h"
#include "sessionlistmodel.h"
#include "memorybrowserpane.h"
#include "sandboxpane.h"
#include "transcriptgreppane.h"
#include "welcomeview.h"
#include "windowlayout.h"
#include "embeddingrunner.h"
#include "appearance.h"
#include "settingsdialog.h"
#include "storeworker.h"
#include "mcpstatusbutton.h"
#include "usage/usageview.h"
#ifdef VALIS_HAVE_DOCUMENTS_VIEW
#include "documentsdock.h"
#endif

#include "valis/context/contextsettings.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/contextstrategy.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDialog>
#include <QDialogButtonBox>
#include <QInputDialog>
#include <QPushButton>
#include <QDockWidget>
#include <QFileInfo>
#include <QTableWidget>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSet>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

namespace valis {

MainWindow::MainWindow(const DataLocations &locations, const ShellOptions &options, QWidget *parent)
    : QMainWindow(parent)
    , m_locations(locations)
    , m_options(options)
{
    qRegisterMetaType<valis::Error>();
    qRegisterMetaType<QList<valis::SessionInfo>>();
    qRegisterMetaType<QList<valis::Message>>();
    qRegisterMetaType<valis::Message>();
    qRegisterMetaType<QList<qint64>>();
    qRegisterMetaType<valis::SearchResults>();
    qRegisterMetaType<valis::MemoryRecord>();
    qRegisterMetaType<valis::MemoryPage>();
    setWindowTitle(tr("Valis"));
    resize(1200, 800);

    m_sessions = new SessionListModel(this);
    m_filter = new QSortFilterProxyModel(this);
    m_filter->setSourceModel(m_sessions);
    m_filter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setRecursiveFilteringEnabled(true);
    m_filter->setAutoAcceptChildRows(true); // a folder that matches shows its sessions

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_search = new QLineEdit(left);
    m_search->setObjectName(QStringLiteral("sessionFilter"));
    m_search->setAccessibleName(tr("Filter sessions"));
    m_search->setPlaceholderText(tr("Filter sessions and folders"));
    m_search->setClearButtonEnabled(true);
    m_sessionView = new QTreeView(left);
    m_sessionView->setObjectName(QStringLiteral("sessionList"));
    m_sessionView->setAccessibleName(tr("Sessions"));
    m_sessionView->setModel(m_filter);
    m_sessionView->setHeaderHidden(true);
    m_sessionView->setUniformRowHeights(true);
    m_sessionView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    leftLayout->addWidget(m_search);
    leftLayout->addWidget(m_sessionView);

    m_transcript = new ConversationView(this);
    m_transcript->setObjectName(QStringLiteral("conversationView"));
    m_transcript->setAccessibleName(tr("Conversation"));
    m_transcript->showPlaceholder(tr("Loading sessions…"));
    m_requests = new ConversationRequests(m_locations, m_transcript, this);
    m_transcript->bridge()->setTheme(Appearance::pageTheme(palette()));

    m_composer = new ComposerWidget(this);
    m_composer->setWorkspace(lastWorkspace(), true);
    // "/" offers the stored prompts and "/key" sends one (the window owns it; tests find it by name).
    (new PromptComposerAssist(m_composer, m_locations, this))->setObjectName(QStringLiteral("promptComposerAssist"));
    auto *centre = new QSplitter(Qt::Vertical, this);
    centre->setObjectName(QStringLiteral("conversationSplitter"));
    // Before there is any session, the welcome view stands where the conversation will be.
    m_centreStack = new QStackedWidget(this);
    m_centreStack->addWidget(m_transcript);
    centre->addWidget(m_centreStack);
    centre->addWidget(WindowLayout::centredColumn(m_composer, this));
    centre->setStretchFactor(0, 1);
    centre->setCollapsible(1, false);

    // Conversation first: the session list is a narrow dock (desktop/layout/windowlayout.cpp).
    setCentralWidget(centre);
    WindowLayout::addSessionsDock(this, left);

    m_storeStatus = new QLabel(this);
    m_pluginStatus = new QLabel(tr("Plugins: starting…"), this);
    statusBar()->addWidget(m_storeStatus, 1);
    m_usageStatus = new QLabel(this);
    m_usageStatus->setObjectName(QStringLiteral("usageStatus"));
    m_sandboxStatus = new QLabel(this);
    m_sandboxStatus->setObjectName(QStringLiteral("sandboxStatus"));
    m_contextMeter = new ContextMeter(this);
    statusBar()->addPermanentWidget(m_contextMeter);
    statusBar()->addPermanentWidget(m_usageStatus);
    statusBar()->addPermanentWidget(m_sandboxStatus);
    m_mcpStatus = new McpStatusButton(this);
    statusBar()->addPermanentWidget(m_mcpStatus);
    statusBar()->addPermanentWidget(m_pluginStatus);

    buildPanes();
    connect(m_requests, &ConversationRequests::failed, this, [this](const QString &message) {
        statusBar()->showMessage(message, 10000);
    });

    m_conversation = new ConversationController(m_locations, m_transcript, m_composer, this);
    m_welcome = new WelcomeView(m_conversation->keys(), this);
    m_centreStack->addWidget(m_welcome);
    connect(m_welcome, &WelcomeView::localModelChosen, this, [this](const QString &provider, const QString &model, const QUrl &server) {
        if (!m_composer->selectProvider(provider)) {
            statusBar()->showMessage(tr("The %1 provider plugin is not running; see the plugin status.").arg(provider), 10000);
            return;
        }
        m_composer->setModel(model);
        statusBar()->showMessage(tr("Next turn: %1 on %2 (its base URL comes from config/providers.json, default "
                                    "localhost:11434).").arg(model, server.toString()), 10000);
        newSession();
    });
    connect(this, &MainWindow::pluginsLoaded, this, [this] {
        m_conversation->setPlugins(m_plugins.get());
        connectMcp();
    });
    // A default model, Send's state and the draft's estimate (after the controller's own set-up).
    new ComposerReadiness(this, m_composer, m_conversation->keys(), m_locations);
    connectEmbeddings();
    connectSharing();
    connectRemoteMachines();
    connect(m_composer, &ComposerWidget::workspaceChosen, this, [this](const QString &path) {
        QSettings(m_locations.desktopSettingsPath(), QSettings::IniFormat)
            .setValue(QStringLiteral("composer/workspace"), path);
    });
    connect(m_conversation, &ConversationController::sessionCreated, this, [this](const QString &id) {
        m_composer->setWorkspace(m_composer->workspace(), false);
        m_shownSession = id;
        Q_EMIT requestSessions();
    });
    connect(m_conversation, &ConversationController::recordChanged, this, [this](const QString &id) {
        if (id == m_shownSession)
            Q_EMIT requestMessages(id);
        if (m_memory->isVisible())
            m_memory->refresh(); // the turn may have stored memory
    });
    buildMemoryProcessing();
#ifdef VALIS_HAVE_DOCUMENTS_VIEW
    addDocumentsDock(this, m_locations); // the File Cabinet, a tab beside the memory browser
#endif
    buildInspector();
    // Branches: edit a user message and send it again, answer the last turn again, switch.
    connect(m_transcript, &ConversationView::editRequested, this, [this](const QString &messageId) {
        const Message *message = m_transcript->findMessage(messageId);
        if (!message)
            return;
        m_composer->beginEdit(messageId, message->text());
    });
    connect(m_transcript, &ConversationView::regenerateRequested, this, [this] {
        if (m_conversation->isBusy()) {
            statusBar()->showMessage(tr("A turn is running; regenerate when it is done."), 6000);
            return;
        }
        m_conversation->regenerate();
    });
    connect(m_transcript, &ConversationView::branchRequested, this, [this](const QString &messageId) {
        if (m_conversation->isBusy() && m_conversation->sessionId() == m_shownSession) {
            statusBar()->showMessage(tr("A turn is running; switch branches when it is done."), 6000);
            return;
        }
        if (!m_conversation->switchBranch(messageId)) {
            // Not open here: the store remembers the branch, and the next turn opens on it.
            m_conversation->closeSession();
            Q_EMIT requestBranch(m_shownSession, messageId);
        }
    });
    connect(m_conversation, &ConversationController::commandStarted, m_sandbox, &SandboxPane::commandStarted);
    connect(m_conversation, &ConversationController::commandStarted, this, [this] {
        // What runs is shown as it runs, even when the dock was hidden or the search tab in front.
        WindowLayout::bringDockForward(this, QStringLiteral("sandboxDock"));
    });
    connect(m_conversation, &ConversationController::commandOutput, m_sandbox, &SandboxPane::commandOutput);
    connect(m_conversation, &ConversationController::commandFinished, m_sandbox, &SandboxPane::commandFinished);
    connect(m_sandbox, &SandboxPane::killRequested, m_conversation, &ConversationController::killCommand);
    connect(m_conversation, &ConversationController::sandboxChoiceChanged, m_sandbox, &SandboxPane::setSandboxChoice);
    connect(m_sandbox, &SandboxPane::sandboxChosen, this, [this](const QString &sandboxId, bool network) {
        ToolEnvironmentChoice choice = m_conversation->sessionChoice(m_shownSession);
        choice.sandbox = sandboxId;
        choice.network = network ? NetworkAccess::Allowed : NetworkAccess::Denied;
        m_conversation->setSessionChoice(m_shownSession, choice);
    });
    connect(m_conversation, &ConversationController::sandboxStatusChanged, m_sandbox, &SandboxPane::setSandboxStatus);
    connect(m_conversation, &ConversationController::sandboxStatusChanged, this, [this](const QString &text, bool warning) {
        // Isolation off is a choice the person must keep seeing, not a passing message.
        m_sandboxStatus->setText(warning ? QStringLiteral("\u26a0 ") + text : text);
        m_sandboxStatus->setStyleSheet(warning ? Appearance::badgeStyleSheet(palette(), QStringLiteral("error")) : QString());
        m_sandboxStatus->setToolTip(text);
    });
    connect(m_conversation, &ConversationController::contextUsageChanged, this, &MainWindow::showContextUsage);
    connect(m_conversation, &ConversationController::totalsChanged, this, [this](const SessionTotals &totals) {
        m_usageStatus->setText(tr("%1 requests · cache hits %2% · $%3%4")
                                   .arg(totals.requests)
                                   .arg(int(totals.cacheHitShare() * 100.0 + 0.5))
                                   .arg(totals.costUsd, 0, 'f', 4)
                                   .arg(totals.costComplete ? QString() : tr(" + unknown")));
    });

    buildAgentsPane();
    buildActions();
    restoreLayout();

    connect(m_search, &QLineEdit::textChanged, m_filter, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_sessionView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                const QString id = current.data(SessionListModel::SessionIdRole).toString();
                if (id.isEmpty() || id == m_shownSession)
                    return;
                m_shownSession = id;
                // The folder a session works in is fixed once it has started.
                const QString workspace = current.data(SessionListModel::WorkspaceRole).toString();
                m_composer->setWorkspace(workspace.isEmpty() ? QDir::homePath() : workspace, false);
                m_grep->setCurrentSession(id);
                m_conversation->setSessionId(id);
                m_transcript->showPlaceholder(tr("Loading…"));
                Q_EMIT requestMessages(id);
            });

    // The store lives on its own thread; the window only ever sends it requests.
    m_worker = new StoreWorker(m_locations.sessionDatabasePath(), m_locations.blobDir());
    m_worker->moveToThread(&m_storeThread);
    connect(&m_storeThread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &MainWindow::requestSessions, m_worker, &StoreWorker::listSessions);
    connect(this, &MainWindow::requestMessages, m_worker, &StoreWorker::loadOutline);
    // Long sessions are paged from the store: the window keeps only what the page shows.
    connect(m_transcript, &ConversationView::pageWanted, m_worker, &StoreWorker::loadPage);
    connect(m_worker, &StoreWorker::pageLoaded, m_transcript, &ConversationView::deliverPage);
    connect(this, &MainWindow::requestRename, m_worker, &StoreWorker::renameSession);
    connect(this, &MainWindow::requestArchive, m_worker, &StoreWorker::setArchived);
    connect(this, &MainWindow::requestDelete, m_worker, &StoreWorker::deleteSession);
    connect(this, &MainWindow::requestBranch, m_worker, &StoreWorker::switchBranch);
    connect(this, &MainWindow::requestImportScan, m_worker, &StoreWorker::scanImportFolders);
    connect(this, &MainWindow::requestImport, m_worker, &StoreWorker::importFolders);
    connect(m_welcome, &WelcomeView::importRequested, this, &MainWindow::requestImport);
    connect(m_worker, &StoreWorker::importFinished, m_welcome, &WelcomeView::showImportResult);
    connect(m_worker, &StoreWorker::importFoldersScanned, m_welcome, [this](const QStringList &folders, const QList<int> &counts) {
        QList<WelcomeView::ImportSource> sources = WelcomeView::candidateSources(QDir::homePath());
        for (WelcomeView::ImportSource &source : sources)
            source.files = counts.value(int(folders.indexOf(source.folder)), 0);
        m_welcome->showImportSources(sources);
    });
    connect(m_worker, &StoreWorker::sessionsListed, this, &MainWindow::onSessionsListed);
    connect(m_worker, &StoreWorker::messagesOutlined, this, &MainWindow::onMessagesLoaded);
    connect(m_worker, &StoreWorker::lastAnswerLoaded, this, [this](const QString &sessionId, const Message &answer) {
        if (sessionId == m_shownSession)
            showRecordedContextUsage(answer.id.isEmpty() ? QList<Message>() : QList<Message>{answer});
    });
    connect(m_worker, &StoreWorker::failed, this, &MainWindow::onStoreFailed);
    connectForks();
    connect(m_grep, &TranscriptGrepPane::searchRequested, this, [this](const SearchQuery &query, int generation) {
        m_worker->supersedeSearches(generation);
        QMetaObject::invokeMethod(m_worker, [worker = m_worker, query, generation] { worker->search(query, generation); },
                                  Qt::QueuedConnection);
    });
    connect(m_worker, &StoreWorker::searchFinished, m_grep, &TranscriptGrepPane::showResults);
    connect(m_worker, &StoreWorker::searchFailed, m_grep, &TranscriptGrepPane::showFailure);
    m_storeThread.setObjectName(QStringLiteral("valis-store"));
    m_storeThread.start();

    // After the first paint: the session list, then the plugins.
    // The session list at once (from the store's thread); the plugins only once the window has
    // been painted, so loading them never holds up the first sight of it (or a little later
    // when it is never shown).
    buildPalette();
    buildNotifications();
    buildSessionListTools();
    QTimer::singleShot(0, this, [this]() { Q_EMIT requestSessions(); });
    startPluginsAfterFirstScreen();
}

void MainWindow::startPluginsOnce()
{
    if (m_pluginsStarted)
        return;
    m_pluginsStarted = true;
    loadPlugins();
}

void MainWindow::paintEvent(QPaintEvent *event)
{
    QMainWindow::paintEvent(event);
    m_painted = true;
    if (!m_pluginsStarted && m_pageShown)
        QTimer::singleShot(0, this, &MainWindow::startPluginsOnce);
}

MainWindow::~MainWindow()
{
    releaseRemoteMachinesNow();
    m_inspector->stop(); // its worker may use a provider's body writer
    // Its client talks through a plugin: gone before the plugins are.
    delete std::exchange(m_embeddings, nullptr);
    // A session deleted in its undo time is removed now, before the store's thread ends.
    if (!m_pendingDelete.isEmpty()) {
        const QString id = std::exchange(m_pendingDelete, {});
        QMetaObject::invokeMethod(m_worker, [worker = m_worker, id] { worker->deleteSession(id); }, Qt::BlockingQueuedConnection);
    }
    // A deletion still in its undo time is carried out, and waited for, before the thread ends.
    m_memory->commitPendingDelete();
    QMetaObject::invokeMethod(m_memoryWorker, [] {}, Qt::BlockingQueuedConnection);
    m_memoryThread.quit();
    m_memoryThread.wait();
    m_storeThread.quit();
    m_storeThread.wait();
}

void MainWindow::buildPanes()
{
    // Docks the shell owns; where they sit is saved with the window (restoreLayout()).
    m_grep = new TranscriptGrepPane(this);
    auto *grepDock = new QDockWidget(tr("Transcript search"), this);
    grepDock->setObjectName(QStringLiteral("transcriptSearchDock"));
    grepDock->setWidget(m_grep);
    addDockWidget(Qt::RightDockWidgetArea, grepDock);
    connect(m_grep, &TranscriptGrepPane::hitActivated, this, &MainWindow::openHit);

    m_sandbox = new SandboxPane(this);
    auto *sandboxDock = new QDockWidget(tr("Commands"), this);
    sandboxDock->setObjectName(QStringLiteral("sandboxDock"));
    sandboxDock->setWidget(m_sandbox);
    addDockWidget(Qt::RightDockWidgetArea, sandboxDock);
    tabifyDockWidget(sandboxDock, findChild<QDockWidget *>(QStringLiteral("transcriptSearchDock")));

    // The memory browser reads the DetailStore on its own thread (PostgreSQL may be remote).
    m_memory = new MemoryBrowserPane(this);
    auto *memoryDock = new QDockWidget(tr("Memory"), this);
    memoryDock->setObjectName(QStringLiteral("memoryDock"));
    memoryDock->setWidget(m_memory);
    addDockWidget(Qt::RightDockWidgetArea, memoryDock);
    tabifyDockWidget(sandboxDock, memoryDock);
    sandboxDock->raise();
    m_memoryWorker = new MemoryWorker(m_locations);
    m_memoryWorker->moveToThread(&m_memoryThread);
    connect(&m_memoryThread, &QThread::finished, m_memoryWorker, &QObject::deleteLater);
    connect(m_memory, &MemoryBrowserPane::listRequested, m_memoryWorker, &MemoryWorker::list);
    connect(m_memory, &MemoryBrowserPane::readRequested, m_memoryWorker, &MemoryWorker::read);
    connect(m_memory, &MemoryBrowserPane::writeRequested, m_memoryWorker, &MemoryWorker::writeFile);
    connect(m_memory, &MemoryBrowserPane::removeRequested, m_memoryWorker, &MemoryWorker::remove);
    connect(m_memoryWorker, &MemoryWorker::listed, m_memory, &MemoryBrowserPane::showList);
    connect(m_memoryWorker, &MemoryWorker::pageRead, m_memory, &MemoryBrowserPane::showPage);
    connect(m_memoryWorker, &MemoryWorker::fileWritten, m_memory, &MemoryBrowserPane::fileSaved);
    connect(m_memoryWorker, &MemoryWorker::failed, m_memory, &MemoryBrowserPane::showError);
    m_memoryThread.setObjectName(QStringLiteral("valis-memory"));
    m_memoryThread.start();
    connect(memoryDock, &QDockWidget::visibilityChanged, m_memory, [this](bool visible) {
        if (visible)
            m_memory->refresh();
    });
    connect(m_transcript, &ConversationView::memoryRequested, this, [this, memoryDock](const QString &key) {
        memoryDock->show();
        memoryDock->raise();
        m_memory->openRecord(key);
    });
}

void MainWindow::openHit(const QString &sessionId, const QString &messageId)
{
    m_focusMessage = messageId;
    if (sessionId == m_shownSession) {
        Q_EMIT requestMessages(sessionId);
        return;
    }
    m_search->clear(); // the session must be in the list to be selected
    selectSession(sessionId);
}

void MainWindow::buildActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *create = file->addAction(tr("&New session"), this, &MainWindow::newSession);
    create->setShortcut(QKeySequence::New);
    QAction *reload = file->addAction(tr("&Reload sessions"), this, [this]() { Q_EMIT requestSessions(); });
    reload->setShortcut(QKeySequence::Refresh);
    QAction *find = file->addAction(tr("&Filter sessions"), this, [this]() { m_search->setFocus(); m_search->selectAll(); });
    find->setShortcut(QKeySequence::Find);
    QAction *grep = file->addAction(tr("&Search transcripts"), this, [this]() {
        WindowLayout::bringDockForward(this, QStringLiteral("transcriptSearchDock"));
        m_grep->focusQuery();
    });
    grep->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    QMenu *conversation = menuBar()->addMenu(tr("&Conversation"));
    QAction *focusInput = conversation->addAction(tr("&Write to the agent"), this, [this] { m_composer->editor()->setFocus(); });
    focusInput->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    QAction *stop = conversation->addAction(tr("&Stop the turn"), m_conversation, &ConversationController::stop);
    stop->setShortcut(QKeySequence(Qt::Key_Escape));
    conversation->addSeparator();
    const auto decide = [this](const QString &decision) {
        if (!m_conversation->decideOldestApproval(decision))
            statusBar()->showMessage(tr("No tool call is waiting for your answer."), 4000);
    };
    QAction *allowOnce = conversation->addAction(tr("&Allow the waiting call once"), this, [decide] { decide(QStringLiteral("once")); });
    allowOnce->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Y));
    QAction *allowSession = conversation->addAction(tr("Allow it for this &session"), this, [decide] { decide(QStringLiteral("session")); });
    allowSession->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_U));
    QAction *deny = conversation->addAction(tr("&Deny the waiting call"), this, [decide] { decide(QStringLiteral("deny")); });
    deny->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));

    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        view->addAction(dock->toggleViewAction());
    addUsageAction(view, this, m_locations);
    QAction *rename = file->addAction(tr("&Rename session…"), this, &MainWindow::renameSelectedSession);
    rename->setShortcut(QKeySequence(Qt::Key_F2));
    rename->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_sessionView->addAction(rename);
    QAction *archive = file->addAction(tr("&Archive session"), this, &MainWindow::archiveSelectedSession);
    archive->setShortcut(QKeySequence::Delete);
    archive->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_sessionView->addAction(archive);
    QAction *remove = file->addAction(tr("&Delete session…"), this, &MainWindow::deleteSelectedSession);
    remove->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Delete));
    remove->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_sessionView->addAction(remove);
    m_sessionView->setContextMenuPolicy(Qt::ActionsContextMenu);
    file->addSeparator();
    QAction *settings = file->addAction(tr("Se&ttings…"), this, [this] { showSettings(); });
    settings->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    settings->setMenuRole(QAction::PreferencesRole);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *keys = help->addAction(tr("&Keyboard shortcuts"), this, &MainWindow::showShortcuts);
    keys->setShortcut(QKeySequence::HelpContents);
    QAction *about = help->addAction(tr("&About Valis"), this, [this]() {
        auto *dialog = new AboutDialog(m_locations, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    about->setMenuRole(QAction::AboutRole);
}

void MainWindow::showWelcome(bool shown)
{
    const bool wasShown = m_centreStack->currentWidget() == m_welcome;
    m_centreStack->setCurrentWidget(shown ? static_cast<QWidget *>(m_welcome) : m_transcript);
    if (!shown || wasShown)
        return;
    // Look around once each time it appears: local servers, other agents' session folders.
    m_welcome->probe();
    QStringList folders;
    for (const WelcomeView::ImportSource &source : WelcomeView::candidateSources(QDir::homePath()))
        folders << source.folder;
    Q_EMIT requestImportScan(folders);
}

void MainWindow::showShortcuts()
{
    // Made from the menus, so it always says what the keys really do.
    auto *dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("shortcutsHelp"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Keyboard shortcuts"));
    auto *table = new QTableWidget(dialog);
    table->setObjectName(QStringLiteral("shortcutsTable"));
    table->setAccessibleName(tr("Keyboard shortcuts"));
    table->setColumnCount(2);
    table->setHorizontalHeaderLabels({tr("Action"), tr("Keys")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    for (QAction *menu : menuBar()->actions()) {
        if (!menu->menu())
            continue;
        for (QAction *action : menu->menu()->actions()) {
            if (action->shortcut().isEmpty())
                continue;
            const int row = table->rowCount();
            table->insertRow(row);
            table->setItem(row, 0, new QTableWidgetItem(QString(action->text()).remove(QLatin1Char('&'))));
            table->setItem(row, 1, new QTableWidgetItem(action->shortcut().toString(QKeySequence::NativeText)));
        }
    }
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table->resizeColumnToContents(1);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(table);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    dialog->resize(460, 420);
    dialog->show();
}

void MainWindow::onStoreFailed(const Error &error)
{
    m_storeStatus->setText(tr("Session store: %1").arg(error.toString()));
    m_transcript->showPlaceholder(tr("The session store could not be read: %1").arg(error.toString()));
}

void MainWindow::restoreLayout()
{
    QSettings settings(m_locations.desktopSettingsPath(), QSettings::IniFormat);
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    if (!restoreState(settings.value(QStringLiteral("window/state")).toByteArray(), WindowLayout::StateVersion))
        WindowLayout::arrangeFirstStart(this);
}

void MainWindow::saveLayout() const
{
    QSettings settings(m_locations.desktopSettingsPath(), QSettings::IniFormat);
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(WindowLayout::StateVersion));
}

void MainWindow::showSettings(const QString &page)
{
    if (auto *open = findChild<SettingsDialog *>()) {
        open->raise();
        open->activateWindow();
        if (!page.isEmpty())
            open->showPage(page);
        return;
    }
    auto *dialog = new SettingsDialog(m_locations, m_plugins.get(), m_conversation->keys(), this, m_apiServer);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!page.isEmpty())
        dialog->showPage(page);
    connect(dialog, &SettingsDialog::applied, this, [this] {
        m_conversation->reloadSettings();
        if (m_plugins)
            m_embeddings->reload(m_plugins.get());
        m_marksKnown = false; // the thresholds may have moved
        m_pluginStatus->setText(pluginStatus());
    });
    dialog->open();
}

void MainWindow::changeEvent(QEvent *event)
{
    // The conversation page follows the window's palette (system or chosen theme).
    if (m_transcript && (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange))
        m_transcript->bridge()->setTheme(Appearance::pageTheme(palette()));
    QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!readyToClose()) {
        event->ignore();
        return;
    }
    saveLayout();
    event->accept();
}

} // namespace valis
