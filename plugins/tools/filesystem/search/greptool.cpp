#include "globpattern.h"
#include "grepoutput.h"
#include "grepsearch.h"
#include "searchtoolfactories.h"
#include "toolarguments.h"
#include "toolschema.h"

namespace valis::tools::search {

// Descriptions and results go to the model, which reads English best; they are not tr()'d.

namespace {

constexpr qint64 DefaultHeadLimit = 200;
constexpr qint64 MaxHeadLimit = 5000;
constexpr qint64 MaxContext = 50;
constexpr qint64 MaxOffset = 1000000000;

/// output_mode's values; the first is the default.
QStringList outputModes()
{
    return {QStringLiteral("files_with_matches"), QStringLiteral("content"), QStringLiteral("count")};
}

/// Which engine a call uses: VALIS_GREP_BACKEND=builtin|rg forces one (tests, bench_grep);
/// otherwise ripgrep when it is installed and the files are local.
Result<GrepEngine> chooseEngine(const FileTree &tree, QString &executable)
{
    const QString forced = qEnvironmentVariable("VALIS_GREP_BACKEND").trimmed().toLower();
    if (forced == QLatin1String("builtin"))
        return GrepEngine::Builtin;
    executable = ripgrepExecutable();
    if (forced == QLatin1String("rg") || forced == QLatin1String("ripgrep")) {
        if (executable.isEmpty()) {
            return Error(QStringLiteral("grep.ripgrep"),
                         QStringLiteral("VALIS_GREP_BACKEND=rg asks for ripgrep, but no `rg` program was found on PATH."));
        }
        if (!tree.isLocal()) {
            return Error(QStringLiteral("grep.ripgrep"),
                         QStringLiteral("VALIS_GREP_BACKEND=rg asks for ripgrep, but %1 is not on this machine.").arg(tree.rootAgentPath()));
        }
        return GrepEngine::Ripgrep;
    }
    return !executable.isEmpty() && tree.isLocal() ? GrepEngine::Ripgrep : GrepEngine::Builtin;
}

class GrepTool : public ThreadedTool
{
public:
    ToolSpec spec() const override
    {
        ToolSpec spec;
        spec.name = QStringLiteral("grep");
        spec.readOnly = true;
        spec.description = QStringLiteral(
            "Searches the contents of files for a regular expression (ripgrep when installed, a built-in engine "
            "otherwise; the output is the same). Prefer it to running grep or rg as a command.\n"
            "- Patterns use Rust regex syntax, as ripgrep does: like PCRE without look-around or backreferences. "
            "Escape ( ) [ ] { } . * + ? | ^ $ \\ to match them literally, or set fixed_strings: true.\n"
            "- output_mode: \"files_with_matches\" (default) lists the files; \"content\" shows matching lines as "
            "path:line:text, with context lines as path-line-text and -- between groups; \"count\" shows path:count.\n"
            "- Results are sorted by path, then line. head_limit and offset page through them; long lines are "
            "shortened around the match.\n"
            "- Binary files and files left out by .gitignore, .ignore and the default ignore rules (.git/, "
            "node_modules/, /build/ ...) are skipped unless include_ignored is true; symbolic links to folders are "
            "not followed.\n"
            "- Paths are relative to the workspace (or absolute inside it), or under /memories/ and /context/.");
        spec.inputSchema =
            ToolSchema()
                .string(QStringLiteral("pattern"), QStringLiteral("The regular expression to search for (Rust regex syntax), "
                                                                  "or literal text with fixed_strings: true."))
                .string(QStringLiteral("path"), QStringLiteral("The folder or file to search. Default: the workspace root (\".\")."))
                .string(QStringLiteral("glob"),
                        QStringLiteral("Only search files matching this glob: without '/' it matches file names at any "
                                       "depth (\"*.cpp\", \"*.{ts,tsx}\"); with '/' it matches the path below `path` "
                                       "(\"src/**/*.h\")."))
                .enumeration(QStringLiteral("type"),
                             QStringLiteral("Only search files of this type (\"cpp\" covers .cpp, .cc, .h, .hpp ...). "
                                            "Combined with glob, a file must match both."),
                             knownFileTypes())
                .enumeration(QStringLiteral("output_mode"),
                             QStringLiteral("What to show: the matching files (default), the matching lines, or "
                                            "the number of matching lines per file."),
                             outputModes(), outputModes().first())
                .boolean(QStringLiteral("case_insensitive"), QStringLiteral("Ignore case (Unicode-aware). Default false."))
                .boolean(QStringLiteral("fixed_strings"), QStringLiteral("Treat pattern as literal text, not a regex. Default false."))
                .boolean(QStringLiteral("multiline"),
                         QStringLiteral("Let matches span lines: \\n in the pattern matches a line break ((?s) makes . "
                                        "match it too). Default false."))
                .integer(QStringLiteral("context"),
                         QStringLiteral("Lines of context before and after each matching line (content mode), like grep -C."),
                         0, MaxContext, 0)
                .integer(QStringLiteral("before_context"),
                         QStringLiteral("Lines of context before each matching line (content mode), like grep -B; "
                                        "overrides context."),
                         0, MaxContext, 0)
                .integer(QStringLiteral("after_context"),
                         QStringLiteral("Lines of context after each matching line (content mode), like grep -A; "
                                        "overrides context."),
                         0, MaxContext, 0)
                .integer(QStringLiteral("head_limit"), QStringLiteral("The most entries to show: matching lines (content mode) or files."),
                         1, MaxHeadLimit, DefaultHeadLimit)
                .integer(QStringLiteral("offset"), QStringLiteral("Entries to skip first, to page through a long result."), 0,
                         MaxOffset, 0)
                .boolean(QStringLiteral("include_ignored"),
                         QStringLiteral("Also search files that .gitignore, .ignore and the default ignore rules leave "
                                        "out. Default false."))
                .required({QStringLiteral("pattern")})
                .build();
        return spec;
    }

