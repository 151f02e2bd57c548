#include "conversationview.h"

#include <algorithm>

#include "conversationbridge.h"
#include "conversationpage.h"
#include "conversationscheme.h"
#include "pagemessages.h"
#include "requestguard.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QWebChannel>
#include <QWebEngineProfile>

namespace valis {

namespace {

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

ConversationView::ConversationView(QWidget *parent)
    : QWebEngineView(parent)
{
    // A private, off-the-record profile: no cookies, cache or history on disk, and its own
    // request guard, so nothing this page does touches any other web content.
    m_profile = new QWebEngineProfile(this);
    m_profile->setHttpCacheType(QWebEngineProfile::MemoryHttpCache);
    m_profile->setPersistentCookiesPolicy(QWebEngineProfile::NoPersistentCookies);
    m_profile->setSpellCheckEnabled(false);
    m_scheme = new ConversationScheme(m_profile);
    m_profile->installUrlSchemeHandler(ConversationScheme::name(), m_scheme);
    m_guard = new RequestGuard(m_profile);
    m_profile->setUrlRequestInterceptor(m_guard);

    m_page = new ConversationPage(m_profile, this);
    m_bridge = new ConversationBridge(this);
    m_channel = new QWebChannel(this);
    m_channel->registerObject(QStringLiteral("valis"), m_bridge);
    m_page->setWebChannel(m_channel);
    setPage(m_page);
    setContextMenuPolicy(Qt::NoContextMenu);
    setAcceptDrops(false);

    connect(m_bridge, &ConversationBridge::pageReady, this, [this] {
        m_ready = true;
        const auto pending = std::exchange(m_pending, {});
        for (const auto &call : pending)
            call();
    });
    connect(m_bridge, &ConversationBridge::earlierRequested, this, &ConversationView::loadEarlier);
    connect(m_bridge, &ConversationBridge::laterRequested, this, &ConversationView::loadLater);
    connect(m_bridge, &ConversationBridge::linkRequested, this, &ConversationView::linkOpenRequested);
    connect(m_bridge, &ConversationBridge::approvalDecided, this, &ConversationView::approvalDecided);
    connect(m_bridge, &ConversationBridge::fullResultRequested, this, &ConversationView::fullResultRequested);
    connect(m_bridge, &ConversationBridge::transcriptRequested, this, &ConversationView::transcriptRequested);
    connect(m_bridge, &ConversationBridge::memoryRequested, this, &ConversationView::memoryRequested);
    connect(m_bridge, &ConversationBridge::branchRequested, this, &ConversationView::branchRequested);
    connect(m_bridge, &ConversationBridge::editRequested, this, &ConversationView::editRequested);
    connect(m_bridge, &ConversationBridge::regenerateRequested, this, &ConversationView::regenerateRequested);
    connect(m_bridge, &ConversationBridge::forkRequested, this, &ConversationView::forkRequested);
    connect(m_bridge, &ConversationBridge::inspectionRequested, this, &ConversationView::inspectRequested);
    m_page->load(ConversationScheme::pageUrl());
}

ConversationView::~ConversationView()
{
    // The page must go before the profile it uses.
    setPage(nullptr);
    delete m_page;
}

void ConversationView::whenReady(std::function<void()> call)
{
    if (m_ready)
        call();
    else
        m_pending.append(std::move(call));
}

QJsonArray ConversationView::pageMessages(const QList<Message> &messages, qsizetype pathIndex)
{
    QJsonArray out;
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const Message &message = messages.at(i);
        QJsonObject json = PageMessages::message(message);
        if (message.role == Role::User && message.startsTurn()) {
            json.insert(QStringLiteral("editable"), true);
            m_bridge->expectMessage(message.id);
            const BranchSiblings siblings = m_branches.siblings(message.id);
            if (siblings.count() > 1) {
                const QString previous = siblings.index > 0 ? siblings.ids.at(siblings.index - 1) : QString();
                const QString next = siblings.index + 1 < siblings.count() ? siblings.ids.at(siblings.index + 1) : QString();
                json.insert(QStringLiteral("branch"), QJsonObject{{QStringLiteral("index"), siblings.index + 1},
                                                                  {QStringLiteral("count"), siblings.count()},
                                                                  {QStringLiteral("previous"), previous},
                                                                  {QStringLiteral("next"), next}});
                for (const QString &id : siblings.ids)
                    m_bridge->expectMessage(id);
            }
        }
        // A request or an answer can start a fork (a stored session's: a fork is made from the record).
        const bool answer = message.role == Role::Assistant && message.countParts(PartKind::ToolCall) == 0
                            && !message.text().trimmed().isEmpty();
        if (!m_session.id.isEmpty() && ((message.role == Role::User && message.startsTurn()) || answer)) {
            json.insert(QStringLiteral("forkable"), true);
            m_bridge->expectForkPoint(message.id);
        }
        // Every answer of a stored session came from a request the inspector can show.
        if (!m_session.id.isEmpty() && message.role == Role::Assistant) {
            json.insert(QStringLiteral("inspectable"), true);
            m_bridge->expectAnswer(message.id);
        }
        // The end of the branch can be answered again.
        if (pathIndex + i == m_path.size() - 1 && m_pathHasUserTurn && message.role == Role::Assistant)
            json.insert(QStringLiteral("regenerate"), true);
        out.append(json);
    }
    return out;
}

void ConversationView::showSession(const SessionInfo &session, const QList<Message> &messages, const QString &focusMessageId,
                                   const QString &activeLeaf)
{
    m_branches = BranchIndex(messages);
    auto path = std::make_shared<QList<Message>>(m_branches.hasForks() ? m_branches.path(messages, activeLeaf) : messages);
    // The content is at hand: pages are cut from it.
    present(session, *path, focusMessageId, [path](qsizetype from, qsizetype to, std::function<void(QList<Message>)> done) {
        done(path->mid(from, to - from));
    });
}

void ConversationView::showSessionOutline(const SessionInfo &session, const QList<Message> &outline, const QString &focusMessageId,
                                          const QString &activeLeaf)
{
    m_branches = BranchIndex(outline);
    const QList<Message> path = m_branches.path(outline, activeLeaf);
    // Pages come from the store (pageWanted / deliverPage); only the window is kept here.
    present(session, path, focusMessageId, [this, id = session.id](qsizetype from, qsizetype to, std::function<void(QList<Message>)> done) {
        QList<qint64> seqs;
        for (qsizetype i = from; i < to; ++i)
            seqs.append(m_path.at(i).seq);
        const int request = ++m_lastRequest;
        m_deliveries.insert(request, std::move(done));
        Q_EMIT pageWanted(request, id, seqs);
    });
}

void ConversationView::deliverPage(int request, const QList<Message> &messages)
{
    auto done = m_deliveries.take(request);
    if (done)
        done(messages);
}

void ConversationView::present(const SessionInfo &session, const QList<Message> &path, const QString &focusMessageId, Fetch source)
{
    m_session = session;
    m_path = path;
    m_pathHasUserTurn = std::any_of(m_path.cbegin(), m_path.cend(), [](const Message &message) { return message.role == Role::User; });
    m_fetch = std::move(source);
    m_window.clear();
    m_deliveries.clear(); // answers for what was shown before are not wanted
    m_fetching = false;
    m_wanted = Wanted::Nothing;
    m_bridge->forgetMessages();
    m_end = m_path.size();
    m_first = qMax<qsizetype>(0, m_end - pageSize);
    m_live = false;
    qsizetype focus = -1;
    for (qsizetype i = 0; !focusMessageId.isEmpty() && i < m_path.size(); ++i) {
        if (m_path.at(i).id == focusMessageId) {
            focus = i;
            break;
        }
    }
    if (focus >= 0 && focus < m_first) {
        m_first = qMax<qsizetype>(0, focus - pageSize / 2);
        m_end = qMin(m_path.size(), m_first + pageSize);
    }
    m_pending.clear(); // what was queued for an earlier state is no longer wanted
    const qsizetype first = m_first;
    this->fetch(first, m_end, [this, session, first, focus, focusMessageId](const QList<Message> &messages) {
        m_window = messages;
        QJsonObject page{
            {QStringLiteral("title"), session.title.isEmpty() ? session.id : session.title},
            {QStringLiteral("earlier"), qint64(m_first)},
            {QStringLiteral("later"), qint64(m_path.size() - m_end)},
            {QStringLiteral("messages"), pageMessages(messages, first)},
        };
        if (focus >= 0)
            page.insert(QStringLiteral("focus"), focusMessageId);
        whenReady([this, json = compact(page)] { Q_EMIT m_bridge->pageReset(json); });
    });
}

void ConversationView::fetch(qsizetype from, qsizetype to, std::function<void(QList<Message>)> done)
{
    m_fetching = true;
    m_fetch(from, to, [this, done = std::move(done)](const QList<Message> &messages) {
        m_fetching = false;
        done(messages);
        // A page the reader asked for while this one was on its way.
        switch (std::exchange(m_wanted, Wanted::Nothing)) {
        case Wanted::Earlier:
            loadEarlier();
            break;
        case Wanted::Later:
            loadLater();
            break;
        case Wanted::Nothing:
            break;
        }
    });
}

void ConversationView::loadEarlier()
{
    if (m_first <= 0)
        return;
    if (m_fetching) {
        m_wanted = Wanted::Earlier;
        return;
    }
    const qsizetype to = m_first;
    const qsizetype from = qMax<qsizetype>(0, to - pageSize);
    fetch(from, to, [this, from](const QList<Message> &messages) {
        m_first = from;
        // The newest ones go once the page holds more than a window (never the live end of a turn).
        const qsizetype drop = m_live ? 0 : qMax<qsizetype>(0, (m_end - m_first) - windowSize);
        m_end -= drop;
        m_window = messages + m_window.first(m_window.size() - drop);
        const QJsonObject page{
            {QStringLiteral("earlier"), qint64(m_first)},
            {QStringLiteral("later"), qint64(m_path.size() - m_end)},
            {QStringLiteral("dropLater"), qint64(drop)},
            {QStringLiteral("messages"), pageMessages(messages, from)},
        };
        Q_EMIT m_bridge->earlierLoaded(compact(page));
    });
}

void ConversationView::loadLater()
{
    if (m_end >= m_path.size())
        return;
    if (m_fetching) {
        m_wanted = Wanted::Later;
        return;
    }
    const qsizetype from = m_end;
    const qsizetype to = qMin(m_path.size(), from + pageSize);
    fetch(from, to, [this, from, to](const QList<Message> &messages) {
        m_end = to;
        const qsizetype drop = qMax<qsizetype>(0, (m_end - m_first) - windowSize);
        m_first += drop;
        m_window = m_window.mid(drop) + messages;
        const QJsonObject page{
            {QStringLiteral("earlier"), qint64(m_first)},
            {QStringLiteral("later"), qint64(m_path.size() - m_end)},
            {QStringLiteral("dropEarlier"), qint64(drop)},
            {QStringLiteral("messages"), pageMessages(messages, from)},
        };
        Q_EMIT m_bridge->laterLoaded(compact(page));
    });
}

const Message *ConversationView::findMessage(const QString &id) const
{
    for (const Message &message : m_window) {
        if (message.id == id)
            return &message;
    }
    return nullptr;
}

void ConversationView::showPlaceholder(const QString &text)
{
    m_session = {};
    m_path.clear();
    m_window.clear();
    m_deliveries.clear();
    m_fetching = false;
    m_wanted = Wanted::Nothing;
    m_branches = BranchIndex();
    m_bridge->forgetMessages();
    m_first = m_end = 0;
    m_live = false;
    m_pending.clear();
    whenReady([this, text] { Q_EMIT m_bridge->placeholderShown(text); });
}

void ConversationView::appendStreamText(const QString &text)
{
    m_live = true;
    whenReady([this, text] { Q_EMIT m_bridge->streamTextAppended(text); });
}

void ConversationView::appendActivity(const QString &line)
{
    m_live = true;
    whenReady([this, line] { Q_EMIT m_bridge->activityAppended(line); });
}

void ConversationView::requestApproval(const QString &approvalId, const QString &question, const QString &argumentsJson)
{
    m_live = true;
    m_bridge->expectApproval(approvalId);
    QJsonArray choices;
    const QList<std::pair<QString, QString>> options{{QStringLiteral("once"), tr("Allow once")},
                                                     {QStringLiteral("session"), tr("Allow for this session")},
                                                     {QStringLiteral("always"), tr("Always allow")},
                                                     {QStringLiteral("deny"), tr("Deny")}};
    for (const auto &[id, label] : options)
        choices.append(QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("label"), label}});
    const QJsonObject request{{QStringLiteral("id"), approvalId},
                              {QStringLiteral("question"), question},
                              {QStringLiteral("arguments"), argumentsJson},
                              {QStringLiteral("choices"), choices}};
    whenReady([this, json = compact(request)] { Q_EMIT m_bridge->approvalRequested(json); });
}

