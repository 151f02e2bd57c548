#include "import/sweagentimporter.h"

#include "valis/import/jsonsource.h"
#include "valis/wire/openaichat.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::SweAgentImporter)
};

/// The keys of a history entry that are part of the chat message SWE-agent sends; the others
/// are SWE-agent's bookkeeping and go to the message's metadata.
const QSet<QString> &chatKeys()
{
    static const QSet<QString> keys{QStringLiteral("role"),         QStringLiteral("content"),
                                    QStringLiteral("tool_calls"),   QStringLiteral("tool_call_id"),
                                    QStringLiteral("name"),         QStringLiteral("cache_control"),
                                    QStringLiteral("refusal"),      QStringLiteral("reasoning_content"),
                                    QStringLiteral("function_call"), QStringLiteral("audio")};
    return keys;
}

// A submission (the final patch) larger than this is summarised by its length in the
// session's metadata; the record is no place for large blobs that are not messages.
constexpr qsizetype maxSubmissionChars = 20 * 1024;
constexpr qsizetype maxInfoValueChars = 4 * 1024;

QString compactJson(const QJsonValue &value)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact));
}

/// SWE-agent 1.x writes replay_config as a JSON string, later versions as an object.
QJsonObject objectOrJsonText(const QJsonValue &value)
{
    if (value.isObject())
        return value.toObject();
    if (value.isString())
        return QJsonDocument::fromJson(value.toString().toUtf8()).object();
    return {};
}

Result<QString> sessionIdOf(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return Error(QStringLiteral("import.unreadable"),
                     Text::tr("cannot read the file: %1").arg(file.errorString()), path);
    }
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    return QString(QStringLiteral("swe-") + QString::fromLatin1(hash.result().toHex().left(12)));
}

/// Anthropic thinking blocks litellm returns and SWE-agent keeps beside the message.
QList<Part> thinkingParts(const QJsonValue &blocks, bool *understood)
{
    QList<Part> parts;
    *understood = blocks.isArray();
    for (const QJsonValue &value : blocks.toArray()) {
        const QJsonObject block = value.toObject();
        const QString type = block.value(QLatin1String("type")).toString();
        if (type == QLatin1String("thinking") && block.value(QLatin1String("thinking")).isString()) {
            parts << Part::makeThinking(block.value(QLatin1String("thinking")).toString(),
                                        block.value(QLatin1String("signature")).toString());
        } else if (type == QLatin1String("redacted_thinking") && block.value(QLatin1String("data")).isString()) {
            Part part = Part::makeThinking(QString());
            part.redactedData = block.value(QLatin1String("data")).toString();
            parts << part;
        } else {
            *understood = false;
        }
    }
    return parts;
}

QJsonObject sessionMetadata(const QJsonObject &root, const QJsonObject &replay)
{
    QJsonObject metadata;
    const QJsonObject info = root.value(QLatin1String("info")).toObject();
    QJsonArray omitted;
    for (auto it = info.constBegin(); it != info.constEnd(); ++it) {
        if (it.key() == QLatin1String("submission") && it.value().isString()) {
            const QString submission = it.value().toString();
            if (submission.size() < maxSubmissionChars)
                metadata.insert(it.key(), submission);
            else
                metadata.insert(QStringLiteral("submissionLength"), submission.size());
        } else if (compactJson(it.value()).size() <= maxInfoValueChars) {
            metadata.insert(it.key(), it.value());
        } else {
            omitted.append(it.key()); // edited_files30/50/70: file excerpts, recomputable from the patch
        }
    }
    if (!omitted.isEmpty())
        metadata.insert(QStringLiteral("omittedInfo"), omitted);
    const QJsonValue environment = root.value(QLatin1String("environment"));
    if (environment.isString())
        metadata.insert(QStringLiteral("environment"), environment);
    const QJsonObject env = replay.value(QLatin1String("env")).toObject();
    const QJsonObject deployment = env.value(QLatin1String("deployment")).toObject();
    if (deployment.value(QLatin1String("image")).isString())
        metadata.insert(QStringLiteral("image"), deployment.value(QLatin1String("image")));
    const QJsonObject repo = env.value(QLatin1String("repo")).toObject();
    if (repo.value(QLatin1String("base_commit")).isString())
        metadata.insert(QStringLiteral("baseCommit"), repo.value(QLatin1String("base_commit")));
    const QJsonValue steps = root.value(QLatin1String("trajectory"));
    if (steps.isArray())
        metadata.insert(QStringLiteral("trajectorySteps"), steps.toArray().size());
    return metadata;
}

QString firstLine(const QString &text)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        const QString trimmed = line.trimmed();
        if (!trimmed.isEmpty())
            return trimmed.left(120);
    }
    return {};
}

