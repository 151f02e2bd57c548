#include "commandsetup.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace valis::sandboxes {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::sandboxes::CommandSetup)
};

Error refused(const QString &message)
{
    return Error(QStringLiteral("sandbox.start-failed"), message);
}

} // namespace

bool isSameOrInside(const QString &path, const QString &folder)
{
    if (folder == QLatin1String("/"))
        return path.startsWith(QLatin1Char('/'));
    return path == folder || path.startsWith(folder + QLatin1Char('/'));
}

Result<CommandPaths> resolveCommandPaths(const SandboxCommand &command)
{
    if (command.workspace.isEmpty())
        return refused(Text::tr("The command has no workspace folder."));
    if (QDir::isRelativePath(command.workspace))
        return refused(Text::tr("The workspace \"%1\" is not an absolute path.").arg(command.workspace));
    CommandPaths paths;
    paths.workspace = QDir::cleanPath(command.workspace);
    const QFileInfo workspace(paths.workspace);
    if (!workspace.isDir())
        return refused(Text::tr("The workspace \"%1\" does not exist or is not a folder.").arg(paths.workspace));
    paths.workspaceOnHost = workspace.canonicalFilePath();
    // The workspace is writable: the root would make the whole system writable.
    if (paths.workspace == QLatin1String("/") || paths.workspaceOnHost == QLatin1String("/"))
        return refused(Text::tr("The root folder cannot be a workspace."));

    if (command.workingDirectory.isEmpty()) {
        paths.workingDirectory = paths.workspace;
    } else {
        if (QDir::isRelativePath(command.workingDirectory))
            return refused(Text::tr("The working directory \"%1\" is not an absolute path.").arg(command.workingDirectory));
        paths.workingDirectory = QDir::cleanPath(command.workingDirectory);
        if (!isSameOrInside(paths.workingDirectory, paths.workspace)) {
            return refused(Text::tr("The working directory \"%1\" is outside the workspace \"%2\".")
                               .arg(paths.workingDirectory, paths.workspace));
        }
        // Through a symbolic link it could lead out of the workspace.
        const QString onHost = QFileInfo(paths.workingDirectory).canonicalFilePath();
        if (onHost.isEmpty() || !QFileInfo(onHost).isDir())
            return refused(Text::tr("The working directory \"%1\" does not exist.").arg(paths.workingDirectory));
        if (!isSameOrInside(onHost, paths.workspaceOnHost)) {
            return refused(Text::tr("The working directory \"%1\" leads outside the workspace \"%2\".")
                               .arg(paths.workingDirectory, paths.workspace));
        }
    }
    return paths;
}

QString findProgram(const QString &program, const QString &pathVariable, const QString &workingDirectory,
                    const std::function<bool(const QString &)> &accept)
{
    const auto usable = [&accept](const QString &candidate) {
        const QFileInfo info(candidate);
        return info.isFile() && info.isExecutable() && (!accept || accept(candidate));
    };
    if (program.isEmpty())
        return {};
    if (program.contains(QLatin1Char('/'))) {
        const QString candidate = QDir::cleanPath(QDir::isAbsolutePath(program) ? program
                                                                                : workingDirectory + QLatin1Char('/') + program);
        return usable(candidate) ? candidate : QString();
    }
    const QStringList folders = pathVariable.split(QLatin1Char(':'), Qt::SkipEmptyParts);
    for (const QString &folder : folders) {
        const QString base = QDir::isAbsolutePath(folder) ? folder : workingDirectory + QLatin1Char('/') + folder;
        const QString candidate = QDir::cleanPath(base + QLatin1Char('/') + program);
        if (usable(candidate))
            return candidate;
    }
    return {};
}

Error programNotFound(const QString &program, const QString &pathVariable)
{
    if (program.contains(QLatin1Char('/')))
        return refused(Text::tr("There is no program \"%1\" the command can run.").arg(program));
    return refused(Text::tr("There is no program \"%1\" in the command's PATH (%2).").arg(program, pathVariable));
}

} // namespace valis::sandboxes
