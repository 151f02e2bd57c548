#include "agent/agentloop.h"

#include "agent/serverstrategies.h"
#include "agent/agentloopsupport.h"
#include "agent/recallstep.h"

#include "valis/agent/session.h"
#include "valis/core/modeltext.h"
#include "valis/agent/toolregistry.h"
#include "valis/agent/toolselector.h"
#include "valis/memory/memoryprocessing.h"
#include "valis/store/sessionstore.h"
#include "valis/tokens/tokencounter.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace valis {

namespace {
using Text = agentloop::Text;
using agentloop::makeEvent;

/// Fills in the bytes of stored images. An image whose blob cannot be read becomes a text note
/// (and an entry in `missing`): sending its blob: address would make every later request of
/// the session fail, and the record cannot be edited.
void loadImages(QList<Part> &parts, const SessionStore *store, QList<Error> *missing)
{
    for (Part &part : parts) {
        if (part.kind == PartKind::Image && part.image.data.isEmpty() && part.image.uri.startsWith(QLatin1String("blob:"))) {
            Result<QByteArray> bytes = store->readBlob(part.image.uri);
            if (bytes.ok()) {
                part.image.data = bytes.value();
            } else {
                missing->append(bytes.error());
                part = Part::makeText(modeltext::missingImageNote(part.image.mediaType));
            }
        } else if (part.kind == PartKind::ToolResult) {
            loadImages(part.content, store, missing);
        }
    }
}
} // namespace

AgentLoop::AgentLoop(Session *session)
    : m_session(session), m_orchestrator(session->tools(), session->m_approvals),
      m_toolCaller(session->tools(), session->m_approvals),
      m_builder(std::make_unique<ViewBuilder>(session->sharedPipeline())),
      m_summaries(std::make_unique<SummaryRunner>(session->config().provider))
{
    connect(m_builder.get(), &ViewBuilder::built, this, &AgentLoop::onViewBuilt);
    connect(m_summaries.get(), &SummaryRunner::prepared, this, &AgentLoop::onSummaryPrepared);
    m_retryTimer.setSingleShot(true);
    // A coarse timer may fire up to 5% early; a server's retry-after is a floor.
    m_retryTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_retryTimer, &QTimer::timeout, this, [this] {
        if (m_state == State::RetryWait)
            sendRequest();
    });
    m_orchestrator.setRetryPolicy(m_session->config().toolRetry);

    connectOrchestrator();
    connectToolCaller();
    if (RecallStep *recall = m_session->recallStep())
        connect(recall, &RecallStep::settled, this, &AgentLoop::onRecalled);
}

AgentLoop::~AgentLoop()
{
    dropStream();
}

void AgentLoop::report(SessionEvent::Kind kind, const Error &error, int step)
{
    SessionEvent event = makeEvent(kind, step == CurrentStep ? m_step : step);
    event.error = error;
    m_session->emitEvent(event);
}

FailureContext AgentLoop::failureContext() const
{
    const SessionConfig &config = m_session->config();
    FailureContext context;
    context.providerName = config.provider->displayName();
    context.providerId = config.provider->id();
    context.defaults = config.provider->defaults();
    context.keySource = config.endpoint.apiKey.isEmpty() ? QString() : config.keySource;
    context.secret = config.endpoint.apiKey;
    context.baseUrl = config.endpoint.baseUrl.toString();
    return context;
}

void AgentLoop::startTurn(int turn, const QString &userText)
{
    m_turn = turn;
    m_step = 0;
    m_turnCost = 0;
    m_overflowRetried = false;
    m_interruptRequested = false;
    m_endAfterBatch = false;
    m_offeredTools.clear();

    // Recall first: the turn's first request carries what it found (or goes without it when
    // the budget runs out; RecallStep answers within it).
    if (RecallStep *recall = m_session->recallStep(); recall && !userText.trimmed().isEmpty()) {
        m_state = State::Recalling;
        m_recallText = userText;
        recall->start({userText, m_session->config().agentId, m_session->id()});
        return;
    }
    continueTurn(userText);
}

