#include "import/codextuilog.h"

#include "import/codexcommon.h"
#include "import/codexcomposer.h"

#include "valis/record/recordjson.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>

namespace valis::codex {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::CodexImporter)
};

/// A prompt submitted in the composer (or by a user_input op), waiting for its task to start.
struct Prompt
{
    QString text;
    QDateTime time;
    bool fromKeys = false;
};

/// Where the line being read is, for ids, times and errors.
struct At
{
    int line = 0;
    QDateTime time;
};

class TuiLogReader
{
public:
    explicit TuiLogReader(const QString &path) : m_path(path) {}

    Result<void> add(const JsonLine &line);
    ImportedTranscript finish();

private:
    Error malformed(const QString &message) const { return malformedInput(m_path, m_at.line, message); }

    Result<void> addEvent(const QJsonObject &payload);
    Result<void> addOp(const QJsonObject &payload);
    Result<void> addAgentEvent(const QString &type, const QJsonObject &event);
    Result<void> addToolEvent(const QString &type, const QJsonObject &event);

    void startSession(const QJsonObject &configured);
    ImportedSession &session();
    void closeSession();
    Message &assistant();
    void appendMessage(Message message);
    void flushDeltas();
    void startTurn();
    void attachApproval(Message &message, const QString &callId);

    QString m_path;
    At m_at;
    QString m_cwd;
    QString m_model;
    QJsonObject m_fileMetadata;
    QList<ImportedSession> m_sessions;
    bool m_open = false;             ///< m_sessions.last() is being read
    bool m_taskRunning = false;      ///< between task_started and task_complete
    int m_assistant = -1;            ///< index of the open assistant message, or -1
    CodexComposer m_composer;
    QList<Prompt> m_prompts;
    QList<QJsonObject> m_pendingApprovals; ///< asked, not yet decided
    QList<QJsonObject> m_decidedApprovals; ///< decided, waiting for their call
    QString m_reasoningDeltas;
    QString m_messageDeltas;
    ImportNotes m_notes;
};

Result<void> TuiLogReader::add(const JsonLine &line)
{
    const QJsonObject &object = line.object;
    m_at = {line.lineNumber, recordjson::parseTimestamp(object.value(QLatin1String("ts")).toString())};
    const QJsonValue kindValue = object.value(QLatin1String("kind"));
    if (!kindValue.isString() || !object.value(QLatin1String("dir")).isString())
        return malformed(Text::tr("a session log line without string \"dir\" and \"kind\""));
    const QString kind = kindValue.toString();
    if (m_open && m_at.time.isValid())
        m_sessions.last().info.updatedAt = m_at.time;

    if (kind == QLatin1String("codex_event")) {
        const QJsonObject payload = object.value(QLatin1String("payload")).toObject();
        if (!payload.value(QLatin1String("msg")).isObject())
            return malformed(Text::tr("a codex_event without a \"msg\" object"));
        return addEvent(payload.value(QLatin1String("msg")).toObject());
    }
    if (kind == QLatin1String("op")) {
        if (!object.value(QLatin1String("payload")).isObject())
            return malformed(Text::tr("an op without a \"payload\" object"));
        return addOp(object.value(QLatin1String("payload")).toObject());
    }
    if (kind == QLatin1String("key_event")) {
        const QJsonValue event = object.value(QLatin1String("event"));
        if (!event.isString())
            return malformed(Text::tr("a key_event without a string \"event\""));
        m_notes.leftOut(QStringLiteral("key_event lines"));
        // While a task runs the composer sits behind the status view (Codex of mid-2025 drops
        // those keys), and an open approval dialog takes the keys for itself.
        if (m_taskRunning || !m_pendingApprovals.isEmpty())
            return success();
        if (const std::optional<QString> submitted = m_composer.press(event.toString())) {
            if (submitted->startsWith(QLatin1Char('/')))
                m_notes.leftOut(QStringLiteral("slash commands"));
            else
                m_prompts.append({*submitted, m_at.time, true});
        }
        return success();
    }
    if (kind == QLatin1String("session_start")) {
        m_cwd = object.value(QLatin1String("cwd")).toString();
        m_model = object.value(QLatin1String("model")).toString();
        for (const char *field : {"model_provider_id", "model_provider_name", "reasoning_effort"}) {
            if (object.value(QLatin1String(field)).isString())
                m_fileMetadata.insert(QLatin1String(field), object.value(QLatin1String(field)));
        }
        return success();
    }
    m_notes.leftOut(kind + QStringLiteral(" lines"));
    return success();
}

