#pragma once

#include "valis/agent/toolsettings.h"
#include "valis/core/datalocations.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/sandbox.h"

#include <QList>
#include <QString>

#include <optional>

namespace valis {

class PluginManager;
class ToolProvider;
class ToolRegistry;
struct SessionConfig;

/// What a person chose for one run, over config/tools.json (the command line's --sandbox,
/// --network and --tools, the desktop's per-session pickers).
struct VALIS_HARNESS_EXPORT ToolEnvironmentChoice
{
    /// "bwrap" (= "local-bwrap"), "none" (= "plain": isolation off), or a sandbox id; empty:
    /// the settings' choice.
    QString sandbox;
    std::optional<NetworkAccess> network;
    QString toolPack;  ///< empty: the settings' pack
};

/// The tools, the sandbox and the tool settings a session runs with, assembled once from the
/// loaded plugins and config/tools.json, so valis-cli and the desktop set sessions up the same
/// way.
///
/// An isolating sandbox that cannot run here (bwrap missing) is not replaced by a plain
/// process: the session gets no sandbox, commands fail with sandboxProblem()'s message, and the
/// person decides whether to turn isolation off.
class VALIS_HARNESS_EXPORT ToolEnvironment
{
public:
    /// Errors: malformed settings, an unknown tool pack ("tools.unknown-pack") or sandbox
    /// ("sandbox.unknown", listing the sandboxes there are).
    static Result<ToolEnvironment> assemble(const PluginManager &plugins, const DataLocations &locations,
                                            const ToolEnvironmentChoice &choice = {});

    const ToolSettings &settings() const { return m_settings; }
    const ToolPack &pack() const { return m_pack; }
    QList<ToolProvider *> providers() const { return m_providers; }
    /// nullptr when no sandbox can run commands (see sandboxProblem()).
    Sandbox *sandbox() const { return m_sandbox; }
    NetworkAccess network() const { return m_network; }
    /// True when the person turned isolation off: commands run as plain processes.
    bool isolationOff() const { return m_isolationOff; }
    /// Why commands cannot run, when they cannot.
    std::optional<Error> sandboxProblem() const { return m_sandboxProblem; }
    /// One line for a status bar or a terminal: "sandbox: bubblewrap, network off".
    QString describeSandbox() const;

    /// Sets the providers and the pack on `registry`.
    void configure(ToolRegistry *registry) const;
    /// Sets the sandbox, network, agent, profile locations, packs and subagent settings.
    void apply(SessionConfig *config) const;

private:
    ToolSettings m_settings;
    DataLocations m_locations;
    ToolPack m_pack;
    QList<ToolProvider *> m_providers;
    Sandbox *m_sandbox = nullptr;
    NetworkAccess m_network = NetworkAccess::Denied;
    bool m_isolationOff = false;
    std::optional<Error> m_sandboxProblem;
};

} // namespace valis
