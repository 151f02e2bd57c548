// The OpenHands event-stream trajectory importer over any bytes (see importtarget.h).
#define VALIS_FUZZ_IMPORT_FORMAT "openhands"
#define VALIS_FUZZ_IMPORT_FILE "trajectory.json"
#include "importtarget.h"
