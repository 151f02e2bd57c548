#include "mcphostimpl.h"

#include "mcpmetatools.h"
#include "mcpserverpool.h"
#include "mcptoolprovider.h"

#include "valis/mcp/mcpschema.h"
#include "valis/mcp/mcpstdiotransport.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QTimer>

namespace valis::mcp {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpTools)
};

bool settled(const McpServerStatus &status)
{
    switch (status.state) {
    case McpServerConnection::State::Ready:
    case McpServerConnection::State::Failed:
    case McpServerConnection::State::Disabled:
        return true;
    default:
        return !status.config.enabled;
    }
}

} // namespace

McpHostImpl::McpHostImpl(const PluginContext &context, const McpSettings &settings) : m_context(context)
{
    qRegisterMetaType<valis::McpServerStatus>();
    m_thread.setObjectName(QStringLiteral("valis-mcp"));
    McpConnectionOptions options;
    m_pool = new McpServerPool(options, context.host);
    m_pool->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_pool, &QObject::deleteLater);
    connect(m_pool, &McpServerPool::statusChanged, this, &McpHostImpl::onStatus);
    connect(m_pool, &McpServerPool::serverRemoved, this, [this](const QString &name) {
        m_status.remove(name);
        m_specs.remove(name);
        m_readySpecs.remove(name);
        Q_EMIT serversChanged();
        checkStarted();
    });
    connect(m_pool, &McpServerPool::logged, this, [this](const QString &name, const QString &line) {
        m_logs[name].append(line);
        Q_EMIT serverLogged(name, line);
    });
    connect(m_pool, &McpServerPool::notified, this, &McpHost::serverNotified);
    m_thread.start();
    m_meta = std::make_unique<McpMetaToolProvider>(this);
    applySettings(settings);
}

McpHostImpl::~McpHostImpl()
{
    shutdown();
}

void McpHostImpl::applySettings(const McpSettings &settings)
{
    m_configs = settings.servers();
    m_problems = settings.problems();
    for (const McpServerConfig &config : std::as_const(m_configs)) {
        providerFor(config.name);
        if (!m_status.contains(config.name)) {
            McpServerStatus status;
            status.name = config.name;
            status.config = config;
            status.state = config.enabled ? McpServerConnection::State::Stopped : McpServerConnection::State::Disabled;
            m_status.insert(config.name, status);
        }
    }
    const QList<McpServerConfig> configs = m_configs;
    QMetaObject::invokeMethod(m_pool, [pool = m_pool, configs] { pool->configure(configs); }, Qt::QueuedConnection);
}

void McpHostImpl::shutdown()
{
    if (m_shutDown)
        return;
    m_shutDown = true;
    if (!m_thread.isRunning())
        return;
    // The servers close as the spec says (stdin, then signals) while this thread waits; Valis's
    // own end must not come before theirs, or the watchdogs would have to do it.
    QEventLoop loop;
    QTimer guard;
    guard.setSingleShot(true);
    connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
    connect(m_pool, &McpServerPool::allStopped, &loop, &QEventLoop::quit);
    QMetaObject::invokeMethod(m_pool, &McpServerPool::shutdown, Qt::QueuedConnection);
    guard.start(3 * McpStdioTransport::ShutdownGraceMs + 1000);
    loop.exec(QEventLoop::ExcludeUserInputEvents);
    m_thread.quit();
    m_thread.wait();
}

McpServerToolProvider *McpHostImpl::providerFor(const QString &name)
{
    for (const auto &provider : m_providers) {
        if (provider->server() == name)
            return provider.get();
    }
    m_providers.push_back(std::make_unique<McpServerToolProvider>(this, name));
    return m_providers.back().get();
}

QList<ToolProvider *> McpHostImpl::toolProviders() const
{
    QList<ToolProvider *> providers;
    for (const auto &provider : m_providers)
        providers.append(provider.get());
    providers.append(m_meta.get());
    return providers;
}

