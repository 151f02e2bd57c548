#include "valis/agent/session.h"

#include "agent/sessionsampler.h"

#include "agent/agentloop.h"
#include "agent/backgroundagenthost.h"
#include "agent/recallstep.h"
#include "agent/subagenthost.h"
#include "valis/context/contextarchive.h"
#include "valis/tokens/tokencounter.h"
#include "valis/filesystem/agentfilesystem.h"
#include "valis/memory/detailstore.h"
#include "valis/memory/memoriesbackend.h"
#include "valis/memory/resultcapture.h"
#include "valis/prompts/promptstore.h"
#include "valis/store/sessionstore.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QTimer>

#include <algorithm>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::Session)
};

// A title for a new session: the first line of its first prompt, shortened at a word.
QString titleFrom(const QString &text)
{
    QString line = text.section(QLatin1Char('\n'), 0, 0).simplified();
    if (line.size() > 80) {
        line.truncate(80);
        const qsizetype space = line.lastIndexOf(QLatin1Char(' '));
        if (space > 40)
            line.truncate(space);
        line += QChar(0x2026);
    }
    return line;
}
/// How much of a tool's output may reach the record whole when it is captured into memory.
/// Room for outputs moved on by key (write_file's from_key: a 5 MB output byte-exact).
constexpr qint64 WholeResultMaxBytes = 16 * 1024 * 1024;
} // namespace

Session::Session(SessionStore *store, const SessionInfo &info, const SessionConfig &config, ToolRegistry *tools,
                 ApprovalPolicy *approvals)
    : m_store(store), m_info(info), m_config(config), m_tools(tools), m_approvals(approvals),
      m_pipeline(std::make_shared<ContextPipeline>())
{
    qRegisterMetaType<SessionEvent>();
    m_pipeline->setModel(m_config.catalog.lookup(m_config.model).model, m_config.maxOutputTokens);
    m_pipeline->setStrategies(m_config.strategies);
    m_pipeline->setStrategySettings(m_config.strategySettings);
    m_pipeline->setSession(m_info.id, m_config.agentId);
    m_pipeline->setSummariesAvailable(m_config.provider != nullptr);
}

Session::~Session() = default;

