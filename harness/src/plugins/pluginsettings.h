#pragma once

#include "valis/core/result.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace valis {

/// The plugin settings file (DataLocations::pluginSettingsPath()): enabled state and each
/// plugin's settings object.
///
///     {"version": 1, "plugins": {"<id>": {"enabled": false, "settings": {...}}}}
///
/// A missing file means every plugin is enabled with no settings. A file that cannot be read,
/// is malformed or comes from a newer format version is reported by load() and then kept as it
/// is: writes are refused rather than replacing what the user has.
class PluginSettings
{
public:
    static constexpr int FormatVersion = 1;

    explicit PluginSettings(const QString &path) : m_path(path) {}

    Result<void> load();

    bool isEnabled(const QString &id) const;
    QJsonObject settings(const QString &id) const;

    Result<void> setEnabled(const QString &id, bool enabled);
    Result<void> setSettings(const QString &id, const QJsonObject &settings);

private:
    Result<void> update(const QString &id, const QString &key, const QJsonValue &value);

    QString m_path;
    QJsonObject m_plugins;
    std::optional<Error> m_loadError;
};

} // namespace valis
