#include "valis/plugins/pluginspec.h"

#include "valis/plugins/embeddingplugin.h"
#include "valis/plugins/plugin.h"
#include "valis/plugins/providerplugin.h"
#include "valis/plugins/sandboxplugin.h"
#include "valis/plugins/strategyplugin.h"
#include "valis/plugins/toolplugin.h"

#include <QCoreApplication>
#include <QPluginLoader>

#include <exception>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::PluginSpec)
};

Plugin *asKindInterface(QObject *object, PluginKind kind)
{
    switch (kind) {
    case PluginKind::Provider:
        return qobject_cast<ProviderPlugin *>(object);
    case PluginKind::Tool:
        return qobject_cast<ToolPlugin *>(object);
    case PluginKind::Strategy:
        return qobject_cast<StrategyPlugin *>(object);
    case PluginKind::Sandbox:
        return qobject_cast<SandboxPlugin *>(object);
    case PluginKind::Embedding:
        return qobject_cast<EmbeddingPlugin *>(object);
    }
    return nullptr;
}

} // namespace

QString PluginSpec::stateName(State state)
{
    switch (state) {
    case State::Read: return QStringLiteral("read");
    case State::Resolved: return QStringLiteral("resolved");
    case State::Loaded: return QStringLiteral("loaded");
    case State::Initialized: return QStringLiteral("initialized");
    case State::Running: return QStringLiteral("running");
    case State::Stopped: return QStringLiteral("stopped");
    case State::Invalid: return QStringLiteral("invalid");
    case State::Disabled: return QStringLiteral("disabled");
    case State::Failed: return QStringLiteral("failed");
    }
    Q_UNREACHABLE();
}

PluginSpec::PluginSpec(const QString &filePath, const QString &folder, int folderIndex, bool userPlugin)
    : m_filePath(filePath), m_folder(folder), m_folderIndex(folderIndex), m_userPlugin(userPlugin)
{
}

PluginSpec::~PluginSpec()
{
    // The manager stops plugins before it drops their specs; this only covers a spec dropped
    // between load() and initialize().
    deleteInstance();
}

QList<const PluginSpec *> PluginSpec::dependencySpecs() const
{
    QList<const PluginSpec *> specs;
    for (const ResolvedDependency &dependency : m_resolved)
        specs.append(dependency.spec);
    return specs;
}

void PluginSpec::addError(const QString &code, const QString &message)
{
    m_errors.append(Error(code, message, m_filePath));
}

void PluginSpec::invalidate(const QString &code, const QString &message)
{
    addError(code, message);
    m_state = State::Invalid;
    if (m_reason.isEmpty())
        m_reason = message;
}

void PluginSpec::fail(const QString &code, const QString &message)
{
    addError(code, message);
    m_state = State::Failed;
    if (m_reason.isEmpty())
        m_reason = message;
}

void PluginSpec::disable(const QString &reason)
{
    m_state = State::Disabled;
    m_reason = reason;
}

void PluginSpec::load()
{
    Q_ASSERT(m_state == State::Resolved);
    m_loader = std::make_unique<QPluginLoader>(m_filePath);
    // Resolve every symbol now: a plugin built against another harness fails here with the
    // missing symbol's name instead of crashing at its first call.
    m_loader->setLoadHints(QLibrary::ResolveAllSymbolsHint);
    if (!m_loader->load()) {
        fail(QStringLiteral("plugin.load-failed"), Text::tr("cannot be loaded: %1").arg(m_loader->errorString()));
        return;
    }
    QObject *object = m_loader->instance();
    if (!object) {
        fail(QStringLiteral("plugin.load-failed"),
             Text::tr("cannot be loaded: %1").arg(m_loader->errorString()));
        return;
    }
    Plugin *plugin = asKindInterface(object, m_kind);
    if (!plugin) {
        fail(QStringLiteral("plugin.wrong-interface"),
             Text::tr("its object (%1) does not implement %2")
                 .arg(QString::fromLatin1(object->metaObject()->className()), pluginKindInterfaceId(m_kind)));
        delete object;
        return;
    }
    m_instance = object;
    m_plugin = plugin;
    m_state = State::Loaded;
}

void PluginSpec::initialize(const PluginContext &context)
{
    Q_ASSERT(m_state == State::Loaded);
    Result<void> result = success();
    // Exceptions must not cross the plugin interface; one that does is this plugin's failure,
    // not the host's.
    try {
        result = m_plugin->initialize(context);
    } catch (const std::exception &exception) {
        result = Error(QStringLiteral("plugin.exception"),
                       Text::tr("threw an exception: %1").arg(QString::fromLocal8Bit(exception.what())));
    } catch (...) {
        result = Error(QStringLiteral("plugin.exception"), Text::tr("threw an exception"));
    }
    if (result.hasError()) {
        fail(QStringLiteral("plugin.initialize-failed"),
             Text::tr("initialization failed: %1").arg(result.error().message));
        deleteInstance();
        return;
    }
    m_state = State::Initialized;
}

void PluginSpec::markRunning()
{
    if (m_state == State::Initialized)
        m_state = State::Running;
}

void PluginSpec::stop()
{
    if (m_state != State::Initialized && m_state != State::Running)
        return;
    try {
        m_plugin->shutdown();
    } catch (...) {
        addError(QStringLiteral("plugin.exception"), Text::tr("threw an exception while shutting down"));
    }
    deleteInstance();
    m_state = State::Stopped;
}

void PluginSpec::deleteInstance()
{
    // Only the object goes: the library stays mapped, because objects or metatypes it
    // registered may still be referenced elsewhere in the process.
    delete m_instance;
    m_instance = nullptr;
    m_plugin = nullptr;
}

} // namespace valis