void AgentLoop::onRecalled(const RecallOutcome &outcome)
{
    if (m_state != State::Recalling)
        return;
    if (!outcome.items.isEmpty()) {
        const Result<Message> stored = m_session->append(recallMessage(outcome));
        if (stored.hasError())
            report(SessionEvent::Kind::Warning, stored.error(), -1);
        // What was injected counts as a use for consolidation (a raised weight, no decay).
        QStringList keys;
        for (const RecallItem &item : outcome.items) {
            if (!item.memoryKey.isEmpty())
                keys << item.memoryKey;
        }
        if (const std::shared_ptr<DetailStore> &memory = m_session->config().memory; memory && !keys.isEmpty()) {
            const Result<void> noted = MemoryLedger::noteRecalled(*memory, m_session->config().agentId, keys);
            if (noted.hasError())
                report(SessionEvent::Kind::Warning, noted.error(), -1);
        }
    }
    if (!outcome.error.isEmpty())
        report(SessionEvent::Kind::Warning, Error(QStringLiteral("recall.failed"), outcome.error), -1);
    continueTurn(m_recallText);
}

void AgentLoop::continueTurn(const QString &userText)
{
    const SessionConfig &config = m_session->config();
    ToolRegistry *registry = m_session->tools();
    registry->refresh();
    // Many MCP tools would crowd the window: their schemas wait behind search_tools, decided once
    // per turn so the tools array (and with it the cached prefix) stays put within the turn.
    {
        const std::shared_ptr<TokenCounter> counter = m_session->pipeline().tokenCounter();
        const qint64 window = config.catalog.lookup(config.model).model.contextWindow;
        registry->applyDeferral(config.deferToolsAbove, window, [counter](const QJsonArray &definitions) {
            return counter ? counter->countToolDefinitions(definitions) : qint64(QJsonDocument(definitions).toJson().size() / 4);
        });
    }
    for (const QString &conflict : registry->conflicts()) {
        report(SessionEvent::Kind::Warning,
               Error(QStringLiteral("tools.name-conflict"), Text::tr("two tools share a name: %1").arg(conflict)), -1);
    }

    Provider *selectorProvider = config.toolSelectorProvider ? config.toolSelectorProvider : config.provider;
    ToolSelectorConfig selectorConfig = config.toolSelector;
    if (selectorConfig.endpoint.baseUrl.isEmpty())
        selectorConfig.endpoint = config.endpoint;
    m_selector = std::make_unique<ToolSelector>(selectorProvider, selectorConfig);
    if (m_selector->shouldSelect(int(registry->tools().size()))) {
        m_state = State::Selecting;
        QList<ToolSpec> specs;
        for (const RegisteredTool &tool : registry->tools())
            specs.append(tool.spec);
        connect(m_selector.get(), &ToolSelector::selected, this, [this, specs](const QStringList &names, const Error &fallback) {
            if (m_state != State::Selecting)
                return;
            m_offeredTools = names;
            SessionEvent event = makeEvent(SessionEvent::Kind::ToolsSelected, -1);
            event.details = {{QStringLiteral("selected"), QJsonArray::fromStringList(names)},
                             {QStringLiteral("offered"), qint64(specs.size())}};
            m_session->emitEvent(event);
            if (!fallback.code.isEmpty()) {
                report(SessionEvent::Kind::Warning, fallback, -1);
            }
            nextStep();
        });
        m_selector->select(specs, userText);
        return;
    }
    nextStep();
}

void AgentLoop::nextStep()
{
    const SessionConfig &config = m_session->config();
    if (m_step >= config.maxSteps) {
        report(SessionEvent::Kind::Warning,
               Error(QStringLiteral("turn.step-limit"),
                     Text::tr("the turn stopped after %1 model requests, its step limit").arg(config.maxSteps)));
        finishTurn(QStringLiteral("step-limit"));
        return;
    }
    if (config.maxTurnCostUsd && m_turnCost >= *config.maxTurnCostUsd) {
        report(SessionEvent::Kind::Warning,
               Error(QStringLiteral("turn.budget-limit"), Text::tr("the turn stopped after spending $%1 of its $%2 budget")
                                                              .arg(m_turnCost, 0, 'f', 4)
                                                              .arg(*config.maxTurnCostUsd, 0, 'f', 2)));
        finishTurn(QStringLiteral("budget-limit"));
        return;
    }
    ++m_step;
    m_attempt = 0;
    sendRequest();
}

