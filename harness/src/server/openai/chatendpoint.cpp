// POST /v1/chat/completions: one served turn, answered whole or as OpenAI's SSE chunks.
#include "server/openai/apiendpoints.h"

#include "valis/agent/session.h"
#include "valis/wire/openaichat.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QJsonDocument>

#include <memory>

namespace valis::apiserver {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::OpenAiApiServer)
};

QString finishReason(const QString &reason)
{
    if (reason == QLatin1String("client-tools"))
        return QStringLiteral("tool_calls");
    if (reason == QLatin1String("max-tokens"))
        return QStringLiteral("length");
    return QStringLiteral("stop");
}

bool failed(const TurnOutcome &outcome)
{
    return outcome.reason != QLatin1String("answered") && outcome.reason != QLatin1String("client-tools")
        && outcome.reason != QLatin1String("max-tokens");
}

QJsonObject usageJson(const Usage &usage)
{
    const qint64 cached = qMax<qint64>(0, usage.cacheReadTokens);
    const qint64 prompt = qMax<qint64>(0, usage.inputTokens) + cached + qMax<qint64>(0, usage.cacheWriteTokens);
    const qint64 completion = qMax<qint64>(0, usage.outputTokens);
    return {{QStringLiteral("prompt_tokens"), prompt},
            {QStringLiteral("completion_tokens"), completion},
            {QStringLiteral("total_tokens"), prompt + completion},
            {QStringLiteral("prompt_tokens_details"), QJsonObject{{QStringLiteral("cached_tokens"), cached}}}};
}

QJsonArray toolCallsJson(const QList<Part> &calls, int firstIndex = -1)
{
    QJsonArray out;
    for (qsizetype i = 0; i < calls.size(); ++i) {
        const Part &call = calls.at(i);
        const QString arguments = call.arguments.isString()
                                      ? call.arguments.toString()
                                      : QString::fromUtf8(call.arguments.isObject() ? QJsonDocument(call.arguments.toObject()).toJson(QJsonDocument::Compact)
                                                          : call.arguments.isArray() ? QJsonDocument(call.arguments.toArray()).toJson(QJsonDocument::Compact)
                                                                                     : QByteArray("{}"));
        QJsonObject json{{QStringLiteral("id"), call.callId},
                         {QStringLiteral("type"), QStringLiteral("function")},
                         {QStringLiteral("function"), QJsonObject{{QStringLiteral("name"), call.toolName}, {QStringLiteral("arguments"), arguments}}}};
        if (firstIndex >= 0)
            json.insert(QStringLiteral("index"), firstIndex + int(i));
        out.append(json);
    }
    return out;
}

/// A streamed answer's state: the chunks share id, created and model.
struct ChatStream
{
    QPointer<HttpResponder> responder;
    QString id = randomId(QStringLiteral("chatcmpl-"));
    qint64 created = QDateTime::currentSecsSinceEpoch();
    QString model;
    bool includeUsage = false;
    bool begun = false;
    QSet<QString> clientTools;
    QHash<QString, int> streamedCalls; ///< call id -> its index in tool_calls

    QJsonObject chunk(const QJsonObject &delta, const QJsonValue &finish) const
    {
        QJsonObject json{{QStringLiteral("id"), id},
                         {QStringLiteral("object"), QStringLiteral("chat.completion.chunk")},
                         {QStringLiteral("created"), created},
                         {QStringLiteral("model"), model},
                         {QStringLiteral("choices"), QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                                                             {QStringLiteral("delta"), delta},
                                                                             {QStringLiteral("logprobs"), QJsonValue()},
                                                                             {QStringLiteral("finish_reason"), finish}}}}};
        if (includeUsage)
            json.insert(QStringLiteral("usage"), QJsonValue());
        return json;
    }
    void send(const QJsonObject &json)
    {
        responder->write("data: " + QJsonDocument(json).toJson(QJsonDocument::Compact) + "\n\n");
    }
    /// The head and the first chunk (the role), sent with the first thing worth sending, so a
    /// failure before it still gets its HTTP status.
    void begin()
    {
        if (begun)
            return;
        begun = true;
        responder->beginStream(200, {{"Content-Type", "text/event-stream"}, {"Cache-Control", "no-cache"}});
        send(chunk({{QStringLiteral("role"), QStringLiteral("assistant")}, {QStringLiteral("content"), QString()}}, QJsonValue()));
    }
};
} // namespace

