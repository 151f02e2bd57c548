#include "import/openhandstrajectory.h"

#include <QJsonArray>

namespace valis::openhands {

namespace {

// Longest extras string kept in a message's metadata; longer ones (file contents, diffs) are
// the message's content or stay in the source file.
constexpr qsizetype kSmallText = 200;

QString str(const QJsonObject &object, const char *key)
{
    return object.value(QLatin1String(key)).toString();
}

QJsonObject obj(const QJsonObject &object, const char *key)
{
    return object.value(QLatin1String(key)).toObject();
}

// Agent actions that are tool calls even in trajectories without tool_call_metadata (agents
// run without function calling); their call ids are derived from the event id.
bool isToolAction(const QString &action)
{
    static const QSet<QString> actions = {
        QStringLiteral("run"),         QStringLiteral("run_ipython"),
        QStringLiteral("read"),        QStringLiteral("write"),
        QStringLiteral("edit"),        QStringLiteral("browse"),
        QStringLiteral("browse_interactive"), QStringLiteral("delegate"),
        QStringLiteral("mcp"),         QStringLiteral("call_tool_mcp"),
        QStringLiteral("task_tracking"),
    };
    return actions.contains(action);
}

// Observations that report on the runtime rather than answer the model.
bool isBookkeepingObservation(const QString &observation)
{
    return observation == u"null" || observation == u"agent_state_changed";
}

void appendSection(QStringList &sections, const QString &heading, const QString &body)
{
    if (!body.trimmed().isEmpty())
        sections.append(heading + QLatin1Char('\n') + body.trimmed());
}

// What a workspace_context recall told the model: the repository, the runtime and the
// instructions, in the order ConversationMemory's workspace context gives them.
QString workspaceContextText(const QJsonObject &extras)
{
    QStringList sections;
    const QString repo = str(extras, "repo_name");
    const QString directory = str(extras, "repo_directory");
    if (!repo.isEmpty() || !directory.isEmpty()) {
        QString line = QStringLiteral("Repository: ") + (repo.isEmpty() ? directory : repo);
        if (!repo.isEmpty() && !directory.isEmpty())
            line += QStringLiteral(" in ") + directory;
        if (!str(extras, "repo_branch").isEmpty())
            line += QStringLiteral(" (branch ") + str(extras, "repo_branch") + QLatin1Char(')');
        sections.append(line);
    }
    appendSection(sections, QStringLiteral("Repository instructions:"), str(extras, "repo_instructions"));
    QStringList runtime;
    if (!str(extras, "date").isEmpty())
        runtime.append(QStringLiteral("Today's date: ") + str(extras, "date"));
    if (!str(extras, "working_dir").isEmpty())
        runtime.append(QStringLiteral("Working directory: ") + str(extras, "working_dir"));
    const QJsonObject hosts = obj(extras, "runtime_hosts");
    for (auto it = hosts.constBegin(); it != hosts.constEnd(); ++it)
        runtime.append(QStringLiteral("Host: %1 (port %2)").arg(it.key()).arg(it.value().toInteger()));
    const QJsonObject secrets = obj(extras, "custom_secrets_descriptions");
    for (auto it = secrets.constBegin(); it != secrets.constEnd(); ++it)
        runtime.append(QStringLiteral("Secret: %1 (%2)").arg(it.key(), it.value().toString()));
    appendSection(sections, QStringLiteral("Runtime:"), runtime.join(QLatin1Char('\n')));
    appendSection(sections, QStringLiteral("Additional instructions:"), str(extras, "additional_agent_instructions"));
    appendSection(sections, QStringLiteral("Conversation instructions:"), str(extras, "conversation_instructions"));
    return sections.join(QStringLiteral("\n\n"));
}

// `thought` is a string in older trajectories and {text, reasoning_content} in newer ones.
QString thoughtText(const QJsonObject &args)
{
    const QJsonValue thought = args.value(QLatin1String("thought"));
    return thought.isObject() ? str(thought.toObject(), "text") : thought.toString();
}

QJsonObject modelMessage(const QJsonObject &response)
{
    const QJsonArray choices = response.value(QLatin1String("choices")).toArray();
    return choices.isEmpty() ? QJsonObject()
                             : choices.first().toObject().value(QLatin1String("message")).toObject();
}

// Chat message content is a string, or a list of typed blocks for some providers.
QString contentText(const QJsonValue &content)
{
    if (!content.isArray())
        return content.toString();
    QString text;
    for (const QJsonValue &block : content.toArray()) {
        const QJsonObject part = block.toObject();
        if (str(part, "type") != u"text")
            continue;
        if (!text.isEmpty())
            text += QLatin1Char('\n');
        text += str(part, "text");
    }
    return text;
}

qint64 tokenCount(const QJsonValue &value)
{
    return value.isDouble() ? value.toInteger(-1) : -1;
}

// LiteLLM's usage: OpenAI names, plus Anthropic's cache counts when the model is Claude; its
// prompt_tokens include the cached tokens.
Usage usageFromResponse(const QJsonObject &usage)
{
    qint64 cacheRead = tokenCount(usage.value(QLatin1String("cache_read_input_tokens")));
    if (cacheRead < 0)
        cacheRead = tokenCount(obj(usage, "prompt_tokens_details").value(QLatin1String("cached_tokens")));
    return Usage::fromInclusivePrompt(tokenCount(usage.value(QLatin1String("prompt_tokens"))),
                                      tokenCount(usage.value(QLatin1String("completion_tokens"))),
                                      tokenCount(usage.value(QLatin1String("cache_creation_input_tokens"))),
                                      cacheRead);
}

// Newer trajectories attach llm_metrics to actions; the last token usage is the request that
// produced the action.
Usage usageFromMetrics(const QJsonObject &metrics, QString *model)
{
    const QJsonArray usages = metrics.value(QLatin1String("token_usages")).toArray();
    if (usages.isEmpty())
        return {};
    const QJsonObject last = usages.last().toObject();
    *model = str(last, "model");
    return Usage::fromInclusivePrompt(tokenCount(last.value(QLatin1String("prompt_tokens"))),
                                      tokenCount(last.value(QLatin1String("completion_tokens"))),
                                      tokenCount(last.value(QLatin1String("cache_write_tokens"))),
                                      tokenCount(last.value(QLatin1String("cache_read_tokens"))));
}

QJsonObject smallValues(const QJsonObject &object, int depth)
{
    QJsonObject kept;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        const QJsonValue value = it.value();
        if (value.isBool() || value.isDouble()
            || (value.isString() && value.toString().size() <= kSmallText)) {
            kept.insert(it.key(), value);
        } else if (value.isObject() && depth > 0) {
            const QJsonObject inner = smallValues(value.toObject(), depth - 1);
            if (!inner.isEmpty())
                kept.insert(it.key(), inner);
        }
    }
    return kept;
}

std::optional<Part> imagePart(const QString &url)
{
    if (url.startsWith(QLatin1String("data:"))) {
        const qsizetype comma = url.indexOf(QLatin1Char(','));
        const QString header = url.mid(5, comma - 5);
        if (comma < 0 || !header.endsWith(QLatin1String(";base64")))
            return std::nullopt;
        ImageRef image;
        image.mediaType = header.section(QLatin1Char(';'), 0, 0);
        image.data = QByteArray::fromBase64(QStringView(url).mid(comma + 1).toLatin1());
        return Part::makeImage(image);
    }
    if (url.startsWith(QLatin1String("https:")) || url.startsWith(QLatin1String("http:"))
        || url.startsWith(QLatin1String("file:"))) {
        ImageRef image;
        image.uri = url;
        return Part::makeImage(image);
    }
    return std::nullopt;
}

// The text ConversationMemory shows the model for an observation. `replaced` says whether it
// differs from the event's own `content` (which the caller then keeps beside it).
QString observationText(const Event &event, bool *replaced)
{
    *replaced = false;
    const QString content = str(event.json, "content");
    if (event.observation == u"run") {
        // The command's prefix and suffix ("[The command completed with exit code 0.]").
        const QJsonObject metadata = obj(event.extras, "metadata");
        return str(metadata, "prefix") + content + str(metadata, "suffix");
    }
    if (event.observation == u"edit" && str(event.extras, "impl_source") == u"oh_aci") {
        // The ACI editor's own report; `content` holds a diff only the UI showed.
        const QJsonValue formatted = event.extras.value(QLatin1String("formatted_output_and_error"));
        if (formatted.isString()) {
            *replaced = formatted.toString() != content;
            return formatted.toString();
        }
    }
    if (event.observation == u"delegate") {
        const QJsonValue outputs = obj(event.extras, "outputs").value(QLatin1String("content"));
        if (outputs.isString()) {
            *replaced = outputs.toString() != content;
            return outputs.toString();
        }
    }
    return content;
}

bool observationFailed(const Event &event)
{
    if (event.observation == u"error" || event.observation == u"user_rejected")
        return true;
    QJsonValue exitCode = obj(event.extras, "metadata").value(QLatin1String("exit_code"));
    if (!exitCode.isDouble())
        exitCode = event.extras.value(QLatin1String("exit_code")); // older trajectories
    // OpenHands counts -1 (no exit code: timed out or still running) as a failure too.
    if (exitCode.isDouble())
        return exitCode.toInteger() != 0;
    const QJsonValue success = event.json.value(QLatin1String("success"));
    return success.isBool() && !success.toBool();
}

void applyModel(Message &message, const Event &event)
{
    const QJsonObject response = obj(event.toolCallMetadata, "model_response");
    if (!response.isEmpty()) {
        message.model = str(response, "model");
        const QJsonArray choices = response.value(QLatin1String("choices")).toArray();
        if (!choices.isEmpty())
            message.stopReason = str(choices.first().toObject(), "finish_reason");
        message.usage = usageFromResponse(obj(response, "usage"));
        const QString responseId = str(response, "id");
        if (!responseId.isEmpty())
            message.metadata.insert(QLatin1String("responseId"), responseId);
    }
    if (message.usage.isEmpty()) {
        QString model;
        message.usage = usageFromMetrics(obj(event.json, "llm_metrics"), &model);
        if (message.model.isEmpty())
            message.model = model;
    }
}

} // namespace

