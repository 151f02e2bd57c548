#pragma once

#include "valis/core/datalocations.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QListWidget;
class QStackedWidget;

namespace valis {

class ApiServerController;
class CredentialStore;
class PluginManager;
class SettingsPage;

/// Valis's settings: providers (keys in the OS keychain, base URLs, a connection test, default
/// models), context thresholds, tool policies and sandbox defaults, plugins, appearance. Each
/// page writes its own file in the profile (config/*.json, desktop.ini) or the keychain on Apply
/// or OK; the running shell reads them again when applied() is emitted.
class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    /// `plugins` may be null while they are still starting (the pages that need them say so);
    /// `apiServer` is the window's OpenAI-compatible API switch (null: the page cannot offer it).
    SettingsDialog(const DataLocations &locations, PluginManager *plugins, CredentialStore *keys,
                   QWidget *parent = nullptr, ApiServerController *apiServer = nullptr);

    /// Shows the page titled `title`; false when there is none.
    bool showPage(const QString &title);

Q_SIGNALS:
    /// Every page saved; what they wrote is in effect for the next turn.
    void applied();

private:
    void addPage(SettingsPage *page);
    void applyAll(bool closeAfter);

    QListWidget *m_list;
    QStackedWidget *m_pages;
    QLabel *m_status;
    QDialogButtonBox *m_buttons;
    QList<SettingsPage *> m_all;
    bool m_applying = false;
};

} // namespace valis
