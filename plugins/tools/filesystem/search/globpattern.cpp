#include "globpattern.h"

#include <QHash>

#include <algorithm>

namespace valis::tools::search {

// Messages in this file go back to the model, which reads English best; they are not tr()'d.

namespace {

bool isComponentStart(const QString &pattern, qsizetype i)
{
    if (i == 0)
        return true;
    const QChar before = pattern.at(i - 1);
    return before == QLatin1Char('/') || before == QLatin1Char('{') || before == QLatin1Char(',');
}

bool isComponentEnd(const QString &pattern, qsizetype i)
{
    if (i >= pattern.size())
        return true;
    const QChar after = pattern.at(i);
    return after == QLatin1Char('/') || after == QLatin1Char('}') || after == QLatin1Char(',');
}

/// The index of the `]` closing the class opened at `open`, or -1.
qsizetype classEnd(const QString &pattern, qsizetype open)
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
        else if (pattern.at(i) == QLatin1Char('/'))
            return -1; // a class never spans components
    }
    return -1;
}

QString classMember(QChar c)
{
    // Only what is special inside a regex class is escaped: "\\d" would become a digit class.
    static const QString special = QStringLiteral("\\]^-[");
    return special.contains(c) ? QStringLiteral("\\") + c : QString(c);
}

QString classToRegex(const QString &pattern, qsizetype open, qsizetype close)
{
    qsizetype i = open + 1;
    const bool negated = pattern.at(i) == QLatin1Char('!') || pattern.at(i) == QLatin1Char('^');
    if (negated)
        ++i;
    QString members;
    for (; i < close; ++i) {
        QChar c = pattern.at(i);
        if (c == QLatin1Char('\\') && i + 1 < close) {
            members += classMember(pattern.at(++i));
        } else if (c == QLatin1Char('-') && !members.isEmpty() && i + 1 < close) {
            members += QLatin1Char('-'); // a range
        } else {
            members += classMember(c);
        }
    }
    // A class never matches the separator, as `*` and `?` do not.
    if (negated)
        return QStringLiteral("[^") + members + QStringLiteral("/]");
    return QStringLiteral("(?!/)[") + members + QLatin1Char(']');
}

struct Translation
{
    QString regex;
    QString error;
    bool hasDoubleStar = false;
};

Translation translate(const QString &pattern)
{
    Translation t;
    int braces = 0;
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (c == QLatin1Char('\\')) {
            if (i + 1 < pattern.size())
                t.regex += QRegularExpression::escape(QString(pattern.at(++i)));
            else
                t.regex += QStringLiteral("\\\\");
        } else if (c == QLatin1Char('*')) {
            if (i + 1 < pattern.size() && pattern.at(i + 1) == QLatin1Char('*')) {
                qsizetype end = i + 2;
                while (end < pattern.size() && pattern.at(end) == QLatin1Char('*'))
                    ++end;
                if (isComponentStart(pattern, i) && isComponentEnd(pattern, end)) {
                    t.hasDoubleStar = true;
                    if (end < pattern.size() && pattern.at(end) == QLatin1Char('/')) {
                        t.regex += QStringLiteral("(?:.*/)?"); // "**/": any folders, or none
                        i = end;
                    } else {
                        t.regex += QStringLiteral(".*");
                        i = end - 1;
                    }
                    continue;
                }
                i = end - 1; // "a**b" is just "a*b"
            }
            t.regex += QStringLiteral("[^/]*");
        } else if (c == QLatin1Char('?')) {
            t.regex += QStringLiteral("[^/]");
        } else if (c == QLatin1Char('[')) {
            const qsizetype close = classEnd(pattern, i);
            if (close < 0) {
                t.regex += QStringLiteral("\\["); // like .gitignore: an unclosed '[' is literal
            } else {
                t.regex += classToRegex(pattern, i, close);
                i = close;
            }
        } else if (c == QLatin1Char('{')) {
            ++braces;
            t.regex += QStringLiteral("(?:");
        } else if (c == QLatin1Char(',') && braces > 0) {
            t.regex += QLatin1Char('|');
        } else if (c == QLatin1Char('}')) {
            if (braces == 0) {
                t.error = QStringLiteral("the `}` at position %1 closes no `{`; write `\\}` for a literal brace").arg(i + 1);
                return t;
            }
            --braces;
            t.regex += QLatin1Char(')');
        } else {
            t.regex += QRegularExpression::escape(QString(c));
        }
    }
    if (braces > 0)
        t.error = QStringLiteral("a `{` is never closed; write `\\{` for a literal brace");
    return t;
}

