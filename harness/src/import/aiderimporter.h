#pragma once

#include "valis/import/transcriptimporter.h"

namespace valis {

/// Imports Aider's chat history (`.aider.chat.history.md`), the Markdown log Aider appends to
/// in the repository it works in. Every "# aider chat started at" section becomes a session:
/// "#### " lines are what the person typed (User), "> " lines are Aider's own output (System,
/// metadata {"aider": "tool_output"}), and the plain Markdown between them is the model's
/// reply (Assistant). See aider::HistoryParser for how ambiguous lines are decided.
/// Stateless and thread-safe.
class AiderImporter final : public TranscriptImporter
{
public:
    QString format() const override;
    QString displayName() const override;
    bool recognises(const QString &path, QByteArrayView head) const override;
    Result<ImportedTranscript> read(const QString &path) const override;
};

} // namespace valis
