#include "import/codexrollout.h"

#include "import/codexcommon.h"

#include "valis/record/recordjson.h"
#include "valis/wire/openairesponses.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>

namespace valis::codex {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::CodexImporter)
};

/// Event messages that repeat what response items already hold.
bool repeatsResponseItems(const QString &type)
{
    static const QLatin1String repeats[] = {
        QLatin1String("user_message"), QLatin1String("agent_message"), QLatin1String("agent_reasoning"),
        QLatin1String("agent_reasoning_raw_content"), QLatin1String("exec_command_end"),
        QLatin1String("patch_apply_end"), QLatin1String("mcp_tool_call_end"), QLatin1String("web_search_end"),
        QLatin1String("view_image_tool_call"),
    };
    for (const QLatin1String &repeat : repeats) {
        if (type == repeat)
            return true;
    }
    return false;
}

class RolloutReader
{
public:
    explicit RolloutReader(const QString &path) : m_path(path) {}

    Result<void> read(const QList<JsonLine> &lines)
    {
        if (lines.isEmpty())
            return malformedInput(m_path, 0, Text::tr("the file is empty"));
        m_legacy = !lines.first().object.contains(QLatin1String("type"));
        for (const JsonLine &line : lines) {
            Result<void> added = m_legacy ? addLegacy(line) : add(line);
            if (!added.ok())
                return added;
        }
        return success();
    }

    ImportedTranscript finish()
    {
        SessionInfo &info = m_session.info;
        if (info.id.isEmpty())
            info.id = fallbackSessionId(m_path);
        for (Message &message : m_session.messages)
            message.id = info.id + QStringLiteral("-L") + message.id;
        info.originKind = QStringLiteral("codex");
        info.originPath = QFileInfo(m_path).absoluteFilePath();
        if (!info.createdAt.isValid())
            info.createdAt = m_first;
        info.updatedAt = m_last.isValid() ? m_last : info.createdAt;
        info.model = m_model;
        info.title = titleFromPrompt(m_prompt);
        info.metadata.insert(QStringLiteral("source"), QStringLiteral("rollout"));

        ImportedTranscript transcript;
        transcript.format = QStringLiteral("codex");
        transcript.sourcePath = m_path;
        transcript.sessions.append(m_session);
        transcript.notes = m_notes.notes();
        return transcript;
    }

private:
    Error malformed(const JsonLine &line, const QString &message) const
    {
        return malformedInput(m_path, line.lineNumber, message);
    }

    void noteTime(const QDateTime &time)
    {
        if (!time.isValid())
            return;
        if (!m_first.isValid())
            m_first = time;
        m_last = time;
    }

    Result<void> add(const JsonLine &line)
    {
        const QJsonObject &object = line.object;
        const QDateTime time = recordjson::parseTimestamp(object.value(QLatin1String("timestamp")).toString());
        noteTime(time);
        const QJsonValue typeValue = object.value(QLatin1String("type"));
        if (!typeValue.isString())
            return malformed(line, Text::tr("a rollout line without a string \"type\""));
        const QString type = typeValue.toString();
        const QJsonValue payloadValue = object.value(QLatin1String("payload"));
        if (!payloadValue.isObject())
            return malformed(line, Text::tr("a %1 line without a \"payload\" object").arg(type));
        const QJsonObject payload = payloadValue.toObject();

        if (type == QLatin1String("session_meta"))
            return addSessionMeta(line, payload, time);
        if (type == QLatin1String("response_item"))
            return addResponseItem(line, payload, time);
        if (type == QLatin1String("event_msg"))
            return addEvent(line, payload);
        if (type == QLatin1String("turn_context")) {
            const QJsonValue model = payload.value(QLatin1String("model"));
            if (!model.isUndefined() && !model.isString())
                return malformed(line, Text::tr("a turn_context whose \"model\" is not a string"));
            if (model.isString())
                m_model = model.toString();
            if (m_session.info.workspace.isEmpty())
                m_session.info.workspace = payload.value(QLatin1String("cwd")).toString();
            m_notes.leftOut(QStringLiteral("turn_context lines"));
            return success();
        }
        if (type == QLatin1String("compacted"))
            return addCompacted(line, payload, time);
        m_notes.leftOut(QStringLiteral("%1 lines").arg(type));
        return success();
    }

