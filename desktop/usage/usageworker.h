#pragma once

#include "valis/catalog/modelcatalog.h"
#include "valis/core/datalocations.h"
#include "valis/store/usagereport.h"

#include <QDate>
#include <QObject>
#include <QString>

#include <optional>

namespace valis {

/// Builds UsageReports on the thread it lives on (the usage view's worker thread): the store is
/// read through a connection of its own, the catalogue loaded once. Requests are queued slot
/// calls; answers come back as signals carrying values.
class UsageWorker : public QObject
{
    Q_OBJECT

public:
    explicit UsageWorker(const DataLocations &locations);

public Q_SLOTS:
    /// Reads the usage from `since` (invalid: all) on: built(`generation`, ...). A profile
    /// without a session database yet has an empty report.
    void build(const QDate &since, quint64 generation);

Q_SIGNALS:
    void built(quint64 generation, const valis::UsageReport &report, const QString &error);

private:
    DataLocations m_locations;
    std::optional<ModelCatalog> m_catalog;
};

} // namespace valis
