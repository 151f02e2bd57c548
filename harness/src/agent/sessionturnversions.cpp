// The Session's turn versions: the stored snapshot the context pipeline reads, and the
// versions made after each turn (see TurnVersionGenerator).
#include "valis/agent/session.h"

#include "agent/agentloop.h"
#include "valis/context/storedturnversions.h"
#include "valis/store/sessionstore.h"
#include "valis/tokens/tokencounter.h"

namespace valis {

bool Session::hasPendingTurnVersions() const
{
    return m_turnVersionGenerator && m_turnVersionGenerator->isBusy();
}

const TurnVersionSource *Session::turnVersions() const
{
    return m_turnVersionSnapshot.get();
}

TurnVersionMode Session::turnVersionMode() const
{
    if (m_config.turnVersions != TurnVersionMode::Auto)
        return m_config.turnVersions;
    // The strategies that show turn versions say whether they want the model's: the first one
    // whose settings (its defaults, then the configured ones) name a mode decides.
    for (ContextStrategy *strategy : m_config.strategies) {
        QJsonObject settings = strategy->defaultSettings();
        const QJsonObject configured = m_config.strategySettings.value(strategy->id());
        for (auto it = configured.constBegin(); it != configured.constEnd(); ++it)
            settings.insert(it.key(), it.value());
        const std::optional<TurnVersionMode> mode =
            turnVersionModeFromString(settings.value(QLatin1String("turnVersions")).toString());
        if (mode && *mode != TurnVersionMode::Auto)
            return *mode;
    }
    return TurnVersionMode::Extractive;
}

void Session::setUpTurnVersions(QList<Error> *warnings)
{
    std::function<qint64(const QString &)> count;
    if (const std::shared_ptr<TokenCounter> counter = m_pipeline->tokenCounter())
        count = [counter](const QString &text) { return counter->countText(text); };
    Result<std::shared_ptr<StoredTurnVersions>> loaded = StoredTurnVersions::load(*m_store, m_info.id, count);
    if (loaded.ok()) {
        m_turnVersionSnapshot = loaded.value();
    } else {
        // The view still gets the extractive versions; only what was stored is missing.
        warnings->append(loaded.error());
        m_turnVersionSnapshot = std::make_shared<StoredTurnVersions>(count);
    }
    m_pipeline->setTurnVersions(m_turnVersionSnapshot);

    TurnVersionGenerator::Setup setup;
    setup.store = m_store;
    setup.sessionId = m_info.id;
    // Whether the model is asked is decided per turn (makeTurnVersions()): the strategies may
    // change during the session.
    setup.provider = m_config.provider;
    setup.model = m_config.model;
    setup.endpoint = m_config.endpoint;
    setup.providerOptions = m_config.providerOptions;
    setup.retry = m_config.providerRetry;
    setup.failureContext = m_loop->failureContext();
    setup.countTokens = count;
    setup.snapshot = m_turnVersionSnapshot;
    m_turnVersionGenerator = std::make_unique<TurnVersionGenerator>(setup);
    connect(m_turnVersionGenerator.get(), &TurnVersionGenerator::warning, this, [this](const Error &error) {
        SessionEvent event;
        event.kind = SessionEvent::Kind::Warning;
        event.error = error;
        emitEvent(event);
    });
    connect(m_turnVersionGenerator.get(), &TurnVersionGenerator::usageReported, this, [this](const Usage &usage) {
        // Billed like any request; its prefix was read from the cache.
        const std::optional<double> cost = m_config.catalog.cost(m_config.model, usage).total();
        m_totals.add(usage, cost);
        SessionEvent event;
        event.kind = SessionEvent::Kind::UsageReported;
        event.usage = usage;
        event.cost = cost;
        event.totals = m_totals;
        event.details = {{QStringLiteral("purpose"), QStringLiteral("turn-versions")}};
        emitEvent(event);
    });
}

void Session::makeTurnVersions(int turn)
{
    if (!m_turnVersionGenerator || turn < 0)
        return;
    const QList<Message> turnMessages = messagesByTurn(m_path).value(turn);
    if (turnMessages.isEmpty())
        return;
    // The deterministic versions first: cheap, and what the view shows until the model's come.
    const Result<QList<TurnVersion>> stored = m_turnVersionGenerator->storeExtractive(turn, turnMessages);
    if (stored.hasError()) {
        SessionEvent event;
        event.kind = SessionEvent::Kind::Warning;
        event.turn = turn;
        event.error = stored.error();
        emitEvent(event);
    }
    if (turnVersionMode() != TurnVersionMode::Model)
        return;
    const std::optional<AgentLoop::SentRequest> &live = m_loop->lastRequest();
    if (live && live->turn == turn && live->pathSize <= m_path.size()) {
        QList<Message> after = messagesByTurn(m_path.mid(live->pathSize)).value(turn);
        // As a request shows them: a captured output as its MemoryRef, not its megabytes.
        showCapturedResults(after);
        m_turnVersionGenerator->generate(turn, turnMessages, live->request, after);
    } else {
        m_turnVersionGenerator->generate(turn, turnMessages);
    }
}

} // namespace valis
