#pragma once

#include "valis/core/datalocations.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/memory/memorysettings.h"

#include <memory>

namespace valis {

class DetailStore;
class OutputSummariser;
struct SessionConfig;

/// The DetailStore and memory settings sessions run with, opened once from config/memory.json,
/// so valis-cli and the desktop set sessions up the same way.
class VALIS_HARNESS_EXPORT MemoryEnvironment
{
public:
    /// Reads the settings and opens their store. Errors: malformed settings, a store that
    /// cannot be opened ("memory.unavailable" for a PostgreSQL server that does not answer).
    static Result<MemoryEnvironment> open(const DataLocations &locations);
    /// The same with settings already read (the command line's --store).
    static Result<MemoryEnvironment> open(const DataLocations &locations, const MemorySettings &settings);

    /// Over a store the caller opened (valis-cli asks the keychain for a PostgreSQL password).
    static MemoryEnvironment withStore(std::shared_ptr<DetailStore> store, const MemorySettings &settings);

    std::shared_ptr<DetailStore> store() const { return m_store; }
    const MemorySettings &settings() const { return m_settings; }
    /// Summaries of captured outputs from a model (settings().summaryProvider); none by default.
    void setSummariser(std::shared_ptr<OutputSummariser> summariser) { m_summariser = std::move(summariser); }
    /// Sets the store, the settings and the summariser on `config`.
    void apply(SessionConfig *config) const;

private:
    std::shared_ptr<DetailStore> m_store;
    MemorySettings m_settings;
    std::shared_ptr<OutputSummariser> m_summariser;
};

} // namespace valis
