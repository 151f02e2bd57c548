// Anchors StreamDecoder's vtable and type information in the harness, so provider plugins and
// the host agree on them.
#include "valis/provider/streamdecoder.h"

namespace valis {

StreamDecoder::~StreamDecoder() = default;

} // namespace valis
