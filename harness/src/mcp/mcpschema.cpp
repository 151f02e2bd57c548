#include "valis/mcp/mcpschema.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpSchema)
};

QString typeOf(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("boolean");
    case QJsonValue::Double: {
        const double d = value.toDouble();
        return std::floor(d) == d && std::isfinite(d) ? QStringLiteral("integer") : QStringLiteral("number");
    }
    case QJsonValue::String: return QStringLiteral("string");
    case QJsonValue::Array: return QStringLiteral("array");
    case QJsonValue::Object: return QStringLiteral("object");
    default: return QStringLiteral("undefined");
    }
}

bool typeMatches(const QString &wanted, const QJsonValue &value)
{
    const QString actual = typeOf(value);
    if (wanted == actual)
        return true;
    return wanted == QLatin1String("number") && actual == QLatin1String("integer");
}

bool jsonEqual(const QJsonValue &a, const QJsonValue &b)
{
    if (a.isDouble() && b.isDouble())
        return a.toDouble() == b.toDouble();
    return a == b;
}

class Validator
{
public:
    Validator(const QJsonObject &root, int maxProblems) : m_root(root), m_max(maxProblems) {}

    QStringList problems() const { return m_problems; }

    bool check(const QJsonValue &value, const QJsonValue &schemaValue, const QString &path, int depth = 0)
    {
        if (depth > 64 || full())
            return true;
        if (schemaValue.isBool()) {
            if (!schemaValue.toBool())
                add(path, Text::tr("no value is allowed here"));
            return schemaValue.toBool();
        }
        const QJsonObject schema = schemaValue.toObject();
        const int before = int(m_problems.size());
        if (schema.contains(QLatin1String("$ref"))) {
            const QJsonValue target = resolve(schema.value(QLatin1String("$ref")).toString());
            if (!target.isUndefined())
                check(value, target, path, depth + 1);
        }
        const QJsonValue type = schema.value(QLatin1String("type"));
        if (type.isString() && !typeMatches(type.toString(), value)) {
            add(path, Text::tr("expected %1, got %2").arg(type.toString(), typeOf(value)));
            return false;
        }
        if (type.isArray()) {
            bool any = false;
            QStringList names;
            for (const QJsonValue &t : type.toArray()) {
                names.append(t.toString());
                any = any || typeMatches(t.toString(), value);
            }
            if (!any) {
                add(path, Text::tr("expected %1, got %2").arg(names.join(QStringLiteral(" or ")), typeOf(value)));
                return false;
            }
        }
        if (schema.contains(QLatin1String("enum"))) {
            bool found = false;
            for (const QJsonValue &option : schema.value(QLatin1String("enum")).toArray())
                found = found || jsonEqual(option, value);
            if (!found)
                add(path, Text::tr("not one of the allowed values"));
        }
        if (schema.contains(QLatin1String("const")) && !jsonEqual(schema.value(QLatin1String("const")), value))
            add(path, Text::tr("not the required constant"));
        if (value.isDouble())
            checkNumber(value.toDouble(), schema, path);
        if (value.isString())
            checkString(value.toString(), schema, path);
        if (value.isArray())
            checkArray(value.toArray(), schema, path, depth);
        if (value.isObject())
            checkObject(value.toObject(), schema, path, depth);
        for (const QJsonValue &sub : schema.value(QLatin1String("allOf")).toArray())
            check(value, sub, path, depth + 1);
        if (schema.contains(QLatin1String("anyOf")) || schema.contains(QLatin1String("oneOf"))) {
            const bool one = schema.contains(QLatin1String("oneOf"));
            const QJsonArray options = schema.value(one ? QLatin1String("oneOf") : QLatin1String("anyOf")).toArray();
            int matches = 0;
            for (const QJsonValue &option : options) {
                Validator probe(m_root, 1);
                probe.check(value, option, path, depth + 1);
                if (probe.problems().isEmpty())
                    ++matches;
            }
            if (matches == 0)
                add(path, Text::tr("matches none of the allowed shapes"));
            else if (one && matches > 1)
                add(path, Text::tr("matches more than one of the shapes oneOf allows"));
        }
        if (schema.contains(QLatin1String("not"))) {
            Validator probe(m_root, 1);
            probe.check(value, schema.value(QLatin1String("not")), path, depth + 1);
            if (probe.problems().isEmpty())
                add(path, Text::tr("matches a shape that is not allowed"));
        }
        return m_problems.size() == before;
    }

private:
    bool full() const { return m_problems.size() >= m_max; }
    void add(const QString &path, const QString &problem)
    {
        if (!full())
            m_problems.append((path.isEmpty() ? QStringLiteral("(root)") : path) + QStringLiteral(": ") + problem);
    }