    ToolOutcome run(const ToolCall &call) const override
    {
        ToolArguments args(QStringLiteral("grep"), call.arguments);
        GrepQuery query;
        query.pattern = args.requiredString(QStringLiteral("pattern"));
        const QString path = args.optionalString(QStringLiteral("path")).value_or(QStringLiteral("."));
        const std::optional<QString> glob = args.optionalString(QStringLiteral("glob"));
        const std::optional<QString> type = args.optionalString(QStringLiteral("type"));
        const QString mode = args.choice(QStringLiteral("output_mode"), outputModes(), outputModes().first());
        query.mode = mode == QLatin1String("content") ? GrepOutputMode::Content
                     : mode == QLatin1String("count") ? GrepOutputMode::Count
                                                      : GrepOutputMode::FilesWithMatches;
        query.caseInsensitive = args.boolean(QStringLiteral("case_insensitive"), false);
        const bool fixed = args.boolean(QStringLiteral("fixed_strings"), false);
        query.multiline = args.boolean(QStringLiteral("multiline"), false);
        const qint64 context = args.integer(QStringLiteral("context"), 0, 0, MaxContext);
        query.before = int(args.integer(QStringLiteral("before_context"), context, 0, MaxContext));
        query.after = int(args.integer(QStringLiteral("after_context"), context, 0, MaxContext));
        query.headLimit = args.integer(QStringLiteral("head_limit"), DefaultHeadLimit, 1, MaxHeadLimit);
        query.offset = args.integer(QStringLiteral("offset"), 0, 0, MaxOffset);
        const bool includeIgnored = args.boolean(QStringLiteral("include_ignored"), false);

        QList<GlobPattern> filters;
        if (glob) {
            const Result<GlobPattern> compiled = GlobPattern::compile(*glob, GlobPattern::Anchoring::Basename);
            if (compiled.hasError())
                args.fail(QStringLiteral("`glob`: ") + compiled.error().message);
            else
                filters.append(*compiled);
        }
        QList<GlobPattern> typeGlobs;
        if (type) {
            const QStringList globs = globsForFileType(*type);
            if (globs.isEmpty())
                args.fail(QStringLiteral("`type` must be one of %1, got \"%2\"").arg(knownFileTypes().join(QStringLiteral(", ")), type->left(40)));
            for (const QString &pattern : globs)
                typeGlobs.append(*GlobPattern::compile(pattern, GlobPattern::Anchoring::Basename));
        }
        if (!args.ok())
            return ToolOutcome::error(args.errorMessage());
        if (!call.context.filesystem)
            return ToolOutcome::error(QStringLiteral("grep cannot run here: this session has no file access."));

        const Result<PreparedPattern> prepared = preparePattern(query.pattern, PatternOptions{fixed, query.multiline});
        if (prepared.hasError())
            return ToolOutcome::error(prepared.error().message);
        query.prepared = *prepared;

        const Result<FileTree> tree = FileTree::open(*call.context.filesystem, path);
        if (tree.hasError())
            return ToolOutcome::error(tree.error().message);

        WalkOptions walk = searchWalk(call, includeIgnored);
        if (!filters.isEmpty() || !typeGlobs.isEmpty()) {
            walk.accept = [&filters, &typeGlobs](const QString &file) {
                for (const GlobPattern &filter : filters) {
                    if (!filter.matches(file))
                        return false;
                }
                if (typeGlobs.isEmpty())
                    return true;
                return std::any_of(typeGlobs.begin(), typeGlobs.end(), [&file](const GlobPattern &g) { return g.matches(file); });
            };
        }
        QString executable;
        const Result<GrepEngine> engine = chooseEngine(*tree, executable);
        if (engine.hasError())
            return ToolOutcome::error(engine.error().message);
        QList<CompleteFolder> completeFolders;
        if (*engine == GrepEngine::Ripgrep)
            walk.completeFolders = &completeFolders;
        const Result<QStringList> walked = walkFiles(*tree, walk, QStringLiteral("grep"));
        if (walked.hasError())
            return ToolOutcome::error(walked.error().message);
        const QStringList &files = *walked;
        if (call.progress)
            call.progress(QStringLiteral("Searching %1 files under %2").arg(QString::number(files.size()), tree->rootAgentPath()));
        // Content mode shows matching lines in path order, so it can stop once it has one more
        // than it shows (to know there are more); listings report totals and search everything.
        const qint64 stopAfter = query.mode == GrepOutputMode::Content ? query.offset + query.headLimit + 1 : -1;
        const CancelCheck isCancelled = [&call] { return call.isCancelled(); };
        const Result<QList<GrepFileResult>> results =
            *engine == GrepEngine::Ripgrep ? searchWithRipgrep(executable, *tree, files, completeFolders, query, stopAfter, isCancelled)
                                           : searchBuiltin(*tree, files, query, stopAfter, isCancelled);
        if (results.hasError())
            return ToolOutcome::error(results.error().message);
        return ToolOutcome::text(formatGrepFindings(query, *tree, GrepFindings{*results, files.size(), !includeIgnored}));
    }
};

} // namespace

std::unique_ptr<ThreadedTool> makeGrepTool()
{
    return std::make_unique<GrepTool>();
}

} // namespace valis::tools::search
