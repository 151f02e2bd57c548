#include "agent/subagenthost.h"

#include "valis/agent/session.h"
#include "valis/agent/systemprompt.h"
#include "valis/agent/toolregistry.h"
#include "valis/store/sessionstore.h"

#include <QCoreApplication>
#include <QTimer>

#include <memory>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::SubagentHost)
};

const QString TaskTool = QStringLiteral("task");

QString answerOf(const QList<Message> &record, int turn)
{
    for (qsizetype i = record.size() - 1; i >= 0; --i) {
        const Message &message = record.at(i);
        if (message.turn != turn)
            break;
        if (message.role != Role::Assistant)
            continue;
        QString text;
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::Text)
                text += part.text;
        }
        if (!text.trimmed().isEmpty())
            return text;
    }
    return {};
}

QString describeCall(const SessionEvent &event)
{
    QString summary = event.toolName;
    const QJsonObject arguments = event.arguments.toObject();
    for (const char *key : {"path", "file_path", "command", "pattern", "query"}) {
        const QJsonValue value = arguments.value(QLatin1String(key));
        if (value.isString()) {
            summary += QLatin1Char(' ') + value.toString().left(120);
            break;
        }
    }
    return summary;
}
} // namespace

/// One child agent: its registry and Session, and the turn it runs.
class ChildRun : public SubagentRun
{
public:
    ChildRun(SubagentHost *host, QObject *parent) : SubagentRun(parent), m_host(host) {}

    void begin(const SubagentRequest &request)
    {
        const Result<void> started = open(request);
        if (started.hasError())
            finishLater({m_child ? m_child->id() : QString(), started.error().message, QStringLiteral("error"), true});
    }

    void cancel() override
    {
        if (m_child && m_child->isBusy())
            m_child->interrupt();
        else
            finishLater({m_child ? m_child->id() : QString(), QStringLiteral("The subagent was cancelled."),
                         QStringLiteral("interrupted"), true});
    }

    Session *child() const { return m_child.get(); }
    const QHash<QString, ApprovalRequest> &pending() const { return m_pending; }
    void setPending(const ApprovalRequest &request, bool pending)
    {
        if (pending)
            m_pending.insert(request.id, request);
        else
            m_pending.remove(request.id);
    }

private:
    Result<void> open(const SubagentRequest &request)
    {
        Session *parent = m_host->m_parent;
        const SessionConfig &parentConfig = parent->config();
        const QString profileName = request.profile.isEmpty() ? QStringLiteral("general-purpose") : request.profile;
        const SubagentProfile *profile = nullptr;
        QStringList names;
        for (const SubagentProfile &candidate : parentConfig.subagentProfiles) {
            names.append(candidate.name);
            if (candidate.name == profileName)
                profile = &candidate;
        }
        if (!profile) {
            return Error(QStringLiteral("subagent.unknown-profile"),
                         QStringLiteral("There is no subagent type \"%1\"; the types are: %2.")
                             .arg(profileName, names.join(QStringLiteral(", "))));
        }
        if (request.prompt.trimmed().isEmpty())
            return Error(QStringLiteral("subagent.empty-task"), QStringLiteral("The task prompt is empty."));

        SessionConfig config = parentConfig;
        config.filesystem.reset(); // its own /context/; the same workspace and /memories/
        config.subagentDepth = parentConfig.subagentDepth + 1;
        if (!profile->model.isEmpty())
            config.model = profile->model;
        if (profile->maxSteps > 0)
            config.maxSteps = profile->maxSteps;
        config.systemPrompt = profile->systemPrompt.isEmpty() ? defaultSystemPrompt(config.workspace)
                                                              : systemPrompt(profile->systemPrompt);

        ToolPack pack = parent->tools()->pack();
        if (!profile->toolPack.isEmpty()) {
            const auto found = std::find_if(parentConfig.toolPacks.cbegin(), parentConfig.toolPacks.cend(),
                                            [&](const ToolPack &candidate) { return candidate.name == profile->toolPack; });
            if (found == parentConfig.toolPacks.cend()) {
                return Error(QStringLiteral("subagent.unknown-pack"),
                             QStringLiteral("The subagent type \"%1\" names the tool pack \"%2\", which does not exist.")
                                 .arg(profile->name, profile->toolPack));
            }
            pack = *found;
        }
        if (config.subagentDepth >= config.maxSubagentDepth) {
            pack.excluded.append(TaskTool);
            // Background agents do not nest beyond the same depth limit.
            pack.excluded += {QStringLiteral("spawn_agent"), QStringLiteral("agent_status"), QStringLiteral("wait_agents"),
                              QStringLiteral("cancel_agent")};
        }
        m_registry.setProviders(parent->tools()->providers());
        m_registry.setPack(pack);

        SessionInfo info;
        info.id = request.sessionId;
        info.title = request.description.isEmpty() ? request.prompt.section(QLatin1Char('\n'), 0, 0).left(80)
                                                   : request.description;
        info.workspace = config.workspace;
        info.model = config.model;
        info.originKind = QStringLiteral("subagent");
        info.parentSessionId = parent->id();
        info.parentToolCallId = request.parentCallId;
        for (qsizetype i = parent->record().size() - 1; i >= 0 && info.parentMessageId.isEmpty(); --i) {
            for (const Part &part : parent->record().at(i).parts) {
                if (part.kind == PartKind::ToolCall && part.callId == request.parentCallId)
                    info.parentMessageId = parent->record().at(i).id;
            }
        }

        Result<std::unique_ptr<Session>> opened =
            Session::open(parent->store(), info, config, &m_registry, parent->m_approvals);
        if (opened.hasError())
            return opened.error();
        m_child = std::move(opened).value();
        connect(m_child.get(), &Session::eventOccurred, this, [this](const SessionEvent &event) { onChildEvent(event); });
        return m_child->submit(request.prompt);
    }

