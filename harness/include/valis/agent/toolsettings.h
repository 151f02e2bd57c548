#pragma once

#include "valis/agent/toolregistry.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/sandbox.h"
#include "valis/plugins/subagentrunner.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace valis {

/// How tools run, from config/tools.json (a missing file means the defaults):
///
///     {"version": 1, "sandbox": "local-bwrap", "network": false, "toolPack": "all",
///      "agent": "default", "maxSubagentDepth": 1,
///      "toolPacks": {"review": {"description": "...", "tools": ["read_file", "grep"]}},
///      "subagents": {"researcher": {"description": "...", "model": "...", "toolPack": "research",
///                                   "systemPrompt": "...", "maxSteps": 20}}}
///
/// The default sandbox is the isolating one; "plain" (no isolation) is used only when a person
/// names it here or on the command line.
class VALIS_HARNESS_EXPORT ToolSettings
{
public:
    static constexpr const char *IsolatingSandbox = "local-bwrap";
    static constexpr const char *PlainSandbox = "plain";

    /// A missing file is the defaults; a malformed one an Error ("settings.malformed") naming
    /// the path and the key.
    static Result<ToolSettings> load(const QString &path);

    QString sandbox() const { return m_sandbox; }
    NetworkAccess network() const { return m_network; }
    QString toolPack() const { return m_toolPack; }
    QString agentId() const { return m_agentId; }
    int maxSubagentDepth() const { return m_maxSubagentDepth; }

    /// The built-in packs, then the person's (which may replace a built-in by name).
    QList<ToolPack> packs() const { return m_packs; }
    /// The pack `name`, or an Error ("tools.unknown-pack") listing the packs there are.
    Result<ToolPack> pack(const QString &name) const;
    /// "general-purpose" (inherits everything), then the configured profiles.
    QList<SubagentProfile> subagentProfiles() const { return m_subagents; }

    void setSandbox(const QString &id) { m_sandbox = id; }
    void setNetwork(NetworkAccess network) { m_network = network; }
    void setToolPack(const QString &name) { m_toolPack = name; }

    /// The packs every installation has.
    static QList<ToolPack> builtInPacks();
    /// The subagent every installation has: the parent's model and tools, minus `task`.
    static SubagentProfile generalPurposeSubagent();

private:
    QString m_sandbox = QString::fromLatin1(IsolatingSandbox);
    NetworkAccess m_network = NetworkAccess::Denied;
    QString m_toolPack = QStringLiteral("all");
    QString m_agentId = QStringLiteral("default");
    int m_maxSubagentDepth = 1;
    QList<ToolPack> m_packs = builtInPacks();
    QList<SubagentProfile> m_subagents = {generalPurposeSubagent()};
};

} // namespace valis
