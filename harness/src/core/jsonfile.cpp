#include "core/jsonfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSaveFile>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::Settings)
};

int lineOf(const QByteArray &bytes, qsizetype offset)
{
    return int(bytes.left(offset).count('\n')) + 1;
}
} // namespace

Result<std::optional<QJsonObject>> readJsonObjectFile(const QString &path, const QString &code, int formatVersion)
{
    QFile file(path);
    if (!file.exists())
        return std::optional<QJsonObject>();
    if (!file.open(QIODevice::ReadOnly))
        return Error(code, Text::tr("cannot read the file: %1").arg(file.errorString()), path);
    const QByteArray bytes = file.readAll();
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return Error(code, Text::tr("not valid JSON: %1").arg(parseError.errorString()),
                     path + QLatin1Char(':') + QString::number(lineOf(bytes, parseError.offset)));
    if (!document.isObject())
        return Error(code, Text::tr("the file must hold a JSON object"), path);
    const QJsonValue version = document.object().value(QLatin1String("version"));
    if (!version.isUndefined() && version.toInt(-1) != formatVersion)
        return Error(code, Text::tr("unsupported version %1 (this Valis reads version %2)")
                               .arg(version.toVariant().toString()).arg(formatVersion), path);
    return std::optional<QJsonObject>(document.object());
}

Result<void> writeJsonObjectFile(const QString &path, const QJsonObject &object, const QString &code)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return Error(code, Text::tr("cannot create the folder"), path);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error(code, Text::tr("cannot write the file: %1").arg(file.errorString()), path);
    file.write(QJsonDocument(object).toJson(QJsonDocument::Indented));
    if (!file.commit())
        return Error(code, Text::tr("cannot write the file: %1").arg(file.errorString()), path);
    return success();
}

} // namespace valis
