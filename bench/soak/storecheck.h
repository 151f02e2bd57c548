#pragma once

#include <QString>
#include <QStringList>

namespace valis {
class DataLocations;
}

namespace valis::bench {

/// The checks bench_soak runs on the profile's stores once the window is closed: SQLite's
/// `PRAGMA integrity_check` and `foreign_key_check` on the session and memory databases, the
/// FTS5 indexes' own integrity checks (the transcript index against its content, after the
/// pending text is indexed), and the record's: every message has the parts it says it has,
/// every tool call its result, and every session reads back through the SessionStore with as
/// many messages as it counts.
struct StoreCheck
{
    QStringList passed;   ///< what was checked and held, one line each
    QStringList failures; ///< what did not, with what was found

    static StoreCheck run(const DataLocations &locations);
};

} // namespace valis::bench
