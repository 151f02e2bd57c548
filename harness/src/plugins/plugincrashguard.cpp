#include "plugincrashguard.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::PluginManager)
};

QString phaseName(PluginCrashPhase phase)
{
    switch (phase) {
    case PluginCrashPhase::Loading: return QStringLiteral("loading");
    case PluginCrashPhase::ShuttingDown: return QStringLiteral("shutting-down");
    case PluginCrashPhase::ShutdownHung: return QStringLiteral("shutdown-hung");
    }
    Q_UNREACHABLE();
}
} // namespace

Result<PluginCrashGuard::Leftover> PluginCrashGuard::leftover()
{
    QFile file(m_path);
    if (!file.exists())
        return Leftover();
    if (!file.open(QIODevice::ReadOnly))
        return Error(QStringLiteral("plugin.lock-unreadable"),
                     Text::tr("cannot read the plugin crash-guard lock: %1").arg(file.errorString()), m_path);
    const QJsonObject lock = QJsonDocument::fromJson(file.readAll()).object();
    file.close();
    const QString pluginId = lock.value(QLatin1String("plugin")).toString();
    if (pluginId.isEmpty()) {
        QFile::remove(m_path);
        return Error(QStringLiteral("plugin.lock-unreadable"),
                     Text::tr("a plugin crash-guard lock was left over, but it names no plugin; it was removed"),
                     m_path);
    }
    Leftover found;
    found.pluginId = pluginId;
    const QString phase = lock.value(QLatin1String("phase")).toString();
    for (const PluginCrashPhase known : {PluginCrashPhase::ShuttingDown, PluginCrashPhase::ShutdownHung}) {
        if (phase == phaseName(known))
            found.phase = known;
    }
    return found;
}

Result<void> PluginCrashGuard::enter(const QString &pluginId, const QString &filePath, PluginCrashPhase phase)
{
    QJsonObject lock;
    lock.insert(QStringLiteral("version"), 1);
    lock.insert(QStringLiteral("plugin"), pluginId);
    lock.insert(QStringLiteral("file"), filePath);
    lock.insert(QStringLiteral("phase"), phaseName(phase));
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly))
        return Error(QStringLiteral("plugin.lock-unwritable"),
                     Text::tr("cannot write the plugin crash-guard lock: %1").arg(file.errorString()), m_path);
    file.write(QJsonDocument(lock).toJson(QJsonDocument::Compact));
    if (!file.commit())
        return Error(QStringLiteral("plugin.lock-unwritable"),
                     Text::tr("cannot write the plugin crash-guard lock: %1").arg(file.errorString()), m_path);
    return success();
}

void PluginCrashGuard::leave()
{
    QFile::remove(m_path);
}

} // namespace valis
