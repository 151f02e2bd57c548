#include "import/claudecodefile.h"

#include "valis/import/jsonsource.h"
#include "valis/record/recordjson.h"
#include "valis/wire/anthropicmessages.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace valis::claudecode {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ClaudeCodeImporter)
};

constexpr qsizetype kTitleLength = 80;
// toolUseResult repeats the tool's output; only its short scalar fields are worth keeping.
constexpr qsizetype kSmallFieldLength = 200;
// parentUuid chains are walked with a bound so that a cyclic file cannot hang the import.
constexpr int kMaxParentHops = 100000;

const QString kSyntheticModel = QStringLiteral("<synthetic>");

QString str(const QJsonObject &object, const char *key)
{
    return object.value(QLatin1String(key)).toString();
}

void putIfString(QJsonObject *target, const QString &key, const QJsonValue &value)
{
    if (value.isString() && !value.toString().isEmpty())
        target->insert(key, value);
}

void putIfTrue(QJsonObject *target, const char *key, const QJsonObject &line)
{
    if (line.value(QLatin1String(key)).toBool())
        target->insert(QLatin1String(key), true);
}

/// The scalar fields of a JSON value that are small: numbers, booleans, short strings.
QJsonValue smallFields(const QJsonValue &value)
{
    if (value.isString())
        return value.toString().size() <= kSmallFieldLength ? value : QJsonValue();
    if (!value.isObject())
        return value.isBool() || value.isDouble() ? value : QJsonValue();
    QJsonObject small;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QJsonValue field = it.value();
        if (field.isBool() || field.isDouble()
            || (field.isString() && field.toString().size() <= kSmallFieldLength)) {
            small.insert(it.key(), field);
        }
    }
    return small.isEmpty() ? QJsonValue() : QJsonValue(small);
}

Usage usageFromJson(const QJsonObject &usage)
{
    Usage result;
    result.inputTokens = usage.value(QLatin1String("input_tokens")).toInteger(-1);
    result.outputTokens = usage.value(QLatin1String("output_tokens")).toInteger(-1);
    result.cacheWriteTokens = usage.value(QLatin1String("cache_creation_input_tokens")).toInteger(-1);
    result.cacheReadTokens = usage.value(QLatin1String("cache_read_input_tokens")).toInteger(-1);
    return result;
}

bool isKept(const QString &type, const QJsonObject &line)
{
    if (type == QLatin1String("user") || type == QLatin1String("assistant"))
        return true;
    if (type != QLatin1String("system"))
        return false;
    const QString subtype = str(line, "subtype");
    return subtype == QLatin1String("compact_boundary") || subtype == QLatin1String("local_command");
}

/// The facts every kept line carries, as message metadata.
QJsonObject lineMetadata(const QJsonObject &line)
{
    QJsonObject metadata;
    putIfString(&metadata, QStringLiteral("cwd"), line.value(QLatin1String("cwd")));
    putIfString(&metadata, QStringLiteral("gitBranch"), line.value(QLatin1String("gitBranch")));
    putIfString(&metadata, QStringLiteral("version"), line.value(QLatin1String("version")));
    putIfTrue(&metadata, "isSidechain", line);
    putIfTrue(&metadata, "isMeta", line);
    putIfTrue(&metadata, "isCompactSummary", line);
    putIfTrue(&metadata, "isVisibleInTranscriptOnly", line);
    return metadata;
}

/// Reads what one file holds, line by line, into a SessionFile.
class FileReader
{
public:
    explicit FileReader(const QString &path) : m_path(path) { m_file.path = path; }

    Result<SessionFile> read();

private:
    Error malformed(int line, const QString &message) const { return malformedInput(m_path, line, message); }
    Result<void> readLine(const JsonLine &line);
    Result<void> readConversationLine(const JsonLine &line, const QString &type);
    Result<Message> messageFromLine(const JsonLine &line);
    void noteLeftOut(const QString &type, const QJsonObject &line);
    void resolveParents();
    void fillSessionInfo();

    QString m_path;
    SessionFile m_file;
    QList<Message> m_messages;
    QStringList m_parentUuids;             ///< per message: its first line's raw parentUuid
    QHash<QString, qsizetype> m_indexByApiId; ///< assistant message.id -> index in m_messages
    QDateTime m_first;
    QDateTime m_last;
    QString m_title;
};