Result<void> TuiLogReader::addOp(const QJsonObject &payload)
{
    const QString type = payload.value(QLatin1String("type")).toString();
    if (type == QLatin1String("user_input") || type == QLatin1String("user_turn")) {
        QStringList texts;
        for (const QJsonValue &item : payload.value(QLatin1String("items")).toArray()) {
            if (item.toObject().value(QLatin1String("type")).toString() == QLatin1String("text"))
                texts << item.toObject().value(QLatin1String("text")).toString();
        }
        // The op is exact; a prompt rebuilt from the keys for the same submission gives way.
        if (!m_prompts.isEmpty() && m_prompts.last().fromKeys)
            m_prompts.removeLast();
        m_prompts.append({texts.join(QLatin1Char('\n')), m_at.time, false});
        return success();
    }
    if (type == QLatin1String("exec_approval") || type == QLatin1String("patch_approval")) {
        if (m_pendingApprovals.isEmpty()) {
            m_notes.leftOut(QStringLiteral("approval decisions without a request"));
            return success();
        }
        QJsonObject approval = m_pendingApprovals.takeFirst();
        const QJsonValue decision = payload.value(QLatin1String("decision"));
        approval.insert(QStringLiteral("decision"), decision);
        m_decidedApprovals.append(approval);
        // An approved call starts next and takes its approval along; a refused one never
        // starts, so the refusal stays with the response that asked.
        if (!decision.toString().startsWith(QLatin1String("approved")))
            attachApproval(assistant(), approval.value(QLatin1String("call_id")).toString());
        return success();
    }
    m_notes.leftOut(QStringLiteral("op %1").arg(type));
    return success();
}

Result<void> TuiLogReader::addEvent(const QJsonObject &event)
{
    const QJsonValue typeValue = event.value(QLatin1String("type"));
    if (!typeValue.isString())
        return malformed(Text::tr("a codex event without a string \"type\""));
    const QString type = typeValue.toString();

    if (type == QLatin1String("session_configured")) {
        if (!event.value(QLatin1String("session_id")).isString())
            return malformed(Text::tr("a session_configured event without a \"session_id\""));
        startSession(event);
        return success();
    }
    if (type == QLatin1String("task_started")) {
        startTurn();
        m_taskRunning = true;
        return success();
    }
    if (type == QLatin1String("task_complete") || type == QLatin1String("turn_aborted")) {
        m_taskRunning = false;
        flushDeltas();
        m_assistant = -1;
        return success();
    }
    if (type == QLatin1String("token_count")) {
        Usage usage;
        qint64 reasoning = -1;
        bool present = false;
        if (!readTokenCount(event, &usage, &reasoning, &present))
            return malformed(Text::tr("a token_count event of the wrong shape"));
        flushDeltas();
        m_assistant = -1; // the model's response is complete
        if (!present)
            return success();
        QList<Message> &messages = session().messages;
        for (auto it = messages.rbegin(); it != messages.rend(); ++it) {
            if (it->role == Role::User)
                break;
            if (it->role == Role::Assistant && it->usage.isEmpty()) {
                it->usage = usage;
                if (reasoning >= 0)
                    it->metadata.insert(QStringLiteral("reasoningOutputTokens"), reasoning);
                return success();
            }
            if (it->role == Role::Assistant)
                break;
        }
        m_notes.leftOut(QStringLiteral("token_count events without an assistant message"));
        return success();
    }
    if (type.startsWith(QLatin1String("agent_")))
        return addAgentEvent(type, event);
    if (type.startsWith(QLatin1String("exec_")) || type.startsWith(QLatin1String("patch_apply_"))
        || type.endsWith(QLatin1String("approval_request"))) {
        return addToolEvent(type, event);
    }
    m_notes.leftOut(type + QStringLiteral(" events"));
    return success();
}

