#include "server/openai/apiconversations.h"

#include "valis/agent/systemprompt.h"
#include "valis/store/sessionstore.h"

#include <QJsonObject>

namespace valis::apiserver {

namespace {
void markClientResults(QList<Message> *messages)
{
    for (Message &message : *messages) {
        if (message.role == Role::Tool)
            message.metadata.insert(ClientResultKey, true);
    }
}
} // namespace

ApiConversations::ApiConversations(SessionStore *store, Configure configure, Problem onProblem, int maxOpen,
                                   const QList<ToolProvider *> &ownTools, const QStringList &ownToolNames)
    : m_store(store), m_configure(std::move(configure)), m_onProblem(std::move(onProblem)), m_maxOpen(maxOpen)
{
    if (!ownTools.isEmpty()) {
        m_tools.setPack(ToolPack{QStringLiteral("api"), QString(), ownToolNames, {}});
        m_tools.setProviders(ownTools);
    }
}

QSet<QString> ApiConversations::ownToolNames() const
{
    const QStringList names = m_tools.names();
    return QSet<QString>(names.begin(), names.end());
}

void ApiConversations::setPreparing(const Session *session, bool preparing)
{
    if (preparing)
        m_preparing.insert(session);
    else
        m_preparing.remove(session);
}

ApiConversations::~ApiConversations() = default;

void ApiConversations::loadIndex()
{
    if (m_indexed)
        return;
    m_indexed = true;
    const Result<QList<SessionInfo>> sessions = m_store->sessions();
    if (sessions.hasError())
        return; // a store that cannot list starts served conversations afresh
    for (const SessionInfo &info : sessions.value()) {
        const QString key = info.metadata.value(QLatin1String("api")).toObject().value(QLatin1String("key")).toString();
        if (!key.isEmpty())
            m_byKey[key].append(info.id); // newest first, as the store lists them
    }
}

Result<SessionConfig> ApiConversations::configFor(const ApiProfile &profile)
{
    if (const auto it = m_configs.constFind(profile.name); it != m_configs.constEnd())
        return it.value();
    Result<SessionConfig> config = m_configure(profile);
    if (config.hasError())
        return config.error();
    m_configs.insert(profile.name, config.value());
    return config;
}

Result<Session *> ApiConversations::open(const QString &id, const ApiProfile &profile, const QString &system,
                                         const QString &key)
{
    if (auto it = m_open.find(id); it != m_open.end()) {
        // The same conversation through another profile: reopened with it while idle.
        if (it->second.profile == profile.name || it->second.session->isBusy()) {
            it->second.used = ++m_clock;
            return it->second.session.get();
        }
        m_open.erase(it);
    }
    Result<SessionConfig> config = configFor(profile);
    if (config.hasError())
        return config.error();
    SessionConfig sessionConfig = config.value();
    const QString systemText = system.isEmpty() ? profile.system : system;
    sessionConfig.systemPrompt = systemText.isEmpty() ? Message() : systemPrompt(systemText);
    sessionConfig.systemPrompt.role = Role::System;
    SessionInfo info;
    info.id = id;
    info.metadata = {{QStringLiteral("api"), QJsonObject{{QStringLiteral("key"), key}, {QStringLiteral("profile"), profile.name}}}};
    Result<std::unique_ptr<Session>> opened = Session::open(m_store, info, sessionConfig, &m_tools, &m_approvals);
    if (opened.hasError())
        return opened.error();
    Session *session = opened.value().get();
    if (m_onProblem) {
        const Problem problem = m_onProblem;
        QObject::connect(session, &Session::eventOccurred, session, [problem](const SessionEvent &event) {
            if (event.kind == SessionEvent::Kind::Warning || event.kind == SessionEvent::Kind::Error)
                problem(event.sessionId, event);
        });
    }
    if (id.isEmpty())
        m_byKey[key].prepend(session->id());
    m_open[session->id()] = Open{std::move(opened).value(), profile.name, ++m_clock};
    closeIdle();
    return session;
}

void ApiConversations::closeIdle()
{
    while (int(m_open.size()) > m_maxOpen) {
        auto oldest = m_open.end();
        for (auto it = m_open.begin(); it != m_open.end(); ++it) {
            if (!it->second.session->isBusy() && !it->second.session->hasPendingSummaries()
                && !m_preparing.contains(it->second.session.get())
                && (oldest == m_open.end() || it->second.used < oldest->second.used))
                oldest = it;
        }
        if (oldest == m_open.end())
            return;
        m_open.erase(oldest);
    }
}

Result<ApiConversations::Match> ApiConversations::find(const ApiProfile &profile, const QString &key, const QString &system,
                                                       const QList<Message> &clientMessages)
{
    loadIndex();
    Match best;
    qsizetype bestUnits = -1;
    const QStringList candidates = m_byKey.value(key);
    for (const QString &id : candidates) {
        const Result<Session *> session = open(id, profile, system, key);
        if (session.hasError())
            continue; // a session that cannot be opened any more is not this conversation
        const AppendPlan plan = planAppend(session.value()->activePath(), clientMessages, ownToolNames());
        if (plan.extends && plan.matchedUnits > bestUnits) {
            bestUnits = plan.matchedUnits;
            best.session = session.value();
            best.newMessages = plan.newMessages;
        }
    }
    if (best.session) {
        markClientResults(&best.newMessages);
        return best;
    }
    // A new conversation, or one whose history diverged from every session of its key (an
    // edited message): a session of its own.
    const Result<Session *> created = open(QString(), profile, system, key);
    if (created.hasError())
        return created.error();
    best.session = created.value();
    best.newMessages = clientMessages;
    markClientResults(&best.newMessages);
    return best;
}

void ApiConversations::reportWarning(const Session *session, const Error &error) const
{
    if (!m_onProblem || !session)
        return;
    SessionEvent event;
    event.kind = SessionEvent::Kind::Warning;
    event.sessionId = session->id();
    event.error = error;
    m_onProblem(session->id(), event);
}

} // namespace valis::apiserver
