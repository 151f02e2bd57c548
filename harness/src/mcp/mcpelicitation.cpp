#include "valis/mcp/mcpelicitation.h"

#include "valis/mcp/mcpschema.h"

namespace valis {

QJsonObject McpElicitation::applyDefaults(const QJsonObject &requestedSchema, const QJsonObject &content)
{
    QJsonObject filled = content;
    const QJsonObject properties = requestedSchema.value(QLatin1String("properties")).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QJsonObject property = it.value().toObject();
        if (!filled.contains(it.key()) && property.contains(QLatin1String("default")))
            filled.insert(it.key(), property.value(QLatin1String("default")));
    }
    return filled;
}

QStringList McpElicitation::problems(const QJsonObject &requestedSchema, const QJsonObject &content)
{
    return McpSchema::validate(content, requestedSchema, 10);
}

} // namespace valis