Result<SessionFile> FileReader::read()
{
    Result<QList<JsonLine>> lines = readJsonLines(m_path);
    if (!lines.ok())
        return lines.error();
    if (lines->isEmpty())
        return malformed(0, Text::tr("the file is empty: a Claude Code session has at least one line"));

    // The whole tree first, so parents can be resolved through lines that are left out.
    for (const JsonLine &line : std::as_const(lines.value())) {
        const QJsonValue uuid = line.object.value(QLatin1String("uuid"));
        if (uuid.isUndefined())
            continue;
        const QJsonValue parent = line.object.value(QLatin1String("parentUuid"));
        if (!uuid.isString() || uuid.toString().isEmpty())
            return malformed(line.lineNumber, Text::tr("\"uuid\" must be a non-empty string"));
        if (!parent.isString() && !parent.isNull() && !parent.isUndefined())
            return malformed(line.lineNumber, Text::tr("\"parentUuid\" must be a string or null"));
        m_file.parentOf.insert(uuid.toString(), parent.toString());
    }
    for (const JsonLine &line : std::as_const(lines.value())) {
        Result<void> done = readLine(line);
        if (!done.ok())
            return done.error();
    }
    resolveParents();
    fillSessionInfo();
    m_file.session.messages = std::move(m_messages);
    return std::move(m_file);
}

Result<void> FileReader::readLine(const JsonLine &line)
{
    const QJsonObject &object = line.object;
    const QJsonValue typeValue = object.value(QLatin1String("type"));
    if (!typeValue.isString() || typeValue.toString().isEmpty())
        return malformed(line.lineNumber, Text::tr("the line has no \"type\": not a Claude Code session line"));
    const QString type = typeValue.toString();

    const QJsonValue timestamp = object.value(QLatin1String("timestamp"));
    if (timestamp.isString()) {
        const QDateTime time = recordjson::parseTimestamp(timestamp.toString());
        if (!time.isValid())
            return malformed(line.lineNumber, Text::tr("\"timestamp\" is not an ISO 8601 time: %1").arg(timestamp.toString()));
        if (!m_first.isValid())
            m_first = time;
        m_last = time;
    }
    if (m_file.sessionUuid.isEmpty())
        m_file.sessionUuid = str(object, "sessionId");
    if (m_file.agentId.isEmpty())
        m_file.agentId = str(object, "agentId");

    if (type == QLatin1String("summary") || type == QLatin1String("custom-title")) {
        // Claude Code's own name for the session; a custom title wins over a summary.
        const QString title = type == QLatin1String("summary") ? str(object, "summary") : str(object, "customTitle");
        if (!title.isEmpty() && (m_title.isEmpty() || type == QLatin1String("custom-title")))
            m_title = title;
    }
    if (type == QLatin1String("progress")) {
        // Subagents announce themselves through progress lines: agentId -> the Task call.
        const QJsonObject data = object.value(QLatin1String("data")).toObject();
        const QString agentId = str(data, "agentId");
        const QString toolUseId = str(object, "parentToolUseID");
        if (str(data, "type") == QLatin1String("agent_progress") && !agentId.isEmpty() && !toolUseId.isEmpty())
            m_file.taskByAgentId.insert(agentId, toolUseId);
    }
    if (!isKept(type, object)) {
        noteLeftOut(type, object);
        return success();
    }
    if (!object.value(QLatin1String("uuid")).isString())
        return malformed(line.lineNumber, Text::tr("a %1 line needs a \"uuid\"").arg(type));
    if (m_file.messageIdByUuid.contains(str(object, "uuid"))) {
        // A line written twice (a resumed session repeats lines) is one message.
        m_file.leftOut[QStringLiteral("duplicate")] += 1;
        return success();
    }
    return readConversationLine(line, type);
}

void FileReader::noteLeftOut(const QString &type, const QJsonObject &line)
{
    const QString subtype = str(line, "subtype");
    const QString kind = type == QLatin1String("system") && !subtype.isEmpty() ? type + QLatin1Char('/') + subtype : type;
    m_file.leftOut[kind] += 1;
}

Result<void> FileReader::readConversationLine(const JsonLine &line, const QString &type)
{
    const QJsonObject &object = line.object;
    const QString uuid = str(object, "uuid");
    Result<Message> parsed = messageFromLine(line);
    if (!parsed.ok())
        return parsed.error();
    Message message = std::move(parsed.value());

    if (type == QLatin1String("assistant")) {
        const QJsonObject body = object.value(QLatin1String("message")).toObject();
        const QString apiId = str(body, "id");
        const auto merged = apiId.isEmpty() ? m_indexByApiId.cend() : m_indexByApiId.constFind(apiId);
        if (merged != m_indexByApiId.cend()) {
            // One line per streamed content block: they form one message.
            Message &target = m_messages[*merged];
            target.parts.append(message.parts);
            if (!message.usage.isEmpty())
                target.usage = message.usage; // later lines carry the fuller count
            if (!message.stopReason.isEmpty())
                target.stopReason = message.stopReason;
            QJsonArray lineUuids = target.metadata.value(QLatin1String("lineUuids")).toArray();
            if (lineUuids.isEmpty())
                lineUuids.append(target.id);
            lineUuids.append(uuid);
            target.metadata.insert(QStringLiteral("lineUuids"), lineUuids);
            m_file.messageIdByUuid.insert(uuid, target.id);
            return success();
        }
        if (!apiId.isEmpty())
            m_indexByApiId.insert(apiId, m_messages.size());
    }
    m_file.messageIdByUuid.insert(uuid, message.id);
    m_parentUuids.append(str(object, "parentUuid"));
    m_messages.append(std::move(message));
    return success();
}

