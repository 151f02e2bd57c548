// An OpenAI Responses response body through SseParser and ResponsesDecoder.
#include "responsesdecoder.h"
#include "streamtarget.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    valis::fuzz::fuzzStream<valis::providers::openairesponses::ResponsesDecoder>(data, size);
    return 0;
}
