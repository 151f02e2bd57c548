#include "filetree.h"
#include "fuzzymatcher.h"
#include "searchtoolfactories.h"
#include "toolarguments.h"
#include "toolschema.h"

#include <algorithm>
#include <vector>

namespace valis::tools::search {

// Descriptions and results go to the model, which reads English best; they are not tr()'d.

namespace {

constexpr qint64 DefaultLimit = 20;
constexpr qint64 MaxLimit = 200;

class FileSearchTool : public ThreadedTool
{
public:
    ToolSpec spec() const override
    {
        ToolSpec spec;
        spec.name = QStringLiteral("file_search");
        spec.readOnly = true;
        spec.description = QStringLiteral(
            "Finds files by a fuzzy match of their path, like fzf: the characters of the query must appear in the "
            "path in order, not necessarily together (\"tlorch\" finds \"tools/orchestrator.cpp\"). Matches at the "
            "start of names and words, runs of consecutive characters and matches in the file name itself score "
            "higher. Space-separated terms must all match. Case is ignored unless the query has a capital letter. "
            "Lists the best matches with their scores, best first. Ignored files (.gitignore, .ignore, .git/, "
            "node_modules/, /build/ ...) are left out unless include_ignored is true.");
        spec.inputSchema =
            ToolSchema()
                .string(QStringLiteral("query"), QStringLiteral("Part of the path or name, e.g. \"agentloop\" or \"src session store\"."))
                .string(QStringLiteral("path"), QStringLiteral("The folder to search below. Default: the workspace root (\".\")."))
                .integer(QStringLiteral("limit"), QStringLiteral("The most matches to list."), 1, MaxLimit, DefaultLimit)
                .boolean(QStringLiteral("include_ignored"), QStringLiteral("Also match files that the ignore rules leave out. Default false."))
                .required({QStringLiteral("query")})
                .build();
        return spec;
    }

    ToolOutcome run(const ToolCall &call) const override
    {
        ToolArguments args(QStringLiteral("file_search"), call.arguments);
        const QString query = args.requiredString(QStringLiteral("query"));
        const QString path = args.optionalString(QStringLiteral("path")).value_or(QStringLiteral("."));
        const qint64 limit = args.integer(QStringLiteral("limit"), DefaultLimit, 1, MaxLimit);
        const bool includeIgnored = args.boolean(QStringLiteral("include_ignored"), false);
        const FuzzyMatcher matcher(query);
        if (args.ok() && matcher.isEmpty())
            args.fail(QStringLiteral("`query` must contain more than spaces"));
        if (!args.ok())
            return ToolOutcome::error(args.errorMessage());
        const Result<FileTree> tree = openSearchTree(call, QStringLiteral("file_search"), path);
        if (tree.hasError())
            return ToolOutcome::error(tree.error().message);
        const Result<QStringList> walked = walkFiles(*tree, searchWalk(call, includeIgnored), QStringLiteral("file_search"));
        if (walked.hasError())
            return ToolOutcome::error(walked.error().message);
        const QStringList &files = *walked;

        struct Scored
        {
            int score;
            QString path; // from the searched folder: what the query was matched against
            QString backendPath;
        };
        std::vector<Scored> matches;
        for (const QString &file : files) {
            QString relative = tree->pathFromRoot(file);
            if (const std::optional<int> score = matcher.score(relative))
                matches.push_back({*score, std::move(relative), file});
        }
        if (matches.empty()) {
            QString text = QStringLiteral("No file path under %1 contains the characters of \"%2\" in order (%3 files looked at")
                               .arg(tree->rootAgentPath(), query, QString::number(files.size()));
            if (!includeIgnored)
                text += QStringLiteral("; ") + ignoredFilesNote();
            return ToolOutcome::text(text + QStringLiteral(")."));
        }
        // Best score first; among equals the shorter path (less that did not match), then by name.
        std::sort(matches.begin(), matches.end(), [](const Scored &a, const Scored &b) {
            if (a.score != b.score)
                return a.score > b.score;
            if (a.path.size() != b.path.size())
                return a.path.size() < b.path.size();
            return a.path < b.path;
        });
        const qsizetype shown = std::min<qsizetype>(limit, qsizetype(matches.size()));
        QStringList out;
        out.append(QStringLiteral("%1 of %2 matching files, best first (score, path):")
                       .arg(QString::number(shown), QString::number(matches.size())));
        for (qsizetype i = 0; i < shown; ++i) {
            const Scored &match = matches[size_t(i)];
            out.append(QString::number(match.score) + QLatin1Char('\t') + tree->agentPath(match.backendPath));
        }
        if (shown < qsizetype(matches.size())) {
            out.append(QStringLiteral("[%1 more not shown; add characters to the query or raise limit (at most %2).]")
                           .arg(QString::number(qsizetype(matches.size()) - shown), QString::number(MaxLimit)));
        }
        return ToolOutcome::text(out.join(QLatin1Char('\n')));
    }
};

} // namespace

std::unique_ptr<ThreadedTool> makeFileSearchTool()
{
    return std::make_unique<FileSearchTool>();
}

} // namespace valis::tools::search
