#include "valis/plugins/pluginmanager.h"

#include "valis/plugins/contextstrategy.h"
#include "valis/plugins/embeddingplugin.h"
#include "valis/plugins/embeddingprovider.h"
#include "valis/plugins/provider.h"
#include "valis/plugins/providerplugin.h"
#include "valis/plugins/sandbox.h"
#include "valis/plugins/sandboxplugin.h"
#include "valis/plugins/strategyplugin.h"
#include "valis/plugins/toolplugin.h"
#include "valis/plugins/toolprovider.h"

#include "plugincrashguard.h"
#include "pluginsettings.h"
#include "shutdownwatchdog.h"
#include "valis/plugins/plugin.h"
#include "valis/plugins/pluginapi.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QLibrary>
#include <QSet>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::PluginManager)
};

void writeToStandardError(const Error &problem)
{
    // One write, unbuffered: this may be the last thing the process does (abandonHungShutdown()).
    const QByteArray line = QStringLiteral("valis: %1\n").arg(problem.toString()).toLocal8Bit();
    std::fwrite(line.constData(), 1, size_t(line.size()), stderr);
}

} // namespace

PluginManager::PluginManager(const DataLocations &locations, const QStringList &systemFolders)
    : m_locations(locations),
      m_systemFolders(systemFolders),
      m_settings(std::make_unique<PluginSettings>(locations.pluginSettingsPath())),
      m_crashGuard(std::make_unique<PluginCrashGuard>(locations.pluginLockPath())),
      m_reporter(writeToStandardError)
{
    // Read now so that setEnabled() before scan() keeps what the file holds; scan() reads again.
    const Result<void> settings = m_settings->load();
    if (settings.hasError())
        m_errors.append(settings.error());
}

PluginManager::~PluginManager()
{
    shutdown();
}

QString PluginManager::userFolder() const
{
    return m_locations.userPluginDir(PluginApiVersion);
}

QStringList PluginManager::folders() const
{
    QStringList folders;
    for (const QString &folder : m_systemFolders)
        folders.append(QDir::cleanPath(QDir(folder).absolutePath()));
    folders.append(QDir::cleanPath(userFolder()));
    return folders;
}

void PluginManager::scan()
{
    shutdown();
    m_specs.clear();
    m_loadOrder.clear();
    m_errors.clear();
    m_crashedPlugin.clear();
    m_crashPhase = PluginCrashPhase::Loading;

    const Result<PluginCrashGuard::Leftover> leftover = m_crashGuard->leftover();
    if (leftover.ok()) {
        m_crashedPlugin = leftover->pluginId;
        m_crashPhase = leftover->phase;
    } else
        m_errors.append(leftover.error());

    const Result<void> settings = m_settings->load();
    if (settings.hasError())
        m_errors.append(settings.error());

    const QStringList allFolders = folders();
    for (int index = 0; index < allFolders.size(); ++index) {
        const QString &folder = allFolders.at(index);
        const bool userPlugins = index == allFolders.size() - 1;
        const QFileInfoList files = QDir(folder).entryInfoList(QDir::Files, QDir::Name);
        for (const QFileInfo &file : files) {
            if (!QLibrary::isLibrary(file.fileName()))
                continue;
            std::unique_ptr<PluginSpec> spec(
                new PluginSpec(file.absoluteFilePath(), folder, index, userPlugins));
            spec->readMetaData();
            m_specs.push_back(std::move(spec));
        }
    }
    m_phase = Phase::Scanned;
}

void PluginManager::resolve()
{
    if (m_phase == Phase::Idle)
        scan();
    if (m_phase != Phase::Scanned)
        return;
    resolveDuplicates();
    applyEnabledState();
    linkDependencies();
    orderAndCheck();
    m_phase = Phase::Resolved;
}

PluginSpec *PluginManager::winner(const QString &id) const
{
    // Overridden copies are Disabled and later copies win, so the last valid, non-overridden
    // copy is the one that counts.
    PluginSpec *found = nullptr;
    for (const auto &spec : m_specs) {
        if (spec->id() == id && spec->state() != PluginSpec::State::Invalid
            && !(spec->state() == PluginSpec::State::Disabled && spec->m_overridden))
            found = spec.get();
    }
    return found;
}

