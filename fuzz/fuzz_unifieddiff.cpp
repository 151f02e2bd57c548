// parseUnifiedDiff, the parser behind edit tools that take a diff (apply_patch), over any text.
//
// Checked: a parsed hunk has only ' ', '-' and '+' lines, and applies to exactly its own old
// side giving exactly its new side (what a diff means; applyHunks must agree with the parser).
#include "fuzzsupport.h"
#include "hunkapplier.h"
#include "unifieddiff.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace valis;
    using namespace valis::fuzz;
    using namespace valis::tools::files;
    const Result<QList<FileDiff>> diffs = parseUnifiedDiff(QString::fromUtf8(bytes(data, size)));
    if (!diffs.ok()) {
        VALIS_FUZZ_CHECK_ERROR(diffs.error());
        return 0;
    }
    for (const FileDiff &diff : *diffs) {
        VALIS_FUZZ_CHECK(!diff.oldPath.isEmpty() || !diff.newPath.isEmpty(), QStringLiteral("a file diff with no path at all"));
        for (const DiffHunk &hunk : diff.hunks) {
            for (const DiffHunk::Line &line : hunk.lines) {
                VALIS_FUZZ_CHECK(line.kind == QLatin1Char(' ') || line.kind == QLatin1Char('-') || line.kind == QLatin1Char('+'),
                                 QStringLiteral("a hunk line of kind '%1'").arg(line.kind));
                VALIS_FUZZ_CHECK(!line.text.contains(QLatin1Char('\n')), QStringLiteral("a hunk line holds a line end"));
            }
            TextLines original;
            original.lines = hunk.oldLines();
            const HunkResult applied = applyHunks(original, {hunk}, diff.path());
            VALIS_FUZZ_CHECK(applied.failures.isEmpty(), QStringLiteral("a hunk does not apply to its own old side: ")
                                                             + applied.failures.join(QLatin1Char('\n')));
            VALIS_FUZZ_CHECK(applied.text.lines == hunk.newLines(),
                             QStringLiteral("a hunk applied to its old side does not give its new side: ") + hunk.header);
        }
    }
    return 0;
}