SessionInfo sessionInfo(const QString &path, const QString &id, const QJsonObject &root)
{
    const QJsonObject replay = objectOrJsonText(root.value(QLatin1String("replay_config")));
    SessionInfo info;
    info.id = id;
    info.originKind = QStringLiteral("swe-agent");
    info.originPath = QFileInfo(path).absoluteFilePath();

    const QJsonObject problem = replay.value(QLatin1String("problem_statement")).toObject();
    const QString instance = problem.value(QLatin1String("id")).toString();
    const QString summary = firstLine(problem.value(QLatin1String("text")).toString());
    info.originId = instance;
    if (!instance.isEmpty() && !summary.isEmpty())
        info.title = instance + QStringLiteral(": ") + summary;
    else if (!instance.isEmpty() || !summary.isEmpty())
        info.title = instance + summary;
    else
        info.title = QFileInfo(path).completeBaseName();

    const QJsonObject agent = replay.value(QLatin1String("agent")).toObject();
    info.model = agent.value(QLatin1String("model")).toObject().value(QLatin1String("name")).toString();
    if (info.model.isEmpty())
        info.model = root.value(QLatin1String("info")).toObject().value(QLatin1String("model_name")).toString();

    // SWE-agent copies the repository to /<repo_name>; older trajectories only record the
    // working directory of each step.
    const QString repoName = replay.value(QLatin1String("env")).toObject().value(QLatin1String("repo"))
                                 .toObject().value(QLatin1String("repo_name")).toString();
    if (!repoName.isEmpty()) {
        info.workspace = QLatin1Char('/') + repoName;
    } else {
        const QJsonValue state = root.value(QLatin1String("trajectory")).toArray().first().toObject()
                                     .value(QLatin1String("state"));
        info.workspace = objectOrJsonText(state).value(QLatin1String("working_dir")).toString();
    }

    info.metadata = sessionMetadata(root, replay);
    info.createdAt = QFileInfo(path).lastModified().toUTC();
    info.updatedAt = info.createdAt;
    return info;
}

Result<Message> messageFromEntry(const QJsonObject &entry)
{
    QJsonObject chatMessage;
    QJsonObject metadata;
    for (auto it = entry.constBegin(); it != entry.constEnd(); ++it) {
        if (chatKeys().contains(it.key()))
            chatMessage.insert(it.key(), it.value());
        else
            metadata.insert(it.key(), it.value());
    }
    // SWE-agent sends a tool observation as the answer to the first of its call ids.
    const QJsonArray callIds = entry.value(QLatin1String("tool_call_ids")).toArray();
    if (entry.value(QLatin1String("role")).toString() == QLatin1String("tool") && !callIds.isEmpty()
        && !chatMessage.contains(QLatin1String("tool_call_id"))) {
        chatMessage.insert(QStringLiteral("tool_call_id"), callIds.first());
        if (callIds.size() == 1)
            metadata.remove(QLatin1String("tool_call_ids"));
    }
    Result<Message> converted = wire::openaichat::messageFromJson(chatMessage);
    if (!converted.ok())
        return converted.error();
    Message message = converted.value();
    if (metadata.contains(QLatin1String("thinking_blocks"))) {
        bool understood = false;
        const QList<Part> thinking = thinkingParts(metadata.value(QLatin1String("thinking_blocks")), &understood);
        if (understood) {
            metadata.remove(QLatin1String("thinking_blocks"));
            message.parts = thinking + message.parts;
        }
    }
    message.metadata = metadata;
    return message;
}

} // namespace

QString SweAgentImporter::format() const
{
    return QStringLiteral("swe-agent");
}

QString SweAgentImporter::displayName() const
{
    return Text::tr("SWE-agent trajectory");
}

bool SweAgentImporter::recognises(const QString &path, QByteArrayView head) const
{
    if (path.endsWith(QLatin1String(".traj"), Qt::CaseInsensitive))
        return true;
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        return false;
    const QByteArray text = head.toByteArray().trimmed();
    if (!text.startsWith('{'))
        return false;
    const QJsonDocument whole = QJsonDocument::fromJson(text);
    if (whole.isObject()) // the head is the whole file
        return whole.object().contains(QLatin1String("trajectory")) && whole.object().contains(QLatin1String("history"));
    // A cheap guess on a longer file: both keys near its start.
    return text.contains("\"trajectory\"") && text.contains("\"history\"");
}

Result<ImportedTranscript> SweAgentImporter::read(const QString &path) const
{
    Result<QJsonDocument> document = readJsonFile(path);
    if (!document.ok())
        return document.error();
    if (!document->isObject())
        return malformedInput(path, 1, Text::tr("expected a JSON object with a \"history\" array"));
    const QJsonObject root = document->object();
    const QJsonValue history = root.value(QLatin1String("history"));
    if (!history.isArray())
        return malformedInput(path, 0, Text::tr("\"history\" is missing or not an array"));

    Result<QString> sessionId = sessionIdOf(path);
    if (!sessionId.ok())
        return sessionId.error();
    ImportedSession session;
    session.info = sessionInfo(path, sessionId.value(), root);

    const QJsonArray entries = history.toArray();
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QString entryName = QStringLiteral("history[%1]").arg(i);
        if (!entries.at(i).isObject())
            return malformedInput(path, 0, Text::tr("%1 is not a JSON object").arg(entryName));
        Result<Message> message = messageFromEntry(entries.at(i).toObject());
        if (!message.ok())
            return malformedInput(path, 0, entryName + QStringLiteral(": ") + message.error().message);
        message->id = session.info.id + QStringLiteral("-h") + QString::number(i);
        message->createdAt = session.info.createdAt;
        if (message->role == Role::Assistant)
            message->model = session.info.model;
        session.messages << message.value();
    }

    ImportedTranscript transcript;
    transcript.format = format();
    transcript.sourcePath = path;
    transcript.notes << Text::tr("SWE-agent trajectories have no timestamps; the session and its messages "
                                 "take the file's modification time.");
    if (root.value(QLatin1String("trajectory")).isArray()) {
        transcript.notes << Text::tr("%1 trajectory steps repeat the history and were not imported again.")
                                .arg(root.value(QLatin1String("trajectory")).toArray().size());
    }
    transcript.sessions << session;
    return transcript;
}

} // namespace valis
