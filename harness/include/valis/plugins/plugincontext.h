#pragma once

#include "valis/core/datalocations.h"
#include "valis/harness_export.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QUrl>

#include <functional>

namespace valis {

class CredentialStore;

/// What the front end running the plugins offers them (the desktop and valis-cli set it with
/// PluginManager::setHostServices()).
struct VALIS_HARNESS_EXPORT HostServices
{
    /// The OS keychain (OAuth tokens of MCP servers); nullptr where there is none.
    CredentialStore *credentials = nullptr;
    /// Opens `url` in the person's browser (an OAuth sign-in); false when it cannot. Empty: no
    /// browser (a plugin then shows the address instead).
    std::function<bool(const QUrl &url)> openUrl;
};

/// What the host hands a plugin in Plugin::initialize(): who it is, where Valis keeps its
/// files, its settings, and the plugins it depends on.
///
/// A plain value: the plugin may keep a copy. `settings` is the plugin's own object from the
/// plugin settings file (DataLocations::pluginSettingsPath(), under plugins.<id>.settings), empty
/// when there is none; the plugin validates it and reports a bad value as an initialize() error.
struct VALIS_HARNESS_EXPORT PluginContext
{
    QString pluginId;
    QString pluginFilePath;
    DataLocations locations;
    QJsonObject settings;
    /// The root objects of the dependencies that are initialised, by plugin id: every required
    /// dependency, and the optional ones that loaded. Cast them to their kind interface with
    /// qobject_cast. They live at least as long as this plugin (shutdown runs in reverse order).
    QHash<QString, QObject *> dependencies;
    /// What the front end offers (keychain, browser).
    HostServices host;

    /// The initialised dependency `id`, or nullptr when it is not (an optional one that is absent).
    QObject *dependency(const QString &id) const { return dependencies.value(id); }
};

} // namespace valis
