#include "valis/export/jsonlexport.h"

#include "valis/record/recordjson.h"
#include "valis/store/sessionstore.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QSet>

namespace valis {

namespace {

constexpr qint64 pageSize = 500;

Result<void> writeLine(QIODevice &out, const QJsonObject &json)
{
    QByteArray line = QJsonDocument(json).toJson(QJsonDocument::Compact);
    line += '\n';
    if (out.write(line) != line.size()) {
        return Error(QStringLiteral("export.write-failed"),
                     QCoreApplication::translate("valis::JsonlExport", "cannot write the export: %1")
                         .arg(out.errorString()));
    }
    return success();
}

void collectBlobUris(const QList<Part> &parts, QStringList &uris)
{
    for (const Part &part : parts) {
        if (part.kind == PartKind::Image && part.image.uri.startsWith(QLatin1String("blob:")))
            uris << part.image.uri;
        collectBlobUris(part.content, uris);
    }
}

} // namespace

Result<void> JsonlExport::write(const SessionStore &store, const QStringList &sessionIds, QIODevice &out)
{
    Result<void> written = writeLine(out, QJsonObject{
        {QStringLiteral("type"), QStringLiteral("valis-export")},
        {QStringLiteral("version"), formatVersion},
        {QStringLiteral("exported_at"), recordjson::formatTimestamp(QDateTime::currentDateTimeUtc())},
    });
    QStringList blobUris;
    for (const QString &sessionId : sessionIds) {
        if (!written.ok())
            return written;
        Result<SessionInfo> info = store.session(sessionId);
        if (!info.ok())
            return info.error();
        written = writeLine(out, QJsonObject{{QStringLiteral("type"), QStringLiteral("session")},
                                             {QStringLiteral("session"), recordjson::toJson(info.value())}});
        for (qint64 from = 0; written.ok(); from += pageSize) {
            Result<QList<Message>> page = store.messages(sessionId, from, pageSize);
            if (!page.ok())
                return page.error();
            for (const Message &message : page.value()) {
                collectBlobUris(message.parts, blobUris);
                written = writeLine(out, QJsonObject{{QStringLiteral("type"), QStringLiteral("message")},
                                                     {QStringLiteral("session_id"), sessionId},
                                                     {QStringLiteral("message"), recordjson::toJson(message)}});
                if (!written.ok())
                    return written;
            }
            if (page->size() < pageSize)
                break;
        }
    }
    QSet<QString> seen;
    for (const QString &uri : std::as_const(blobUris)) {
        if (!written.ok())
            return written;
        if (seen.contains(uri))
            continue;
        seen.insert(uri);
        Result<QByteArray> data = store.readBlob(uri);
        if (!data.ok())
            return data.error();
        written = writeLine(out, QJsonObject{{QStringLiteral("type"), QStringLiteral("blob")},
                                             {QStringLiteral("uri"), uri},
                                             {QStringLiteral("data"), QString::fromLatin1(data->toBase64())}});
    }
    return written;
}

} // namespace valis
