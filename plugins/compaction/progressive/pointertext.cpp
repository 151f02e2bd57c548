#include "pointertext.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace valis::progressive {

namespace {

constexpr qsizetype MaxPreviewLine = 400;

QString grouped(qint64 number)
{
    QString digits = QString::number(number);
    for (qsizetype i = digits.size() - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(','));
    return digits;
}

QString cutLine(const QString &line)
{
    return line.size() <= MaxPreviewLine ? line
                                         : line.left(MaxPreviewLine) + QStringLiteral(" … [line cut, %1 characters]").arg(line.size());
}

QString plural(qint64 count, const char *one, const char *many)
{
    return grouped(count) + QLatin1Char(' ') + QLatin1String(count == 1 ? one : many);
}

} // namespace

QString readFileCall(const QString &path, qint64 offset)
{
    QJsonObject arguments{{QStringLiteral("path"), path}};
    if (offset > 1)
        arguments.insert(QStringLiteral("offset"), offset);
    return QStringLiteral("read_file ") + QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact));
}

QString offloadPreview(const QString &toolName, const QString &text, qint64 tokens, const QString &path, int head, int tail)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.constLast().isEmpty())
        lines.removeLast();
    const qsizetype total = lines.size();
    QString preview = QStringLiteral("[The result of %1 was large (%2, %3), so it was moved out of the context to %4. ")
                          .arg(toolName.isEmpty() ? QStringLiteral("this call") : toolName, plural(tokens, "token", "tokens"),
                               plural(total, "line", "lines"), path);
    if (total <= head + tail) {
        preview += QStringLiteral("Its lines follow, each cut at %1 characters; %2 reads it whole.]\n").arg(MaxPreviewLine).arg(readFileCall(path));
        for (const QString &line : std::as_const(lines))
            preview += cutLine(line) + QLatin1Char('\n');
        return preview;
    }
    preview += QStringLiteral("Its first %1 and last %2 lines are below; %3 reads on from where the first part stops.]\n")
                   .arg(head)
                   .arg(tail)
                   .arg(readFileCall(path, head + 1));
    for (qsizetype i = 0; i < head; ++i)
        preview += cutLine(lines.at(i)) + QLatin1Char('\n');
    preview += QStringLiteral("… [%1 not shown] …\n").arg(plural(total - head - tail, "line", "lines"));
    for (qsizetype i = total - tail; i < total; ++i)
        preview += cutLine(lines.at(i)) + QLatin1Char('\n');
    return preview;
}

qint64 lineCount(const QString &text)
{
    return text.isEmpty() ? 0 : text.count(QLatin1Char('\n')) + (text.endsWith(QLatin1Char('\n')) ? 0 : 1);
}

QString evictedResult(const QString &toolName, qint64 tokens, qint64 lines, const QString &path)
{
    QString size = plural(tokens, "token", "tokens");
    if (lines >= 0)
        size += QStringLiteral(", ") + plural(lines, "line", "lines");
    return QStringLiteral("[%1 result moved out (%2): %3]")
        .arg(toolName.isEmpty() ? QStringLiteral("tool") : toolName, size, readFileCall(path));
}

QString evictedCapturedResult(const QString &toolName, const QString &memoryRefLine, const QString &key)
{
    return QStringLiteral("[%1 result moved out: %2 retrieve_memory {\"key\":\"%3\"}]")
        .arg(toolName.isEmpty() ? QStringLiteral("tool") : toolName, memoryRefLine, key);
}

QJsonObject evictedInput(const QJsonObject &arguments, const QStringList &contentKeys, const QStringList &pathKeys,
                         const QString &archivePath, int turn)
{
    QString file;
    for (const QString &key : pathKeys) {
        if (arguments.value(key).isString()) {
            file = arguments.value(key).toString();
            break;
        }
    }
    QJsonObject kept = arguments;
    for (const QString &key : contentKeys) {
        if (!kept.contains(key))
            continue;
        const QJsonValue value = kept.value(key);
        const qint64 bytes = value.isString() ? value.toString().toUtf8().size()
                                              : QJsonDocument::fromVariant(value.toVariant()).toJson(QJsonDocument::Compact).size();
        QString note = QStringLiteral("[moved out: %1").arg(plural(bytes, "byte", "bytes"));
        if (!file.isEmpty())
            note += QStringLiteral(" for %1 at T-%2; the file itself is at %1").arg(file).arg(turn);
        note += QStringLiteral("; this input: %1]").arg(readFileCall(archivePath));
        kept.insert(key, note);
    }
    return kept;
}

} // namespace valis::progressive
