#pragma once

#include "valis/catalog/modelinfo.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QJsonArray>
#include <QList>
#include <QString>

#include <memory>

namespace valis {

class BpeEncoding;
struct PartTokenCount;

/// The figures of the calibrated estimate: o200k_base tokens scaled by kind of text, plus the
/// framing a request gives messages, tool calls, results and tool definitions. The defaults are
/// fitted on recorded Claude requests and the usage reported for them (bench_usage --fit).
struct VALIS_HARNESS_EXPORT EstimateCalibration
{
    double proseRatio = 1.12;  ///< estimated tokens per o200k_base token, for prose
    double codeRatio = 1.12;   ///< ... for code and JSON (many brackets, quotes, operators)
    qint64 perMessage = 4;
    qint64 perToolCall = 8;
    qint64 perToolResult = 6;
    qint64 perTool = 12;
    /// Anthropic adds a system prompt of its own when a request offers tools (346 tokens for
    /// Claude 4 models with tool_choice auto, by its documentation).
    qint64 toolUsePrompt = 346;
};

/// Counts the tokens of requests to one family of models: exactly where the tokenizer is
/// public (o200k_base, cl100k_base: the text is encoded), else with an estimate calibrated on
/// recorded requests and the usage their provider reported (Claude and others whose tokenizer
/// is not published).
///
/// Counts of stored messages (the record's, unchanged) are cached per part and can be handed
/// to and taken from the SessionStore's count cache, so counting a long session again costs
/// only its new parts. Other messages (a strategy's replacements) are cached by content.
/// Thread-safe.
class VALIS_HARNESS_EXPORT TokenCounter
{
public:
    ~TokenCounter();

    /// The counter for `model`: its tokenizer when ModelInfo::tokenizer names a public one,
    /// else the calibrated estimate. When the tokenizer data cannot be loaded the estimate is
    /// used and `warning` (if given) says why.
    static std::shared_ptr<TokenCounter> forModel(const ModelInfo &model, Error *warning = nullptr);
    /// The exact counter of a public encoding ("o200k_base", "cl100k_base").
    static Result<std::shared_ptr<TokenCounter>> forEncoding(const QString &encoding);
    /// The calibrated estimate (for models without a public tokenizer).
    static std::shared_ptr<TokenCounter> estimate(const EstimateCalibration &calibration = {});

    /// What the counts are of: the encoding name, or "estimate" (the count cache is per family).
    QString family() const;
    bool isExact() const;

    qint64 countText(const QString &text) const;
    /// A part as a request shows it: its text, a tool call's name and arguments, a tool
    /// result's content, an image's fixed price, plus the part's framing.
    qint64 countPart(const Part &part) const;
    /// A message with the framing a request gives it, cached by content.
    qint64 countMessage(const Message &message) const;
    /// A message exactly as the record stores it (id and seq set, parts unchanged): cached per
    /// part under its id.
    qint64 countStoredMessage(const Message &message) const;
    /// The system prompt of a request.
    qint64 countSystemPrompt(const Message &system) const;
    /// Tool definitions as sent: {"name", "description", "input_schema"} objects.
    qint64 countToolDefinitions(const QJsonArray &tools) const;

    /// Stored counts for this family (SessionStore::tokenCounts) of the messages in `record`,
    /// so they need not be counted again. Counts of other families are ignored.
    void preload(const QList<Message> &record, const QList<PartTokenCount> &counts);
    /// Counts of stored messages made since the last call, for SessionStore::storeTokenCounts.
    QList<PartTokenCount> takeNewCounts();

private:
    class Private;
    explicit TokenCounter(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

} // namespace valis