Result<std::unique_ptr<Session>> Session::open(SessionStore *store, const SessionInfo &info, const SessionConfig &config,
                                               ToolRegistry *tools, ApprovalPolicy *approvals)
{
    if (!store || !tools || !approvals || !config.provider)
        return Error(QStringLiteral("session.misconfigured"),
                     Text::tr("a session needs a store, a provider, tools and approval rules"));
    if (config.model.isEmpty())
        return Error(QStringLiteral("session.no-model"), Text::tr("no model was chosen for provider %1").arg(config.provider->id()));

    // A history strategy asked for by name must exist before anything is created for it.
    if (!config.historyStrategy.isEmpty() && config.historyStrategy != HistoryStrategies::regular()) {
        const Result<QList<ContextStrategy *>> asked = config.history.strategiesFor(config.historyStrategy);
        if (asked.hasError())
            return asked.error();
    }

    SessionInfo stored = info;
    QList<Message> record;
    Result<SessionInfo> existing = info.id.isEmpty() ? Result<SessionInfo>(Error(QStringLiteral("store.no-session"), {}))
                                                     : store->session(info.id);
    if (existing.ok()) {
        stored = existing.value();
        Result<QList<Message>> messages = store->messages(stored.id);
        if (messages.hasError())
            return messages.error();
        record = std::move(messages).value();
    } else if (existing.error().code == QLatin1String("store.no-session")) {
        if (stored.model.isEmpty())
            stored.model = config.model;
        if (stored.workspace.isEmpty())
            stored.workspace = config.workspace;
        Result<SessionInfo> created = store->createSession(stored);
        if (created.hasError())
            return created.error();
        stored = created.value();
    } else {
        return existing.error();
    }

    SessionConfig effective = config;
    QList<Error> warnings;
    // The history strategy: the one asked for, else the record's last choice, else regular.
    if (!effective.history.contains(HistoryStrategies::regular()))
        effective.history.available.insert(HistoryStrategies::regular(), effective.strategies);
    const QString recordedHistory = recordedHistoryStrategy(record);
    QString history = !effective.historyStrategy.isEmpty() ? effective.historyStrategy : recordedHistory;
    // The default is for new sessions: one that never chose stays regular, as it ran so far.
    if (history.isEmpty() && record.isEmpty())
        history = effective.defaultHistoryStrategy;
    if (history.isEmpty())
        history = HistoryStrategies::regular();
    Result<QList<ContextStrategy *>> historyStrategies = effective.history.strategiesFor(history);
    if (historyStrategies.hasError()) {
        // The record chose a strategy whose plugin is gone: the session still opens, managed
        // the regular way, and says so.
        warnings.append(historyStrategies.error());
        history = HistoryStrategies::regular();
        historyStrategies = effective.history.strategiesFor(history);
    }
    effective.strategies = historyStrategies.value();
    // What it runs with, so the sessions it starts (subagents) follow it.
    effective.historyStrategy = history;
    std::shared_ptr<DetailStoreMemoriesBackend> memories;
    if (effective.memory) {
        memories = std::make_shared<DetailStoreMemoriesBackend>(effective.memory, effective.agentId, stored.id);
        // What an earlier version kept in the local /memories/ folder moves into the store once.
        const QString localMemories = effective.locations.dataDir().isEmpty()
                                          ? QString()
                                          : effective.locations.agentMemoriesDir(effective.agentId);
        if (!localMemories.isEmpty() && QFileInfo(localMemories).isDir()) {
            const Result<int> imported = DetailStoreMemoriesBackend::importLocalFolder(effective.memory.get(),
                                                                                       effective.agentId, localMemories);
            if (imported.hasError())
                warnings.append(imported.error());
        }
    }
    if (!effective.filesystem && !effective.workspace.isEmpty()) {
        // Without a profile folder there is nowhere to keep /memories/ and /context/: the
        // agent then sees the workspace only (and /memories/ when there is a DetailStore).
        effective.filesystem = effective.locations.dataDir().isEmpty()
                                   ? std::make_shared<AgentFilesystem>(effective.workspace)
                                   : AgentFilesystem::forSession(effective.workspace, effective.locations,
                                                                 effective.agentId, stored.id);
        if (effective.workspaceBackend)
            effective.filesystem->setWorkspaceBackend(effective.workspaceBackend);
        if (memories)
            effective.filesystem->mount(QStringLiteral("/memories/"), memories);
        // What strategies move out of the view lives with the memory when there is one, so
        // the agent reads it back through the same path either way.
        if (effective.memory && !effective.locations.dataDir().isEmpty())
            ContextArchive::mountResults(*effective.filesystem, effective.memory, effective.agentId, stored.id);
    }
    // Stored prompts: the host's store, else the profile's. One that cannot open leaves prompt
    // keys unavailable to the tools, and says why.
    if (!effective.prompts && !effective.locations.dataDir().isEmpty()) {
        Result<std::unique_ptr<PromptStore>> prompts = PromptStore::open(effective.locations.promptStorePath());
        if (prompts.ok())
            effective.prompts = std::move(prompts).value();
        else
            warnings.append(prompts.error());
    }
    std::unique_ptr<Session> session(new Session(store, stored, effective, tools, approvals));
    session->m_record = record;
    session->m_branches = BranchIndex(record);
    // The branch the session was left on: the newest message under the leaf last chosen, since
    // everything the session did on that branch since was appended under it.
    qsizetype leaf = record.size() - 1;
    if (const qsizetype chosen = session->m_branches.indexOf(stored.activeLeafId); chosen >= 0)
        leaf = session->m_branches.newestLeafAt(chosen);
    session->setLeaf(leaf);
    session->m_historyStrategy = history;
    if (history != (recordedHistory.isEmpty() ? HistoryStrategies::regular() : recordedHistory)) {
        const Result<Message> chosen = session->storeUnder(session->m_leaf, historyStrategyMessage(history), true);
        if (chosen.hasError())
            return chosen.error();
    }
    session->m_memories = memories;
    if (effective.memory) {
        session->m_capture = std::make_unique<ResultCapture>(effective.memory, effective.memorySettings);
        session->m_capture->setSummariser(effective.outputSummariser);
        const Result<QList<MemoryRecord>> files = effective.memory->listFiles(effective.agentId);
        if (files.ok()) {
            for (const MemoryRecord &file : files.value())
                session->m_memoriesAtOpen.insert(file.path, file.sha256);
        } else {
            warnings.append(files.error());
        }
    }
    if (effective.filesystem) {
        session->m_instructions = loadAgentInstructions(effective.filesystem.get(), effective.workspace,
                                                        effective.workspace, effective.memorySettings.agentsMdBudgetBytes);
        warnings += session->m_instructions.warnings;
    }
    // Counts of the stored record are cached in the store: a reopened long session is not
    // counted again.
    Error counterWarning;
    const ModelInfo modelInfo = effective.catalog.lookup(effective.model).model;
    std::shared_ptr<TokenCounter> counter = TokenCounter::forModel(modelInfo, &counterWarning);
    if (!counterWarning.code.isEmpty())
        warnings.append(Error(QStringLiteral("context.tokenizer-missing"),
                              Text::tr("the tokenizer of %1 cannot be loaded, so its tokens are estimated: %2")
                                  .arg(modelInfo.id, counterWarning.message)));
    if (!record.isEmpty()) {
        const Result<QList<PartTokenCount>> counts = store->tokenCounts(stored.id, counter->family());
        if (counts.ok())
            counter->preload(record, counts.value());
    }
    session->m_pipeline->setTokenCounter(counter);
    if (effective.filesystem || effective.memory)
        session->m_pipeline->setArchive(
            ContextArchive::forSession(effective.filesystem, effective.memory, effective.agentId, stored.id));
    session->m_startupWarnings = warnings;
    if (effective.subagentDepth < effective.maxSubagentDepth && !effective.subagentProfiles.isEmpty()) {
        session->m_subagents = std::make_unique<SubagentHost>(session.get());
        session->m_backgroundAgents = std::make_unique<BackgroundAgentHost>(session.get(), session->m_subagents.get());
    }
    session->m_sampler = std::make_unique<SessionSampler>(session.get());
    // A continued session's totals include what it cost before.
    for (const Message &message : std::as_const(session->m_record)) {
        if (message.role == Role::Assistant && !message.usage.isEmpty()) {
            const QString model = message.model.isEmpty() ? config.model : message.model;
            session->m_totals.add(message.usage, config.catalog.cost(model, message.usage).total());
        }
        // Direct model calls a tool made (llm_call) keep their usage on the tool result.
        for (const Part &part : message.parts) {
            if (part.kind != PartKind::ToolResult)
                continue;
            const QJsonObject used = part.wire.value(QLatin1String("valis")).toObject().value(QLatin1String("usage")).toObject();
            if (!used.isEmpty())
                session->m_totals.add(samplingUsageFromJson(used), costFromUsageJson(used));
        }
    }
    // Sessions linked to a parent (subagents, forks) start from the context their parent chose
    // for them; recall would bring the parent's transcript back in.
    if (effective.recall.active() && effective.subagentDepth == 0 && stored.parentSessionId.isEmpty()) {
        session->m_recall = std::make_unique<RecallStep>(effective.recall, effective.memory);
        // What the record shows already is not offered again (a reopened session included).
        for (const Message &message : std::as_const(session->m_record)) {
            if (!isRecallMessage(message))
                continue;
            for (const RecallItem &item : RecallOutcome::fromJson(message.metadata.value(RecallMetadataKey).toObject()).items)
                session->m_recall->markShown(item.sourceIds);
        }
    }
    session->m_loop = std::make_unique<AgentLoop>(session.get());
    // After the loop: run_script's section declares the tools its ToolCaller reaches.
    session->m_systemPrompt = session->composeSystemPrompt();
    session->setUpTurnVersions(&session->m_startupWarnings);
    return session;
}

