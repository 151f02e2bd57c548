#pragma once

// The settings-file helpers are public (the desktop's settings dialog writes the same files).
#include "valis/core/jsonfile.h"
