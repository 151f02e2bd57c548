#include "listtool.h"

#include "ignorerules.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "toolsupport.h"
#include "valis/filesystem/agentfilesystem.h"

#include <QHash>
#include <QQueue>

namespace valis::tools::files {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

namespace {

constexpr qint64 DefaultDepth = 2;
constexpr qint64 MaxDepth = 10;
constexpr qint64 DefaultLimit = 500;
constexpr qint64 MaxLimit = 10000;
// After the limit, entries are only counted, up to this many, for the "N more" line.
constexpr qint64 CountBudget = 50000;
constexpr qsizetype IgnoredNamesShown = 12;

struct Node
{
    FileEntry entry;
    QString name;
    QList<qsizetype> children; // indexes into the node list
    bool unreadable = false;
};

/// The agent path of an entry of the backend at `mountPoint` ("" for the workspace).
QString agentPathOf(const QString &mountPoint, const QString &relative)
{
    if (mountPoint.isEmpty())
        return relative.isEmpty() ? QStringLiteral(".") : relative;
    return mountPoint + relative;
}

QString nameOf(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    return slash < 0 ? path : path.mid(slash + 1);
}

QString entryLine(const Node &node, int level)
{
    const QString indent(2 * level, QLatin1Char(' '));
    switch (node.entry.type) {
    case FileEntry::Type::Directory:
        return indent + node.name + QLatin1Char('/') + (node.unreadable ? QStringLiteral("  (cannot be read)") : QString());
    case FileEntry::Type::File:
        return indent + node.name + QStringLiteral("  ") + humanSize(node.entry.size);
    case FileEntry::Type::Symlink:
        return indent + node.name + QStringLiteral("@  (symbolic link leading outside or to nothing; not followed)");
    case FileEntry::Type::Other:
        break;
    }
    return indent + node.name + QStringLiteral("  (special file)");
}

void print(const QList<Node> &nodes, qsizetype index, int level, QStringList *lines)
{
    for (const qsizetype child : nodes.at(index).children) {
        lines->append(entryLine(nodes.at(child), level));
        print(nodes, child, level + 1, lines);
    }
}

} // namespace

ToolSpec ListDirectoryTool::spec() const
{
    ToolSpec spec;
    spec.name = name();
    spec.description = QStringLiteral(
        "List a folder as an indented tree: folders end with '/', files show their size. Recursive down to "
        "`depth` levels. Leaves out what the workspace's .gitignore ignores and the usual noise (.git/, "
        "node_modules/, __pycache__/, build output folders at the root such as build/ and dist/); a footer "
        "names what was left out. At most `limit` entries are shown, the shallowest first, and a footer says "
        "how many more there are. Paths are relative to the workspace (absolute paths inside it work too); "
        "/memories/ holds your persistent memories and /context/ this session's saved results.");
    spec.inputSchema =
        ToolSchema()
            .string(QStringLiteral("path"), QStringLiteral("The folder to list. Default: \".\", the workspace root."))
            .integer(QStringLiteral("depth"),
                     QStringLiteral("How many levels to descend: 1 lists only the folder's own entries. Default 2."), 1, MaxDepth)
            .integer(QStringLiteral("limit"), QStringLiteral("The most entries to show. Default 500."), 1, MaxLimit)
            .stringArray(QStringLiteral("ignore"),
                         QStringLiteral("Extra .gitignore-style patterns to leave out, relative to the listed folder, "
                                        "e.g. [\"*.log\", \"tests/fixtures/\"]."))
            .boolean(QStringLiteral("show_ignored"),
                     QStringLiteral("true lists what .gitignore and the default rules would leave out (the `ignore` "
                                    "patterns still apply). Default false."))
            .build();
    spec.readOnly = true;
    return spec;
}

ToolOutcome ListDirectoryTool::runOn(const ToolCall &call, const AgentFilesystem &fs, ToolArguments &arguments) const
{
    QString path = arguments.optionalString(QStringLiteral("path")).value_or(QStringLiteral("."));
    if (path.isEmpty())
        path = QStringLiteral(".");
    const qint64 depth = arguments.integer(QStringLiteral("depth"), DefaultDepth, 1, MaxDepth);
    const qint64 limit = arguments.integer(QStringLiteral("limit"), DefaultLimit, 1, MaxLimit);
    const QStringList extraPatterns = arguments.stringList(QStringLiteral("ignore"));
    const bool showIgnored = arguments.boolean(QStringLiteral("show_ignored"), false);
    if (!arguments.ok())
        return ToolOutcome::error(arguments.errorMessage());

    const Result<AgentFilesystem::Location> location = fs.resolve(path);
    if (location.hasError())
        return ToolOutcome::error(location.error().message);
    const Result<FileEntry> top = fs.stat(path);
    if (top.hasError()) {
        if (top.error().code == QLatin1String("fs.not-found"))
            return ToolOutcome::error(QStringLiteral("The folder %1 does not exist.").arg(quoted(path)));
        return ToolOutcome::error(top.error().message);
    }
    if (!top->isDirectory()) {
        return ToolOutcome::error(QStringLiteral("%1 is a file (%2), not a folder; read it with read_file.")
                                      .arg(quoted(location->agentPath), humanSize(top->size)));
    }
    const QString mountPoint = location->mountPoint;
    const QString start = location->relativePath;

    // The rules' root is the root of the part of the view the folder is in (the workspace, or a
    // mount), so .gitignore patterns mean what they mean to git.
    IgnoreRules rules;
    if (!showIgnored) {
        rules = IgnoreRules::load(fs, agentPathOf(mountPoint, QString()));
        // The .gitignore files of the folders between that root and the listed folder.
        const QStringList parts = start.split(QLatin1Char('/'), Qt::SkipEmptyParts);
        for (qsizetype i = 1; i <= parts.size(); ++i) {
            const QString folder = parts.mid(0, i).join(QLatin1Char('/'));
            rules.addFile(fs, agentPathOf(mountPoint, folder) + QStringLiteral("/.gitignore"), folder);
        }
    }
    IgnoreRules extra;
    extra.addPatterns(extraPatterns, start);

    QList<Node> nodes;
    nodes.append(Node{*top, QString(), {}, false});
    struct Pending
    {
        qsizetype node; // -1 once the limit is reached: only counted
        QString path;
        int level;
    };
    QQueue<Pending> queue;
    queue.enqueue({0, start, 0});
    qint64 shown = 0;
    qint64 folders = 0;
    qint64 notShown = 0;
    bool countIncomplete = false;
    QStringList ignoredPaths;
    qint64 ignoredCount = 0;

    while (!queue.isEmpty()) {
        if (call.isCancelled())
            return ToolOutcome::error(QStringLiteral("%1 was cancelled.").arg(name()));
        const Pending pending = queue.dequeue();
        if (pending.node < 0 && notShown >= CountBudget) {
            countIncomplete = true;
            break;
        }
        const Result<QList<FileEntry>> entries = fs.list(agentPathOf(mountPoint, pending.path));
        if (entries.hasError()) {
            if (pending.node >= 0)
                nodes[pending.node].unreadable = true;
            continue;
        }
        // A nested .gitignore applies to its folder's entries and everything below.
        if (!showIgnored && pending.level > 0) {
            for (const FileEntry &entry : *entries) {
                if (nameOf(entry.path) == QLatin1String(".gitignore") && entry.type == FileEntry::Type::File)
                    rules.addFile(fs, agentPathOf(mountPoint, entry.path), pending.path);
            }
        }
        for (const FileEntry &entry : *entries) {
            const bool isDirectory = entry.isDirectory();
            if (rules.matches(entry.path, isDirectory) || extra.matches(entry.path, isDirectory)) {
                ++ignoredCount;
                if (ignoredPaths.size() < IgnoredNamesShown && pending.node >= 0) {
                    const QString relative = start.isEmpty() ? entry.path : entry.path.mid(start.size() + 1);
                    ignoredPaths.append(relative + (isDirectory ? QStringLiteral("/") : QString()));
                }
                continue;
            }
            const bool descend = isDirectory && pending.level + 1 < depth;
            if (pending.node >= 0 && shown < limit) {
                ++shown;
                if (isDirectory)
                    ++folders;
                nodes.append(Node{entry, nameOf(entry.path), {}, false});
                const qsizetype index = nodes.size() - 1;
                nodes[pending.node].children.append(index);
                if (descend)
                    queue.enqueue({index, entry.path, pending.level + 1});
            } else {
                ++notShown;
                if (descend)
                    queue.enqueue({-1, entry.path, pending.level + 1});
            }
        }
    }

    QStringList lines;
    const QString shownRoot = location->agentPath == QLatin1String(".") ? QStringLiteral("./")
                              : location->agentPath.endsWith(QLatin1Char('/')) ? location->agentPath
                                                                              : location->agentPath + QLatin1Char('/');
    lines.append(shownRoot);
    print(nodes, 0, 1, &lines);
    if (shown == 0)
        lines.append(ignoredCount > 0 ? QStringLiteral("  (nothing but ignored entries)") : QStringLiteral("  (empty folder)"));

    QString summary = QStringLiteral("%1 shown (%2, %3)")
                          .arg(plural(shown, QStringLiteral("entry"), QStringLiteral("entries")), plural(folders, QStringLiteral("folder")),
                               plural(shown - folders, QStringLiteral("file")));
    if (depth > 1)
        summary += QStringLiteral(", down to depth %1").arg(depth);
    lines.append(QString());
    lines.append(summary + QLatin1Char('.'));
    if (notShown > 0) {
        lines.append(QStringLiteral("%1%2 more not shown (limit %3): list a subfolder, lower depth, or raise limit (up to %4).")
                         .arg(countIncomplete ? QStringLiteral("More than ") : QString(), QString::number(notShown),
                              QString::number(limit), QString::number(MaxLimit)));
    }
    if (ignoredCount > 0) {
        QString text = QStringLiteral("Left out by ignore rules: ") + ignoredPaths.join(QStringLiteral(", "));
        if (ignoredCount > ignoredPaths.size())
            text += QStringLiteral(" and %1 more").arg(ignoredCount - ignoredPaths.size());
        if (!showIgnored)
            text += QStringLiteral(" (show_ignored: true lists them)");
        lines.append(text + QLatin1Char('.'));
    }
    return ToolOutcome::text(lines.join(QLatin1Char('\n')));
}

} // namespace valis::tools::files
