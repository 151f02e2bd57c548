#include "valis/filesystem/filesystembackend.h"

namespace valis {

// Out of line so the vtable and type info live in the harness, once, for every plugin.
FilesystemBackend::~FilesystemBackend() = default;

Result<int> FilesystemBackend::openFolderDescriptor(const QString &path) const
{
    return Error(QStringLiteral("fs.unsupported"), QStringLiteral("%1 offers no folder descriptors.").arg(description()), path);
}

Result<int> FilesystemBackend::openFileDescriptor(const QString &path) const
{
    return Error(QStringLiteral("fs.unsupported"), QStringLiteral("%1 offers no file descriptors.").arg(description()), path);
}

} // namespace valis
