#pragma once

#include "valis/core/result.h"
#include "valis/filesystem/filesystembackend.h"
#include "valis/harness_export.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace valis {

class DataLocations;

/// The agent's file view (session-scoped): a composite that routes each path to a
/// FilesystemBackend by prefix, longest prefix first.
///
/// The standard layout (forSession()): `/memories/` is the agent's persistent storage, kept
/// across sessions; `/context/` is the session's scratch (offloaded results, saved
/// transcripts); everything else is the workspace folder. Workspace paths may be relative
/// ("src/main.cpp") or absolute under the workspace's real path ("/home/me/project/src/main.cpp",
/// what compilers print); any other absolute path is outside and refused.
///
/// resolve() normalises and confines: it refuses NUL bytes ("fs.invalid-path"), names over 255
/// bytes or paths over 4096 bytes ("fs.name-too-long"), ".." that climbs above a mount's root
/// and absolute paths outside every mount ("fs.outside"); the backend then refuses symlinks that
/// point outside. Every message names the path as the agent wrote it and says what is allowed,
/// so it can go back to the model unchanged.
///
/// Thread-safe after set-up: mount() before handing it to tools.
class VALIS_HARNESS_EXPORT AgentFilesystem
{
public:
    /// Where a path leads.
    struct Location
    {
        FilesystemBackend *backend = nullptr;
        QString mountPoint;    ///< "/memories/", "/context/", or "" for the workspace
        QString relativePath;  ///< Within the backend, normalised; "" is its root.
        /// The path to show the agent: "/memories/notes.md", or workspace-relative "src/a.cpp"
        /// ("." for the workspace root).
        QString agentPath;
    };

    /// A file view with the workspace `workspaceRoot` only (no /memories/ or /context/).
    explicit AgentFilesystem(const QString &workspaceRoot);
    ~AgentFilesystem();

    /// The standard layout for one session of agent `agentId`: the workspace, the agent's
    /// memories folder (DataLocations::agentMemoriesDir) and the session's scratch folder
    /// (DataLocations::sessionScratchDir).
    static std::shared_ptr<AgentFilesystem> forSession(const QString &workspaceRoot, const DataLocations &locations,
                                                       const QString &agentId, const QString &sessionId);

    /// Routes `prefix` ("/memories/": absolute, ending in '/') to `backend`; replaces an
    /// earlier mount of the same prefix.
    void mount(const QString &prefix, std::shared_ptr<FilesystemBackend> backend);
    /// The mounted prefixes, longest first, then "" for the workspace.
    QStringList mountPoints() const;
    FilesystemBackend *backend(const QString &prefix) const;

    /// Puts the workspace's files in `backend` (a remote machine's workspace) instead of the
    /// local folder; workspaceRoot() stays the local path the agent's absolute paths use.
    void setWorkspaceBackend(std::shared_ptr<FilesystemBackend> backend);

    /// The workspace's absolute path.
    QString workspaceRoot() const { return m_workspaceRoot; }
    FilesystemBackend *workspace() const;

    Result<Location> resolve(const QString &path) const;

    // Shorthands: resolve(path), then the backend's call.
    Result<FileEntry> stat(const QString &path) const;
    Result<QList<FileEntry>> list(const QString &path) const;
    Result<QByteArray> read(const QString &path, qint64 offset = 0, qint64 maxBytes = -1) const;
    Result<void> write(const QString &path, const QByteArray &content) const;
    Result<void> remove(const QString &path) const;

private:
    struct Mount
    {
        QString prefix;
        std::shared_ptr<FilesystemBackend> backend;
    };
    QString m_workspaceRoot;
    std::shared_ptr<FilesystemBackend> m_workspace;
    QList<Mount> m_mounts; // longest prefix first
};

} // namespace valis
