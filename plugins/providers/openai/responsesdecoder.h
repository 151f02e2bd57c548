#pragma once

#include "jsonscanner.h"
#include "valis/provider/streamdecoder.h"

#include <QHash>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QString>

#include <optional>

namespace valis::providers::openairesponses {

/// A delta event that streams text: output text, refusal, reasoning, or call arguments.
struct ResponsesDelta
{
    enum class Type { Text, Reasoning, Arguments };
    Type type = Type::Text;
    QString delta;                    ///< "" when missing
    QString itemId;                   ///< "" when missing
    std::optional<qint64> outputIndex;

    bool operator==(const ResponsesDelta &other) const = default;
};

/// Reads response.output_text.delta, response.refusal.delta,
/// response.reasoning_summary_text.delta, response.reasoning_text.delta and
/// response.function_call_arguments.delta with JsonScanner; empty for other events or whenever
/// the scanner is not sure (the caller then reads the event with QJsonDocument).
std::optional<ResponsesDelta> scanResponsesDelta(QByteArrayView data);
/// The same from the parsed event (the reference scanResponsesDelta agrees with).
std::optional<ResponsesDelta> responsesDeltaFromJson(const QJsonObject &data, const QString &type);

/// Decodes an OpenAI Responses stream (`response.*` events, with or without sequence_number)
/// into ProviderEvents. One decoder per request.
///
/// response.output_text.delta and response.refusal.delta -> TextDelta;
/// response.reasoning_summary_text.delta and response.reasoning_text.delta -> ThinkingDelta.
/// A function_call item: output_item.added -> ToolCallStarted(call_id, name);
/// function_call_arguments.delta (paired to its call through item_id) -> ToolCallArgumentsDelta;
/// output_item.done -> ToolCallFinished. An item that arrives whole in output_item.done, without
/// deltas (servers that do not stream a message, a call with no .added), gets its events there,
/// so the deltas always add up to the answer.
///
/// response.completed -> RedactedThinking for each reasoning item's encrypted_content in the
/// final output (the server encrypts it anew there, so output_item.done's copy is not used),
/// UsageReported (input_tokens include the cached ones:
/// Usage::fromInclusivePrompt with input_tokens_details.cached_tokens), then Stopped("tool_use"
/// when the output holds a function call, else "end_turn") with parts =
/// wire::openairesponses::itemsFromJson of response.output, or of the items output_item.done
/// delivered when response.output is empty. response.incomplete does the same with the stop
/// reason from incomplete_details.reason (max_output_tokens -> "max_tokens"). response.failed
/// and `error` -> StreamError with the error's code and message. Events this decoder does not
/// know are ignored; data that is not a JSON object -> Protocol.
///
/// Delta events are read with scanResponsesDelta(), everything else with QJsonDocument;
/// FastPath::Off reads everything with QJsonDocument, with the same result.
class ResponsesDecoder final : public StreamDecoder
{
public:
    explicit ResponsesDecoder(FastPath fastPath = FastPath::On) : m_fastPath(fastPath) {}

    Status decode(const SseEvent &event, QList<ProviderEvent> &out, ProviderFailure *failure) override;
    Status finish(QList<ProviderEvent> &out, ProviderFailure *failure) override;

private:
    struct Call
    {
        QString callId;
        QString name;
        QString arguments;
    };

    Status applyDelta(const SseEvent &event, const ResponsesDelta &delta, QList<ProviderEvent> &out,
                      ProviderFailure *failure);
    Status itemAdded(const QJsonObject &data, QList<ProviderEvent> &out);
    Status itemDone(const QJsonObject &data, QList<ProviderEvent> &out);
    Status stop(const QJsonObject &response, const QString &stopReason, QList<ProviderEvent> &out,
                ProviderFailure *failure);
    /// The call an event's item keys name, or -1.
    qsizetype callFor(const QStringList &keys) const;

    FastPath m_fastPath;
    QList<Call> m_calls;
    QHash<QString, qsizetype> m_callByKey; ///< item key (see itemKeys()) -> index in m_calls
    QSet<QString> m_streamedText;          ///< item keys that had text deltas
    QSet<QString> m_streamedReasoning;     ///< item keys that had reasoning deltas
    QMap<qint64, QJsonObject> m_doneItems; ///< output_item.done items by output_index
    /// The item of the last delta, so a run of deltas of one item is looked up once.
    struct
    {
        ResponsesDelta::Type type = ResponsesDelta::Type::Text;
        QString itemId;
        std::optional<qint64> outputIndex;
        qsizetype call = -1;
        bool valid = false;
    } m_last;
};

} // namespace valis::providers::openairesponses
