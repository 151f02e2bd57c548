#include "valis/core/modeltext.h"

#include <QChar>

namespace valis::modeltext {

QString plural(qint64 count, const QString &singular)
{
    return QString::number(count) + QLatin1Char(' ') + singular + (count == 1 ? QString() : QStringLiteral("s"));
}

QString sizeText(qint64 bytes)
{
    if (bytes < 1024)
        return plural(bytes, QStringLiteral("byte"));
    if (bytes < 1024 * 1024)
        return QString::number(double(bytes) / 1024.0, 'f', 1) + QStringLiteral(" KB");
    return QString::number(double(bytes) / (1024.0 * 1024.0), 'f', 1) + QStringLiteral(" MB");
}

QString oneLine(const QString &text, qsizetype maxLength)
{
    QString line = text.simplified();
    if (line.size() > maxLength) {
        qsizetype keep = maxLength - 1;
        if (keep > 0 && line.at(keep - 1).isHighSurrogate())
            --keep;
        line = line.left(keep) + QChar(0x2026);
    }
    return line;
}

} // namespace valis::modeltext
