#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QList>
#include <QString>

namespace valis {

class AgentFilesystem;

/// One AGENTS.md that went into the system prompt.
struct VALIS_HARNESS_EXPORT AgentInstructionsSource
{
    QString label;          ///< "/memories/AGENTS.md" or the file's absolute path
    qint64 bytes = 0;       ///< its size
    qint64 shownBytes = 0;  ///< how much of it the prompt holds (less when over budget)
};

/// The AGENTS.md files a session starts with, as one system prompt section.
struct VALIS_HARNESS_EXPORT AgentInstructions
{
    QString text;                           ///< empty when there are none
    QList<AgentInstructionsSource> sources; ///< in prompt order
    /// "memory.agents-md-over-budget" naming the files cut and by how much; the prompt itself
    /// also says where the cut is and how to read the rest, so nothing is cut silently.
    QList<Error> warnings;
};

/// Loads, in this order, the agent's own /memories/AGENTS.md (through `filesystem`, so from the
/// DetailStore when that backs /memories/) and the AGENTS.md files from the repository root
/// (the nearest folder above `workingDirectory` holding .git, else `workspace`) down to
/// `workingDirectory`, the convention Codex and others use. The files share `budgetBytes`;
/// those that do not fit are cut at a line boundary with a note in the text and a warning.
VALIS_HARNESS_EXPORT AgentInstructions loadAgentInstructions(AgentFilesystem *filesystem, const QString &workspace,
                                                             const QString &workingDirectory, qint64 budgetBytes);

} // namespace valis