Result<Message> FileReader::messageFromLine(const JsonLine &line)
{
    const QJsonObject &object = line.object;
    const QString type = str(object, "type");
    Message message;
    message.id = str(object, "uuid");
    message.createdAt = recordjson::parseTimestamp(str(object, "timestamp"));
    message.metadata = lineMetadata(object);

    if (type == QLatin1String("system")) {
        message.role = Role::System;
        const QString subtype = str(object, "subtype");
        message.parts = {Part::makeText(str(object, "content"))};
        message.metadata.insert(QStringLiteral("marker"), subtype);
        putIfString(&message.metadata, QStringLiteral("level"), object.value(QLatin1String("level")));
        const QJsonObject compact = object.value(QLatin1String("compactMetadata")).toObject();
        for (auto it = compact.begin(); it != compact.end(); ++it)
            message.metadata.insert(it.key(), it.value());
        putIfString(&message.metadata, QStringLiteral("logicalParentUuid"), object.value(QLatin1String("logicalParentUuid")));
        return message;
    }

    const QJsonValue body = object.value(QLatin1String("message"));
    if (!body.isObject())
        return malformed(line.lineNumber, Text::tr("a %1 line needs a \"message\" object").arg(type));
    const QJsonObject bodyObject = body.toObject();
    // Only role and content are the conversation; the rest of an assistant line's message is
    // the response's envelope, mapped to the record's own fields below.
    const QJsonObject wireMessage{{QStringLiteral("role"), type}, {QStringLiteral("content"), bodyObject.value(QLatin1String("content"))}};
    Result<Message> converted = wire::anthropic::messageFromJson(wireMessage, QStringLiteral("message"));
    if (!converted.ok()) {
        return malformed(line.lineNumber, Text::tr("%1 (at %2)").arg(converted.error().message, converted.error().location));
    }
    message.role = converted->role;
    message.parts = converted->parts;
    message.wire = converted->wire;

    if (type == QLatin1String("assistant")) {
        message.model = str(bodyObject, "model");
        message.stopReason = str(bodyObject, "stop_reason");
        message.usage = usageFromJson(bodyObject.value(QLatin1String("usage")).toObject());
        putIfString(&message.metadata, QStringLiteral("requestId"), object.value(QLatin1String("requestId")));
        putIfString(&message.metadata, QStringLiteral("apiMessageId"), bodyObject.value(QLatin1String("id")));
    } else {
        putIfString(&message.metadata, QStringLiteral("sourceToolUseId"), object.value(QLatin1String("sourceToolUseID")));
        const QJsonValue toolUseResult = smallFields(object.value(QLatin1String("toolUseResult")));
        if (!toolUseResult.isNull() && !toolUseResult.isUndefined())
            message.metadata.insert(QStringLiteral("toolUseResult"), toolUseResult);
        // A Task result names the agent it ran: the other way to link a subagent file.
        const QString agentId = object.value(QLatin1String("toolUseResult")).toObject().value(QLatin1String("agentId")).toString();
        const auto result = std::find_if(message.parts.cbegin(), message.parts.cend(),
                                         [](const Part &part) { return part.kind == PartKind::ToolResult; });
        if (!agentId.isEmpty() && result != message.parts.cend() && !m_file.taskByAgentId.contains(agentId))
            m_file.taskByAgentId.insert(agentId, result->callId);
    }
    return message;
}

void FileReader::resolveParents()
{
    for (qsizetype i = 0; i < m_messages.size(); ++i) {
        Message &message = m_messages[i];
        const QString &parentUuid = m_parentUuids.at(i);
        if (parentUuid.isEmpty())
            continue;
        message.parentId = m_file.messageIdFor(parentUuid);
        if (message.parentId.isEmpty() && !m_file.parentOf.contains(parentUuid)) {
            // The parent lives in another file (the compaction helper starts inside its parent).
            message.metadata.insert(QStringLiteral("externalParentUuid"), parentUuid);
        }
    }
    // After a compaction parentUuid is null and logicalParentUuid links back across it.
    for (Message &message : m_messages) {
        const QString logical = message.metadata.value(QLatin1String("logicalParentUuid")).toString();
        const QString logicalId = logical.isEmpty() ? QString() : m_file.messageIdFor(logical);
        if (!logicalId.isEmpty())
            message.metadata.insert(QStringLiteral("logicalParentId"), logicalId);
    }
}

