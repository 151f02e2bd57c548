#pragma once

#include <QString>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace valis {

/// Watches one plugin's shutdown() at a time from a thread of its own.
///
/// The plugin runs on the thread that owns its objects (the one that runs the PluginManager),
/// because its timers, sockets and child objects can only be stopped there. That thread cannot
/// be taken back from code that never returns, so the watchdog is the only part of the process
/// that still acts once the time is up: it calls `expired` on its own thread with the plugin
/// armed, and `expired` decides what happens then (the manager reports and ends the process).
/// arm() and disarm() come from the watched thread; the destructor stops the watchdog's thread.
class ShutdownWatchdog
{
public:
    using Expired = std::function<void(const QString &pluginId, const QString &filePath)>;

    ShutdownWatchdog(std::chrono::milliseconds timeout, Expired expired);
    ~ShutdownWatchdog();
    ShutdownWatchdog(const ShutdownWatchdog &) = delete;
    ShutdownWatchdog &operator=(const ShutdownWatchdog &) = delete;

    /// Starts the clock for `pluginId`; expired() fires unless disarm() comes within the timeout.
    void arm(const QString &pluginId, const QString &filePath);
    void disarm();

private:
    void run();

    const std::chrono::milliseconds m_timeout;
    const Expired m_expired;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    bool m_armed = false;
    quint64 m_generation = 0; ///< Counts arm() calls, so a late wake-up never fires for the next plugin.
    std::chrono::steady_clock::time_point m_deadline;
    QString m_pluginId;
    QString m_filePath;
    std::thread m_thread;
};

} // namespace valis