    QJsonValue resolve(const QString &ref) const
    {
        if (!ref.startsWith(QLatin1String("#")))
            return {};
        QJsonValue current = m_root;
        const QStringList parts = ref.mid(1).split(QLatin1Char('/'), Qt::SkipEmptyParts);
        for (QString part : parts) {
            part.replace(QLatin1String("~1"), QLatin1String("/")).replace(QLatin1String("~0"), QLatin1String("~"));
            if (current.isObject())
                current = current.toObject().value(part);
            else if (current.isArray())
                current = current.toArray().at(part.toInt());
            else
                return {};
        }
        return current;
    }

    void checkNumber(double n, const QJsonObject &schema, const QString &path)
    {
        if (schema.contains(QLatin1String("minimum")) && n < schema.value(QLatin1String("minimum")).toDouble())
            add(path, Text::tr("below the minimum %1").arg(schema.value(QLatin1String("minimum")).toDouble()));
        if (schema.contains(QLatin1String("maximum")) && n > schema.value(QLatin1String("maximum")).toDouble())
            add(path, Text::tr("above the maximum %1").arg(schema.value(QLatin1String("maximum")).toDouble()));
        if (schema.value(QLatin1String("exclusiveMinimum")).isDouble() && n <= schema.value(QLatin1String("exclusiveMinimum")).toDouble())
            add(path, Text::tr("not above %1").arg(schema.value(QLatin1String("exclusiveMinimum")).toDouble()));
        if (schema.value(QLatin1String("exclusiveMaximum")).isDouble() && n >= schema.value(QLatin1String("exclusiveMaximum")).toDouble())
            add(path, Text::tr("not below %1").arg(schema.value(QLatin1String("exclusiveMaximum")).toDouble()));
        const double multiple = schema.value(QLatin1String("multipleOf")).toDouble(0);
        if (multiple > 0) {
            const double ratio = n / multiple;
            if (std::fabs(ratio - std::round(ratio)) > 1e-9)
                add(path, Text::tr("not a multiple of %1").arg(multiple));
        }
    }

    void checkString(const QString &s, const QJsonObject &schema, const QString &path)
    {
        const qsizetype length = s.toUcs4().size();
        if (schema.contains(QLatin1String("minLength")) && length < schema.value(QLatin1String("minLength")).toInt())
            add(path, Text::tr("shorter than %1 characters").arg(schema.value(QLatin1String("minLength")).toInt()));
        if (schema.contains(QLatin1String("maxLength")) && length > schema.value(QLatin1String("maxLength")).toInt())
            add(path, Text::tr("longer than %1 characters").arg(schema.value(QLatin1String("maxLength")).toInt()));
        if (schema.contains(QLatin1String("pattern"))) {
            const QRegularExpression pattern(schema.value(QLatin1String("pattern")).toString());
            if (pattern.isValid() && !pattern.match(s).hasMatch())
                add(path, Text::tr("does not match the pattern %1").arg(pattern.pattern()));
        }
    }

