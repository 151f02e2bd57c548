#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace valis::tools {

/// Builds a tool's input schema: a JSON Schema object whose properties each carry a
/// description, with a required list and additionalProperties false, so the model is told
/// exactly what it may send. The property adders return *this to chain:
///
///     spec.inputSchema = ToolSchema()
///                            .string(QStringLiteral("path"), QStringLiteral("The file to read."))
///                            .integer(QStringLiteral("limit"), QStringLiteral("The most lines."), 1, 10000)
///                            .required({QStringLiteral("path")})
///                            .build();
class ToolSchema
{
public:
    /// A string, optionally with bounds on its length.
    ToolSchema &string(const QString &name, const QString &description, std::optional<qint64> minLength = {},
                       std::optional<qint64> maxLength = {});
    /// A whole number in [minimum, maximum]; `fallback` is published as the default.
    ToolSchema &integer(const QString &name, const QString &description, qint64 minimum, qint64 maximum,
                        std::optional<qint64> fallback = {});
    ToolSchema &boolean(const QString &name, const QString &description);
    /// A string that must be one of `values`; `fallback` is published as the default.
    ToolSchema &enumeration(const QString &name, const QString &description, const QStringList &values,
                            const std::optional<QString> &fallback = {});
    /// An array of strings.
    ToolSchema &stringArray(const QString &name, const QString &description);
    /// An array whose items follow `items` (e.g. another ToolSchema's build()).
    ToolSchema &array(const QString &name, const QString &description, const QJsonObject &items,
                      std::optional<qint64> maxItems = {});
    /// An object mapping any names to strings (environment variables).
    ToolSchema &stringMap(const QString &name, const QString &description);
    /// A property whose schema the adders above cannot say (anyOf ...); it must carry its own
    /// description.
    ToolSchema &property(const QString &name, const QJsonObject &schema);
    /// Appends to the names the model must always send.
    ToolSchema &required(const QStringList &names);

    /// {"type": "object", "properties": ..., "required": [...], "additionalProperties": false}.
    QJsonObject build() const;

private:
    QJsonObject m_properties;
    QStringList m_required;
};

} // namespace valis::tools
