#pragma once

#include <QString>

namespace valis::filesystem {

/// A path as it appears inside an error message that goes back to the model: in double quotes,
/// control characters made visible (a NUL byte shows as \0), very long paths shortened in the
/// middle. The AgentFilesystem relies on backends quoting their paths this way to put back the
/// path as the agent wrote it (see AgentFilesystem::relabel).
QString quotedPath(const QString &path);

} // namespace valis::filesystem
