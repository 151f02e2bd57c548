// MainWindow's session list: what it shows (grouped by folder, minus a deletion waiting for
// its undo time), and renaming, archiving, deleting and starting sessions.
#include "mainwindow.h"

#include "appearance.h"
#include "composerwidget.h"
#include "conversationcontroller.h"
#include "conversationview.h"
#include "sessionlistmodel.h"
#include "transcriptgreppane.h"
#include "welcomeview.h"
#include "sessionlistworker.h"

#include <QActionGroup>
#include <QDir>
#include <QFileDialog>
#include <QMenu>
#include <QMenuBar>
#include <QStandardPaths>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTimer>
#include <QTreeView>
#include <QRegularExpression>

#include <algorithm>
#include <tuple>

namespace valis {

void MainWindow::renameSelectedSession()
{
    const QModelIndex current = m_sessionView->currentIndex();
    const QString id = current.data(SessionListModel::SessionIdRole).toString();
    if (id.isEmpty())
        return;
    auto *dialog = new QInputDialog(this);
    dialog->setObjectName(QStringLiteral("renameSession"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Rename session"));
    dialog->setLabelText(tr("Title:"));
    dialog->setTextValue(current.data(Qt::DisplayRole).toString());
    connect(dialog, &QInputDialog::textValueSelected, this, [this, id](const QString &title) {
        if (!title.trimmed().isEmpty())
            Q_EMIT requestRename(id, title.trimmed());
    });
    dialog->open();
}

void MainWindow::archiveSelectedSession()
{
    const QModelIndex current = m_sessionView->currentIndex();
    const QString id = current.data(SessionListModel::SessionIdRole).toString();
    if (id.isEmpty())
        return;
    const QString title = current.data(Qt::DisplayRole).toString();
    Q_EMIT requestArchive(id, true);
    if (id == m_shownSession)
        newSession();
    // Nothing is lost: archived sessions stay in the store, and the next seconds can bring it back.
    delete statusBar()->findChild<QWidget *>(QStringLiteral("undoArchive"));
    auto *undo = new QPushButton(tr("Undo: archived \"%1\"").arg(title), statusBar());
    undo->setObjectName(QStringLiteral("undoArchive"));
    statusBar()->addWidget(undo);
    connect(undo, &QPushButton::clicked, this, [this, id, undo] {
        Q_EMIT requestArchive(id, false);
        m_shownSession.clear();
        m_options.initialSession = id;
        undo->deleteLater();
    });
    QTimer::singleShot(10000, undo, &QObject::deleteLater);
}

QList<SessionInfo> MainWindow::visibleSessions() const
{
    if (m_pendingDelete.isEmpty())
        return m_sessionInfos;
    QSet<QString> hidden{m_pendingDelete};
    // Subagent sessions go with their parent; parents are listed before or after, so repeat.
    for (bool grew = true; grew;) {
        grew = false;
        for (const SessionInfo &info : m_sessionInfos) {
            if (!hidden.contains(info.id) && hidden.contains(info.parentSessionId)) {
                hidden.insert(info.id);
                grew = true;
            }
        }
    }
    QList<SessionInfo> shown;
    for (const SessionInfo &info : m_sessionInfos) {
        if (!hidden.contains(info.id))
            shown.append(info);
    }
    return shown;
}

void MainWindow::deleteSelectedSession()
{
    const QModelIndex current = m_sessionView->currentIndex();
    const QString id = current.data(SessionListModel::SessionIdRole).toString();
    if (id.isEmpty())
        return;
    if (m_conversation->isBusy() && m_conversation->sessionId() == id) {
        statusBar()->showMessage(tr("Stop the running turn before deleting its session."), 8000);
        return;
    }
    // One deletion waits at a time: an earlier one is carried out now.
    commitPendingDelete();
    const QString title = current.data(Qt::DisplayRole).toString();
    m_pendingDelete = id;
    const QList<SessionInfo> left = visibleSessions();
    const bool shownStays = std::any_of(left.cbegin(), left.cend(), [this](const SessionInfo &info) { return info.id == m_shownSession; });
    if (!m_shownSession.isEmpty() && !shownStays)
        newSession();
    m_sessions->setSessions(left);
    m_sessionView->expandAll();
    // Gone from the list at once, from the store only when the time to undo is over.
    delete statusBar()->findChild<QWidget *>(QStringLiteral("undoDelete"));
    auto *undo = new QPushButton(tr("Undo: deleted \"%1\"").arg(title), statusBar());
    undo->setObjectName(QStringLiteral("undoDelete"));
    statusBar()->addWidget(undo);
    if (!m_deleteTimer) {
        m_deleteTimer = new QTimer(this);
        m_deleteTimer->setSingleShot(true);
        connect(m_deleteTimer, &QTimer::timeout, this, &MainWindow::commitPendingDelete);
    }
    m_deleteTimer->start(std::chrono::seconds(10));
    connect(undo, &QPushButton::clicked, this, [this, id, undo] {
        if (m_pendingDelete != id)
            return;
        m_deleteTimer->stop();
        m_pendingDelete.clear();
        m_sessions->setSessions(visibleSessions());
        m_sessionView->expandAll();
        undo->deleteLater();
        selectSession(id);
    });
}

void MainWindow::commitPendingDelete()
{
    if (m_pendingDelete.isEmpty())
        return;
    if (m_deleteTimer)
        m_deleteTimer->stop();
    const QString id = std::exchange(m_pendingDelete, {});
    delete statusBar()->findChild<QWidget *>(QStringLiteral("undoDelete"));
    // Its own settings go with it.
    QSettings(m_locations.desktopSettingsPath(), QSettings::IniFormat)
        .remove(QStringLiteral("session-") + id);
    Q_EMIT requestDelete(id);
}

void MainWindow::newSession()
{
    showWelcome(false);
    m_shownSession.clear();
    m_sessionView->clearSelection();
    m_sessionView->setCurrentIndex(QModelIndex());
    m_conversation->setSessionId(QString());
    m_composer->setWorkspace(lastWorkspace(), true);
    m_transcript->showPlaceholder(tr("A new session: write the first turn below."));
    m_composer->editor()->setFocus();
}

QString MainWindow::lastWorkspace() const
{
    // A new session works where the last new one did, until the person picks another folder.
    const QString last = QSettings(m_locations.desktopSettingsPath(), QSettings::IniFormat)
                             .value(QStringLiteral("composer/workspace")).toString();
    return !last.isEmpty() && QFileInfo(last).isDir() ? last : QDir::homePath();
}

void MainWindow::onSessionsListed(const QList<SessionInfo> &sessions)
{
    const QString fork = std::exchange(m_sessionToSelect, QString());
    const QString keep = !fork.isEmpty() ? fork : m_shownSession.isEmpty() ? m_options.initialSession : m_shownSession;
    m_sessionInfos = sessions;
    m_sessions->setSessions(visibleSessions());
    m_sessionView->expandAll();
    m_storeStatus->setText(tr("%n sessions in %1", nullptr, int(sessions.size()))
                               .arg(QDir::toNativeSeparators(m_locations.sessionDatabasePath())));
    if (sessions.isEmpty()) {
        m_transcript->showPlaceholder(tr("No sessions yet. Import your agent transcripts with "
                                         "'valis-cli import ~/.claude/projects' or start a session."));
        showWelcome(true);
        return;
    }
    showWelcome(false);
    if (!keep.isEmpty())
        selectSession(keep);
    else if (m_shownSession.isEmpty())
        m_transcript->showPlaceholder(tr("Choose a session on the left."));
}

void MainWindow::selectSession(const QString &sessionId)
{
    const QModelIndex source = m_sessions->indexOf(sessionId);
    if (!source.isValid()) {
        statusBar()->showMessage(tr("There is no session \"%1\".").arg(sessionId), 10000);
        return;
    }
    m_sessionView->setCurrentIndex(m_filter->mapFromSource(source));
}

void MainWindow::onMessagesLoaded(const QString &sessionId, const QList<Message> &messages, const QString &activeLeaf)
{
    if (sessionId != m_shownSession)
        return; // the user moved on while it loaded
    const QString focus = std::exchange(m_focusMessage, {});
    for (const SessionInfo &info : std::as_const(m_sessionInfos)) {
        if (info.id == sessionId) {
            m_transcript->showSessionOutline(info, messages, focus, activeLeaf);
            return;
        }
    }
    // A session created a moment ago may not be in the list yet.
    SessionInfo fresh;
    fresh.id = sessionId;
    m_transcript->showSessionOutline(fresh, messages, focus, activeLeaf);
}

void MainWindow::buildSessionListTools()
{
    // Pins, the content search and exports go to the store's thread, on its connection.
    m_listWorker = new SessionListWorker(m_worker);
    m_listWorker->moveToThread(&m_storeThread);
    connect(&m_storeThread, &QThread::finished, m_listWorker, &QObject::deleteLater);
    connect(m_listWorker, &SessionListWorker::failed, this, [this](const Error &error) {
        statusBar()->showMessage(tr("Session list: %1").arg(error.toString()), 10000);
    });
    connect(m_listWorker, &SessionListWorker::pinnedChanged, this, [this] { Q_EMIT requestSessions(); });
    connect(m_listWorker, &SessionListWorker::exported, this, [this](const QString &, const QString &path) {
        statusBar()->showMessage(tr("Exported to %1").arg(QDir::toNativeSeparators(path)), 10000);
    });

    // The filter: titles at once (the proxy), the messages once typing pauses (the store's FTS).
    m_filter->setFilterRole(SessionListModel::FilterTextRole);
    m_contentSearchTimer = new QTimer(this);
    m_contentSearchTimer->setSingleShot(true);
    m_contentSearchTimer->setInterval(std::chrono::milliseconds(250));
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        if (text.trimmed().isEmpty()) {
            m_contentSearchTimer->stop();
            m_sessions->setContentMatches({}, {});
            return;
        }
        m_contentSearchTimer->start();
    });
    connect(m_contentSearchTimer, &QTimer::timeout, this, [this] {
        const int generation = ++m_contentSearchGeneration;
        m_listWorker->supersedeSearches(generation);
        QMetaObject::invokeMethod(m_listWorker, [worker = m_listWorker, text = m_search->text(), generation] {
            worker->searchContent(text, generation);
        }, Qt::QueuedConnection);
    });
    connect(m_listWorker, &SessionListWorker::contentMatched, this,
            [this](int generation, const QString &text, const QSet<QString> &sessionIds) {
                if (generation != m_contentSearchGeneration || text != m_search->text())
                    return; // the filter moved on
                m_sessions->setContentMatches(text, sessionIds);
                m_filter->invalidate();
                m_sessionView->expandAll();
            });

    QMenu *file = nullptr;
    QMenu *view = nullptr;
    for (QAction *menu : menuBar()->actions()) {
        if (menu->menu() && menu->text() == tr("&File"))
            file = menu->menu();
        else if (menu->menu() && menu->text() == tr("&View"))
            view = menu->menu();
    }
    const auto selectedId = [this] { return m_sessionView->currentIndex().data(SessionListModel::SessionIdRole).toString(); };
    auto *pin = new QAction(tr("&Pin session"), this);
    pin->setObjectName(QStringLiteral("pinSessionAction"));
    connect(pin, &QAction::triggered, this, [this, selectedId] {
        const QString id = selectedId();
        if (id.isEmpty())
            return;
        const bool pinned = m_sessionView->currentIndex().data(SessionListModel::PinnedRole).toBool();
        QMetaObject::invokeMethod(m_listWorker, [worker = m_listWorker, id, pinned] { worker->setPinned(id, !pinned); },
                                  Qt::QueuedConnection);
    });
    auto *markdown = new QAction(tr("Export as &Markdown…"), this);
    markdown->setObjectName(QStringLiteral("exportMarkdownAction"));
    connect(markdown, &QAction::triggered, this, [this] { exportSelectedSession(QStringLiteral("markdown")); });
    auto *jsonl = new QAction(tr("Export as &JSONL…"), this);
    jsonl->setObjectName(QStringLiteral("exportJsonlAction"));
    connect(jsonl, &QAction::triggered, this, [this] { exportSelectedSession(QStringLiteral("jsonl")); });
    // Pin or unpin, and only with a session selected.
    const auto follow = [this, pin, markdown, jsonl, selectedId] {
        const bool session = !selectedId().isEmpty();
        pin->setText(m_sessionView->currentIndex().data(SessionListModel::PinnedRole).toBool() ? tr("Un&pin session")
                                                                                                : tr("&Pin session"));
        for (QAction *action : {pin, markdown, jsonl})
            action->setEnabled(session);
    };
    connect(m_sessionView->selectionModel(), &QItemSelectionModel::currentChanged, this, follow);
    connect(m_sessions, &QAbstractItemModel::modelReset, this, follow);
    follow();

    auto *sort = new QMenu(tr("S&ort sessions by"), this);
    sort->setObjectName(QStringLiteral("sortSessionsMenu"));
    auto *group = new QActionGroup(sort);
    const QString chosen = QSettings(m_locations.desktopSettingsPath(), QSettings::IniFormat)
                               .value(QStringLiteral("sessions/sort"), QStringLiteral("activity")).toString();
    const QList<std::tuple<QString, QString, SessionListModel::SortOrder>> orders{
        {QStringLiteral("activity"), tr("Recent activity"), SessionListModel::SortOrder::RecentActivity},
        {QStringLiteral("created"), tr("Creation date"), SessionListModel::SortOrder::Created},
        {QStringLiteral("title"), tr("Title"), SessionListModel::SortOrder::Title}};
    for (const auto &entry : orders) {
        // Copies, not structured bindings: older Clangs cannot capture those in a lambda.
        const QString key = std::get<0>(entry);
        const SessionListModel::SortOrder order = std::get<2>(entry);
        QAction *action = sort->addAction(std::get<1>(entry));
        action->setObjectName(QStringLiteral("sortBy-") + key);
        action->setCheckable(true);
        action->setActionGroup(group);
        if (key == chosen) {
            action->setChecked(true);
            m_sessions->setSortOrder(order);
        }
        connect(action, &QAction::triggered, this, [this, key, order] {
            QSettings(m_locations.desktopSettingsPath(), QSettings::IniFormat).setValue(QStringLiteral("sessions/sort"), key);
            m_sessions->setSortOrder(order);
            m_sessionView->expandAll();
            if (!m_shownSession.isEmpty()) // a reset forgets the current row
                selectSession(m_shownSession);
        });
    }
    if (file) {
        // With the other session actions: before the separator above Settings.
        const QList<QAction *> actions = file->actions();
        QAction *before = nullptr;
        for (qsizetype i = 1; i < actions.size(); ++i) {
            if (actions.at(i)->menuRole() == QAction::PreferencesRole)
                before = actions.at(i - 1);
        }
        file->insertActions(before, {pin, markdown, jsonl});
    }
    if (view)
        view->addMenu(sort);
    m_sessionView->addActions({pin, markdown, jsonl, sort->menuAction()});
}

void MainWindow::exportSelectedSession(const QString &format)
{
    const QModelIndex current = m_sessionView->currentIndex();
    const QString id = current.data(SessionListModel::SessionIdRole).toString();
    if (id.isEmpty())
        return;
    const bool jsonl = format == QLatin1String("jsonl");
    QString name = current.data(Qt::DisplayRole).toString();
    name.replace(QRegularExpression(QStringLiteral("[\\\\/:*?\"<>|\\s]+")), QStringLiteral("-"));
    QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    auto *dialog = new QFileDialog(this, jsonl ? tr("Export the session as JSONL") : tr("Export the session as Markdown"),
                                   QDir(folder).filePath(name + (jsonl ? QStringLiteral(".jsonl") : QStringLiteral(".md"))));
    dialog->setObjectName(QStringLiteral("exportSessionDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setNameFilter(jsonl ? tr("Valis JSONL (*.jsonl)") : tr("Markdown (*.md)"));
    dialog->setDefaultSuffix(jsonl ? QStringLiteral("jsonl") : QStringLiteral("md"));
    connect(dialog, &QFileDialog::fileSelected, this, [this, id, jsonl](const QString &path) {
        if (path.isEmpty())
            return;
        const auto kind = jsonl ? SessionListWorker::ExportFormat::Jsonl : SessionListWorker::ExportFormat::Markdown;
        QMetaObject::invokeMethod(m_listWorker, [worker = m_listWorker, id, kind, path] { worker->exportSession(id, kind, path); },
                                  Qt::QueuedConnection);
    });
    dialog->open();
}

} // namespace valis
