#include "sessionharness.h"

#include "valis/agent/systemprompt.h"
#include "valis/plugins/providerplugin.h"

#include <QDir>
#include <QSignalSpy>
#include <QtTest>

namespace valis::test {

SessionHarness::SessionHarness()
{
    qRegisterMetaType<SessionEvent>();
}

SessionHarness::~SessionHarness()
{
    m_session.reset(); // before the plugins that own its provider
}

Provider *SessionHarness::provider(const QString &id) const
{
    return m_plugins->provider(id);
}

bool SessionHarness::start(const QString &providerId, const QString &model, const QString &basePath)
{
    if (!m_server.listen()) {
        m_error = QStringLiteral("the test server cannot listen");
        return false;
    }
    const DataLocations locations = DataLocations::underHome(m_home.path());
    m_plugins = std::make_unique<PluginManager>(locations, QStringList{buildDir() + QStringLiteral("/lib/valis/plugins")});
    m_plugins->setHostServices(m_hostServices);
    m_plugins->loadAll();
    Provider *chosen = provider(providerId);
    if (!chosen) {
        m_error = QStringLiteral("provider %1 is not among the built plugins").arg(providerId);
        return false;
    }
    auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
    if (store.hasError()) {
        m_error = store.error().toString();
        return false;
    }
    m_store = std::move(store).value();
    m_registry.setProviders({&m_tools});
    m_approvals.setAutoApprove(AutoApprove::All);

    m_config.provider = chosen;
    m_config.model = model;
    m_config.endpoint.baseUrl = QUrl(m_server.baseUrl().toString() + basePath);
    m_config.endpoint.apiKey = QStringLiteral("sk-test-session-key");
    m_config.endpoint.idleTimeout = std::chrono::seconds(10);
    m_config.keySource = QStringLiteral("TEST_API_KEY");
    m_config.catalog = ModelCatalog::builtIn();
    m_config.systemPrompt = systemPrompt(QStringLiteral("You are a test agent."));
    m_config.workspace = m_home.path();
    m_config.providerRetry.initialDelay = std::chrono::milliseconds(10);
    m_config.providerRetry.jitter = 0;
    m_config.toolRetry.initialDelay = std::chrono::milliseconds(5);
    return reopen();
}

bool SessionHarness::reopen()
{
    SessionInfo info;
    if (m_session)
        info.id = m_session->id();
    m_session.reset();
    auto opened = Session::open(m_store.get(), info, m_config, &m_registry, &m_approvals);
    if (opened.hasError()) {
        m_error = opened.error().toString();
        return false;
    }
    m_session = std::move(opened).value();
    QObject::connect(m_session.get(), &Session::eventOccurred, [this](const SessionEvent &event) {
        events.append(event);
        if (onEvent)
            onEvent(event);
    });
    return true;
}

bool SessionHarness::useRecordedTools()
{
    m_registry.setProviders({&m_recordedTools});
    return reopen();
}

bool SessionHarness::useTools(const QList<ToolProvider *> &providers, const ToolPack &pack)
{
    m_registry.setProviders(QList<ToolProvider *>{&m_tools} + providers);
    m_registry.setPack(pack);
    return reopen();
}

QString SessionHarness::runTurn(const QString &text, int timeoutMs)
{
    const qsizetype before = eventsOf(SessionEvent::Kind::TurnFinished).size();
    const Result<void> submitted = m_session->submit(text);
    if (submitted.hasError())
        return QStringLiteral("submit failed: ") + submitted.error().toString();
    QElapsedTimer clock;
    clock.start();
    while (eventsOf(SessionEvent::Kind::TurnFinished).size() == before && clock.elapsed() < timeoutMs)
        QTest::qWait(5);
    const QList<SessionEvent> finished = eventsOf(SessionEvent::Kind::TurnFinished);
    return finished.size() > before ? finished.constLast().text : QString();
}

QList<SessionEvent> SessionHarness::eventsOf(SessionEvent::Kind kind) const
{
    QList<SessionEvent> found;
    for (const SessionEvent &event : events) {
        if (event.kind == kind)
            found.append(event);
    }
    return found;
}

QString SessionHarness::streamedText() const
{
    QString text;
    for (const SessionEvent &event : events) {
        if (event.kind == SessionEvent::Kind::TextDelta)
            text += event.text;
    }
    return text;
}

} // namespace valis::test