QList<Message> AgentLoop::withImageData(QList<Message> messages)
{
    QList<Error> missing;
    for (Message &message : messages)
        loadImages(message.parts, m_session->store(), &missing);
    for (const Error &error : std::as_const(missing)) {
        if (m_reportedMissingImages.contains(error.message))
            continue;
        m_reportedMissingImages.insert(error.message);
        report(SessionEvent::Kind::Warning,
               Error(QStringLiteral("context.image-missing"),
                     Text::tr("an image of this session cannot be read from the store, so the model gets a note in its place: %1")
                         .arg(error.message)));
    }
    return messages;
}

void AgentLoop::sendRequest()
{
    recordPreparedSummaries();
    m_session->deliverAgentReports();
    m_buildForced = m_forceCompaction || m_session->takeCompactRequest();
    m_forceCompaction = false;
    QSet<QString> pinned;
    QSet<QString> keep;
    for (const RegisteredTool &tool : m_session->tools()->tools()) {
        if (tool.spec.pinLatestResult)
            pinned.insert(tool.spec.name);
        if (tool.spec.keepResultsInContext)
            keep.insert(tool.spec.name);
    }
    ContextPipeline &pipeline = m_session->pipeline();
    pipeline.setPinnedTools(pinned);
    pipeline.setKeepResultsInContext(keep);
    if (const std::shared_ptr<TokenCounter> counter = pipeline.tokenCounter()) {
        // What every request carries besides the view; the tools offered can change per turn.
        pipeline.setFixedTokens(counter->countSystemPrompt(m_session->systemPrompt())
                                + counter->countToolDefinitions(offeredTools()));
    }
    m_state = State::Building;
    // The active path only: what other branches hold, and compactions recorded there, never
    // reach the model.
    const QList<Message> tail = m_session->memoryChangeReminders();
    m_requestRecorder.buildStarted(m_session->activePath(), tail, pinned);
    m_builder->start(m_session->activePath(), m_turn, m_buildForced, tail);
}

ProviderRequest AgentLoop::requestFor(const ContextView &view)
{
    const SessionConfig &config = m_session->config();
    ProviderRequest request;
    request.model = config.model;
    request.system = m_session->systemPrompt();
    request.messages = withImageData(view.messages);
    request.tools = offeredTools();
    const ModelInfo model = config.catalog.lookup(config.model).model;
    request.maxOutputTokens = config.turnMaxOutputTokens > 0 ? config.turnMaxOutputTokens
                              : config.maxOutputTokens > 0   ? config.maxOutputTokens
                                                             : model.maxOutputTokens;
    QJsonObject options = config.providerOptions;
    for (auto it = config.turnOptions.begin(); it != config.turnOptions.end(); ++it)
        options.insert(it.key(), it.value());
    // A server-side strategy's fields go to the provider of its wire family; others ignore them.
    request.options = serverstrategies::mergeOptions(options, view.providerOptions.value(config.provider->id()).toObject());
    request.endpoint = config.endpoint;
    request.cacheKey = m_session->id();
    request.stableHistoryEnd = view.stableHistoryEnd;
    return request;
}

