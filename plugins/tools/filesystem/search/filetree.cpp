#include "filetree.h"

#include "ignorerules.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <vector>

#ifdef Q_OS_UNIX
#include <cerrno>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace valis::tools::search {

// Messages in this file go back to the model, which reads English best; they are not tr()'d.

namespace {

QString joined(const QString &folder, const QString &name)
{
    if (name.isEmpty())
        return folder;
    return folder.isEmpty() ? name : folder + QLatin1Char('/') + name;
}

const QStringList &ignoreFileNames()
{
    // The order rules are added in: a later file wins (ripgrep's .ignore over .gitignore).
    static const QStringList names = {QStringLiteral(".gitignore"), QStringLiteral(".ignore")};
    return names;
}

} // namespace

Result<FileTree> FileTree::open(const AgentFilesystem &filesystem, const QString &path)
{
    const Result<AgentFilesystem::Location> location = filesystem.resolve(path);
    if (location.hasError())
        return location.error();
    const Result<FileEntry> entry = filesystem.stat(path);
    if (entry.hasError())
        return entry.error();
    if (entry->type != FileEntry::Type::File && entry->type != FileEntry::Type::Directory) {
        return Error(QStringLiteral("fs.not-a-file"),
                     QStringLiteral("\"%1\" is neither a file nor a folder and cannot be searched.").arg(path), path);
    }
    FileTree tree;
    tree.m_filesystem = &filesystem;
    tree.m_backend = location->backend;
    tree.m_mountPoint = location->mountPoint;
    tree.m_rootBackend = location->relativePath;
    tree.m_rootAgentPath = location->agentPath;
    tree.m_rootIsFile = entry->type == FileEntry::Type::File;
    tree.m_localRoot = location->backend->localRoot();
    if (!tree.m_localRoot.isEmpty())
        tree.m_realLocalRoot = QFileInfo(tree.m_localRoot).canonicalFilePath();
    return tree;
}

QString FileTree::localPath(const QString &backendPath) const
{
    if (m_localRoot.isEmpty())
        return {};
    return backendPath.isEmpty() ? m_localRoot : m_localRoot + QLatin1Char('/') + backendPath;
}

QString FileTree::pathFromRoot(const QString &backendPath) const
{
    if (m_rootBackend.isEmpty())
        return backendPath;
    if (backendPath.size() > m_rootBackend.size())
        return backendPath.mid(m_rootBackend.size() + 1);
    // The root is the file itself: its name is what a filter sees.
    return backendPath.mid(backendPath.lastIndexOf(QLatin1Char('/')) + 1);
}

QDateTime FileTree::modified(const QString &backendPath) const
{
    const Result<FileEntry> entry = m_backend->stat(backendPath);
    return entry.ok() ? entry->modified : QDateTime();
}

qint64 FileTree::readHead(const QString &backendPath, char *buffer, qint64 size) const
{
#ifdef Q_OS_UNIX
    const Result<int> descriptor = m_backend->openFileDescriptor(backendPath);
    if (descriptor.ok()) {
        qint64 total = 0;
        while (total < size) {
            const ssize_t got = ::pread(*descriptor, buffer + total, size_t(size - total), off_t(total));
            if (got < 0 && errno == EINTR)
                continue;
            if (got < 0) {
                total = -1; // a folder or a FIFO swapped in since the walk, or an I/O error
                break;
            }
            if (got == 0)
                break;
            total += got;
        }
        ::close(*descriptor);
        return total;
    }
    if (descriptor.error().code != QLatin1String("fs.unsupported"))
        return -1;
#endif
    const Result<QByteArray> bytes = m_backend->read(backendPath, 0, size);
    if (bytes.hasError())
        return -1;
    std::copy(bytes->cbegin(), bytes->cend(), buffer);
    return bytes->size();
}

Result<QByteArray> FileTree::read(const QString &backendPath, qint64 offset, qint64 maxBytes) const
{
    // Through the backend even for local files: a folder swapped for a link since the walk
    // listed the file must not lead the read outside, and the backend opens by descriptor
    // (one openat2 on Linux), which costs little more than a plain open.
    if (!isLocal())
        return m_backend->read(backendPath, offset, maxBytes);
    return m_filesystem->read(agentPath(backendPath), offset, maxBytes);
}

/// One walk: a stack of folders still to list, each with the ignore rules that apply in it.
class FileTree::Walk
{
public:
    Walk(const FileTree &tree, const WalkOptions &options) : m_tree(tree), m_options(options) {}

