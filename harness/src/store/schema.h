#pragma once

#include "valis/core/result.h"

#include <QSqlDatabase>

namespace valis::store {

/// The SessionStore's numbered migrations. Version N of the schema is reached by running
/// migrations 1..N in order, each in its own transaction that also sets PRAGMA user_version,
/// so a crash between migrations leaves a database at a well-defined version.
class Schema
{
public:
    /// The version this build writes; a database with a higher user_version is refused.
    static int latestVersion();
    /// The `PRAGMA application_id` that marks a Valis session database ("VALS").
    static int applicationId();

    /// Brings `db` up to latestVersion(). `db` must be open read-write and not inside a
    /// transaction; the caller has already checked that its version is not newer than ours.
    static Result<void> migrate(QSqlDatabase &db);
};

} // namespace valis::store
