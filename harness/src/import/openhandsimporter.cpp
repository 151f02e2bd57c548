#include "import/openhandsimporter.h"

#include "import/openhandstrajectory.h"

#include "valis/core/ids.h"
#include "valis/import/jsonsource.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QSet>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::OpenHandsImporter)
};

constexpr qsizetype kTitleLength = 80;

// The 1-based line on which each element of the events array starts: the top-level array
// (`arrayDepth` 1) or the one inside the GUI's {"trajectory": [...]} export (2). Only computed
// when an event is rejected, to name its line; QJsonDocument keeps no positions.
QList<int> elementLines(const QByteArray &data, int arrayDepth)
{
    QList<int> lines;
    int line = 1;
    QByteArray open; // the containers around the current position, outermost first
    bool inString = false;
    bool escaped = false;
    bool expectElement = false;
    for (const char c : data) {
        if (c == '\n')
            ++line;
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (expectElement && c != ' ' && c != '\t' && c != '\r' && c != '\n') {
            if (c != ']')
                lines.append(line);
            expectElement = false;
        }
        switch (c) {
        case '"':
            inString = true;
            break;
        case '[':
        case '{':
            open.append(c);
            expectElement = c == '[' && open.size() == arrayDepth;
            break;
        case ']':
        case '}':
            open.chop(1);
            break;
        case ',':
            expectElement = open.size() == arrayDepth && open.endsWith('[');
            break;
        default:
            break;
        }
    }
    return lines;
}

bool isInteger(const QJsonValue &value)
{
    return value.isDouble() && value.toDouble() == double(value.toInteger());
}

// OpenHands writes datetime.isoformat() of a naive local time: microseconds, no zone. Read the
// wall time as UTC (the zone is unknown); honour a zone when one is there.
QDateTime parseEventTime(const QString &text)
{
    QString trimmed = text;
    const qsizetype dot = trimmed.indexOf(QLatin1Char('.'));
    if (dot > 0) {
        qsizetype end = dot + 1;
        while (end < trimmed.size() && trimmed.at(end).isDigit())
            ++end;
        if (end - dot > 4) // Qt reads milliseconds; drop the finer digits
            trimmed.remove(dot + 4, end - dot - 4);
    }
    QDateTime time = QDateTime::fromString(trimmed, Qt::ISODateWithMs);
    if (!time.isValid())
        return {};
    if (time.timeSpec() == Qt::LocalTime)
        time = QDateTime(time.date(), time.time(), Qt::UTC);
    return time.toUTC();
}

QString titleFrom(const QString &text)
{
    const QString simple = text.simplified();
    return simple.size() <= kTitleLength ? simple
                                         : simple.left(kTitleLength - 1) + QChar(0x2026);
}

class EventReader
{
public:
    EventReader(const QString &path, const QByteArray &bytes) : m_path(path), m_bytes(bytes) {}

