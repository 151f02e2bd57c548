#include "valis/core/datalocations.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace valis {

DataLocations DataLocations::underHome(const QString &home)
{
    DataLocations locations;
    const QDir dir(QDir::cleanPath(QDir(home).absolutePath()));
    locations.m_home = dir.path();
    locations.m_config = dir.filePath(QStringLiteral("config"));
    locations.m_data = dir.filePath(QStringLiteral("data"));
    locations.m_cache = dir.filePath(QStringLiteral("cache"));
    return locations;
}

DataLocations DataLocations::fromEnvironment()
{
    const QString home = qEnvironmentVariable("VALIS_HOME");
    if (!home.isEmpty())
        return underHome(home);
    // The generic locations plus "valis", not the App* ones: those derive from the executable's
    // name, and `valis` and `valis-cli` must share one profile.
    const auto location = [](QStandardPaths::StandardLocation kind) {
        return QDir(QStandardPaths::writableLocation(kind)).filePath(QStringLiteral("valis"));
    };
    DataLocations locations;
    locations.m_config = location(QStandardPaths::GenericConfigLocation);
    locations.m_data = location(QStandardPaths::GenericDataLocation);
    locations.m_cache = location(QStandardPaths::GenericCacheLocation);
    return locations;
}

DataLocations DataLocations::fromArguments(QStringList *arguments)
{
    QString home;
    for (qsizetype i = 0; i < arguments->size(); ++i) {
        const QString &argument = arguments->at(i);
        if (argument == QLatin1String("--")) {
            break;
        } else if (argument == QLatin1String("--home") && i + 1 < arguments->size()) {
            home = arguments->at(i + 1);
            arguments->remove(i, 2);
            break;
        } else if (argument.startsWith(QLatin1String("--home="))) {
            home = argument.mid(7);
            arguments->remove(i);
            break;
        }
    }
    return home.isEmpty() ? fromEnvironment() : underHome(home);
}

QString DataLocations::sessionDatabasePath() const
{
    return QDir(m_data).filePath(QStringLiteral("sessions.db"));
}

QString DataLocations::blobDir() const
{
    return QDir(m_data).filePath(QStringLiteral("blobs"));
}

QString DataLocations::userPluginDir(int apiVersion) const
{
    return QDir(m_data).filePath(QStringLiteral("plugins/api-%1").arg(apiVersion));
}

QString DataLocations::modelCatalogOverridePath() const
{
    return QDir(m_config).filePath(QStringLiteral("models.json"));
}

QStringList DataLocations::systemPluginDirs()
{
    const QString appDir = QCoreApplication::applicationDirPath();
    QStringList dirs;
#ifdef Q_OS_MACOS
    // In an app bundle (Valis.app/Contents/MacOS) the plugins are code inside the bundle, where
    // signing and notarisation expect it (packaging/macos.cmake). A bundle without that folder
    // is the one in a build folder, whose plugins were built beside the bundle.
    if (appDir.endsWith(QLatin1String(".app/Contents/MacOS"))) {
        const QString inBundle = QDir::cleanPath(appDir + QStringLiteral("/../PlugIns/valis"));
        dirs << (QFileInfo(inBundle).isDir()
                     ? inBundle
                     : QDir::cleanPath(appDir + QStringLiteral("/../../../../") + QStringLiteral(VALIS_PLUGIN_INSTALL_DIR)));
    }
#endif
    if (dirs.isEmpty())
        dirs << QDir::cleanPath(appDir + QStringLiteral("/../") + QStringLiteral(VALIS_PLUGIN_INSTALL_DIR));
    const QString extra = qEnvironmentVariable("VALIS_PLUGIN_PATH");
    for (const QString &dir : extra.split(QDir::listSeparator(), Qt::SkipEmptyParts))
        dirs << QDir::cleanPath(dir);
    return dirs;
}

QString DataLocations::pluginSettingsPath() const
{
    return QDir(m_config).filePath(QStringLiteral("plugins.json"));
}

QString DataLocations::providerSettingsPath() const
{
    return QDir(m_config).filePath(QStringLiteral("providers.json"));
}

QString DataLocations::approvalsPath() const
{
    return QDir(m_config).filePath(QStringLiteral("approvals.json"));
}

QString DataLocations::toolSettingsPath() const
{
    return QDir(m_config).filePath(QStringLiteral("tools.json"));
}

QString DataLocations::memorySettingsPath() const
{
    return QDir(m_config).filePath(QStringLiteral("memory.json"));
}

QString DataLocations::contextSettingsPath() const
{
    return QDir(m_config).filePath(QStringLiteral("context.json"));
}

QString DataLocations::mcpSettingsPath() const
{
    return QDir(m_config).filePath(QStringLiteral("mcp.json"));
}

QString DataLocations::desktopSettingsPath() const
{
    return QDir(m_config).filePath(QStringLiteral("desktop.ini"));
}

QString DataLocations::memoryDatabasePath() const
{
    return QDir(m_data).filePath(QStringLiteral("memory.db"));
}

QString DataLocations::memoryBlobDir() const
{
    return QDir(m_data).filePath(QStringLiteral("memory-blobs"));
}

QString DataLocations::mcpAuditLogPath() const
{
    return QDir(m_data).filePath(QStringLiteral("mcp-server/audit.jsonl"));
}

QString DataLocations::promptStorePath() const
{
    return QDir(m_data).filePath(QStringLiteral("prompts.db"));
}

QString DataLocations::agentDir(const QString &agentId) const
{
    return QDir(m_data).filePath(QStringLiteral("agents/") + agentId);
}

QString DataLocations::agentMemoriesDir(const QString &agentId) const
{
    return QDir(agentDir(agentId)).filePath(QStringLiteral("memories"));
}

QString DataLocations::agentSkillsDir(const QString &agentId) const
{
    return QDir(agentDir(agentId)).filePath(QStringLiteral("skills"));
}

QString DataLocations::sessionScratchDir(const QString &sessionId) const
{
    return QDir(m_data).filePath(QStringLiteral("sessions/") + sessionId + QStringLiteral("/context"));
}

QString DataLocations::pluginLockPath() const
{
    return QDir(m_config).filePath(QStringLiteral("plugins.lock"));
}

} // namespace valis
