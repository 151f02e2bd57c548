#include "valis/filesystem/filesystembackend.h"

namespace valis {

// Out of line so the vtable and type info live in the harness, once, for every plugin.
FilesystemBackend::~FilesystemBackend() = default;

} // namespace valis