bool hasWildcard(const QString &component)
{
    for (const QChar c : component) {
        if (c == QLatin1Char('*') || c == QLatin1Char('?') || c == QLatin1Char('[') || c == QLatin1Char('{')
            || c == QLatin1Char('\\') || c == QLatin1Char('}') || c == QLatin1Char(','))
            return true;
    }
    return false;
}

} // namespace

Result<GlobPattern> GlobPattern::compile(const QString &pattern, Anchoring anchoring)
{
    QString clean = pattern;
    while (clean.startsWith(QLatin1String("./")))
        clean.remove(0, 2);
    if (anchoring == Anchoring::Basename && clean.startsWith(QLatin1Char('/')))
        clean.remove(0, 1); // "/src/*.c": anchored to the search root, as in .gitignore
    if (clean.isEmpty())
        return Error(QStringLiteral("glob.invalid"), QStringLiteral("the glob pattern is empty"));
    // No path holds a NUL, and QRegularExpression::escape writes one as "\\0", which a following
    // digit turns into an octal escape (found by fuzz_glob): refused, never matched wrongly.
    if (clean.contains(QChar::Null))
        return Error(QStringLiteral("glob.invalid"), QStringLiteral("invalid glob: it holds a NUL character, which no path can"));

    const Translation translation = translate(clean);
    if (!translation.error.isEmpty())
        return Error(QStringLiteral("glob.invalid"), QStringLiteral("invalid glob `%1`: %2").arg(pattern, translation.error));

    GlobPattern glob;
    glob.m_pattern = pattern;
    glob.m_basenameOnly = anchoring == Anchoring::Basename && !clean.contains(QLatin1Char('/'));
    glob.m_regex = QRegularExpression(QRegularExpression::anchoredPattern(translation.regex),
                                      QRegularExpression::DotMatchesEverythingOption);
    if (!glob.m_regex.isValid()) {
        return Error(QStringLiteral("glob.invalid"),
                     QStringLiteral("invalid glob `%1`: %2").arg(pattern, glob.m_regex.errorString()));
    }
    glob.m_regex.optimize();

    const QStringList components = clean.split(QLatin1Char('/'));
    glob.m_unbounded = glob.m_basenameOnly || translation.hasDoubleStar
                       || (clean.contains(QLatin1Char('{')) && clean.contains(QLatin1Char('/')));
    glob.m_depth = int(components.size());
    if (!glob.m_basenameOnly) {
        QStringList prefix;
        for (qsizetype i = 0; i + 1 < components.size() && !hasWildcard(components.at(i)); ++i)
            prefix.append(components.at(i));
        // "a/../b" or "." components are not literal folders a walk could start from.
        if (!prefix.contains(QStringLiteral("..")) && !prefix.contains(QStringLiteral(".")) && !prefix.contains(QString()))
            glob.m_literalPrefix = prefix.join(QLatin1Char('/'));
    }
    return glob;
}

bool GlobPattern::matches(const QString &relativePath) const
{
    if (m_basenameOnly) {
        const qsizetype slash = relativePath.lastIndexOf(QLatin1Char('/'));
        return m_regex.match(slash < 0 ? relativePath : relativePath.mid(slash + 1)).hasMatch();
    }
    return m_regex.match(relativePath).hasMatch();
}

