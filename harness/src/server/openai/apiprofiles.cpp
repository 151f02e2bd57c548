#include "valis/server/apiprofiles.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ApiProfiles)
};

Error invalid(const QString &path, const QString &message)
{
    return Error(QStringLiteral("serve.invalid"), message, path);
}
} // namespace

Result<ApiProfiles> ApiProfiles::load(const QString &path)
{
    ApiProfiles profiles;
    QFile file(path);
    if (!file.exists())
        return profiles;
    if (!file.open(QIODevice::ReadOnly))
        return invalid(path, Text::tr("cannot read the serve profiles: %1").arg(file.errorString()));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!document.isObject())
        return invalid(path, Text::tr("the serve profiles are not a JSON object: %1").arg(parseError.errorString()));
    const QJsonObject root = document.object();
    const int version = root.value(QLatin1String("version")).toInt(FormatVersion);
    if (version > FormatVersion)
        return invalid(path, Text::tr("the serve profiles are format version %1; this Valis reads up to %2").arg(version).arg(FormatVersion));
    const QJsonObject entries = root.value(QLatin1String("profiles")).toObject();
    for (auto it = entries.constBegin(); it != entries.constEnd(); ++it) {
        const QJsonObject entry = it.value().toObject();
        ApiProfile profile;
        profile.name = it.key();
        profile.provider = entry.value(QLatin1String("provider")).toString();
        profile.model = entry.value(QLatin1String("model")).toString();
        if (profile.provider.isEmpty() || profile.model.isEmpty())
            return invalid(path, Text::tr("the serve profile \"%1\" needs a provider and a model").arg(profile.name));
        profile.baseUrl = entry.value(QLatin1String("baseUrl")).toString();
        for (const QJsonValue &setting : entry.value(QLatin1String("context")).toArray())
            profile.context.append(setting.toString());
        profile.history = entry.value(QLatin1String("history")).toString();
        profile.maxOutputTokens = entry.value(QLatin1String("maxOutputTokens")).toInteger(-1);
        profile.system = entry.value(QLatin1String("system")).toString();
        profile.agent = entry.value(QLatin1String("agent")).toString(ApiProfile::defaultAgent());
        if (profile.agent.isEmpty())
            return invalid(path, Text::tr("the serve profile \"%1\" names an empty agent").arg(profile.name));
        profiles.add(profile);
    }
    profiles.m_default = root.value(QLatin1String("defaultProfile")).toString();
    if (!profiles.m_default.isEmpty() && !profiles.resolve(profiles.m_default, {}))
        return invalid(path, Text::tr("the default serve profile \"%1\" is not one of the profiles").arg(profiles.m_default));
    return profiles;
}

void ApiProfiles::add(const ApiProfile &profile)
{
    for (ApiProfile &existing : m_profiles) {
        if (existing.name == profile.name) {
            existing = profile;
            return;
        }
    }
    m_profiles.append(profile);
}

std::optional<ApiProfile> ApiProfiles::resolve(const QString &model, const QStringList &providers) const
{
    const QString name = model.isEmpty() ? m_default : model;
    for (const ApiProfile &profile : m_profiles) {
        if (profile.name == name)
            return profile;
    }
    const qsizetype slash = name.indexOf(QLatin1Char('/'));
    if (slash > 0 && slash < name.size() - 1 && providers.contains(name.left(slash))) {
        ApiProfile profile;
        profile.name = name;
        profile.provider = name.left(slash);
        profile.model = name.mid(slash + 1);
        return profile;
    }
    return std::nullopt;
}

} // namespace valis
