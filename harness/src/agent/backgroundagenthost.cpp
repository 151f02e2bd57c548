#include "agent/backgroundagenthost.h"

#include "agent/subagenthost.h"
#include "valis/agent/session.h"
#include "valis/store/sessionstore.h"

#include <QDir>
#include <QFileInfo>
#include <QTimer>

#include <algorithm>

namespace valis {

namespace {

const QString MetadataKey = QStringLiteral("backgroundAgent");
const QString ReportsKey = QStringLiteral("backgroundAgents");

QString lockPath(const SessionStore *store, const QString &handle)
{
    if (!store || store->path().isEmpty())
        return {};
    return store->path() + QStringLiteral(".agents/") + handle + QStringLiteral(".lock");
}

qint64 tokensOf(const SessionTotals &totals)
{
    return totals.inputTokens + totals.outputTokens + totals.cacheWriteTokens + totals.cacheReadTokens;
}

// For the model: English.
QString budgetText(const AgentBudget &budget)
{
    QStringList limits;
    if (budget.maxTokens > 0)
        limits << QStringLiteral("%1 tokens").arg(budget.maxTokens);
    if (budget.maxCostUsd)
        limits << QStringLiteral("$%1").arg(*budget.maxCostUsd, 0, 'f', 4);
    return limits.join(QStringLiteral(" / "));
}

QString reportOf(const AgentInfo &info)
{
    QString text = QStringLiteral("<agent handle=\"%1\" title=\"%2\" status=\"%3\">\n")
                       .arg(info.handle, info.title, agentStateName(info.state));
    text += info.answer.trimmed().isEmpty() ? QStringLiteral("(no answer)") : info.answer.trimmed();
    text += QStringLiteral("\n</agent>\n");
    return text;
}

} // namespace

BackgroundAgentHost::BackgroundAgentHost(Session *parent, SubagentHost *runner)
    : m_parent(parent), m_runner(runner)
{
    bool ok = false;
    const int configured = qEnvironmentVariableIntValue("VALIS_MAX_BACKGROUND_AGENTS", &ok);
    if (ok && configured > 0)
        m_maxConcurrent = configured;

    // Agents of an earlier run: those no process runs any more are interrupted, and the parent
    // hears of them at its next request (they are undelivered).
    SessionStore *store = m_parent->store();
    const Result<QStringList> swept = sweepInterrupted(store, m_parent->id());
    if (swept.hasError())
        m_parent->m_startupWarnings.append(swept.error());
    SessionFilter filter;
    filter.parentSessionId = m_parent->id();
    filter.includeArchived = true;
    const Result<QList<SessionInfo>> children = store->sessions(filter);
    if (children.hasError()) {
        m_parent->m_startupWarnings.append(children.error());
        return;
    }
    for (const SessionInfo &child : children.value()) {
        const QJsonObject json = child.metadata.value(MetadataKey).toObject();
        if (json.isEmpty())
            continue;
        auto entry = std::make_shared<Entry>();
        entry->info = AgentInfo::fromJson(json);
        entry->info.handle = child.id;
        entry->info.parentSessionId = m_parent->id();
        m_entries.append(entry);
    }
    std::sort(m_entries.begin(), m_entries.end(), [](const auto &a, const auto &b) {
        return a->info.spawnedAt < b->info.spawnedAt;
    });
}

BackgroundAgentHost::~BackgroundAgentHost()
{
    // The parent closes (the app quits): its agents end with it, recorded as interrupted so
    // the reopened parent is told.
    m_destroying = true;
    for (const std::shared_ptr<Entry> &entry : std::as_const(m_entries)) {
        if (agentStateIsFinal(entry->info.state))
            continue;
        entry->info.state = AgentState::Interrupted;
        entry->info.answer = QStringLiteral("The agent was interrupted: its parent session closed before it finished.");
        entry->info.endedAt = QDateTime::currentDateTimeUtc();
        persist(*entry);
        disconnect(entry->childEvents);
        if (entry->run) {
            entry->run->disconnect(this);
            delete entry->run.data();
        }
        entry->lock.reset();
    }
}

Result<AgentInfo> BackgroundAgentHost::spawn(const AgentSpawnRequest &request)
{
    const SessionConfig &config = m_parent->config();
    const QString profileName = request.profile.isEmpty() ? QStringLiteral("general-purpose") : request.profile;
    const SubagentProfile *profile = nullptr;
    QStringList names;
    for (const SubagentProfile &candidate : config.subagentProfiles) {
        names << candidate.name;
        if (candidate.name == profileName)
            profile = &candidate;
    }
    // Errors go back to the model: English.
    if (!profile) {
        return Error(QStringLiteral("agents.unknown-profile"),
                     QStringLiteral("There is no agent profile \"%1\"; the profiles are: %2.")
                         .arg(profileName, names.join(QStringLiteral(", "))));
    }
    if (request.task.trimmed().isEmpty())
        return Error(QStringLiteral("agents.empty-task"), QStringLiteral("The task is empty."));

    AgentInfo info;
    info.parentSessionId = m_parent->id();
    info.title = request.title.isEmpty() ? request.task.section(QLatin1Char('\n'), 0, 0).left(80) : request.title;
    info.profile = profile->name;
    info.state = AgentState::Queued;
    info.budget = request.budget;
    info.spawnedAt = QDateTime::currentDateTimeUtc();

    SessionInfo child;
    child.title = info.title;
    child.workspace = config.workspace;
    child.model = profile->model.isEmpty() ? config.model : profile->model;
    child.originKind = QStringLiteral("subagent");
    child.parentSessionId = m_parent->id();
    child.parentToolCallId = request.parentCallId;
    const QList<Message> &record = m_parent->record();
    for (qsizetype i = record.size() - 1; i >= 0 && child.parentMessageId.isEmpty() && !request.parentCallId.isEmpty(); --i) {
        for (const Part &part : record.at(i).parts) {
            if (part.kind == PartKind::ToolCall && part.callId == request.parentCallId)
                child.parentMessageId = record.at(i).id;
        }
    }
    child.metadata.insert(MetadataKey, info.toJson());
    const Result<SessionInfo> created = m_parent->store()->createSession(child);
    if (created.hasError())
        return created.error();

    auto entry = std::make_shared<Entry>();
    entry->info = info;
    entry->info.handle = created->id;
    entry->task = request.task;
    // Held from now until the end, so another process opening the store sees it is alive.
    if (const QString path = lockPath(m_parent->store(), entry->info.handle); !path.isEmpty()) {
        QDir().mkpath(QFileInfo(path).absolutePath());
        entry->lock = std::make_unique<QLockFile>(path);
        entry->lock->setStaleLockTime(0);
        if (!entry->lock->tryLock(0))
            entry->lock.reset();
    }
    m_entries.append(entry);
    persist(*entry);
    changed(*entry);
    startQueued();
    return entry->info;
}

Result<AgentInfo> BackgroundAgentHost::status(const QString &handle) const
{
    if (const Entry *entry = find(handle))
        return entry->info;
    return Error(QStringLiteral("agents.unknown-handle"),
                 QStringLiteral("There is no background agent \"%1\" in this session.").arg(handle));
}

QList<AgentInfo> BackgroundAgentHost::agents() const
{
    QList<AgentInfo> all;
    for (const std::shared_ptr<Entry> &entry : m_entries)
        all << entry->info;
    return all;
}

Result<AgentInfo> BackgroundAgentHost::cancel(const QString &handle)
{
    Entry *entry = find(handle);
    if (!entry)
        return status(handle);
    if (agentStateIsFinal(entry->info.state))
        return entry->info;
    entry->cancelRequested = true;
    if (entry->info.state == AgentState::Queued || !entry->run) {
        entry->info.answer = QStringLiteral("Cancelled before it started.");
        end(entry, AgentState::Cancelled);
        return entry->info;
    }
    // finished() follows with the child's partial state.
    entry->run->cancel();
    return entry->info;
}

void BackgroundAgentHost::markDelivered(const QStringList &handles)
{
    for (const QString &handle : handles) {
        Entry *entry = find(handle);
        if (!entry || entry->info.delivered || !agentStateIsFinal(entry->info.state))
            continue;
        entry->info.delivered = true;
        persist(*entry);
        changed(*entry);
    }
}

void BackgroundAgentHost::setMaxConcurrent(int count)
{
    m_maxConcurrent = qMax(1, count);
    startQueued();
}

QList<Message> BackgroundAgentHost::takeReports()
{
    QString text;
    QJsonArray handles;
    for (const std::shared_ptr<Entry> &entry : std::as_const(m_entries)) {
        if (entry->info.delivered || !agentStateIsFinal(entry->info.state))
            continue;
        text += reportOf(entry->info);
        handles.append(entry->info.handle);
        entry->info.delivered = true;
        persist(*entry);
        changed(*entry);
    }
    if (handles.isEmpty())
        return {};
    // For the model: English. Recorded after the request's cached prefix (see Session).
    Message reminder;
    reminder.role = Role::User;
    reminder.parts.append(Part::makeText(
        QStringLiteral("<system-reminder>\nBackground agents you started have ended; their answers (given once):\n")
        + text + QStringLiteral("</system-reminder>")));
    reminder.metadata.insert(ReportsKey, handles);
    return {reminder};
}

Result<QStringList> BackgroundAgentHost::sweepInterrupted(SessionStore *store, const QString &parentSessionId)
{
    SessionFilter filter;
    filter.parentSessionId = parentSessionId;
    filter.includeArchived = true;
    const Result<QList<SessionInfo>> children = store->sessions(filter);
    if (children.hasError())
        return children.error();
    QStringList interrupted;
    for (const SessionInfo &child : children.value()) {
        AgentInfo info = AgentInfo::fromJson(child.metadata.value(MetadataKey).toObject());
        if (child.metadata.value(MetadataKey).toObject().isEmpty() || agentStateIsFinal(info.state))
            continue;
        if (const QString path = lockPath(store, child.id); !path.isEmpty()) {
            QLockFile lock(path);
            lock.setStaleLockTime(0); // stale only when its process is gone
            if (!lock.tryLock(0))
                continue; // a live process runs it
            lock.unlock();
        }
        info.state = AgentState::Interrupted;
        info.delivered = false;
        info.endedAt = QDateTime::currentDateTimeUtc();
        info.answer = QStringLiteral("The agent was interrupted: the process that ran it ended before it finished. "
                                     "Its session %1 keeps what it did; spawn it again if the work is still needed.")
                          .arg(child.id);
        const Result<void> stored = store->setSessionMetadata(child.id, MetadataKey, info.toJson());
        if (stored.hasError())
            return stored.error();
        interrupted << child.id;
    }
    return interrupted;
}

BackgroundAgentHost::Entry *BackgroundAgentHost::find(const QString &handle)
{
    for (const std::shared_ptr<Entry> &entry : std::as_const(m_entries)) {
        if (entry->info.handle == handle)
            return entry.get();
    }
    return nullptr;
}

const BackgroundAgentHost::Entry *BackgroundAgentHost::find(const QString &handle) const
{
    for (const std::shared_ptr<Entry> &entry : m_entries) {
        if (entry->info.handle == handle)
            return entry.get();
    }
    return nullptr;
}

int BackgroundAgentHost::running() const
{
    return int(std::count_if(m_entries.cbegin(), m_entries.cend(),
                             [](const auto &entry) { return entry->info.state == AgentState::Running; }));
}

void BackgroundAgentHost::startQueued()
{
    for (const std::shared_ptr<Entry> &entry : std::as_const(m_entries)) {
        if (running() >= m_maxConcurrent)
            return;
        if (entry->info.state == AgentState::Queued && !entry->task.isEmpty())
            start(entry.get());
    }
}

void BackgroundAgentHost::start(Entry *entry)
{
    SubagentRequest request;
    request.profile = entry->info.profile;
    request.description = entry->info.title;
    request.prompt = entry->task;
    request.parentSessionId = m_parent->id();
    request.sessionId = entry->info.handle;
    const Result<SessionInfo> child = m_parent->store()->session(entry->info.handle);
    if (child.ok())
        request.parentCallId = child->parentToolCallId;

    entry->info.state = AgentState::Running;
    entry->info.startedAt = QDateTime::currentDateTimeUtc();
    const QString handle = entry->info.handle;
    SubagentRun *run = m_runner->start(request, this);
    entry->run = run;
    connect(run, &SubagentRun::progress, this, [this, handle](const QString &text) {
        if (Entry *found = find(handle)) {
            found->info.progress = text;
            changed(*found);
        }
    });
    connect(run, &SubagentRun::finished, this, [this, handle](const SubagentOutcome &outcome) {
        onFinished(handle, outcome.answer, outcome.stopReason, outcome.isError);
    });
    if (Session *session = SubagentHost::sessionOf(run)) {
        entry->childEvents = connect(session, &Session::eventOccurred, this, [this, handle](const SessionEvent &event) {
            if (event.kind == SessionEvent::Kind::UsageReported || event.kind == SessionEvent::Kind::MessageAppended)
                onChildEvent(handle);
        });
    }
    persist(*entry);
    changed(*entry);
}

void BackgroundAgentHost::onChildEvent(const QString &handle)
{
    Entry *entry = find(handle);
    if (!entry || !entry->run)
        return;
    Session *session = SubagentHost::sessionOf(entry->run);
    if (!session)
        return;
    const SessionTotals totals = session->totals();
    entry->info.tokens = tokensOf(totals);
    entry->info.costUsd = totals.costUsd;
    const AgentBudget &budget = entry->info.budget;
    const bool over = (budget.maxTokens > 0 && entry->info.tokens > budget.maxTokens)
                      || (budget.maxCostUsd && entry->info.costUsd > *budget.maxCostUsd);
    if (over && !entry->overBudget && !entry->cancelRequested) {
        entry->overBudget = true;
        entry->run->cancel();
    }
    changed(*entry);
}

void BackgroundAgentHost::onFinished(const QString &handle, const QString &answer, const QString &stopReason, bool isError)
{
    Entry *entry = find(handle);
    if (!entry || agentStateIsFinal(entry->info.state))
        return;
    onChildEvent(handle); // the last usage
    entry->info.stopReason = stopReason;
    AgentState state = AgentState::Finished;
    if (entry->cancelRequested) {
        state = AgentState::Cancelled;
        entry->info.answer = QStringLiteral("Cancelled. What it had said so far: ") + answer;
    } else if (entry->overBudget) {
        state = AgentState::OverBudget;
        entry->info.stopReason = QStringLiteral("budget");
        entry->info.answer = QStringLiteral("Stopped: it went over its budget (%1; it used %2 tokens, $%3). What it had "
                                            "said so far: %4")
                                 .arg(budgetText(entry->info.budget))
                                 .arg(entry->info.tokens)
                                 .arg(entry->info.costUsd, 0, 'f', 4)
                                 .arg(answer);
    } else {
        state = (isError || stopReason != QLatin1String("answered")) ? AgentState::Failed : AgentState::Finished;
        entry->info.answer = answer;
    }
    end(entry, state);
}

void BackgroundAgentHost::end(Entry *entry, AgentState state)
{
    entry->info.state = state;
    entry->info.endedAt = QDateTime::currentDateTimeUtc();
    entry->lock.reset(); // unlocks and removes the lock file
    disconnect(entry->childEvents);
    if (entry->run) {
        entry->run->disconnect(this);
        entry->run->deleteLater(); // closes the child session
        entry->run = nullptr;
    }
    entry->task.clear();
    persist(*entry);
    changed(*entry);
    // A freed slot starts the next queued agent (not from inside the caller's signal).
    QTimer::singleShot(0, this, [this] { startQueued(); });
}

void BackgroundAgentHost::persist(const Entry &entry)
{
    const Result<void> stored = m_parent->store()->setSessionMetadata(entry.info.handle, MetadataKey, entry.info.toJson());
    if (stored.hasError() && !m_destroying) {
        SessionEvent warning;
        warning.kind = SessionEvent::Kind::Warning;
        warning.error = stored.error();
        m_parent->emitEvent(warning);
    }
}

void BackgroundAgentHost::changed(const Entry &entry)
{
    if (!m_destroying)
        Q_EMIT agentChanged(entry.info);
}

// --- Session's side -------------------------------------------------------------------------

BackgroundAgents *Session::backgroundAgents() const
{
    return m_backgroundAgents.get();
}

void Session::deliverAgentReports()
{
    if (!m_backgroundAgents)
        return;
    for (const Message &report : m_backgroundAgents->takeReports()) {
        const Result<Message> stored = append(report);
        if (stored.hasError()) {
            SessionEvent warning;
            warning.kind = SessionEvent::Kind::Warning;
            warning.error = stored.error();
            emitEvent(warning);
        }
    }
}

} // namespace valis
