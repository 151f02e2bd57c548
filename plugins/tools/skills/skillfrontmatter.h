#pragma once

#include "valis/core/result.h"

#include <QString>
#include <QStringList>

namespace valis::tools {

/// The metadata block at the top of a SKILL.md: YAML between two `---` lines.
///
/// Only what skills use is understood: `key: value` pairs with plain, single- or double-quoted
/// values, block scalars (`|`, `>`), and lists (`[a, b]`, `- a` lines, or a comma-separated
/// string for `tags`). Other keys (license, allowed-tools, nested metadata) are ignored.
struct SkillFrontmatter
{
    QString name;
    QString description;
    QStringList tags;
    /// Where the body (after the closing `---`) starts in the text, in characters.
    qsizetype bodyOffset = 0;

    /// Parses the frontmatter of `text`. Fails with code "skill.malformed" and a message saying
    /// what is wrong ("no closing `---` line", "`name` is missing") when the block is absent,
    /// unterminated, or lacks a usable name or description.
    static Result<SkillFrontmatter> parse(const QString &text);

    /// Names are what load_skill takes: letters, digits, '-', '_' and '.', at most 64 characters.
    static bool isValidName(const QString &name);
    static constexpr int MaxNameLength = 64;
};

} // namespace valis::tools