bool Session::isBusy() const
{
    return m_loop && m_loop->isRunning();
}

bool Session::hasPendingSummaries() const
{
    return m_loop && m_loop->summariesPending();
}

QList<ApprovalRequest> Session::pendingApprovals() const
{
    QList<ApprovalRequest> pending = m_pendingApprovals.values();
    if (m_loop)
        pending += m_loop->toolCaller()->pendingApprovals(); // nested calls (run_script's)
    if (m_subagents)
        pending += m_subagents->pendingApprovals();
    return pending;
}

ToolContext Session::toolContext() const
{
    ToolContext context;
    context.sessionId = m_info.id;
    context.agentId = m_config.agentId;
    context.workingDirectory = m_config.workspace;
    context.filesystem = m_config.filesystem.get();
    context.sandbox = m_config.sandbox;
    context.network = m_config.network;
    context.subagents = m_subagents.get();
    context.sampler = m_sampler.get();
    context.backgroundAgents = m_backgroundAgents.get();
    context.prompts = m_config.prompts.get();
    context.modelAcceptsImages = m_config.catalog.lookup(m_config.model).model.capabilities.vision;
    context.memory = m_config.memory.get();
    // Captured results are stored whole, so tools need not cut them to fit the context.
    if (m_capture)
        context.wholeResultMaxBytes = WholeResultMaxBytes;
    context.sessionStorePath = m_store->path();
    return context;
}