Result<void> TuiLogReader::addAgentEvent(const QString &type, const QJsonObject &event)
{
    const auto text = [&event](const char *field) { return event.value(QLatin1String(field)); };
    if (type == QLatin1String("agent_reasoning_delta") || type == QLatin1String("agent_reasoning_raw_content_delta")) {
        if (!text("delta").isString())
            return malformed(Text::tr("a %1 event without a string \"delta\"").arg(type));
        if (!m_messageDeltas.isEmpty())
            flushDeltas();
        m_reasoningDeltas += text("delta").toString();
        m_notes.leftOut(type + QStringLiteral(" events"));
        return success();
    }
    if (type == QLatin1String("agent_message_delta")) {
        if (!text("delta").isString())
            return malformed(Text::tr("a %1 event without a string \"delta\"").arg(type));
        if (!m_reasoningDeltas.isEmpty())
            flushDeltas();
        m_messageDeltas += text("delta").toString();
        m_notes.leftOut(type + QStringLiteral(" events"));
        return success();
    }
    if (type == QLatin1String("agent_reasoning") || type == QLatin1String("agent_reasoning_raw_content")) {
        if (!text("text").isString())
            return malformed(Text::tr("a %1 event without a string \"text\"").arg(type));
        m_reasoningDeltas.clear(); // the final text covers what was streamed
        assistant().parts.append(Part::makeThinking(text("text").toString()));
        return success();
    }
    if (type == QLatin1String("agent_message")) {
        if (!text("message").isString())
            return malformed(Text::tr("an agent_message event without a string \"message\""));
        m_messageDeltas.clear();
        if (!m_reasoningDeltas.isEmpty())
            flushDeltas();
        assistant().parts.append(Part::makeText(text("message").toString()));
        return success();
    }
    if (type == QLatin1String("agent_reasoning_section_break")) {
        if (!m_reasoningDeltas.isEmpty())
            m_reasoningDeltas += QStringLiteral("\n\n");
    }
    m_notes.leftOut(type + QStringLiteral(" events"));
    return success();
}

