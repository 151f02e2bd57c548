// The SWE-agent trajectory (.traj) importer over any bytes (see importtarget.h).
#define VALIS_FUZZ_IMPORT_FORMAT "swe-agent"
#define VALIS_FUZZ_IMPORT_FILE "session.traj"
#include "importtarget.h"
