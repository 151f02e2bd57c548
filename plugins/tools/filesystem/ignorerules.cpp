#include "ignorerules.h"

#include "valis/filesystem/agentfilesystem.h"

#include <QSet>

namespace valis::tools {

namespace {

/// The index of the ']' closing the class opened at `open`, or -1 when it is not closed (then
/// the '[' is an ordinary character, as in git).
qsizetype classEnd(QStringView pattern, qsizetype open)
{
    qsizetype i = open + 1;
    if (i < pattern.size() && (pattern.at(i) == QLatin1Char('!') || pattern.at(i) == QLatin1Char('^')))
        ++i;
    if (i < pattern.size() && pattern.at(i) == QLatin1Char(']'))
        ++i; // a leading ']' is a member
    for (; i < pattern.size(); ++i) {
        if (pattern.at(i) == QLatin1Char('\\'))
            ++i;
        else if (pattern.at(i) == QLatin1Char(']'))
            return i;
    }
    return -1;
}

bool classMatches(QStringView members, QChar c)
{
    qsizetype i = 0;
    bool negated = false;
    if (i < members.size() && (members.at(i) == QLatin1Char('!') || members.at(i) == QLatin1Char('^'))) {
        negated = true;
        ++i;
    }
    bool found = false;
    bool first = true;
    while (i < members.size()) {
        QChar low = members.at(i);
        if (low == QLatin1Char('\\') && i + 1 < members.size())
            low = members.at(++i);
        else if (low == QLatin1Char(']') && !first)
            break;
        first = false;
        ++i;
        QChar high = low;
        if (i + 1 < members.size() && members.at(i) == QLatin1Char('-') && members.at(i + 1) != QLatin1Char(']')) {
            high = members.at(i + 1);
            if (high == QLatin1Char('\\') && i + 2 < members.size()) {
                high = members.at(i + 2);
                ++i;
            }
            i += 2;
        }
        if (c >= low && c <= high)
            found = true;
    }
    return found != negated;
}

/// One pattern against one path, as git's wildmatch does it. The star states known to fail are
/// remembered: without that, a pattern of many stars backtracks exponentially, and one line of
/// a repository's .gitignore could hang every listing and search (found by fuzz_ignorerules).
class GlobMatcher
{
public:
    GlobMatcher(QStringView pattern, QStringView path) : m_pattern(pattern), m_path(path) {}

    bool matchFrom(qsizetype p, qsizetype t)
    {
        while (p < m_pattern.size()) {
            const QChar c = m_pattern.at(p);
            if (c == QLatin1Char('*'))
                return matchStars(p, t);
            if (t >= m_path.size())
                return false;
            const QChar actual = m_path.at(t);
            if (c == QLatin1Char('?')) {
                if (actual == QLatin1Char('/'))
                    return false;
            } else if (c == QLatin1Char('[') && classEnd(m_pattern, p) > 0) {
                const qsizetype end = classEnd(m_pattern, p);
                if (actual == QLatin1Char('/') || !classMatches(m_pattern.mid(p + 1, end - p - 1), actual))
                    return false;
                p = end;
            } else if (c == QLatin1Char('\\') && p + 1 < m_pattern.size()) {
                ++p;
                if (m_pattern.at(p) != actual)
                    return false;
            } else if (c != actual) {
                return false;
            }
            ++p;
            ++t;
        }
        return t == m_path.size();
    }

private:
    /// A run of stars at `run`: "**" as a whole component crosses folders, any other run is a
    /// single '*' that stops at '/' (git: "other consecutive asterisks are regular asterisks").
    bool matchStars(qsizetype run, qsizetype t)
    {
        qsizetype p = run;
        while (p < m_pattern.size() && m_pattern.at(p) == QLatin1Char('*'))
            ++p;
        const bool startsComponent = run == 0 || m_pattern.at(run - 1) == QLatin1Char('/');
        const bool endsComponent = p == m_pattern.size() || m_pattern.at(p) == QLatin1Char('/');
        if (p - run >= 2 && startsComponent && p == m_pattern.size())
            return true; // "x/**" and "**": everything below
        const quint64 state = (quint64(run) << 32) | quint64(t);
        if (m_failed.contains(state))
            return false;
        bool matched = false;
        if (p - run >= 2 && startsComponent && endsComponent) {
            // "**/": zero or more whole folders.
            const qsizetype rest = p + 1;
            matched = matchFrom(rest, t);
            for (qsizetype k = t; !matched && k < m_path.size(); ++k) {
                if (m_path.at(k) == QLatin1Char('/'))
                    matched = matchFrom(rest, k + 1);
            }
        } else {
            for (qsizetype k = t; !matched && k <= m_path.size(); ++k) {
                matched = matchFrom(p, k);
                if (k < m_path.size() && m_path.at(k) == QLatin1Char('/'))
                    break;
            }
        }
        if (!matched)
            m_failed.insert(state);
        return matched;
    }