Message Session::composeSystemPrompt() const
{
    Message prompt = m_config.systemPrompt;
    prompt.role = Role::System;
    ToolContext context = toolContext();
    context.toolCaller = m_loop ? m_loop->toolCaller() : nullptr;
    QStringList sections;
    for (ToolProvider *provider : m_tools->providers()) {
        bool offered = false;
        for (const RegisteredTool &tool : m_tools->tools())
            offered = offered || tool.provider == provider;
        if (!offered)
            continue;
        const QString section = provider->systemPromptSection(context).trimmed();
        if (!section.isEmpty())
            sections.append(section);
    }
    // Standing instructions last: they are the most specific (the agent's own, then the
    // repository's from the root down to the working folder).
    // How to get back what the context strategies moved out of the view.
    for (ContextStrategy *strategy : m_config.strategies) {
        const QString section = strategy->systemPromptSection().trimmed();
        if (!section.isEmpty())
            sections.append(section);
    }
    if (!m_instructions.text.isEmpty())
        sections.append(m_instructions.text);
    if (!sections.isEmpty())
        prompt.parts.append(Part::makeText(sections.join(QStringLiteral("\n\n"))));
    return prompt;
}

QList<Message> Session::memoryChangeReminders() const
{
    if (!m_memories || !m_config.memory)
        return {};
    const quint64 generation = m_memories->generation();
    if (generation == 0)
        return {};
    if (generation == m_remindedGeneration)
        return m_memoryReminders;
    m_remindedGeneration = generation;
    m_memoryReminders.clear();
    const Result<QList<MemoryRecord>> files = m_config.memory->listFiles(m_config.agentId);
    if (files.hasError())
        return {};
    QStringList changed;
    QSet<QString> present;
    QString agentsMd;
    for (const MemoryRecord &file : files.value()) {
        present.insert(file.path);
        const QString before = m_memoriesAtOpen.value(file.path);
        if (before == file.sha256)
            continue;
        changed << (before.isEmpty() ? QStringLiteral("/memories/%1 (new, %2 bytes)")
                                     : QStringLiteral("/memories/%1 (changed, now %2 bytes)"))
                       .arg(file.path)
                       .arg(file.sizeBytes);
        if (file.path == QLatin1String("AGENTS.md")) {
            const Result<MemoryRecord> whole = m_config.memory->readFile(m_config.agentId, file.path);
            if (whole.ok() && whole->sizeBytes <= m_config.memorySettings.agentsMdBudgetBytes)
                agentsMd = QString::fromUtf8(whole->content);
        }
    }
    for (auto it = m_memoriesAtOpen.cbegin(); it != m_memoriesAtOpen.cend(); ++it) {
        if (!present.contains(it.key()))
            changed << QStringLiteral("/memories/%1 (removed)").arg(it.key());
    }
    if (changed.isEmpty())
        return {};
    changed.sort();
    // For the model: English. Shown after the cached prefix, so writing memory never
    // invalidates the prompt cache; the system prompt keeps what it said at session start.
    QString text = QStringLiteral("<system-reminder>\nMemory written during this session (the system prompt shows "
                                  "/memories/ as it was when the session started):\n")
                 + changed.join(QLatin1Char('\n'));
    if (!agentsMd.isEmpty())
        text += QStringLiteral("\n/memories/AGENTS.md now reads:\n") + agentsMd;
    text += QStringLiteral("\n</system-reminder>");
    Message reminder;
    reminder.role = Role::User;
    reminder.parts.append(Part::makeText(text));
    m_memoryReminders.append(reminder);
    return m_memoryReminders;
}

