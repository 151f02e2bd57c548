#include "searchtools.h"

#include "searchtoolfactories.h"

namespace valis::tools {

std::vector<std::unique_ptr<ThreadedTool>> makeSearchTools()
{
    std::vector<std::unique_ptr<ThreadedTool>> tools;
    tools.push_back(search::makeGlobTool());
    tools.push_back(search::makeGrepTool());
    tools.push_back(search::makeFileSearchTool());
    return tools;
}

namespace search {

QString ignoredFilesNote()
{
    // For the model; not tr()'d.
    return QStringLiteral("files left out by .gitignore, .ignore and the default ignore rules (.git/, node_modules/, "
                          "/build/ ...) were not looked at; set include_ignored: true to include them");
}

// The messages below go to the model as well: not tr()'d.

Result<FileTree> openSearchTree(const ToolCall &call, const QString &toolName, const QString &path)
{
    if (!call.context.filesystem) {
        return Error(QStringLiteral("search.no-files"),
                     QStringLiteral("%1 cannot run here: this session has no file access.").arg(toolName));
    }
    return FileTree::open(*call.context.filesystem, path);
}

WalkOptions searchWalk(const ToolCall &call, bool includeIgnored)
{
    WalkOptions walk;
    walk.respectIgnoreRules = !includeIgnored;
    walk.cancelled = [&call] { return call.isCancelled(); };
    return walk;
}

Result<QStringList> walkFiles(const FileTree &tree, const WalkOptions &walk, const QString &toolName)
{
    bool cancelled = false;
    QStringList files = tree.files(walk, &cancelled);
    if (cancelled)
        return Error(QStringLiteral("search.cancelled"), QStringLiteral("The %1 call was cancelled.").arg(toolName));
    return files;
}

} // namespace search

} // namespace valis::tools
