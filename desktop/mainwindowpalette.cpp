// MainWindow's command palette (Ctrl+K): every action of the window's menus, the sessions, the
// Settings pages and the recent workspaces, in one fuzzy-filtered list.
#include "mainwindow.h"

#include "commandpalette.h"
#include "composerwidget.h"
#include "mcpserverspage.h"
#include "sessionlistmodel.h"
#include "sharingpage.h"

#include <QAction>
#include <QCoreApplication>
#include <QPointer>
#include <QTreeView>
#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QSettings>

namespace valis {

namespace {

/// The Settings pages by title, in the dialog's order (settingsdialog.cpp). The titles are the
/// pages' own translated title() texts, so showSettings() finds them; tst_palette checks that
/// the dialog has each of them.
QStringList settingsPageTitles()
{
    return {QCoreApplication::translate("valis::ProvidersPage", "Providers"),
            QCoreApplication::translate("valis::ContextPage", "Context"),
            QCoreApplication::translate("valis::RecallPage", "Recall"),
            QCoreApplication::translate("valis::EmbeddingsPage", "Embeddings"),
            QCoreApplication::translate("valis::ToolsPage", "Tools"),
            McpServersPage::titleText(),
            SharingPage::titleText(),
            QCoreApplication::translate("valis::PluginsPage", "Plugins"),
            QCoreApplication::translate("valis::AppearancePage", "Appearance"),
            QCoreApplication::translate("valis::NotificationsPage", "Notifications")};
}

/// The menu's actions and those of its submenus, depth first, with the menu path that leads there.
void collectMenuActions(QMenu *menu, const QString &path, QList<QPair<QAction *, QString>> &out)
{
    for (QAction *action : menu->actions()) {
        if (action->isSeparator())
            continue;
        const QString text = QString(action->text()).remove(QLatin1Char('&'));
        if (QMenu *sub = action->menu())
            collectMenuActions(sub, path.isEmpty() ? text : path + QStringLiteral(" › ") + text, out);
        else
            out.append({action, path});
    }
}

} // namespace

void MainWindow::buildPalette()
{
    m_palette = new CommandPalette(this);
    m_palette->hide();
    QMenu *view = nullptr;
    for (QAction *menu : menuBar()->actions()) {
        if (menu->menu() && menu->text() == tr("&View"))
            view = menu->menu();
    }
    QAction *open = new QAction(tr("&Command palette…"), this);
    open->setObjectName(QStringLiteral("commandPaletteAction"));
    open->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    open->setShortcutContext(Qt::WindowShortcut);
    connect(open, &QAction::triggered, this, &MainWindow::openPalette);
    // In a menu, so F1's list of shortcuts shows it; the window keeps it when a menu moves.
    if (view) {
        view->insertAction(view->actions().value(0), open);
        view->insertSeparator(view->actions().value(1));
    }
    addAction(open);
    // The workspaces chosen lately, newest first, for the palette's "Workspace:" entries.
    connect(m_composer, &ComposerWidget::workspaceChosen, this, [this](const QString &path) {
        QSettings settings(m_locations.desktopSettingsPath(), QSettings::IniFormat);
        QStringList recent = settings.value(QStringLiteral("palette/recentWorkspaces")).toStringList();
        recent.removeAll(path);
        recent.prepend(path);
        settings.setValue(QStringLiteral("palette/recentWorkspaces"), recent.mid(0, 10));
    });
}

void MainWindow::openPalette()
{
    QList<PaletteEntry> entries;
    // Every action of the menus (with its shortcut), then those only the window has.
    QList<QPair<QAction *, QString>> actions;
    for (QAction *menu : menuBar()->actions()) {
        if (menu->menu())
            collectMenuActions(menu->menu(), QString(menu->text()).remove(QLatin1Char('&')), actions);
    }
    QSet<QAction *> seen;
    for (const auto &entry : std::as_const(actions))
        seen.insert(entry.first);
    for (QAction *action : this->actions()) {
        if (!seen.contains(action) && !action->isSeparator())
            actions.append({action, QString()});
    }
    for (const auto &[action, path] : std::as_const(actions)) {
        if (!action->isEnabled() || !action->isVisible() || action->objectName() == QLatin1String("commandPaletteAction"))
            continue;
        QString text = QString(action->text()).remove(QLatin1Char('&'));
        if (text.endsWith(QStringLiteral("…")))
            text.chop(1);
        QString detail = path.isEmpty() ? tr("Action") : path;
        if (!action->shortcut().isEmpty())
            detail += QStringLiteral(" · ") + action->shortcut().toString(QKeySequence::NativeText);
        QPointer<QAction> target(action);
        entries.append({text, detail, [target] {
                            if (target)
                                target->trigger();
                        }});
    }
    // The sessions by title; Enter opens one.
    for (const SessionInfo &info : visibleSessions()) {
        const QString id = info.id;
        entries.append({info.title.isEmpty() ? tr("Untitled session") : info.title, tr("Session"), [this, id] {
                            m_search->clear(); // the session must be in the list to be selected
                            selectSession(id);
                            m_sessionView->setFocus();
                        }});
    }
    for (const QString &page : settingsPageTitles())
        entries.append({tr("Settings: %1").arg(page), tr("Settings page"), [this, page] { showSettings(page); }});
    // Recent workspaces: chosen lately, the last one, then those the sessions work in.
    QStringList folders = QSettings(m_locations.desktopSettingsPath(), QSettings::IniFormat)
                              .value(QStringLiteral("palette/recentWorkspaces")).toStringList();
    folders.append(lastWorkspace());
    for (const SessionInfo &info : std::as_const(m_sessionInfos))
        folders.append(info.workspace);
    QSet<QString> listed;
    for (const QString &folder : std::as_const(folders)) {
        const QString clean = folder.isEmpty() ? QString() : QDir::cleanPath(folder);
        if (clean.isEmpty() || listed.contains(clean) || !QFileInfo(clean).isDir())
            continue;
        listed.insert(clean);
        entries.append({tr("Workspace: %1").arg(QDir::toNativeSeparators(clean)), tr("Recent workspace"), [this, clean] {
                            // The folder of a started session is fixed: a new session works there.
                            newSession();
                            m_composer->setWorkspace(clean, true);
                            Q_EMIT m_composer->workspaceChosen(clean);
                        }});
    }
    m_palette->open(std::move(entries));
}

} // namespace valis
