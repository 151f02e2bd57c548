#pragma once

// What the context suites' scripted model says and reads on the Anthropic wire: a tool call or
// an answer as a stream, and whether a request ends with a tool result.

#include "streambuilders.h"

#include <QJsonArray>
#include <QJsonObject>

namespace valis::test {

inline QByteArray scriptedCall(const QString &id, const QString &tool, const QJsonObject &arguments, qint64 inputTokens)
{
    return AnthropicStream(inputTokens).toolUse(id, tool, arguments).stop(QStringLiteral("tool_use"));
}

inline QByteArray scriptedAnswer(const QString &text, qint64 inputTokens)
{
    return AnthropicStream(inputTokens).text(text).stop(QStringLiteral("end_turn"));
}

/// Whether the request's last message holds a tool result (the model is to answer it).
inline bool lastIsToolResult(const QJsonObject &request)
{
    const QJsonArray content = request.value(QLatin1String("messages")).toArray().last().toObject().value(QLatin1String("content")).toArray();
    for (const QJsonValue &block : content) {
        if (block.toObject().value(QLatin1String("type")).toString() == QLatin1String("tool_result"))
            return true;
    }
    return false;
}

} // namespace valis::test