Result<void> Session::submit(const QString &text, const QList<Part> &attachments, const QJsonObject &metadata)
{
    if (isBusy())
        return Error(QStringLiteral("session.busy"), Text::tr("a turn is running; interrupt it or wait for it to finish"));
    if (text.trimmed().isEmpty() && attachments.isEmpty())
        return Error(QStringLiteral("session.empty-turn"), Text::tr("there is nothing to send"));

    Message user;
    user.role = Role::User;
    if (!text.isEmpty())
        user.parts.append(Part::makeText(text));
    user.parts.append(attachments);
    user.metadata = metadata;
    nameAfter(text);
    return startTurnWith(user, text, false);
}

void Session::nameAfter(const QString &text)
{
    if (!m_info.title.isEmpty() || text.trimmed().isEmpty())
        return;
    m_info.title = titleFrom(text);
    // A title is a convenience: a store that cannot rename still runs the turn.
    const Result<void> renamed = m_store->renameSession(m_info.id, m_info.title);
    if (renamed.hasError()) {
        SessionEvent warning;
        warning.kind = SessionEvent::Kind::Warning;
        warning.error = renamed.error();
        emitEvent(warning);
    }
}

Result<void> Session::startTurnWith(Message user, const QString &text, bool rememberIt)
{
    Result<Message> stored = storeUnder(m_leaf, user, true);
    if (stored.hasError())
        return stored.error();
    if (rememberIt)
        rememberLeaf(stored->id);

    SessionEvent started;
    started.kind = SessionEvent::Kind::TurnStarted;
    started.turn = stored->turn;
    started.message = stored.value();
    emitEvent(started);
    if (!m_startupWarningsReported) {
        m_startupWarningsReported = true;
        for (const Error &error : std::as_const(m_startupWarnings)) {
            SessionEvent warning;
            warning.kind = SessionEvent::Kind::Warning;
            warning.turn = stored->turn;
            warning.error = error;
            emitEvent(warning);
        }
    }
    m_loop->startTurn(stored->turn, text);
    return success();
}

void Session::interrupt()
{
    if (m_loop)
        m_loop->interrupt();
}

bool Session::cancelToolCall(const QString &callId)
{
    return m_loop && (m_loop->orchestrator()->cancelCall(callId) || m_loop->toolCaller()->cancelCall(callId));
}

bool Session::answerInteraction(const QString &requestId, const ToolInteractionAnswer &answer)
{
    if (m_loop && (m_loop->orchestrator()->answerInteraction(requestId, answer) || m_loop->toolCaller()->answerInteraction(requestId, answer)))
        return true;
    return m_subagents && m_subagents->answerInteraction(requestId, answer);
}

void Session::trackInteraction(const SessionEvent &event, bool pending)
{
    if (pending)
        m_pendingInteractions.insert(event.requestId, event);
    else
        m_pendingInteractions.remove(event.requestId);
}

bool Session::approve(const QString &requestId, ApprovalScope scope)
{
    return resolveApproval(requestId, ApprovalDecision::allowed(scope));
}

bool Session::deny(const QString &requestId, const QString &reason, ApprovalScope scope)
{
    ApprovalDecision decision = ApprovalDecision::denied(reason);
    decision.scope = scope;
    return resolveApproval(requestId, decision);
}

bool Session::resolveApproval(const QString &requestId, const ApprovalDecision &decision)
{
    if (m_loop && (m_loop->orchestrator()->resolveApproval(requestId, decision) || m_loop->toolCaller()->resolveApproval(requestId, decision)))
        return true;
    // A subagent's request, shown to the person through this session.
    return m_subagents && m_subagents->resolveApproval(requestId, decision);
}

void Session::compact()
{
    if (isBusy()) {
        m_compactRequested = true;
        return;
    }
    if (m_config.strategies.isEmpty()) {
        SessionEvent warning;
        warning.kind = SessionEvent::Kind::Warning;
        warning.error = Error(QStringLiteral("context.no-strategy"),
                              Text::tr("no context strategy is installed, so there is nothing to compact with"));
        emitEvent(warning);
        return;
    }
    m_loop->compactNow(m_record.isEmpty() ? 0 : m_record.constLast().turn + 1);
}

