#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QLatin1String>
#include <QStringList>

/// The settings of Anthropic's server-side context strategies and the request fields they become.
///
/// Wire shapes (the Messages API beta; anthropics/anthropic-sdk-python at 009b035,
/// src/anthropic/types/beta/: beta_context_management_config_param.py,
/// beta_clear_tool_uses_20250919_edit_param.py, beta_clear_thinking_20251015_edit_param.py,
/// beta_compact_20260112_edit_param.py, beta_input_tokens_trigger_param.py,
/// beta_tool_uses_keep_param.py, anthropic_beta_param.py): the request carries
/// context_management: {edits: [...]}, with the beta header context-management-2025-06-27 for
/// clear_tool_uses_20250919 / clear_thinking_20251015 and compact-2026-01-12 for compact_20260112
/// (platform.claude.com/docs/en/build-with-claude/compaction). Defaults are the API's
/// (docs.claude.com .../context-editing, .../compaction): trigger 100,000 input tokens, keep 3
/// tool uses, nothing cleared at least, no tool excluded, inputs kept; thinking keeps 1 turn;
/// compaction triggers at 150,000 input tokens (50,000 at least).
namespace valis::anthropicserver {

inline constexpr QLatin1String family{"anthropic"};
inline constexpr QLatin1String contextManagementBeta{"context-management-2025-06-27"};
inline constexpr QLatin1String compactionBeta{"compact-2026-01-12"};
inline constexpr qint64 minimumCompactionTrigger = 50000;

struct ContextEditingSettings
{
    qint64 triggerInputTokens = 100000;
    qint64 triggerToolUses = 0;      ///< > 0: trigger on tool uses instead of input tokens
    qint64 keepToolUses = 3;
    qint64 clearAtLeastTokens = 0;   ///< 0: not sent
    QStringList excludeTools;
    bool clearToolInputs = false;
    bool clearThinking = false;      ///< adds clear_thinking_20251015
    qint64 keepThinkingTurns = 1;    ///< -1: "all"

    static QJsonObject defaults();
    static ContextEditingSettings from(const QJsonObject &settings);
    /// The edits (clear_thinking first, as the API asks) with `trigger` as the input-token
    /// trigger actually used and `alsoExcluded` added to exclude_tools.
    QJsonArray edits(qint64 trigger, const QStringList &alsoExcluded) const;
};

struct CompactionSettings
{
    qint64 triggerInputTokens = 150000;
    QString instructions;            ///< empty: not sent (the API's own prompt)
    /// What a replay takes the server's summary to be, in tokens (no server to ask there).
    qint64 simulatedSummaryTokens = 2000;

    static QJsonObject defaults();
    static CompactionSettings from(const QJsonObject &settings);
    QJsonArray edits(qint64 trigger) const;
};

/// {"anthropic": {"context_management": {"edits": edits}, "betas": [beta]}}
QJsonObject providerOptions(const QJsonArray &edits, QLatin1String beta);

/// The trigger a strategy uses: the configured one, but no higher than what the view may fill
/// (`targetTokens`, when known), since a trigger past the window never fires.
qint64 effectiveTrigger(qint64 configured, qint64 targetTokens, qint64 minimum = 0);

} // namespace valis::anthropicserver