Result<void> TuiLogReader::addToolEvent(const QString &type, const QJsonObject &event)
{
    const QJsonValue callIdValue = event.value(QLatin1String("call_id"));
    if (!callIdValue.isString())
        return malformed(Text::tr("a %1 event without a string \"call_id\"").arg(type));
    const QString callId = callIdValue.toString();

    if (type == QLatin1String("exec_command_output_delta")) {
        m_notes.leftOut(type + QStringLiteral(" events"));
        return success();
    }
    if (type.endsWith(QLatin1String("approval_request"))) {
        QJsonObject approval = event;
        approval.remove(QLatin1String("type"));
        approval.insert(QStringLiteral("kind"), type);
        m_pendingApprovals.append(approval);
        return success();
    }
    flushDeltas();
    if (type == QLatin1String("exec_command_begin") || type == QLatin1String("patch_apply_begin")) {
        Part call;
        if (type == QLatin1String("exec_command_begin")) {
            const QJsonValue command = event.value(QLatin1String("command"));
            if (!command.isArray())
                return malformed(Text::tr("an exec_command_begin event without a \"command\" array"));
            QJsonObject arguments{{QStringLiteral("command"), command}};
            if (event.value(QLatin1String("cwd")).isString())
                arguments.insert(QStringLiteral("workdir"), event.value(QLatin1String("cwd")));
            call = Part::makeToolCall(callId, QStringLiteral("shell"), arguments);
        } else {
            const QJsonValue changes = event.value(QLatin1String("changes"));
            if (!changes.isObject())
                return malformed(Text::tr("a patch_apply_begin event without a \"changes\" object"));
            call = Part::makeToolCall(callId, QStringLiteral("apply_patch"),
                                      QJsonObject{{QStringLiteral("changes"), changes}});
        }
        Message &message = assistant();
        message.parts.append(call);
        attachApproval(message, callId);
        return success();
    }
    if (type == QLatin1String("exec_command_end") || type == QLatin1String("patch_apply_end")) {
        const bool exec = type == QLatin1String("exec_command_end");
        const QJsonValue outcome = event.value(exec ? QLatin1String("exit_code") : QLatin1String("success"));
        if (exec ? !outcome.isDouble() : !outcome.isBool())
            return malformed(Text::tr("a %1 event without its \"%2\"").arg(type, exec ? QStringLiteral("exit_code")
                                                                               : QStringLiteral("success")));
        QString output = event.value(QLatin1String("aggregated_output")).toString();
        if (!event.value(QLatin1String("aggregated_output")).isString()) {
            output = event.value(QLatin1String("stdout")).toString();
            const QString errors = event.value(QLatin1String("stderr")).toString();
            if (!errors.isEmpty() && !output.isEmpty() && !output.endsWith(QLatin1Char('\n')))
                output += QLatin1Char('\n');
            output += errors;
        }
        const bool failed = exec ? outcome.toInt() != 0 : !outcome.toBool();
        Part result = Part::makeToolResultText(callId, output, failed);
        result.toolName = exec ? QStringLiteral("shell") : QStringLiteral("apply_patch");
        Message message;
        message.role = Role::Tool;
        message.parts = {result};
        if (exec) {
            message.metadata.insert(QStringLiteral("exitCode"), outcome.toInt());
            if (event.contains(QLatin1String("duration")))
                message.metadata.insert(QStringLiteral("duration"), event.value(QLatin1String("duration")));
        }
        appendMessage(message);
        m_assistant = -1; // the next model output is a new response
        return success();
    }
    m_notes.leftOut(type + QStringLiteral(" events"));
    return success();
}

void TuiLogReader::startSession(const QJsonObject &configured)
{
    closeSession();
    m_taskRunning = false;
    ImportedSession imported;
    SessionInfo &info = imported.info;
    info.originId = configured.value(QLatin1String("session_id")).toString();
    // Not "codex-<id>": the rollout file of the same session uses that, with other message ids,
    // and importing both must not mix them into one session.
    info.id = info.originId.isEmpty() ? fallbackSessionId(m_path) : QStringLiteral("codex-tui-") + info.originId;
    info.originKind = QStringLiteral("codex");
    info.originPath = QFileInfo(m_path).absoluteFilePath();
    info.workspace = m_cwd;
    info.model = configured.value(QLatin1String("model")).toString(m_model);
    info.createdAt = m_at.time;
    info.updatedAt = m_at.time;
    info.metadata = m_fileMetadata;
    info.metadata.insert(QStringLiteral("source"), QStringLiteral("tui-session-log"));
    for (const char *field : {"reasoning_effort", "rollout_path", "history_log_id", "history_entry_count"}) {
        if (configured.contains(QLatin1String(field)))
            info.metadata.insert(QLatin1String(field), configured.value(QLatin1String(field)));
    }
    m_sessions.append(imported);
    m_open = true;
}

ImportedSession &TuiLogReader::session()
{
    if (!m_open) // events before any session_configured: a session the log does not name
        startSession(QJsonObject());
    return m_sessions.last();
}

void TuiLogReader::closeSession()
{
    if (!m_open)
        return;
    flushDeltas();
    ImportedSession &current = m_sessions.last();
    // Approvals whose call never started (denied ones) stay with the last assistant message.
    for (auto it = current.messages.rbegin(); it != current.messages.rend() && !m_decidedApprovals.isEmpty(); ++it) {
        if (it->role == Role::Assistant)
            attachApproval(*it, QString());
    }
    for (const Message &message : std::as_const(current.messages)) {
        if (message.role == Role::User && !message.metadata.contains(QLatin1String("promptUnavailable"))) {
            current.info.title = titleFromPrompt(message.text());
            break;
        }
    }
    m_open = false;
    m_assistant = -1;
}

