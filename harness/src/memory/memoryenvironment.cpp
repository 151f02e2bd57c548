#include "valis/memory/memoryenvironment.h"

#include "valis/agent/session.h"
#include "valis/memory/detailstore.h"
#include "valis/memory/resultcapture.h"

namespace valis {

Result<MemoryEnvironment> MemoryEnvironment::open(const DataLocations &locations)
{
    Result<MemorySettings> settings = MemorySettings::load(locations.memorySettingsPath());
    if (settings.hasError())
        return settings.error();
    return open(locations, settings.value());
}

Result<MemoryEnvironment> MemoryEnvironment::open(const DataLocations &locations, const MemorySettings &settings)
{
    Result<std::shared_ptr<DetailStore>> store = openDetailStore(settings, locations);
    if (store.hasError())
        return store.error();
    return withStore(store.value(), settings);
}

MemoryEnvironment MemoryEnvironment::withStore(std::shared_ptr<DetailStore> store, const MemorySettings &settings)
{
    MemoryEnvironment environment;
    environment.m_store = std::move(store);
    environment.m_settings = settings;
    return environment;
}

void MemoryEnvironment::apply(SessionConfig *config) const
{
    config->memory = m_store;
    config->memorySettings = m_settings;
    config->outputSummariser = m_summariser;
}

} // namespace valis
