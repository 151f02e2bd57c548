#include "chatdecoder.h"

#include "jsonfields.h"
#include "valis/provider/httpssestream.h"
#include "jsonscanner.h"
#include "providerhttp.h"
#include "valis/wire/openaichat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

namespace valis::providers::openaichat {

namespace {

Usage usageFromJson(const QJsonObject &usage)
{
    const QJsonObject details = usage.value(QLatin1String("prompt_tokens_details")).toObject();
    qint64 cached = countField(details, QLatin1String("cached_tokens"));
    if (cached < 0)
        cached = countField(usage, QLatin1String("prompt_cache_hit_tokens")); // DeepSeek
    return Usage::fromInclusivePrompt(countField(usage, QLatin1String("prompt_tokens")),
                                      countField(usage, QLatin1String("completion_tokens")),
                                      countField(details, QLatin1String("cache_write_tokens")), cached); // OpenRouter
}

/// The choice a single-answer request reads: index 0 (or the only one, when a server leaves the
/// index out).
QJsonObject firstChoice(const QJsonArray &choices)
{
    for (const QJsonValue &value : choices) {
        const QJsonObject choice = value.toObject();
        const QJsonValue index = choice.value(QLatin1String("index"));
        if (index.isUndefined() || index.toInteger(-1) == 0)
            return choice;
    }
    return {};
}

} // namespace

QString stopReasonFromFinishReason(const QString &finishReason, bool calledTools)
{
    if (finishReason == QLatin1String("tool_calls") || finishReason == QLatin1String("function_call"))
        return QStringLiteral("tool_use");
    if (finishReason == QLatin1String("length"))
        return QStringLiteral("max_tokens");
    if (finishReason == QLatin1String("stop") || finishReason.isEmpty())
        return calledTools ? QStringLiteral("tool_use") : QStringLiteral("end_turn");
    return finishReason; // content_filter, and whatever a server invents
}

namespace {

/// Reads a string or null (-> absent) value; anything else declines.
bool readOptionalString(JsonScanner &json, std::optional<QString> *out)
{
    if (json.peek() == JsonScanner::Type::Null)
        return json.readNull();
    QString text;
    if (!json.readString(&text))
        return false;
    *out = text;
    return true;
}

/// A string, or "" for null.
bool readStringOrNull(JsonScanner &json, QString *out)
{
    if (json.peek() == JsonScanner::Type::Null)
        return json.readNull();
    return json.readString(out);
}

/// An integer, or -1 for null.
bool readCount(JsonScanner &json, qint64 *out)
{
    if (json.peek() == JsonScanner::Type::Null) {
        *out = -1;
        return json.readNull();
    }
    return json.readInteger(out);
}

bool scanUsage(JsonScanner &json, Usage *usage)
{
    qint64 prompt = -1;
    qint64 completion = -1;
    qint64 hit = -1;
    qint64 cached = -1;
    qint64 written = -1;
    int seen = 0;
    auto once = [&seen](int bit) {
        const bool first = !(seen & bit);
        seen |= bit;
        return first;
    };
    QByteArrayView key;
    if (!json.beginObject())
        return false;
    while (json.nextKey(&key)) {
        bool read = true;
        if (key == "prompt_tokens")
            read = once(1) && readCount(json, &prompt);
        else if (key == "completion_tokens")
            read = once(2) && readCount(json, &completion);
        else if (key == "prompt_cache_hit_tokens")
            read = once(4) && readCount(json, &hit);
        else if (key == "prompt_tokens_details") {
            read = once(8);
            if (read && json.peek() == JsonScanner::Type::Null) {
                read = json.readNull();
            } else if (read && json.beginObject()) {
                QByteArrayView detail;
                int detailSeen = 0;
                while (read && json.nextKey(&detail)) {
                    if (detail == "cached_tokens")
                        read = !(detailSeen & 1) && readCount(json, &cached);
                    else if (detail == "cache_write_tokens")
                        read = !(detailSeen & 2) && readCount(json, &written);
                    else
                        read = json.skipValue();
                    detailSeen |= detail == "cached_tokens" ? 1 : detail == "cache_write_tokens" ? 2 : 0;
                }
                read = read && json.ok();
            } else {
                read = false;
            }
        } else {
            read = json.skipValue();
        }
        if (!read)
            return false;
    }
    if (!json.ok())
        return false;
    *usage = Usage::fromInclusivePrompt(prompt, completion, written, cached >= 0 ? cached : hit);
    return true;
}

bool scanToolCalls(JsonScanner &json, QList<ToolCallDelta> *calls)
{
    if (json.peek() == JsonScanner::Type::Null)
        return json.readNull();
    if (!json.beginArray())
        return false;
    while (json.nextElement()) {
        ToolCallDelta call;
        call.index = calls->size();
        int seen = 0;
        QByteArrayView key;
        if (!json.beginObject())
            return false;
        while (json.nextKey(&key)) {
            const int bit = key == "index" ? 1 : key == "id" ? 2 : key == "function" ? 4 : 0;
            if (seen & bit)
                return false;
            seen |= bit;
            bool read = true;
            if (bit == 1) {
                read = json.readInteger(&call.index);
            } else if (bit == 2) {
                read = readStringOrNull(json, &call.id);
            } else if (bit == 4) {
                read = json.beginObject();
                int functionSeen = 0;
                QByteArrayView functionKey;
                while (read && json.nextKey(&functionKey)) {
                    const int functionBit = functionKey == "name" ? 1 : functionKey == "arguments" ? 2 : 0;
                    if (functionSeen & functionBit)
                        return false;
                    functionSeen |= functionBit;
                    if (functionBit == 1)
                        read = readStringOrNull(json, &call.name);
                    else if (functionBit == 2)
                        read = readStringOrNull(json, &call.arguments);
                    else
                        read = json.skipValue();
                }
                read = read && json.ok();
            } else {
                read = json.skipValue();
            }
            if (!read)
                return false;
        }
        if (!json.ok())
            return false;
        calls->append(call);
    }
    return json.ok();
}

bool scanDelta(JsonScanner &json, ChatChunk *chunk)
{
    if (json.peek() == JsonScanner::Type::Null)
        return json.readNull();
    if (!json.beginObject())
        return false;
    int seen = 0;
    QByteArrayView key;
    while (json.nextKey(&key)) {
        std::optional<QString> *text = key == "content" ? &chunk->content
                                     : key == "refusal" ? &chunk->refusal
                                     : key == "reasoning_content" ? &chunk->reasoningContent
                                     : key == "reasoning" ? &chunk->reasoning : nullptr;
        const int bit = key == "content" ? 1 : key == "refusal" ? 2 : key == "reasoning_content" ? 4
                      : key == "reasoning" ? 8 : key == "tool_calls" ? 16 : 0;
        if (seen & bit)
            return false;
        seen |= bit;
        const bool read = text ? readOptionalString(json, text)
                        : bit == 16 ? scanToolCalls(json, &chunk->toolCalls) : json.skipValue();
        if (!read)
            return false;
    }
    return json.ok();
}

bool scanChoices(JsonScanner &json, ChatChunk *chunk)
{
    if (!json.beginArray())
        return false;
    int choices = 0;
    while (json.nextElement()) {
        if (++choices > 1 || !json.beginObject())
            return false; // several choices: the reference picks among them
        int seen = 0;
        int keys = 0;
        qint64 index = 0;
        QByteArrayView key;
        while (json.nextKey(&key)) {
            ++keys;
            const int bit = key == "index" ? 1 : key == "delta" ? 2 : key == "finish_reason" ? 4 : 0;
            if (seen & bit)
                return false;
            seen |= bit;
            bool read = true;
            if (bit == 1)
                read = json.readInteger(&index) && index == 0;
            else if (bit == 2)
                read = scanDelta(json, chunk);
            else if (bit == 4)
                read = readStringOrNull(json, &chunk->finishReason);
            else
                read = json.skipValue();
            if (!read)
                return false;
        }
        if (!json.ok())
            return false;
        chunk->hasChoice = keys > 0;
    }
    return json.ok();
}

} // namespace

std::optional<ChatChunk> scanChatChunk(QByteArrayView data)
{
    JsonScanner json(data);
    ChatChunk chunk;
    if (!json.beginObject())
        return std::nullopt;
    int seen = 0;
    QByteArrayView key;
    while (json.nextKey(&key)) {
        const int bit = key == "choices" ? 1 : key == "usage" ? 2 : 0;
        if (key == "error" || (seen & bit))
            return std::nullopt;
        seen |= bit;
        bool read = true;
        if (bit == 1) {
            read = scanChoices(json, &chunk);
        } else if (bit == 2) {
            if (json.peek() == JsonScanner::Type::Null) {
                read = json.readNull();
            } else {
                Usage usage;
                read = scanUsage(json, &usage);
                chunk.usage = usage;
            }
        } else {
            read = json.skipValue();
        }
        if (!read)
            return std::nullopt;
    }
    if (!json.atEnd())
        return std::nullopt;
    return chunk;
}

ChatChunk chatChunkFromJson(const QJsonObject &object)
{
    ChatChunk chunk;
    const QJsonObject choice = firstChoice(object.value(QLatin1String("choices")).toArray());
    chunk.hasChoice = !choice.isEmpty();
    if (chunk.hasChoice) {
        const QJsonObject delta = choice.value(QLatin1String("delta")).toObject();
        const auto text = [&delta](QLatin1String key) -> std::optional<QString> {
            const QJsonValue value = delta.value(key);
            return value.isString() ? std::optional<QString>(value.toString()) : std::nullopt;
        };
        chunk.content = text(QLatin1String("content"));
        chunk.refusal = text(QLatin1String("refusal"));
        chunk.reasoningContent = text(QLatin1String("reasoning_content"));
        chunk.reasoning = text(QLatin1String("reasoning"));
        const QJsonArray toolCalls = delta.value(QLatin1String("tool_calls")).toArray();
        for (qsizetype i = 0; i < toolCalls.size(); ++i) {
            const QJsonObject toolCall = toolCalls.at(i).toObject();
            const QJsonValue index = toolCall.value(QLatin1String("index"));
            const QJsonObject function = toolCall.value(QLatin1String("function")).toObject();
            chunk.toolCalls.append({index.isDouble() ? index.toInteger() : i, toolCall.value(QLatin1String("id")).toString(),
                                    function.value(QLatin1String("name")).toString(),
                                    function.value(QLatin1String("arguments")).toString()});
        }
        chunk.finishReason = choice.value(QLatin1String("finish_reason")).toString();
    }
    const QJsonValue usage = object.value(QLatin1String("usage"));
    if (usage.isObject())
        chunk.usage = usageFromJson(usage.toObject());
    return chunk;
}

StreamDecoder::Status ChatDecoder::decode(const SseEvent &event, QList<ProviderEvent> &out, ProviderFailure *failure)
{
    const QByteArrayView data = QByteArrayView(event.data).trimmed();
    if (data.isEmpty())
        return Status::Continue;
    if (data == "[DONE]")
        return stop(out, failure);
    if (m_fastPath == FastPath::On) {
        if (std::optional<ChatChunk> chunk = scanChatChunk(data)) {
            apply(*chunk, out);
            return Status::Continue;
        }
    }
    const std::optional<QJsonObject> parsed = eventObject(event, data.toByteArray(), failure);
    if (!parsed)
        return Status::Failed;
    const QJsonObject chunk = *parsed;
    const QJsonValue errorValue = chunk.value(QLatin1String("error"));
    if (errorValue.isObject() || errorValue.isString()) { // OpenAI's {"error": {...}}, Ollama's {"error": "text"}
        const ProviderErrorBody reported = ProviderErrorBody::fromJson(chunk).value_or(ProviderErrorBody());
        *failure = streamErrorFailure(reported.type, reported.message);
        return Status::Failed;
    }
    apply(chatChunkFromJson(chunk), out);
    return Status::Continue;
}

void ChatDecoder::apply(const ChatChunk &chunk, QList<ProviderEvent> &out)
{
    if (chunk.hasChoice) {
        std::optional<QString> reasoning = chunk.reasoningContent;
        if (!reasoning || reasoning->isEmpty())
            reasoning = chunk.reasoning;
        if (reasoning && !reasoning->isEmpty()) {
            m_reasoning += *reasoning;
            out.append(ProviderEvent::makeThinkingDelta(*reasoning));
        }
        for (const std::optional<QString> *text : {&chunk.content, &chunk.refusal}) {
            if (*text && !(*text)->isEmpty()) {
                m_text += **text;
                out.append(ProviderEvent::makeTextDelta(**text));
            }
        }
        for (const ToolCallDelta &toolCall : chunk.toolCalls)
            applyToolCall(toolCall, out);
        if (!chunk.finishReason.isEmpty())
            m_finishReason = chunk.finishReason;
    }
    if (chunk.usage && !chunk.usage->isEmpty())
        out.append(ProviderEvent::makeUsageReported(*chunk.usage));
}

void ChatDecoder::applyToolCall(const ToolCallDelta &toolCall, QList<ProviderEvent> &out)
{
    const qint64 index = toolCall.index;
    const QString &id = toolCall.id;
    qsizetype slot = m_callByIndex.value(index, -1);
    if (slot >= 0 && !id.isEmpty() && !m_calls.at(slot).id.isEmpty() && m_calls.at(slot).id != id)
        slot = -1; // a server that reuses an index for the next call
    if (slot < 0) {
        Call call;
        call.index = index;
        m_calls.append(call);
        slot = m_calls.size() - 1;
        m_callByIndex.insert(index, slot);
    }
    Call &call = m_calls[slot];
    if (call.id.isEmpty() && !call.started)
        call.id = id;
    if (call.name.isEmpty())
        call.name = toolCall.name;
    const QString &arguments = toolCall.arguments;
    call.arguments += arguments;
    if (!call.started && !call.name.isEmpty()) {
        if (call.id.isEmpty())
            call.id = QStringLiteral("call_") + QString::number(call.index);
        call.started = true;
        out.append(ProviderEvent::makeToolCallStarted(call.id, call.name));
        if (!call.arguments.isEmpty())
            out.append(ProviderEvent::makeToolCallArgumentsDelta(call.id, call.arguments));
    } else if (call.started && !arguments.isEmpty()) {
        out.append(ProviderEvent::makeToolCallArgumentsDelta(call.id, arguments));
    }
}

StreamDecoder::Status ChatDecoder::stop(QList<ProviderEvent> &out, ProviderFailure *failure)
{
    QJsonArray toolCalls;
    for (const Call &call : std::as_const(m_calls)) {
        if (!call.started)
            continue;
        toolCalls.append(QJsonObject{
            {QStringLiteral("id"), call.id},
            {QStringLiteral("type"), QStringLiteral("function")},
            {QStringLiteral("function"),
             QJsonObject{{QStringLiteral("name"), call.name}, {QStringLiteral("arguments"), call.arguments}}},
        });
        // Arguments cut off at the token limit may be incomplete JSON: never run them.
        if (m_finishReason != QLatin1String("length"))
            out.append(ProviderEvent::makeToolCallFinished(call.id));
    }
    QJsonObject message{{QStringLiteral("role"), QStringLiteral("assistant")},
                        {QStringLiteral("content"), m_text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(m_text)}};
    if (!m_reasoning.isEmpty())
        message.insert(QStringLiteral("reasoning_content"), m_reasoning);
    if (!toolCalls.isEmpty())
        message.insert(QStringLiteral("tool_calls"), toolCalls);
    Result<Message> assembled = wire::openaichat::messageFromJson(message);
    if (!assembled.ok()) {
        SseEvent event;
        event.data = QJsonDocument(message).toJson(QJsonDocument::Compact);
        *failure = protocolFailure(event, assembled.error().toString());
        return Status::Failed;
    }
    out.append(ProviderEvent::makeStopped(stopReasonFromFinishReason(m_finishReason, !toolCalls.isEmpty()),
                                          assembled->parts));
    return Status::Done;
}

StreamDecoder::Status ChatDecoder::finish(QList<ProviderEvent> &out, ProviderFailure *failure)
{
    if (!m_finishReason.isEmpty())
        return stop(out, failure);
    *failure = interruptedFailure(QStringLiteral("the stream ended before a finish_reason"));
    return Status::Failed;
}

} // namespace valis::providers::openaichat