    void onChildEvent(const SessionEvent &event)
    {
        switch (event.kind) {
        case SessionEvent::Kind::ApprovalRequested:
        case SessionEvent::Kind::ApprovalResolved:
            m_host->forwardApproval(this, event);
            break;
        case SessionEvent::Kind::InteractionRequested:
        case SessionEvent::Kind::InteractionResolved:
            m_host->forwardInteraction(this, event);
            break;
        case SessionEvent::Kind::ToolExecutionStarted:
            Q_EMIT progress(describeCall(event));
            break;
        case SessionEvent::Kind::Error:
            Q_EMIT progress(Text::tr("error: %1").arg(event.error.message));
            break;
        case SessionEvent::Kind::TurnFinished: {
            const QString reason = event.text;
            QString answer = answerOf(m_child->record(), event.turn);
            const bool failed = reason != QLatin1String("answered");
            if (answer.isEmpty())
                answer = QStringLiteral("The subagent ended (%1) without an answer.").arg(reason);
            finishLater({m_child->id(), answer, reason, failed && reason != QLatin1String("max-tokens")});
            break;
        }
        default:
            break;
        }
    }

    void finishLater(const SubagentOutcome &outcome)
    {
        if (m_finishing)
            return;
        m_finishing = true;
        QTimer::singleShot(0, this, [this, outcome] { Q_EMIT finished(outcome); });
    }

    SubagentHost *m_host;
    ToolRegistry m_registry;
    std::unique_ptr<Session> m_child;
    QHash<QString, ApprovalRequest> m_pending;
    bool m_finishing = false;
};

SubagentHost::SubagentHost(Session *parent) : m_parent(parent) {}

Session *SubagentHost::sessionOf(SubagentRun *run)
{
    auto *child = dynamic_cast<ChildRun *>(run);
    return child ? child->child() : nullptr;
}

SubagentHost::~SubagentHost() = default;

QList<SubagentProfile> SubagentHost::profiles() const
{
    return m_parent->config().subagentProfiles;
}

SubagentRun *SubagentHost::start(const SubagentRequest &request, QObject *parent)
{
    auto *run = new ChildRun(this, parent);
    m_children.removeAll(nullptr);
    m_children.append(run);
    run->begin(request);
    return run;
}

void SubagentHost::forwardApproval(ChildRun *child, const SessionEvent &event)
{
    SessionEvent forwarded = event;
    forwarded.requestId = child->child()->id() + QLatin1Char('/') + event.requestId;
    forwarded.details.insert(QStringLiteral("subagentSession"), child->child()->id());
    ApprovalRequest request;
    request.id = forwarded.requestId;
    request.callId = event.callId;
    request.toolName = event.toolName;
    request.arguments = event.arguments;
    request.readOnly = event.details.value(QLatin1String("readOnly")).toBool();
    request.toolProviderId = event.details.value(QLatin1String("provider")).toString();
    child->setPending(request, event.kind == SessionEvent::Kind::ApprovalRequested);
    m_parent->emitEvent(forwarded);
}

void SubagentHost::forwardInteraction(ChildRun *child, const SessionEvent &event)
{
    SessionEvent forwarded = event;
    forwarded.requestId = child->child()->id() + QLatin1Char('/') + event.requestId;
    forwarded.details.insert(QStringLiteral("subagentSession"), child->child()->id());
    m_parent->trackInteraction(forwarded, event.kind == SessionEvent::Kind::InteractionRequested);
    m_parent->emitEvent(forwarded);
}

bool SubagentHost::answerInteraction(const QString &requestId, const ToolInteractionAnswer &answer)
{
    for (const QPointer<ChildRun> &child : std::as_const(m_children)) {
        if (!child || !child->child())
            continue;
        const QString prefix = child->child()->id() + QLatin1Char('/');
        if (requestId.startsWith(prefix))
            return child->child()->answerInteraction(requestId.mid(prefix.size()), answer);
    }
    return false;
}

bool SubagentHost::resolveApproval(const QString &requestId, const ApprovalDecision &decision)
{
    for (const QPointer<ChildRun> &child : std::as_const(m_children)) {
        if (!child || !child->child() || !child->pending().contains(requestId))
            continue;
        const QString own = requestId.mid(child->child()->id().size() + 1);
        return decision.allow ? child->child()->approve(own, decision.scope)
                              : child->child()->deny(own, decision.reason, decision.scope);
    }
    return false;
}

QList<ApprovalRequest> SubagentHost::pendingApprovals() const
{
    QList<ApprovalRequest> pending;
    for (const QPointer<ChildRun> &child : m_children) {
        if (child)
            pending += child->pending().values();
    }
    return pending;
}

} // namespace valis
