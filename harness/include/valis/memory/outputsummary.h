#pragma once

#include "valis/harness_export.h"

#include <QJsonValue>
#include <QString>

namespace valis {

/// What a captured tool output is, for its summary.
struct VALIS_HARNESS_EXPORT OutputSource
{
    QString toolName;
    QJsonValue arguments;   ///< the call's arguments (exec: the command)
    bool isError = false;
    QString status;         ///< the parts of the result that stay in view ("Exit code 1 after 2.1 s.")
};

/// The short form of a large tool output that the context shows beside its MemoryRef.
struct VALIS_HARNESS_EXPORT OutputSummary
{
    QString line;      ///< one line for the MemoryRef: "exec `npm test`: 5000 lines, exit 1"
    /// A few hundred tokens at most: status (exit code, line and byte counts), the first and
    /// last lines and the lines that look like errors, each cut to a sane width.
    QString details;
};

/// The deterministic extractive summary used when no summarisation model is configured (and
/// for the details always): same input, same bytes, so the cached prefix stays stable.
VALIS_HARNESS_EXPORT OutputSummary extractiveSummary(const QString &output, const OutputSource &source);

} // namespace valis
