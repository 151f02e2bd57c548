#pragma once

#include "valis/harness_export.h"

#include <QString>
#include <QStringList>

namespace valis {

/// Where Valis keeps its files for one profile.
///
/// By default the standard per-user locations (QStandardPaths: config, data, cache). A single
/// folder given by `--home DIR` or the `VALIS_HOME` environment variable replaces all of them,
/// with config/, data/ and cache/ inside it, so tests and portable installs never touch a real
/// profile. `--home` wins over `VALIS_HOME`. Folders are created on first use by whoever writes
/// there, not by this class.
class VALIS_HARNESS_EXPORT DataLocations
{
public:
    /// The standard per-user locations, or VALIS_HOME when it is set.
    static DataLocations fromEnvironment();
    /// Like fromEnvironment(), but `--home DIR` / `--home=DIR` in `arguments` wins. The option
    /// is removed from `arguments` so command parsers after this do not see it.
    static DataLocations fromArguments(QStringList *arguments);
    /// Everything under one folder.
    static DataLocations underHome(const QString &home);

    bool isOverridden() const { return !m_home.isEmpty(); }
    QString home() const { return m_home; }

    QString configDir() const { return m_config; }
    QString dataDir() const { return m_data; }
    QString cacheDir() const { return m_cache; }

    /// The session database (the canonical record).
    QString sessionDatabasePath() const;
    /// Content-addressed blobs (images) the session store keeps beside its database.
    QString blobDir() const;
    /// The per-user plugin folder for one plugin API version: plugins built against another
    /// API never get scanned by this build.
    QString userPluginDir(int apiVersion) const;
    /// The user's override of the model catalogue.
    QString modelCatalogOverridePath() const;
    /// The folders Valis's own plugins are installed in: <app dir>/../lib/valis/plugins (the same
    /// relative place in the build tree and after installation; in a macOS app bundle,
    /// Contents/PlugIns/valis), then any folders listed in the VALIS_PLUGIN_PATH environment
    /// variable. Needs a QCoreApplication.
    static QStringList systemPluginDirs();
    /// Plugin enable/disable state and the crash-guard lock file.
    QString pluginSettingsPath() const;
    QString pluginLockPath() const;
    /// Provider endpoints and the default provider and model (config/providers.json).
    QString providerSettingsPath() const;
    /// Tool approval rules answered "always" (config/approvals.json).
    QString approvalsPath() const;
    /// The sandbox, network, tool pack and subagent settings (config/tools.json).
    QString toolSettingsPath() const;
    /// The memory settings: DetailStore backend, capture thresholds (config/memory.json).
    QString memorySettingsPath() const;
    /// The context strategies and their thresholds (config/context.json).
    QString contextSettingsPath() const;
    /// The MCP servers (config/mcp.json, in the mcpServers format of Claude Desktop).
    QString mcpSettingsPath() const;
    /// The desktop's settings (config/desktop.ini): its window layout and theme, and the
    /// interface language valis-cli follows too (see valis/core/translations.h).
    QString desktopSettingsPath() const;
    /// The embedded DetailStore (SQLite) and the folder of its large contents.
    QString memoryDatabasePath() const;
    QString memoryBlobDir() const;
    /// The MCP server's audit log (data/mcp-server/audit.jsonl): every call other agents made.
    QString mcpAuditLogPath() const;
    /// The prompt store (data/prompts.db): prompts by key, versioned (valis/prompts/promptstore.h).
    QString promptStorePath() const;
    /// One agent's own folder (data/agents/<id>): its memories and skills. An agent id names a
    /// persona that keeps what it learned across sessions; "default" unless configured.
    QString agentDir(const QString &agentId) const;
    /// What the agent sees as /memories/.
    QString agentMemoriesDir(const QString &agentId) const;
    /// The agent's own SKILL.md folders.
    QString agentSkillsDir(const QString &agentId) const;
    /// What one session sees as /context/ (offloaded results, saved transcripts).
    QString sessionScratchDir(const QString &sessionId) const;

private:
    QString m_home;
    QString m_config;
    QString m_data;
    QString m_cache;
};

} // namespace valis
