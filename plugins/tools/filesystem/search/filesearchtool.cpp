#include "filetree.h"
#include "fuzzymatcher.h"
#include "searchtoolfactories.h"
#include "toolarguments.h"

#include <QJsonArray>
#include <QJsonObject>

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
        QJsonObject properties;
        properties.insert(QStringLiteral("query"),
                          QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                      {QStringLiteral("description"), QStringLiteral("Part of the path or name, e.g. \"agentloop\" or \"src session store\".")}});
        properties.insert(QStringLiteral("path"),
                          QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                      {QStringLiteral("description"),
                                       QStringLiteral("The folder to search below. Default: the workspace root (\".\").")}});
        properties.insert(QStringLiteral("limit"),
                          QJsonObject{{QStringLiteral("type"), QStringLiteral("integer")},
                                      {QStringLiteral("description"), QStringLiteral("The most matches to list.")},
                                      {QStringLiteral("minimum"), 1},
                                      {QStringLiteral("maximum"), MaxLimit},
                                      {QStringLiteral("default"), DefaultLimit}});
        properties.insert(QStringLiteral("include_ignored"),
                          QJsonObject{{QStringLiteral("type"), QStringLiteral("boolean")},
                                      {QStringLiteral("description"),
                                       QStringLiteral("Also match files that the ignore rules leave out. Default false.")}});
        spec.inputSchema = QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                                       {QStringLiteral("properties"), properties},
                                       {QStringLiteral("required"), QJsonArray{QStringLiteral("query")}},
                                       {QStringLiteral("additionalProperties"), false}};
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
        if (!call.context.filesystem)
            return ToolOutcome::error(QStringLiteral("file_search cannot run here: this session has no file access."));

        const Result<FileTree> tree = FileTree::open(*call.context.filesystem, path);
        if (tree.hasError())
            return ToolOutcome::error(tree.error().message);
        WalkOptions walk;
        walk.respectIgnoreRules = !includeIgnored;
        walk.cancelled = [&call] { return call.isCancelled(); };
        bool cancelled = false;
        const QStringList files = tree->files(walk, &cancelled);
        if (cancelled)
            return ToolOutcome::error(QStringLiteral("The file_search call was cancelled."));

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
