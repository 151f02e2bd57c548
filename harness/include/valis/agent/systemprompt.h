#pragma once

#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QString>

namespace valis {

/// The default system prompt (resources/prompts/system.md, built into the harness) with its
/// placeholders filled: {{workspace}} and {{date}} (ISO, UTC). Stable for a whole day, so it
/// stays in the provider's prompt cache.
VALIS_HARNESS_EXPORT Message defaultSystemPrompt(const QString &workspace);

/// A system prompt message of `text`.
VALIS_HARNESS_EXPORT Message systemPrompt(const QString &text);

} // namespace valis
