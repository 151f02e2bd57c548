#pragma once

#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace valis {

/// Prices in USD per million tokens. An empty optional means "unknown", which is never the same
/// as 0: a local model costs 0, a model whose price nobody wrote down costs "unknown".
/// `cacheWrite` is Anthropic's 5-minute cache-write price; providers without a separate write
/// price carry their input price there.
struct VALIS_HARNESS_EXPORT ModelPrices
{
    std::optional<double> input;
    std::optional<double> output;
    std::optional<double> cacheWrite;
    std::optional<double> cacheRead;

    bool isComplete() const { return input && output && cacheWrite && cacheRead; }
    bool operator==(const ModelPrices &other) const = default;
};

/// A second price list that applies to a whole request once its prompt (input + cache reads +
/// cache writes) is larger than `aboveInputTokens` (Gemini Pro over 200K, GPT-5.4 over 272K).
struct VALIS_HARNESS_EXPORT LongContextPricing
{
    qint64 aboveInputTokens = 0;
    ModelPrices prices;

    bool operator==(const LongContextPricing &other) const = default;
};

struct VALIS_HARNESS_EXPORT ModelCapabilities
{
    bool tools = false;
    bool vision = false;
    bool thinking = false; ///< extended thinking / reasoning tokens
    bool promptCaching = false;

    bool operator==(const ModelCapabilities &other) const = default;
};

/// Where a ModelInfo's fields came from.
enum class ModelOrigin { BuiltIn, Override, BuiltInWithOverride, Fallback };
VALIS_HARNESS_EXPORT QString modelOriginName(ModelOrigin origin);

/// One model of the catalogue: its limits, prices, capabilities and the other names it goes by.
/// `tokenizer` is "o200k_base" or "cl100k_base" where the tokenizer is public, else "estimate".
/// `status` is informational ("current", "legacy", "deprecated", "retired", "preview").
struct VALIS_HARNESS_EXPORT ModelInfo
{
    QString id;
    QString displayName;
    QString provider;
    QString family;
    qint64 contextWindow = 0;
    qint64 maxOutputTokens = 0;
    ModelPrices prices;
    std::optional<LongContextPricing> longContext;
    ModelCapabilities capabilities;
    QStringList aliases;
    QString tokenizer;
    QString status;
    QString comment;
    ModelOrigin origin = ModelOrigin::BuiltIn;

    /// The prices that apply to a request of this usage: the long-context list when the prompt
    /// is over its threshold, else the normal one.
    ModelPrices pricesFor(const Usage &usage) const;

    bool operator==(const ModelInfo &other) const = default;
};

/// How ModelCatalog::lookup() found a model, from the most to the least certain.
enum class MatchKind {
    Exact,      ///< the name is a model id
    Alias,      ///< the name is one of a model's aliases, as written
    Normalised, ///< after removing wrappers: case, provider prefixes, Bedrock/Vertex forms, dates, tags
    Prefix,     ///< the longest known name the (normalised) name starts with
    Unknown     ///< nothing matched; the model is the conservative fallback
};
VALIS_HARNESS_EXPORT QString matchKindName(MatchKind kind);

/// The answer to a lookup: always a usable model (the fallback when nothing matched) plus how it
/// was found and a translated sentence a UI or the CLI can show as is.
struct VALIS_HARNESS_EXPORT ModelMatch
{
    QString query;      ///< the name as asked
    MatchKind kind = MatchKind::Unknown;
    QString matchedKey; ///< the id or alias that matched; empty for Unknown
    QStringList steps;  ///< translated normalisation steps, for Normalised and Prefix
    ModelInfo model;
    QString message;

    bool isKnown() const { return kind != MatchKind::Unknown; }
    /// Exact and Alias matches are certain; the others are guesses a UI may want to flag.
    bool isCertain() const { return kind == MatchKind::Exact || kind == MatchKind::Alias; }
};

/// The cost of one Usage, in USD, per kind of token. A component is unknown (empty) when tokens
/// of that kind were used and their price is unknown; tokens not reported (-1) or 0 cost 0.
struct VALIS_HARNESS_EXPORT Cost
{
    std::optional<double> input;
    std::optional<double> output;
    std::optional<double> cacheWrite;
    std::optional<double> cacheRead;

    bool isKnown() const { return input && output && cacheWrite && cacheRead; }
    /// The sum, or empty when any component is unknown.
    std::optional<double> total() const;
    /// "$0.1364" (4 decimals under a dollar, 2 above) or "unknown".
    QString totalText() const;
};

/// The cost of `usage` at `model`'s prices. `usage.inputTokens` are the uncached input tokens
/// (Anthropic's convention); cache reads and writes are priced separately, never twice.
VALIS_HARNESS_EXPORT Cost costOf(const ModelInfo &model, const Usage &usage);

/// "$3.00" style (up to 4 decimals for small prices) or "unknown".
VALIS_HARNESS_EXPORT QString formatUsd(std::optional<double> amount);
/// "1,048,576": digits grouped by commas, independent of the system locale.
VALIS_HARNESS_EXPORT QString formatTokenCount(qint64 tokens);

} // namespace valis