Result<void> Session::pin(const QString &messageId, bool pinned)
{
    const bool known = std::any_of(m_record.cbegin(), m_record.cend(), [&messageId](const Message &message) {
        return message.id == messageId && message.role != Role::System;
    });
    if (!known)
        return Error(QStringLiteral("session.no-message"), Text::tr("this session has no message \"%1\"").arg(messageId));
    const Result<Message> stored = append(pinMessage(messageId, pinned));
    if (stored.hasError())
        return stored.error();
    return success();
}

void Session::storeTokenCounts()
{
    std::shared_ptr<TokenCounter> counter = m_pipeline->tokenCounter();
    if (!counter)
        return;
    const QList<PartTokenCount> counts = counter->takeNewCounts();
    if (counts.isEmpty())
        return;
    // A cache: a store that cannot keep it costs a recount next time, nothing more.
    (void)m_store->storeTokenCounts(m_info.id, counter->family(), counts);
}

bool Session::takeCompactRequest()
{
    const bool requested = m_compactRequested;
    m_compactRequested = false;
    return requested;
}

void Session::reportView(const ContextView &view, int step)
{
    for (const CompactionEvent &compaction : view.compactions) {
        // Recorded first, so the next build starts from it (and a reopened session too).
        const Result<Message> stored = append(compaction.toMessage());
        if (stored.hasError()) {
            SessionEvent problem;
            problem.kind = SessionEvent::Kind::Warning;
            problem.step = step;
            problem.error = stored.error();
            emitEvent(problem);
        }
        // Bookkeeping a strategy does every turn (tagging the new turn) is recorded, not announced.
        if (compaction.state.value(QLatin1String("routine")).toBool())
            continue;
        SessionEvent event;
        event.kind = SessionEvent::Kind::ContextCompacted;
        event.step = step;
        event.details = compaction.toJson();
        // The edits carry whole replacement messages; listeners want what happened.
        event.details.remove(QStringLiteral("edits"));
        QJsonArray moved;
        for (const ViewEdit &edit : compaction.edits)
            moved.append(QJsonObject{{QStringLiteral("item"), edit.item},
                                     {QStringLiteral("pointer"), edit.pointer},
                                     {QStringLiteral("messageId"), edit.kind == ViewEdit::Kind::ReplacePart ? edit.messageId : edit.lastMessageId},
                                     {QStringLiteral("tokensBefore"), edit.tokensBefore},
                                     {QStringLiteral("tokensAfter"), edit.tokensAfter}});
        event.details.insert(QStringLiteral("moved"), moved);
        event.details.insert(QStringLiteral("requestTokens"), view.requestTokens);
        event.details.insert(QStringLiteral("contextWindow"), view.contextWindow);
        emitEvent(event);
    }
    storeTokenCounts();
    for (const Error &problem : view.warnings) {
        SessionEvent event;
        event.kind = SessionEvent::Kind::Warning;
        event.step = step;
        event.error = problem;
        emitEvent(event);
    }
}

Result<Message> Session::append(Message message, std::optional<double> cost)
{
    if (message.model.isEmpty() && message.role == Role::Assistant)
        message.model = m_config.model;
    Result<Message> stored = storeUnder(m_leaf, message, true);
    if (stored.hasError())
        return stored.error();
    reportAppended(stored.value(), cost);
    return stored;
}

void Session::reportAppended(const Message &stored, std::optional<double> cost, const QJsonObject &details)
{
    SessionEvent event;
    event.kind = SessionEvent::Kind::MessageAppended;
    event.turn = stored.turn;
    event.message = stored;
    event.cost = cost;
    event.details = details;
    emitEvent(event);
}

void Session::trackApproval(const ApprovalRequest &request, bool pending)
{
    if (pending)
        m_pendingApprovals.insert(request.id, request);
    else
        m_pendingApprovals.remove(request.id);
}

void Session::emitEvent(SessionEvent event)
{
    event.sessionId = m_info.id;
    if (event.turn < 0 && !m_path.isEmpty())
        event.turn = m_path.constLast().turn;
    // Before listeners hear of it, so one that closes the session on TurnFinished already sees
    // hasPendingTurnVersions().
    if (event.kind == SessionEvent::Kind::TurnFinished && !event.details.contains(QLatin1String("subagentSession")))
        makeTurnVersions(event.turn);
    Q_EMIT eventOccurred(event);
    if (event.kind == SessionEvent::Kind::TurnFinished && !m_pendingReports.isEmpty())
        QTimer::singleShot(0, this, [this] { deliverForkReports(); });
}

} // namespace valis
