#pragma once

#include "valis/core/result.h"
#include "valis/filesystem/agentfilesystem.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <QList>

#include <functional>

namespace valis::tools::search {

/// A folder whose files a walk listed all of (nothing in it ignored, filtered out, a link or
/// unreadable): files [first, first + count) of the walk's list. A program that walks folders
/// itself (ripgrep) can be given the folder instead of its files.
struct CompleteFolder
{
    QString path; ///< backend path
    qsizetype first = 0;
    qsizetype count = 0;
};

/// What a walk of a FileTree lists.
struct WalkOptions
{
    /// Leave out what the ignore rules (defaults, .gitignore, .ignore, .git/info/exclude, at
    /// every level) leave out; false lists everything.
    bool respectIgnoreRules = true;
    /// Start below this folder (relative to the tree's root), e.g. a glob's literal prefix.
    QString startFolder;
    /// Folders deeper than this below the root are not entered (-1: no limit). A file at depth
    /// d has d components in its path from the root.
    int maxDepth = -1;
    /// Keeps a file when it returns true; gets the path from the tree's root ("a/b.cpp").
    std::function<bool(const QString &pathFromRoot)> accept;
    /// Polled now and then; a walk that sees true stops and returns what it has.
    std::function<bool()> cancelled;
    /// When set, receives the complete folders with at least one file (inner ones before the
    /// folders holding them).
    QList<CompleteFolder> *completeFolders = nullptr;
};

/// The files below one path of the agent's file view, for the search tools (glob, grep,
/// file_search): one walk, the same for every tool and every search engine, so they all see
/// the same files.
///
/// Files are named by their backend path (relative to the backend's root); agentPath() and
/// localPath() turn that into what the agent sees and, for a backend with local files, the
/// file on this machine. Symbolic links to folders are never followed (no loops, no escapes);
/// a symbolic link to a file is listed only when its target is a regular file inside the same
/// backend. A walk of local files reads each folder through a descriptor the backend opened
/// (FilesystemBackend::openFolderDescriptor), so a folder swapped for a link is not listed; a
/// walk of a backend without local files goes through FilesystemBackend::list().
///
/// Thread-safe: const calls may run on several threads; it borrows the AgentFilesystem.
class FileTree
{
public:
    /// Resolves `path` (as the agent wrote it) through `filesystem`; refuses what the file view
    /// refuses (outside paths, missing ones) with its message.
    static Result<FileTree> open(const AgentFilesystem &filesystem, const QString &path);

    /// Whether the root is a file rather than a folder (a walk then lists just it).
    bool rootIsFile() const { return m_rootIsFile; }
    /// The root as the agent sees it ("." for the workspace, "/memories/notes").
    QString rootAgentPath() const { return m_rootAgentPath; }
    /// Whether files have paths on this machine (a program such as ripgrep can read them).
    bool isLocal() const { return !m_localRoot.isEmpty(); }
    FilesystemBackend *backend() const { return m_backend; }

    /// The files, sorted by path (UTF-16 code unit order, the same on every machine).
    /// `walked` (optional) receives whether the walk was cancelled.
    QStringList files(const WalkOptions &options, bool *cancelled = nullptr) const;

    QString agentPath(const QString &backendPath) const { return m_mountPoint + backendPath; }
    QString localPath(const QString &backendPath) const;
    /// The path from the tree's root ("a/b.cpp" for the backend path "src/a/b.cpp" below "src").
    QString pathFromRoot(const QString &backendPath) const;
    /// When the file was last modified; invalid when that cannot be found out.
    QDateTime modified(const QString &backendPath) const;
    /// Up to `size` bytes from the start of a file into `buffer`: how many, or -1 when it cannot
    /// be read. For probing many files: where the backend hands out confined descriptors
    /// (FilesystemBackend::openFileDescriptor) it costs one open and one read, without read()'s
    /// stat and copies.
    qint64 readHead(const QString &backendPath, char *buffer, qint64 size) const;
    /// Reads part of a file through the file view (confined by descriptor on Linux).
    Result<QByteArray> read(const QString &backendPath, qint64 offset, qint64 maxBytes) const;

private:
    class Walk;

    const AgentFilesystem *m_filesystem = nullptr;
    FilesystemBackend *m_backend = nullptr;
    QString m_mountPoint;     ///< "" for the workspace, "/memories/" ...
    QString m_rootBackend;    ///< The root, relative to the backend's root ("" for it).
    QString m_rootAgentPath;
    QString m_localRoot;      ///< The backend's folder on this machine, or "".
    QString m_realLocalRoot;  ///< Its canonical path, for checking where file links lead.
    bool m_rootIsFile = false;
};

} // namespace valis::tools::search