void AgentLoop::send(const ContextView &view)
{
    const SessionConfig &config = m_session->config();
    const ProviderRequest request = requestFor(view);
    m_lastRequest = SentRequest{request, m_session->activePath().size(), m_turn};

    m_strategyOptions = view.strategyProviderOptions;
    m_contextWindow = view.contextWindow;
    for (auto it = view.strategyProviderOptions.constBegin(); it != view.strategyProviderOptions.constEnd(); ++it) {
        for (auto family = it.value().constBegin(); family != it.value().constEnd(); ++family) {
            if (family.key() == config.provider->id() || m_reportedServerStrategies.contains(it.key()))
                continue;
            m_reportedServerStrategies.insert(it.key());
            report(SessionEvent::Kind::Warning,
                   Error(QStringLiteral("context.server-strategy-unsupported"),
                         Text::tr("the context strategy \"%1\" works on the provider's side and needs the %2 API; %3 "
                                  "cannot apply it, so it changes nothing in this session")
                             .arg(it.key(), family.key(), config.provider->displayName())));
        }
    }

    ++m_attempt;
    // The stream exists before anyone hears of the request, so a subscriber that interrupts
    // on RequestStarted cancels a real request (streams never report from inside stream()).
    m_state = State::Streaming;
    m_assembler = std::make_unique<StreamAssembler>();
    ProviderStream *stream = config.provider->stream(request, this);
    m_stream = stream;
    m_requestRecorder.sent(view, request, config.provider->id(), stream);
    connect(stream, &ProviderStream::eventReceived, this, &AgentLoop::onStreamEvent);
    connect(stream, &ProviderStream::finished, this, &AgentLoop::onStreamFinished);
    connect(stream, &ProviderStream::failed, this, &AgentLoop::onStreamFailed);

    SessionEvent started = makeEvent(SessionEvent::Kind::RequestStarted, m_step);
    started.text = config.model;
    started.attempt = m_attempt;
    started.details = {{QStringLiteral("messages"), qint64(request.messages.size())},
                       {QStringLiteral("tools"), qint64(request.tools.size())},
                       {QStringLiteral("estimatedTokens"), view.requestTokens},
                       {QStringLiteral("contextWindow"), view.contextWindow}};
    m_session->emitEvent(started);
}

void AgentLoop::dropStream()
{
    if (!m_stream)
        return;
    ProviderStream *stream = m_stream;
    m_stream = nullptr;
    stream->disconnect(this);
    stream->cancel();
    stream->deleteLater();
}

void AgentLoop::onStreamEvent(const ProviderEvent &event)
{
    if (m_state != State::Streaming || sender() != m_stream)
        return;
    m_assembler->add(event);
    switch (event.kind) {
    case ProviderEvent::Kind::TextDelta:
    case ProviderEvent::Kind::ThinkingDelta: {
        SessionEvent out = makeEvent(event.kind == ProviderEvent::Kind::TextDelta ? SessionEvent::Kind::TextDelta
                                                                                 : SessionEvent::Kind::ThinkingDelta,
                                     m_step);
        out.turn = m_turn;
        out.text = event.text;
        m_session->emitEvent(out);
        break;
    }
    case ProviderEvent::Kind::ToolCallStarted: {
        SessionEvent out = makeEvent(SessionEvent::Kind::ToolCallStarted, m_step);
        out.turn = m_turn;
        out.callId = event.callId;
        out.toolName = event.toolName;
        m_session->emitEvent(out);
        break;
    }
    case ProviderEvent::Kind::ToolCallArgumentsDelta: {
        if (m_session->config().clientTools.isEmpty())
            break; // only a driver that shows calls to its own client streams them
        SessionEvent out = makeEvent(SessionEvent::Kind::ToolCallArgumentsDelta, m_step);
        out.turn = m_turn;
        out.callId = event.callId;
        out.text = event.text;
        m_session->emitEvent(out);
        break;
    }
    default:
        break;
    }
}

void AgentLoop::recordAnswer(bool interrupted, const Error &error)
{
    const SessionConfig &config = m_session->config();
    Message message = m_assembler->message(interrupted);
    if (!error.code.isEmpty())
        message.metadata.insert(QStringLiteral("error"), error.code);
    const Usage usage = message.usage;
    std::optional<double> cost;
    if (!usage.isEmpty())
        m_session->pipeline().reportUsage(usage);
    if (!usage.isEmpty()) {
        cost = config.catalog.cost(config.model, usage).total();
        m_session->mutableTotals().add(usage, cost);
        if (cost)
            m_turnCost += *cost;
    }
    recordServerEdits(usage);
    if (!message.parts.isEmpty()) {
        if (const std::optional<RequestManifest> manifest = m_requestRecorder.take(m_session->activePath()))
            message.metadata.insert(RequestManifest::metadataKey(), manifest->toJson());
        const Result<Message> stored = m_session->append(message, cost);
        if (stored.hasError()) {
            report(SessionEvent::Kind::Error, stored.error());
        }
    }
    if (!usage.isEmpty()) {
        SessionEvent event = makeEvent(SessionEvent::Kind::UsageReported, m_step);
        event.usage = usage;
        event.cost = cost;
        event.totals = m_session->totals();
        m_session->emitEvent(event);
    }
}

