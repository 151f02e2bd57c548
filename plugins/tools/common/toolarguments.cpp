#include "toolarguments.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>

#include <cmath>

namespace valis::tools {

// Messages here go back to the model; they are English on purpose and not tr()'d.

namespace {

QString shown(const QJsonValue &value)
{
    if (value.isString())
        return QLatin1Char('"') + value.toString().left(60) + QLatin1Char('"');
    if (value.isArray())
        return QStringLiteral("an array");
    if (value.isObject())
        return QStringLiteral("an object");
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isNull())
        return QStringLiteral("null");
    return QString::number(value.toDouble());
}

} // namespace

ToolArguments::ToolArguments(const QString &toolName, const QJsonObject &arguments)
    : m_toolName(toolName), m_arguments(arguments)
{
}

QString ToolArguments::requiredText(const QString &name)
{
    const QJsonValue value = m_arguments.value(name);
    if (value.isUndefined()) {
        m_problems.append(QStringLiteral("`%1` is required").arg(name));
        return {};
    }
    if (!value.isString()) {
        m_problems.append(QStringLiteral("`%1` must be a string, got %2").arg(name, shown(value)));
        return {};
    }
    return value.toString();
}

QString ToolArguments::requiredString(const QString &name)
{
    const qsizetype before = m_problems.size();
    const QString text = requiredText(name);
    if (m_problems.size() == before && text.isEmpty())
        m_problems.append(QStringLiteral("`%1` must not be empty").arg(name));
    return text;
}

std::optional<QString> ToolArguments::optionalString(const QString &name)
{
    const QJsonValue value = m_arguments.value(name);
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    if (!value.isString()) {
        m_problems.append(QStringLiteral("`%1` must be a string, got %2").arg(name, shown(value)));
        return std::nullopt;
    }
    return value.toString();
}

std::optional<qint64> ToolArguments::optionalInteger(const QString &name, qint64 minimum, qint64 maximum)
{
    QJsonValue value = m_arguments.value(name);
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    // Models often send numbers as strings ("10"); accept those that are whole numbers.
    if (value.isString()) {
        bool ok = false;
        const qint64 parsed = value.toString().trimmed().toLongLong(&ok);
        if (ok)
            value = double(parsed);
    }
    const double number = value.toDouble(std::nan(""));
    if (!value.isDouble() || std::isnan(number) || number != std::floor(number) || number < double(minimum)
        || number > double(maximum)) {
        m_problems.append(QStringLiteral("`%1` must be a whole number from %2 to %3, got %4")
                              .arg(name, QString::number(minimum), QString::number(maximum), shown(m_arguments.value(name))));
        return std::nullopt;
    }
    return qint64(number);
}

qint64 ToolArguments::integer(const QString &name, qint64 fallback, qint64 minimum, qint64 maximum)
{
    return optionalInteger(name, minimum, maximum).value_or(fallback);
}

bool ToolArguments::boolean(const QString &name, bool fallback)
{
    const QJsonValue value = m_arguments.value(name);
    if (value.isUndefined() || value.isNull())
        return fallback;
    if (value.isBool())
        return value.toBool();
    if (value.isString()) {
        const QString text = value.toString().trimmed().toLower();
        if (text == QLatin1String("true"))
            return true;
        if (text == QLatin1String("false"))
            return false;
    }
    m_problems.append(QStringLiteral("`%1` must be true or false, got %2").arg(name, shown(value)));
    return fallback;
}

QStringList ToolArguments::stringList(const QString &name)
{
    const QJsonValue value = m_arguments.value(name);
    if (value.isUndefined() || value.isNull())
        return {};
    if (value.isString())
        return {value.toString()};
    if (!value.isArray()) {
        m_problems.append(QStringLiteral("`%1` must be an array of strings, got %2").arg(name, shown(value)));
        return {};
    }
    QStringList list;
    for (const QJsonValue &item : value.toArray()) {
        if (!item.isString()) {
            m_problems.append(QStringLiteral("`%1` must contain only strings, found %2").arg(name, shown(item)));
            return {};
        }
        list.append(item.toString());
    }
    return list;
}

QString ToolArguments::choice(const QString &name, const QStringList &allowed, const QString &fallback)
{
    const std::optional<QString> value = optionalString(name);
    if (!value)
        return fallback;
    if (!allowed.contains(*value)) {
        m_problems.append(QStringLiteral("`%1` must be one of %2, got \"%3\"")
                              .arg(name, allowed.join(QStringLiteral(", ")), value->left(60)));
        return fallback;
    }
    return *value;
}

QString ToolArguments::errorMessage() const
{
    return QStringLiteral("Invalid arguments for %1: %2.").arg(m_toolName, m_problems.join(QStringLiteral("; ")));
}

} // namespace valis::tools
