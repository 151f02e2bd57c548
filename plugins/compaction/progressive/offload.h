#pragma once

#include "workingview.h"

#include <optional>

namespace valis::progressive {

/// Step 1: moves every tool result over the offload threshold out of the view at once, whatever
/// the budget, leaving a head-and-tail preview with its archive path and the read_file call
/// for more. Looks only at messages no earlier build saw (those were decided then). Results of
/// tools that keep them in context, and results already captured into memory, stay.
std::optional<CompactionEvent> offloadLargeResults(WorkingView &view, QList<Error> *warnings);

/// The name of the tool each call id of `messages` called (results of imported transcripts do
/// not always carry it).
QHash<QString, QString> toolNamesByCall(const QList<Message> &messages, int from = 0);

} // namespace valis::progressive