void AgentLoop::recordServerEdits(const Usage &usage)
{
    const SessionConfig &config = m_session->config();
    const ModelInfo model = config.catalog.lookup(config.model).model;
    for (const QJsonObject &details : m_assembler->contextEdits()) {
        // The provider's own summary call is billed besides the answer's usage.
        const Usage summary = serverstrategies::compactionUsage(details);
        if (!summary.isEmpty()) {
            const std::optional<double> cost = config.catalog.cost(config.model, summary).total();
            m_session->mutableTotals().add(summary, cost);
            if (cost)
                m_turnCost += *cost;
            SessionEvent used = makeEvent(SessionEvent::Kind::UsageReported, m_step);
            used.usage = summary;
            used.cost = cost;
            used.totals = m_session->totals();
            used.details = {{QStringLiteral("purpose"), QStringLiteral("server-compaction")}};
            m_session->emitEvent(used);
        }
        ContextView edited;
        edited.compactions = serverstrategies::eventsFor(details, m_strategyOptions, usage, model, m_turn);
        edited.requestTokens = usage.isEmpty() ? 0 : qMax<qint64>(0, usage.inputTokens) + qMax<qint64>(0, usage.cacheReadTokens)
                                                         + qMax<qint64>(0, usage.cacheWriteTokens);
        edited.contextWindow = m_contextWindow;
        // Recorded before the answer, as the pipeline's own events are: they describe its request.
        m_session->reportView(edited, m_step);
    }
}

void AgentLoop::onStreamFinished()
{
    if (m_state != State::Streaming || sender() != m_stream)
        return;
    m_stream->deleteLater();
    m_stream = nullptr;
    recordAnswer(false, Error());
    // The answer is in, so the prefix a queued summary continues is in the provider's cache.
    m_summaries->startQueued();

    const QList<Part> calls = m_assembler->completeCalls();
    const QStringList incomplete = m_assembler->incompleteCallIds();
    const bool cutOff = m_assembler->stopReason() == QLatin1String("max_tokens");
    if (!incomplete.isEmpty()) {
        report(SessionEvent::Kind::Warning,
               Error(QStringLiteral("turn.incomplete-tool-call"),
                     Text::tr("the answer stopped (%1) while a tool call's arguments were still being written; that call was not run")
                         .arg(m_assembler->stopReason())));
    }
    if (endsForClientTools(calls))
        return;
    if (!calls.isEmpty()) {
        m_state = State::Tools;
        m_batchCalls = calls;
        m_orchestrator.run(calls, batchContext());
        return;
    }
    if (cutOff) {
        if (incomplete.isEmpty()) {
            report(SessionEvent::Kind::Warning,
                   Error(QStringLiteral("turn.output-limit"), Text::tr("the answer was cut off at the model's output limit")));
        }
        finishTurn(QStringLiteral("max-tokens"));
        return;
    }
    finishTurn(QStringLiteral("answered"));
}

