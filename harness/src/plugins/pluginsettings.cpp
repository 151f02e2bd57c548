#include "pluginsettings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSaveFile>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::PluginManager)
};
} // namespace

Result<void> PluginSettings::load()
{
    m_plugins = {};
    m_loadError.reset();
    QFile file(m_path);
    if (!file.exists())
        return success();
    const auto refuse = [this](const QString &code, const QString &message) -> Result<void> {
        m_loadError = Error(code, message, m_path);
        return *m_loadError;
    };
    if (!file.open(QIODevice::ReadOnly))
        return refuse(QStringLiteral("plugin.settings-unreadable"),
                      Text::tr("cannot read the plugin settings: %1").arg(file.errorString()));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return refuse(QStringLiteral("plugin.settings-malformed"),
                      Text::tr("the plugin settings are not valid JSON (%1 at offset %2); the file is kept "
                               "and plugin changes are not saved until it is fixed")
                          .arg(parseError.errorString())
                          .arg(parseError.offset));
    const QJsonObject root = document.object();
    const QJsonValue version = root.value(QLatin1String("version"));
    if (!document.isObject() || !version.isDouble() || !root.value(QLatin1String("plugins")).isObject())
        return refuse(QStringLiteral("plugin.settings-malformed"),
                      Text::tr("the plugin settings need an object with 'version' and 'plugins'; the file "
                               "is kept and plugin changes are not saved until it is fixed"));
    if (version.toInt() > FormatVersion)
        return refuse(QStringLiteral("plugin.settings-future"),
                      Text::tr("the plugin settings were written by a newer Valis (format version %1, this "
                               "one reads %2); the file is kept and plugin changes are not saved")
                          .arg(version.toInt())
                          .arg(FormatVersion));
    m_plugins = root.value(QLatin1String("plugins")).toObject();
    return success();
}

bool PluginSettings::isEnabled(const QString &id) const
{
    return m_plugins.value(id).toObject().value(QLatin1String("enabled")).toBool(true);
}

QJsonObject PluginSettings::settings(const QString &id) const
{
    return m_plugins.value(id).toObject().value(QLatin1String("settings")).toObject();
}

Result<void> PluginSettings::setEnabled(const QString &id, bool enabled)
{
    return update(id, QStringLiteral("enabled"), enabled);
}

Result<void> PluginSettings::setSettings(const QString &id, const QJsonObject &settings)
{
    return update(id, QStringLiteral("settings"), settings);
}

Result<void> PluginSettings::update(const QString &id, const QString &key, const QJsonValue &value)
{
    if (m_loadError)
        return *m_loadError;

    QJsonObject plugins = m_plugins;
    QJsonObject entry = plugins.value(id).toObject();
    entry.insert(key, value);
    plugins.insert(id, entry);
    QJsonObject root;
    root.insert(QStringLiteral("version"), FormatVersion);
    root.insert(QStringLiteral("plugins"), plugins);

    if (!QDir().mkpath(QFileInfo(m_path).absolutePath()))
        return Error(QStringLiteral("plugin.settings-unwritable"),
                     Text::tr("cannot create the folder of the plugin settings"), m_path);
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly))
        return Error(QStringLiteral("plugin.settings-unwritable"),
                     Text::tr("cannot write the plugin settings: %1").arg(file.errorString()), m_path);
    file.write(QJsonDocument(root).toJson(QJsonDocument::Indented));
    if (!file.commit())
        return Error(QStringLiteral("plugin.settings-unwritable"),
                     Text::tr("cannot write the plugin settings: %1").arg(file.errorString()), m_path);
    m_plugins = plugins;
    return success();
}

} // namespace valis
