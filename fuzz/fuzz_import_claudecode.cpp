// The Claude Code session (~/.claude/projects/*/<uuid>.jsonl) importer over any bytes (see importtarget.h).
#define VALIS_FUZZ_IMPORT_FORMAT "claude-code"
#define VALIS_FUZZ_IMPORT_FILE "0b6f5c1e-1111-4222-8333-944455556666.jsonl"
#include "importtarget.h"
