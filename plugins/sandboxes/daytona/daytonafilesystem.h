#pragma once

#include "valis/filesystem/filesystembackend.h"

#include <QString>

namespace valis::daytona {

class DaytonaMachine;

/// A Daytona sandbox's workspace through the toolbox file API (info, list, download, upload,
/// delete). Before each call one small /process/execute resolves the path on the machine
/// (`readlink -m`), so a symlink that points out of the workspace is refused ("fs.outside")
/// and the call goes to the file the link names (remove() removes the link itself). Writes upload beside the target and rename
/// over it, so readers never see half a file. `machine` must outlive it.
class DaytonaFilesystem : public FilesystemBackend
{
public:
    DaytonaFilesystem(DaytonaMachine *machine, QString root);

    QString description() const override;

    Result<FileEntry> stat(const QString &path) const override;
    Result<QList<FileEntry>> list(const QString &path) const override;
    Result<QByteArray> read(const QString &path, qint64 offset = 0, qint64 maxBytes = -1) const override;
    Result<void> write(const QString &path, const QByteArray &content) override;
    Result<void> remove(const QString &path) override;

private:
    struct Resolved
    {
        QString absolute; ///< the real path on the machine
        /// 'f' file, 'd' folder, 'o' something else, 'l' a link (Last::Keep), 'n' nothing there
        char type = 'n';
    };
    enum class Last { Follow, Keep };
    Result<Resolved> resolve(const QString &path, Last last) const;
    Error fileError(const Error &error, const QString &path) const;

    DaytonaMachine *m_machine;
    QString m_root;
};

} // namespace valis::daytona