Message TrajectoryBuilder::newMessage(const Event &event, Role role) const
{
    Message message;
    message.id = QStringLiteral("oh-e") + QString::number(event.id);
    message.role = role;
    message.createdAt = event.timestamp;
    QJsonObject &metadata = message.metadata;
    metadata.insert(QLatin1String("eventId"), event.id);
    if (!event.source.isEmpty())
        metadata.insert(QLatin1String("source"), event.source);
    if (!event.action.isEmpty())
        metadata.insert(QLatin1String("action"), event.action);
    else
        metadata.insert(QLatin1String("observation"), event.observation);
    if (event.cause)
        metadata.insert(QLatin1String("cause"), *event.cause);
    const QJsonObject extras = smallValues(event.extras, 1);
    if (!extras.isEmpty())
        metadata.insert(QLatin1String("extras"), extras);
    const QJsonValue success = event.json.value(QLatin1String("success"));
    if (success.isBool())
        metadata.insert(QLatin1String("success"), success);
    const QJsonValue cost = obj(event.json, "llm_metrics").value(QLatin1String("accumulated_cost"));
    if (cost.isDouble())
        metadata.insert(QLatin1String("accumulatedCost"), cost);
    return message;
}

void TrajectoryBuilder::add(const Event &event)
{
    if (!event.action.isEmpty())
        addAction(event);
    else
        addObservation(event);
}

