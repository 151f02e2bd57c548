#include "valis/mcp/mcpelicitation.h"

#include <QJsonArray>

namespace valis {

namespace {

// Form-mode schemas are flat objects of primitives (MCP 2025-11-25, elicitation); a default of
// another shape, or one that contradicts its own type or enum, is the server's mistake and is
// not put into the person's answer.
bool fitsType(const QJsonObject &property, const QJsonValue &value)
{
    const QString type = property.value(QStringLiteral("type")).toString();
    if (type == QLatin1String("string"))
        return value.isString();
    if (type == QLatin1String("boolean"))
        return value.isBool();
    if (type == QLatin1String("number"))
        return value.isDouble();
    if (type == QLatin1String("integer"))
        return value.isDouble() && value.toDouble() == double(qint64(value.toDouble()));
    if (type == QLatin1String("array")) // multi-select enums (SEP-1330)
        return value.isArray();
    return value.isString() || value.isBool() || value.isDouble();
}

bool fitsEnum(const QJsonObject &property, const QJsonValue &value)
{
    const QJsonValue options = property.value(QStringLiteral("enum"));
    if (!options.isArray() || value.isArray())
        return true;
    return options.toArray().contains(value);
}

} // namespace

QJsonObject applyElicitationDefaults(const QJsonObject &requestedSchema, const QJsonObject &content)
{
    QJsonObject completed = content;
    const QJsonObject properties = requestedSchema.value(QStringLiteral("properties")).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        if (completed.contains(it.key()))
            continue;
        const QJsonObject property = it.value().toObject();
        const QJsonValue fallback = property.value(QStringLiteral("default"));
        if (fallback.isUndefined() || fallback.isNull())
            continue;
        if (fitsType(property, fallback) && fitsEnum(property, fallback))
            completed.insert(it.key(), fallback);
    }
    return completed;
}

} // namespace valis
