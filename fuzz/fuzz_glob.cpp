// GlobPattern (the glob and grep tools' file filters): the first line is the pattern, the
// following lines are paths to match, both anchorings.
//
// Checked: a path a bounded pattern matches has at most maxDepth() components; a path a
// pattern matches lies under its literalPrefix(); a pattern of plain characters matches itself.
#include "fuzzsupport.h"
#include "search/globpattern.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace valis;
    using namespace valis::fuzz;
    using valis::tools::search::GlobPattern;
    const QStringList lines = QString::fromUtf8(bytes(data, size)).split(QLatin1Char('\n'));
    const QString pattern = lines.first();
    for (GlobPattern::Anchoring anchoring : {GlobPattern::Anchoring::Path, GlobPattern::Anchoring::Basename}) {
        const Result<GlobPattern> glob = GlobPattern::compile(pattern, anchoring);
        if (!glob.ok()) {
            VALIS_FUZZ_CHECK_ERROR(glob.error());
            continue;
        }
        static const QString special = QStringLiteral("*?[]{}\\!^,");
        bool plain = !pattern.isEmpty() && !pattern.startsWith(QLatin1Char('/')) && !pattern.endsWith(QLatin1Char('/'))
            && !pattern.contains(QStringLiteral("//"));
        for (QChar c : pattern)
            plain = plain && !special.contains(c);
        // compile() drops leading "./" (paths are given relative to the root, without one), so
        // the plain pattern is the path without them.
        QString itself = pattern;
        while (itself.startsWith(QStringLiteral("./")))
            itself.remove(0, 2);
        if (plain && !itself.isEmpty())
            VALIS_FUZZ_CHECK(glob->matches(itself), QStringLiteral("the plain pattern '%1' does not match itself").arg(pattern));
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QString &path = lines.at(i);
            if (!glob->matches(path))
                continue;
            if (!glob->unboundedDepth())
                VALIS_FUZZ_CHECK(path.count(QLatin1Char('/')) + 1 <= glob->maxDepth(),
                                 QStringLiteral("'%1' matches '%2' deeper than %3").arg(pattern, path).arg(glob->maxDepth()));
            if (!glob->literalPrefix().isEmpty())
                VALIS_FUZZ_CHECK(path.startsWith(glob->literalPrefix() + QLatin1Char('/')) || path == glob->literalPrefix(),
                                 QStringLiteral("'%1' matches '%2' outside its prefix '%3'").arg(pattern, path, glob->literalPrefix()));
        }
    }
    return 0;
}
