#pragma once

#include "valis/core/result.h"
#include "valis/plugins/pluginmanager.h"

#include <QString>

namespace valis {

/// The crash-guard lock file (DataLocations::pluginLockPath()).
///
/// enter() records the plugin about to be loaded, initialised or shut down, leave() removes the
/// record. A record still there when the next process starts means that process died inside
/// that plugin's code (or, for PluginCrashPhase::ShutdownHung, gave up waiting for it and
/// quit); leftover() returns it, and stays true until leave() removes the file.
///
///     {"version": 1, "plugin": "<id>", "file": "<path of the library>",
///      "phase": "loading" | "shutting-down" | "shutdown-hung"}
///
/// A lock without "phase" (written before it existed) means loading.
class PluginCrashGuard
{
public:
    struct Leftover
    {
        QString pluginId = {}; ///< Empty when there is no leftover lock.
        PluginCrashPhase phase = PluginCrashPhase::Loading;
    };

    explicit PluginCrashGuard(const QString &path) : m_path(path) {}

    /// The plugin named by a leftover lock (an empty id when there is none). An unreadable lock
    /// is an Error, and removed.
    Result<Leftover> leftover();
    Result<void> enter(const QString &pluginId, const QString &filePath, PluginCrashPhase phase);
    void leave();

private:
    QString m_path;
};

} // namespace valis
