#pragma once

#include "valis/import/transcriptimporter.h"

namespace valis {

/// Imports a SWE-agent trajectory (`.traj`): one JSON object whose `history` is the list of
/// messages the model was sent, as one session.
///
/// History entries are OpenAI Chat messages with SWE-agent's own keys beside them; the chat
/// keys go through the OpenAI Chat wire converter (so tool calls keep their exact argument
/// text) and the others (`agent`, `message_type`, `thought`, `action`, `is_demo`, ...) are kept
/// in Message::metadata. A `tool` entry answers the first of its `tool_call_ids`, which is what
/// SWE-agent sends the model. Older thought/action trajectories have no tool calls: their
/// assistant text stays as it is and observations are user messages. The `trajectory` steps
/// repeat the history and are not imported again.
///
/// Session ids are content-addressed ("swe-" and 12 hex digits of the file's SHA-256), message
/// ids derive from it and the entry's index, so importing a file twice gives the same ids.
/// Trajectories carry no timestamps: the session and its messages take the file's modification
/// time. Stateless and thread-safe.
class SweAgentImporter final : public TranscriptImporter
{
public:
    QString format() const override;
    QString displayName() const override;
    bool recognises(const QString &path, QByteArrayView head) const override;
    Result<ImportedTranscript> read(const QString &path) const override;
};

} // namespace valis
