#include "valis/agent/fork.h"

#include "valis/context/compactionevent.h"
#include "valis/record/branchindex.h"
#include "valis/store/sessionstore.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::Fork)
};

constexpr QLatin1String ForkKey("fork");
constexpr QLatin1String ValisKey("valis");
constexpr QLatin1String ReportKey("forkReport");
} // namespace

Result<SessionInfo> createFork(SessionStore *store, const ForkRequest &request)
{
    const Result<SessionInfo> parent = store->session(request.parentSessionId);
    if (parent.hasError())
        return parent.error();
    const Result<QList<Message>> record = store->messages(parent->id);
    if (record.hasError())
        return record.error();
    const BranchIndex branches(record.value());
    const qsizetype at = branches.indexOf(request.atMessageId);
    if (at < 0 || record->at(at).role == Role::System) {
        return Error(QStringLiteral("fork.no-message"),
                     Text::tr("the session %1 has no message \"%2\" to fork at").arg(parent->id, request.atMessageId));
    }
    const QList<Message> path = branches.path(record.value(), request.atMessageId);
    QString history = request.historyStrategy;
    if (history.isEmpty())
        history = recordedHistoryStrategy(path);
    if (history.isEmpty())
        history = QStringLiteral("regular");

    QList<Message> copies;
    for (const Message &message : path) {
        // The fork's own choice is recorded after the copy; the parent's choices are the parent's.
        if (!historyStrategyOf(message).isEmpty())
            continue;
        Message copy = message;
        copy.parentId.clear(); // one linear path: the fork has no branches of its own yet
        copy.usage = Usage();  // the parent paid for these
        copy.seq = -1;
        copies.append(copy);
    }
    copies.append(historyStrategyMessage(history));

    SessionInfo info;
    info.title = request.title.isEmpty() ? Text::tr("Fork of %1").arg(parent->title.isEmpty() ? parent->id : parent->title)
                                         : request.title;
    info.workspace = parent->workspace;
    info.model = parent->model;
    info.parentSessionId = parent->id;
    info.parentMessageId = request.atMessageId;
    QJsonObject fork{{QStringLiteral("at"), request.atMessageId}, {QStringLiteral("history"), history}};
    if (!request.prompt.isEmpty())
        fork.insert(QStringLiteral("prompt"), request.prompt);
    info.metadata.insert(ForkKey, fork);
    const Result<SessionInfo> created = store->createSession(info);
    if (created.hasError())
        return created.error();
    const Result<QList<Message>> stored = store->appendMessages(created->id, copies);
    if (stored.hasError()) {
        // A fork without its start would mislead: it goes again, whole.
        (void)store->deleteSession(created->id);
        return stored.error();
    }
    return created;
}

bool isFork(const SessionInfo &info)
{
    return info.metadata.value(ForkKey).isObject();
}

Message forkReportMessage(const SessionInfo &fork, const QString &answer, const QString &reason)
{
    Message report;
    report.role = Role::User;
    // For the model; English.
    const QString body = answer.trimmed().isEmpty() ? QStringLiteral("(The fork ended without an answer.)") : answer.trimmed();
    report.parts.append(Part::makeText(
        QStringLiteral("<fork-report session=\"%1\" title=\"%2\" ended=\"%3\">\nThe fork \"%2\" (session %1) reports:\n\n%4\n</fork-report>")
            .arg(fork.id, fork.title, reason, body)));
    QJsonObject valis;
    valis.insert(ReportKey, QJsonObject{{QStringLiteral("session"), fork.id},
                                        {QStringLiteral("title"), fork.title},
                                        {QStringLiteral("reason"), reason}});
    report.metadata.insert(ValisKey, valis);
    return report;
}

QJsonObject forkReportOf(const Message &message)
{
    if (message.role != Role::User)
        return {};
    return message.metadata.value(ValisKey).toObject().value(ReportKey).toObject();
}

Result<Message> appendForkReport(SessionStore *store, const QString &parentSessionId, Message report)
{
    const Result<SessionInfo> parent = store->session(parentSessionId);
    if (parent.hasError())
        return parent.error();
    const Result<QList<Message>> outline = store->messageOutline(parentSessionId);
    if (outline.hasError())
        return outline.error();
    const BranchIndex branches(outline.value());
    // At the end of the branch the parent shows: where its next turn goes on.
    qsizetype leaf = outline->size() - 1;
    if (const qsizetype chosen = branches.indexOf(parent->activeLeafId); chosen >= 0)
        leaf = branches.newestLeafAt(chosen);
    if (leaf >= 0 && leaf != outline->size() - 1)
        report.parentId = outline->at(leaf).id;
    return store->appendMessage(parentSessionId, report);
}

QString turnAnswer(const QList<Message> &record, int turn)
{
    for (qsizetype i = record.size() - 1; i >= 0; --i) {
        const Message &message = record.at(i);
        if (message.turn != turn)
            continue;
        if (message.role == Role::Assistant && !message.text().trimmed().isEmpty())
            return message.text();
    }
    return {};
}

} // namespace valis
