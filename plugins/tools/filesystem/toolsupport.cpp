#include "toolsupport.h"

#include "valis/filesystem/agentfilesystem.h"

#include <QJsonArray>

namespace valis::tools::files {

// Messages here go back to the model, which reads English best; they are not tr()'d.

const AgentFilesystem *filesystemFor(const ToolCall &call, const QString &toolName, ToolOutcome *refusal)
{
    if (!call.context.filesystem) {
        *refusal = ToolOutcome::error(QStringLiteral("%1 cannot run here: this session gives tools no access to files.").arg(toolName));
        return nullptr;
    }
    return call.context.filesystem;
}

QString humanSize(qint64 bytes)
{
    if (bytes < 1024)
        return QStringLiteral("%1 B").arg(bytes);
    static const char *const units[] = {"KB", "MB", "GB", "TB"};
    double value = double(bytes) / 1024.0;
    int unit = 0;
    while (value >= 1024.0 && unit < 3) {
        value /= 1024.0;
        ++unit;
    }
    return QStringLiteral("%1 %2").arg(QString::number(value, 'f', value < 10 ? 1 : 0), QLatin1String(units[unit]));
}

QString quoted(const QString &path)
{
    return QLatin1Char('"') + path + QLatin1Char('"');
}

QString numberedLine(qint64 number, QStringView text)
{
    return QStringLiteral("%1\t").arg(number, 6) + text;
}

QString plural(qint64 count, const QString &singular, const QString &pluralForm)
{
    if (count == 1)
        return QStringLiteral("1 ") + singular;
    return QString::number(count) + QLatin1Char(' ') + (pluralForm.isEmpty() ? singular + QLatin1Char('s') : pluralForm);
}

QJsonObject stringProperty(const QString &description)
{
    return {{QStringLiteral("type"), QStringLiteral("string")}, {QStringLiteral("description"), description}};
}

QJsonObject integerProperty(const QString &description, qint64 minimum, qint64 maximum)
{
    return {{QStringLiteral("type"), QStringLiteral("integer")},
            {QStringLiteral("description"), description},
            {QStringLiteral("minimum"), double(minimum)},
            {QStringLiteral("maximum"), double(maximum)}};
}

QJsonObject booleanProperty(const QString &description)
{
    return {{QStringLiteral("type"), QStringLiteral("boolean")}, {QStringLiteral("description"), description}};
}

QJsonObject stringArrayProperty(const QString &description)
{
    return {{QStringLiteral("type"), QStringLiteral("array")},
            {QStringLiteral("items"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}},
            {QStringLiteral("description"), description}};
}

QJsonObject objectSchema(const QJsonObject &properties, const QStringList &required)
{
    return {{QStringLiteral("type"), QStringLiteral("object")},
            {QStringLiteral("properties"), properties},
            {QStringLiteral("required"), QJsonArray::fromStringList(required)},
            {QStringLiteral("additionalProperties"), false}};
}

} // namespace valis::tools::files
