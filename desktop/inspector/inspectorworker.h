#pragma once

#include "valis/core/datalocations.h"
#include "valis/record/message.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>

#include <memory>

namespace valis {

class SessionStore;
class RequestBodyWriter;

/// The loaded providers' body writers by provider id. They belong to the plugins on the GUI
/// thread; requestBody() is a const serialisation, and the window ends the worker before the
/// plugins go (see ~MainWindow).
using BodyWriters = QHash<QString, const RequestBodyWriter *>;

/// What the inspector is asked to show: a session's request by number, the one that produced
/// an answer, or the last one.
struct InspectionQuery
{
    QString sessionId;
    /// 1-based; 0 or less: the last request (or the one that produced `answerMessageId`).
    int request = 0;
    /// An assistant message of the record: the request that produced it ("What did the model see?").
    QString answerMessageId;
};

/// Runs request inspections (the store read and the rebuild, which can take a while on a long
/// session) on the thread it lives on, with its own SessionStore connection. Requests are queued
/// slots; answers carry the caller's generation, so a later request supersedes an earlier one.
class InspectorWorker : public QObject
{
    Q_OBJECT

public:
    explicit InspectorWorker(DataLocations locations);
    ~InspectorWorker() override;

    /// Which request of `path` produced the assistant message `answerId` (1-based), or 0 when
    /// none of its requests did (the message is not on the path). Public for the tests.
    static int requestOfAnswer(const QList<Message> &path, const QString &answerId);

    /// Inspects on this thread (call it queued); answers with inspected() or failed().
    void inspect(int generation, const InspectionQuery &query, const BodyWriters &writers);

Q_SIGNALS:
    void inspected(int generation, const QJsonObject &inspection);
    void failed(int generation, const QString &message);

private:
    SessionStore *store(QString *error);

    DataLocations m_locations;
    std::unique_ptr<SessionStore> m_store;
};

} // namespace valis
