#include "conversationcontroller.h"

#include "attachment.h"
#include "appearance.h"
#include "composerwidget.h"
#include "conversationview.h"
#include "mcpinteractiondialog.h"
#include "mcpui.h"
#include "remotemachinecontroller.h"

#include "valis/agent/connection.h"
#include "valis/agent/recallsettings.h"
#include "valis/agent/session.h"
#include "valis/agent/systemprompt.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/context/contextsettings.h"
#include "valis/keychain/keychaincredentialstore.h"
#include "valis/memory/recall.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/remotesandbox.h"
#include "valis/record/session.h"
#include "valis/store/sessionstore.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>

namespace valis {

ConversationController::ConversationController(const DataLocations &locations, ConversationView *transcript,
                                               ComposerWidget *composer, QWidget *window)
    : QObject(window), m_locations(locations), m_transcript(transcript), m_composer(composer), m_window(window)
{
    m_keys = std::make_unique<KeychainCredentialStore>();
    connect(m_composer, &ComposerWidget::sendRequested, this, &ConversationController::send);
    connect(m_composer, &ComposerWidget::stopRequested, this, &ConversationController::stop);
    connect(m_composer, &ComposerWidget::providerChanged, this, [this](const QString &id) {
        m_composer->setModels(ModelCatalog::load(m_locations).modelIdsFor(id));
        m_composer->setModel(m_settings.entry(id).model);
    });
    connect(m_transcript, &ConversationView::approvalDecided, this, &ConversationController::onApprovalDecided);
    connect(m_composer, &ComposerWidget::historyStrategyChosen, this, &ConversationController::chooseHistoryStrategy);
    m_composer->setEnabled(false);
    m_composer->setStatus(tr("Starting plugins…"));
    connectRemote();
}

ConversationController::~ConversationController()
{
    m_session.reset();
}

void ConversationController::setPlugins(PluginManager *plugins)
{
    m_plugins = plugins;
    refreshEnvironment();
    offerHistoryStrategies();

    // Without its memory store the agent still works, without MemoryRefs or /memories/ in the
    // store; the person is told why.
    Result<MemoryEnvironment> memory = MemoryEnvironment::open(m_locations);
    if (memory.ok()) {
        m_memoryEnvironment = memory.value();
    } else {
        m_memoryEnvironment.reset();
        fail(tr("Memory is off: %1").arg(memory.error().toString()));
    }

    Result<ProviderSettings> settings = ProviderSettings::load(m_locations.providerSettingsPath());
    if (settings.ok())
        m_settings = settings.value();
    Result<ApprovalPolicy> approvals = ApprovalPolicy::load(m_locations.approvalsPath());
    if (approvals.ok())
        m_approvals = approvals.value();
    // Rules that cannot be read must not be guessed at: ask about every call instead.
    m_approvals.setAutoApprove(approvals.ok() ? AutoApprove::ReadOnly : AutoApprove::None);

    QStringList ids;
    for (const Provider *provider : plugins->providers())
        ids.append(provider->id());
    const QString preferred = m_settings.defaultProvider().isEmpty() && !ids.isEmpty() ? ids.first() : m_settings.defaultProvider();
    m_composer->setProviders(ids, preferred);

    m_composer->setModels(ModelCatalog::load(m_locations).modelIdsFor(m_composer->provider()));
    m_composer->setModel(m_settings.entry(m_composer->provider()).model);
    m_composer->setEnabled(!ids.isEmpty());
    if (ids.isEmpty())
        m_composer->setStatus(tr("No provider plugin is running; see the plugin status."));
    else if (settings.hasError())
        m_composer->setStatus(tr("The provider settings could not be read: %1").arg(settings.error().toString()));
    else if (approvals.hasError())
        m_composer->setStatus(tr("The approval rules could not be read (every call will be asked): %1").arg(approvals.error().toString()));
    else
        m_composer->setStatus(QString());
}

void ConversationController::reloadSettings()
{
    if (!m_plugins)
        return;
    if (isBusy()) {
        m_reloadPending = true;
        return;
    }
    // The next turn opens its session again, with what was just saved (sandbox, network, rules).
    m_session.reset();
    const QString chosen = m_composer->provider();
    setPlugins(m_plugins);
    m_composer->selectProvider(chosen);
    releaseRemoteIfUnused();
}

void ConversationController::setSessionId(const QString &sessionId)
{
    if (sessionId == m_sessionId)
        return;
    m_sessionId = sessionId;
    if (!isBusy())
        m_session.reset();
    m_pendingHistory.clear();
    m_composer->setHistoryStrategy(shownHistoryStrategy());
    refreshEnvironment();
    // What the dock said of the last machine belongs to the session shown before.
    if (!m_remote->isAttached() && !m_remote->isWorking())
        Q_EMIT remoteMachineChanged(QString(), false, false);
    releaseRemoteIfUnused();
}

void ConversationController::refreshEnvironment()
{
    if (!m_plugins)
        return;
    const ToolEnvironmentChoice choice = sessionChoice(m_sessionId);
    Result<ToolEnvironment> environment = ToolEnvironment::assemble(*m_plugins, m_locations, choice);
    if (environment.ok()) {
        m_toolEnvironment = environment.value();
        // One session runs at a time here, so the one registry follows the shown session.
        if (!isBusy())
            m_toolEnvironment->configure(&m_tools);
        Q_EMIT sandboxStatusChanged(m_toolEnvironment->describeSandbox(),
                                    m_toolEnvironment->isolationOff() || !m_toolEnvironment->sandbox());
    } else {
        // Without readable tool settings the agent gets no tools rather than guessed ones.
        m_toolEnvironment.reset();
        if (!isBusy())
            m_tools.setProviders({});
        Q_EMIT sandboxStatusChanged(tr("Tools are off: %1").arg(environment.error().toString()), true);
    }
    QList<QPair<QString, QString>> sandboxes;
    for (Sandbox *sandbox : m_plugins->sandboxes())
        sandboxes.append({sandbox->id(), sandbox->displayName()});
    const QString current = m_toolEnvironment && m_toolEnvironment->sandbox() ? m_toolEnvironment->sandbox()->id()
                          : !choice.sandbox.isEmpty()                      ? choice.sandbox
                          : m_toolEnvironment                              ? m_toolEnvironment->settings().sandbox()
                                                                           : QString();
    const bool network = m_toolEnvironment && m_toolEnvironment->network() == NetworkAccess::Allowed;
    Q_EMIT sandboxChoiceChanged(sandboxes, current, network);
    // The shown session runs on its remote machine: the status says which.
    if (m_remote && m_remote->isAttached() && m_remote->sessionId() == m_sessionId)
        Q_EMIT sandboxStatusChanged(tr("remote: %1").arg(m_remote->description()), m_remote->descriptionIsWarning());
    if (m_toolEnvironment)
        m_composer->setToolPacks([this] {
            QList<QPair<QString, QString>> packs;
            for (const ToolPack &pack : m_toolEnvironment->settings().packs())
                packs.append({pack.name, pack.description});
            return packs;
        }(), m_toolEnvironment->pack().name);
}

ToolEnvironmentChoice ConversationController::sessionChoice(const QString &sessionId) const
{
    if (sessionId.isEmpty())
        return m_newChoice;
    QSettings settings(m_locations.desktopSettingsPath(), QSettings::IniFormat);
    settings.beginGroup(QStringLiteral("session-") + sessionId);
    ToolEnvironmentChoice choice;
    choice.sandbox = settings.value(QStringLiteral("sandbox")).toString();
    if (settings.contains(QStringLiteral("network")))
        choice.network = settings.value(QStringLiteral("network")).toBool() ? NetworkAccess::Allowed : NetworkAccess::Denied;
    choice.toolPack = settings.value(QStringLiteral("toolPack")).toString();
    return choice;
}

void ConversationController::storeChoice(const QString &sessionId, const ToolEnvironmentChoice &choice) const
{
    QSettings settings(m_locations.desktopSettingsPath(), QSettings::IniFormat);
    settings.beginGroup(QStringLiteral("session-") + sessionId);
    settings.setValue(QStringLiteral("sandbox"), choice.sandbox);
    if (choice.network)
        settings.setValue(QStringLiteral("network"), *choice.network == NetworkAccess::Allowed);
    else
        settings.remove(QStringLiteral("network"));
    settings.setValue(QStringLiteral("toolPack"), choice.toolPack);
}

void ConversationController::setSessionChoice(const QString &sessionId, const ToolEnvironmentChoice &choice)
{
    if (sessionId.isEmpty())
        m_newChoice = choice;
    else
        storeChoice(sessionId, choice);
    if (sessionId != m_sessionId)
        return;
    if (isBusy()) {
        m_reopenPending = true;
        refreshEnvironment(); // the status says what the next turn gets
        return;
    }
    m_session.reset();
    refreshEnvironment();
    releaseRemoteIfUnused();
}

Result<QList<Part>> ConversationController::readAttachments(const QString &model) const
{
    QList<Part> parts;
    bool images = false;
    for (const QString &path : m_composer->attachments()) {
        Result<Part> part = Attachment::read(path);
        if (part.hasError())
            return part.error();
        images = images || part->kind == PartKind::Image;
        parts.append(part.value());
    }
    for (const Part &part : m_composer->resourceParts()) {
        images = images || part.kind == PartKind::Image;
        parts.append(part);
    }
    if (images) {
        const ModelMatch match = ModelCatalog::load(m_locations).lookup(model);
        if (match.isKnown() && !match.model.capabilities.vision)
            return Error(QStringLiteral("attachment.no-vision"), tr("%1 does not take images").arg(model));
    }
    return parts;
}

bool ConversationController::isBusy() const
{
    return m_preparing || (m_session && m_session->isBusy());
}

Provider *ConversationController::provider(const QString &id) const
{
    return m_plugins ? m_plugins->provider(id) : nullptr;
}

SessionStore *ConversationController::store()
{
    if (!m_store) {
        auto opened = SessionStore::open(m_locations.sessionDatabasePath(), m_locations.blobDir());
        if (opened.hasError()) {
            fail(opened.error().toString());
            return nullptr;
        }
        m_store = std::move(opened).value();
    }
    return m_store.get();
}

void ConversationController::send(const QString &text)
{
    const QString edited = m_composer->editingMessage();
    startTurn(edited.isEmpty() ? TurnKind::Submit : TurnKind::Resend, text, edited);
}

void ConversationController::regenerate()
{
    if (m_sessionId.isEmpty())
        return;
    startTurn(TurnKind::Regenerate, QString(), QString());
}

bool ConversationController::switchBranch(const QString &messageId)
{
    if (!m_session || m_session->id() != m_sessionId || isBusy())
        return false;
    const Result<void> switched = m_session->switchBranch(messageId);
    if (switched.hasError())
        fail(switched.error().toString());
    return switched.ok();
}

void ConversationController::closeSession()
{
    if (!isBusy())
        m_session.reset();
}

void ConversationController::showBranch()
{
    // The session holds its record: the new branch is shown at once, without the store.
    if (!m_session || m_session->id() != m_sessionId)
        return;
    SessionInfo shown = m_transcript->shownSession();
    if (shown.id != m_session->id())
        shown = m_session->info();
    m_transcript->showSession(shown, m_session->record(), {}, m_session->activeLeafId());
}

void ConversationController::startTurn(TurnKind kind, const QString &text, const QString &messageId)
{
    if (isBusy())
        return;
    if (kind != TurnKind::Submit && m_sessionId.isEmpty())
        return;
    const QString providerId = m_composer->provider();
    const QString model = m_composer->model();
    if (model.isEmpty()) {
        fail(tr("Choose a model for %1 first.").arg(providerId));
        return;
    }
    Provider *chosen = provider(providerId);
    if (!chosen) {
        fail(tr("The provider %1 is not running.").arg(providerId));
        return;
    }
    const Result<QList<Part>> attachments = kind == TurnKind::Regenerate ? Result<QList<Part>>(QList<Part>()) : readAttachments(model);
    if (attachments.hasError()) {
        fail(tr("Not sent: %1").arg(attachments.error().message));
        return;
    }
    const QString workspace = m_composer->workspace();
    if (!QFileInfo(workspace).isDir()) {
        fail(tr("Not sent: the workspace folder %1 is not there.").arg(QDir::toNativeSeparators(workspace)));
        return;
    }
    // MCP servers see the folder this turn works in as their root.
    if (McpHost *host = McpUi::host(m_plugins))
        host->setRoots({workspace});
    // The turn goes to the session shown when Send was pressed, whatever is chosen meanwhile.
    const QString target = m_sessionId;
    if (target.isEmpty() && m_composer->toolPack() != m_newChoice.toolPack) {
        m_newChoice.toolPack = m_composer->toolPack();
        refreshEnvironment();
    }
    m_preparing = true;
    setBusy(true);
    m_composer->setStatus(tr("Connecting to %1…").arg(chosen->displayName()));
    PendingTurn turn;
    turn.kind = kind;
    turn.text = text;
    turn.messageId = messageId;
    turn.providerId = providerId;
    turn.model = model;
    turn.target = target;
    turn.newSession = target.isEmpty();
    turn.workspace = workspace;
    turn.parts = attachments.value();
    if (kind == TurnKind::Submit)
        turn.metadata = m_composer->turnMetadata();
    m_cancelPreparing = false;
    QPointer<ConversationController> self(this);
    prepareConnection(*chosen, m_settings.entry(providerId), QString(), m_keys.get(), processEnvironment(),
                      [self, turn](const Result<Connection> &connection) mutable {
                          if (!self)
                              return;
                          if (connection.hasError()) {
                              self->m_preparing = false;
                              self->fail(connection.error().toString());
                              self->setBusy(false);
                              self->runAfterTurn();
                              return;
                          }
                          turn.connection = connection.value();
                          self->continueTurn(std::move(turn));
                      });
}

void ConversationController::stop()
{
    // While the remote machine is being acquired there is no turn yet: it is not started.
    if (m_preparing)
        m_cancelPreparing = true;
    else if (m_session)
        m_session->interrupt();
}

void ConversationController::runAfterTurn()
{
    if (m_afterTurn)
        QMetaObject::invokeMethod(this, std::exchange(m_afterTurn, {}), Qt::QueuedConnection);
}

void ConversationController::onEvent(const SessionEvent &event)
{
    const bool shown = event.sessionId == m_sessionId;
    switch (event.kind) {
    case SessionEvent::Kind::TurnStarted:
        // Shown at once; the transcript is rendered from the record again when the turn ends.
        if (shown) {
            m_transcript->appendActivity(tr("You: %1").arg(event.message.text()));
        }
        m_composer->setStatus(tr("Working…"));
        m_remote->noteActivity();
        break;
    case SessionEvent::Kind::TextDelta:
        if (shown)
            m_transcript->appendStreamText(event.text);
        break;
    case SessionEvent::Kind::ToolExecutionStarted: {
        const QString provider = event.details.value(QLatin1String("provider")).toString();
        if (shown && provider.startsWith(QLatin1String("mcp:"))) {
            const QJsonValue &arguments = event.arguments;
            m_transcript->startToolCard(event.callId, event.toolName, event.details.value(QLatin1String("title")).toString(),
                                        provider.mid(4),
                                        arguments.isObject() ? QString::fromUtf8(QJsonDocument(arguments.toObject()).toJson(QJsonDocument::Indented))
                                        : arguments.isArray() ? QString::fromUtf8(QJsonDocument(arguments.toArray()).toJson(QJsonDocument::Indented))
                                                              : arguments.toVariant().toString());
        } else if (shown)
            m_transcript->appendActivity(tr("\u2192 %1 %2").arg(event.toolName,
                                                                 QString::fromUtf8(QJsonDocument(event.arguments.toObject()).toJson(QJsonDocument::Compact)).left(300)));
        // A command: a string, or an argv list shown as one line.
        const QJsonValue command = event.arguments.toObject().value(QLatin1String("command"));
        QString commandLine = command.toString();
        if (command.isArray()) {
            QStringList argv;
            for (const QJsonValue &argument : command.toArray())
                argv << argument.toString();
            commandLine = argv.join(QLatin1Char(' '));
        }
        if (!commandLine.isEmpty()) {
            m_commands.insert(event.callId);
            Q_EMIT commandStarted(event.callId, event.toolName, commandLine);
        }
        break;
    }
    case SessionEvent::Kind::ToolOutput:
        if (m_commands.contains(event.callId))
            Q_EMIT commandOutput(event.callId, event.text);
        break;
    case SessionEvent::Kind::ToolProgress:
        if (shown)
            m_transcript->showToolProgress(event.callId, event.details.value(QLatin1String("progress")).toDouble(),
                                           event.details.value(QLatin1String("total")).toDouble(-1), event.text);
        break;
    case SessionEvent::Kind::InteractionRequested:
        onInteractionRequested(event);
        break;
    case SessionEvent::Kind::InteractionResolved:
        // Answered or given up elsewhere (the call ended, a timeout): its dialog goes.
        if (const QPointer<McpInteractionDialog> dialog = m_interactions.take(event.requestId); dialog)
            dialog->settle();
        break;
    case SessionEvent::Kind::ToolCallFinished:
        if (shown)
            m_transcript->finishToolCard(event.callId, event.result.isError);
        if (m_commands.remove(event.callId))
            Q_EMIT commandFinished(event.callId, event.result.resultText(), event.result.isError, event.durationMs);
        break;
    case SessionEvent::Kind::Retrying:
        m_composer->setStatus(tr("Retrying in %1 s: %2").arg(double(event.delayMs) / 1000.0, 0, 'f', 1).arg(event.error.message));
        break;
    case SessionEvent::Kind::ApprovalRequested: {
        // A card in the conversation with the full arguments; the window stays live (the person
        // can read on, or stop the turn) until it is answered.
        const QString provider = event.details.value(QLatin1String("provider")).toString();
        const QString question = provider.isEmpty() || provider == event.toolName ? tr("The agent wants to run %1 with these arguments:").arg(event.toolName)
                                                    : tr("The agent wants to run %1 (from %2) with these arguments:")
                                                          .arg(event.toolName, provider);
        const QJsonValue arguments = event.arguments;
        const QString argumentsText = arguments.isObject() ? QString::fromUtf8(QJsonDocument(arguments.toObject()).toJson(QJsonDocument::Indented))
                            : arguments.isArray()  ? QString::fromUtf8(QJsonDocument(arguments.toArray()).toJson(QJsonDocument::Indented))
                                                   : arguments.toVariant().toString();
        m_pendingApprovals.append(event.requestId);
        m_transcript->requestApproval(event.requestId, question, argumentsText);
        m_composer->setStatus(tr("Waiting for your answer: may %1 run?").arg(event.toolName));
        break;
    }
    case SessionEvent::Kind::ApprovalResolved:
        // Answered elsewhere (an "allow for this session" that covered it, an interrupt).
        if (m_pendingApprovals.removeOne(event.requestId))
            m_transcript->settleApproval(event.requestId, tr("Answered."));
        break;
    case SessionEvent::Kind::MessageAppended:
        break;
    case SessionEvent::Kind::RequestStarted:
        m_contextWindow = event.details.value(QLatin1String("contextWindow")).toInteger();
        m_requestModel = event.text;
        if (shown)
            Q_EMIT contextUsageChanged(event.details.value(QLatin1String("estimatedTokens")).toInteger(), m_contextWindow, m_requestModel);
        break;
    case SessionEvent::Kind::UsageReported: {
        Q_EMIT totalsChanged(event.totals);
        const qint64 prompt = qMax<qint64>(0, event.usage.inputTokens) + qMax<qint64>(0, event.usage.cacheWriteTokens)
                              + qMax<qint64>(0, event.usage.cacheReadTokens);
        if (shown && prompt > 0)
            Q_EMIT contextUsageChanged(prompt, m_contextWindow, m_requestModel);
        break;
    }
    case SessionEvent::Kind::Warning:
        m_composer->setStatus(tr("Warning: %1").arg(event.error.message));
        break;
    case SessionEvent::Kind::Error:
        m_composer->setStatus(tr("Error: %1").arg(event.error.message));
        break;
    case SessionEvent::Kind::TurnFinished:
        setBusy(false);
        settleApprovals(tr("The turn ended."));
        settleInteractions();
        if (event.text == QLatin1String("answered"))
            m_composer->setStatus(QString());
        else if (event.text == QLatin1String("interrupted"))
            m_composer->setStatus(tr("Stopped."));
        Q_EMIT totalsChanged(event.totals);
        reportToParent(event.text);
        if (shown)
            Q_EMIT recordChanged(event.sessionId);
        Q_EMIT turnFinished(event.sessionId);
        m_remote->noteActivity();
        // Not from inside the session's own signal: it is replaced by the reload.
        if (m_afterTurn)
            runAfterTurn();
        else if (std::exchange(m_reloadPending, false))
            QMetaObject::invokeMethod(this, &ConversationController::reloadSettings, Qt::QueuedConnection);
        else if (std::exchange(m_reopenPending, false))
            QMetaObject::invokeMethod(this, [this] {
                if (isBusy())
                    return;
                m_session.reset();
                refreshEnvironment();
                releaseRemoteIfUnused();
            }, Qt::QueuedConnection);
        else
            QMetaObject::invokeMethod(this, &ConversationController::releaseRemoteIfUnused, Qt::QueuedConnection);
        break;
    default:
        break;
    }
}

void ConversationController::fail(const QString &text)
{
    m_composer->setStatus(text);
}

void ConversationController::setBusy(bool busy)
{
    m_composer->setBusy(busy);
}

void ConversationController::onApprovalDecided(const QString &requestId, const QString &decision)
{
    if (!m_pendingApprovals.removeOne(requestId) || !m_session)
        return;
    const ApprovalScope scope = decision == QLatin1String("session")  ? ApprovalScope::Session
                                : decision == QLatin1String("always") ? ApprovalScope::Always
                                                                      : ApprovalScope::Once;
    if (decision == QLatin1String("deny")) {
        m_session->deny(requestId);
        m_transcript->settleApproval(requestId, tr("Denied."));
    } else {
        m_session->approve(requestId, scope);
        m_transcript->settleApproval(requestId, scope == ApprovalScope::Once      ? tr("Allowed once.")
                                                : scope == ApprovalScope::Session ? tr("Allowed for this session.")
                                                                                  : tr("Always allowed."));
    }
    m_composer->setStatus(tr("Working…"));
}

bool ConversationController::decideOldestApproval(const QString &decision)
{
    if (m_pendingApprovals.isEmpty())
        return false;
    onApprovalDecided(m_pendingApprovals.constFirst(), decision);
    return true;
}

bool ConversationController::killCommand(const QString &callId)
{
    return m_session && m_commands.contains(callId) && m_session->cancelToolCall(callId);
}

void ConversationController::onInteractionRequested(const SessionEvent &event)
{
    // A dialog of its own, not modal: the person can read the conversation while answering.
    auto *dialog = new McpInteractionDialog(event, m_session ? m_session->config().model : QString(), m_window);
    m_interactions.insert(event.requestId, dialog);
    connect(dialog, &McpInteractionDialog::answered, this, [this](const QString &requestId, const ToolInteractionAnswer &answer) {
        m_interactions.remove(requestId);
        if (m_session)
            m_session->answerInteraction(requestId, answer);
        if (isBusy())
            m_composer->setStatus(tr("Working…"));
    });
    const QString source = event.details.value(QLatin1String("source")).toString();
    m_composer->setStatus(tr("Waiting for your answer: %1 asks something.").arg(source.isEmpty() ? event.toolName : source));
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

void ConversationController::settleInteractions()
{
    const auto open = std::exchange(m_interactions, {});
    for (const QPointer<McpInteractionDialog> &dialog : open)
        if (dialog)
            dialog->settle();
}

void ConversationController::settleApprovals(const QString &outcome)
{
    for (const QString &id : std::as_const(m_pendingApprovals))
        m_transcript->settleApproval(id, outcome);
    m_pendingApprovals.clear();
}

} // namespace valis
