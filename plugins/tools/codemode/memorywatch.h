#pragma once

#include <QtGlobal>

namespace valis::codemode {

/// The process's resident memory in bytes, or -1 where this platform does not tell cheaply.
qint64 residentMemoryBytes();

} // namespace valis::codemode
