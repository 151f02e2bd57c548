#pragma once

#include "valis/core/result.h"

#include <QString>

namespace valis {

/// The crash-guard lock file (DataLocations::pluginLockPath()).
///
/// enter() records the plugin about to be loaded or initialised, leave() removes the record.
/// A record still there when the next process starts means that process died inside that
/// plugin's code; leftover() returns its id, and stays true until leave() removes the file.
///
///     {"version": 1, "plugin": "<id>", "file": "<path of the library>"}
class PluginCrashGuard
{
public:
    explicit PluginCrashGuard(const QString &path) : m_path(path) {}

    /// The id of the plugin named by a leftover lock, or empty when there is none. An
    /// unreadable lock is an Error, and removed.
    Result<QString> leftover();
    Result<void> enter(const QString &pluginId, const QString &filePath);
    void leave();

private:
    QString m_path;
};

} // namespace valis
