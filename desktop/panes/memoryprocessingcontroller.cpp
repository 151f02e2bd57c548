#include "memoryprocessingcontroller.h"

#include "valis/memory/memoryenvironment.h"

namespace valis {

MemoryProcessingController::MemoryProcessingController(DataLocations locations, QObject *parent)
    : QObject(parent)
    , m_locations(std::move(locations))
{
    m_pool.setMaxThreadCount(1);
    m_idle.setSingleShot(true);
    m_idle.setInterval(defaultIdleMs);
    connect(&m_idle, &QTimer::timeout, this, &MemoryProcessingController::processNow);
}

MemoryProcessingController::~MemoryProcessingController()
{
    if (m_processor)
        m_processor->cancel();
    m_processor.reset();
    // Nothing posted to the pool may outlive the controller it reports to.
    m_pool.waitForDone();
}

bool MemoryProcessingController::isRunning() const
{
    return m_processor && m_processor->isRunning();
}

void MemoryProcessingController::withStore(std::function<void()> then)
{
    if (m_store) {
        then();
        return;
    }
    m_waiting.append(std::move(then));
    if (m_opening)
        return;
    m_opening = true;
    const DataLocations locations = m_locations;
    m_pool.start([this, locations] {
        Result<MemoryEnvironment> opened = MemoryEnvironment::open(locations);
        QMetaObject::invokeMethod(this, [this, opened] {
            m_opening = false;
            const QList<std::function<void()>> waiting = std::exchange(m_waiting, {});
            if (opened.hasError()) {
                Q_EMIT failed(opened.error());
                return;
            }
            m_store = opened->store();
            for (const std::function<void()> &queued : waiting)
                queued();
        }, Qt::QueuedConnection);
    });
}

void MemoryProcessingController::noteActivity(const QString &sessionId)
{
    if (sessionId.isEmpty())
        return;
    if (!m_firstActivity.isValid())
        m_firstActivity = QDateTime::currentDateTimeUtc();
    m_idle.start();
}

void MemoryProcessingController::processNow()
{
    m_idle.stop();
    if (isRunning())
        return;
    withStore([this] {
        if (isRunning())
            return;
        if (!m_processor) {
            m_processor = std::make_unique<MemoryProcessor>(m_locations.sessionDatabasePath(), m_store);
            connect(m_processor.get(), &MemoryProcessor::progress, this,
                    [this](int done, int total, const QString &) { Q_EMIT progress(done, total); });
            connect(m_processor.get(), &MemoryProcessor::finished, this, [this](const MemoryProcessingResult &result) {
                Q_EMIT finished(result);
                if (result.error)
                    Q_EMIT failed(*result.error);
                refresh();
            });
        }
        MemoryProcessingOptions options;
        options.agentId = m_agentId;
        // The sessions touched since the last job (a minute's slack for clocks and late stores);
        // every session when the person asked without one.
        if (m_firstActivity.isValid())
            options.since = m_firstActivity.addSecs(-60);
        m_firstActivity = QDateTime();
        if (m_processor->start(options))
            Q_EMIT started();
    });
}

void MemoryProcessingController::cancel()
{
    if (m_processor)
        m_processor->cancel();
}

void MemoryProcessingController::refresh()
{
    withStore([this] {
        std::shared_ptr<DetailStore> store = m_store;
        const QString agent = m_agentId;
        m_pool.start([this, store, agent] {
            const Result<QList<MemoryRecommendation>> open = MemoryLedger::recommendations(*store, agent);
            QList<MemoryRecord> learned;
            std::optional<Error> error = open.hasError() ? std::optional<Error>(open.error()) : std::nullopt;
            for (const char *type : {ProcessedType::Lesson, ProcessedType::Reference, ProcessedType::Topic}) {
                MemoryFilter filter;
                filter.agentId = agent;
                filter.type = QLatin1String(type);
                filter.limit = 500;
                const Result<QList<MemoryRecord>> records = store->list(filter);
                if (records.hasError())
                    error = records.error();
                else
                    learned += records.value();
            }
            std::stable_sort(learned.begin(), learned.end(), [](const MemoryRecord &a, const MemoryRecord &b) {
                return a.metadata.value(QLatin1String("weight")).toDouble() > b.metadata.value(QLatin1String("weight")).toDouble();
            });
            const QList<MemoryRecommendation> recommendations = open.valueOr({});
            QMetaObject::invokeMethod(this, [this, recommendations, learned, error] {
                if (error)
                    Q_EMIT failed(*error);
                Q_EMIT listed(recommendations, learned);
            }, Qt::QueuedConnection);
        });
    });
}

void MemoryProcessingController::decide(const QString &key, bool accept)
{
    withStore([this, key, accept] {
        std::shared_ptr<DetailStore> store = m_store;
        m_pool.start([this, store, key, accept] {
            // Through the same paths the agent writes by (writeFile, deactivate).
            const Result<MemoryRecommendation> done = accept ? MemoryLedger::accept(*store, key) : MemoryLedger::reject(*store, key);
            QMetaObject::invokeMethod(this, [this, done] {
                if (done.hasError())
                    Q_EMIT failed(done.error());
                else
                    Q_EMIT decided(done.value());
                refresh();
            }, Qt::QueuedConnection);
        });
    });
}

} // namespace valis
