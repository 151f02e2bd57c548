// The front matter of a SKILL.md (skills plugin) over any text.
//
// Checked: a parsed skill has a valid name and a description, and its body starts within the
// text, after the closing `---` (or `...`).
#include "fuzzsupport.h"
#include "skillfrontmatter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace valis;
    using namespace valis::fuzz;
    using valis::tools::SkillFrontmatter;
    const QString text = QString::fromUtf8(bytes(data, size));
    const Result<SkillFrontmatter> skill = SkillFrontmatter::parse(text);
    if (!skill.ok()) {
        VALIS_FUZZ_CHECK_ERROR(skill.error());
        return 0;
    }
    VALIS_FUZZ_CHECK(SkillFrontmatter::isValidName(skill->name), QStringLiteral("accepted the name '%1'").arg(skill->name));
    VALIS_FUZZ_CHECK(!skill->description.trimmed().isEmpty(), QStringLiteral("accepted an empty description"));
    VALIS_FUZZ_CHECK(skill->bodyOffset > 0 && skill->bodyOffset <= text.size(),
                     QStringLiteral("body offset %1 in a text of %2").arg(skill->bodyOffset).arg(text.size()));
    const QString head = text.left(skill->bodyOffset).trimmed();
    VALIS_FUZZ_CHECK(head.endsWith(QStringLiteral("---")) || head.endsWith(QStringLiteral("...")),
                     QStringLiteral("the body does not start after a `---` line"));
    return 0;
}
