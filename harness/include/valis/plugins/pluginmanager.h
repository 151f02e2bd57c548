#pragma once

#include "valis/core/datalocations.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/plugincontext.h"
#include "valis/plugins/pluginspec.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <chrono>
#include <functional>
#include <memory>
#include <vector>

namespace valis {

class ContextStrategy;
class EmbeddingProvider;
class PluginSettings;
class Provider;
class Sandbox;
class ToolProvider;
class PluginCrashGuard;

/// What a plugin was doing when an earlier process ended inside it (PluginManager::crashPhase()).
enum class PluginCrashPhase {
    Loading,      ///< loading or initialize(): the process died
    ShuttingDown, ///< shutdown(): the process died
    ShutdownHung, ///< shutdown() did not return in time; the process quit without it
};

/// Finds, checks, loads and stops the plugins of one Valis process.
///
/// Constructed in main() (never a singleton) with the profile's DataLocations and the system
/// plugin folders (DataLocations::systemPluginDirs()). It scans those folders in order, then
/// the user's DataLocations::userPluginDir(PluginApiVersion). Use from one thread.
///
///     PluginManager plugins(locations, DataLocations::systemPluginDirs());
///     plugins.scan();                        // specs in Read or Invalid; no plugin code runs
///     if (!plugins.crashedPlugin().isEmpty()) ... ask, then plugins.disableCrashedPlugin();
///     plugins.loadAll();                     // resolves, then loads in dependency order
///     for (ProviderPlugin *p : plugins.plugins<ProviderPlugin>()) ...
///     Provider *anthropic = plugins.provider(QStringLiteral("anthropic"));
///
/// Rules it applies, each leaving a reason on the PluginSpec concerned, and never stopping at
/// the first broken plugin:
/// - Only library files are looked at (QLibrary::isLibrary); a library whose metadata is wrong
///   is listed as Invalid.
/// - Duplicate ids: a valid copy in a later folder overrides the one in an earlier folder (so
///   the user's copy wins over the system's); the overridden copy is Disabled with a reason
///   naming the winner, which gets a note. Two valid copies in the same folder are an error:
///   the second one (by file name) is Invalid.
/// - A dependency {id, version} is satisfied by plugin id when its compatVersion <= version <=
///   its version. A missing or out-of-range required dependency, or one that is disabled,
///   invalid or fails, makes the dependent Failed naming it; an optional one only adds a note.
///   Dependency cycles fail every plugin on the cycle, naming it ("a -> b -> a").
/// - Plugins load in dependency order (dependencies first, otherwise by id) and stop in the
///   reverse order.
/// - Enabled/disabled state and per-plugin settings persist in DataLocations::pluginSettingsPath()
///   ({"version": 1, "plugins": {"<id>": {"enabled": false, "settings": {...}}}}), written
///   atomically. Changes apply from the next resolve(); running plugins are not stopped.
/// - Safe mode loads nothing; every plugin is Disabled with a reason saying so.
/// - Crash guard: the id of the plugin being loaded or initialised is kept in
///   DataLocations::pluginLockPath() and removed after. A lock left over when the next process
///   scans names the plugin that was loading when the process died: crashedPlugin() reports it,
///   disableCrashedPlugin() disables it. The lock is cleared by disableCrashedPlugin() or by
///   loadAll(), so a process that only lists plugins leaves the report for the next one. (Two
///   processes loading plugins from one profile at the same moment can misattribute a crash.)
///   The lock also covers each plugin's shutdown(), so a crash there is named the same way, with
///   crashPhase() saying so.
/// - Shutdown hang: a plugin's shutdown() runs on the manager's thread (its objects' thread), with
///   a watchdog. One that has not returned after shutdownTimeout() is abandoned: the problem is
///   reported (setProblemReporter()), the lock names it with PluginCrashPhase::ShutdownHung, and
///   the process ends at once with HungShutdownExitCode. Quitting is the only way on: the
///   thread is inside the plugin's code and cannot be taken back, and the other plugins' objects
///   live on that thread too. Nothing is unloaded; the next start names the plugin.
class VALIS_HARNESS_EXPORT PluginManager
{
public:
    PluginManager(const DataLocations &locations, const QStringList &systemFolders);
    /// Stops the running plugins (shutdown()).
    ~PluginManager();
    PluginManager(const PluginManager &) = delete;
    PluginManager &operator=(const PluginManager &) = delete;

    /// What the front end offers plugins (keychain, browser); set before loadAll().
    void setHostServices(const HostServices &services) { m_hostServices = services; }
    const HostServices &hostServices() const { return m_hostServices; }

    /// Safe mode: load no plugin. Set it before resolve() / loadAll().
    void setSafeMode(bool on) { m_safeMode = on; }
    bool isSafeMode() const { return m_safeMode; }

    /// The folders scanned, in order: the system folders, then the user's.
    QStringList folders() const;
    QString userFolder() const;

    /// Reads the settings file and the crash-guard lock (crashedPlugin()), finds the plugin
    /// files and reads their metadata. Stops and forgets plugins of an earlier scan.
    void scan();
    /// Applies duplicates, enabled state, safe mode and dependencies; fixes the load order.
    /// Scans first if that has not happened.
    void resolve();
    /// Loads and initialises every Resolved plugin in load order; those that succeed are Running.
    /// Resolves first if that has not happened. A plugin whose dependency failed to load fails
    /// too. Clears a leftover crash-guard lock: the crash has been reported by scan().
    void loadAll();
    /// Calls shutdown() on the running plugins in reverse load order and deletes them (Stopped).
    /// Returns the problems met (an exception, a crash-guard lock that could not be written),
    /// each also given to the problem reporter and kept on the plugin's PluginSpec. Does not
    /// return when a plugin hangs past shutdownTimeout() (see the class comment).
    QList<Error> shutdown();