void McpHostImpl::ensureStarted()
{
    if (m_started || m_shutDown)
        return;
    m_started = true;
    for (McpServerStatus &status : m_status) {
        if (status.config.enabled && status.state == McpServerConnection::State::Stopped)
            status.state = McpServerConnection::State::Starting;
    }
    QMetaObject::invokeMethod(m_pool, &McpServerPool::ensureStarted, Qt::QueuedConnection);
}

QList<McpServerStatus> McpHostImpl::servers() const
{
    QList<McpServerStatus> list;
    for (const McpServerConfig &config : m_configs) {
        if (m_status.contains(config.name))
            list.append(m_status.value(config.name));
    }
    return list;
}

QList<McpServerStatus> McpHostImpl::readyServersWith(bool resources) const
{
    QList<McpServerStatus> list;
    for (const McpServerStatus &status : servers()) {
        if (status.state == McpServerConnection::State::Ready && (!resources || status.hasResources))
            list.append(status);
    }
    return list;
}

QString McpHostImpl::serverLog(const QString &name) const
{
    return m_logs.value(name).text();
}

void McpHostImpl::onStatus(const McpServerStatus &raw)
{
    McpServerStatus status = raw;
    const bool ready = status.state == McpServerConnection::State::Ready;
    QList<ToolSpec> specs;
    if (ready) {
        QJsonArray definitions;
        for (McpServerStatus::Tool &tool : status.tools) {
            tool.visibleName = m_names.assign(status.name, tool.info.name);
            tool.offered = status.config.offersTool(tool.info.name);
            if (tool.info.taskSupport == QLatin1String("required")) {
                tool.setAsideReason = Text::tr("it runs only as an MCP task, which Valis does not run yet");
            } else {
                const Result<QJsonObject> schema = McpSchema::normaliseInputSchema(tool.info.inputSchema);
                if (schema.hasError()) {
                    tool.setAsideReason = schema.error().message;
                } else if (tool.offered) {
                    ToolSpec spec;
                    spec.name = tool.visibleName;
                    spec.title = tool.info.title.isEmpty() ? tool.info.name : tool.info.title;
                    spec.description = tool.info.description.isEmpty() ? spec.title : tool.info.description;
                    spec.inputSchema = *schema;
                    // Annotations are the server's claims: only a trusted server's are believed.
                    spec.readOnly = status.config.trusted && tool.info.annotations.value(QLatin1String("readOnlyHint")).toBool(false);
                    spec.deferrable = true;
                    specs.append(spec);
                    m_targets.insert(spec.name, {status.name, tool.info.name, tool.info.outputSchema, spec.readOnly});
                    definitions.append(QJsonObject{{QStringLiteral("name"), spec.name},
                                                   {QStringLiteral("description"), spec.description},
                                                   {QStringLiteral("input_schema"), spec.inputSchema}});
                }
            }
            if (!tool.setAsideReason.isEmpty() && tool.offered) {
                const QString line = Text::tr("valis: set aside tool %1: %2").arg(tool.info.name, tool.setAsideReason);
                m_logs[status.name].append(line);
                Q_EMIT serverLogged(status.name, line);
            }
        }
        status.definitions = definitions;
        m_specs.insert(status.name, specs);
        m_readySpecs.insert(status.name, specs);
    } else if (status.state == McpServerConnection::State::Failed || status.state == McpServerConnection::State::Restarting) {
        // The model keeps seeing the tools it knew, marked, so it learns why they fail.
        // Marked from the descriptions it had when ready, so a marker never stacks on a marker.
        QList<ToolSpec> known = m_readySpecs.value(status.name);
        const QString reason = status.error ? status.error->message.section(QLatin1Char('\n'), 0, 0) : McpServerConnection::stateName(status.state);
        for (ToolSpec &spec : known) {
            spec.description = QStringLiteral("[Unavailable: the MCP server \"%1\" is not running (%2).] %3")
                                   .arg(status.name, reason, spec.description);
        }
        m_specs.insert(status.name, known);
        const McpServerStatus previous = m_status.value(status.name);
        status.tools = previous.tools;
        status.definitions = previous.definitions;
    } else {
        m_specs.remove(status.name);
        m_readySpecs.remove(status.name);
    }
    m_status.insert(status.name, status);
    Q_EMIT serversChanged();
    checkStarted();
}