    QStringList run(bool *cancelled)
    {
        QStringList files;
        if (m_tree.m_rootIsFile) {
            // A file named explicitly is searched whatever the ignore rules or filters say.
            files.append(m_tree.m_rootBackend);
            return files;
        }
        const QString start = joined(m_tree.m_rootBackend, m_options.startFolder);
        IgnoreRules rules;
        if (m_options.respectIgnoreRules) {
            rules = IgnoreRules::load(*m_tree.m_filesystem, m_tree.m_mountPoint.isEmpty() ? QStringLiteral(".") : m_tree.m_mountPoint);
            // The ignore files of the folders between the backend's root and the start apply too;
            // the start itself is never ignored (it was named explicitly).
            // A start folder below the root (a glob's literal prefix) is ignored if any of its
            // parts is, as a full walk would not have entered it.
            QString folder;
            const int rootDepth = int(m_tree.m_rootBackend.split(QLatin1Char('/'), Qt::SkipEmptyParts).size());
            int depth = 0;
            for (const QString &name : start.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
                folder = joined(folder, name);
                if (++depth > rootDepth && rules.matches(folder, true))
                    return files;
                addIgnoreFiles(rules, folder);
            }
        }
        const int startDepth = int(m_options.startFolder.split(QLatin1Char('/'), Qt::SkipEmptyParts).size());
        // Depth first, each folder's entries in order, a folder's name counting as if it ended
        // with '/': that lists the files in the order of their whole paths, without sorting
        // them all at the end. A folder's end marker comes off the stack after everything in it.
        std::vector<Pending> stack;
        stack.push_back({start, startDepth, rules, true, Pending::Folder, -1});
        qsizetype visited = 0;
        while (!stack.empty()) {
            if ((++visited & 255) == 0 && m_options.cancelled && m_options.cancelled()) {
                if (cancelled)
                    *cancelled = true;
                break;
            }
            Pending item = std::move(stack.back());
            stack.pop_back();
            if (item.kind == Pending::Folder)
                visit(item, stack, files.size());
            else if (item.kind == Pending::FolderEnd)
                folderEnded(item.node, files.size());
            else
                files.append(std::move(item.path));
        }
        return files;
    }

private:
    struct Pending
    {
        QString path; ///< backend path
        int depth;    ///< components below the tree's root
        IgnoreRules rules;
        bool ignoreFilesRead = false; ///< the folder's own .gitignore is in `rules` already
        enum Kind { File, Folder, FolderEnd } kind = File;
        qsizetype node = -1; ///< Folder: its parent's node; FolderEnd: its own
    };
    /// A folder being walked, for WalkOptions::completeFolders.
    struct Node
    {
        QString path;
        qsizetype parent;
        qsizetype firstFile;
        bool complete = true;
    };
    std::vector<Node> m_nodes;

    void folderEnded(qsizetype node, qsizetype fileCount)
    {
        const Node &folder = m_nodes[size_t(node)];
        if (!folder.complete) {
            if (folder.parent >= 0)
                m_nodes[size_t(folder.parent)].complete = false;
            return;
        }
        if (fileCount > folder.firstFile)
            m_options.completeFolders->append({folder.path, folder.firstFile, fileCount - folder.firstFile});
    }

    struct Child
    {
        QString name;
        enum Kind { File, Folder, Skip } kind = Skip;
        bool isLink = false;
    };

    const FileTree &m_tree;
    const WalkOptions &m_options;

    void addIgnoreFiles(IgnoreRules &rules, const QString &folder) const
    {
        for (const QString &name : ignoreFileNames())
            rules.addFile(*m_tree.m_filesystem, m_tree.agentPath(joined(folder, name)), folder);
    }

    /// Whether the link at `backendPath` leads to a regular file inside the backend.
    bool linkedFileInside(const QString &backendPath, bool confined) const
    {
        if (confined) {
            const Result<FileEntry> entry = m_tree.m_backend->stat(backendPath);
            return entry.ok() && entry->type == FileEntry::Type::File;
        }
        const QString local = m_tree.localPath(backendPath);
        const QString target = QFileInfo(local).canonicalFilePath();
        return !target.isEmpty() && !m_tree.m_realLocalRoot.isEmpty()
               && target.startsWith(m_tree.m_realLocalRoot + QLatin1Char('/')) && QFileInfo(target).isFile();
    }

#ifdef Q_OS_UNIX
    /// readdir() with the entry types it reports: no stat() per entry (the walk of a large
    /// workspace is part of every search's time).
    QList<Child> localChildren(const QString &folder, bool &complete) const
    {
        QList<Child> list;
        // The folder opened by the backend's confinement where it has one (Linux), so a folder
        // swapped for a link outside is never listed; elsewhere by its path.
        DIR *dir = nullptr;
        const Result<int> descriptor = m_tree.m_backend->openFolderDescriptor(folder);
        const bool confined = descriptor.ok();
        if (confined) {
            dir = ::fdopendir(*descriptor);
            if (!dir)
                ::close(*descriptor);
        } else if (descriptor.error().code == QLatin1String("fs.unsupported")) {
            dir = ::opendir(QFile::encodeName(m_tree.localPath(folder)).constData());
        }
        if (!dir) {
            complete = false;
            return list; // unreadable folders are skipped, as ripgrep skips them
        }
        while (const dirent *entry = ::readdir(dir)) {
            const char *name = entry->d_name;
            if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0)))
                continue;
            unsigned char type = entry->d_type;
            if (type == DT_UNKNOWN) {
                struct stat status;
                if (::fstatat(::dirfd(dir), name, &status, AT_SYMLINK_NOFOLLOW) != 0)
                    continue;
                type = S_ISDIR(status.st_mode) ? DT_DIR : S_ISREG(status.st_mode) ? DT_REG : S_ISLNK(status.st_mode) ? DT_LNK : DT_UNKNOWN;
            }
            Child child{QFile::decodeName(name)};
            if (type == DT_DIR)
                child.kind = Child::Folder;
            else if (type == DT_REG)
                child.kind = Child::File;
            else if (type == DT_LNK)
                child.kind = linkedFileInside(joined(folder, child.name), confined) ? Child::File : Child::Skip;
            child.isLink = type == DT_LNK;
            if (child.kind != Child::Skip || child.isLink)
                list.append(std::move(child));
            else
                complete = false; // a device, pipe or socket
        }
        ::closedir(dir);
        return list;
    }