    QStringView m_pattern;
    QStringView m_path;
    QSet<quint64> m_failed;
};

} // namespace

bool IgnoreRules::globMatch(QStringView pattern, QStringView path)
{
    return GlobMatcher(pattern, path).matchFrom(0, 0);
}

QStringList IgnoreRules::defaultPatterns()
{
    return {
        // version control
        QStringLiteral(".git/"), QStringLiteral(".hg/"), QStringLiteral(".svn/"), QStringLiteral(".jj/"),
        // dependencies, caches, virtual environments: anywhere
        QStringLiteral("node_modules/"), QStringLiteral("__pycache__/"), QStringLiteral("*.pyc"), QStringLiteral(".mypy_cache/"),
        QStringLiteral(".pytest_cache/"), QStringLiteral(".ruff_cache/"), QStringLiteral(".tox/"), QStringLiteral(".venv/"),
        QStringLiteral(".gradle/"), QStringLiteral(".next/"), QStringLiteral(".cache/"), QStringLiteral(".DS_Store"),
        // build output: only at the root, where build systems put it ("src/build/" is often source)
        QStringLiteral("/build/"), QStringLiteral("/build-*/"), QStringLiteral("/cmake-build-*/"), QStringLiteral("/dist/"),
        QStringLiteral("/target/"),
    };
}

void IgnoreRules::addDefaults()
{
    addPatterns(defaultPatterns());
}

void IgnoreRules::addPatterns(const QStringList &lines, const QString &baseDir)
{
    QString base = baseDir;
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    if (base == QLatin1String("."))
        base.clear();
    while (base.startsWith(QLatin1String("./")))
        base.remove(0, 2);

    for (QString line : lines) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        // Trailing spaces do not count unless escaped ("name\ ").
        while (line.endsWith(QLatin1Char(' ')) && !line.endsWith(QLatin1String("\\ ")))
            line.chop(1);
        if (line.endsWith(QLatin1String("\\ ")))
            line.remove(line.size() - 2, 1);
        if (line.isEmpty())
            continue;

        Rule rule;
        rule.baseDir = base;
        if (line.startsWith(QLatin1Char('!'))) {
            rule.negated = true;
            line.remove(0, 1);
        } else if (line.startsWith(QLatin1String("\\!")) || line.startsWith(QLatin1String("\\#"))) {
            line.remove(0, 1);
        }
        if (line.endsWith(QLatin1Char('/'))) {
            rule.directoryOnly = true;
            while (line.endsWith(QLatin1Char('/')))
                line.chop(1);
        }
        if (line.contains(QLatin1Char('/'))) {
            rule.anchored = true;
            while (line.startsWith(QLatin1Char('/')))
                line.remove(0, 1);
        }
        if (line.isEmpty())
            continue;
        rule.pattern = line;
        m_rules.append(rule);
    }
}

void IgnoreRules::addGitignore(const QByteArray &content, const QString &baseDir)
{
    addPatterns(QString::fromUtf8(content).split(QLatin1Char('\n')), baseDir);
}

bool IgnoreRules::addFile(const AgentFilesystem &filesystem, const QString &agentPath, const QString &baseDir)
{
    // A .gitignore larger than this is not a list of patterns a person wrote.
    constexpr qint64 MaxBytes = 1 << 20;
    const Result<FileEntry> entry = filesystem.stat(agentPath);
    if (entry.hasError() || entry->type != FileEntry::Type::File)
        return false;
    const Result<QByteArray> content = filesystem.read(agentPath, 0, MaxBytes);
    if (content.hasError())
        return false;
    addGitignore(*content, baseDir);
    return true;
}

IgnoreRules IgnoreRules::load(const AgentFilesystem &filesystem, const QString &root)
{
    IgnoreRules rules;
    rules.addDefaults();
    QString folder = root.isEmpty() ? QStringLiteral(".") : root;
    if (!folder.endsWith(QLatin1Char('/')))
        folder += QLatin1Char('/');
    // git's own order: info/exclude, then .gitignore; ripgrep's .ignore comes last and wins.
    for (const QString &name : {QStringLiteral(".git/info/exclude"), QStringLiteral(".gitignore"), QStringLiteral(".ignore")})
        rules.addFile(filesystem, folder + name, QString());
    return rules;
}

int IgnoreRules::verdict(const QString &relativePath, bool isDirectory) const
{
    for (qsizetype i = m_rules.size() - 1; i >= 0; --i) {
        const Rule &rule = m_rules.at(i);
        if (rule.directoryOnly && !isDirectory)
            continue;
        QStringView below(relativePath);
        if (!rule.baseDir.isEmpty()) {
            if (!relativePath.startsWith(rule.baseDir) || relativePath.size() <= rule.baseDir.size()
                || relativePath.at(rule.baseDir.size()) != QLatin1Char('/'))
                continue;
            below = below.mid(rule.baseDir.size() + 1);
        }
        bool matched = false;
        if (rule.anchored) {
            matched = globMatch(rule.pattern, below);
        } else {
            const qsizetype slash = below.lastIndexOf(QLatin1Char('/'));
            matched = globMatch(rule.pattern, slash < 0 ? below : below.mid(slash + 1));
        }
        if (matched)
            return rule.negated ? -1 : 1;
    }
    return 0;
}

bool IgnoreRules::matches(const QString &relativePath, bool isDirectory) const
{
    return verdict(relativePath, isDirectory) > 0;
}

bool IgnoreRules::ignored(const QString &relativePath, bool isDirectory) const
{
    if (m_rules.isEmpty())
        return false;
    QString path = relativePath;
    while (path.startsWith(QLatin1String("./")))
        path.remove(0, 2);
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    if (path.isEmpty() || path == QLatin1String("."))
        return false;
    for (qsizetype slash = path.indexOf(QLatin1Char('/')); slash >= 0; slash = path.indexOf(QLatin1Char('/'), slash + 1)) {
        if (matches(path.left(slash), true))
            return true;
    }
    return matches(path, isDirectory);
}

} // namespace valis::tools
