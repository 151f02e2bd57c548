// The Aider chat history (.aider.chat.history.md) importer over any bytes (see importtarget.h).
#define VALIS_FUZZ_IMPORT_FORMAT "aider"
#define VALIS_FUZZ_IMPORT_FILE ".aider.chat.history.md"
#include "importtarget.h"
