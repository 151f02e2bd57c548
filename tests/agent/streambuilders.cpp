#include "streambuilders.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace valis::test {

namespace {
QByteArray json(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QByteArray sse(const char *name, const QJsonObject &data)
{
    return QByteArray("event: ") + name + "\ndata: " + json(data) + "\n\n";
}
} // namespace

AnthropicStream::AnthropicStream(qint64 inputTokens, qint64 cacheRead, qint64 cacheWrite)
{
    const QJsonObject usage{{QStringLiteral("input_tokens"), inputTokens},
                            {QStringLiteral("cache_read_input_tokens"), cacheRead},
                            {QStringLiteral("cache_creation_input_tokens"), cacheWrite},
                            {QStringLiteral("output_tokens"), 1}};
    m_bytes += sse("message_start", {{QStringLiteral("type"), QStringLiteral("message_start")},
                                     {QStringLiteral("message"), QJsonObject{{QStringLiteral("id"), QStringLiteral("msg_test")},
                                                                             {QStringLiteral("type"), QStringLiteral("message")},
                                                                             {QStringLiteral("role"), QStringLiteral("assistant")},
                                                                             {QStringLiteral("model"), QStringLiteral("claude-sonnet-4-5")},
                                                                             {QStringLiteral("content"), QJsonArray()},
                                                                             {QStringLiteral("usage"), usage}}}});
    m_bytes += "event: ping\ndata: {\"type\": \"ping\"}\n\n";
}

AnthropicStream &AnthropicStream::text(const QString &text)
{
    const int index = m_index++;
    m_bytes += sse("content_block_start", {{QStringLiteral("type"), QStringLiteral("content_block_start")}, {QStringLiteral("index"), index},
                                           {QStringLiteral("content_block"), QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), QString()}}}});
    // Word by word, as models stream.
    const QStringList words = text.split(QLatin1Char(' '));
    for (qsizetype i = 0; i < words.size(); ++i) {
        const QString piece = i == 0 ? words.at(i) : QStringLiteral(" ") + words.at(i);
        m_bytes += sse("content_block_delta", {{QStringLiteral("type"), QStringLiteral("content_block_delta")}, {QStringLiteral("index"), index},
                                               {QStringLiteral("delta"), QJsonObject{{QStringLiteral("type"), QStringLiteral("text_delta")}, {QStringLiteral("text"), piece}}}});
    }
    m_bytes += sse("content_block_stop", {{QStringLiteral("type"), QStringLiteral("content_block_stop")}, {QStringLiteral("index"), index}});
    return *this;
}

AnthropicStream &AnthropicStream::thinking(const QString &text, const QString &signature)
{
    const int index = m_index++;
    m_bytes += sse("content_block_start", {{QStringLiteral("type"), QStringLiteral("content_block_start")}, {QStringLiteral("index"), index},
                                           {QStringLiteral("content_block"), QJsonObject{{QStringLiteral("type"), QStringLiteral("thinking")}, {QStringLiteral("thinking"), QString()}}}});
    m_bytes += sse("content_block_delta", {{QStringLiteral("type"), QStringLiteral("content_block_delta")}, {QStringLiteral("index"), index},
                                           {QStringLiteral("delta"), QJsonObject{{QStringLiteral("type"), QStringLiteral("thinking_delta")}, {QStringLiteral("thinking"), text}}}});
    m_bytes += sse("content_block_delta", {{QStringLiteral("type"), QStringLiteral("content_block_delta")}, {QStringLiteral("index"), index},
                                           {QStringLiteral("delta"), QJsonObject{{QStringLiteral("type"), QStringLiteral("signature_delta")}, {QStringLiteral("signature"), signature}}}});
    m_bytes += sse("content_block_stop", {{QStringLiteral("type"), QStringLiteral("content_block_stop")}, {QStringLiteral("index"), index}});
    return *this;
}

AnthropicStream &AnthropicStream::toolUse(const QString &id, const QString &name, const QJsonObject &input, bool finish)
{
    const QString text = QString::fromUtf8(json(input));
    const int index = m_index;
    partialToolUse(id, name, text.left(text.size() / 2));
    m_bytes += sse("content_block_delta", {{QStringLiteral("type"), QStringLiteral("content_block_delta")}, {QStringLiteral("index"), index},
                                           {QStringLiteral("delta"), QJsonObject{{QStringLiteral("type"), QStringLiteral("input_json_delta")}, {QStringLiteral("partial_json"), text.mid(text.size() / 2)}}}});
    if (finish)
        m_bytes += sse("content_block_stop", {{QStringLiteral("type"), QStringLiteral("content_block_stop")}, {QStringLiteral("index"), index}});
    return *this;
}

