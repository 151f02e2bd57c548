#pragma once

#include "valis/filesystem/filesystembackend.h"

namespace valis {

/// A folder on this machine as a FilesystemBackend: the workspace, the per-agent memories
/// folder, a session's scratch folder.
///
/// Confinement does not trust the path alone: every access resolves symlinks of the deepest
/// existing ancestor and refuses ("fs.outside") anything whose real location is not inside the
/// root's real location, so a link planted in the workspace cannot reach ~/.ssh. The root is
/// created on first write when `createRoot` is set (scratch and memories), never for a workspace.
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

    /// The absolute local path of `path` after the confinement check (which `write` also needs
    /// for a file that does not exist yet: its nearest existing ancestor is checked).
    Result<QString> confinedPath(const QString &path) const;

private:
    QString m_root;
    QString m_description;
    bool m_createRoot;
    bool m_readOnly;
};

} // namespace valis
