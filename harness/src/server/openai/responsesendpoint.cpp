// POST /v1/responses: one served turn as a Responses API response, whole or as its SSE events.
#include "server/openai/apiendpoints.h"

#include "valis/agent/session.h"
#include "valis/wire/openairesponses.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QJsonDocument>
#include <QSet>

#include <memory>

namespace valis::apiserver {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::OpenAiApiServer)
};

QJsonObject usageJson(const Usage &usage)
{
    const qint64 cached = qMax<qint64>(0, usage.cacheReadTokens);
    const qint64 input = qMax<qint64>(0, usage.inputTokens) + cached + qMax<qint64>(0, usage.cacheWriteTokens);
    const qint64 output = qMax<qint64>(0, usage.outputTokens);
    return {{QStringLiteral("input_tokens"), input},
            {QStringLiteral("input_tokens_details"), QJsonObject{{QStringLiteral("cached_tokens"), cached}}},
            {QStringLiteral("output_tokens"), output},
            {QStringLiteral("output_tokens_details"), QJsonObject{{QStringLiteral("reasoning_tokens"), 0}}},
            {QStringLiteral("total_tokens"), input + output}};
}

QString argumentsText(const Part &call)
{
    if (call.arguments.isString())
        return call.arguments.toString();
    if (call.arguments.isObject())
        return QString::fromUtf8(QJsonDocument(call.arguments.toObject()).toJson(QJsonDocument::Compact));
    return QStringLiteral("{}");
}

/// A response being answered: what its events and its final object share.
struct ResponseState
{
    QPointer<HttpResponder> responder;
    QString id = randomId(QStringLiteral("resp_"));
    QString messageId = randomId(QStringLiteral("msg_"));
    qint64 created = QDateTime::currentSecsSinceEpoch();
    QString model;
    QString instructions;
    bool begun = false;
    bool messageOpen = false;
    bool messageDone = false;
    int sequence = 0;
    QString text;
    QSet<QString> clientTools;
    QHash<QString, int> streamedCalls; ///< call id -> its output_index

    QJsonObject response(const QString &status, const QJsonArray &output, const QJsonValue &usage) const
    {
        return {{QStringLiteral("id"), id},
                {QStringLiteral("object"), QStringLiteral("response")},
                {QStringLiteral("created_at"), created},
                {QStringLiteral("status"), status},
                {QStringLiteral("model"), model},
                {QStringLiteral("output"), output},
                {QStringLiteral("instructions"), instructions.isEmpty() ? QJsonValue() : QJsonValue(instructions)},
                {QStringLiteral("error"), QJsonValue()},
                {QStringLiteral("incomplete_details"), QJsonValue()},
                {QStringLiteral("parallel_tool_calls"), true},
                {QStringLiteral("tools"), QJsonArray()},
                {QStringLiteral("usage"), usage}};
    }
    QJsonObject messageItem(const QString &status) const
    {
        QJsonArray content;
        if (status == QLatin1String("completed"))
            content.append(outputText());
        return {{QStringLiteral("id"), messageId},
                {QStringLiteral("type"), QStringLiteral("message")},
                {QStringLiteral("status"), status},
                {QStringLiteral("role"), QStringLiteral("assistant")},
                {QStringLiteral("content"), content}};
    }
    QJsonObject outputText() const
    {
        return {{QStringLiteral("type"), QStringLiteral("output_text")}, {QStringLiteral("text"), text}, {QStringLiteral("annotations"), QJsonArray()}};
    }
    static QJsonObject callItem(const Part &call)
    {
        return {{QStringLiteral("id"), QString(QStringLiteral("fc_") + call.callId)},
                {QStringLiteral("type"), QStringLiteral("function_call")},
                {QStringLiteral("status"), QStringLiteral("completed")},
                {QStringLiteral("call_id"), call.callId},
                {QStringLiteral("name"), call.toolName},
                {QStringLiteral("arguments"), argumentsText(call)}};
    }
    QJsonArray output(const QList<Part> &calls) const
    {
        QJsonArray items;
        if (!text.isEmpty())
            items.append(messageItem(QStringLiteral("completed")));
        for (const Part &call : calls)
            items.append(callItem(call));
        return items;
    }
    void event(const QString &type, QJsonObject json)
    {
        json.insert(QStringLiteral("type"), type);
        json.insert(QStringLiteral("sequence_number"), sequence++);
        responder->write("event: " + type.toLatin1() + "\ndata: " + QJsonDocument(json).toJson(QJsonDocument::Compact) + "\n\n");
    }
    void begin()
    {
        if (begun)
            return;
        begun = true;
        responder->beginStream(200, {{"Content-Type", "text/event-stream"}, {"Cache-Control", "no-cache"}});
        const QJsonObject inProgress = response(QStringLiteral("in_progress"), {}, QJsonValue());
        event(QStringLiteral("response.created"), {{QStringLiteral("response"), inProgress}});
        event(QStringLiteral("response.in_progress"), {{QStringLiteral("response"), inProgress}});
    }
    void openMessage()
    {
        if (messageOpen)
            return;
        messageOpen = true;
        event(QStringLiteral("response.output_item.added"),
              {{QStringLiteral("output_index"), 0}, {QStringLiteral("item"), messageItem(QStringLiteral("in_progress"))}});
        event(QStringLiteral("response.content_part.added"),
              {{QStringLiteral("item_id"), messageId}, {QStringLiteral("output_index"), 0}, {QStringLiteral("content_index"), 0},
               {QStringLiteral("part"), QJsonObject{{QStringLiteral("type"), QStringLiteral("output_text")}, {QStringLiteral("text"), QString()},
                                                    {QStringLiteral("annotations"), QJsonArray()}}}});
    }
    /// Ends the message item (output_index 0), with the text it got.
    void closeMessage()
    {
        if (messageDone)
            return;
        messageDone = true;
        openMessage();
        event(QStringLiteral("response.output_text.done"),
              {{QStringLiteral("item_id"), messageId}, {QStringLiteral("output_index"), 0},
               {QStringLiteral("content_index"), 0}, {QStringLiteral("text"), text}});
        event(QStringLiteral("response.content_part.done"),
              {{QStringLiteral("item_id"), messageId}, {QStringLiteral("output_index"), 0},
               {QStringLiteral("content_index"), 0}, {QStringLiteral("part"), outputText()}});
        event(QStringLiteral("response.output_item.done"),
              {{QStringLiteral("output_index"), 0}, {QStringLiteral("item"), messageItem(QStringLiteral("completed"))}});
    }
    int firstCallIndex() const { return messageOpen || !text.isEmpty() ? 1 : 0; }
};