void TrajectoryBuilder::addText(const Event &event, Role role, const QString &text)
{
    Message message = newMessage(event, role);
    message.parts.append(Part::makeText(text));
    if (role == Role::Assistant)
        applyModel(message, event);
    m_messages.append(message);
}

void TrajectoryBuilder::addAction(const Event &event)
{
    const QString &action = event.action;
    const bool fromUser = event.source == u"user";
    const bool fromAgent = event.source == u"agent";

    if (action == u"system") {
        Message message = newMessage(event, Role::System);
        message.parts.append(Part::makeText(str(event.args, "content")));
        QJsonArray tools;
        for (const QJsonValue &tool : event.args.value(QLatin1String("tools")).toArray())
            tools.append(str(obj(tool.toObject(), "function"), "name"));
        if (!tools.isEmpty())
            message.metadata.insert(QLatin1String("tools"), tools);
        for (const char *key : {"openhands_version", "agent_class"}) {
            if (event.args.value(QLatin1String(key)).isString())
                message.metadata.insert(QLatin1String(key), event.args.value(QLatin1String(key)));
        }
        m_messages.append(message);
        return;
    }
    if (action == u"message") {
        const QJsonValue content = event.args.value(QLatin1String("content"));
        addText(event, fromUser ? Role::User : Role::Assistant,
                content.isString() ? content.toString() : str(event.json, "message"));
        Message &message = m_messages.last();
        for (const QJsonValue &url : event.args.value(QLatin1String("image_urls")).toArray()) {
            if (const std::optional<Part> image = imagePart(url.toString()))
                message.parts.append(*image);
        }
        return;
    }
    if (action == u"finish" || action == u"reject") {
        // ConversationMemory shows the finish call as text, not as a call: its thought, then
        // the response's content when that says something else.
        QString text = thoughtText(event.args);
        const QString said = contentText(
            modelMessage(obj(event.toolCallMetadata, "model_response")).value(QLatin1String("content")));
        if (text.isEmpty())
            text = said;
        else if (!said.isEmpty() && said != text)
            text += QLatin1Char('\n') + said;
        if (text.isEmpty())
            text = str(event.args, "final_thought");
        if (text.isEmpty())
            text = str(event.json, "message");
        addText(event, fromUser ? Role::User : Role::Assistant, text);
        return;
    }
    const bool hasCall = !str(event.toolCallMetadata, "tool_call_id").isEmpty();
    if (fromAgent && (hasCall || (isToolAction(action) && action != u"think"))) {
        addToolCall(event);
        return;
    }
    if (fromAgent && action == u"think") {
        addText(event, Role::Assistant, thoughtText(event.args));
        return;
    }
    if (fromUser && action == u"run") {
        addText(event, Role::User, str(event.args, "command"));
        return;
    }
    ++m_leftOut[action];
}

