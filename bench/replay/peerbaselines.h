#pragma once

// The published default context policies of other agents, as ContextStrategies, so
// bench_replay can replay a transcript through each of them and through Valis's own strategy
// under the same rules (same record, same counts, same prices, extractive summaries billed as
// the peer's real summary call would be). Comparison baselines only: they are not offered to
// users. Every class says where each of its defaults comes from.

#include "valis/plugins/contextstrategy.h"

#include <memory>
#include <vector>

namespace valis::bench {

/// LangChain DeepAgents, create_deep_agent() with a model whose profile knows its window:
/// - FilesystemMiddleware evicts a tool result over 20,000 tokens (counted as 4 characters a
///   token) to /large_tool_results/<tool call id> at once, leaving the path, how to read it and
///   a head-and-tail preview (5 + 5 lines); ls, glob, grep, read_file, edit_file and write_file
///   results are never evicted.
/// - SummarizationMiddleware, once the request (system prompt, messages, tools) reaches 85% of
///   the window (or would overflow it), summarises everything but the last 10% of the window
///   (cut where no tool result loses its call) in a separate summarisation prompt, appends the
///   summarised messages to /conversation_history/<thread>.md, and shows a summary message that
///   names that file; write_file / edit_file arguments over 2,000 characters in what is
///   summarised are cut to 20 characters first.
/// Sources: langchain-ai/deepagents libs/deepagents/deepagents/graph.py (create_deep_agent),
/// middleware/summarization.py (_compute_summarization_defaults: trigger ("fraction", 0.85),
/// keep ("fraction", 0.10), truncate_args_settings; _offload_to_backend; the summary message),
/// middleware/filesystem.py (tool_token_limit_before_evict = 20000, NUM_CHARS_PER_TOKEN = 4,
/// TOOLS_EXCLUDED_FROM_EVICTION, /large_tool_results/, the head/tail preview).
class DeepAgentsBaseline : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("deepagents"); }
    QJsonObject defaultSettings() const override;
    QString systemPromptSection() const override;
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &context) override;
};

/// OpenHands' ObservationMaskingCondenser with its configured default: every observation (tool
/// result) outside the last `attentionWindow` = 100 events is replaced by "<MASKED>", with no
/// way back. Sources: All-Hands-AI/OpenHands openhands/memory/condenser/impl/
/// observation_masking_condenser.py (the masking), openhands/core/config/condenser_config.py
/// (ObservationMaskingCondenserConfig.attention_window default 100: "the number of most-recent
/// events where observations will not be masked").
class OpenHandsMaskingBaseline : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("openhands-masking"); }
    QJsonObject defaultSettings() const override;
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &context) override;
};

/// OpenHands' LLMSummarizingCondenser (the software agent SDK's default condenser): once the
/// view holds more than max_size = 120 events, it keeps the first keep_first = 4 events (the
/// system prompt is the first), forgets everything up to the last max_size / 2 - keep_first - 1
/// = 55 events (the previous summary included), and puts one summary event after the kept head.
/// The summary is a separate LLM call on a fresh prompt (no prompt cache): the summarising
/// instructions, the previous summary and every forgotten event. Forgotten events are gone
/// for good (no pointer). Sources: OpenHands/software-agent-sdk openhands-sdk/openhands/sdk/
/// context/condenser/llm_summarizing_condenser.py (max_size 120, keep_first 4, should_condense,
/// get_condensation, summary_offset = keep_first); All-Hands-AI/OpenHands
/// openhands/memory/condenser/impl/llm_summarizing_condenser.py (the V0 prompt, which states
/// the same sections).
class OpenHandsCondenserBaseline : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("openhands-condenser"); }
    QJsonObject defaultSettings() const override;
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &context) override;
};

/// Codex's automatic compaction: when a request reaches the auto-compact limit, 90% of the
/// window, the conversation so far plus the compact prompt is sent as one more turn (same
/// instructions and tools: a continuation, its prefix read from the cache; when it does not fit,
/// the oldest items are dropped until it does), and the history becomes the user messages, the
/// newest first up to 20,000 tokens (4 bytes a token; the one that crosses the limit cut in the
/// middle), then the summary message. Assistant messages, tool calls and results are gone.
/// Sources: openai/codex codex-rs/core/src/compact.rs (run_compact_task_inner,
/// collect_user_messages, build_compacted_history, COMPACT_USER_MESSAGE_MAX_TOKENS = 20_000,
/// the ContextWindowExceeded trimming), codex-rs/protocol/src/openai_models.rs
/// (auto_compact_token_limit: context_window * 9 / 10).
class CodexBaseline : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("codex"); }
    QJsonObject defaultSettings() const override;
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &context) override;
};

/// One of each baseline, in the order bench_replay shows them.
std::vector<std::unique_ptr<ContextStrategy>> makePeerBaselines();

} // namespace valis::bench
