#pragma once

#include "valis/core/result.h"

#include <QString>
#include <QStringList>

namespace valis::filesystem {

/// What is at a path without following a final symbolic link (lstat).
struct Node
{
    bool exists = false;
    bool isLink = false;
    QString linkTarget = {}; ///< As stored in the link: relative to the link's folder, or absolute.
};

Node inspect(const QString &path);

/// The folder holding the absolute path `path` ("/" for "/a").
QString parentOf(const QString &path);

/// "a/b" joined to "c" with one '/' between.
QString joined(const QString &folder, const QString &name);

/// Where a path really leads: symbolic links resolved component by component, as the kernel
/// would, including links whose target does not exist (a write through such a link would create
/// the target). `real` has no links in its existing part; `exists` says whether all of it exists.
///
/// This is a check by path names, so it is only as good as the moment it runs: a folder swapped
/// for a link afterwards is not seen. The Linux backend therefore only uses it to name a
/// canonical path, which it then opens with the kernel's own confinement (openat2).
struct RealPath
{
    QString real = {};
    bool exists = false;
};

Result<RealPath> resolveReal(const QString &start, QStringList pending);

/// Whether the absolute path `real` is `root` or below it.
bool isInside(const QString &real, const QString &root);

/// A backend path checked by path names: its real location, which is inside `root`.
struct Target
{
    QString real = {};
    bool exists = false;
};

/// Resolves the backend path `path` below `root` (its real location looked up on every call, not
/// cached: the root of a scratch folder appears on first write, and a workspace may be replaced
/// while a session runs) and refuses ("fs.outside") a real location outside it.
Result<Target> locate(const QString &root, const QString &description, const QString &path);

} // namespace valis::filesystem