void TrajectoryBuilder::addToolCall(const Event &event)
{
    QString callId = str(event.toolCallMetadata, "tool_call_id");
    if (callId.isEmpty() || m_toolByCall.contains(callId))
        callId = QStringLiteral("oh-call-") + QString::number(event.id);
    QString toolName = str(event.toolCallMetadata, "function_name");
    if (toolName.isEmpty())
        toolName = event.action;
    QJsonObject args = event.args;
    args.remove(QLatin1String("thought")); // it is the message's text

    const QJsonObject response = obj(event.toolCallMetadata, "model_response");
    const QJsonObject said = modelMessage(response);
    std::optional<Part> call;
    for (const QJsonValue &entry : said.value(QLatin1String("tool_calls")).toArray()) {
        const QJsonObject toolCall = entry.toObject();
        if (str(toolCall, "id") != callId)
            continue;
        // The arguments exactly as the model sent them; OpenHands' args are its own reading.
        const QJsonValue arguments = obj(toolCall, "function").value(QLatin1String("arguments"));
        call = arguments.isString() ? Part::makeToolCallFromText(callId, toolName, arguments.toString())
                                    : Part::makeToolCall(callId, toolName, arguments);
        call->wire.insert(QLatin1String("openhands"),
                          QJsonObject{{QLatin1String("action"), event.action},
                                      {QLatin1String("args"), args}});
        break;
    }
    if (!call)
        call = Part::makeToolCall(callId, toolName, args);

    m_callByEvent.insert(event.id, callId);
    m_toolByCall.insert(callId, toolName);

    const QString responseId = str(response, "id");
    const auto grouped = responseId.isEmpty() ? m_messageByResponse.constEnd()
                                              : m_messageByResponse.constFind(responseId);
    if (grouped != m_messageByResponse.constEnd()) {
        Message &message = m_messages[grouped.value()];
        message.parts.append(*call);
        QJsonArray ids = message.metadata.value(QLatin1String("eventIds")).toArray();
        ids.append(event.id);
        message.metadata.insert(QLatin1String("eventIds"), ids);
        return;
    }
    Message message = newMessage(event, Role::Assistant);
    const QString reasoning = said.value(QLatin1String("reasoning_content")).toString();
    if (!reasoning.trimmed().isEmpty())
        message.parts.append(Part::makeThinking(reasoning));
    // With a model response, ConversationMemory sends its content; without, the thought.
    const QString text = response.isEmpty() ? thoughtText(event.args)
                                            : contentText(said.value(QLatin1String("content")));
    if (!text.trimmed().isEmpty())
        message.parts.append(Part::makeText(text));
    message.parts.append(*call);
    message.metadata.insert(QLatin1String("eventIds"), QJsonArray{event.id});
    applyModel(message, event);
    m_messages.append(message);
    if (!responseId.isEmpty())
        m_messageByResponse.insert(responseId, m_messages.size() - 1);
}