    void checkArray(const QJsonArray &array, const QJsonObject &schema, const QString &path, int depth)
    {
        if (schema.contains(QLatin1String("minItems")) && array.size() < schema.value(QLatin1String("minItems")).toInt())
            add(path, Text::tr("fewer than %1 items").arg(schema.value(QLatin1String("minItems")).toInt()));
        if (schema.contains(QLatin1String("maxItems")) && array.size() > schema.value(QLatin1String("maxItems")).toInt())
            add(path, Text::tr("more than %1 items").arg(schema.value(QLatin1String("maxItems")).toInt()));
        const QJsonArray prefix = schema.value(QLatin1String("prefixItems")).toArray();
        for (qsizetype i = 0; i < array.size() && !full(); ++i) {
            const QString itemPath = path + QStringLiteral("[%1]").arg(i);
            if (i < prefix.size())
                check(array.at(i), prefix.at(i), itemPath, depth + 1);
            else if (schema.contains(QLatin1String("items")) && schema.value(QLatin1String("items")).isObject())
                check(array.at(i), schema.value(QLatin1String("items")), itemPath, depth + 1);
            else if (schema.value(QLatin1String("items")).isBool())
                check(array.at(i), schema.value(QLatin1String("items")), itemPath, depth + 1);
        }
        if (schema.value(QLatin1String("uniqueItems")).toBool()) {
            QSet<QByteArray> seen;
            for (const QJsonValue &item : array) {
                const QByteArray key = QJsonDocument(QJsonArray{item}).toJson(QJsonDocument::Compact);
                if (seen.contains(key)) {
                    add(path, Text::tr("items are not unique"));
                    break;
                }
                seen.insert(key);
            }
        }
    }

    void checkObject(const QJsonObject &object, const QJsonObject &schema, const QString &path, int depth)
    {
        for (const QJsonValue &name : schema.value(QLatin1String("required")).toArray()) {
            if (!object.contains(name.toString()))
                add(path, Text::tr("\"%1\" is missing").arg(name.toString()));
        }
        const QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
        const QJsonValue additional = schema.value(QLatin1String("additionalProperties"));
        for (auto it = object.begin(); it != object.end() && !full(); ++it) {
            const QString childPath = path.isEmpty() ? it.key() : path + QLatin1Char('.') + it.key();
            if (properties.contains(it.key()))
                check(it.value(), properties.value(it.key()), childPath, depth + 1);
            else if (additional.isBool() && !additional.toBool())
                add(childPath, Text::tr("is not an allowed property"));
            else if (additional.isObject())
                check(it.value(), additional, childPath, depth + 1);
        }
    }

    QJsonObject m_root;
    int m_max;
    QStringList m_problems;
};

} // namespace

Result<QJsonObject> McpSchema::normaliseInputSchema(const QJsonValue &schemaValue)
{
    if (schemaValue.isUndefined() || schemaValue.isNull())
        return QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}, {QStringLiteral("properties"), QJsonObject()}};
    if (!schemaValue.isObject())
        return Error(QStringLiteral("mcp.schema-refused"), Text::tr("its input schema is not a JSON object"));
    QJsonObject schema = schemaValue.toObject();
    const QJsonValue type = schema.value(QLatin1String("type"));
    if (type.isUndefined())
        schema.insert(QStringLiteral("type"), QStringLiteral("object"));
    else if (type.toString() != QLatin1String("object"))
        return Error(QStringLiteral("mcp.schema-refused"),
                     Text::tr("its input schema is of type %1; model APIs take only objects")
                         .arg(QString::fromUtf8(QJsonDocument(QJsonArray{type}).toJson(QJsonDocument::Compact)).mid(1).chopped(1)));
    for (const char *composite : {"oneOf", "anyOf", "allOf", "enum", "not"}) {
        if (schema.contains(QLatin1String(composite)))
            return Error(QStringLiteral("mcp.schema-refused"),
                         Text::tr("its input schema has \"%1\" at the top level, which model APIs refuse").arg(QLatin1String(composite)));
    }
    const QJsonValue properties = schema.value(QLatin1String("properties"));
    if (properties.isUndefined() || properties.isNull())
        schema.insert(QStringLiteral("properties"), QJsonObject());
    else if (!properties.isObject())
        return Error(QStringLiteral("mcp.schema-refused"), Text::tr("its input schema's \"properties\" is not an object"));
    const QJsonValue required = schema.value(QLatin1String("required"));
    if (!required.isUndefined()) {
        bool valid = required.isArray();
        for (const QJsonValue &name : required.toArray())
            valid = valid && name.isString();
        if (!valid)
            schema.remove(QStringLiteral("required"));
    }
    schema.remove(QStringLiteral("$schema"));
    schema.remove(QStringLiteral("$id"));
    return schema;
}

QStringList McpSchema::validate(const QJsonValue &value, const QJsonObject &schema, int maxProblems)
{
    Validator validator(schema, maxProblems);
    validator.check(value, schema, {});
    return validator.problems();
}

} // namespace valis
