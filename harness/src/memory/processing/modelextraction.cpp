// What the summary model is asked when one is configured, and how its answer is read: one
// JSON object with three lists, each item naming the message ids it comes from. Ids that are
// no message of the session are dropped, and so is an item left without any.
#include "memory/processing/processingtext.h"
#include "valis/memory/memoryprocessing.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::MemoryProcessor)
};

constexpr qsizetype PartMaxChars = 4000;

const QStringList &referenceKinds()
{
    static const QStringList kinds{QStringLiteral("path"), QStringLiteral("url"), QStringLiteral("command"), QStringLiteral("issue"),
                                   QStringLiteral("person"), QStringLiteral("other")};
    return kinds;
}

} // namespace

QString memoryExtractionInstruction()
{
    // For the model: English, whatever the interface language.
    return QStringLiteral(
        "Do not call any tool. Read the transcript above (each message starts with its id in square brackets) and "
        "write down what is worth remembering for future sessions of the same project. Answer with one JSON "
        "object and nothing else:\n"
        "{\"topics\": [{\"text\": \"what the session was about, a few words\", \"weight\": 0.0-1.0, \"evidence\": [\"MESSAGE_ID\"]}],\n"
        " \"lessons\": [{\"text\": \"one sentence: what worked, what failed and why (e.g. `make staging` needs "
        "`LTO=--no-lto`)\", \"outcome\": \"worked|failed|fact\", \"weight\": 0.0-1.0, \"evidence\": [\"MESSAGE_ID\", ...]}],\n"
        " \"references\": [{\"text\": \"a path, URL, command, issue id or person exactly as written\", "
        "\"kind\": \"path|url|command|issue|person|other\", \"evidence\": [\"MESSAGE_ID\"]}]}\n"
        "Every item needs at least one evidence id copied exactly from the transcript. At most 5 topics, 10 "
        "lessons and 20 references; leave a list empty rather than guess. A lesson that says something is no "
        "longer needed says so explicitly (\"no longer needs\").");
}

QString memoryExtractionTranscript(const QList<Message> &messages, qsizetype maxChars)
{
    QString out;
    for (const Message &message : messages) {
        QString body;
        for (const Part &part : message.parts) {
            switch (part.kind) {
            case PartKind::Text:
                body += cutText(part.text, PartMaxChars) + QLatin1Char('\n');
                break;
            case PartKind::ToolCall:
                body += QStringLiteral("(tool call %1) %2\n").arg(part.toolName, cutText(part.argumentsJson(), PartMaxChars));
                break;
            case PartKind::ToolResult:
                body += QStringLiteral("(tool result%1) %2\n")
                            .arg(part.isError ? QStringLiteral(", error") : QString(), cutText(part.resultText(), PartMaxChars));
                break;
            default:
                break;
            }
        }
        if (body.isEmpty())
            continue;
        const QString entry = QStringLiteral("[%1 %2]\n%3\n").arg(message.id, roleName(message.role), body);
        if (out.size() + entry.size() > maxChars)
            break;
        out += entry;
    }
    return out;
}

QList<QList<Message>> memoryExtractionChunks(const QList<Message> &messages, qsizetype maxChars)
{
    QList<QList<Message>> chunks;
    qsizetype size = 0;
    for (const Message &message : messages) {
        const qsizetype entry = memoryExtractionTranscript({message}, maxChars).size();
        if (entry == 0)
            continue;
        if (chunks.isEmpty() || size + entry > maxChars) {
            chunks.append(QList<Message>());
            size = 0;
        }
        chunks.last().append(message);
        size += entry;
    }
    return chunks;
}

Result<QList<ExtractedItem>> parseMemoryExtractionAnswer(const QString &answer, const QString &sessionId,
                                                         const QSet<QString> &messageIds, int *droppedEvidence)
{
    const qsizetype open = answer.indexOf(QLatin1Char('{'));
    const qsizetype close = answer.lastIndexOf(QLatin1Char('}'));
    QJsonParseError parseError;
    const QJsonDocument document = open >= 0 && close > open
                                       ? QJsonDocument::fromJson(answer.mid(open, close - open + 1).toUtf8(), &parseError)
                                       : QJsonDocument();
    const QJsonObject object = document.object();
    if (!document.isObject() || (!object.contains(QLatin1String("topics")) && !object.contains(QLatin1String("lessons"))
                                 && !object.contains(QLatin1String("references")))) {
        return Error(QStringLiteral("memoryprocessing.unreadable"),
                     Text::tr("the model's answer holds no JSON object with topics, lessons and references"));
    }
    int dropped = 0;
    QList<ExtractedItem> items;
    const struct
    {
        const char *list;
        const char *type;
    } lists[] = {{"topics", ProcessedType::Topic}, {"lessons", ProcessedType::Lesson}, {"references", ProcessedType::Reference}};
    for (const auto &list : lists) {
        int taken = 0;
        for (const QJsonValue &value : object.value(QLatin1String(list.list)).toArray()) {
            const QJsonObject entry = value.toObject();
            const QString text = entry.value(QLatin1String("text")).toString().simplified();
            if (text.isEmpty() || ++taken > 40)
                continue;
            ExtractedItem item;
            item.type = QLatin1String(list.type);
            item.text = cutText(text, 300);
            for (const QJsonValue &id : entry.value(QLatin1String("evidence")).toArray()) {
                const QString messageId = id.toString().trimmed();
                const MemoryEvidence evidence{sessionId, messageId};
                if (!messageIds.contains(messageId))
                    ++dropped;
                else if (!item.evidence.contains(evidence))
                    item.evidence.append(evidence);
            }
            if (item.evidence.isEmpty())
                continue;
            const double weight = std::clamp(entry.value(QLatin1String("weight")).toDouble(0.5), 0.0, 1.0);
            if (item.type == QLatin1String(ProcessedType::Lesson)) {
                const QString outcome = entry.value(QLatin1String("outcome")).toString();
                item.kind = outcome == QLatin1String("worked") || outcome == QLatin1String("failed") ? QStringLiteral("fix")
                                                                                                      : QStringLiteral("needs");
                item.weight = (item.kind == QLatin1String("fix") ? 1.0 : 0.5) + weight;
                item.layer = QStringLiteral("project");
            } else if (item.type == QLatin1String(ProcessedType::Reference)) {
                const QString kind = entry.value(QLatin1String("kind")).toString();
                item.kind = referenceKinds().contains(kind) ? kind : QStringLiteral("other");
                item.weight = 0.75;
            } else {
                item.kind = QStringLiteral("model");
                item.weight = 0.5 + weight;
            }
            items.append(item);
        }
    }
    if (droppedEvidence)
        *droppedEvidence += dropped;
    return items;
}

} // namespace valis