AnthropicStream &AnthropicStream::partialToolUse(const QString &id, const QString &name, const QString &jsonText)
{
    const int index = m_index++;
    m_bytes += sse("content_block_start", {{QStringLiteral("type"), QStringLiteral("content_block_start")}, {QStringLiteral("index"), index},
                                           {QStringLiteral("content_block"), QJsonObject{{QStringLiteral("type"), QStringLiteral("tool_use")}, {QStringLiteral("id"), id},
                                                                                         {QStringLiteral("name"), name}, {QStringLiteral("input"), QJsonObject()}}}});
    m_bytes += sse("content_block_delta", {{QStringLiteral("type"), QStringLiteral("content_block_delta")}, {QStringLiteral("index"), index},
                                           {QStringLiteral("delta"), QJsonObject{{QStringLiteral("type"), QStringLiteral("input_json_delta")}, {QStringLiteral("partial_json"), jsonText}}}});
    return *this;
}

AnthropicStream &AnthropicStream::raw(const QByteArray &bytes)
{
    m_bytes += bytes;
    return *this;
}

QByteArray AnthropicStream::stop(const QString &reason, qint64 outputTokens)
{
    m_bytes += sse("message_delta", {{QStringLiteral("type"), QStringLiteral("message_delta")},
                                     {QStringLiteral("delta"), QJsonObject{{QStringLiteral("stop_reason"), reason}, {QStringLiteral("stop_sequence"), QJsonValue::Null}}},
                                     {QStringLiteral("usage"), QJsonObject{{QStringLiteral("output_tokens"), outputTokens}}}});
    m_bytes += sse("message_stop", {{QStringLiteral("type"), QStringLiteral("message_stop")}});
    return m_bytes;
}

QByteArray ChatStream::chunk(const QJsonObject &delta, const QJsonValue &finishReason)
{
    const QJsonObject choice{{QStringLiteral("index"), 0}, {QStringLiteral("delta"), delta}, {QStringLiteral("finish_reason"), finishReason}};
    return "data: " + json({{QStringLiteral("id"), QStringLiteral("chatcmpl-test")}, {QStringLiteral("object"), QStringLiteral("chat.completion.chunk")},
                            {QStringLiteral("model"), QStringLiteral("gpt-4o")}, {QStringLiteral("choices"), QJsonArray{choice}}})
        + "\n\n";
}

ChatStream &ChatStream::text(const QString &text)
{
    if (m_bytes.isEmpty())
        m_bytes += chunk({{QStringLiteral("role"), QStringLiteral("assistant")}, {QStringLiteral("content"), QString()}});
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        m_bytes += chunk({{QStringLiteral("content"), QString(word + QLatin1Char(' '))}});
    return *this;
}

ChatStream &ChatStream::toolCall(int index, const QString &id, const QString &name, const QJsonObject &arguments)
{
    const QString text = QString::fromUtf8(json(arguments));
    m_bytes += chunk({{QStringLiteral("tool_calls"), QJsonArray{QJsonObject{
                          {QStringLiteral("index"), index}, {QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("function")},
                          {QStringLiteral("function"), QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("arguments"), text.left(5)}}}}}}});
    m_bytes += chunk({{QStringLiteral("tool_calls"), QJsonArray{QJsonObject{
                          {QStringLiteral("index"), index},
                          {QStringLiteral("function"), QJsonObject{{QStringLiteral("arguments"), text.mid(5)}}}}}}});
    return *this;
}

QByteArray ChatStream::finish(const QString &reason, qint64 promptTokens, qint64 completionTokens, qint64 cachedTokens)
{
    m_bytes += chunk(QJsonObject(), reason);
    const QJsonObject usage{{QStringLiteral("prompt_tokens"), promptTokens},
                            {QStringLiteral("completion_tokens"), completionTokens},
                            {QStringLiteral("total_tokens"), promptTokens + completionTokens},
                            {QStringLiteral("prompt_tokens_details"), QJsonObject{{QStringLiteral("cached_tokens"), cachedTokens}}}};
    m_bytes += "data: " + json({{QStringLiteral("id"), QStringLiteral("chatcmpl-test")}, {QStringLiteral("object"), QStringLiteral("chat.completion.chunk")},
                                {QStringLiteral("choices"), QJsonArray()}, {QStringLiteral("usage"), usage}})
        + "\n\n";
    m_bytes += "data: [DONE]\n\n";
    return m_bytes;
}

QByteArray ResponsesStream::event(const QJsonObject &object)
{
    QJsonObject withSequence = object;
    withSequence.insert(QStringLiteral("sequence_number"), m_sequence++);
    return "event: " + object.value(QLatin1String("type")).toString().toUtf8() + "\ndata: " + json(withSequence) + "\n\n";
}

