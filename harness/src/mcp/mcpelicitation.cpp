#include "valis/mcp/mcpelicitation.h"

#include "valis/mcp/mcpschema.h"

namespace valis {

QJsonObject McpElicitation::applyDefaults(const QJsonObject &requestedSchema, const QJsonObject &content)
{
    QJsonObject filled = content;
    const QJsonObject properties = requestedSchema.value(QLatin1String("properties")).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QJsonObject property = it.value().toObject();
        const QJsonValue fallback = property.value(QLatin1String("default"));
        if (filled.contains(it.key()) || fallback.isUndefined() || fallback.isNull())
            continue;
        // A default that contradicts its own type or enum is the server's mistake; it does not
        // go into the person's answer.
        QJsonObject shape = property;
        shape.remove(QStringLiteral("default"));
        if (McpSchema::validate(fallback, shape, 1).isEmpty())
            filled.insert(it.key(), fallback);
    }
    return filled;
}

QStringList McpElicitation::problems(const QJsonObject &requestedSchema, const QJsonObject &content)
{
    return McpSchema::validate(content, requestedSchema, 10);
}

} // namespace valis
