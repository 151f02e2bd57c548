#include "import/valisjsonlimporter.h"

#include "valis/export/jsonlexport.h"
#include "valis/import/jsonsource.h"
#include "valis/record/recordjson.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QHash>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ValisJsonlImporter)
};

void attachBlobs(QList<Part> &parts, const QHash<QString, QByteArray> &blobs, QStringList &missing)
{
    for (Part &part : parts) {
        if (part.kind == PartKind::Image && part.image.uri.startsWith(QLatin1String("blob:"))) {
            const auto found = blobs.constFind(part.image.uri);
            if (found == blobs.constEnd())
                missing << part.image.uri;
            else
                part.image.data = found.value();
        }
        attachBlobs(part.content, blobs, missing);
    }
}

} // namespace

QString ValisJsonlImporter::format() const
{
    return QStringLiteral("valis-jsonl");
}

QString ValisJsonlImporter::displayName() const
{
    return Text::tr("Valis JSONL export");
}

bool ValisJsonlImporter::recognises(const QString &, QByteArrayView head) const
{
    const qsizetype end = head.indexOf('\n');
    const QByteArrayView first = end < 0 ? head : head.first(end);
    return first.contains("\"type\":\"valis-export\"");
}

Result<ImportedTranscript> ValisJsonlImporter::read(const QString &path) const
{
    Result<QList<JsonLine>> lines = readJsonLines(path);
    if (!lines.ok())
        return lines.error();
    if (lines->isEmpty() || lines->first().object.value(QLatin1String("type")).toString() != QLatin1String("valis-export"))
        return malformedInput(path, 1, Text::tr("not a Valis export: the first line must be the valis-export header"));
    const int version = lines->first().object.value(QLatin1String("version")).toInt();
    if (version > JsonlExport::formatVersion) {
        return malformedInput(path, 1, Text::tr("the export is format version %1; this Valis reads up to %2")
                                           .arg(version)
                                           .arg(JsonlExport::formatVersion));
    }

    ImportedTranscript transcript;
    transcript.format = format();
    transcript.sourcePath = path;
    QHash<QString, qsizetype> sessionIndex;
    QHash<QString, QByteArray> blobs;
    QList<int> messageLines; // per session, parallel to messages, to name lines in errors
    for (qsizetype i = 1; i < lines->size(); ++i) {
        const JsonLine &line = lines->at(i);
        const QString type = line.object.value(QLatin1String("type")).toString();
        if (type == QLatin1String("session")) {
            Result<SessionInfo> info = recordjson::sessionFromJson(line.object.value(QLatin1String("session")).toObject());
            if (!info.ok())
                return malformedInput(path, line.lineNumber, info.error().message);
            if (sessionIndex.contains(info->id))
                return malformedInput(path, line.lineNumber, Text::tr("session %1 appears twice").arg(info->id));
            sessionIndex.insert(info->id, transcript.sessions.size());
            transcript.sessions.append({info.value(), {}});
        } else if (type == QLatin1String("message")) {
            const QString sessionId = line.object.value(QLatin1String("session_id")).toString();
            const auto session = sessionIndex.constFind(sessionId);
            if (session == sessionIndex.constEnd())
                return malformedInput(path, line.lineNumber, Text::tr("message for unknown session \"%1\"").arg(sessionId));
            Result<Message> message = recordjson::messageFromJson(line.object.value(QLatin1String("message")).toObject());
            if (!message.ok())
                return malformedInput(path, line.lineNumber, message.error().message);
            transcript.sessions[session.value()].messages.append(std::move(message).value());
        } else if (type == QLatin1String("blob")) {
            const QString uri = line.object.value(QLatin1String("uri")).toString();
            const QByteArray data = QByteArray::fromBase64(line.object.value(QLatin1String("data")).toString().toLatin1());
            const QString expected = QStringLiteral("blob:sha256-")
                                     + QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
            if (uri != expected)
                return malformedInput(path, line.lineNumber, Text::tr("the blob's data does not match its reference %1").arg(uri));
            blobs.insert(uri, data);
        } else {
            return malformedInput(path, line.lineNumber, Text::tr("unknown line type \"%1\"").arg(type));
        }
    }
    for (ImportedSession &session : transcript.sessions) {
        for (Message &message : session.messages) {
            QStringList missing;
            attachBlobs(message.parts, blobs, missing);
            if (!missing.isEmpty()) {
                return malformedInput(path, 0, Text::tr("message %1 refers to images the export does not contain: %2")
                                                   .arg(message.id, missing.join(QStringLiteral(", "))));
            }
        }
    }
    return transcript;
}

} // namespace valis
