#include "inspectordock.h"

#include "inspectorview.h"

#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/requestbodywriter.h"

namespace valis {

InspectorDock::InspectorDock(const DataLocations &locations, QWidget *parent)
    : QDockWidget(tr("Context inspector"), parent)
{
    setObjectName(QStringLiteral("inspectorDock"));
    setAccessibleName(tr("Context inspector"));
    m_view = new InspectorView(this);
    setWidget(m_view);
    m_worker = new InspectorWorker(locations);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &InspectorWorker::inspected, this, [this](int generation, const QJsonObject &inspection) {
        if (generation != m_generation)
            return; // superseded by a later choice
        m_pending = 0;
        m_view->setInspection(inspection);
        Q_EMIT inspectionShown(inspection);
    });
    connect(m_worker, &InspectorWorker::failed, this, [this](int generation, const QString &message) {
        if (generation != m_generation)
            return;
        m_pending = 0;
        m_view->showFailure(message);
        Q_EMIT inspectionFailed(message);
    });
    connect(m_view, &InspectorView::requestChosen, this, [this](int request) {
        if (!m_sessionId.isEmpty())
            showQuery({m_sessionId, request, {}});
    });
    m_thread.setObjectName(QStringLiteral("valis-inspector"));
    m_thread.start();
}

InspectorDock::~InspectorDock()
{
    stop();
}

void InspectorDock::stop()
{
    m_thread.quit();
    m_thread.wait();
}

bool InspectorDock::showsLastRequest() const
{
    if (m_pending != 0)
        return m_askedForLast;
    const int requests = m_view->inspection().value(QLatin1String("requests")).toInt();
    return requests > 0 && m_view->request() == requests;
}

void InspectorDock::showQuery(const InspectionQuery &query)
{
    m_sessionId = query.sessionId;
    m_askedForLast = query.request <= 0 && query.answerMessageId.isEmpty();
    m_pending = ++m_generation;
    m_view->showBusy(query.request > 0 ? tr("Inspecting request %1…").arg(query.request) : tr("Inspecting…"));
    show();
    raise();
    BodyWriters writers;
    if (m_plugins) {
        for (Provider *provider : m_plugins->providers()) {
            if (const auto *writer = dynamic_cast<const RequestBodyWriter *>(provider))
                writers.insert(provider->id(), writer);
        }
    }
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, generation = m_generation, query, writers] { worker->inspect(generation, query, writers); },
        Qt::QueuedConnection);
}

} // namespace valis
