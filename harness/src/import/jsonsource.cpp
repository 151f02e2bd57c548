#include "valis/import/jsonsource.h"

#include <QCoreApplication>
#include <QFile>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::JsonSource)
};

Result<QByteArray> readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return Error(QStringLiteral("import.unreadable"),
                     Text::tr("cannot read the file: %1").arg(file.errorString()), path);
    }
    return file.readAll();
}
} // namespace

Error malformedInput(const QString &path, int line, const QString &message)
{
    const QString where = line > 0 ? path + QLatin1Char(':') + QString::number(line) : path;
    return Error(QStringLiteral("import.malformed"), message, where);
}

Result<QList<JsonLine>> readJsonLines(const QString &path)
{
    Result<QByteArray> bytes = readAll(path);
    if (!bytes.ok())
        return bytes.error();
    const QByteArray &data = bytes.value();
    QList<JsonLine> lines;
    qsizetype start = 0;
    int lineNumber = 0;
    while (start < data.size()) {
        qsizetype end = data.indexOf('\n', start);
        if (end < 0)
            end = data.size();
        ++lineNumber;
        const QByteArray line = data.mid(start, end - start).trimmed();
        start = end + 1;
        if (line.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError) {
            return malformedInput(path, lineNumber,
                                  Text::tr("not valid JSON (%1 at column %2)")
                                      .arg(error.errorString())
                                      .arg(error.offset + 1));
        }
        if (!document.isObject())
            return malformedInput(path, lineNumber, Text::tr("expected a JSON object on this line"));
        lines.append({lineNumber, document.object()});
    }
    return lines;
}

Result<QJsonDocument> readJsonFile(const QString &path)
{
    Result<QByteArray> bytes = readAll(path);
    if (!bytes.ok())
        return bytes.error();
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(bytes.value(), &error);
    if (error.error != QJsonParseError::NoError) {
        const QByteArray &data = bytes.value();
        const qsizetype offset = qMin<qsizetype>(error.offset, data.size());
        const int line = int(data.left(offset).count('\n')) + 1;
        const qsizetype lineStart = data.lastIndexOf('\n', offset - 1) + 1;
        return malformedInput(path, line,
                              Text::tr("not valid JSON (%1 at column %2)")
                                  .arg(error.errorString())
                                  .arg(offset - lineStart + 1));
    }
    return document;
}

} // namespace valis
