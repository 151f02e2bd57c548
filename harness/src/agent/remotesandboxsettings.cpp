#include "valis/agent/remotesandboxsettings.h"

#include "valis/core/jsonfile.h"
#include "valis/plugins/remotesandbox.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonObject>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::RemoteSandboxSettings)
};

constexpr int FormatVersion = 1;
const QString MalformedCode = QStringLiteral("sandbox.settings");

const QStringList knownKeys = {
    QStringLiteral("image"),          QStringLiteral("cpus"),           QStringLiteral("memoryGb"),
    QStringLiteral("diskGb"),         QStringLiteral("reuse"),          QStringLiteral("setupScript"),
    QStringLiteral("setupVariables"), QStringLiteral("environment"),    QStringLiteral("labels"),
    QStringLiteral("readyTimeoutSeconds"), QStringLiteral("idleMinutes"), QStringLiteral("upload"),
    QStringLiteral("uploadExclude"),  QStringLiteral("keep"),
};

class SectionReader
{
public:
    SectionReader(QJsonObject section, QString name, QString location)
        : m_section(std::move(section)), m_name(std::move(name)), m_location(std::move(location))
    {
    }

    Error error(const QString &key, const QString &what) const
    {
        return Error(MalformedCode, Text::tr("%1.%2 %3").arg(m_name, key, what), m_location);
    }

    Result<void> number(const QString &key, int lowest, int highest, int *out) const
    {
        const QJsonValue value = m_section.value(key);
        if (value.isUndefined())
            return {};
        const double number = value.toDouble(-1);
        if (!value.isDouble() || number < lowest || number > highest || double(int(number)) != number)
            return error(key, Text::tr("must be a whole number from %1 to %2").arg(lowest).arg(highest));
        *out = int(number);
        return {};
    }

    Result<void> string(const QString &key, QString *out) const
    {
        const QJsonValue value = m_section.value(key);
        if (value.isUndefined() || value.isNull())
            return {};
        if (!value.isString())
            return error(key, Text::tr("must be a string"));
        *out = value.toString().trimmed();
        return {};
    }

    Result<void> boolean(const QString &key, bool *out) const
    {
        const QJsonValue value = m_section.value(key);
        if (value.isUndefined())
            return {};
        if (!value.isBool())
            return error(key, Text::tr("must be true or false"));
        *out = value.toBool();
        return {};
    }

    Result<void> strings(const QString &key, QStringList *out) const
    {
        const QJsonValue value = m_section.value(key);
        if (value.isUndefined())
            return {};
        QStringList result;
        for (const QJsonValue &item : value.toArray()) {
            if (!item.isString() || item.toString().trimmed().isEmpty())
                return error(key, Text::tr("must be a list of names"));
            result.append(item.toString().trimmed());
        }
        if (!value.isArray())
            return error(key, Text::tr("must be a list of names"));
        *out = result;
        return {};
    }

    Result<void> map(const QString &key, QHash<QString, QString> *out) const
    {
        const QJsonValue value = m_section.value(key);
        if (value.isUndefined())
            return {};
        if (!value.isObject())
            return error(key, Text::tr("must be an object of names and string values"));
        const QJsonObject object = value.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            if (!it.value().isString())
                return error(key, Text::tr("must be an object of names and string values (\"%1\" is not a string)").arg(it.key()));
            out->insert(it.key(), it.value().toString());
        }
        return {};
    }

private:
    QJsonObject m_section;
    QString m_name;
    QString m_location;
};
} // namespace

QString RemoteSandboxSettings::path(const QString &configDir)
{
    return QDir(configDir).filePath(QStringLiteral("sandboxes.json"));
}

Result<RemoteSandboxSettings> RemoteSandboxSettings::load(const QString &configDir, const QString &sandboxId)
{
    const QString file = path(configDir);
    const Result<std::optional<QJsonObject>> read = readJsonObjectFile(file, MalformedCode, FormatVersion);
    if (read.hasError())
        return read.error();
    RemoteSandboxSettings settings;
    if (!read.value())
        return settings;
    const QJsonValue sectionValue = read.value()->value(sandboxId);
    if (sectionValue.isUndefined())
        return settings;
    if (!sectionValue.isObject())
        return Error(MalformedCode, Text::tr("\"%1\" must be an object").arg(sandboxId), file);
    const QJsonObject section = sectionValue.toObject();
    for (auto it = section.constBegin(); it != section.constEnd(); ++it) {
        if (!knownKeys.contains(it.key()))
            return Error(MalformedCode, Text::tr("unknown setting \"%1.%2\"").arg(sandboxId, it.key()), file);
    }
    const SectionReader reader(section, sandboxId, file);
    const Result<void> checks[] = {
        reader.string(QStringLiteral("image"), &settings.image),
        reader.number(QStringLiteral("cpus"), 0, 256, &settings.cpus),
        reader.number(QStringLiteral("memoryGb"), 0, 4096, &settings.memoryGb),
        reader.number(QStringLiteral("diskGb"), 0, 65536, &settings.diskGb),
        reader.string(QStringLiteral("reuse"), &settings.reuse),
        reader.string(QStringLiteral("setupScript"), &settings.setupScript),
        reader.strings(QStringLiteral("setupVariables"), &settings.setupVariables),
        reader.map(QStringLiteral("environment"), &settings.environment),
        reader.map(QStringLiteral("labels"), &settings.labels),
        reader.number(QStringLiteral("readyTimeoutSeconds"), 1, 3600, &settings.readyTimeoutSeconds),
        reader.number(QStringLiteral("idleMinutes"), 0, 7 * 24 * 60, &settings.idleMinutes),
        reader.boolean(QStringLiteral("upload"), &settings.upload),
        reader.strings(QStringLiteral("uploadExclude"), &settings.uploadExclude),
        reader.boolean(QStringLiteral("keep"), &settings.keep),
    };
    for (const Result<void> &check : checks) {
        if (check.hasError())
            return check.error();
    }
    if (settings.labels.contains(QString::fromLatin1(RemoteSessionLabel)))
        return reader.error(QStringLiteral("labels"), Text::tr("must not set %1: Valis sets it to the session's id")
                                                          .arg(QString::fromLatin1(RemoteSessionLabel)));
    if (!settings.setupScript.isEmpty() && QDir::isRelativePath(settings.setupScript))
        settings.setupScript = QDir(configDir).filePath(settings.setupScript);
    return settings;
}

RemoteMachineSpec RemoteSandboxSettings::spec(const QString &sessionId) const
{
    RemoteMachineSpec spec;
    spec.sessionId = sessionId;
    spec.reuseId = reuse;
    spec.image = image;
    spec.cpus = cpus;
    spec.memoryGb = memoryGb;
    spec.diskGb = diskGb;
    spec.environment = environment;
    spec.labels = labels;
    spec.readyTimeout = std::chrono::seconds(readyTimeoutSeconds);
    spec.idleTimeout = std::chrono::minutes(idleMinutes);
    return spec;
}

} // namespace valis
