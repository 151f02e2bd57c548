#pragma once

#include "skillcatalog.h"
#include "threadedtool.h"

namespace valis::tools {

/// The skills tools (provider id "skills"): lists the skills in the system prompt (names,
/// descriptions and tags only) and offers `load_skill`, which returns a skill's full text (or
/// one of the files beside it) when the model decides it needs it.
class SkillsToolProvider : public ThreadedToolProvider
{
public:
    explicit SkillsToolProvider(const DataLocations &locations);

    QString systemPromptSection(const ToolContext &context) const override;

    /// The section for an already made scan (what systemPromptSection() returns).
    static QString renderSection(const SkillScan &scan);
    /// `available` ordered by closeness to `wanted` (a typo, a prefix, a word of the name first).
    static QStringList closestNames(const QString &wanted, const QStringList &available);

private:
    SkillCatalog m_catalog;
};

} // namespace valis::tools
