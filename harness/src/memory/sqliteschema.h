#pragma once

#include "valis/core/result.h"

#include <QSqlDatabase>
#include <QString>

namespace valis::memory {

/// The SQLite DetailStore's schema and its numbered migrations (PRAGMA user_version), in the
/// same manner as the SessionStore's: each migration runs in its own BEGIN IMMEDIATE
/// transaction that re-reads the version first, so two processes opening a new file at once
/// migrate it once.
class SqliteMemorySchema
{
public:
    static int latestVersion();
    /// PRAGMA application_id of a Valis memory database ("VALM").
    static int applicationId();

    /// Looks at an existing file through a read-only connection before anything writes to it:
    /// a database of a newer Valis ("memory.future-schema") or another application
    /// ("memory.unavailable") is refused and left untouched. A missing or empty file passes.
    static Result<void> check(const QString &path);
    /// Brings `db` (open read-write, outside a transaction) up to latestVersion().
    static Result<void> migrate(QSqlDatabase &db);
};

} // namespace valis::memory
