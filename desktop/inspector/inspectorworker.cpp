#include "inspectorworker.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/context/requestinspector.h"
#include "valis/record/branchindex.h"
#include "valis/store/sessionstore.h"

namespace valis {

InspectorWorker::InspectorWorker(DataLocations locations)
    : m_locations(std::move(locations))
{}

InspectorWorker::~InspectorWorker() = default;

SessionStore *InspectorWorker::store(QString *error)
{
    if (!m_store) {
        auto opened = SessionStore::open(m_locations.sessionDatabasePath(), m_locations.blobDir());
        if (!opened.ok()) {
            *error = opened.error().message;
            return nullptr;
        }
        m_store = std::move(opened).value();
    }
    return m_store.get();
}

int InspectorWorker::requestOfAnswer(const QList<Message> &path, const QString &answerId)
{
    qsizetype at = -1;
    for (qsizetype i = 0; i < path.size(); ++i) {
        if (path.at(i).id == answerId) {
            at = i;
            break;
        }
    }
    if (at < 0)
        return 0;
    // The requests counted up to and with the answer: it is the last of them when it counts
    // itself (it carries the request's manifest, or its usage for an imported record); else the
    // request that produced it is the next one counted after it (or the last one of all).
    const int through = countRequests(path.mid(0, at + 1));
    const int before = countRequests(path.mid(0, at));
    if (through > before)
        return through;
    const int total = countRequests(path);
    return total > 0 ? qMin(through + 1, total) : 0;
}

void InspectorWorker::inspect(int generation, const InspectionQuery &query, const BodyWriters &writers)
{
    const QString &sessionId = query.sessionId;
    const QString &answerMessageId = query.answerMessageId;
    int request = query.request;
    QString error;
    SessionStore *sessionStore = store(&error);
    if (!sessionStore) {
        Q_EMIT failed(generation, error);
        return;
    }
    Result<RequestInspectionInput> read = RequestInspectionInput::fromStore(sessionStore, sessionId);
    if (!read.ok()) {
        Q_EMIT failed(generation, read.error().message);
        return;
    }
    RequestInspectionInput input = std::move(read).value();
    if (!answerMessageId.isEmpty() && request <= 0) {
        // An answer on another branch than the active one: its own path.
        bool onPath = false;
        for (const Message &message : std::as_const(input.path))
            onPath = onPath || message.id == answerMessageId;
        if (!onPath) {
            const Result<QList<Message>> record = sessionStore->messages(sessionId);
            if (!record.ok()) {
                Q_EMIT failed(generation, record.error().message);
                return;
            }
            input.path = BranchIndex::activePath(record.value(), answerMessageId);
        }
        request = requestOfAnswer(input.path, answerMessageId);
        if (request <= 0) {
            Q_EMIT failed(generation, tr("No recorded request produced this message."));
            return;
        }
    }
    input.request = request;
    input.diff = true;
    input.catalog = ModelCatalog::load(m_locations);
    // The provider's body writer checks the body hash too; only a recorded request names one.
    input.bodyWriter = writers.value(requestProviderId(input.path, request), nullptr);
    Result<QJsonObject> inspection = inspectRequest(input);
    if (!inspection.ok()) {
        Q_EMIT failed(generation, inspection.error().message);
        return;
    }
    Q_EMIT inspected(generation, inspection.value());
}

} // namespace valis
