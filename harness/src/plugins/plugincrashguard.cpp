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
} // namespace

Result<QString> PluginCrashGuard::leftover()
{
    QFile file(m_path);
    if (!file.exists())
        return QString();
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
    return pluginId;
}

Result<void> PluginCrashGuard::enter(const QString &pluginId, const QString &filePath)
{
    QJsonObject lock;
    lock.insert(QStringLiteral("version"), 1);
    lock.insert(QStringLiteral("plugin"), pluginId);
    lock.insert(QStringLiteral("file"), filePath);
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
