#include "inspectorworker.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/context/requestinspector.h"
#include "valis/context/requestmanifest.h"
#include "valis/record/branchindex.h"
#include "valis/store/sessionstore.h"

namespace valis {

namespace {

// The provider that sent request `number` (1-based; 0 or less: the last), from the manifests
// its answers carry; empty for an imported record.
QString providerOf(const QList<Message> &path, int number)
{
    QStringList providers;
    for (const Message &message : path) {
        if (const auto manifest = RequestManifest::fromMessage(message); manifest && manifest->ok())
            providers.append(manifest->value().provider);
    }
    if (providers.isEmpty())
        return {};
    return number > 0 ? providers.value(number - 1) : providers.constLast();
}

} // namespace

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
    const Result<SessionInfo> info = sessionStore->session(sessionId);
    if (!info.ok()) {
        Q_EMIT failed(generation, info.error().message);
        return;
    }
    const Result<QList<Message>> record = sessionStore->messages(sessionId);
    if (!record.ok()) {
        Q_EMIT failed(generation, record.error().message);
        return;
    }
    RequestInspectionInput input;
    input.sessionId = sessionId;
    input.path = BranchIndex::activePath(record.value(), info->activeLeafId);
    if (!answerMessageId.isEmpty() && request <= 0) {
        // An answer on another branch than the active one: its own path.
        bool onPath = false;
        for (const Message &message : std::as_const(input.path))
            onPath = onPath || message.id == answerMessageId;
        if (!onPath)
            input.path = BranchIndex::activePath(record.value(), answerMessageId);
        request = requestOfAnswer(input.path, answerMessageId);
        if (request <= 0) {
            Q_EMIT failed(generation, tr("No recorded request produced this message."));
            return;
        }
    }
    input.request = request;
    input.diff = true;
    input.catalog = ModelCatalog::load(m_locations);
    input.readBlob = [sessionStore](const QString &uri) { return sessionStore->readBlob(uri); };
    // The provider's body writer checks the body hash too; only a recorded request names one.
    const QString provider = providerOf(input.path, request);
    input.bodyWriter = writers.value(provider, nullptr);
    Result<QJsonObject> inspection = inspectRequest(input);
    if (!inspection.ok()) {
        Q_EMIT failed(generation, inspection.error().message);
        return;
    }
    Q_EMIT inspected(generation, inspection.value());
}

} // namespace valis
