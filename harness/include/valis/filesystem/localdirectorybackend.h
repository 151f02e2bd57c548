#pragma once

#include "valis/filesystem/filesystembackend.h"

#include <memory>

namespace valis {

namespace filesystem {
class ConfinedRoot;
}

/// A folder on this machine as a FilesystemBackend: the workspace, the per-agent memories
/// folder, a session's scratch folder.
///
/// Confinement does not trust the path alone: a symbolic link that leads outside the root is
/// refused ("fs.outside"), so a link planted in the workspace cannot reach ~/.ssh; links that
/// stay inside work. On Linux every access opens its path with openat2(RESOLVE_BENEATH) from a
/// descriptor of the root held by the backend and then works on the descriptor it got, so a
/// folder swapped for a link while a call runs cannot lead it outside either; writes go to a
/// new file renamed over the old one within the same folder descriptor. Elsewhere (macOS,
/// Windows) each call checks the real location by names before it opens, which leaves that
/// race open.
///
/// Writes refuse a file with more than one hard link ("fs.hard-linked"): its other names may be
/// outside. Reads of such files are allowed (see the README's confinement section).
///
/// The root is created on first write when `createRoot` is set (scratch and memories), never
/// for a workspace.
class VALIS_HARNESS_EXPORT LocalDirectoryBackend : public FilesystemBackend
{
public:
    LocalDirectoryBackend(const QString &root, const QString &description, bool createRoot = false,
                          bool readOnly = false);

    QString description() const override { return m_description; }
    bool isReadOnly() const override { return m_readOnly; }
    Result<FileEntry> stat(const QString &path) const override;
    Result<QList<FileEntry>> list(const QString &path) const override;
    Result<QByteArray> read(const QString &path, qint64 offset = 0, qint64 maxBytes = -1) const override;
    Result<void> write(const QString &path, const QByteArray &content) override;
    Result<void> remove(const QString &path) override;
    QString localRoot() const override { return m_root; }
    Result<int> openFolderDescriptor(const QString &path) const override;
    Result<int> openFileDescriptor(const QString &path) const override;

    /// The absolute local path of `path` after the confinement check (which `write` also needs
    /// for a file that does not exist yet: its nearest existing ancestor is checked). A path
    /// name is only as good as the moment it was checked: to open a file, use the calls above.
    Result<QString> confinedPath(const QString &path) const;

private:
    /// Refuses a read-only backend and the root itself; creates a missing root that may be.
    Result<void> readyToWrite(const QString &path);

    QString m_root;
    QString m_description;
    bool m_createRoot;
    bool m_readOnly;
    std::shared_ptr<filesystem::ConfinedRoot> m_confined; ///< Linux: the root's descriptor
};

} // namespace valis