    Result<QList<openhands::Event>> read(const QJsonDocument &document)
    {
        QJsonArray array;
        if (document.isArray()) {
            array = document.array();
        } else if (document.isObject() && document.object().contains(QLatin1String("trajectory"))) {
            // The GUI's export (the server's trajectory endpoint): {"trajectory": [events]}, or
            // {"trajectory": null, "error": "..."} when the server could not read the events.
            const QJsonObject wrapper = document.object();
            const QJsonValue trajectory = wrapper.value(QLatin1String("trajectory"));
            if (!trajectory.isArray()) {
                const QString reason = wrapper.value(QLatin1String("error")).toString();
                return malformedInput(m_path, 1,
                                      reason.isEmpty() ? Text::tr("the export's \"trajectory\" is not an array of events")
                                                       : Text::tr("the export holds no trajectory; OpenHands said: %1").arg(reason));
            }
            array = trajectory.toArray();
            m_arrayDepth = 2;
        } else {
            return malformedInput(m_path, 1, Text::tr("expected a JSON array of OpenHands events or {\"trajectory\": [...]}"));
        }
        QList<openhands::Event> events;
        events.reserve(array.size());
        QSet<qint64> seen;
        for (qsizetype index = 0; index < array.size(); ++index) {
            if (!array.at(index).isObject()) {
                return malformedInput(m_path, lineOf(index),
                                      Text::tr("event #%1 of the array is not a JSON object").arg(index + 1));
            }
            const QJsonObject json = array.at(index).toObject();
            const QJsonValue id = json.value(QLatin1String("id"));
            if (!isInteger(id)) {
                return malformedInput(m_path, lineOf(index),
                                      Text::tr("event #%1 of the array has no integer \"id\"").arg(index + 1));
            }
            Result<openhands::Event> event = readEvent(json, id.toInteger());
            if (!event.ok())
                return malformedInput(m_path, lineOf(index), event.error().message);
            if (seen.contains(event->id)) {
                return malformedInput(m_path, lineOf(index),
                                      Text::tr("event %1: the id is used twice").arg(event->id));
            }
            seen.insert(event->id);
            events.append(std::move(event).value());
        }
        return events;
    }

private:
    int lineOf(qsizetype index)
    {
        if (m_lines.isEmpty())
            m_lines = elementLines(m_bytes, m_arrayDepth);
        return index < m_lines.size() ? m_lines.at(index) : 0;
    }

    static Result<openhands::Event> readEvent(const QJsonObject &json, qint64 id)
    {
        const auto wrong = [id](const QString &what) {
            return Error(QStringLiteral("import.malformed"), Text::tr("event %1: %2").arg(QString::number(id), what));
        };
        openhands::Event event;
        event.id = id;
        event.json = json;
        const QJsonValue action = json.value(QLatin1String("action"));
        const QJsonValue observation = json.value(QLatin1String("observation"));
        if (action.isUndefined() == observation.isUndefined())
            return wrong(Text::tr("an event has exactly one of \"action\" and \"observation\""));
        if (!action.isUndefined() && (!action.isString() || action.toString().isEmpty()))
            return wrong(Text::tr("\"action\" is not a name"));
        if (!observation.isUndefined() && (!observation.isString() || observation.toString().isEmpty()))
            return wrong(Text::tr("\"observation\" is not a name"));
        event.action = action.toString();
        event.observation = observation.toString();

        const QJsonValue source = json.value(QLatin1String("source"));
        if (!source.isUndefined() && !source.isNull() && !source.isString())
            return wrong(Text::tr("\"source\" is not a string"));
        event.source = source.toString();

        const QJsonValue cause = json.value(QLatin1String("cause"));
        if (!cause.isUndefined() && !cause.isNull()) {
            if (!isInteger(cause))
                return wrong(Text::tr("\"cause\" is not an event id"));
            event.cause = cause.toInteger();
        }

        const QJsonValue timestamp = json.value(QLatin1String("timestamp"));
        if (!timestamp.isUndefined() && !timestamp.isNull()) {
            event.timestamp = parseEventTime(timestamp.toString());
            if (!event.timestamp.isValid())
                return wrong(Text::tr("\"timestamp\" is not an ISO 8601 time"));
        }

        for (const char *key : {"args", "extras", "tool_call_metadata", "llm_metrics"}) {
            const QJsonValue value = json.value(QLatin1String(key));
            if (!value.isUndefined() && !value.isNull() && !value.isObject())
                return wrong(Text::tr("\"%1\" is not an object").arg(QLatin1String(key)));
        }
        event.args = json.value(QLatin1String("args")).toObject();
        event.extras = json.value(QLatin1String("extras")).toObject();
        event.toolCallMetadata = json.value(QLatin1String("tool_call_metadata")).toObject();
        const QJsonValue callId = event.toolCallMetadata.value(QLatin1String("tool_call_id"));
        if (!callId.isUndefined() && !callId.isNull() && !callId.isString())
            return wrong(Text::tr("\"tool_call_metadata.tool_call_id\" is not a string"));
        return event;
    }

