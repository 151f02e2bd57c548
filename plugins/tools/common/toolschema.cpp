#include "toolschema.h"

#include <QJsonArray>

namespace valis::tools {

namespace {

QJsonObject typed(const QString &type, const QString &description)
{
    return {{QStringLiteral("type"), type}, {QStringLiteral("description"), description}};
}

} // namespace

ToolSchema &ToolSchema::string(const QString &name, const QString &description, std::optional<qint64> minLength,
                               std::optional<qint64> maxLength)
{
    QJsonObject schema = typed(QStringLiteral("string"), description);
    if (minLength)
        schema.insert(QStringLiteral("minLength"), *minLength);
    if (maxLength)
        schema.insert(QStringLiteral("maxLength"), *maxLength);
    return property(name, schema);
}

ToolSchema &ToolSchema::integer(const QString &name, const QString &description, qint64 minimum, qint64 maximum,
                                std::optional<qint64> fallback)
{
    QJsonObject schema = typed(QStringLiteral("integer"), description);
    schema.insert(QStringLiteral("minimum"), minimum);
    schema.insert(QStringLiteral("maximum"), maximum);
    if (fallback)
        schema.insert(QStringLiteral("default"), *fallback);
    return property(name, schema);
}

ToolSchema &ToolSchema::boolean(const QString &name, const QString &description)
{
    return property(name, typed(QStringLiteral("boolean"), description));
}

ToolSchema &ToolSchema::enumeration(const QString &name, const QString &description, const QStringList &values,
                                    const std::optional<QString> &fallback)
{
    QJsonObject schema = typed(QStringLiteral("string"), description);
    schema.insert(QStringLiteral("enum"), QJsonArray::fromStringList(values));
    if (fallback)
        schema.insert(QStringLiteral("default"), *fallback);
    return property(name, schema);
}

ToolSchema &ToolSchema::stringArray(const QString &name, const QString &description)
{
    return array(name, description, QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}});
}

ToolSchema &ToolSchema::array(const QString &name, const QString &description, const QJsonObject &items,
                              std::optional<qint64> maxItems)
{
    QJsonObject schema = typed(QStringLiteral("array"), description);
    schema.insert(QStringLiteral("items"), items);
    if (maxItems)
        schema.insert(QStringLiteral("maxItems"), *maxItems);
    return property(name, schema);
}

ToolSchema &ToolSchema::stringMap(const QString &name, const QString &description)
{
    QJsonObject schema = typed(QStringLiteral("object"), description);
    schema.insert(QStringLiteral("additionalProperties"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}});
    return property(name, schema);
}

ToolSchema &ToolSchema::property(const QString &name, const QJsonObject &schema)
{
    // Two properties of one name would silently keep the later: a slip in the spec.
    Q_ASSERT(!m_properties.contains(name));
    m_properties.insert(name, schema);
    return *this;
}

ToolSchema &ToolSchema::required(const QStringList &names)
{
    m_required.append(names);
    return *this;
}

QJsonObject ToolSchema::build() const
{
    return {{QStringLiteral("type"), QStringLiteral("object")},
            {QStringLiteral("properties"), m_properties},
            {QStringLiteral("required"), QJsonArray::fromStringList(m_required)},
            {QStringLiteral("additionalProperties"), false}};
}

} // namespace valis::tools
