#pragma once

#include <QString>

namespace valis::cli {

class CliContext;

/// What `valis-cli context SESSION --request N` asked for.
struct ContextRequestOptions
{
    QString sessionId;
    QString request;   ///< a 1-based number, or "last"
    bool diff = false;
    bool json = false;
};

/// Prints request N of a session as the RequestInspector rebuilds it (the view with tokens per
/// section and message, cache breakpoints, MemoryRefs, pointers, the hash check and, with diff,
/// what changed since the previous request). Returns 1 on a hash mismatch.
int runContextRequest(CliContext &context, const QString &command, const ContextRequestOptions &options);

} // namespace valis::cli
