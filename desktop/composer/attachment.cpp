#include "attachment.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QStringDecoder>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::Attachment)
};

// A fence longer than any backtick run in the text, so the file cannot close it early.
QString fenceFor(const QString &text)
{
    int longest = 0;
    int run = 0;
    for (const QChar c : text) {
        run = c == QLatin1Char('`') ? run + 1 : 0;
        longest = qMax(longest, run);
    }
    return QString(qMax(3, longest + 1), QLatin1Char('`'));
}
} // namespace

QString Attachment::imageType(const QByteArray &bytes)
{
    if (bytes.startsWith("\x89PNG\r\n\x1a\n"))
        return QStringLiteral("image/png");
    if (bytes.startsWith("\xff\xd8\xff"))
        return QStringLiteral("image/jpeg");
    if (bytes.startsWith("GIF87a") || bytes.startsWith("GIF89a"))
        return QStringLiteral("image/gif");
    if (bytes.size() >= 12 && bytes.startsWith("RIFF") && bytes.mid(8, 4) == "WEBP")
        return QStringLiteral("image/webp");
    return {};
}

namespace {
Part fencedText(const QString &heading, const QString &text)
{
    const QString fence = fenceFor(text);
    return Part::makeText(heading + QLatin1Char('\n') + fence + QLatin1Char('\n') + text
                          + (text.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n")) + fence);
}
} // namespace

Result<QList<Part>> Attachment::fromResource(const QString &label, const QJsonObject &result)
{
    QList<Part> parts;
    const QJsonArray contents = result.value(QLatin1String("contents")).toArray();
    if (contents.isEmpty())
        return Error(QStringLiteral("attachment.empty"), Text::tr("%1 has no content").arg(label));
    for (const QJsonValue &value : contents) {
        const QJsonObject content = value.toObject();
        const QString uri = content.value(QLatin1String("uri")).toString();
        const QString where = contents.size() == 1 || uri.isEmpty() ? label : Text::tr("%1 (%2)").arg(label, uri);
        if (content.contains(QLatin1String("text"))) {
            const QString text = content.value(QLatin1String("text")).toString();
            if (text.toUtf8().size() > MaxTextBytes)
                return Error(QStringLiteral("attachment.too-large"),
                             Text::tr("%1 is %2 KiB; attach text up to %3 KiB").arg(where).arg(text.toUtf8().size() / 1024).arg(MaxTextBytes / 1024));
            parts.append(fencedText(Text::tr("Attached resource %1:").arg(where), text));
            continue;
        }
        const QByteArray bytes = QByteArray::fromBase64(content.value(QLatin1String("blob")).toString().toLatin1());
        const QString type = imageType(bytes);
        if (!type.isEmpty()) {
            if (bytes.size() > MaxImageBytes)
                return Error(QStringLiteral("attachment.too-large"),
                             Text::tr("%1 is %2 KiB; images can be up to %3 KiB").arg(where).arg(bytes.size() / 1024).arg(MaxImageBytes / 1024));
            parts.append(Part::makeImage(ImageRef{type, QString(), bytes}));
            continue;
        }
        QStringDecoder decoder(QStringDecoder::Utf8);
        const QString text = decoder.decode(bytes);
        if (decoder.hasError() || bytes.contains('\0') || bytes.size() > MaxTextBytes)
            return Error(QStringLiteral("attachment.not-text"),
                         Text::tr("%1 is %2, neither text nor a PNG, JPEG, GIF or WebP image")
                             .arg(where, content.value(QLatin1String("mimeType")).toString(Text::tr("binary data"))));
        parts.append(fencedText(Text::tr("Attached resource %1:").arg(where), text));
    }
    return parts;
}

Result<Part> Attachment::read(const QString &path)
{
    const QFileInfo info(path);
    const QString name = info.fileName();
    if (!info.isFile())
        return Error(QStringLiteral("attachment.missing"), Text::tr("%1 is not a file").arg(path));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error(QStringLiteral("attachment.unreadable"), Text::tr("%1 cannot be read: %2").arg(path, file.errorString()));
    const QByteArray head = file.peek(16);
    const QString type = imageType(head);
    const qint64 limit = type.isEmpty() ? MaxTextBytes : MaxImageBytes;
    if (info.size() > limit)
        return Error(QStringLiteral("attachment.too-large"),
                     type.isEmpty() ? Text::tr("%1 is %2 KiB; attach text files up to %3 KiB, or put it in the workspace for the agent to read")
                                          .arg(name).arg(info.size() / 1024).arg(limit / 1024)
                                    : Text::tr("%1 is %2 KiB; images can be up to %3 KiB").arg(name).arg(info.size() / 1024).arg(limit / 1024));
    const QByteArray bytes = file.readAll();
    if (!type.isEmpty())
        return Part::makeImage(ImageRef{type, QString(), bytes});
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder.decode(bytes);
    if (decoder.hasError() || bytes.contains('\0'))
        return Error(QStringLiteral("attachment.not-text"),
                     Text::tr("%1 is neither UTF-8 text nor a PNG, JPEG, GIF or WebP image").arg(name));
    const QString fence = fenceFor(text);
    return Part::makeText(Text::tr("Attached file %1:").arg(QDir::toNativeSeparators(info.absoluteFilePath())) + QLatin1Char('\n')
                          + fence + QLatin1Char('\n') + text + (text.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n"))
                          + fence);
}

} // namespace valis
