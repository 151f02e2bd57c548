#pragma once

#include "valis/core/datalocations.h"
#include "valis/core/result.h"
#include "valis/memory/detailstore.h"
#include "valis/memory/memoryenvironment.h"
#include "valis/memory/memorysettings.h"

#include <memory>

namespace valis::cli {

/// The memory settings valis-cli works with: config/memory.json, with the backend replaced for
/// one run by `storeOverride` when it is not empty: "sqlite:PATH" (PATH taken from the current
/// folder) or a "postgresql://" / "postgres://" address.
Result<MemorySettings> memorySettings(const DataLocations &locations, const QString &storeOverride);

/// Opens the DetailStore of `settings`. A PostgreSQL password that neither the address nor
/// VALIS_MEMORY_PASSWORD / PGPASSWORD gives is looked up in the OS keychain (account
/// "postgresql", stored with 'valis-cli keys set postgresql'); a keychain that cannot be asked
/// is no error by itself (trust and ~/.pgpass logins need no password), but its reason is added
/// to the message when the server then refuses. Needs a QCoreApplication (the keychain answers
/// through the event loop).
Result<std::shared_ptr<DetailStore>> openMemoryStore(const MemorySettings &settings, const DataLocations &locations);

/// The store and settings sessions and tools of this run use (config/memory.json, keychain).
Result<MemoryEnvironment> memoryEnvironment(const DataLocations &locations);
/// The keychain account of the PostgreSQL memory password.
QString memoryPasswordAccount();

} // namespace valis::cli
