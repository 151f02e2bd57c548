#include "tsdeclarations.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>

namespace valis::codemode {

namespace {

// Deeper schemas than this are `any`: a declaration is a guide for the model, not a validator.
constexpr int MaxDepth = 6;

QString literal(const QJsonValue &value)
{
    if (value.isString())
        return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isDouble())
        return QString::number(value.toDouble());
    if (value.isNull())
        return QStringLiteral("null");
    return QStringLiteral("any");
}

QString propertyName(const QString &name)
{
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_$][A-Za-z0-9_$]*$"));
    return identifier.match(name).hasMatch() ? name : literal(name);
}

QString unionOf(const QJsonArray &schemas, int depth)
{
    QStringList types;
    for (const QJsonValue &schema : schemas) {
        const QString type = typeScriptType(schema.toObject(), depth + 1);
        if (!types.contains(type))
            types.append(type);
    }
    return types.isEmpty() ? QStringLiteral("any") : types.join(QStringLiteral(" | "));
}

QString objectType(const QJsonObject &schema, int depth)
{
    const QJsonObject properties = schema.value(QStringLiteral("properties")).toObject();
    if (properties.isEmpty())
        return QStringLiteral("Record<string, any>");
    QStringList required;
    for (const QJsonValue &name : schema.value(QStringLiteral("required")).toArray())
        required.append(name.toString());
    QStringList members;
    // QJsonObject keys are sorted, so the member order is stable.
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QString optional = required.contains(it.key()) ? QString() : QStringLiteral("?");
        members.append(propertyName(it.key()) + optional + QStringLiteral(": ")
                       + typeScriptType(it.value().toObject(), depth + 1));
    }
    return QStringLiteral("{ ") + members.join(QStringLiteral("; ")) + QStringLiteral(" }");
}

QString singleType(const QString &type, const QJsonObject &schema, int depth)
{
    if (type == QLatin1String("string"))
        return QStringLiteral("string");
    if (type == QLatin1String("integer") || type == QLatin1String("number"))
        return QStringLiteral("number");
    if (type == QLatin1String("boolean"))
        return QStringLiteral("boolean");
    if (type == QLatin1String("null"))
        return QStringLiteral("null");
    if (type == QLatin1String("array")) {
        const QJsonValue items = schema.value(QStringLiteral("items"));
        return QStringLiteral("Array<") + (items.isObject() ? typeScriptType(items.toObject(), depth + 1) : QStringLiteral("any"))
               + QLatin1Char('>');
    }
    if (type == QLatin1String("object"))
        return objectType(schema, depth);
    return QStringLiteral("any");
}

// The first sentence only: the tool definitions in the same request carry the whole
// description, and every request pays for this section again.
QString docComment(const QString &text, const QString &indent)
{
    constexpr qsizetype MaxChars = 200;
    QString body = text.trimmed().section(QLatin1Char('\n'), 0, 0).trimmed();
    const qsizetype end = body.indexOf(QLatin1String(". "));
    if (end >= 0)
        body.truncate(end + 1);
    if (body.size() > MaxChars)
        body = body.left(MaxChars - 1).trimmed() + QChar(0x2026);
    body.replace(QStringLiteral("*/"), QStringLiteral("*\\/"));
    return indent + QStringLiteral("/** ") + body + QStringLiteral(" */\n");
}

} // namespace

QString typeScriptType(const QJsonObject &schema, int depth)
{
    if (depth > MaxDepth || schema.isEmpty())
        return QStringLiteral("any");
    if (schema.contains(QStringLiteral("const")))
        return literal(schema.value(QStringLiteral("const")));
    if (schema.contains(QStringLiteral("enum"))) {
        QStringList values;
        for (const QJsonValue &value : schema.value(QStringLiteral("enum")).toArray())
            values.append(literal(value));
        return values.isEmpty() ? QStringLiteral("any") : values.join(QStringLiteral(" | "));
    }
    for (const char *key : {"anyOf", "oneOf"}) {
        if (schema.contains(QLatin1String(key)))
            return unionOf(schema.value(QLatin1String(key)).toArray(), depth);
    }
    const QJsonValue type = schema.value(QStringLiteral("type"));
    if (type.isArray()) {
        QStringList types;
        for (const QJsonValue &one : type.toArray())
            types.append(singleType(one.toString(), schema, depth));
        return types.join(QStringLiteral(" | "));
    }
    if (type.isString())
        return singleType(type.toString(), schema, depth);
    if (schema.contains(QStringLiteral("properties")))
        return objectType(schema, depth);
    return QStringLiteral("any");
}

QString typeScriptDeclarations(const QList<ToolSpec> &tools)
{
    QList<ToolSpec> sorted = tools;
    std::sort(sorted.begin(), sorted.end(), [](const ToolSpec &a, const ToolSpec &b) { return a.name < b.name; });
    const QString indent = QStringLiteral("  ");
    QString text = QStringLiteral("declare const tools: {\n");
    for (const ToolSpec &tool : std::as_const(sorted)) {
        if (!tool.description.trimmed().isEmpty())
            text += docComment(tool.description, indent);
        text += indent + propertyName(tool.name) + QStringLiteral("(args: ") + typeScriptType(tool.inputSchema)
                + QStringLiteral("): Promise<any>;\n");
    }
    return text + QStringLiteral("};\n");
}

} // namespace valis::codemode
