// The Valis JSONL export importer over any bytes (see importtarget.h).
#define VALIS_FUZZ_IMPORT_FORMAT "valis-jsonl"
#define VALIS_FUZZ_IMPORT_FILE "session.jsonl"
#include "importtarget.h"
