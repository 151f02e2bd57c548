// PluginSpec: reading and validating the metadata, before any plugin code runs.
#include "valis/plugins/pluginspec.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QPluginLoader>
#include <QRegularExpression>

#include <cmath>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::PluginSpec)
};

bool isValidId(const QString &id)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9][a-z0-9._-]*$"));
    return pattern.match(id).hasMatch();
}

/// Strictly x.y.z with decimal numbers: "1.0" and "1.0.0-beta" are not versions here, so two
/// plugins never disagree about what a version means.
bool parseVersion(const QString &text, QVersionNumber *version)
{
    static const QRegularExpression pattern(QStringLiteral("^[0-9]{1,9}\\.[0-9]{1,9}\\.[0-9]{1,9}$"));
    if (!pattern.match(text).hasMatch())
        return false;
    *version = QVersionNumber::fromString(text);
    return true;
}

bool isInteger(const QJsonValue &value)
{
    if (!value.isDouble())
        return false;
    const double number = value.toDouble();
    return std::isfinite(number) && std::floor(number) == number && std::fabs(number) < 1e9;
}

QString idRule()
{
    return Text::tr("use lowercase letters, digits, '.', '-' and '_', starting with a letter or digit");
}

} // namespace

void PluginSpec::readMetaData()
{
    // metaData() finds the metadata section in the file without loading the library, so no
    // plugin code (not even static initialisers) runs here.
    const QPluginLoader loader(m_filePath);
    const QJsonObject qtMetaData = loader.metaData();
    if (qtMetaData.isEmpty()) {
        // QPluginLoader says why when it knows (a plugin built for another Qt, for example).
        invalidate(QStringLiteral("plugin.not-a-plugin"),
                   Text::tr("cannot be used as a plugin: %1").arg(loader.errorString()));
        return;
    }
    validateMetaData(qtMetaData);
    if (m_errors.isEmpty())
        m_state = State::Read;
    else {
        m_state = State::Invalid;
        m_reason = m_errors.constFirst().message;
    }
}

void PluginSpec::validateMetaData(const QJsonObject &qtMetaData)
{
    m_interfaceId = qtMetaData.value(QLatin1String("IID")).toString();
    const QJsonValue metaData = qtMetaData.value(QLatin1String("MetaData"));
    if (!metaData.isObject() || metaData.toObject().isEmpty()) {
        // moc drops a FILE that is not a JSON object (with a build warning), so malformed JSON
        // ends up here too.
        addError(QStringLiteral("plugin.no-metadata"),
                 Text::tr("has no Valis metadata: its Q_PLUGIN_METADATA names no FILE, or the file "
                          "was not a JSON object when the plugin was built"));
        return;
    }
    m_metaData = metaData.toObject();

    const auto field = [this](const char *name) -> QJsonValue {
        const QString key = QString::fromLatin1(name);
        const QJsonValue value = m_metaData.value(key);
        if (value.isUndefined())
            addError(QStringLiteral("plugin.metadata-field"), Text::tr("missing field '%1'").arg(key));
        return value;
    };
    const auto stringField = [this, &field](const char *name, QString *out) {
        const QJsonValue value = field(name);
        if (value.isString())
            *out = value.toString();
        else if (!value.isUndefined())
            addError(QStringLiteral("plugin.metadata-field"),
                     Text::tr("field '%1' must be a string").arg(QString::fromLatin1(name)));
        return value.isString();
    };
    const auto optionalStringField = [this](const char *name, QString *out) {
        const QJsonValue value = m_metaData.value(QString::fromLatin1(name));
        if (value.isString())
            *out = value.toString();
        else if (!value.isUndefined())
            addError(QStringLiteral("plugin.metadata-field"),
                     Text::tr("field '%1' must be a string").arg(QString::fromLatin1(name)));
    };

    if (stringField("id", &m_id) && !isValidId(m_id))
        addError(QStringLiteral("plugin.bad-id"), Text::tr("invalid id '%1': %2").arg(m_id, idRule()));

    stringField("name", &m_name);
    optionalStringField("description", &m_description);
    optionalStringField("vendor", &m_vendor);

    bool kindKnown = false;
    if (stringField("kind", &m_kindName)) {
        kindKnown = pluginKindFromName(m_kindName, &m_kind);
        if (!kindKnown) {
            QStringList known;
            for (PluginKind kind : pluginKinds())
                known.append(pluginKindName(kind));
            addError(QStringLiteral("plugin.unknown-kind"),
                     Text::tr("unknown kind '%1' (known kinds: %2)").arg(m_kindName, known.join(QStringLiteral(", "))));
        }
    }

    bool versionValid = false;
    if (stringField("version", &m_version)) {
        versionValid = parseVersion(m_version, &m_parsedVersion);
        if (!versionValid)
            addError(QStringLiteral("plugin.bad-version"),
                     Text::tr("version '%1' is not of the form x.y.z").arg(m_version));
    }
    bool compatValid = false;
    if (stringField("compatVersion", &m_compatVersion)) {
        compatValid = parseVersion(m_compatVersion, &m_parsedCompatVersion);
        if (!compatValid)
            addError(QStringLiteral("plugin.bad-version"),
                     Text::tr("compatVersion '%1' is not of the form x.y.z").arg(m_compatVersion));
    }
    if (versionValid && compatValid && m_parsedCompatVersion > m_parsedVersion)
        addError(QStringLiteral("plugin.compat-version"),
                 Text::tr("compatVersion %1 is newer than version %2").arg(m_compatVersion, m_version));

    const QJsonValue apiVersion = field("apiVersion");
    if (isInteger(apiVersion)) {
        m_apiVersion = apiVersion.toInt();
        if (m_apiVersion != PluginApiVersion)
            addError(QStringLiteral("plugin.api-version"),
                     Text::tr("built for plugin API version %1, but this Valis provides plugin API version %2")
                         .arg(m_apiVersion)
                         .arg(PluginApiVersion));
    } else if (!apiVersion.isUndefined()) {
        addError(QStringLiteral("plugin.metadata-field"), Text::tr("field 'apiVersion' must be an integer"));
    }

    readDependencies(m_metaData.value(QLatin1String("dependencies")));

    // Checked last and only for a known kind and the right API: a wrong API version already
    // explains a wrong interface id.
    if (kindKnown && m_apiVersion == PluginApiVersion && m_interfaceId != pluginKindInterfaceId(m_kind))
        addError(QStringLiteral("plugin.interface-id"),
                 Text::tr("declares interface '%1', but a %2 plugin must declare %3")
                     .arg(m_interfaceId, m_kindName, pluginKindInterfaceId(m_kind)));
}

