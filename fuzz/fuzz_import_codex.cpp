// The Codex rollout or TUI session log importer over any bytes (see importtarget.h).
#define VALIS_FUZZ_IMPORT_FORMAT "codex"
#define VALIS_FUZZ_IMPORT_FILE "rollout-2025-06-01T10-00-00-0b6f5c1e-1111-4222-8333-944455556666.jsonl"
#include "importtarget.h"
