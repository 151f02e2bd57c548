#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QLatin1String>
#include <QString>

/// Reading fields of a provider's parsed JSON the way every decoder needs them.
namespace valis::providers {

/// A token count: the number at `key`, or -1 (the record's "not reported") when the field is
/// absent, null or not a number.
inline qint64 countField(const QJsonObject &object, QLatin1String key)
{
    const QJsonValue value = object.value(key);
    return value.isDouble() ? value.toInteger(-1) : -1;
}

/// A string, or a whole number written as text (servers send error codes either way); empty
/// for anything else.
inline QString scalarText(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toInteger());
    return {};
}

} // namespace valis::providers