void PluginSpec::readDependencies(const QJsonValue &value)
{
    if (value.isUndefined())
        return;
    if (!value.isArray()) {
        addError(QStringLiteral("plugin.metadata-field"), Text::tr("field 'dependencies' must be an array"));
        return;
    }
    const QJsonArray entries = value.toArray();
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QString where = QStringLiteral("dependencies[%1]: ").arg(i);
        const auto problem = [this, &where](const QString &code, const QString &message) {
            addError(code, where + message);
        };
        if (!entries.at(i).isObject()) {
            problem(QStringLiteral("plugin.metadata-field"), Text::tr("must be an object {id, version, type}"));
            continue;
        }
        const QJsonObject entry = entries.at(i).toObject();
        PluginDependency dependency;
        bool usable = true;

        const QJsonValue id = entry.value(QLatin1String("id"));
        if (id.isUndefined()) {
            problem(QStringLiteral("plugin.metadata-field"), Text::tr("missing field 'id'"));
            usable = false;
        } else if (!id.isString()) {
            problem(QStringLiteral("plugin.metadata-field"), Text::tr("field 'id' must be a string"));
            usable = false;
        } else if (!isValidId(id.toString())) {
            problem(QStringLiteral("plugin.bad-id"), Text::tr("invalid id '%1': %2").arg(id.toString(), idRule()));
            usable = false;
        }
        dependency.id = id.toString();

        const QJsonValue version = entry.value(QLatin1String("version"));
        QVersionNumber parsed;
        if (version.isUndefined()) {
            problem(QStringLiteral("plugin.metadata-field"), Text::tr("missing field 'version'"));
            usable = false;
        } else if (!version.isString()) {
            problem(QStringLiteral("plugin.metadata-field"), Text::tr("field 'version' must be a string"));
            usable = false;
        } else if (!parseVersion(version.toString(), &parsed)) {
            problem(QStringLiteral("plugin.bad-version"),
                    Text::tr("version '%1' is not of the form x.y.z").arg(version.toString()));
            usable = false;
        }
        dependency.version = version.toString();

        const QJsonValue type = entry.value(QLatin1String("type"));
        if (type.isUndefined() || type.toString() == QLatin1String("required")) {
            dependency.type = PluginDependency::Type::Required;
        } else if (type.toString() == QLatin1String("optional")) {
            dependency.type = PluginDependency::Type::Optional;
        } else {
            const QString shown = type.isString() ? QStringLiteral("'%1'").arg(type.toString())
                                                  : Text::tr("a non-string value");
            problem(QStringLiteral("plugin.metadata-field"),
                    Text::tr("type must be 'required' or 'optional', not %1").arg(shown));
            usable = false;
        }
        if (usable)
            m_dependencies.append(dependency);
    }
}

bool PluginSpec::provides(const QString &version) const
{
    QVersionNumber wanted;
    if (!parseVersion(version, &wanted) || m_parsedVersion.isNull() || m_parsedCompatVersion.isNull())
        return false;
    return m_parsedCompatVersion <= wanted && wanted <= m_parsedVersion;
}

} // namespace valis