#endif

    /// The entries of `folder`; `complete` becomes false when some cannot be listed.
    QList<Child> children(const QString &folder, bool &complete) const
    {
        QList<Child> list;
#ifdef Q_OS_UNIX
        if (m_tree.isLocal())
            return localChildren(folder, complete);
#endif
        if (m_tree.isLocal()) {
            QDirIterator it(m_tree.localPath(folder), QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
            while (it.hasNext()) {
                it.next();
                const QFileInfo info = it.fileInfo();
                Child child{info.fileName()};
                child.isLink = info.isSymLink();
                if (info.isSymLink())
                    child.kind = linkedFileInside(joined(folder, child.name), false) ? Child::File : Child::Skip;
                else if (info.isDir())
                    child.kind = Child::Folder;
                else if (info.isFile())
                    child.kind = Child::File;
                list.append(child);
            }
            return list;
        }
        const Result<QList<FileEntry>> entries = m_tree.m_backend->list(folder);
        if (entries.hasError()) {
            complete = false;
            return list; // unreadable folders are skipped, as ripgrep skips them
        }
        for (const FileEntry &entry : *entries) {
            Child child{entry.path.mid(entry.path.lastIndexOf(QLatin1Char('/')) + 1)};
            if (entry.type == FileEntry::Type::Directory)
                child.kind = Child::Folder;
            else if (entry.type == FileEntry::Type::File)
                child.kind = Child::File;
            list.append(child);
        }
        return list;
    }

    void visit(Pending &folder, std::vector<Pending> &stack, qsizetype filesSoFar)
    {
        // Folders reached through a backend's list() may be links inside it that lead back up;
        // a depth bound keeps such a loop finite.
        constexpr int MaxDepth = 256;
        qsizetype node = -1;
        if (m_options.completeFolders) {
            node = qsizetype(m_nodes.size());
            m_nodes.push_back({folder.path, folder.node, filesSoFar});
            stack.push_back({QString(), 0, IgnoreRules(), false, Pending::FolderEnd, node});
        }
        bool complete = true; // nothing here left out
        QList<Child> entries = children(folder.path, complete);
        if (m_options.respectIgnoreRules && !folder.ignoreFilesRead) {
            for (const Child &child : std::as_const(entries)) {
                if (child.kind == Child::File && ignoreFileNames().contains(child.name)) {
                    addIgnoreFiles(folder.rules, folder.path);
                    break;
                }
            }
        }
        const auto key = [](const Child &child) {
            return child.kind == Child::Folder ? child.name + QLatin1Char('/') : child.name;
        };
        std::sort(entries.begin(), entries.end(), [&key](const Child &a, const Child &b) {
            if (a.kind != Child::Folder && b.kind != Child::Folder)
                return a.name < b.name;
            return key(a) < key(b);
        });
        const int depth = folder.depth + 1;
        // Pushed last to first, so they come off the stack first to last.
        for (qsizetype i = entries.size() - 1; i >= 0; --i) {
            const Child &child = entries.at(i);
            // ripgrep's own walk of the folder would not list a link, nor what is skipped.
            if (child.isLink || child.kind == Child::Skip)
                complete = false;
            if (child.kind == Child::Skip)
                continue;
            QString path = joined(folder.path, child.name);
            const bool isFolder = child.kind == Child::Folder;
            if (m_options.respectIgnoreRules && folder.rules.matches(path, isFolder)) {
                complete = false;
                continue;
            }
            if (isFolder) {
                if ((m_options.maxDepth < 0 || depth < m_options.maxDepth) && depth < MaxDepth)
                    stack.push_back({std::move(path), depth, folder.rules, false, Pending::Folder, node});
                else
                    complete = false;
            } else if (!m_options.accept || m_options.accept(m_tree.pathFromRoot(path))) {
                stack.push_back({std::move(path), depth, IgnoreRules(), false, Pending::File, -1});
            } else {
                complete = false;
            }
        }
        if (node >= 0 && !complete)
            m_nodes[size_t(node)].complete = false;
    }
};

QStringList FileTree::files(const WalkOptions &options, bool *cancelled) const
{
    if (cancelled)
        *cancelled = false;
    return Walk(*this, options).run(cancelled);
}

} // namespace valis::tools::search
