#include "import/locomoimporter.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::LocomoImporter)
};

/// "1:56 pm on 8 May, 2023" (LoCoMo's only form); invalid for anything else.
QDateTime sessionTime(const QString &text)
{
    static const QRegularExpression form(
        QStringLiteral("^\\s*(\\d{1,2}):(\\d{2})\\s*([ap]m)\\s+on\\s+(\\d{1,2})\\s+([A-Za-z]+),?\\s+(\\d{4})\\s*$"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = form.match(text);
    if (!m.hasMatch())
        return {};
    int hour = m.captured(1).toInt() % 12;
    if (m.captured(3).compare(QLatin1String("pm"), Qt::CaseInsensitive) == 0)
        hour += 12;
    const QDate date = QLocale::c().toDate(m.captured(4) + QLatin1Char(' ') + m.captured(5) + QLatin1Char(' ') + m.captured(6),
                                           QStringLiteral("d MMMM yyyy"));
    if (!date.isValid())
        return {};
    return QDateTime(date, QTime(hour, m.captured(2).toInt()), Qt::UTC);
}

Error malformed(const QString &path, const QString &what)
{
    return Error(QStringLiteral("import.malformed"), Text::tr("not a LoCoMo file: %1").arg(what), path);
}

} // namespace

QString LocomoImporter::format() const
{
    return QStringLiteral("locomo");
}

QString LocomoImporter::displayName() const
{
    return Text::tr("LoCoMo conversations");
}

bool LocomoImporter::recognises(const QString &path, QByteArrayView head) const
{
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        return false;
    const QByteArray text = head.toByteArray();
    return text.trimmed().startsWith('[') && text.contains("\"conversation\"") && text.contains("\"speaker_a\"");
}

Result<ImportedTranscript> LocomoImporter::read(const QString &path) const
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error(QStringLiteral("import.unreadable"), Text::tr("cannot read the file: %1").arg(file.errorString()), path);
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return Error(QStringLiteral("import.malformed"),
                     Text::tr("the file is not valid JSON: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset),
                     path);
    }
    if (!document.isArray())
        return malformed(path, Text::tr("the top level is not a list of conversations"));

    ImportedTranscript transcript;
    transcript.format = format();
    transcript.sourcePath = QFileInfo(path).absoluteFilePath();
    const QJsonArray samples = document.array();
    for (qsizetype s = 0; s < samples.size(); ++s) {
        const QJsonObject sample = samples.at(s).toObject();
        const QString sampleId = sample.value(QLatin1String("sample_id")).toString();
        const QJsonObject conversation = sample.value(QLatin1String("conversation")).toObject();
        const QString speakerA = conversation.value(QLatin1String("speaker_a")).toString();
        const QString speakerB = conversation.value(QLatin1String("speaker_b")).toString();
        if (sampleId.isEmpty() || speakerA.isEmpty() || speakerB.isEmpty()) {
            return malformed(path, Text::tr("conversation %1 has no sample_id, speaker_a or speaker_b").arg(s + 1));
        }
        QList<int> numbers;
        static const QRegularExpression sessionKey(QStringLiteral("^session_(\\d+)$"));
        for (auto it = conversation.constBegin(); it != conversation.constEnd(); ++it) {
            const QRegularExpressionMatch m = sessionKey.match(it.key());
            if (m.hasMatch() && it.value().isArray())
                numbers << m.captured(1).toInt();
        }
        std::sort(numbers.begin(), numbers.end());
        for (const int number : std::as_const(numbers)) {
            const QString dateText = conversation.value(QStringLiteral("session_%1_date_time").arg(number)).toString();
            ImportedSession session;
            session.info.id = QStringLiteral("locomo-%1-s%2").arg(sampleId).arg(number);
            session.info.title = Text::tr("%1 and %2, session %3 (%4)").arg(speakerA, speakerB).arg(number).arg(dateText);
            session.info.originKind = format();
            session.info.originPath = transcript.sourcePath;
            session.info.originId = sampleId + QStringLiteral("/session_") + QString::number(number);
            session.info.metadata.insert(QStringLiteral("speakers"), QJsonArray{speakerA, speakerB});
            QDateTime time = sessionTime(dateText);
            if (!time.isValid()) {
                transcript.notes << Text::tr("%1 session %2: unreadable date \"%3\"; the file's time is used")
                                        .arg(sampleId).arg(number).arg(dateText);
                time = QFileInfo(path).lastModified().toUTC();
            }
            session.info.createdAt = time;
            const QJsonArray turns = conversation.value(QStringLiteral("session_%1").arg(number)).toArray();
            for (qsizetype t = 0; t < turns.size(); ++t) {
                const QJsonObject turn = turns.at(t).toObject();
                const QString speaker = turn.value(QLatin1String("speaker")).toString();
                const QString diaId = turn.value(QLatin1String("dia_id")).toString();
                QString text = turn.value(QLatin1String("text")).toString();
                if (diaId.isEmpty() || (speaker != speakerA && speaker != speakerB)) {
                    return malformed(path, Text::tr("%1 session %2 turn %3 has no dia_id or an unknown speaker")
                                               .arg(sampleId).arg(number).arg(t + 1));
                }
                const QString caption = turn.value(QLatin1String("blip_caption")).toString();
                if (!caption.isEmpty())
                    text += QStringLiteral(" [shared an image: %1]").arg(caption);
                Message message;
                message.id = sampleId + QLatin1Char('-') + diaId;
                message.role = speaker == speakerA ? Role::User : Role::Assistant;
                message.createdAt = time.addSecs(t);
                message.parts << Part::makeText(text);
                message.metadata.insert(QStringLiteral("speaker"), speaker);
                message.metadata.insert(QStringLiteral("dia_id"), diaId);
                if (!session.messages.isEmpty())
                    message.parentId = session.messages.constLast().id;
                session.messages << message;
            }
            session.info.updatedAt = session.messages.isEmpty() ? time : session.messages.constLast().createdAt;
            transcript.sessions << session;
        }
    }
    if (transcript.sessions.isEmpty())
        return malformed(path, Text::tr("no sessions in it"));
    return transcript;
}

} // namespace valis