void AgentLoop::onStreamFailed(const ProviderFailure &failure)
{
    if (m_state != State::Streaming || sender() != m_stream)
        return;
    m_stream->deleteLater();
    m_stream = nullptr;
    const ClassifiedFailure classified = classifyProviderFailure(failure, failureContext());
    const SessionConfig &config = m_session->config();

    if (m_assembler->hasContent()) {
        // Part of the answer was shown: keep it, marked, and never run its calls. Retrying would
        // replace what the person already read.
        recordAnswer(true, classified.error);
        const QList<Part> calls = m_assembler->completeCalls();
        if (!calls.isEmpty())
            answerUnrun(calls, QStringLiteral("[not run: the answer was interrupted (%1) after this call was made]").arg(classified.error.code));
        SessionEvent error = makeEvent(SessionEvent::Kind::Error, m_step);
        error.error = classified.error;
        error.details = {{QStringLiteral("category"), failureCategoryName(classified.category)},
                         {QStringLiteral("retryable"), classified.retryable},
                         {QStringLiteral("partial"), true}};
        m_session->emitEvent(error);
        finishTurn(QStringLiteral("error"));
        return;
    }
    if (!m_assembler->usage().isEmpty())
        recordAnswer(false, classified.error); // nothing to store, but the tokens were billed

    if (classified.retryable) {
        if (const auto delay = config.providerRetry.delayBefore(m_attempt, classified.retryAfter)) {
            m_state = State::RetryWait;
            SessionEvent retrying = makeEvent(SessionEvent::Kind::Retrying, m_step);
            retrying.error = classified.error;
            retrying.attempt = m_attempt + 1;
            retrying.delayMs = qint64(delay->count());
            retrying.details = {{QStringLiteral("category"), failureCategoryName(classified.category)}};
            m_session->emitEvent(retrying);
            m_retryTimer.start(*delay);
            return;
        }
    }

    SessionEvent error = makeEvent(SessionEvent::Kind::Error, m_step);
    error.error = classified.error;
    error.details = {{QStringLiteral("category"), failureCategoryName(classified.category)},
                     {QStringLiteral("retryable"), classified.retryable},
                     {QStringLiteral("attempts"), m_attempt}};
    m_session->emitEvent(error);

    if (classified.category == FailureCategory::ContextOverflow) {
        // The pipeline's estimate was wrong or no strategy could make room: compact harder
        // once, then give up with the provider's own words.
        if (!m_overflowRetried && !m_session->pipeline().strategies().isEmpty()) {
            m_overflowRetried = true;
            m_forceCompaction = true;
            sendRequest();
            return;
        }
        finishTurn(QStringLiteral("context-overflow"));
        return;
    }
    finishTurn(classified.category == FailureCategory::Cancelled ? QStringLiteral("interrupted") : QStringLiteral("error"));
}

void AgentLoop::interrupt()
{
    switch (m_state) {
    case State::Idle:
        return;
    case State::Recalling:
        m_session->recallStep()->cancelWait();
        finishTurn(QStringLiteral("interrupted"));
        return;
    case State::Selecting:
        m_selector->cancel();
        finishTurn(QStringLiteral("interrupted"));
        return;
    case State::Building:
        m_builder->cancel();
        finishTurn(QStringLiteral("interrupted"));
        return;
    case State::WaitingForSummary:
        // The summary goes on in the background; it is recorded when it arrives.
        finishTurn(QStringLiteral("interrupted"));
        return;
    case State::Streaming: {
        dropStream();
        if (m_assembler->hasContent()) {
            recordAnswer(true, Error(QStringLiteral("turn.interrupted"), {}));
            const QList<Part> calls = m_assembler->completeCalls();
            if (!calls.isEmpty())
                answerUnrun(calls, QStringLiteral("[not run: the user interrupted the turn]"));
        } else if (!m_assembler->usage().isEmpty()) {
            recordAnswer(true, Error(QStringLiteral("turn.interrupted"), {}));
        }
        finishTurn(QStringLiteral("interrupted"));
        return;
    }
    case State::RetryWait:
        m_retryTimer.stop();
        finishTurn(QStringLiteral("interrupted"));
        return;
    case State::Tools:
        // cancel() answers every unfinished call and reports the batch, whose results
        // onBatchFinished() records before the turn ends.
        m_interruptRequested = true;
        m_orchestrator.cancel();
        return;
    case State::Capturing:
        // The results are complete; they are recorded (stored in memory) before the turn ends.
        m_interruptRequested = true;
        return;
    }
}

void AgentLoop::finishTurn(const QString &reason)
{
    m_state = State::Idle;
    m_compactOnly = false;
    recordPreparedSummaries();
    m_summaries->startQueued();
    SessionEvent finished = makeEvent(SessionEvent::Kind::TurnFinished, m_step);
    finished.turn = m_turn;
    finished.text = reason;
    finished.totals = m_session->totals();
    m_session->emitEvent(finished);
}

} // namespace valis
