#pragma once

// A Session wired to the real provider plugins (built in this tree, loaded by the real
// PluginManager), a ProviderTestServer standing in for the provider's API, a SessionStore on
// disk and the test tools.
#include "providerserver.h"
#include "testsupport.h"
#include "testtools.h"
#include "valis/agent/approvalpolicy.h"
#include "valis/agent/session.h"
#include "valis/agent/toolregistry.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/store/sessionstore.h"

#include <QList>

#include <memory>

namespace valis::test {

class SessionHarness
{
public:
    SessionHarness();
    ~SessionHarness();

    /// False (with the reason in error()) when the plugins or the server could not start.
    bool start(const QString &providerId, const QString &model, const QString &basePath = {});
    QString error() const { return m_error; }

    Session *session() const { return m_session.get(); }
    SessionStore *store() const { return m_store.get(); }
    ProviderTestServer &server() { return m_server; }
    TestToolProvider &tools() { return m_tools; }
    RecordedTools &recordedTools() { return m_recordedTools; }
    /// Offers the recorded cassettes' tools (weather, add, multiply) instead of the test tools.
    bool useRecordedTools();
    /// Offers `providers` besides the test tools, limited to `pack` (default: every tool).
    bool useTools(const QList<ToolProvider *> &providers, const ToolPack &pack = {QStringLiteral("all"), {}, {QStringLiteral("*")}, {}});
    ToolRegistry &registry() { return m_registry; }
    ApprovalPolicy &approvals() { return m_approvals; }
    SessionConfig &config() { return m_config; }
    Provider *provider(const QString &id) const;
    /// What the plugins are offered as their host (browser, keychain); set before start().
    void setHostServices(const HostServices &services) { m_hostServices = services; }
    /// The plugins the harness loaded (every plugin built in this tree).
    PluginManager *plugins() const { return m_plugins.get(); }
    QString homePath() const { return m_home.path(); }

    /// Submits `text` and waits for TurnFinished; returns its reason ("" on a time-out).
    QString runTurn(const QString &text, int timeoutMs = 15000);
    /// Re-opens the session with the current config() (after changing it).
    bool reopen();

    QList<SessionEvent> events;
    QList<SessionEvent> eventsOf(SessionEvent::Kind kind) const;
    QString streamedText() const;
    /// Called for every event as it happens (to approve, interrupt, ...).
    std::function<void(const SessionEvent &)> onEvent;

private:
    TemporaryHome m_home;
    ProviderTestServer m_server;
    std::unique_ptr<PluginManager> m_plugins;
    std::unique_ptr<SessionStore> m_store;
    TestToolProvider m_tools;
    RecordedTools m_recordedTools;
    ToolRegistry m_registry;
    ApprovalPolicy m_approvals;
    SessionConfig m_config;
    std::unique_ptr<Session> m_session;
    QString m_error;
    HostServices m_hostServices;
};

} // namespace valis::test