std::optional<ToolTarget> McpHostImpl::target(const QString &visibleName) const
{
    const auto it = m_targets.constFind(visibleName);
    if (it == m_targets.constEnd())
        return std::nullopt;
    return *it;
}

void McpHostImpl::restartServer(const QString &name)
{
    m_started = true;
    QMetaObject::invokeMethod(m_pool, [pool = m_pool, name] { pool->restartServer(name); }, Qt::QueuedConnection);
}

void McpHostImpl::reloadConfiguration()
{
    const Result<McpSettings> settings = McpSettings::load(m_context.locations.mcpSettingsPath());
    if (settings.hasError()) {
        // The running servers stay as they are; the person sees why nothing changed.
        m_problems = {settings.error()};
        Q_EMIT serversChanged();
        return;
    }
    QStringList names;
    for (const McpServerConfig &config : settings->servers())
        names.append(config.name);
    for (auto it = m_status.begin(); it != m_status.end();) {
        if (names.contains(it.key()))
            ++it;
        else
            it = m_status.erase(it);
    }
    applySettings(*settings);
    Q_EMIT serversChanged();
}

template<typename Answer>
void McpHostImpl::askPool(QObject *context, std::function<void(McpServerPool *, std::function<void(const Answer &)>)> ask,
                          std::function<void(const Answer &)> done)
{
    // Asked in the MCP thread; the answer comes back to this one, and only to a context that
    // still exists.
    QPointer<QObject> guard(context);
    QPointer<McpHostImpl> self(this);
    QMetaObject::invokeMethod(m_pool, [pool = m_pool, self, guard, ask, done] {
        ask(pool, [self, guard, done](const Answer &answer) {
            if (self)
                QMetaObject::invokeMethod(self, [guard, done, answer] { if (guard) done(answer); }, Qt::QueuedConnection);
        });
    }, Qt::QueuedConnection);
}

void McpHostImpl::authorize(const QString &name, QObject *context, std::function<void(const Result<void> &)> done)
{
    askPool<Result<void>>(context, [name](McpServerPool *pool, auto answer) { pool->authorize(name, answer); }, std::move(done));
}

void McpHostImpl::signOut(const QString &name, QObject *context, std::function<void(const Result<void> &)> done)
{
    askPool<Result<void>>(context, [name](McpServerPool *pool, auto answer) { pool->signOut(name, answer); }, std::move(done));
}

void McpHostImpl::whenStarted(QObject *context, std::function<void()> done)
{
    ensureStarted();
    m_waiters.append({context, std::move(done)});
    QTimer::singleShot(0, this, &McpHostImpl::checkStarted);
}

void McpHostImpl::checkStarted()
{
    if (m_waiters.isEmpty() || !m_started)
        return;
    for (const McpServerConfig &config : std::as_const(m_configs)) {
        if (!settled(m_status.value(config.name)))
            return;
    }
    const QList<Waiter> waiters = std::exchange(m_waiters, {});
    for (const Waiter &waiter : waiters) {
        if (waiter.context)
            waiter.done();
    }
}

void McpHostImpl::setRoots(const QStringList &folders)
{
    QMetaObject::invokeMethod(m_pool, [pool = m_pool, folders] { pool->setRoots(folders); }, Qt::QueuedConnection);
}

void McpHostImpl::request(const QString &name, const QString &method, const QJsonObject &params, QObject *context, Callback done)
{
    ensureStarted();
    askPool<Result<QJsonObject>>(context,
                                 [name, method, params](McpServerPool *pool, auto answer) { pool->request(name, method, params, answer); },
                                 std::move(done));
}

} // namespace valis::mcp
