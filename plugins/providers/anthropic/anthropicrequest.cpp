#include "anthropicrequest.h"

#include "providerhttp.h"
#include "valis/wire/anthropicmessages.h"

#include <QJsonArray>

namespace valis::providers::anthropic {

namespace {

const QString kCacheControl = QStringLiteral("cache_control");
const QString kContent = QStringLiteral("content");
const QString kType = QStringLiteral("type");
const QString kText = QStringLiteral("text");

QJsonObject ephemeral()
{
    return QJsonObject{{kType, QStringLiteral("ephemeral")}};
}

/// Content as a block array (a string content is one text block).
QJsonArray asBlocks(const QJsonValue &content)
{
    if (content.isString())
        return QJsonArray{QJsonObject{{kType, kText}, {kText, content.toString()}}};
    return content.toArray();
}

/// The number of blocks `content` holds (a string is one).
qsizetype blockCount(const QJsonValue &content)
{
    return content.isString() ? 1 : content.toArray().size();
}

/// Removes every cache_control from the blocks, including the content of tool results, so the
/// only breakpoints are the ones placed here (the API accepts four at most).
QJsonArray withoutCacheControl(QJsonArray blocks)
{
    for (qsizetype i = 0; i < blocks.size(); ++i) {
        if (!blocks.at(i).isObject())
            continue;
        QJsonObject block = blocks.at(i).toObject();
        bool changed = block.contains(kCacheControl);
        block.remove(kCacheControl);
        const QJsonValue nested = block.value(kContent);
        if (nested.isArray()) {
            block.insert(kContent, withoutCacheControl(nested.toArray()));
            changed = true;
        }
        if (changed)
            blocks[i] = block;
    }
    return blocks;
}

bool isCacheable(const QJsonObject &block)
{
    const QString type = block.value(kType).toString();
    if (type == QLatin1String("thinking") || type == QLatin1String("redacted_thinking"))
        return false;
    if (type == QLatin1String("text") && block.value(kText).toString().isEmpty())
        return false;
    return true;
}

/// Marks the last cacheable block among the first `limit` blocks of `content`; returns the
/// content (turned into a block array when it was a string) and whether a block was marked.
QJsonValue markLastCacheable(const QJsonValue &content, qsizetype limit, bool *marked)
{
    QJsonArray blocks = asBlocks(content);
    for (qsizetype i = qMin(limit, blocks.size()) - 1; i >= 0; --i) {
        QJsonObject block = blocks.at(i).toObject();
        if (!isCacheable(block))
            continue;
        block.insert(kCacheControl, ephemeral());
        blocks[i] = block;
        *marked = true;
        return blocks;
    }
    *marked = false;
    return content;
}

void markMessage(QJsonArray &messages, qsizetype index, qsizetype limit)
{
    if (index < 0 || index >= messages.size())
        return;
    QJsonObject message = messages.at(index).toObject();
    bool marked = false;
    const QJsonValue content = markLastCacheable(message.value(kContent), limit, &marked);
    if (!marked)
        return;
    message.insert(kContent, content);
    messages[index] = message;
}

QJsonArray messagesWithBreakpoints(const ProviderRequest &request)
{
    QJsonArray messages = wire::anthropic::messagesToJson(request.messages);
    for (qsizetype i = 0; i < messages.size(); ++i) {
        QJsonObject message = messages.at(i).toObject();
        const QJsonValue content = message.value(kContent);
        if (content.isArray()) {
            message.insert(kContent, withoutCacheControl(content.toArray()));
            messages[i] = message;
        }
    }
    if (messages.isEmpty())
        return messages;

    const qsizetype stable = request.stableHistoryEnd;
    if (stable >= 0 && stable < request.messages.size() - 1) {
        // Converting the prefix alone tells which wire message the stable message ends in and
        // how many of that message's blocks are its own (later messages may merge into it).
        const QJsonArray prefix = wire::anthropic::messagesToJson(request.messages.mid(0, stable + 1));
        if (!prefix.isEmpty())
            markMessage(messages, prefix.size() - 1, blockCount(prefix.last().toObject().value(kContent)));
    }
    const qsizetype last = messages.size() - 1;
    markMessage(messages, last, blockCount(messages.at(last).toObject().value(kContent)));
    return messages;
}

QJsonArray systemBlocks(const Message &system)
{
    if (system.parts.isEmpty())
        return {};
    QJsonArray blocks;
    const QJsonArray all = withoutCacheControl(asBlocks(wire::anthropic::systemToJson(system)));
    for (const QJsonValue &block : all) {
        // The API refuses empty text blocks; an empty system segment means nothing.
        const QJsonObject object = block.toObject();
        if (object.value(kType).toString() == kText && object.value(kText).toString().isEmpty())
            continue;
        blocks.append(block);
    }
    bool marked = false;
    return markLastCacheable(blocks, blocks.size(), &marked).toArray();
}

QJsonArray toolsWithBreakpoint(const QJsonArray &tools)
{
    QJsonArray out;
    for (const QJsonValue &tool : tools) {
        QJsonObject object = tool.toObject();
        object.remove(kCacheControl);
        out.append(object);
    }
    if (!out.isEmpty()) {
        QJsonObject last = out.last().toObject();
        last.insert(kCacheControl, ephemeral());
        out[out.size() - 1] = last;
    }
    return out;
}

/// The API refuses clear_thinking after other edits: it goes first, the rest keep their order.
QJsonArray orderedEdits(const QJsonArray &edits)
{
    QJsonArray thinking;
    QJsonArray rest;
    for (const QJsonValue &edit : edits) {
        if (edit.toObject().value(kType).toString().startsWith(QLatin1String("clear_thinking")))
            thinking.append(edit);
        else
            rest.append(edit);
    }
    for (const QJsonValue &edit : std::as_const(rest))
        thinking.append(edit);
    return thinking;
}

} // namespace

QJsonObject requestBody(const ProviderRequest &request)
{
    QJsonObject body;
    body.insert(QStringLiteral("model"), request.model);
    body.insert(QStringLiteral("max_tokens"), request.maxOutputTokens > 0 ? request.maxOutputTokens : defaultMaxTokens);
    const QJsonArray system = systemBlocks(request.system);
    if (!system.isEmpty())
        body.insert(QStringLiteral("system"), system);
    body.insert(QStringLiteral("messages"), messagesWithBreakpoints(request));
    if (!request.tools.isEmpty())
        body.insert(QStringLiteral("tools"), toolsWithBreakpoint(request.tools));
    body.insert(QStringLiteral("stream"), true);
    // "betas" is the SDKs' name for the anthropic-beta header (httpRequest()), never a body field.
    mergeOptions(body, request.options,
                 {QLatin1String("model"), QLatin1String("messages"), QLatin1String("system"), QLatin1String("tools"),
                  QLatin1String("stream"), QLatin1String("betas")});
    const QString managementKey = QStringLiteral("context_management");
    if (body.value(managementKey).isObject()) {
        QJsonObject management = body.value(managementKey).toObject();
        management.insert(QStringLiteral("edits"), orderedEdits(management.value(QStringLiteral("edits")).toArray()));
        body.insert(managementKey, management);
    }

    // Extended thinking needs max_tokens above its budget; only a default is adjusted.
    const qint64 budget = request.options.value(QStringLiteral("thinking")).toObject()
                              .value(QStringLiteral("budget_tokens")).toInteger(-1);
    const QString maxTokensKey = QStringLiteral("max_tokens");
    if (request.maxOutputTokens <= 0 && !request.options.contains(maxTokensKey)
        && budget >= body.value(maxTokensKey).toInteger()) {
        body.insert(maxTokensKey, budget + defaultMaxTokens);
    }
    return body;
}

QByteArray betaHeader(const QByteArray &configured, const QJsonObject &options)
{
    QList<QByteArray> names;
    for (const QByteArray &name : configured.split(',')) {
        const QByteArray trimmed = name.trimmed();
        if (!trimmed.isEmpty() && !names.contains(trimmed))
            names.append(trimmed);
    }
    const QJsonArray betas = options.value(QStringLiteral("betas")).toArray();
    for (const QJsonValue &beta : betas) {
        const QByteArray name = beta.toString().trimmed().toUtf8();
        if (!name.isEmpty() && !names.contains(name))
            names.append(name);
    }
    return names.join(',');
}

QNetworkRequest httpRequest(const ProviderEndpoint &endpoint, const QJsonObject &options)
{
    ProviderEndpoint merged = endpoint;
    const QByteArray headerName = QByteArrayLiteral("anthropic-beta");
    QByteArray configured;
    for (auto it = endpoint.headers.constBegin(); it != endpoint.headers.constEnd(); ++it) {
        if (it.key().compare(headerName, Qt::CaseInsensitive) == 0) {
            configured = it.value();
            merged.headers.remove(it.key());
            break;
        }
    }
    const QByteArray betas = betaHeader(configured, options);
    if (!betas.isEmpty())
        merged.headers.insert(headerName, betas);
    return sseRequest(joinUrl(endpoint.baseUrl, u"v1/messages"),
                      {{QByteArrayLiteral("x-api-key"), endpoint.apiKey.toUtf8()},
                       {QByteArrayLiteral("anthropic-version"), QByteArray(apiVersion.data(), apiVersion.size())}},
                      merged);
}

} // namespace valis::providers::anthropic
