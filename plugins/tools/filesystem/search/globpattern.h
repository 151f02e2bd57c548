#pragma once

#include "valis/core/result.h"

#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace valis::tools::search {

/// A compiled glob over '/'-separated relative paths: `*` and `?` stay within one path
/// component, `**` as a whole component spans any number of them (none included), `[abc]`,
/// `[a-z]` and `[!abc]` (or `[^abc]`) match one character, `{a,b}` (nestable) is a choice, and a
/// backslash makes the next character literal. Matching is case-sensitive; `*` matches names
/// starting with a dot (which files are visible is the ignore rules' business, not the glob's).
///
/// Two anchorings: Path matches the whole relative path ("src/**/*.cpp"); Basename matches a
/// pattern without '/' against the last component only and a pattern with '/' against the
/// whole path (what ripgrep's and .gitignore's globs do: "*.h" finds headers at any depth).
/// Immutable and thread-safe after compile().
class GlobPattern
{
public:
    enum class Anchoring { Path, Basename };

    /// Refuses unbalanced `{`/`}` and `[` with a message for the model; an empty pattern too.
    static Result<GlobPattern> compile(const QString &pattern, Anchoring anchoring = Anchoring::Path);

    bool matches(const QString &relativePath) const;

    QString pattern() const { return m_pattern; }
    /// The leading components without any wildcard ("src/app" for "src/app/**/*.cpp"): no file
    /// outside that folder can match, so a walk may start there. Empty when the first component
    /// already has a wildcard, or when the pattern is matched by basename.
    QString literalPrefix() const { return m_literalPrefix; }
    /// Whether the pattern can match paths of any depth (it contains `**`, or is matched by
    /// basename); when false, a walk can stop at depth maxDepth().
    bool unboundedDepth() const { return m_unbounded; }
    /// Components in a matching path when the depth is bounded.
    int maxDepth() const { return m_depth; }

private:
    QString m_pattern;
    QRegularExpression m_regex;
    bool m_basenameOnly = false;
    QString m_literalPrefix;
    bool m_unbounded = false;
    int m_depth = 0;
};

/// The glob patterns of a file type name ("cpp" -> *.cpp, *.cc, *.hpp, ...), modelled on
/// ripgrep's --type list for common languages and formats; empty for an unknown name.
QStringList globsForFileType(const QString &type);
/// The known file type names, sorted (for the schema and error messages).
QStringList knownFileTypes();

} // namespace valis::tools::search
