#pragma once

#include "valis/import/transcriptimporter.h"

namespace valis {

/// Imports an OpenHands trajectory: the JSON array of action and observation events that
/// OpenHands saves (`save_trajectory_path`, its tests' `trajs/`), or the GUI's export of it
/// (`{"trajectory": [...]}`), as one session.
///
/// The import follows OpenHands' ConversationMemory, which turns events into the messages the
/// model is sent, so the record shows what the model saw: a tool-calling action becomes a
/// ToolCall with the arguments from the model response that issued it (the calls of one
/// response share one assistant message), its observation becomes a Tool message, `finish` is
/// assistant text, a recall (workspace context, microagent knowledge) is the user message the
/// model was shown, and the runtime's bookkeeping (agent state changes, null observations) is
/// left out and counted in the notes. Stateless and thread-safe.
class OpenHandsImporter final : public TranscriptImporter
{
public:
    QString format() const override;
    QString displayName() const override;
    bool recognises(const QString &path, QByteArrayView head) const override;
    Result<ImportedTranscript> read(const QString &path) const override;
};

} // namespace valis