Message &TuiLogReader::assistant()
{
    ImportedSession &current = session();
    if (m_assistant < 0) {
        Message message;
        message.role = Role::Assistant;
        message.model = current.info.model;
        appendMessage(message);
        m_assistant = int(current.messages.size()) - 1;
    }
    return current.messages[m_assistant];
}

void TuiLogReader::appendMessage(Message message)
{
    ImportedSession &current = session();
    message.id = current.info.id + QStringLiteral("-L") + QString::number(m_at.line);
    if (!message.createdAt.isValid())
        message.createdAt = m_at.time;
    current.messages.append(message);
}

void TuiLogReader::flushDeltas()
{
    // Streamed text no final event followed (gpt-oss raw reasoning, cut-off streams).
    if (!m_reasoningDeltas.isEmpty()) {
        const QString text = m_reasoningDeltas;
        m_reasoningDeltas.clear();
        assistant().parts.append(Part::makeThinking(text));
        m_notes.rebuilt(QStringLiteral("reasoning texts from streamed deltas (no final event)"));
    }
    if (!m_messageDeltas.isEmpty()) {
        const QString text = m_messageDeltas;
        m_messageDeltas.clear();
        assistant().parts.append(Part::makeText(text));
        m_notes.rebuilt(QStringLiteral("agent messages from streamed deltas (no final event)"));
    }
}

void TuiLogReader::startTurn()
{
    flushDeltas();
    m_assistant = -1;
    Message user;
    user.role = Role::User;
    if (m_prompts.isEmpty()) {
        // Submitted some way the log does not show (a recalled or pasted prompt).
        user.parts = {Part::makeText(QString())};
        user.metadata.insert(QStringLiteral("promptUnavailable"), true);
        m_notes.leftOut(QStringLiteral("prompts the log does not hold (empty user messages)"));
    } else {
        const Prompt prompt = m_prompts.takeFirst();
        user.parts = {Part::makeText(prompt.text)};
        user.createdAt = prompt.time;
        if (prompt.fromKeys) {
            user.metadata.insert(QStringLiteral("promptFromKeys"), true);
            m_notes.rebuilt(QStringLiteral("prompts from key events"));
        }
    }
    appendMessage(user);
}

void TuiLogReader::attachApproval(Message &message, const QString &callId)
{
    QJsonArray approvals = message.metadata.value(QLatin1String("approvals")).toArray();
    for (qsizetype i = 0; i < m_decidedApprovals.size();) {
        if (callId.isEmpty() || m_decidedApprovals.at(i).value(QLatin1String("call_id")).toString() == callId)
            approvals.append(m_decidedApprovals.takeAt(i));
        else
            ++i;
    }
    if (!approvals.isEmpty())
        message.metadata.insert(QStringLiteral("approvals"), approvals);
}

ImportedTranscript TuiLogReader::finish()
{
    closeSession();
    ImportedTranscript transcript;
    transcript.format = QStringLiteral("codex");
    transcript.sourcePath = m_path;
    for (const ImportedSession &imported : std::as_const(m_sessions)) {
        if (imported.messages.isEmpty())
            m_notes.leftOut(QStringLiteral("sessions without messages"));
        else
            transcript.sessions.append(imported);
    }
    if (!m_prompts.isEmpty())
        m_notes.leftOut(QStringLiteral("submitted prompts no task started for"), int(m_prompts.size()));
    transcript.notes = m_notes.notes();
    return transcript;
}

} // namespace

bool isTuiLogLine(const QJsonObject &first)
{
    return first.value(QLatin1String("dir")).isString() && first.value(QLatin1String("kind")).isString()
        && first.value(QLatin1String("ts")).isString();
}

Result<ImportedTranscript> readTuiLog(const QString &path, const QList<JsonLine> &lines)
{
    TuiLogReader reader(path);
    for (const JsonLine &line : lines) {
        Result<void> added = reader.add(line);
        if (!added.ok())
            return added.error();
    }
    return reader.finish();
}

} // namespace valis::codex
