#pragma once

#include <QLatin1String>

/// Names of the provider wire formats the record converts to and from. They are the keys under
/// which Part::wire and Message::wire keep format-specific extras, so they never change.
namespace valis::wire {

inline constexpr QLatin1String anthropicMessages{"anthropic"};
inline constexpr QLatin1String openAiChat{"openai-chat"};
inline constexpr QLatin1String openAiResponses{"openai-responses"};

} // namespace valis::wire