namespace {

const QHash<QString, QStringList> &fileTypes()
{
    static const QHash<QString, QStringList> types = {
        {QStringLiteral("c"), {QStringLiteral("*.c"), QStringLiteral("*.h"), QStringLiteral("*.H")}},
        {QStringLiteral("cpp"),
         {QStringLiteral("*.C"), QStringLiteral("*.cc"), QStringLiteral("*.cpp"), QStringLiteral("*.cxx"),
          QStringLiteral("*.c++"), QStringLiteral("*.h"), QStringLiteral("*.H"), QStringLiteral("*.hh"),
          QStringLiteral("*.hpp"), QStringLiteral("*.hxx"), QStringLiteral("*.h++"), QStringLiteral("*.inl"),
          QStringLiteral("*.ipp"), QStringLiteral("*.tpp")}},
        {QStringLiteral("cmake"), {QStringLiteral("*.cmake"), QStringLiteral("CMakeLists.txt")}},
        {QStringLiteral("cs"), {QStringLiteral("*.cs")}},
        {QStringLiteral("css"), {QStringLiteral("*.css"), QStringLiteral("*.scss"), QStringLiteral("*.sass"), QStringLiteral("*.less")}},
        {QStringLiteral("go"), {QStringLiteral("*.go")}},
        {QStringLiteral("html"), {QStringLiteral("*.htm"), QStringLiteral("*.html"), QStringLiteral("*.xhtml")}},
        {QStringLiteral("java"), {QStringLiteral("*.java"), QStringLiteral("*.jsp")}},
        {QStringLiteral("js"),
         {QStringLiteral("*.js"), QStringLiteral("*.jsx"), QStringLiteral("*.mjs"), QStringLiteral("*.cjs"), QStringLiteral("*.vue")}},
        {QStringLiteral("json"), {QStringLiteral("*.json"), QStringLiteral("*.jsonl"), QStringLiteral("*.json5")}},
        {QStringLiteral("kotlin"), {QStringLiteral("*.kt"), QStringLiteral("*.kts")}},
        {QStringLiteral("lua"), {QStringLiteral("*.lua")}},
        {QStringLiteral("make"),
         {QStringLiteral("Makefile"), QStringLiteral("makefile"), QStringLiteral("GNUmakefile"), QStringLiteral("*.mk"),
          QStringLiteral("*.mak")}},
        {QStringLiteral("md"), {QStringLiteral("*.md"), QStringLiteral("*.markdown"), QStringLiteral("*.mdx")}},
        {QStringLiteral("objc"), {QStringLiteral("*.h"), QStringLiteral("*.m"), QStringLiteral("*.mm")}},
        {QStringLiteral("php"), {QStringLiteral("*.php"), QStringLiteral("*.phtml")}},
        {QStringLiteral("py"), {QStringLiteral("*.py"), QStringLiteral("*.pyi"), QStringLiteral("*.pyw")}},
        {QStringLiteral("qml"), {QStringLiteral("*.qml")}},
        {QStringLiteral("rb"), {QStringLiteral("*.rb"), QStringLiteral("*.gemspec"), QStringLiteral("Gemfile"), QStringLiteral("Rakefile")}},
        {QStringLiteral("rust"), {QStringLiteral("*.rs")}},
        {QStringLiteral("scala"), {QStringLiteral("*.scala"), QStringLiteral("*.sbt")}},
        {QStringLiteral("sh"),
         {QStringLiteral("*.sh"), QStringLiteral("*.bash"), QStringLiteral("*.zsh"), QStringLiteral("*.fish"),
          QStringLiteral(".bashrc"), QStringLiteral(".zshrc"), QStringLiteral(".profile")}},
        {QStringLiteral("sql"), {QStringLiteral("*.sql"), QStringLiteral("*.psql")}},
        {QStringLiteral("swift"), {QStringLiteral("*.swift")}},
        {QStringLiteral("toml"), {QStringLiteral("*.toml")}},
        {QStringLiteral("ts"), {QStringLiteral("*.ts"), QStringLiteral("*.tsx"), QStringLiteral("*.mts"), QStringLiteral("*.cts")}},
        {QStringLiteral("txt"), {QStringLiteral("*.txt")}},
        {QStringLiteral("xml"),
         {QStringLiteral("*.xml"), QStringLiteral("*.xsd"), QStringLiteral("*.xsl"), QStringLiteral("*.xslt"), QStringLiteral("*.svg"),
          QStringLiteral("*.ui"), QStringLiteral("*.qrc")}},
        {QStringLiteral("yaml"), {QStringLiteral("*.yaml"), QStringLiteral("*.yml")}},
    };
    return types;
}

} // namespace

QStringList globsForFileType(const QString &type)
{
    return fileTypes().value(type.trimmed().toLower());
}

QStringList knownFileTypes()
{
    QStringList names = fileTypes().keys();
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace valis::tools::search
