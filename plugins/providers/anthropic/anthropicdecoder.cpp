#include "anthropicdecoder.h"

#include "jsonfields.h"
#include "jsonscanner.h"
#include "providerhttp.h"
#include "valis/wire/anthropicmessages.h"

#include <QJsonDocument>
#include <QJsonParseError>

namespace valis::providers::anthropic {

namespace {

const QString kType = QStringLiteral("type");
const QString kIndex = QStringLiteral("index");
const QString kText = QStringLiteral("text");
const QString kThinking = QStringLiteral("thinking");
const QString kSignature = QStringLiteral("signature");
const QString kInput = QStringLiteral("input");
const QString kCitations = QStringLiteral("citations");

bool isToolCallBlock(const QString &type)
{
    return type == QLatin1String("tool_use") || type == QLatin1String("server_tool_use")
        || type == QLatin1String("mcp_tool_use");
}

/// Deltas of block types this decoder does not know: strings are streamed pieces (appended),
/// anything else replaces the value.
void mergeUnknownDelta(QJsonObject &block, const QJsonObject &delta)
{
    for (auto it = delta.begin(); it != delta.end(); ++it) {
        if (it.key() == kType)
            continue;
        const QJsonValue current = block.value(it.key());
        if (it.value().isString() && current.isString())
            block.insert(it.key(), QString(current.toString() + it.value().toString()));
        else
            block.insert(it.key(), it.value());
    }
}

} // namespace

std::optional<BlockDelta> scanBlockDelta(QByteArrayView data)
{
    JsonScanner json(data);
    if (!json.beginObject())
        return std::nullopt;
    bool typeSeen = false;
    bool indexSeen = false;
    bool deltaSeen = false;
    BlockDelta result;
    QString deltaType;
    std::optional<QString> fields[3]; // text, thinking, partial_json
    QByteArrayView key;
    while (json.nextKey(&key)) {
        if (key == "type") {
            QString type;
            if (typeSeen || !json.readString(&type) || type != QLatin1String("content_block_delta"))
                return std::nullopt;
            typeSeen = true;
        } else if (key == "index") {
            if (indexSeen || !json.readInteger(&result.index))
                return std::nullopt;
            indexSeen = true;
        } else if (key == "delta") {
            if (deltaSeen || !json.beginObject())
                return std::nullopt;
            deltaSeen = true;
            bool deltaTypeSeen = false;
            QByteArrayView deltaKey;
            while (json.nextKey(&deltaKey)) {
                const int field = deltaKey == "text" ? 0 : deltaKey == "thinking" ? 1 : deltaKey == "partial_json" ? 2 : -1;
                if (deltaKey == "type") {
                    if (deltaTypeSeen || !json.readString(&deltaType))
                        return std::nullopt;
                    deltaTypeSeen = true;
                } else if (field >= 0) {
                    QString text;
                    if (fields[field] || !json.readString(&text))
                        return std::nullopt;
                    fields[field] = text;
                } else if (!json.skipValue()) {
                    return std::nullopt;
                }
            }
        } else if (!json.skipValue()) {
            return std::nullopt;
        }
    }
    if (!json.atEnd() || !typeSeen || !indexSeen || !deltaSeen)
        return std::nullopt;
    int field = 0;
    if (deltaType == QLatin1String("text_delta")) {
        result.type = BlockDelta::Type::Text;
    } else if (deltaType == QLatin1String("thinking_delta")) {
        result.type = BlockDelta::Type::Thinking;
        field = 1;
    } else if (deltaType == QLatin1String("input_json_delta")) {
        result.type = BlockDelta::Type::InputJson;
        field = 2;
    } else {
        return std::nullopt;
    }
    result.text = fields[field].value_or(QString());
    return result;
}

std::optional<BlockDelta> blockDeltaFromJson(const QJsonObject &data)
{
    const QJsonValue index = data.value(kIndex);
    if (data.value(kType).toString() != QLatin1String("content_block_delta") || !index.isDouble())
        return std::nullopt;
    const QJsonObject delta = data.value(QStringLiteral("delta")).toObject();
    const QString type = delta.value(kType).toString();
    BlockDelta result;
    result.index = index.toInteger();
    if (type == QLatin1String("text_delta")) {
        result.type = BlockDelta::Type::Text;
        result.text = delta.value(kText).toString();
    } else if (type == QLatin1String("thinking_delta")) {
        result.type = BlockDelta::Type::Thinking;
        result.text = delta.value(kThinking).toString();
    } else if (type == QLatin1String("input_json_delta")) {
        result.type = BlockDelta::Type::InputJson;
        result.text = delta.value(QStringLiteral("partial_json")).toString();
    } else {
        return std::nullopt;
    }
    return result;
}

StreamDecoder::Status AnthropicDecoder::decode(const SseEvent &event, QList<ProviderEvent> &out, ProviderFailure *failure)
{
    if (event.data.isEmpty() && event.event == "ping")
        return Status::Continue;
    if (m_fastPath == FastPath::On && event.event == "content_block_delta") {
        if (std::optional<BlockDelta> delta = scanBlockDelta(event.data)) {
            auto it = m_blocks.find(delta->index);
            if (it != m_blocks.end()) {
                applyBlockDelta(it.value(), *delta, out);
                return Status::Continue;
            }
        }
    }
    const std::optional<QJsonObject> parsed = eventObject(event, event.data, failure);
    if (!parsed)
        return Status::Failed;
    const QJsonObject data = *parsed;
    QString type = data.value(kType).toString();
    if (type.isEmpty())
        type = QString::fromUtf8(event.event);

    if (type == QLatin1String("content_block_delta"))
        return applyDelta(data, out, failure);
    if (type == QLatin1String("content_block_start"))
        return startBlock(data, out, failure);
    if (type == QLatin1String("content_block_stop"))
        return stopBlock(data, out, failure);
    if (type == QLatin1String("message_start")) {
        const QJsonObject message = data.value(QStringLiteral("message")).toObject();
        noteContextManagement(message, message.value(QStringLiteral("usage")).toObject());
        mergeUsage(message.value(QStringLiteral("usage")).toObject(), out);
        return Status::Continue;
    }
    if (type == QLatin1String("message_delta")) {
        const QJsonValue stopReason = data.value(QStringLiteral("delta")).toObject().value(QStringLiteral("stop_reason"));
        if (stopReason.isString())
            m_stopReason = stopReason.toString();
        noteContextManagement(data, data.value(QStringLiteral("usage")).toObject());
        mergeUsage(data.value(QStringLiteral("usage")).toObject(), out);
        return Status::Continue;
    }
    if (type == QLatin1String("message_stop"))
        return stop(out, failure);
    if (type == QLatin1String("error")) {
        const QJsonObject details = data.value(QStringLiteral("error")).toObject();
        *failure = streamErrorFailure(details.value(kType).toString(), details.value(QStringLiteral("message")).toString());
        return Status::Failed;
    }
    return Status::Continue; // ping, and event types newer than this decoder
}

StreamDecoder::Status AnthropicDecoder::finish(QList<ProviderEvent> &, ProviderFailure *failure)
{
    *failure = interruptedFailure(QStringLiteral("the stream ended before message_stop"));
    return Status::Failed;
}

AnthropicDecoder::Block *AnthropicDecoder::blockAt(const QJsonObject &data, ProviderFailure *failure)
{
    const QJsonValue index = data.value(kIndex);
    auto it = index.isDouble() ? m_blocks.find(index.toInteger()) : m_blocks.end();
    if (it == m_blocks.end()) {
        SseEvent event;
        event.event = data.value(kType).toString().toUtf8();
        event.data = QJsonDocument(data).toJson(QJsonDocument::Compact);
        *failure = protocolFailure(event, QStringLiteral("no content block was started at this index"));
        return nullptr;
    }
    return &it.value();
}

StreamDecoder::Status AnthropicDecoder::startBlock(const QJsonObject &data, QList<ProviderEvent> &out,
                                                   ProviderFailure *failure)
{
    const QJsonValue index = data.value(kIndex);
    const QJsonValue contentBlock = data.value(QStringLiteral("content_block"));
    if (!index.isDouble() || !contentBlock.isObject()) {
        SseEvent event;
        event.event = "content_block_start";
        event.data = QJsonDocument(data).toJson(QJsonDocument::Compact);
        *failure = protocolFailure(event, QStringLiteral("a content block needs an index and a content_block object"));
        return Status::Failed;
    }
    Block block;
    block.start = contentBlock.toObject();
    block.type = block.start.value(kType).toString();
    if (block.type == kText) {
        block.text = block.start.value(kText).toString();
        if (!block.text.isEmpty())
            out.append(ProviderEvent::makeTextDelta(block.text));
    } else if (block.type == kThinking) {
        block.text = block.start.value(kThinking).toString();
        block.signature = block.start.value(kSignature).toString();
        if (!block.text.isEmpty())
            out.append(ProviderEvent::makeThinkingDelta(block.text));
    } else if (block.type == QLatin1String("redacted_thinking")) {
        out.append(ProviderEvent::makeRedactedThinking(block.start.value(QStringLiteral("data")).toString()));
    } else if (block.type == QLatin1String("tool_use")) {
        // Only the client's own tools are the host's to run; server tools run at Anthropic.
        block.clientToolCall = true;
        block.callId = block.start.value(QStringLiteral("id")).toString();
        out.append(ProviderEvent::makeToolCallStarted(block.callId, block.start.value(QStringLiteral("name")).toString()));
    }
    m_blocks.insert(index.toInteger(), std::move(block));
    return Status::Continue;
}

StreamDecoder::Status AnthropicDecoder::applyDelta(const QJsonObject &data, QList<ProviderEvent> &out,
                                                   ProviderFailure *failure)
{
    Block *block = blockAt(data, failure);
    if (!block)
        return Status::Failed;
    if (std::optional<BlockDelta> delta = blockDeltaFromJson(data)) {
        applyBlockDelta(*block, *delta, out);
        return Status::Continue;
    }
    const QJsonObject delta = data.value(QStringLiteral("delta")).toObject();
    const QString type = delta.value(kType).toString();
    if (type == QLatin1String("signature_delta"))
        block->signature += delta.value(kSignature).toString();
    else if (type == QLatin1String("citations_delta"))
        block->citations.append(delta.value(QStringLiteral("citation")));
    else
        mergeUnknownDelta(block->start, delta);
    return Status::Continue;
}

void AnthropicDecoder::applyBlockDelta(Block &block, const BlockDelta &delta, QList<ProviderEvent> &out)
{
    switch (delta.type) {
    case BlockDelta::Type::Text:
        block.text += delta.text;
        out.append(ProviderEvent::makeTextDelta(delta.text));
        break;
    case BlockDelta::Type::Thinking:
        block.text += delta.text;
        out.append(ProviderEvent::makeThinkingDelta(delta.text));
        break;
    case BlockDelta::Type::InputJson:
        block.json += delta.text;
        if (block.clientToolCall && !delta.text.isEmpty())
            out.append(ProviderEvent::makeToolCallArgumentsDelta(block.callId, delta.text));
        break;
    }
}

StreamDecoder::Status AnthropicDecoder::stopBlock(const QJsonObject &data, QList<ProviderEvent> &out,
                                                  ProviderFailure *failure)
{
    Block *block = blockAt(data, failure);
    if (!block)
        return Status::Failed;
    if (block->clientToolCall)
        out.append(ProviderEvent::makeToolCallFinished(block->callId));
    else if (block->type == kThinking && !block->signature.isEmpty())
        out.append(ProviderEvent::makeThinkingSignature(block->signature));
    return Status::Continue;
}

void AnthropicDecoder::mergeUsage(const QJsonObject &usage, QList<ProviderEvent> &out)
{
    if (usage.isEmpty())
        return;
    const Usage reported{countField(usage, QLatin1String("input_tokens")), countField(usage, QLatin1String("output_tokens")),
                         countField(usage, QLatin1String("cache_creation_input_tokens")),
                         countField(usage, QLatin1String("cache_read_input_tokens"))};
    if (reported.isEmpty())
        return;
    if (reported.inputTokens >= 0)
        m_usage.inputTokens = reported.inputTokens;
    if (reported.outputTokens >= 0)
        m_usage.outputTokens = reported.outputTokens;
    if (reported.cacheWriteTokens >= 0)
        m_usage.cacheWriteTokens = reported.cacheWriteTokens;
    if (reported.cacheReadTokens >= 0)
        m_usage.cacheReadTokens = reported.cacheReadTokens;
    out.append(ProviderEvent::makeUsageReported(m_usage));
}

StreamDecoder::Status AnthropicDecoder::stop(QList<ProviderEvent> &out, ProviderFailure *failure)
{
    QList<Part> parts;
    parts.reserve(m_blocks.size());
    for (auto it = m_blocks.cbegin(); it != m_blocks.cend(); ++it) {
        const Block &block = it.value();
        QJsonObject json = block.start;
        bool incomplete = false;
        if (block.type == kText) {
            json.insert(kText, block.text);
            if (!block.citations.isEmpty()) {
                QJsonArray citations = json.value(kCitations).toArray();
                for (const QJsonValue &citation : block.citations)
                    citations.append(citation);
                json.insert(kCitations, citations);
            }
        } else if (block.type == kThinking) {
            json.insert(kThinking, block.text);
            json.insert(kSignature, block.signature);
        } else if (isToolCallBlock(block.type) && !block.json.isEmpty()) {
            const QJsonDocument input = QJsonDocument::fromJson(block.json.toUtf8());
            incomplete = !input.isObject();
            json.insert(kInput, incomplete ? QJsonObject() : input.object());
        }
        const QString path = QStringLiteral("content[%1]").arg(it.key());
        Result<Part> part = wire::anthropic::contentBlockFromJson(json, path);
        if (!part.ok()) {
            SseEvent event;
            event.event = "message_stop";
            event.data = QJsonDocument(json).toJson(QJsonDocument::Compact);
            *failure = protocolFailure(event, part.error().toString());
            return Status::Failed;
        }
        if (incomplete) {
            // Cut off (max_tokens) mid-JSON: the arguments stay as text and never parse.
            part->arguments = QJsonValue(QJsonValue::Undefined);
            part->argumentsText = block.json;
        }
        parts.append(std::move(part.value()));
    }
    const QJsonObject edited = contextEdits();
    if (!edited.isEmpty())
        out.append(ProviderEvent::makeContextEdited(edited));
    out.append(ProviderEvent::makeStopped(m_stopReason.isEmpty() ? QStringLiteral("end_turn") : m_stopReason, parts));
    return Status::Done;
}

void AnthropicDecoder::noteContextManagement(const QJsonObject &carrier, const QJsonObject &usage)
{
    // Beta wire shapes (anthropic-sdk-python, types/beta/): BetaContextManagementResponse
    // {applied_edits: [{type, cleared_input_tokens, cleared_tool_uses | cleared_thinking_turns}]}
    // on message_start's message and on message_delta; BetaUsage.iterations, whose
    // BetaCompactionIterationUsage items (type "compaction") bill the server's summary call.
    const QJsonValue management = carrier.value(QStringLiteral("context_management"));
    if (management.isObject()) {
        const QJsonValue applied = management.toObject().value(QStringLiteral("applied_edits"));
        if (applied.isArray())
            m_appliedEdits = applied.toArray();
    }
    const QJsonValue iterations = usage.value(QStringLiteral("iterations"));
    if (iterations.isArray())
        m_iterations = iterations.toArray();
}

QJsonObject AnthropicDecoder::contextEdits() const
{
    const QString cleared = QStringLiteral("cleared_input_tokens");
    QJsonArray edits;
    for (const QJsonValue &value : m_appliedEdits) {
        const QJsonObject applied = value.toObject();
        const QString type = applied.value(kType).toString();
        QJsonObject edit{{QStringLiteral("type"), type}};
        if (type.startsWith(QLatin1String("clear_tool_uses")))
            edit.insert(QStringLiteral("action"), QStringLiteral("server-clear-tool-uses"));
        else if (type.startsWith(QLatin1String("clear_thinking")))
            edit.insert(QStringLiteral("action"), QStringLiteral("server-clear-thinking"));
        else
            edit.insert(QStringLiteral("action"), QStringLiteral("server-edit"));
        if (applied.contains(cleared))
            edit.insert(QStringLiteral("clearedInputTokens"), countField(applied, QLatin1String("cleared_input_tokens")));
        if (applied.contains(QStringLiteral("cleared_tool_uses")))
            edit.insert(QStringLiteral("clearedToolUses"), countField(applied, QLatin1String("cleared_tool_uses")));
        if (applied.contains(QStringLiteral("cleared_thinking_turns")))
            edit.insert(QStringLiteral("clearedThinkingTurns"), countField(applied, QLatin1String("cleared_thinking_turns")));
        edits.append(edit);
    }
    // The server's compaction shows as the compaction block it puts first in the answer
    // (BetaCompactionBlock: content, encrypted_content); the answer keeps it verbatim.
    bool compacted = false;
    for (const Block &block : m_blocks)
        compacted = compacted || block.type == QLatin1String("compaction");
    QJsonObject details;
    for (const QJsonValue &value : m_iterations) {
        const QJsonObject iteration = value.toObject();
        if (iteration.value(kType).toString() != QLatin1String("compaction"))
            continue;
        compacted = true;
        details.insert(QStringLiteral("compactionUsage"),
                       QJsonObject{{QStringLiteral("inputTokens"), countField(iteration, QLatin1String("input_tokens"))},
                                   {QStringLiteral("outputTokens"), countField(iteration, QLatin1String("output_tokens"))},
                                   {QStringLiteral("cacheReadTokens"), countField(iteration, QLatin1String("cache_read_input_tokens"))},
                                   {QStringLiteral("cacheWriteTokens"),
                                    countField(iteration, QLatin1String("cache_creation_input_tokens"))}});
    }
    if (compacted)
        edits.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("compact_20260112")},
                                 {QStringLiteral("action"), QStringLiteral("server-compaction")}});
    if (edits.isEmpty())
        return {};
    details.insert(QStringLiteral("family"), QStringLiteral("anthropic"));
    details.insert(QStringLiteral("edits"), edits);
    return details;
}

} // namespace valis::providers::anthropic