void serveChatCompletions(ApiConversations &conversations, const QJsonObject &body, const TurnRequest &base,
                          HttpResponder *responder)
{
    TurnRequest request = base;
    const QJsonValue messagesValue = body.value(QLatin1String("messages"));
    if (!messagesValue.isArray() || messagesValue.toArray().isEmpty()) {
        respondError(responder, 400, Text::tr("\"messages\" must be a non-empty array"), QStringLiteral("invalid_request_error"),
                     QStringLiteral("invalid_messages"));
        return;
    }
    if (body.value(QLatin1String("n")).toInt(1) != 1) {
        respondError(responder, 400, Text::tr("only n = 1 is supported"), QStringLiteral("invalid_request_error"), QStringLiteral("unsupported_parameter"));
        return;
    }
    QJsonArray chat = messagesValue.toArray();
    // Leading system and developer messages are the session's system prompt, not its record.
    QStringList system;
    while (!chat.isEmpty()) {
        const QString role = chat.first().toObject().value(QLatin1String("role")).toString();
        if (role != QLatin1String("system") && role != QLatin1String("developer"))
            break;
        const Result<Message> message = wire::openaichat::messageFromJson(chat.first().toObject());
        if (message.hasError()) {
            respondError(responder, 400, message.error().message, QStringLiteral("invalid_request_error"), QStringLiteral("invalid_messages"));
            return;
        }
        system.append(plainText(message.value()));
        chat.removeFirst();
    }
    const Result<QList<Message>> messages = wire::openaichat::messagesFromJson(chat);
    if (messages.hasError()) {
        respondError(responder, 400, messages.error().message + QLatin1Char(' ') + messages.error().location,
                     QStringLiteral("invalid_request_error"), QStringLiteral("invalid_messages"));
        return;
    }
    request.system = system.join(QStringLiteral("\n\n"));
    request.messages = messages.value();
    for (const QJsonValue &tool : body.value(QLatin1String("tools")).toArray()) {
        const QJsonObject function = tool.toObject().value(QLatin1String("function")).toObject();
        if (function.value(QLatin1String("name")).toString().isEmpty()) {
            respondError(responder, 400, Text::tr("every tool needs a function with a name"), QStringLiteral("invalid_request_error"),
                         QStringLiteral("invalid_tools"));
            return;
        }
        request.clientTools.append(QJsonObject{
            {QStringLiteral("name"), function.value(QLatin1String("name"))},
            {QStringLiteral("description"), function.value(QLatin1String("description")).toString()},
            {QStringLiteral("input_schema"), function.contains(QLatin1String("parameters")) ? function.value(QLatin1String("parameters"))
                                                                                              : QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}});
    }
    request.stream = body.value(QLatin1String("stream")).toBool();
    QString samplingError;
    if (!readSampling(body, {QStringLiteral("max_completion_tokens"), QStringLiteral("max_tokens")}, &request, &samplingError)) {
        respondError(responder, 400, samplingError, QStringLiteral("invalid_request_error"), QStringLiteral("invalid_parameter"));
        return;
    }
    if (request.key.isEmpty())
        request.key = conversationKey(request.system, request.messages);

    if (!request.stream) {
        QPointer<HttpResponder> guarded(responder);
        const QString model = request.requestedModel;
        startTurn(conversations, request, responder, {}, [guarded, model, tools = request.clientTools](const TurnOutcome &outcome) {
            if (!guarded || guarded->isClientGone())
                return;
            if (failed(outcome)) {
                const HttpFailure failure = failureFor(outcome);
                respondError(guarded, failure.status, outcome.error.message.isEmpty() ? outcome.reason : outcome.error.message,
                             failure.type, failure.code);
                return;
            }
            QJsonObject message{{QStringLiteral("role"), QStringLiteral("assistant")}};
            const QString text = answerText(outcome.answers);
            message.insert(QStringLiteral("content"), text.isEmpty() ? QJsonValue() : QJsonValue(text));
            message.insert(QStringLiteral("refusal"), QJsonValue());
            const QList<Part> calls = answerCalls(outcome.answers, tools);
            if (!calls.isEmpty())
                message.insert(QStringLiteral("tool_calls"), toolCallsJson(calls));
            const QJsonObject json{{QStringLiteral("id"), randomId(QStringLiteral("chatcmpl-"))},
                                   {QStringLiteral("object"), QStringLiteral("chat.completion")},
                                   {QStringLiteral("created"), QDateTime::currentSecsSinceEpoch()},
                                   {QStringLiteral("model"), model},
                                   {QStringLiteral("choices"), QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                                                                       {QStringLiteral("message"), message},
                                                                                       {QStringLiteral("logprobs"), QJsonValue()},
                                                                                       {QStringLiteral("finish_reason"), finishReason(outcome.reason)}}}},
                                   {QStringLiteral("usage"), usageJson(outcome.usage)}};
            guarded->respondJson(200, json);
        });
        return;
    }

    auto stream = std::make_shared<ChatStream>();
    stream->responder = responder;
    stream->model = request.requestedModel;
    stream->includeUsage = body.value(QLatin1String("stream_options")).toObject().value(QLatin1String("include_usage")).toBool();
    const auto onText = [stream](const QString &delta) {
        if (!stream->responder || stream->responder->isClientGone() || delta.isEmpty())
            return;
        stream->begin();
        stream->send(stream->chunk({{QStringLiteral("content"), delta}}, QJsonValue()));
    };
    stream->clientTools = toolNames(request.clientTools);
    // A client tool's call streams as the model writes it: its id and name, then its arguments
    // piece by piece. Valis's own calls never show.
    const auto onToolCall = [stream](const SessionEvent &event) {
        if (!stream->responder || stream->responder->isClientGone())
            return;
        if (event.kind == SessionEvent::Kind::ToolCallStarted) {
            if (!stream->clientTools.contains(event.toolName))
                return;
            const int index = int(stream->streamedCalls.size());
            stream->streamedCalls.insert(event.callId, index);
            stream->begin();
            const QJsonObject call{{QStringLiteral("index"), index},
                                   {QStringLiteral("id"), event.callId},
                                   {QStringLiteral("type"), QStringLiteral("function")},
                                   {QStringLiteral("function"), QJsonObject{{QStringLiteral("name"), event.toolName},
                                                                            {QStringLiteral("arguments"), QString()}}}};
            stream->send(stream->chunk({{QStringLiteral("tool_calls"), QJsonArray{call}}}, QJsonValue()));
            return;
        }
        const auto it = stream->streamedCalls.constFind(event.callId);
        if (it == stream->streamedCalls.constEnd() || event.text.isEmpty())
            return;
        const QJsonObject call{{QStringLiteral("index"), it.value()},
                               {QStringLiteral("function"), QJsonObject{{QStringLiteral("arguments"), event.text}}}};
        stream->send(stream->chunk({{QStringLiteral("tool_calls"), QJsonArray{call}}}, QJsonValue()));
    };
    const auto onFinished = [stream, tools = request.clientTools](const TurnOutcome &outcome) {
        if (!stream->responder || stream->responder->isClientGone())
            return;
        if (failed(outcome)) {
            const HttpFailure failure = failureFor(outcome);
            respondError(stream->responder, failure.status, outcome.error.message.isEmpty() ? outcome.reason : outcome.error.message,
                         failure.type, failure.code);
            return;
        }
        stream->begin();
        QList<Part> calls;
        for (const Part &call : answerCalls(outcome.answers, tools)) {
            if (!stream->streamedCalls.contains(call.callId))
                calls.append(call); // a provider that sent the call whole
        }
        if (!calls.isEmpty())
            stream->send(stream->chunk({{QStringLiteral("tool_calls"), toolCallsJson(calls, int(stream->streamedCalls.size()))}}, QJsonValue()));
        stream->send(stream->chunk({}, finishReason(outcome.reason)));
        if (stream->includeUsage) {
            QJsonObject last = stream->chunk({}, QJsonValue());
            last.insert(QStringLiteral("choices"), QJsonArray());
            last.insert(QStringLiteral("usage"), usageJson(outcome.usage));
            stream->send(last);
        }
        stream->responder->write("data: [DONE]\n\n");
        stream->responder->end();
    };
    startTurn(conversations, request, responder, onText, onFinished, onToolCall);
}

} // namespace valis::apiserver
