// A Chat Completions response body (OpenAI or a compatible server) through SseParser and ChatDecoder.
#include "chatdecoder.h"
#include "streamtarget.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    valis::fuzz::fuzzStream<valis::providers::openaichat::ChatDecoder>(data, size);
    return 0;
}
