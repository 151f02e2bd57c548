#pragma once

// Builders of provider SSE streams in each wire format, shaped like the recorded ones, so the
// session tests script multi-step turns without fixture files.
#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace valis::test {

/// Anthropic Messages: message_start, blocks, message_delta, message_stop.
class AnthropicStream
{
public:
    explicit AnthropicStream(qint64 inputTokens = 100, qint64 cacheRead = 0, qint64 cacheWrite = 0);
    AnthropicStream &text(const QString &text);
    AnthropicStream &thinking(const QString &text, const QString &signature);
    /// A tool_use block with its JSON in two pieces; `finish` false leaves it without its
    /// content_block_stop (a stream that stops mid-call).
    AnthropicStream &toolUse(const QString &id, const QString &name, const QJsonObject &input, bool finish = true);
    /// A tool_use block whose JSON stops after `json` (a stream cut by max_tokens).
    AnthropicStream &partialToolUse(const QString &id, const QString &name, const QString &json);
    AnthropicStream &raw(const QByteArray &bytes);
    /// message_delta (with the stop reason and output tokens) and message_stop.
    QByteArray stop(const QString &reason, qint64 outputTokens = 20);
    /// The bytes so far, without an end (for cuts).
    QByteArray bytes() const { return m_bytes; }

private:
    QByteArray m_bytes;
    int m_index = 0;
};

/// OpenAI Chat Completions chunks, ending with the usage chunk and [DONE].
class ChatStream
{
public:
    ChatStream &text(const QString &text);
    ChatStream &toolCall(int index, const QString &id, const QString &name, const QJsonObject &arguments);
    QByteArray finish(const QString &reason, qint64 promptTokens = 100, qint64 completionTokens = 20, qint64 cachedTokens = 0);

private:
    QByteArray chunk(const QJsonObject &delta, const QJsonValue &finishReason = QJsonValue::Null);
    QByteArray m_bytes;
};

/// OpenAI Responses events, ending with response.completed.
class ResponsesStream
{
public:
    ResponsesStream &text(const QString &text);
    ResponsesStream &functionCall(const QString &callId, const QString &name, const QJsonObject &arguments);
    QByteArray complete(qint64 inputTokens = 100, qint64 outputTokens = 20, qint64 cachedTokens = 0);

private:
    QByteArray event(const QJsonObject &event);
    QByteArray m_bytes;
    QJsonArray m_output;
    int m_sequence = 0;
};

} // namespace valis::test