    /// Codex before the typed rollout lines (releases of mid-2025): a bare meta header
    /// {id, timestamp, instructions[, git]}, then bare Responses items and {"record_type":
    /// "state"} lines; some releases also wrote {"record_type": "event" | "prev_session_meta"}.
    Result<void> addLegacy(const JsonLine &line)
    {
        const QJsonObject &object = line.object;
        if (line.lineNumber == 1 || m_session.info.originId.isEmpty()) {
            const QDateTime time = recordjson::parseTimestamp(object.value(QLatin1String("timestamp")).toString());
            noteTime(time);
            return addSessionMeta(line, object, time);
        }
        if (object.contains(QLatin1String("record_type"))) {
            m_notes.leftOut(QStringLiteral("record_type %1 lines").arg(object.value(QLatin1String("record_type")).toString()));
            return success();
        }
        return addResponseItem(line, object, QDateTime());
    }

    Result<void> addSessionMeta(const JsonLine &line, const QJsonObject &payload, const QDateTime &time)
    {
        if (!m_session.info.originId.isEmpty()) {
            m_notes.leftOut(QStringLiteral("further session_meta lines (history of a forked or resumed session)"));
            return success();
        }
        QJsonValue id = payload.value(QLatin1String("id"));
        if (!id.isString())
            id = payload.value(QLatin1String("session_id"));
        if (!id.isString() || id.toString().isEmpty())
            return malformed(line, Text::tr("a session_meta without a session \"id\""));
        SessionInfo &info = m_session.info;
        info.originId = id.toString();
        info.id = QStringLiteral("codex-") + info.originId;
        info.workspace = payload.value(QLatin1String("cwd")).toString();
        const QDateTime started = recordjson::parseTimestamp(payload.value(QLatin1String("timestamp")).toString());
        info.createdAt = started.isValid() ? started : time;
        for (const char *field : {"originator", "cli_version", "source", "model_provider", "git",
                                  "forked_from_id", "instructions"}) {
            const QJsonValue value = payload.value(QLatin1String(field));
            if (!value.isUndefined() && !value.isNull())
                info.metadata.insert(QLatin1String(field), value);
        }
        // The instructions the model was given: base_instructions in session_meta lines; the
        // bare header of mid-2025 releases has only the person's own `instructions`.
        QString instructions = payload.value(QLatin1String("base_instructions")).toObject()
                                   .value(QLatin1String("text")).toString();
        QString kind = QStringLiteral("base_instructions");
        if (instructions.isEmpty() && m_legacy) {
            instructions = payload.value(QLatin1String("instructions")).toString();
            kind = QStringLiteral("instructions");
        }
        if (!instructions.isEmpty()) {
            Message system;
            system.id = QString::number(line.lineNumber);
            system.role = Role::System;
            system.createdAt = info.createdAt;
            system.parts = {Part::makeText(instructions)};
            system.metadata.insert(QStringLiteral("codex"), kind);
            append(system, false);
        }
        return success();
    }

    Result<void> addResponseItem(const JsonLine &line, const QJsonObject &item, const QDateTime &time)
    {
        const Result<QList<Message>> converted = wire::openairesponses::itemsFromJson(QJsonArray{item});
        if (!converted.ok()) {
            return malformed(line, Text::tr("not a Responses API item: %1").arg(converted.error().message));
        }
        for (Message message : converted.value()) {
            message.id = QString::number(line.lineNumber);
            message.createdAt = time;
            if (message.role == Role::Assistant)
                message.model = m_model;
            if (message.role == Role::User) {
                const QString text = message.text();
                if (isInjectedContext(text))
                    message.metadata.insert(QStringLiteral("injected"), true);
                else if (m_typedPrompt.isEmpty() && m_prompt.isEmpty())
                    m_prompt = text;
            }
            append(message, true);
        }
        return success();
    }