void PluginManager::resolveDuplicates()
{
    QHash<QString, PluginSpec *> current;
    for (const auto &owned : m_specs) {
        PluginSpec *spec = owned.get();
        if (spec->state() != PluginSpec::State::Read)
            continue;
        PluginSpec *earlier = current.value(spec->id());
        if (!earlier) {
            current.insert(spec->id(), spec);
        } else if (earlier->m_folderIndex == spec->m_folderIndex) {
            spec->invalidate(QStringLiteral("plugin.duplicate-id"),
                             Text::tr("has the id '%1' of another plugin in the same folder, %2")
                                 .arg(spec->id(), earlier->filePath()));
        } else {
            earlier->disable(Text::tr("overridden by %1").arg(spec->filePath()));
            earlier->m_overridden = true;
            spec->addNote(Text::tr("overrides %1").arg(earlier->filePath()));
            current.insert(spec->id(), spec);
        }
    }
}

void PluginManager::applyEnabledState()
{
    for (const auto &spec : m_specs) {
        if (spec->state() != PluginSpec::State::Read)
            continue;
        if (m_safeMode)
            spec->disable(Text::tr("not loaded because Valis runs in safe mode"));
        else if (!m_settings->isEnabled(spec->id()))
            spec->disable(Text::tr("disabled by the user"));
    }
}

void PluginManager::linkDependencies()
{
    for (const auto &owned : m_specs) {
        PluginSpec *spec = owned.get();
        if (spec->state() != PluginSpec::State::Read)
            continue;
        for (const PluginDependency &dependency : spec->dependencies()) {
            const bool required = dependency.type == PluginDependency::Type::Required;
            PluginSpec *target = winner(dependency.id);
            if (!target) {
                const bool invalid = std::any_of(m_specs.cbegin(), m_specs.cend(), [&](const auto &other) {
                    return other->id() == dependency.id;
                });
                const QString message = invalid
                    ? Text::tr("requires '%1' %2, which is invalid").arg(dependency.id, dependency.version)
                    : Text::tr("requires '%1' %2, which was not found").arg(dependency.id, dependency.version);
                if (required)
                    spec->fail(QStringLiteral("plugin.dependency-missing"), message);
                else
                    spec->addNote(Text::tr("optional dependency not used: %1").arg(message));
            } else if (!target->provides(dependency.version)) {
                const QString message = target->compatVersion() == target->version()
                    ? Text::tr("requires '%1' %2, but the installed '%1' is %3")
                          .arg(dependency.id, dependency.version, target->version())
                    : Text::tr("requires '%1' %2, but the installed '%1' %3 is compatible with versions %4 to %3 only")
                          .arg(dependency.id, dependency.version, target->version(), target->compatVersion());
                if (required)
                    spec->fail(QStringLiteral("plugin.dependency-version"), message);
                else
                    spec->addNote(Text::tr("optional dependency not used: %1").arg(message));
            } else {
                spec->m_resolved.append({target, dependency.type});
            }
        }
    }
}

void PluginManager::orderAndCheck()
{
    // Depth-first over the dependency edges, visiting plugins by id so the order is stable.
    // A plugin is decided after all its dependencies, so their outcome is known; an edge back
    // to a plugin still on the stack closes a cycle.
    QList<PluginSpec *> roots;
    for (const auto &spec : m_specs)
        roots.append(spec.get());
    std::stable_sort(roots.begin(), roots.end(),
                     [](const PluginSpec *a, const PluginSpec *b) { return a->id() < b->id(); });

    QSet<PluginSpec *> done;
    QList<PluginSpec *> stack;
    const auto visit = [&](const auto &self, PluginSpec *spec) -> void {
        stack.append(spec);
        for (const auto &edge : std::as_const(spec->m_resolved)) {
            if (const qsizetype start = stack.indexOf(edge.spec); start >= 0) {
                QStringList cycle;
                for (qsizetype i = start; i < stack.size(); ++i)
                    cycle.append(stack.at(i)->id());
                cycle.append(edge.spec->id());
                const QString message = Text::tr("circular dependency: %1").arg(cycle.join(QStringLiteral(" -> ")));
                for (qsizetype i = start; i < stack.size(); ++i) {
                    if (stack.at(i)->state() == PluginSpec::State::Read)
                        stack.at(i)->fail(QStringLiteral("plugin.dependency-cycle"), message);
                }
            } else if (!done.contains(edge.spec)) {
                self(self, edge.spec);
            }
        }
        stack.removeLast();
        done.insert(spec);

        if (spec->state() != PluginSpec::State::Read)
            return;
        QList<PluginSpec::ResolvedDependency> usable;
        for (const auto &edge : std::as_const(spec->m_resolved)) {
            const PluginSpec::State state = edge.spec->state();
            if (state == PluginSpec::State::Resolved) {
                usable.append(edge);
                continue;
            }
            const QString message = state == PluginSpec::State::Disabled
                ? Text::tr("requires '%1', which is disabled").arg(edge.spec->id())
                : Text::tr("requires '%1', which failed").arg(edge.spec->id());
            if (edge.type == PluginDependency::Type::Required)
                spec->fail(QStringLiteral("plugin.dependency-failed"), message);
            else
                spec->addNote(Text::tr("optional dependency not used: %1").arg(message));
        }
        if (spec->state() != PluginSpec::State::Read)
            return;
        spec->m_resolved = usable;
        spec->m_state = PluginSpec::State::Resolved;
        m_loadOrder.append(spec);
    };
    for (PluginSpec *spec : std::as_const(roots)) {
        if (!done.contains(spec))
            visit(visit, spec);
    }
}

