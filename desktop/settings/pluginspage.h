#pragma once

#include "settingspage.h"

class QTableWidget;

namespace valis {

class PluginManager;

/// Settings > Plugins: every plugin found, its version, state and what went wrong, with a
/// switch to enable or disable it from the next start (a running plugin is never unloaded
/// under a session that uses it).
class PluginsPage : public SettingsPage
{
    Q_OBJECT

public:
    explicit PluginsPage(PluginManager *plugins, QWidget *parent = nullptr);

    QString title() const override { return tr("Plugins"); }
    void apply(std::function<void(const Result<void> &)> done) override;

private:
    PluginManager *m_plugins;
    QTableWidget *m_table = nullptr;
};

} // namespace valis
