#pragma once

#include "valis/import/transcriptimporter.h"

namespace valis {

/// Imports LoCoMo conversations (Maharana et al., ACL 2024: `locomo10.json` and files of the
/// same shape): a JSON list of samples, each a long conversation between two people in
/// numbered sessions. Each session of each sample becomes one Valis session, so recall over
/// earlier sessions is measured as it works for the agent.
///
/// The first speaker's turns are user messages, the second's assistant messages; each keeps its
/// speaker and `dia_id` in Message::metadata, and a shared image (whose file is not released)
/// is kept as its caption, "[shared an image: ...]", since that is all that can be read of it.
/// Message ids are "<sample_id>-<dia_id>" ("conv-26-D1:3"), session ids "locomo-<sample_id>-s<N>".
/// A session's time is its `session_N_date_time` ("1:56 pm on 8 May, 2023", taken as UTC), its
/// messages a second apart from it. The QA annotations and generated summaries are not imported.
class LocomoImporter final : public TranscriptImporter
{
public:
    QString format() const override;
    QString displayName() const override;
    bool recognises(const QString &path, QByteArrayView head) const override;
    Result<ImportedTranscript> read(const QString &path) const override;
};

} // namespace valis
