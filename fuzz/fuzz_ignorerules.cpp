// IgnoreRules (which files listings and searches leave out): a .gitignore, a NUL byte, then
// paths to test, one a line (a trailing '/' marks a folder).
//
// Checked: what an ignored folder holds is ignored too (as in git), and ignored() agrees with
// matches() walked down the path's folders, the shortcut walkers take.
#include "fuzzsupport.h"
#include "ignorerules.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace valis::fuzz;
    using valis::tools::IgnoreRules;
    const auto [gitignore, paths] = splitAtNul(bytes(data, size));
    IgnoreRules rules;
    rules.addDefaults();
    rules.addGitignore(gitignore);
    rules.addGitignore(gitignore, QStringLiteral("sub"));
    for (QString path : QString::fromUtf8(paths).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const bool isDirectory = path.endsWith(QLatin1Char('/'));
        while (path.endsWith(QLatin1Char('/')))
            path.chop(1);
        if (path.isEmpty() || path.startsWith(QLatin1Char('/')) || path.contains(QStringLiteral("//")))
            continue;
        // The AgentFilesystem normalises "." and ".." away before a path reaches the rules
        // (a bare "." made ignored() and the walk disagree on a path no walker produces).
        const QStringList components = path.split(QLatin1Char('/'));
        if (components.contains(QStringLiteral(".")) || components.contains(QStringLiteral("..")))
            continue;
        const bool ignored = rules.ignored(path, isDirectory);
        if (ignored && isDirectory)
            VALIS_FUZZ_CHECK(rules.ignored(path + QStringLiteral("/x"), false),
                             QStringLiteral("the folder '%1' is ignored but not what it holds").arg(path));
        // A walker checks each folder on the way down with matches() and stops at the first.
        bool walked = false;
        const QStringList parts = path.split(QLatin1Char('/'));
        for (qsizetype i = 0; i < parts.size() && !walked; ++i) {
            const bool last = i == parts.size() - 1;
            walked = rules.matches(parts.mid(0, i + 1).join(QLatin1Char('/')), last ? isDirectory : true);
        }
        VALIS_FUZZ_CHECK(walked == ignored, QStringLiteral("ignored('%1') is %2 but the walk says %3").arg(path).arg(ignored).arg(walked));
    }
    return 0;
}