ResponsesStream &ResponsesStream::text(const QString &text)
{
    if (m_bytes.isEmpty())
        m_bytes += event({{QStringLiteral("type"), QStringLiteral("response.created")},
                          {QStringLiteral("response"), QJsonObject{{QStringLiteral("id"), QStringLiteral("resp_test")}, {QStringLiteral("status"), QStringLiteral("in_progress")}}}});
    const QString id = QStringLiteral("msg_%1").arg(m_output.size());
    const int outputIndex = int(m_output.size());
    const QJsonObject item{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("message")}, {QStringLiteral("role"), QStringLiteral("assistant")},
                           {QStringLiteral("status"), QStringLiteral("in_progress")}, {QStringLiteral("content"), QJsonArray()}};
    m_bytes += event({{QStringLiteral("type"), QStringLiteral("response.output_item.added")}, {QStringLiteral("output_index"), outputIndex}, {QStringLiteral("item"), item}});
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        m_bytes += event({{QStringLiteral("type"), QStringLiteral("response.output_text.delta")}, {QStringLiteral("item_id"), id},
                          {QStringLiteral("output_index"), outputIndex}, {QStringLiteral("content_index"), 0}, {QStringLiteral("delta"), QString(word + QLatin1Char(' '))}});
    QString full;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        full += word + QLatin1Char(' ');
    QJsonObject done = item;
    done.insert(QStringLiteral("status"), QStringLiteral("completed"));
    done.insert(QStringLiteral("content"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("output_text")},
                                                                  {QStringLiteral("annotations"), QJsonArray()}, {QStringLiteral("text"), full}}});
    m_bytes += event({{QStringLiteral("type"), QStringLiteral("response.output_item.done")}, {QStringLiteral("output_index"), outputIndex}, {QStringLiteral("item"), done}});
    m_output.append(done);
    return *this;
}

ResponsesStream &ResponsesStream::functionCall(const QString &callId, const QString &name, const QJsonObject &arguments)
{
    if (m_bytes.isEmpty())
        m_bytes += event({{QStringLiteral("type"), QStringLiteral("response.created")},
                          {QStringLiteral("response"), QJsonObject{{QStringLiteral("id"), QStringLiteral("resp_test")}, {QStringLiteral("status"), QStringLiteral("in_progress")}}}});
    const QString id = QStringLiteral("fc_%1").arg(m_output.size());
    const int outputIndex = int(m_output.size());
    const QString text = QString::fromUtf8(json(arguments));
    QJsonObject item{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("function_call")}, {QStringLiteral("status"), QStringLiteral("in_progress")},
                     {QStringLiteral("arguments"), QString()}, {QStringLiteral("call_id"), callId}, {QStringLiteral("name"), name}};
    m_bytes += event({{QStringLiteral("type"), QStringLiteral("response.output_item.added")}, {QStringLiteral("output_index"), outputIndex}, {QStringLiteral("item"), item}});
    m_bytes += event({{QStringLiteral("type"), QStringLiteral("response.function_call_arguments.delta")}, {QStringLiteral("item_id"), id},
                      {QStringLiteral("output_index"), outputIndex}, {QStringLiteral("delta"), text.left(4)}});
    m_bytes += event({{QStringLiteral("type"), QStringLiteral("response.function_call_arguments.delta")}, {QStringLiteral("item_id"), id},
                      {QStringLiteral("output_index"), outputIndex}, {QStringLiteral("delta"), text.mid(4)}});
    m_bytes += event({{QStringLiteral("type"), QStringLiteral("response.function_call_arguments.done")}, {QStringLiteral("item_id"), id},
                      {QStringLiteral("output_index"), outputIndex}, {QStringLiteral("arguments"), text}});
    item.insert(QStringLiteral("status"), QStringLiteral("completed"));
    item.insert(QStringLiteral("arguments"), text);
    m_bytes += event({{QStringLiteral("type"), QStringLiteral("response.output_item.done")}, {QStringLiteral("output_index"), outputIndex}, {QStringLiteral("item"), item}});
    m_output.append(item);
    return *this;
}

QByteArray ResponsesStream::complete(qint64 inputTokens, qint64 outputTokens, qint64 cachedTokens)
{
    const QJsonObject usage{{QStringLiteral("input_tokens"), inputTokens},
                            {QStringLiteral("input_tokens_details"), QJsonObject{{QStringLiteral("cached_tokens"), cachedTokens}}},
                            {QStringLiteral("output_tokens"), outputTokens},
                            {QStringLiteral("total_tokens"), inputTokens + outputTokens}};
    m_bytes += event({{QStringLiteral("type"), QStringLiteral("response.completed")},
                      {QStringLiteral("response"), QJsonObject{{QStringLiteral("id"), QStringLiteral("resp_test")}, {QStringLiteral("status"), QStringLiteral("completed")},
                                                               {QStringLiteral("output"), m_output}, {QStringLiteral("usage"), usage}}}});
    return m_bytes;
}

} // namespace valis::test
