// An Anthropic Messages response body through SseParser and AnthropicDecoder.
#include "anthropicdecoder.h"
#include "streamtarget.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    valis::fuzz::fuzzStream<valis::providers::anthropic::AnthropicDecoder>(data, size);
    return 0;
}