bool failed(const TurnOutcome &outcome)
{
    return outcome.reason != QLatin1String("answered") && outcome.reason != QLatin1String("client-tools")
        && outcome.reason != QLatin1String("max-tokens");
}
} // namespace

void serveResponses(ApiConversations &conversations, const QJsonObject &body, const TurnRequest &base, HttpResponder *responder)
{
    TurnRequest request = base;
    if (body.contains(QLatin1String("previous_response_id"))) {
        respondError(responder, 400, Text::tr("previous_response_id is not supported: send the whole input (Valis keeps the context)"),
                     QStringLiteral("invalid_request_error"), QStringLiteral("unsupported_parameter"));
        return;
    }
    const QJsonValue input = body.value(QLatin1String("input"));
    QJsonArray items;
    if (input.isString())
        items.append(QJsonObject{{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), input.toString()}});
    else if (input.isArray())
        items = input.toArray();
    if (items.isEmpty()) {
        respondError(responder, 400, Text::tr("\"input\" must be a string or a non-empty array of items"),
                     QStringLiteral("invalid_request_error"), QStringLiteral("invalid_input"));
        return;
    }
    const Result<QList<Message>> read = wire::openairesponses::itemsFromJson(items);
    if (read.hasError()) {
        respondError(responder, 400, read.error().message + QLatin1Char(' ') + read.error().location,
                     QStringLiteral("invalid_request_error"), QStringLiteral("invalid_input"));
        return;
    }
    QStringList system;
    if (!body.value(QLatin1String("instructions")).toString().isEmpty())
        system.append(body.value(QLatin1String("instructions")).toString());
    QList<Message> messages = read.value();
    while (!messages.isEmpty() && messages.first().role == Role::System) {
        system.append(plainText(messages.first()));
        messages.removeFirst();
    }
    request.system = system.join(QStringLiteral("\n\n"));
    request.messages = messages;
    for (const QJsonValue &value : body.value(QLatin1String("tools")).toArray()) {
        const QJsonObject tool = value.toObject();
        if (tool.value(QLatin1String("type")).toString() != QLatin1String("function") || tool.value(QLatin1String("name")).toString().isEmpty()) {
            respondError(responder, 400, Text::tr("only function tools with a name are supported"), QStringLiteral("invalid_request_error"),
                         QStringLiteral("invalid_tools"));
            return;
        }
        request.clientTools.append(QJsonObject{
            {QStringLiteral("name"), tool.value(QLatin1String("name"))},
            {QStringLiteral("description"), tool.value(QLatin1String("description")).toString()},
            {QStringLiteral("input_schema"), tool.contains(QLatin1String("parameters")) ? tool.value(QLatin1String("parameters"))
                                                                                          : QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}});
    }
    request.stream = body.value(QLatin1String("stream")).toBool();
    QString samplingError;
    if (!readSampling(body, {QStringLiteral("max_output_tokens")}, &request, &samplingError)) {
        respondError(responder, 400, samplingError, QStringLiteral("invalid_request_error"), QStringLiteral("invalid_parameter"));
        return;
    }
    if (request.key.isEmpty())
        request.key = conversationKey(request.system, request.messages);

    auto state = std::make_shared<ResponseState>();
    state->responder = responder;
    state->model = request.requestedModel;
    state->instructions = body.value(QLatin1String("instructions")).toString();
    const bool stream = request.stream;
    const auto onText = [state, stream](const QString &delta) {
        state->text += delta;
        if (!stream || !state->responder || state->responder->isClientGone() || delta.isEmpty())
            return;
        state->begin();
        state->openMessage();
        state->event(QStringLiteral("response.output_text.delta"),
                     {{QStringLiteral("item_id"), state->messageId}, {QStringLiteral("output_index"), 0},
                      {QStringLiteral("content_index"), 0}, {QStringLiteral("delta"), delta}});
    };
    state->clientTools = toolNames(request.clientTools);
    // A client tool's call streams as the model writes it (Valis's own calls never show); the
    // message before it is complete by then.
    const auto onToolCall = [state, stream](const SessionEvent &event) {
        if (!stream || !state->responder || state->responder->isClientGone())
            return;
        if (event.kind == SessionEvent::Kind::ToolCallStarted) {
            if (!state->clientTools.contains(event.toolName))
                return;
            state->begin();
            if (state->messageOpen || !state->text.isEmpty())
                state->closeMessage();
            const int index = state->firstCallIndex() + int(state->streamedCalls.size());
            state->streamedCalls.insert(event.callId, index);
            const QJsonObject item{{QStringLiteral("id"), QString(QStringLiteral("fc_") + event.callId)},
                                   {QStringLiteral("type"), QStringLiteral("function_call")},
                                   {QStringLiteral("status"), QStringLiteral("in_progress")},
                                   {QStringLiteral("call_id"), event.callId},
                                   {QStringLiteral("name"), event.toolName},
                                   {QStringLiteral("arguments"), QString()}};
            state->event(QStringLiteral("response.output_item.added"), {{QStringLiteral("output_index"), index}, {QStringLiteral("item"), item}});
            return;
        }
        const auto it = state->streamedCalls.constFind(event.callId);
        if (it == state->streamedCalls.constEnd() || event.text.isEmpty())
            return;
        state->event(QStringLiteral("response.function_call_arguments.delta"),
                     {{QStringLiteral("item_id"), QString(QStringLiteral("fc_") + event.callId)},
                      {QStringLiteral("output_index"), it.value()}, {QStringLiteral("delta"), event.text}});
    };
    const auto onFinished = [state, stream, tools = request.clientTools](const TurnOutcome &outcome) {
        if (!state->responder || state->responder->isClientGone())
            return;
        if (failed(outcome)) {
            const HttpFailure failure = failureFor(outcome);
            const QString message = outcome.error.message.isEmpty() ? outcome.reason : outcome.error.message;
            if (state->responder->isStarted())
                streamError(state->responder, "error", failure.status, message, failure.type, failure.code);
            else
                respondError(state->responder, failure.status, message, failure.type, failure.code);
            return;
        }
        state->text = answerText(outcome.answers);
        const QList<Part> calls = answerCalls(outcome.answers, tools);
        const QString status = outcome.reason == QLatin1String("max-tokens") ? QStringLiteral("incomplete") : QStringLiteral("completed");
        QJsonObject final = state->response(status, state->output(calls), usageJson(outcome.usage));
        if (status == QLatin1String("incomplete"))
            final.insert(QStringLiteral("incomplete_details"), QJsonObject{{QStringLiteral("reason"), QStringLiteral("max_output_tokens")}});
        if (!stream) {
            state->responder->respondJson(200, final);
            return;
        }
        state->begin();
        if (state->messageOpen || !state->text.isEmpty())
            state->closeMessage();
        int index = state->firstCallIndex() + int(state->streamedCalls.size());
        for (const Part &call : calls) {
            const QJsonObject item = ResponseState::callItem(call);
            const auto streamed = state->streamedCalls.constFind(call.callId);
            const int at = streamed != state->streamedCalls.constEnd() ? streamed.value() : index++;
            if (streamed == state->streamedCalls.constEnd())
                state->event(QStringLiteral("response.output_item.added"), {{QStringLiteral("output_index"), at}, {QStringLiteral("item"), item}});
            state->event(QStringLiteral("response.function_call_arguments.done"),
                         {{QStringLiteral("item_id"), item.value(QLatin1String("id"))}, {QStringLiteral("output_index"), at},
                          {QStringLiteral("arguments"), item.value(QLatin1String("arguments"))}});
            state->event(QStringLiteral("response.output_item.done"), {{QStringLiteral("output_index"), at}, {QStringLiteral("item"), item}});
        }
        state->event(status == QLatin1String("completed") ? QStringLiteral("response.completed") : QStringLiteral("response.incomplete"),
                     {{QStringLiteral("response"), final}});
        state->responder->end();
    };
    startTurn(conversations, request, responder, onText, onFinished, onToolCall);
}

} // namespace valis::apiserver