void PluginManager::loadAll()
{
    if (m_phase == Phase::Idle || m_phase == Phase::Scanned)
        resolve();
    if (m_phase != Phase::Resolved)
        return;
    // The crash was reported by scan(); from here this process owns the guard.
    m_crashGuard->leave();
    for (PluginSpec *spec : std::as_const(m_loadOrder))
        loadOne(spec);
    // Running only once every plugin had its chance, so a plugin never sees another one
    // Running that a later failure would make the host treat differently.
    for (PluginSpec *spec : std::as_const(m_loadOrder))
        spec->markRunning();
    m_phase = Phase::Loaded;
}

void PluginManager::loadOne(PluginSpec *spec)
{
    if (spec->state() != PluginSpec::State::Resolved)
        return;
    PluginContext context;
    context.pluginId = spec->id();
    context.pluginFilePath = spec->filePath();
    context.locations = m_locations;
    context.settings = m_settings->settings(spec->id());
    context.host = m_hostServices;
    for (const auto &edge : std::as_const(spec->m_resolved)) {
        if (edge.spec->state() == PluginSpec::State::Initialized) {
            context.dependencies.insert(edge.spec->id(), edge.spec->instance());
            continue;
        }
        const QString message = Text::tr("requires '%1', which failed").arg(edge.spec->id());
        if (edge.type == PluginDependency::Type::Required)
            spec->fail(QStringLiteral("plugin.dependency-failed"), message);
        else
            spec->addNote(Text::tr("optional dependency not used: %1").arg(message));
    }
    if (spec->state() != PluginSpec::State::Resolved)
        return;

    // Static initialisers run at load(), so the guard covers loading as well as initialize().
    const Result<void> guarded = m_crashGuard->enter(spec->id(), spec->filePath(), PluginCrashPhase::Loading);
    if (guarded.hasError() && !std::any_of(m_errors.cbegin(), m_errors.cend(), [&](const Error &error) {
            return error.code == guarded.error().code;
        }))
        m_errors.append(guarded.error());
    spec->load();
    if (spec->state() == PluginSpec::State::Loaded)
        spec->initialize(context);
    m_crashGuard->leave();
}

QList<Error> PluginManager::shutdown()
{
    QList<Error> problems;
    const auto stoppable = [](const PluginSpec *spec) {
        return spec->state() == PluginSpec::State::Initialized || spec->state() == PluginSpec::State::Running;
    };
    if (std::none_of(m_loadOrder.cbegin(), m_loadOrder.cend(), stoppable))
        return problems;
    const auto problem = [&](const Error &error) {
        problems.append(error);
        report(error);
    };
    ShutdownWatchdog watchdog(m_shutdownTimeout, [this](const QString &pluginId, const QString &filePath) {
        abandonHungShutdown(pluginId, filePath);
    });
    for (auto it = m_loadOrder.crbegin(); it != m_loadOrder.crend(); ++it) {
        PluginSpec *spec = *it;
        if (!stoppable(spec))
            continue;
        const Result<void> guarded = m_crashGuard->enter(spec->id(), spec->filePath(), PluginCrashPhase::ShuttingDown);
        if (guarded.hasError())
            problem(guarded.error());
        const qsizetype known = spec->errors().size();
        watchdog.arm(spec->id(), spec->filePath());
        spec->stop();
        watchdog.disarm();
        m_crashGuard->leave();
        const QList<Error> errors = spec->errors();
        for (qsizetype i = known; i < errors.size(); ++i) {
            const Error &error = errors.at(i);
            problem(Error(error.code, Text::tr("plugin \"%1\": %2").arg(spec->id(), error.message), error.location));
        }
    }
    return problems;
}