void FileReader::fillSessionInfo()
{
    SessionInfo &info = m_file.session.info;
    const QString baseName = QFileInfo(m_path).completeBaseName();
    if (m_file.sessionUuid.isEmpty())
        m_file.sessionUuid = baseName;
    if (m_file.agentId.isEmpty() && baseName.startsWith(QLatin1String("agent-"))
        && QFileInfo(m_path).absolutePath().endsWith(QLatin1String("/subagents"))) {
        m_file.agentId = baseName.mid(6);
    }
    info.id = QStringLiteral("cc-") + m_file.sessionUuid;
    info.originId = m_file.sessionUuid;
    if (!m_file.agentId.isEmpty()) {
        info.id += QStringLiteral("-agent-") + m_file.agentId;
        info.originId += QStringLiteral("/agent-") + m_file.agentId;
        info.parentSessionId = QStringLiteral("cc-") + m_file.sessionUuid;
        info.metadata.insert(QStringLiteral("agentId"), m_file.agentId);
        if (m_file.agentId.startsWith(QLatin1String("acompact")))
            info.metadata.insert(QStringLiteral("compactionHelper"), true);
    }
    info.originKind = QStringLiteral("claude-code");
    info.originPath = QFileInfo(m_path).absoluteFilePath();
    info.createdAt = m_first;
    info.updatedAt = m_last;
    info.title = m_title.isEmpty() ? titleFromMessages(m_messages) : m_title;
    for (const Message &message : std::as_const(m_messages)) {
        if (info.workspace.isEmpty())
            info.workspace = message.metadata.value(QLatin1String("cwd")).toString();
        if (message.role == Role::Assistant && !message.model.isEmpty() && message.model != kSyntheticModel)
            info.model = message.model; // the last one: the model the session ended on
    }
    const QJsonObject firstFacts = m_messages.isEmpty() ? QJsonObject() : m_messages.first().metadata;
    putIfString(&info.metadata, QStringLiteral("version"), firstFacts.value(QLatin1String("version")));
    putIfString(&info.metadata, QStringLiteral("gitBranch"), firstFacts.value(QLatin1String("gitBranch")));
}

/// The text a person typed, or the command they ran ("/name args"), or empty for notices.
QString promptText(const Message &message, bool *isCommand)
{
    *isCommand = false;
    if (message.role != Role::User || message.metadata.value(QLatin1String("isMeta")).toBool()
        || message.metadata.value(QLatin1String("isCompactSummary")).toBool()) {
        return {};
    }
    const QString text = message.text().trimmed();
    static const QRegularExpression command(QStringLiteral("<command-name>(.*?)</command-name>"),
                                            QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression args(QStringLiteral("<command-args>(.*?)</command-args>"),
                                         QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch commandMatch = command.match(text);
    if (commandMatch.hasMatch()) {
        *isCommand = true;
        const QString commandArgs = args.match(text).captured(1).trimmed();
        return QString(commandMatch.captured(1).trimmed() + QLatin1Char(' ') + commandArgs).trimmed();
    }
    static const QLatin1String notices[] = {
        QLatin1String("<local-command-"), QLatin1String("<system-reminder>"),
        QLatin1String("<task-notification>"), QLatin1String("[Request interrupted"),
        QLatin1String("Caveat: "),
    };
    for (const QLatin1String &notice : notices) {
        if (text.startsWith(notice))
            return {};
    }
    return text;
}

} // namespace

QString SessionFile::messageIdFor(const QString &uuid) const
{
    QString current = uuid;
    for (int hop = 0; hop < kMaxParentHops && !current.isEmpty(); ++hop) {
        const auto kept = messageIdByUuid.constFind(current);
        if (kept != messageIdByUuid.cend())
            return *kept;
        const auto parent = parentOf.constFind(current);
        if (parent == parentOf.cend())
            return {};
        current = *parent;
    }
    return {};
}

Result<SessionFile> readSessionFile(const QString &path)
{
    return FileReader(path).read();
}

QString titleFromMessages(const QList<Message> &messages)
{
    QString fallback;
    for (const Message &message : messages) {
        bool isCommand = false;
        QString text = promptText(message, &isCommand);
        if (text.isEmpty())
            continue;
        // A bare command ("/clear") names the session only when nothing better follows.
        if (isCommand && !text.contains(QLatin1Char(' '))) {
            if (fallback.isEmpty())
                fallback = text;
            continue;
        }
        text = text.simplified();
        if (text.size() > kTitleLength)
            text = text.left(kTitleLength - 1).trimmed() + QChar(0x2026);
        return text;
    }
    return fallback;
}

} // namespace valis::claudecode
