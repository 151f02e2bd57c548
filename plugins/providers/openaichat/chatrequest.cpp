#include "chatrequest.h"

#include "providerhttp.h"
#include "valis/wire/openaichat.h"

#include <QJsonArray>

#include <algorithm>

namespace valis::providers::openaichat {

namespace {

/// The view without reasoning: compatible servers refuse reasoning_content in input, and
/// OpenAI ignores it. A message that only held reasoning is left out.
QList<Message> withoutThinking(const QList<Message> &messages)
{
    QList<Message> out;
    out.reserve(messages.size());
    for (const Message &message : messages) {
        const bool hasThinking = std::any_of(message.parts.begin(), message.parts.end(),
                                             [](const Part &part) { return part.kind == PartKind::Thinking; });
        if (!hasThinking) {
            out.append(message);
            continue;
        }
        Message copy = message;
        copy.parts.removeIf([](const Part &part) { return part.kind == PartKind::Thinking; });
        if (!copy.parts.isEmpty())
            out.append(std::move(copy));
    }
    return out;
}

QJsonArray toolsToJson(const QJsonArray &tools)
{
    QJsonArray out;
    for (const QJsonValue &value : tools) {
        const QJsonObject tool = value.toObject();
        QJsonObject function{{QStringLiteral("name"), tool.value(QStringLiteral("name"))}};
        const QJsonValue description = tool.value(QStringLiteral("description"));
        if (description.isString())
            function.insert(QStringLiteral("description"), description);
        const QJsonValue schema = tool.value(QStringLiteral("input_schema"));
        function.insert(QStringLiteral("parameters"),
                        schema.isObject() ? schema : QJsonValue(QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}));
        out.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("function")}, {QStringLiteral("function"), function}});
    }
    return out;
}

} // namespace

ChatDialect openAiDialect()
{
    return ChatDialect{QStringLiteral("max_completion_tokens"), true};
}

ChatDialect compatibleDialect()
{
    return ChatDialect{QStringLiteral("max_tokens"), false};
}

QJsonObject requestBody(const ProviderRequest &request, const ChatDialect &dialect)
{
    QJsonArray messages;
    if (!request.system.parts.isEmpty()) {
        Message system = request.system;
        system.role = Role::System;
        for (const QJsonValue &message : wire::openaichat::messageToJsonMessages(system))
            messages.append(message);
    }
    for (const QJsonValue &message : wire::openaichat::messagesToJson(withoutThinking(request.messages)))
        messages.append(message);

    QJsonObject body;
    body.insert(QStringLiteral("model"), request.model);
    body.insert(QStringLiteral("messages"), messages);
    if (!request.tools.isEmpty())
        body.insert(QStringLiteral("tools"), toolsToJson(request.tools));
    body.insert(QStringLiteral("stream"), true);
    body.insert(QStringLiteral("stream_options"), QJsonObject{{QStringLiteral("include_usage"), true}});
    if (request.maxOutputTokens > 0)
        body.insert(dialect.maxTokensKey, request.maxOutputTokens);
    if (dialect.sendPromptCacheKey && !request.cacheKey.isEmpty())
        body.insert(QStringLiteral("prompt_cache_key"), request.cacheKey);
    mergeOptions(body, request.options,
                 {QLatin1String("model"), QLatin1String("messages"), QLatin1String("tools"), QLatin1String("stream")});
    return body;
}

QNetworkRequest httpRequest(const ProviderEndpoint &endpoint)
{
    return sseRequest(joinUrl(endpoint.baseUrl, u"chat/completions"), bearerAuthorization(endpoint), endpoint);
}

} // namespace valis::providers::openaichat
