#include "valis/import/transcriptimporter.h"

#include "import/aiderimporter.h"
#include "import/locomoimporter.h"
#include "import/claudecodeimporter.h"
#include "import/codeximporter.h"
#include "import/valisjsonlimporter.h"
#include "import/openhandsimporter.h"
#include "import/sweagentimporter.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace valis {

TranscriptImporter::~TranscriptImporter() = default;

TranscriptImporters::TranscriptImporters()
{
    // Built-in importers are registered here, most specific first: detection takes the first
    // importer that recognises a file.
    m_importers.push_back(std::make_unique<ClaudeCodeImporter>());
    m_importers.push_back(std::make_unique<CodexImporter>());
    m_importers.push_back(std::make_unique<ValisJsonlImporter>());
    m_importers.push_back(std::make_unique<OpenHandsImporter>());
    m_importers.push_back(std::make_unique<SweAgentImporter>());
    m_importers.push_back(std::make_unique<AiderImporter>());
    m_importers.push_back(std::make_unique<LocomoImporter>());
}

TranscriptImporters::~TranscriptImporters() = default;

const TranscriptImporter *TranscriptImporters::find(const QString &format) const
{
    for (const auto &importer : m_importers) {
        if (importer->format() == format)
            return importer.get();
    }
    return nullptr;
}

Result<const TranscriptImporter *> TranscriptImporters::detect(const QString &path) const
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return Error(QStringLiteral("import.unreadable"),
                     QCoreApplication::translate("valis::TranscriptImporters", "cannot read the file: %1")
                         .arg(file.errorString()),
                     path);
    }
    const QByteArray head = file.read(64 * 1024);
    for (const auto &importer : m_importers) {
        if (importer->recognises(path, head))
            return importer.get();
    }
    QStringList formats;
    for (const auto &importer : m_importers)
        formats << importer->format();
    return Error(QStringLiteral("import.unknown-format"),
                 QCoreApplication::translate("valis::TranscriptImporters",
                                             "not a transcript format Valis knows (known: %1); "
                                             "name one with --format")
                     .arg(formats.join(QStringLiteral(", "))),
                 path);
}

Result<ImportedTranscript> TranscriptImporters::read(const QString &path) const
{
    const Result<const TranscriptImporter *> importer = detect(path);
    if (importer.hasError())
        return importer.error();
    return importer.value()->read(path);
}

QStringList TranscriptImporters::scan(const QString &directory) const
{
    QStringList found;
    QDirIterator it(directory, QDir::Files | QDir::Readable, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        // Companion files are read by their main file's importer.
        if (QFileInfo(path).absolutePath().endsWith(QLatin1String("/subagents")))
            continue;
        if (detect(path).ok())
            found << path;
    }
    found.sort();
    return found;
}

} // namespace valis
