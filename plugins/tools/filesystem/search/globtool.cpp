#include "filetree.h"
#include "globpattern.h"
#include "searchtoolfactories.h"
#include "toolarguments.h"
#include "toolschema.h"

#include <algorithm>
#include <vector>

namespace valis::tools::search {

// Descriptions and results go to the model, which reads English best; they are not tr()'d.

namespace {

constexpr qint64 DefaultLimit = 100;
constexpr qint64 MaxLimit = 1000;

bool hasWildcard(const QString &component)
{
    static const QString wild = QStringLiteral("*?[{\\");
    return std::any_of(component.begin(), component.end(), [](QChar c) { return wild.contains(c); });
}

/// "/memories/**/*.md" -> folder "/memories", pattern "**/*.md": an absolute pattern names
/// its folder itself.
void splitAbsolute(const QString &pattern, QString &folder, QString &rest)
{
    QStringList components = pattern.split(QLatin1Char('/'));
    QStringList literal;
    while (components.size() > 1 && !hasWildcard(components.first())) {
        literal.append(components.takeFirst());
    }
    folder = literal.join(QLatin1Char('/'));
    if (folder.isEmpty())
        folder = QStringLiteral("/");
    rest = components.join(QLatin1Char('/'));
}

class GlobTool : public ThreadedTool
{
public:
    ToolSpec spec() const override
    {
        ToolSpec spec;
        spec.name = QStringLiteral("glob");
        spec.readOnly = true;
        spec.description = QStringLiteral(
            "Finds files whose path matches a glob pattern, newest first (by modification time). Use it to find "
            "files by name or location; use grep to search their contents.\n"
            "- The pattern matches the path below `path`: `*` and `?` stay within one folder name, `**` spans any "
            "number of folders (\"**/*.cpp\" finds .cpp files at any depth, \"*.cpp\" only directly in `path`), "
            "[abc] and [!abc] match one character, {a,b} matches either.\n"
            "- An absolute pattern (\"/memories/**/*.md\") names its folder itself.\n"
            "- Files left out by .gitignore, .ignore and the default ignore rules (.git/, node_modules/, /build/ "
            "...) are not listed unless include_ignored is true; symbolic links to folders are not followed.");
        spec.inputSchema =
            ToolSchema()
                .string(QStringLiteral("pattern"), QStringLiteral("The glob, e.g. \"src/**/*.cpp\" or \"**/CMakeLists.txt\"."))
                .string(QStringLiteral("path"), QStringLiteral("The folder the pattern is matched below. Default: the workspace root (\".\")."))
                .integer(QStringLiteral("limit"), QStringLiteral("The most paths to list."), 1, MaxLimit, DefaultLimit)
                .boolean(QStringLiteral("include_ignored"), QStringLiteral("Also list files that the ignore rules leave out. Default false."))
                .required({QStringLiteral("pattern")})
                .build();
        return spec;
    }

    ToolOutcome run(const ToolCall &call) const override
    {
        ToolArguments args(QStringLiteral("glob"), call.arguments);
        QString pattern = args.requiredString(QStringLiteral("pattern"));
        QString path = args.optionalString(QStringLiteral("path")).value_or(QStringLiteral("."));
        const qint64 limit = args.integer(QStringLiteral("limit"), DefaultLimit, 1, MaxLimit);
        const bool includeIgnored = args.boolean(QStringLiteral("include_ignored"), false);
        if (pattern.startsWith(QLatin1Char('/')))
            splitAbsolute(pattern, path, pattern);
        Result<GlobPattern> glob = GlobPattern::compile(pattern);
        if (args.ok() && glob.hasError())
            args.fail(QStringLiteral("`pattern`: ") + glob.error().message);
        if (!args.ok())
            return ToolOutcome::error(args.errorMessage());
        const Result<FileTree> tree = openSearchTree(call, QStringLiteral("glob"), path);
        if (tree.hasError())
            return ToolOutcome::error(tree.error().message);
        if (tree->rootIsFile()) {
            return ToolOutcome::error(QStringLiteral("`path` must be a folder, but %1 is a file.").arg(tree->rootAgentPath()));
        }

        WalkOptions walk = searchWalk(call, includeIgnored);
        walk.startFolder = glob->literalPrefix();
        walk.maxDepth = glob->unboundedDepth() ? -1 : glob->maxDepth();
        walk.accept = [&glob](const QString &file) { return glob->matches(file); };
        const Result<QStringList> walked = walkFiles(*tree, walk, QStringLiteral("glob"));
        if (walked.hasError())
            return ToolOutcome::error(walked.error().message);
        const QStringList &files = *walked;
        if (files.isEmpty())
            return ToolOutcome::text(nothingFound(*tree, *glob, walk));

        struct Dated
        {
            qint64 modified;
            const QString *path;
        };
        std::vector<Dated> dated;
        dated.reserve(size_t(files.size()));
        for (const QString &file : files) {
            const QDateTime modified = tree->modified(file);
            dated.push_back({modified.isValid() ? modified.toMSecsSinceEpoch() : 0, &file});
        }
        // Newest first; the same time (a checkout) falls back to path order, so the answer is stable.
        std::stable_sort(dated.begin(), dated.end(), [](const Dated &a, const Dated &b) { return a.modified > b.modified; });

        QStringList out;
        const qsizetype shown = std::min<qsizetype>(limit, qsizetype(dated.size()));
        for (qsizetype i = 0; i < shown; ++i)
            out.append(tree->agentPath(*dated[size_t(i)].path));
        if (shown < qsizetype(dated.size())) {
            out.append(QStringLiteral("[%1 more files match, not shown: %2 of %3 listed, newest first. Narrow the pattern "
                                      "or raise limit (at most %4).]")
                           .arg(QString::number(qsizetype(dated.size()) - shown), QString::number(shown),
                                QString::number(dated.size()), QString::number(MaxLimit)));
        }
        return ToolOutcome::text(out.join(QLatin1Char('\n')));
    }

private:
    static QString nothingFound(const FileTree &tree, const GlobPattern &glob, const WalkOptions &walk)
    {
        QString text = QStringLiteral("No files match %1 under %2").arg(glob.pattern(), tree.rootAgentPath());
        // The usual slip: "*.cpp" means directly in the folder; say so when deeper files match.
        if (!glob.pattern().contains(QLatin1Char('/')) && !glob.pattern().contains(QLatin1String("**"))) {
            const Result<GlobPattern> anywhere = GlobPattern::compile(glob.pattern(), GlobPattern::Anchoring::Basename);
            if (anywhere.ok()) {
                WalkOptions deeper = walk;
                deeper.startFolder.clear();
                deeper.maxDepth = -1;
                deeper.accept = [&anywhere](const QString &file) { return anywhere->matches(file); };
                const qsizetype found = tree.files(deeper).size();
                if (found > 0) {
                    text += QStringLiteral(" directly; %1 file%2 in subfolders match: use \"**/%3\" to find them")
                                .arg(QString::number(found), found == 1 ? QString() : QStringLiteral("s"), glob.pattern());
                }
            }
        }
        if (walk.respectIgnoreRules)
            text += QStringLiteral(" (") + ignoredFilesNote() + QLatin1Char(')');
        return text + QLatin1Char('.');
    }
};

} // namespace

std::unique_ptr<ThreadedTool> makeGlobTool()
{
    return std::make_unique<GlobTool>();
}

} // namespace valis::tools::search