void ConversationView::settleApproval(const QString &approvalId, const QString &outcome)
{
    whenReady([this, approvalId, outcome] { Q_EMIT m_bridge->approvalSettled(approvalId, outcome); });
}

void ConversationView::startToolCard(const QString &callId, const QString &name, const QString &title,
                                     const QString &server, const QString &argumentsJson, const QString &parentCallId)
{
    m_live = true;
    QJsonObject card{{QStringLiteral("callId"), callId},
                     {QStringLiteral("name"), name},
                     {QStringLiteral("title"), title},
                     {QStringLiteral("server"), server},
                     {QStringLiteral("arguments"), argumentsJson}};
    if (!parentCallId.isEmpty())
        card.insert(QStringLiteral("parent"), parentCallId);
    whenReady([this, card] { Q_EMIT m_bridge->toolCardStarted(compact(card)); });
}

void ConversationView::showToolProgress(const QString &callId, double progress, double total, const QString &message)
{
    m_live = true;
    QJsonObject update{{QStringLiteral("callId"), callId},
                       {QStringLiteral("progress"), progress},
                       {QStringLiteral("message"), message}};
    if (total > 0)
        update.insert(QStringLiteral("total"), total);
    whenReady([this, update] { Q_EMIT m_bridge->toolProgressed(compact(update)); });
}

void ConversationView::finishToolCard(const QString &callId, bool isError)
{
    const QJsonObject update{{QStringLiteral("callId"), callId},
                             {QStringLiteral("isError"), isError},
                             {QStringLiteral("status"), isError ? tr("failed") : tr("done")}};
    whenReady([this, update] { Q_EMIT m_bridge->toolCardFinished(compact(update)); });
}

} // namespace valis
