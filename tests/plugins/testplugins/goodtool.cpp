// A tool plugin (depends on good_provider) with a read-only tool "echo" that returns its
// "text" argument, and a mutating tool "forget".
#include "testpluginlog.h"
#include "valis/plugins/providerplugin.h"
#include "valis/plugins/toolinvocation.h"
#include "valis/plugins/toolplugin.h"
#include "valis/plugins/toolprovider.h"

#include <QJsonObject>
#include <QObject>

#include <memory>
#include <QTimer>

namespace valis_test {

class EchoInvocation : public valis::ToolInvocation
{
    Q_OBJECT

public:
    EchoInvocation(const valis::Part &result, QObject *parent) : valis::ToolInvocation(parent), m_result(result)
    {
        QTimer::singleShot(0, this, [this] { Q_EMIT finished(m_result); });
    }
    void cancel() override {}

private:
    valis::Part m_result;
};

class EchoTools : public valis::ToolProvider
{
public:
    QString id() const override { return QStringLiteral("echo-tools"); }
    QList<valis::ToolSpec> tools() const override
    {
        valis::ToolSpec echo;
        echo.name = QStringLiteral("echo");
        echo.description = QStringLiteral("Returns its text argument.");
        echo.inputSchema = QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}};
        echo.readOnly = true;
        valis::ToolSpec forget;
        forget.name = QStringLiteral("forget");
        forget.description = QStringLiteral("Pretends to delete something.");
        forget.inputSchema = echo.inputSchema;
        return {echo, forget};
    }
    valis::ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments,
                                  const valis::ToolContext &context, QObject *parent) override
    {
        if (toolName != QLatin1String("echo"))
            return new EchoInvocation(valis::Part::makeToolResultText(context.callId, QStringLiteral("unknown tool"), true), parent);
        return new EchoInvocation(
            valis::Part::makeToolResultText(context.callId, arguments.toObject().value(QLatin1String("text")).toString()),
            parent);
    }
};

class GoodToolPlugin : public QObject, public valis::ToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

public:
    valis::Result<void> initialize(const valis::PluginContext &context) override
    {
        m_settings = context.settings;
        appendToLog(m_settings, QStringLiteral("initialize ") + context.pluginId);
        // The dependency must be there, initialised, and of the right kind.
        if (!qobject_cast<valis::ProviderPlugin *>(context.dependency(QStringLiteral("good_provider"))))
            return valis::Error(QStringLiteral("test.dependency"), QStringLiteral("good_provider is not available"));
        return valis::success();
    }
    void shutdown() override { appendToLog(m_settings, QStringLiteral("shutdown good_tool")); }
    QList<valis::ToolProvider *> toolProviders() const override { return {m_tools.get()}; }

private:
    QJsonObject m_settings;
    std::unique_ptr<EchoTools> m_tools = std::make_unique<EchoTools>();
};

} // namespace valis_test

#include "goodtool.moc"