void TrajectoryBuilder::addObservation(const Event &event)
{
    if (isBookkeepingObservation(event.observation)) {
        ++m_leftOut[event.observation];
        return;
    }
    if (event.observation == u"recall") {
        addRecall(event);
        return;
    }
    // `cause` names the very action; the call id is what ConversationMemory pairs by.
    QString callId = event.cause ? m_callByEvent.value(*event.cause) : QString();
    if (callId.isEmpty()) {
        const QString named = str(event.toolCallMetadata, "tool_call_id");
        if (m_toolByCall.contains(named))
            callId = named;
    }
    bool replaced = false;
    const QString text = observationText(event, &replaced);
    if (!callId.isEmpty() && !m_answered.contains(callId)) {
        Message message = newMessage(event, Role::Tool);
        Part result = Part::makeToolResultText(callId, text, observationFailed(event));
        result.toolName = m_toolByCall.value(callId);
        if (replaced) {
            result.wire.insert(QLatin1String("openhands"),
                               QJsonObject{{QLatin1String("content"), str(event.json, "content")}});
        }
        message.parts.append(result);
        m_answered.insert(callId);
        m_messages.append(message);
        return;
    }
    // An observation that answers no call here (an error the controller raised, a command the
    // user ran): the model saw it as plain text from the environment.
    Message message = newMessage(event, Role::System);
    message.parts.append(Part::makeText(text));
    message.metadata.insert(QLatin1String("unpaired"), true);
    if (observationFailed(event))
        message.metadata.insert(QLatin1String("failed"), true);
    m_messages.append(message);
    ++m_unpaired;
}

void TrajectoryBuilder::addRecall(const Event &event)
{
    // The model saw a recall as a user message: the workspace context, then the knowledge of
    // the microagents it triggered, each microagent once per conversation.
    QStringList sections;
    const QString type = str(event.extras, "recall_type");
    if (type == u"workspace_context")
        sections.append(workspaceContextText(event.extras));
    for (const QJsonValue &entry : event.extras.value(QLatin1String("microagent_knowledge")).toArray()) {
        const QJsonObject agent = entry.toObject();
        const QString name = str(agent, "name");
        // Only a knowledge recall drops a microagent an earlier recall already brought in.
        if (type != u"workspace_context" && m_recalledAgents.contains(name))
            continue;
        m_recalledAgents.insert(name);
        QString heading = QStringLiteral("Knowledge from the microagent \"%1\"").arg(name);
        if (!str(agent, "trigger").isEmpty())
            heading += QStringLiteral(" (triggered by \"%1\")").arg(str(agent, "trigger"));
        appendSection(sections, heading + QLatin1Char(':'), str(agent, "content"));
    }
    sections.removeAll(QString());
    if (sections.isEmpty()) {
        // Nothing the model was shown (ConversationMemory sends no message for it).
        ++m_leftOut[event.observation];
        return;
    }
    Message message = newMessage(event, Role::User);
    message.parts.append(Part::makeText(sections.join(QStringLiteral("\n\n"))));
    message.metadata.insert(QLatin1String("recall"), type);
    m_messages.append(message);
}

} // namespace valis::openhands