    QString m_path;
    QByteArray m_bytes;
    QList<int> m_lines;
    int m_arrayDepth = 1;
};

} // namespace

QString OpenHandsImporter::format() const
{
    return QStringLiteral("openhands");
}

QString OpenHandsImporter::displayName() const
{
    return Text::tr("OpenHands trajectory");
}

bool OpenHandsImporter::recognises(const QString &path, QByteArrayView head) const
{
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        return false;
    QByteArray text = QByteArray::fromRawData(head.data(), head.size()).trimmed();
    if (text.startsWith('{')) {
        // The GUI's export puts the events under "trajectory", its first key. (SWE-agent's
        // trajectories have one too, beside "history", and steps without ids.)
        text = text.mid(1).trimmed();
        if (!text.startsWith("\"trajectory\""))
            return false;
        text = text.mid(12).trimmed();
        if (!text.startsWith(':'))
            return false;
        text = text.mid(1).trimmed();
        if (text.startsWith("null"))
            return true; // an export that failed: read() names its error
    }
    if (!text.startsWith('['))
        return false;
    if (!text.mid(1).trimmed().startsWith('{'))
        return false;
    return text.contains("\"id\"") && text.contains("\"timestamp\"") && text.contains("\"source\"")
        && (text.contains("\"action\"") || text.contains("\"observation\""));
}

Result<ImportedTranscript> OpenHandsImporter::read(const QString &path) const
{
    Result<QJsonDocument> document = readJsonFile(path);
    if (!document.ok())
        return document.error();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return Error(QStringLiteral("import.unreadable"),
                     Text::tr("cannot read the file: %1").arg(file.errorString()), path);
    }
    const QByteArray bytes = file.readAll();

    Result<QList<openhands::Event>> events = EventReader(path, bytes).read(document.value());
    if (!events.ok())
        return events.error();

    openhands::TrajectoryBuilder builder;
    for (const openhands::Event &event : events.value())
        builder.add(event);

    ImportedSession session;
    session.messages = builder.messages();
    SessionInfo &info = session.info;
    info.id = contentId(u"oh", bytes, 12);
    info.originKind = format();
    info.originPath = QFileInfo(path).absoluteFilePath();
    for (const openhands::Event &event : events.value()) {
        if (!event.timestamp.isValid())
            continue;
        if (!info.createdAt.isValid() || event.timestamp < info.createdAt)
            info.createdAt = event.timestamp;
        if (!info.updatedAt.isValid() || event.timestamp > info.updatedAt)
            info.updatedAt = event.timestamp;
    }
    for (const Message &message : std::as_const(session.messages)) {
        if (info.title.isEmpty() && message.role == Role::User)
            info.title = titleFrom(message.text());
        if (info.model.isEmpty())
            info.model = message.model;
    }
    if (info.title.isEmpty())
        info.title = QFileInfo(path).completeBaseName();
    info.metadata.insert(QLatin1String("eventCount"), qint64(events->size()));
    info.metadata.insert(QLatin1String("timeZone"), QStringLiteral("unknown; read as UTC"));

    ImportedTranscript transcript;
    transcript.format = format();
    transcript.sourcePath = path;
    transcript.sessions.append(session);
    transcript.notes.append(
        Text::tr("OpenHands timestamps carry no time zone; they were read as UTC."));
    if (!builder.leftOut().isEmpty()) {
        QStringList kinds;
        int total = 0;
        for (auto it = builder.leftOut().constBegin(); it != builder.leftOut().constEnd(); ++it) {
            kinds << QStringLiteral("%1 \u00d7%2").arg(it.key()).arg(it.value());
            total += it.value();
        }
        transcript.notes.append(Text::tr("Left out %n event(s) the model never saw: %1", nullptr, total)
                                    .arg(kinds.join(QStringLiteral(", "))));
    }
    if (builder.unpairedObservations() > 0) {
        transcript.notes.append(Text::tr("%n observation(s) answer no tool call and were kept as "
                                         "system messages", nullptr, builder.unpairedObservations()));
    }
    return transcript;
}

} // namespace valis
