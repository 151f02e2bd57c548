#include "toolsupport.h"

namespace valis::tools::files {

// Messages here go back to the model, which reads English best; they are not tr()'d.

QString humanSize(qint64 bytes)
{
    if (bytes < 1024)
        return QStringLiteral("%1 B").arg(bytes);
    static const char *const units[] = {"KB", "MB", "GB", "TB"};
    double value = double(bytes) / 1024.0;
    int unit = 0;
    while (value >= 1024.0 && unit < 3) {
        value /= 1024.0;
        ++unit;
    }
    return QStringLiteral("%1 %2").arg(QString::number(value, 'f', value < 10 ? 1 : 0), QLatin1String(units[unit]));
}

QString quoted(const QString &path)
{
    return QLatin1Char('"') + path + QLatin1Char('"');
}

QString numberedLine(qint64 number, QStringView text)
{
    return QStringLiteral("%1\t").arg(number, 6) + text;
}

QString plural(qint64 count, const QString &singular, const QString &pluralForm)
{
    if (count == 1)
        return QStringLiteral("1 ") + singular;
    return QString::number(count) + QLatin1Char(' ') + (pluralForm.isEmpty() ? singular + QLatin1Char('s') : pluralForm);
}

} // namespace valis::tools::files
