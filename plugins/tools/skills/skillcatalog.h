#pragma once

#include "valis/core/datalocations.h"
#include "valis/core/result.h"
#include "valis/plugins/toolprovider.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace valis::tools {

/// One skill found on disk.
struct SkillInfo
{
    enum class Origin { Agent, Workspace };

    QString name;
    QString description;
    QStringList tags;
    Origin origin = Origin::Agent;
    /// Where SKILL.md is, as shown to the model: an absolute path for the agent's own skills,
    /// workspace-relative (".valis/skills/x/SKILL.md") for the workspace's.
    QString location;
    /// The skill's folder: absolute (agent) or an AgentFilesystem path (workspace).
    QString folder;
    qint64 size = 0;
};

/// Something found that is not a usable skill, said so the model (and the person reading the
/// prompt) can see why a skill is missing.
struct SkillProblem
{
    QString location;
    QString message;
    /// The skill's name when it could be read (a file too large to load still names itself).
    QString name;
};

/// What one discovery found.
struct SkillScan
{
    QList<SkillInfo> skills;       ///< Sorted by name; a name appears once.
    QList<SkillProblem> problems;  ///< Malformed, unreadable or too large SKILL.md files.
    QStringList notes;             ///< Name clashes and which copy won.

    const SkillInfo *find(const QString &name) const;
    const SkillProblem *findProblem(const QString &name) const;
};

/// Finds the skills of one agent and workspace: `<agent skills dir>/<folder>/SKILL.md` (read
/// with plain file access: the agent's own folder, outside any workspace) and
/// `<workspace>/.valis/skills/<folder>/SKILL.md` (read through ToolContext::filesystem, so the
/// workspace's confinement holds; skipped when there is none). A workspace skill wins over the
/// agent's skill of the same name.
///
/// Stateless and thread-safe: every scan reads the disk again, so skills added during a session
/// can be loaded (the system prompt section keeps what the session opened with).
class SkillCatalog
{
public:
    /// SKILL.md files and the files beside them larger than this are refused with their size:
    /// a skill's text goes into the context verbatim and stays there.
    static constexpr qint64 MaxFileBytes = 256 * 1024;
    /// The frontmatter must end within the first this many bytes.
    static constexpr qint64 HeadBytes = 64 * 1024;
    static QString workspaceSkillsPath() { return QStringLiteral(".valis/skills"); }

    explicit SkillCatalog(const DataLocations &locations);

    SkillScan scan(const ToolContext &context) const;

    /// The full text of `relativePath` inside `skill`'s folder ("SKILL.md" when empty). Refuses
    /// paths that leave the folder, binary files and files over MaxFileBytes.
    Result<QString> readFile(const SkillInfo &skill, const QString &relativePath, const ToolContext &context) const;
    /// The other files in the skill's folder (relative paths, sorted, at most `limit`); `more`
    /// gets how many were left out.
    QStringList otherFiles(const SkillInfo &skill, const ToolContext &context, int limit, int *more) const;

    /// The agent's own skills folder, or an error when the agent id cannot name a folder.
    Result<QString> agentSkillsDir(const QString &agentId) const;

private:
    DataLocations m_locations;
};

/// "5.0 MB", "256 KB", "812 bytes".
QString formatSize(qint64 bytes);

} // namespace valis::tools
