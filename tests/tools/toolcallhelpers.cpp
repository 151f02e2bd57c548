#include "toolcallhelpers.h"

#include "valis/plugins/pluginspec.h"
#include "valis/plugins/toolinvocation.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFile>
#include <QFileInfo>
#include <QObject>
#include <QThread>

namespace valis::test {

QString ToolCallOutcome::text() const
{
    QStringList texts;
    for (const Part &part : result.content) {
        if (part.kind == PartKind::Text)
            texts.append(part.text);
    }
    return texts.join(QLatin1Char('\n'));
}

ToolCallOutcome callTool(ToolProvider *provider, const QString &toolName, const QJsonValue &arguments,
                         const ToolContext &context, int timeoutMs)
{
    ToolCallOutcome outcome;
    QObject owner;
    bool inside = true;
    ToolInvocation *invocation = provider->invoke(toolName, arguments, context, &owner);
    if (!invocation)
        return outcome;
    QObject::connect(invocation, &ToolInvocation::outputReceived, &owner,
                     [&outcome](const QString &text) { outcome.output.append(text); });
    QObject::connect(invocation, &ToolInvocation::finished, &owner, [&](const Part &result) {
        outcome.result = result;
        outcome.finished = true;
        outcome.finishedInsideInvoke = inside;
        outcome.retryable = invocation->isRetryable();
        outcome.retryAfter = invocation->retryAfter();
    });
    inside = false;
    const QDeadlineTimer deadline(timeoutMs);
    while (!outcome.finished && !deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        if (!outcome.finished)
            QThread::msleep(1);
    }
    return outcome;
}

LoadedToolPlugin::LoadedToolPlugin(const QString &pluginFile)
{
    if (!m_home.isValid() || !m_folder.isValid()) {
        m_problem = QStringLiteral("cannot create temporary folders");
        return;
    }
    const QString copy = m_folder.filePath(QFileInfo(pluginFile).fileName());
    if (!QFile::copy(pluginFile, copy)) {
        m_problem = QStringLiteral("cannot copy %1 (is it built?)").arg(pluginFile);
        return;
    }
    m_manager = std::make_unique<PluginManager>(DataLocations::underHome(m_home.path()), QStringList{m_folder.path()});
    m_manager->loadAll();
    const QList<const PluginSpec *> specs = m_manager->specs();
    if (specs.size() != 1) {
        m_problem = QStringLiteral("expected one plugin in %1, found %2").arg(m_folder.path()).arg(specs.size());
        return;
    }
    if (!specs.constFirst()->isRunning()) {
        m_problem = QStringLiteral("plugin %1 is %2: %3")
                        .arg(specs.constFirst()->id(), PluginSpec::stateName(specs.constFirst()->state()),
                             specs.constFirst()->reason());
    }
}

LoadedToolPlugin::~LoadedToolPlugin() = default;

ToolProvider *LoadedToolPlugin::toolProvider(const QString &id) const
{
    if (!m_manager)
        return nullptr;
    for (ToolProvider *provider : m_manager->toolProviders()) {
        if (provider->id() == id)
            return provider;
    }
    return nullptr;
}

DataLocations LoadedToolPlugin::locations() const
{
    return DataLocations::underHome(m_home.path());
}

} // namespace valis::test
