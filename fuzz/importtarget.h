#pragma once
// One transcript importer over arbitrary file contents: each fuzz_import_*.cpp defines
// VALIS_FUZZ_IMPORT_FORMAT (the importer's format name) and VALIS_FUZZ_IMPORT_FILE (a file name
// of that format's kind) and includes this. The importers take a path (and some look beside
// the file), so the input is written to a file on tmpfs.
//
// Checked: an import either succeeds or fails with an Error that names what and where
// (transcriptimporter.h); reading the same bytes twice gives the same sessions and message ids
// (the store recognises what it already has by them); a session's message ids are non-empty
// and distinct.
#include "fuzzsupport.h"

#include "valis/import/transcriptimporter.h"

#include <QSet>

namespace {

QStringList messageIds(const valis::ImportedTranscript &transcript)
{
    QStringList ids;
    for (const valis::ImportedSession &session : transcript.sessions) {
        ids << session.info.id;
        for (const valis::Message &message : session.messages)
            ids << message.id;
    }
    return ids;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace valis;
    using namespace valis::fuzz;
    static const TranscriptImporters importers;
    static const TranscriptImporter *importer = importers.find(QStringLiteral(VALIS_FUZZ_IMPORT_FORMAT));
    VALIS_FUZZ_CHECK(importer, QStringLiteral("no importer for " VALIS_FUZZ_IMPORT_FORMAT));

    const QByteArray content = bytes(data, size);
    const QString path = writeInput(content, QStringLiteral(VALIS_FUZZ_IMPORT_FILE));
    Q_UNUSED(importer->recognises(path, QByteArrayView(content).first(qMin<qsizetype>(content.size(), 64 * 1024))));

    const Result<ImportedTranscript> first = importer->read(path);
    if (!first.ok()) {
        VALIS_FUZZ_CHECK_ERROR(first.error());
        VALIS_FUZZ_CHECK(!first.error().location.isEmpty(), QStringLiteral("an import error names no place: ") + first.error().message);
        return 0;
    }
    for (const ImportedSession &session : first->sessions) {
        QSet<QString> seen;
        for (const Message &message : session.messages) {
            VALIS_FUZZ_CHECK(!message.id.isEmpty(), QStringLiteral("a message without an id in ") + session.info.id);
            VALIS_FUZZ_CHECK(!seen.contains(message.id), QStringLiteral("message id %1 twice in %2").arg(message.id, session.info.id));
            seen.insert(message.id);
        }
    }
    const Result<ImportedTranscript> second = importer->read(path);
    VALIS_FUZZ_CHECK(second.ok(), QStringLiteral("the second read of the same bytes failed: ") + second.error().toString());
    VALIS_FUZZ_CHECK(messageIds(*first) == messageIds(*second), QStringLiteral("ids differ between two reads of the same bytes"));
    return 0;
}
