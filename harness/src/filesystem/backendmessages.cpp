#include "backendmessages.h"

#include "pathtext.h"

namespace valis::filesystem {

QString shown(const QString &path)
{
    return quotedPath(path.isEmpty() ? QStringLiteral(".") : path);
}

Error outsideError(const QString &path, const QString &description)
{
    return Error(QStringLiteral("fs.outside"),
                 QStringLiteral("%1 is or passes through a symbolic link that leads outside the %2; only files "
                                "inside the %2 can be used.")
                     .arg(shown(path), description),
                 path);
}

Error notFoundError(const QString &path)
{
    return Error(QStringLiteral("fs.not-found"), QStringLiteral("%1 does not exist.").arg(shown(path)), path);
}

Error folderNotFoundError(const QString &path)
{
    return Error(QStringLiteral("fs.not-found"), QStringLiteral("The folder %1 does not exist.").arg(shown(path)), path);
}

Error isAFolderError(const QString &path)
{
    return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("%1 is a folder, not a file.").arg(shown(path)), path);
}

Error isAFileError(const QString &path)
{
    return Error(QStringLiteral("fs.not-a-directory"), QStringLiteral("%1 is a file, not a folder.").arg(shown(path)), path);
}

Error unreadableFolderError(const QString &path)
{
    return Error(QStringLiteral("fs.io"), QStringLiteral("The folder %1 cannot be read (permission denied).").arg(shown(path)), path);
}

Error notRegularForReadError(const QString &path)
{
    // Opening a FIFO or a device would block or never end.
    return Error(QStringLiteral("fs.not-a-file"),
                 QStringLiteral("%1 is not a regular file (a device, pipe or socket) and cannot be read.").arg(shown(path)), path);
}

Error notRegularForWriteError(const QString &path)
{
    return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("%1 is not a regular file and cannot be written.").arg(shown(path)), path);
}

Error readOnlyError(const QString &path, const QString &description, const QString &doing)
{
    return Error(QStringLiteral("fs.read-only"), QStringLiteral("%1 cannot be %2: the %3 is read-only.").arg(shown(path), doing, description),
                 path);
}

Error fileInTheWayError(const QString &path)
{
    // The usual reason a folder cannot be made: "notes.txt/today.md".
    return Error(QStringLiteral("fs.not-a-directory"),
                 QStringLiteral("%1 cannot be written: a file is in the way where a folder is needed.").arg(shown(path)), path);
}

Error folderNotEmptyError(const QString &path)
{
    return Error(QStringLiteral("fs.io"), QStringLiteral("The folder %1 is not empty; only empty folders can be removed.").arg(shown(path)),
                 path);
}

Error rootIsAFolderError(const QString &path, const QString &description)
{
    return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("The root of the %1 is a folder, not a file.").arg(description), path);
}

Error rootCannotBeRemovedError(const QString &path, const QString &description)
{
    return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("The root of the %1 cannot be removed.").arg(description), path);
}

Error missingRootError(const QString &path, const QString &description)
{
    return Error(QStringLiteral("fs.not-found"), QStringLiteral("The %1 does not exist, so %2 cannot be written.").arg(description, shown(path)),
                 path);
}

Error removeOutsideError(const QString &path, const QString &description, const QString &code)
{
    return Error(code, QStringLiteral("%1 cannot be removed: the folder holding it leads outside the %2.").arg(shown(path), description), path);
}

Error folderNotRemovedError(const QString &path)
{
    return Error(QStringLiteral("fs.io"), QStringLiteral("The folder %1 cannot be removed.").arg(shown(path)), path);
}

Error rootNotCreatedError(const QString &path, const QString &description)
{
    return Error(QStringLiteral("fs.io"), QStringLiteral("The %1 cannot be created, so %2 cannot be written.").arg(description, shown(path)), path);
}

Error folderNotCreatedError(const QString &path)
{
    return Error(QStringLiteral("fs.io"), QStringLiteral("The folder for %1 cannot be created.").arg(shown(path)), path);
}

Error hardLinkedError(const QString &path, qint64 links)
{
    // A replacement would only change this name's content; whoever holds the other names (which
    // may be outside every root) would keep the old one, and a write in place would change a file
    // outside. Neither is what the agent asked for.
    return Error(QStringLiteral("fs.hard-linked"),
                 QStringLiteral("%1 cannot be written: it has %2 hard links (other names for the same file, which may be "
                                "outside the allowed folders), and only files with a single name are written. Write a new "
                                "file instead, or ask the person to copy it.")
                     .arg(shown(path), QString::number(links)),
                 path);
}

Error ioError(const QString &path, const QString &doing, const QString &reason)
{
    return Error(QStringLiteral("fs.io"), QStringLiteral("%1 cannot be %2: %3.").arg(shown(path), doing, reason), path);
}

} // namespace valis::filesystem
