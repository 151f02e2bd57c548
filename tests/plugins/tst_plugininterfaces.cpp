// The four kind interfaces, exercised through the good test plugins loaded by a real
// PluginManager: what a host will do with them.
#include "pluginscenario.h"
#include "testsupport.h"

#include "valis/plugins/contextstrategy.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/provider.h"
#include "valis/plugins/providerplugin.h"
#include "valis/plugins/providerstream.h"
#include "valis/plugins/sandbox.h"
#include "valis/plugins/sandboxplugin.h"
#include "valis/plugins/sandboxprocess.h"
#include "valis/plugins/strategyplugin.h"
#include "valis/plugins/toolinvocation.h"
#include "valis/plugins/toolplugin.h"
#include "valis/plugins/toolprovider.h"

#include <QSignalSpy>

#include <memory>

using namespace valis;
using namespace valis::test;

namespace {
Message userMessage(const QString &id, const QString &text)
{
    Message message;
    message.id = id;
    message.role = Role::User;
    message.parts.append(Part::makeText(text));
    return message;
}
} // namespace

class TestPluginInterfaces : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<TemporaryHome>();
        m_manager = std::make_unique<PluginManager>(DataLocations::underHome(m_home->path()),
                                                    QStringList{scenarioDir(QStringLiteral("good"))});
        m_manager->loadAll();
        QCOMPARE(m_manager->runningInstances().size(), 4);
    }

    void cleanupTestCase()
    {
        m_manager.reset();
        m_home.reset();
    }

    void providerStreamsNormalisedEvents()
    {
        const QList<ProviderPlugin *> plugins = m_manager->plugins<ProviderPlugin>();
        QCOMPARE(plugins.size(), 1);
        const QList<Provider *> providers = plugins.constFirst()->providers();
        QCOMPARE(providers.size(), 1);
        Provider *provider = providers.constFirst();
        QCOMPARE(provider->id(), QStringLiteral("echo"));

        ProviderRequest request;
        request.model = QStringLiteral("echo-1");
        request.messages = {userMessage(QStringLiteral("m-1"), QStringLiteral("first")),
                            userMessage(QStringLiteral("m-2"), QStringLiteral("hello"))};
        QObject owner;
        ProviderStream *stream = provider->stream(request, &owner);
        QVERIFY(stream);
        QCOMPARE(stream->parent(), &owner);
        QList<ProviderEvent> events;
        connect(stream, &ProviderStream::eventReceived, this, [&events](const ProviderEvent &event) { events.append(event); });
        QSignalSpy finished(stream, &ProviderStream::finished);
        QSignalSpy failed(stream, &ProviderStream::failed);
        QVERIFY(finished.wait(5000));
        QCOMPARE(failed.count(), 0);

        QString text;
        QList<ProviderEvent::Kind> kinds;
        for (const ProviderEvent &event : std::as_const(events)) {
            kinds.append(event.kind);
            if (event.kind == ProviderEvent::Kind::TextDelta)
                text += event.text;
        }
        QCOMPARE(kinds, (QList<ProviderEvent::Kind>{ProviderEvent::Kind::TextDelta, ProviderEvent::Kind::TextDelta,
                                                    ProviderEvent::Kind::UsageReported, ProviderEvent::Kind::Stopped}));
        QCOMPARE(text, QStringLiteral("echo: hello"));
        QCOMPARE(events.at(2).usage.inputTokens, QStringLiteral("hello").size());
        QCOMPARE(events.constLast(), ProviderEvent::makeStopped(QStringLiteral("end_turn")));
    }

    void providerStreamCancels()
    {
        Provider *provider = m_manager->plugins<ProviderPlugin>().constFirst()->providers().constFirst();
        ProviderRequest request;
        request.messages = {userMessage(QStringLiteral("m-1"), QStringLiteral("hello"))};
        std::unique_ptr<ProviderStream> stream(provider->stream(request, nullptr));
        QSignalSpy events(stream.get(), &ProviderStream::eventReceived);
        QSignalSpy failed(stream.get(), &ProviderStream::failed);
        stream->cancel();
        QCOMPARE(failed.count(), 1);
        QCOMPARE(failed.constFirst().constFirst().value<ProviderFailure>().kind, ProviderFailure::Kind::Cancelled);
        QTest::qWait(20);
        QCOMPARE(events.count(), 0);
    }

    void toolProviderDescribesAndRunsTools()
    {
        const QList<ToolPlugin *> plugins = m_manager->plugins<ToolPlugin>();
        QCOMPARE(plugins.size(), 1);
        ToolProvider *tools = plugins.constFirst()->toolProviders().constFirst();
        QCOMPARE(tools->id(), QStringLiteral("echo-tools"));
        const QList<ToolSpec> specs = tools->tools();
        QCOMPARE(specs.size(), 2);
        QCOMPARE(specs.at(0).name, QStringLiteral("echo"));
        QVERIFY(specs.at(0).readOnly);
        QCOMPARE(specs.at(1).name, QStringLiteral("forget"));
        QVERIFY(!specs.at(1).readOnly);

        ToolContext context;
        context.callId = QStringLiteral("call-7");
        QObject owner;
        ToolInvocation *invocation = tools->invoke(QStringLiteral("echo"), QJsonObject{{QStringLiteral("text"), QStringLiteral("hi there")}},
                                                   context, &owner);
        QSignalSpy finished(invocation, &ToolInvocation::finished);
        QVERIFY(finished.wait(5000));
        QCOMPARE(finished.count(), 1);
        const Part result = finished.constFirst().constFirst().value<Part>();
        QCOMPARE(result.kind, PartKind::ToolResult);
        QCOMPARE(result.callId, QStringLiteral("call-7"));
        QVERIFY(!result.isError);
        QCOMPARE(result.content.size(), 1);
        QCOMPARE(result.content.constFirst().text, QStringLiteral("hi there"));
    }

    void strategyChangesTheView()
    {
        const QList<StrategyPlugin *> plugins = m_manager->plugins<StrategyPlugin>();
        QCOMPARE(plugins.size(), 1);
        ContextStrategy *strategy = plugins.constFirst()->strategies().constFirst();
        QCOMPARE(strategy->id(), QStringLiteral("drop-oldest"));

        const QStringList texts{QStringLiteral("aaaaaaaaaa"), QStringLiteral("bbbbbb"), QStringLiteral("cccc"),
                                QStringLiteral("dd"), QStringLiteral("eee")};
        QList<Message> view;
        for (qsizetype i = 0; i < texts.size(); ++i)
            view.append(userMessage(QStringLiteral("m-%1").arg(i), texts.at(i)));
        StrategyBudget budget;
        budget.targetTokens = 10;
        budget.countTokens = [](const Message &message) { return qint64(message.text().size()); };

        // Independently: the oldest messages go until the rest fits in 10 characters.
        qint64 total = 0;
        for (const QString &text : texts)
            total += text.size();
        qint64 remaining = total;
        QStringList expectedRemoved;
        for (qsizetype i = 0; remaining > budget.targetTokens; ++i) {
            remaining -= texts.at(i).size();
            expectedRemoved.append(QStringLiteral("m-%1").arg(i));
        }

        const Result<StrategyReport> report = strategy->apply(view, budget, StrategyContext());
        QVERIFY2(report.ok(), report.ok() ? "" : qPrintable(report.error().message));
        QCOMPARE(report->tokensBefore, total);
        QCOMPARE(report->tokensAfter, remaining);
        QCOMPARE(report->replaced, expectedRemoved);
        QCOMPARE(view.size(), texts.size() - expectedRemoved.size());
        QCOMPARE(view.constFirst().id, QStringLiteral("m-%1").arg(expectedRemoved.size()));
        QCOMPARE(budget.count(view), remaining);
        // The drop is recorded as one prefix replacement through the last removed message.
        QCOMPARE(report->events.size(), 1);
        QCOMPARE(report->events.constFirst().edits.size(), 1);
        QCOMPARE(report->events.constFirst().edits.constFirst().kind, ViewEdit::Kind::ReplacePrefix);
        QCOMPARE(report->events.constFirst().edits.constFirst().lastMessageId, expectedRemoved.constLast());

        // Without a counter the strategy refuses instead of guessing, and leaves the view alone.
        StrategyBudget noCounter;
        const QList<Message> before = view;
        QVERIFY(strategy->apply(view, noCounter, StrategyContext()).hasError());
        QCOMPARE(view, before);
    }

    void sandboxRunsCommands()
    {
#ifdef Q_OS_WIN
        QSKIP("the test command is a POSIX shell command");
#endif
        const QList<SandboxPlugin *> plugins = m_manager->plugins<SandboxPlugin>();
        QCOMPARE(plugins.size(), 1);
        Sandbox *sandbox = plugins.constFirst()->sandboxes().constFirst();
        QCOMPARE(sandbox->id(), QStringLiteral("good-plain"));
        QCOMPARE(sandbox->capabilities(), Sandbox::Capabilities());

        SandboxCommand command;
        command.program = QStringLiteral("/bin/sh");
        command.arguments = {QStringLiteral("-c"), QStringLiteral("printf \"$GREETING\"; printf err >&2; exit 3")};
        command.environment.insert(QStringLiteral("GREETING"), QStringLiteral("out"));
        command.workingDirectory = m_home->path();
        QObject owner;
        SandboxProcess *process = sandbox->start(command, &owner);
        QByteArray out;
        QByteArray err;
        connect(process, &SandboxProcess::standardOutputReceived, this, [&out](const QByteArray &data) { out += data; });
        connect(process, &SandboxProcess::standardErrorReceived, this, [&err](const QByteArray &data) { err += data; });
        QSignalSpy finished(process, &SandboxProcess::finished);
        QSignalSpy failed(process, &SandboxProcess::failed);
        QVERIFY(finished.wait(10000));
        QCOMPARE(failed.count(), 0);
        QCOMPARE(finished.constFirst().constFirst().toInt(), 3);
        QCOMPARE(out, QByteArray("out"));
        QCOMPARE(err, QByteArray("err"));
    }

private:
    std::unique_ptr<TemporaryHome> m_home;
    std::unique_ptr<PluginManager> m_manager;
};

VALIS_TEST_MAIN(TestPluginInterfaces)
#include "tst_plugininterfaces.moc"
