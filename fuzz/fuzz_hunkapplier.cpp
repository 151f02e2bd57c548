// applyHunks, apply_patch's applier: a file's text, a NUL byte, then a diff against it.
//
// Checked: the added/removed counts are those of the hunks that applied, so with no failures
// they are the diff's own; a diff that applies leaves a text whose line count changed by
// added - removed.
#include "fuzzsupport.h"
#include "hunkapplier.h"
#include "unifieddiff.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace valis;
    using namespace valis::fuzz;
    using namespace valis::tools::files;
    const auto [file, patch] = splitAtNul(bytes(data, size));
    const Result<QList<FileDiff>> diffs = parseUnifiedDiff(QString::fromUtf8(patch));
    if (!diffs.ok()) {
        VALIS_FUZZ_CHECK_ERROR(diffs.error());
        return 0;
    }
    const TextLines original = TextLines::split(QString::fromUtf8(file));
    for (const FileDiff &diff : *diffs) {
        const HunkResult applied = applyHunks(original, diff.hunks, diff.path());
        if (!applied.failures.isEmpty())
            continue;
        qint64 added = 0;
        qint64 removed = 0;
        for (const DiffHunk &hunk : diff.hunks) {
            for (const DiffHunk::Line &line : hunk.lines) {
                added += line.kind == QLatin1Char('+');
                removed += line.kind == QLatin1Char('-');
            }
        }
        VALIS_FUZZ_CHECK(applied.added == added && applied.removed == removed,
                         QStringLiteral("counted +%1 -%2, the hunks hold +%3 -%4").arg(applied.added).arg(applied.removed).arg(added).arg(removed));
        VALIS_FUZZ_CHECK(applied.text.lines.size() == original.lines.size() + added - removed,
                         QStringLiteral("%1 lines became %2 with +%3 -%4")
                             .arg(original.lines.size()).arg(applied.text.lines.size()).arg(added).arg(removed));
    }
    return 0;
}
