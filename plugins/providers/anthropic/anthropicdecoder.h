#pragma once

#include "jsonscanner.h"
#include "valis/provider/streamdecoder.h"
#include "valis/record/message.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QString>

#include <optional>

namespace valis::providers::anthropic {

/// A content_block_delta that streams text: what almost every event of a stream is.
struct BlockDelta
{
    enum class Type { Text, Thinking, InputJson };
    qint64 index = 0;
    Type type = Type::Text;
    QString text; ///< text, thinking or partial_json ("" when the field is missing)

    bool operator==(const BlockDelta &other) const = default;
};

/// Reads a content_block_delta of type text_delta, thinking_delta or input_json_delta from the
/// event's data with JsonScanner; empty for anything else, or whenever the scanner is not sure
/// (the caller then reads the event with QJsonDocument).
std::optional<BlockDelta> scanBlockDelta(QByteArrayView data);
/// The same from the parsed event (the reference scanBlockDelta agrees with).
std::optional<BlockDelta> blockDeltaFromJson(const QJsonObject &data);

/// Decodes an Anthropic Messages stream (api.anthropic.com, Vertex streamRawPredict, any proxy of
/// it) into ProviderEvents. One decoder per request.
///
/// message_start and message_delta report usage (the record's convention already: input_tokens
/// exclude cached ones); each report is merged into the usage so far (a later field that is
/// present wins) and emitted whole. Content blocks: text -> TextDelta; thinking -> ThinkingDelta,
/// then ThinkingSignature (the signature_delta pieces joined) at content_block_stop;
/// redacted_thinking -> RedactedThinking; tool_use -> ToolCallStarted, ToolCallArgumentsDelta per
/// non-empty input_json_delta, ToolCallFinished at content_block_stop only, so a call cut off by
/// max_tokens is never finished. Server-side blocks (server_tool_use, web_search_tool_result,
/// ...), citations_delta and block types this decoder does not know are assembled silently and
/// kept in the answer. ping (anywhere) is ignored, as are event types it does not know.
/// Server-side context management (context editing, compaction): what message_start or
/// message_delta report in context_management.applied_edits, a compaction block in the answer
/// and the compaction iteration of usage.iterations -> one ContextEdited just before Stopped.
/// message_stop -> Stopped(stop_reason as Anthropic names it, parts = the assembled blocks read
/// with wire::anthropic::contentFromJson); a tool call whose arguments did not complete is a
/// ToolCall part with no parsed arguments and `argumentsText` holding the partial JSON.
/// `event: error` -> Failed with a StreamError carrying the error's type and message; data
/// that is not a JSON object -> Failed with a Protocol failure naming the event.
///
/// The frequent delta events are read with scanBlockDelta(), everything else with
/// QJsonDocument; FastPath::Off reads everything with QJsonDocument, with the same result.
class AnthropicDecoder final : public StreamDecoder
{
public:
    explicit AnthropicDecoder(FastPath fastPath = FastPath::On) : m_fastPath(fastPath) {}

    Status decode(const SseEvent &event, QList<ProviderEvent> &out, ProviderFailure *failure) override;
    Status finish(QList<ProviderEvent> &out, ProviderFailure *failure) override;

private:
    struct Block
    {
        QJsonObject start;    ///< content_block_start's block, with unknown deltas merged in
        QString type;
        QString text;         ///< text or thinking so far
        QString signature;
        QString json;         ///< input_json_delta pieces so far
        QJsonArray citations; ///< citations_delta citations
        QString callId;       ///< tool_use: its id
        bool clientToolCall = false;
    };

    Status startBlock(const QJsonObject &data, QList<ProviderEvent> &out, ProviderFailure *failure);
    Status applyDelta(const QJsonObject &data, QList<ProviderEvent> &out, ProviderFailure *failure);
    static void applyBlockDelta(Block &block, const BlockDelta &delta, QList<ProviderEvent> &out);
    Status stopBlock(const QJsonObject &data, QList<ProviderEvent> &out, ProviderFailure *failure);
    Status stop(QList<ProviderEvent> &out, ProviderFailure *failure);
    void mergeUsage(const QJsonObject &usage, QList<ProviderEvent> &out);
    void noteContextManagement(const QJsonObject &carrier, const QJsonObject &usage);
    /// The ContextEdited details of the whole answer; empty when the server edited nothing.
    QJsonObject contextEdits() const;
    Block *blockAt(const QJsonObject &data, ProviderFailure *failure);

    FastPath m_fastPath;
    QMap<qint64, Block> m_blocks;
    Usage m_usage;
    QString m_stopReason;
    QJsonArray m_appliedEdits; ///< context_management.applied_edits, as last reported
    QJsonArray m_iterations;   ///< usage.iterations, as last reported
};

} // namespace valis::providers::anthropic
