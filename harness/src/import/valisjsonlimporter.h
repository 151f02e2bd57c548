#pragma once

#include "valis/import/transcriptimporter.h"

namespace valis {

/// Reads Valis's own JSONL export (see JsonlExport) back into the record, unchanged: ids,
/// timestamps, parts and wire extras are taken as written, and images come back from the blob
/// lines with their content-addressed references.
class ValisJsonlImporter final : public TranscriptImporter
{
public:
    QString format() const override;
    QString displayName() const override;
    bool recognises(const QString &path, QByteArrayView head) const override;
    Result<ImportedTranscript> read(const QString &path) const override;
};

} // namespace valis