    Result<void> addEvent(const JsonLine &line, const QJsonObject &payload)
    {
        const QJsonValue typeValue = payload.value(QLatin1String("type"));
        if (!typeValue.isString())
            return malformed(line, Text::tr("an event_msg without a string \"type\""));
        const QString type = typeValue.toString();
        if (type == QLatin1String("token_count")) {
            Usage usage;
            qint64 reasoning = -1;
            bool present = false;
            if (!readTokenCount(payload, &usage, &reasoning, &present))
                return malformed(line, Text::tr("a token_count event of the wrong shape"));
            m_assistantClosed = true; // the model's response is complete
            if (present && !attachUsage(usage, reasoning))
                m_notes.leftOut(QStringLiteral("token_count events without an assistant message"));
            return success();
        }
        if (type == QLatin1String("user_message")) {
            const QJsonValue message = payload.value(QLatin1String("message"));
            if (!message.isString())
                return malformed(line, Text::tr("a user_message event without a string \"message\""));
            if (m_typedPrompt.isEmpty()) {
                m_typedPrompt = message.toString();
                m_prompt = m_typedPrompt; // what the person typed beats injected context
            }
        }
        if (repeatsResponseItems(type))
            m_notes.leftOut(QStringLiteral("event_msg %1 lines (repeat response items)").arg(type));
        else
            m_notes.leftOut(QStringLiteral("event_msg %1 lines").arg(type));
        return success();
    }

    Result<void> addCompacted(const JsonLine &line, const QJsonObject &payload, const QDateTime &time)
    {
        const QJsonValue summary = payload.value(QLatin1String("message"));
        if (!summary.isString())
            return malformed(line, Text::tr("a compacted line without a string \"message\""));
        Message message;
        message.id = QString::number(line.lineNumber);
        message.role = Role::User;
        message.createdAt = time;
        message.parts = {Part::makeText(summary.toString())};
        message.metadata.insert(QStringLiteral("compactSummary"), true);
        const QJsonValue replacement = payload.value(QLatin1String("replacement_history"));
        if (replacement.isArray()) {
            message.metadata.insert(QStringLiteral("replacementHistoryItems"),
                                    qint64(replacement.toArray().size()));
        }
        append(message, false);
        return success();
    }

    /// Appends a message, merging it into the previous one when both are assistant-side (or both
    /// tool outputs) response items of one model response.
    void append(const Message &message, bool fromResponseItem)
    {
        QList<Message> &messages = m_session.messages;
        const bool groupable = message.role == Role::Assistant || message.role == Role::Tool;
        if (fromResponseItem && m_lastFromResponseItem && groupable && !messages.isEmpty()
            && messages.last().role == message.role
            && !(message.role == Role::Assistant && m_assistantClosed)) {
            messages.last().parts.append(message.parts);
            return;
        }
        messages.append(message);
        m_lastFromResponseItem = fromResponseItem;
        if (message.role == Role::Assistant)
            m_assistantClosed = false;
    }

    bool attachUsage(const Usage &usage, qint64 reasoningTokens)
    {
        QList<Message> &messages = m_session.messages;
        for (auto it = messages.rbegin(); it != messages.rend(); ++it) {
            if (it->role == Role::User && !it->metadata.value(QLatin1String("injected")).toBool())
                return false; // not past the turn's prompt
            if (it->role != Role::Assistant)
                continue;
            if (!it->usage.isEmpty())
                return false;
            it->usage = usage;
            if (reasoningTokens >= 0)
                it->metadata.insert(QStringLiteral("reasoningOutputTokens"), reasoningTokens);
            return true;
        }
        return false;
    }

    QString m_path;
    bool m_legacy = false;
    ImportedSession m_session;
    QString m_model;
    QString m_prompt;      ///< the title's source
    QString m_typedPrompt; ///< the first user_message event
    QDateTime m_first;
    QDateTime m_last;
    bool m_lastFromResponseItem = false;
    bool m_assistantClosed = false;
    ImportNotes m_notes;
};

} // namespace

bool isRolloutHeader(const QJsonObject &first, const QString &fileName)
{
    if (first.value(QLatin1String("type")).toString() == QLatin1String("session_meta"))
        return first.value(QLatin1String("payload")).isObject();
    // Older Codex: a bare header, recognised only together with the file name.
    return !first.contains(QLatin1String("type")) && fileName.startsWith(QLatin1String("rollout-"))
        && first.value(QLatin1String("id")).isString() && first.value(QLatin1String("timestamp")).isString();
}

Result<ImportedTranscript> readRollout(const QString &path, const QList<JsonLine> &lines)
{
    RolloutReader reader(path);
    Result<void> read = reader.read(lines);
    if (!read.ok())
        return read.error();
    return reader.finish();
}

} // namespace valis::codex