    /// How long one plugin's shutdown() may take before it is abandoned.
    std::chrono::milliseconds shutdownTimeout() const { return m_shutdownTimeout; }
    void setShutdownTimeout(std::chrono::milliseconds timeout) { m_shutdownTimeout = timeout; }

    /// Exit status of a process that ended because a plugin hung in shutdown().
    static constexpr int HungShutdownExitCode = 70;

    /// Receives problems met while stopping plugins, as they happen, including from the
    /// destructor, where nobody could read a return value, and from the watchdog's thread just
    /// before the process ends. The default writes one line to stderr, the log valis and
    /// valis-cli show; a front end may send them elsewhere.
    using ProblemReporter = std::function<void(const Error &problem)>;
    void setProblemReporter(ProblemReporter reporter) { m_reporter = std::move(reporter); }

    /// Every plugin file found, in scan order (folder, then file name).
    QList<const PluginSpec *> specs() const;
    /// The plugin with this id that counts (the overriding copy), or nullptr.
    const PluginSpec *spec(const QString &id) const;
    /// The Resolved plugins in the order they load (after resolve()).
    QList<const PluginSpec *> loadOrder() const;

    /// The root objects of the Running plugins, in load order.
    QList<QObject *> runningInstances() const;
    /// The Running plugins that implement `Interface` (ProviderPlugin, ToolPlugin, ...).
    template<typename Interface>
    QList<Interface *> plugins() const
    {
        QList<Interface *> result;
        for (QObject *instance : runningInstances()) {
            if (auto *object = qobject_cast<Interface *>(instance))
                result.append(object);
        }
        return result;
    }

    /// What the Running plugins hand out, gathered across plugins in load order.
    QList<Provider *> providers() const;
    /// The Running plugins' provider with this id (Provider::id()), or nullptr.
    Provider *provider(const QString &id) const;
    QList<ToolProvider *> toolProviders() const;
    QList<ContextStrategy *> strategies() const;
    QList<Sandbox *> sandboxes() const;
    /// The sandbox with id `id` (Sandbox::id()), or nullptr.
    Sandbox *sandbox(const QString &id) const;
    QList<EmbeddingProvider *> embeddingProviders() const;
    /// The embedding provider with this id (EmbeddingProvider::id()), or nullptr.
    EmbeddingProvider *embeddingProvider(const QString &id) const;

    /// Whether the settings let `id` load (true unless disabled).
    bool isEnabled(const QString &id) const;
    /// Persists the enabled state of `id`. It takes effect when plugins are next resolved, so a
    /// change between scan() and loadAll() counts; running plugins are not stopped. Fails (and
    /// writes nothing) when the settings file cannot be written, or exists but cannot be read.
    Result<void> setEnabled(const QString &id, bool enabled);
    /// The settings object handed to plugin `id` in its PluginContext.
    QJsonObject pluginSettings(const QString &id) const;
    Result<void> setPluginSettings(const QString &id, const QJsonObject &settings);

    /// The id of the plugin that was being loaded or initialised when an earlier process died,
    /// as found by the last scan(); empty when there was none. Call between scan() and
    /// loadAll() to offer disabling it.
    QString crashedPlugin() const { return m_crashedPlugin; }
    /// What crashedPlugin() was doing: loading, shutting down, or hung in its shutdown.
    PluginCrashPhase crashPhase() const { return m_crashPhase; }
    /// Disables crashedPlugin() (see setEnabled()) and clears the crash-guard lock.
    Result<void> disableCrashedPlugin();

    /// Problems that belong to no single plugin: an unreadable settings file or crash-guard
    /// lock. Plugin problems are on their PluginSpec.
    QList<Error> errors() const { return m_errors; }

private:
    enum class Phase { Idle, Scanned, Resolved, Loaded };

    void resolveDuplicates();
    void applyEnabledState();
    void linkDependencies();
    void orderAndCheck();
    void loadOne(PluginSpec *spec);
    [[noreturn]] void abandonHungShutdown(const QString &pluginId, const QString &filePath);
    void report(const Error &problem) const;
    PluginSpec *winner(const QString &id) const;

    DataLocations m_locations;
    QStringList m_systemFolders;
    bool m_safeMode = false;
    Phase m_phase = Phase::Idle;
    std::vector<std::unique_ptr<PluginSpec>> m_specs;
    QList<PluginSpec *> m_loadOrder;
    QString m_crashedPlugin;
    PluginCrashPhase m_crashPhase = PluginCrashPhase::Loading;
    QList<Error> m_errors;
    std::unique_ptr<PluginSettings> m_settings;
    std::unique_ptr<PluginCrashGuard> m_crashGuard;
    HostServices m_hostServices;
    /// Longer than the slowest polite stop of a plugin in this tree (the MCP host gives its
    /// servers up to 7 s to exit after closing their input), short enough that a quit that
    /// waits for it still reads as slow rather than stuck.
    std::chrono::milliseconds m_shutdownTimeout{10000};
    ProblemReporter m_reporter;
};

} // namespace valis