void PluginManager::abandonHungShutdown(const QString &pluginId, const QString &filePath)
{
    // Runs on the watchdog's thread while the manager's thread is inside the plugin. The lock
    // is rewritten first: if reporting hangs too, the next start still knows.
    const Result<void> marked = m_crashGuard->enter(pluginId, filePath, PluginCrashPhase::ShutdownHung);
    if (marked.hasError())
        report(marked.error());
    report(Error(QStringLiteral("plugin.shutdown-hung"),
                 Text::tr("plugin \"%1\" did not finish shutting down within %2 ms; Valis quit without waiting for it")
                     .arg(pluginId)
                     .arg(m_shutdownTimeout.count()),
                 filePath));
    // _Exit, not exit(): static destructors and atexit handlers would run while the plugin's
    // code still runs on the other thread, and could wait for it.
    std::_Exit(HungShutdownExitCode);
}

void PluginManager::report(const Error &problem) const
{
    if (m_reporter)
        m_reporter(problem);
}

QList<const PluginSpec *> PluginManager::specs() const
{
    QList<const PluginSpec *> specs;
    for (const auto &spec : m_specs)
        specs.append(spec.get());
    return specs;
}

const PluginSpec *PluginManager::spec(const QString &id) const
{
    return winner(id);
}

QList<const PluginSpec *> PluginManager::loadOrder() const
{
    return {m_loadOrder.cbegin(), m_loadOrder.cend()};
}

QList<QObject *> PluginManager::runningInstances() const
{
    QList<QObject *> instances;
    for (const PluginSpec *spec : m_loadOrder) {
        if (spec->isRunning())
            instances.append(spec->instance());
    }
    return instances;
}

bool PluginManager::isEnabled(const QString &id) const
{
    return m_settings->isEnabled(id);
}

Result<void> PluginManager::setEnabled(const QString &id, bool enabled)
{
    return m_settings->setEnabled(id, enabled);
}

QJsonObject PluginManager::pluginSettings(const QString &id) const
{
    return m_settings->settings(id);
}

Result<void> PluginManager::setPluginSettings(const QString &id, const QJsonObject &settings)
{
    return m_settings->setSettings(id, settings);
}

Result<void> PluginManager::disableCrashedPlugin()
{
    if (m_crashedPlugin.isEmpty())
        return Error(QStringLiteral("plugin.no-crash"), Text::tr("no plugin crashed in an earlier run"));
    const Result<void> disabled = setEnabled(m_crashedPlugin, false);
    if (disabled.ok())
        m_crashGuard->leave();
    return disabled;
}

QList<Provider *> PluginManager::providers() const
{
    QList<Provider *> all;
    for (ProviderPlugin *plugin : plugins<ProviderPlugin>())
        all.append(plugin->providers());
    return all;
}

Provider *PluginManager::provider(const QString &id) const
{
    for (Provider *candidate : providers()) {
        if (candidate->id() == id)
            return candidate;
    }
    return nullptr;
}

QList<ToolProvider *> PluginManager::toolProviders() const
{
    QList<ToolProvider *> all;
    for (ToolPlugin *plugin : plugins<ToolPlugin>())
        all.append(plugin->toolProviders());
    return all;
}

QList<Sandbox *> PluginManager::sandboxes() const
{
    QList<Sandbox *> all;
    for (SandboxPlugin *plugin : plugins<SandboxPlugin>())
        all.append(plugin->sandboxes());
    return all;
}

Sandbox *PluginManager::sandbox(const QString &id) const
{
    for (Sandbox *candidate : sandboxes()) {
        if (candidate->id() == id)
            return candidate;
    }
    return nullptr;
}

QList<EmbeddingProvider *> PluginManager::embeddingProviders() const
{
    QList<EmbeddingProvider *> all;
    for (EmbeddingPlugin *plugin : plugins<EmbeddingPlugin>())
        all.append(plugin->embeddingProviders());
    return all;
}

EmbeddingProvider *PluginManager::embeddingProvider(const QString &id) const
{
    for (EmbeddingProvider *candidate : embeddingProviders()) {
        if (candidate->id() == id)
            return candidate;
    }
    return nullptr;
}

QList<ContextStrategy *> PluginManager::strategies() const
{
    QList<ContextStrategy *> all;
    for (StrategyPlugin *plugin : plugins<StrategyPlugin>())
        all.append(plugin->strategies());
    return all;
}

} // namespace valis
