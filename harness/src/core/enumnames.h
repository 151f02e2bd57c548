#pragma once

#include <QLatin1String>
#include <QString>
#include <QStringView>

#include <cstddef>

namespace valis {

/// One row of a table that names the values of an enum for files and wire formats.
template<typename Enum>
struct EnumName
{
    Enum value;
    const char *name;
};

/// The name of `value` in `table`; every value must have a row.
template<typename Enum, std::size_t N>
QString enumName(const EnumName<Enum> (&table)[N], Enum value)
{
    for (const auto &row : table) {
        if (row.value == value)
            return QString::fromLatin1(row.name);
    }
    Q_UNREACHABLE();
}

/// Looks `name` up in `table`; false when no row has it.
template<typename Enum, std::size_t N>
bool enumFromName(const EnumName<Enum> (&table)[N], QStringView name, Enum *value)
{
    for (const auto &row : table) {
        if (name == QLatin1String(row.name)) {
            *value = row.value;
            return true;
        }
    }
    return false;
}

} // namespace valis
