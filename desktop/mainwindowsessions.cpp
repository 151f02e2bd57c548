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

#include <QDir>
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

#include <algorithm>

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

} // namespace valis
