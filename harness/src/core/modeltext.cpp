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

QString jsonParseError(QJsonParseError::ParseError error)
{
    switch (error) {
    case QJsonParseError::NoError:
        return QStringLiteral("no error occurred");
    case QJsonParseError::UnterminatedObject:
        return QStringLiteral("unterminated object");
    case QJsonParseError::MissingNameSeparator:
        return QStringLiteral("missing name separator");
    case QJsonParseError::UnterminatedArray:
        return QStringLiteral("unterminated array");
    case QJsonParseError::MissingValueSeparator:
        return QStringLiteral("missing value separator");
    case QJsonParseError::IllegalValue:
        return QStringLiteral("illegal value");
    case QJsonParseError::TerminationByNumber:
        return QStringLiteral("invalid termination by number");
    case QJsonParseError::IllegalNumber:
        return QStringLiteral("illegal number");
    case QJsonParseError::IllegalEscapeSequence:
        return QStringLiteral("invalid escape sequence");
    case QJsonParseError::IllegalUTF8String:
        return QStringLiteral("invalid UTF8 string");
    case QJsonParseError::UnterminatedString:
        return QStringLiteral("unterminated string");
    case QJsonParseError::MissingObject:
        return QStringLiteral("object is missing after a comma");
    case QJsonParseError::DeepNesting:
        return QStringLiteral("too deeply nested document");
    case QJsonParseError::DocumentTooLarge:
        return QStringLiteral("too large document");
    case QJsonParseError::GarbageAtEnd:
        return QStringLiteral("garbage at the end of the document");
    }
    return QStringLiteral("unknown error");
}

QString missingImageNote(const QString &mediaType)
{
    return QStringLiteral("[an image (%1) was here, but its stored copy cannot be read]").arg(mediaType);
}

} // namespace valis::modeltext
