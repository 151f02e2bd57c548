#pragma once

#include "valis/core/result.h"

#include <QString>

namespace valis::filesystem {

// The refusals LocalDirectoryBackend gives on every platform, in one place so the Linux
// (descriptor-based) and the portable (path-checked) implementations say the same thing. They go
// back to the model (through the file tools), which reads English best; they are not tr()'d.

/// The path as a message shows it: quoted, "." for the root.
QString shown(const QString &path);

Error outsideError(const QString &path, const QString &description);
Error notFoundError(const QString &path);
Error folderNotFoundError(const QString &path);
Error isAFolderError(const QString &path);
Error isAFileError(const QString &path);
Error unreadableFolderError(const QString &path);
Error notRegularForReadError(const QString &path);
Error notRegularForWriteError(const QString &path);
Error readOnlyError(const QString &path, const QString &description, const QString &doing);
Error fileInTheWayError(const QString &path);
Error folderNotEmptyError(const QString &path);
Error rootIsAFolderError(const QString &path, const QString &description);
Error rootCannotBeRemovedError(const QString &path, const QString &description);
Error missingRootError(const QString &path, const QString &description);
/// `code` is the refusal of the folder holding `path` ("fs.outside" or "fs.io").
Error removeOutsideError(const QString &path, const QString &description, const QString &code);
Error folderNotRemovedError(const QString &path);
Error rootNotCreatedError(const QString &path, const QString &description);
Error folderNotCreatedError(const QString &path);
/// A write to a file with more than one hard link: `links` names it has.
Error hardLinkedError(const QString &path, qint64 links);
/// "%1 cannot be <doing>: <reason>."
Error ioError(const QString &path, const QString &doing, const QString &reason);

} // namespace valis::filesystem
