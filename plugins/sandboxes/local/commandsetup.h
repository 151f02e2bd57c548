#pragma once

#include "valis/core/result.h"
#include "valis/plugins/sandbox.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <functional>

namespace valis::sandboxes {

/// Where a command runs, checked: the workspace as the command sees it and as the host has it.
struct CommandPaths
{
    QString workspace;        ///< Absolute and clean, as given (the path the command sees).
    QString workspaceOnHost;  ///< The same folder with symbolic links resolved.
    QString workingDirectory; ///< Absolute and clean, inside `workspace`.
};

/// Checks SandboxCommand::workspace and ::workingDirectory ("sandbox.start-failed" when the
/// workspace is missing, not absolute, not a folder or the root, or the working directory is
/// outside it or missing).
Result<CommandPaths> resolveCommandPaths(const SandboxCommand &command);

/// Whether `path` is `folder` or inside it (both absolute and clean).
bool isSameOrInside(const QString &path, const QString &folder);

/// The program a command names, found the way execvp() would: a name with a slash relative to
/// `workingDirectory`, any other in the folders of `pathVariable`. Only files that
/// `accept` (when given) takes count. Empty when there is none.
QString findProgram(const QString &program, const QString &pathVariable, const QString &workingDirectory,
                    const std::function<bool(const QString &)> &accept = {});

/// The "sandbox.start-failed" error of a program that could not be found.
Error programNotFound(const QString &program, const QString &pathVariable);

} // namespace valis::sandboxes
