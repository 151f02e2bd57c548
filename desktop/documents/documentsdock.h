#pragma once

#include "valis/core/datalocations.h"

class QMainWindow;

namespace valis {

class DocumentsView;

/// Adds the Documents view to `window` as a dock tabbed with the Memory dock ("memoryDock"),
/// listing (and sweeping, when due) each time the tab is shown. Returns the view (owned by
/// the dock).
DocumentsView *addDocumentsDock(QMainWindow *window, const DataLocations &locations);

} // namespace valis
