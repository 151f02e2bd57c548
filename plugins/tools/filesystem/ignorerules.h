#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace valis {
class AgentFilesystem;
}

namespace valis::tools {

/// Which files a listing or a search leaves out: .gitignore-style patterns, as git reads them.
///
/// Paths given to ignored() / matches() are relative to the rules' root (the folder whose
/// .gitignore was loaded, normally the workspace root), '/'-separated, without "./". Rules are
/// applied in the order they were added and the last matching one wins, so a `!pattern` in a
/// .gitignore re-includes what a default rule left out. Supported: `#` comments, `!` negation,
/// trailing `/` (folders only), a leading or inner `/` (anchored to the file's folder), `*`, `?`,
/// `[a-z]` / `[!a-z]` classes, `**` (`**/x`, `x/**`, `a/**/b`), and `\` escapes.
///
/// A plain value, cheap to copy; const calls are thread-safe.
class IgnoreRules
{
public:
    /// No rules: nothing is ignored.
    IgnoreRules() = default;

    /// The default rules, then the .gitignore, .ignore and .git/info/exclude files of the folder
    /// `root` (an agent path such as "." or "/memories/"), read through `filesystem`. Missing
    /// files are fine; unreadable ones (a link that leads outside) are skipped.
    static IgnoreRules load(const AgentFilesystem &filesystem, const QString &root = QStringLiteral("."));

    /// What is left out when nothing says otherwise: version control folders (.git/, .hg/,
    /// .svn/), dependency and cache folders (node_modules/, __pycache__/, .venv/, ...), and the
    /// usual build output folders at the root (/build/, /build-*/, /cmake-build-*/, /dist/,
    /// /target/), as .gitignore lines.
    static QStringList defaultPatterns();

    void addDefaults();
    /// Adds .gitignore lines that belong to the folder `baseDir` (relative to the root; "" for
    /// the root itself): their anchored patterns are relative to it and they apply only below it.
    void addPatterns(const QStringList &lines, const QString &baseDir = {});
    /// The same for the bytes of a .gitignore file (UTF-8, LF or CRLF).
    void addGitignore(const QByteArray &content, const QString &baseDir = {});
    /// Reads the .gitignore-style file `agentPath` through `filesystem` and adds it with
    /// `baseDir`; false when it does not exist or cannot be read.
    bool addFile(const AgentFilesystem &filesystem, const QString &agentPath, const QString &baseDir);

    /// Whether `relativePath` is left out: it matches, or one of its parent folders does (a
    /// folder that is ignored hides everything in it, as in git).
    bool ignored(const QString &relativePath, bool isDirectory) const;
    /// Whether this entry itself matches, its parents not considered: for walkers that never
    /// descend into ignored folders and so have checked the parents already.
    bool matches(const QString &relativePath, bool isDirectory) const;

    bool isEmpty() const { return m_rules.isEmpty(); }
    qsizetype size() const { return m_rules.size(); }

    /// Whether `path` matches the glob `pattern` with git's rules for a path pattern (`*` and
    /// `?` stop at '/', `**` crosses folders). Exposed for tests and other matchers.
    static bool globMatch(QStringView pattern, QStringView path);

private:
    struct Rule
    {
        QString pattern;
        QString baseDir;       ///< "" or "src/lib", no trailing slash
        bool negated = false;
        bool directoryOnly = false;
        bool anchored = false; ///< Matched against the whole path below baseDir, not the name.
    };

    /// 1 ignored, -1 re-included, 0 no rule matched.
    int verdict(const QString &relativePath, bool isDirectory) const;

    QList<Rule> m_rules;
};

} // namespace valis::tools
