// ConversationController: a turn whose provider connection is ready opens its session (on its
// remote machine when its sandbox is remote: conversationremote.cpp) and is submitted; the
// session's recall step is set up from config/recall.json.
#include "conversationcontroller.h"

#include "composerwidget.h"
#include "remotemachinecontroller.h"

#include "valis/agent/recallsettings.h"
#include "valis/agent/session.h"
#include "valis/agent/systemprompt.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/context/contextsettings.h"
#include "valis/memory/recall.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/remotesandbox.h"
#include "valis/record/session.h"
#include "valis/store/sessionstore.h"

#include <QPlainTextEdit>
#include <QPointer>

namespace valis {

void ConversationController::continueTurn(PendingTurn turn)
{
    if (std::exchange(m_cancelPreparing, false)) {
        m_preparing = false;
        m_composer->setStatus(tr("Stopped."));
        setBusy(false);
        runAfterTurn();
        return;
    }
    const SessionConfig *current = m_session ? &m_session->config() : nullptr;
    if (!current || turn.newSession || m_session->id() != turn.target || current->provider->id() != turn.providerId
        || current->model != turn.model || current->endpoint.apiKey != turn.connection.endpoint.apiKey
        || current->endpoint.baseUrl != turn.connection.endpoint.baseUrl) {
        m_session.reset();
    }
    if (m_session) {
        submitPrepared(turn, nullptr);
        return;
    }
    // A remote sandbox: the session opens on its machine, acquired (or attached again) first.
    // A new session needs its id now: the machine carries it as its label.
    if (turn.newSession && chosenRemoteSandbox())
        turn.target = newSessionId();
    QPointer<ConversationController> self(this);
    prepareRemote(turn, [self, turn](const Result<RemoteWorkspace *> &remote) {
        if (!self)
            return;
        if (remote.hasError()) {
            self->m_preparing = false;
            self->fail(tr("Not sent: %1").arg(remote.error().message));
            self->setBusy(false);
            self->runAfterTurn();
            return;
        }
        if (std::exchange(self->m_cancelPreparing, false)) {
            self->m_preparing = false;
            self->m_composer->setStatus(tr("Stopped."));
            self->setBusy(false);
            self->runAfterTurn();
            return;
        }
        if (remote.value())
            self->refreshEnvironment(); // its key is known now, so the sandbox runs
        self->submitPrepared(turn, remote.value());
        if (remote.value() && self && self->m_remote->isAttached())
            Q_EMIT self->sandboxStatusChanged(tr("remote: %1").arg(self->m_remote->description()), false);
    });
}

void ConversationController::submitPrepared(const PendingTurn &turn, RemoteWorkspace *remote)
{
    // Opening a session on a remote machine waits on the service (its filesystem lists the
    // skills for the system prompt), which runs the event loop. Until the turn runs, the
    // controller stays "preparing": the machine's idle clock, a switch to another session or
    // the window closing must not release the machine the session is being opened on.
    QPointer<ConversationController> self(this);
    openAndSubmit(turn, remote);
    if (!self)
        return;
    m_preparing = false;
    const bool stopped = std::exchange(m_cancelPreparing, false);
    if (m_session && m_session->isBusy()) {
        if (stopped)
            m_session->interrupt(); // its end runs what waits (runAfterTurn())
        return;
    }
    // Not submitted (why is in the status): what waited for the turn runs now, and the
    // machine's idle clock, ignored while preparing, starts again.
    setBusy(false);
    m_remote->noteActivity();
    runAfterTurn();
}

void ConversationController::openAndSubmit(const PendingTurn &turn, RemoteWorkspace *remote)
{
    if (!m_session) {
        SessionStore *store = this->store();
        if (!store) {
            setBusy(false);
            return;
        }
        SessionConfig config;
        config.provider = provider(turn.providerId);
        if (!config.provider) {
            fail(tr("The provider %1 is not running.").arg(turn.providerId));
            setBusy(false);
            return;
        }
        config.model = turn.model;
        config.endpoint = turn.connection.endpoint;
        config.keySource = turn.connection.keySource;
        config.catalog = ModelCatalog::load(m_locations);
        config.workspace = turn.workspace;
        config.systemPrompt = defaultSystemPrompt(config.workspace);
        applyProviderSettings(m_settings, turn.providerId, &config);
        // A settings file that cannot be read leaves the defaults; the reason goes to the
        // composer's status like other failures.
        const Result<ContextSettings> contextSettings = ContextSettings::load(m_locations.contextSettingsPath());
        if (contextSettings.hasError())
            fail(contextSettings.error().toString());
        const ContextSettings contextChoice = contextSettings.ok() ? contextSettings.value() : ContextSettings();
        for (const Error &warning : contextChoice.apply(m_plugins->strategies(), {}, &config))
            fail(warning.message);
        if (m_toolEnvironment) {
            m_toolEnvironment->apply(&config);
            // The one registry follows the session being opened (its pack).
            m_toolEnvironment->configure(&m_tools);
        }
        if (remote) {
            // Commands and file tools go to the machine, not to the local folder.
            config.sandbox = remote->machine();
            config.workspaceBackend = remote->filesystem();
        }
        if (m_memoryEnvironment)
            m_memoryEnvironment->apply(&config);
        applyRecall(&config, store->path());
        config.historyStrategy = takePendingHistoryStrategy();
        SessionInfo info;
        info.id = turn.target;
        auto opened = Session::open(store, info, config, &m_tools, &m_approvals);
        if (opened.hasError()) {
            fail(opened.error().toString());
            setBusy(false);
            return;
        }
        m_session = std::move(opened).value();
        connect(m_session.get(), &Session::eventOccurred, this, &ConversationController::onEvent);
        connect(m_session.get(), &Session::branchChanged, this, &ConversationController::showBranch);
        sessionOpened();
        if (turn.newSession) {
            // What the new session was set up with stays its own.
            storeChoice(m_session->id(), m_newChoice);
            if (m_sessionId.isEmpty())
                m_sessionId = m_session->id();
            Q_EMIT sessionCreated(m_session->id());
        }
    }
    const Result<void> submitted = turn.kind == TurnKind::Resend       ? m_session->resend(turn.messageId, turn.text, turn.parts)
                                   : turn.kind == TurnKind::Regenerate ? m_session->regenerate()
                                                                       : m_session->submit(turn.text, turn.parts, turn.metadata);
    if (submitted.hasError()) {
        fail(submitted.error().toString());
        setBusy(false);
        return;
    }
    if (turn.kind != TurnKind::Regenerate) {
        m_composer->editor()->clear();
        m_composer->clearAttachments();
        m_composer->cancelEdit();
    }
}

void ConversationController::applyRecall(SessionConfig *config, const QString &sessionDatabasePath)
{
    const Result<RecallSettings> recall = RecallSettings::load(RecallSettings::pathIn(m_locations.configDir()));
    if (recall.hasError()) {
        fail(recall.error().toString());
        return;
    }
    config->recall.settings = recall.value();
    if (!recall->enabled)
        return;
    RecallSources sources;
    sources.memory = config->memory;
    sources.sessionDatabasePath = sessionDatabasePath;
    QList<std::shared_ptr<const Retriever>> more;
    if (m_vectorRetriever) {
        if (std::shared_ptr<const Retriever> vectors = m_vectorRetriever())
            more << vectors;
    }
    config->recall.retriever = makeRecallRetriever(sources, more);
    if (recall->filterProvider.isEmpty())
        return;
    // The filter model runs on the session's connection when it is the same provider; another
    // provider would need a connection of its own, so the score threshold decides instead.
    if (recall->filterProvider == config->provider->id()) {
        config->recall.filterProvider = config->provider;
        config->recall.filterEndpoint = config->endpoint;
    } else {
        fail(tr("The recall filter model of %1 is not used here: recall keeps candidates by their score instead.")
                 .arg(recall->filterProvider));
    }
}

} // namespace valis
