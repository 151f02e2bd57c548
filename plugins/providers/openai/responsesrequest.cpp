#include "responsesrequest.h"

#include "providerhttp.h"
#include "valis/wire/openairesponses.h"

#include <QJsonArray>

namespace valis::providers::openairesponses {

namespace {

QJsonArray itemsWithoutIds(const QList<Message> &messages)
{
    QJsonArray items = wire::openairesponses::itemsToJson(messages);
    for (qsizetype i = 0; i < items.size(); ++i) {
        QJsonObject item = items.at(i).toObject();
        if (item.contains(QLatin1String("id"))) {
            item.remove(QLatin1String("id"));
            items[i] = item;
        }
    }
    return items;
}

QJsonArray toolsToJson(const QJsonArray &tools)
{
    QJsonArray out;
    for (const QJsonValue &value : tools) {
        const QJsonObject tool = value.toObject();
        QJsonObject function{{QStringLiteral("type"), QStringLiteral("function")},
                             {QStringLiteral("name"), tool.value(QStringLiteral("name"))},
                             {QStringLiteral("strict"), false}};
        const QJsonValue description = tool.value(QStringLiteral("description"));
        if (description.isString())
            function.insert(QStringLiteral("description"), description);
        const QJsonValue schema = tool.value(QStringLiteral("input_schema"));
        function.insert(QStringLiteral("parameters"),
                        schema.isObject() ? schema : QJsonValue(QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}));
        out.append(function);
    }
    return out;
}

} // namespace

QJsonObject requestBody(const ProviderRequest &request)
{
    QJsonObject body;
    body.insert(QStringLiteral("model"), request.model);
    const QString instructions = request.system.text();
    if (!instructions.isEmpty())
        body.insert(QStringLiteral("instructions"), instructions);
    body.insert(QStringLiteral("input"), itemsWithoutIds(request.messages));
    if (!request.tools.isEmpty())
        body.insert(QStringLiteral("tools"), toolsToJson(request.tools));
    body.insert(QStringLiteral("stream"), true);
    body.insert(QStringLiteral("store"), false);
    if (request.maxOutputTokens > 0)
        body.insert(QStringLiteral("max_output_tokens"), request.maxOutputTokens);
    if (!request.cacheKey.isEmpty())
        body.insert(QStringLiteral("prompt_cache_key"), request.cacheKey);
    mergeOptions(body, request.options,
                 {QLatin1String("model"), QLatin1String("instructions"), QLatin1String("input"), QLatin1String("tools"),
                  QLatin1String("stream"), QLatin1String("store")});
    if (request.options.contains(QLatin1String("reasoning"))) {
        const QString encrypted = QStringLiteral("reasoning.encrypted_content");
        QJsonArray include = body.value(QLatin1String("include")).toArray();
        if (!include.contains(encrypted))
            include.append(encrypted);
        body.insert(QStringLiteral("include"), include);
    }
    return body;
}

QNetworkRequest httpRequest(const ProviderEndpoint &endpoint)
{
    return sseRequest(joinUrl(endpoint.baseUrl, u"responses"), bearerAuthorization(endpoint), endpoint);
}

} // namespace valis::providers::openairesponses
