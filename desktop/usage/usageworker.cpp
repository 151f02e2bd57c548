#include "usageworker.h"

#include <QFileInfo>

namespace valis {

UsageWorker::UsageWorker(const DataLocations &locations) : m_locations(locations) {}

void UsageWorker::build(const QDate &since, quint64 generation)
{
    const QString path = m_locations.sessionDatabasePath();
    if (!QFileInfo::exists(path)) {
        Q_EMIT built(generation, UsageReport(), QString());
        return;
    }
    if (!m_catalog)
        m_catalog = ModelCatalog::load(m_locations);
    const Result<UsageReport> report = UsageReport::build(path, *m_catalog, since);
    if (report.hasError()) {
        Q_EMIT built(generation, UsageReport(), report.error().toString());
        return;
    }
    Q_EMIT built(generation, report.value(), QString());
}

} // namespace valis
