#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"
#include "valis/record/session.h"

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace valis {

/// One session read from a transcript file, complete and in order, not yet stored.
/// Message ids are deterministic (taken or derived from the source), so importing the same file
/// twice yields the same ids and the store can recognise what it already has.
struct VALIS_HARNESS_EXPORT ImportedSession
{
    SessionInfo info;
    QList<Message> messages;
};

/// Everything one source file yields: usually one session, several for formats that hold many
/// (Aider's history) or companions (Claude Code's subagent files become child sessions).
/// `notes` lists what was deliberately left out (progress lines, UI events), for the user.
struct VALIS_HARNESS_EXPORT ImportedTranscript
{
    QString format;
    QString sourcePath;
    QList<ImportedSession> sessions;
    QStringList notes;
};

/// Reads one agent's transcript format into the record.
///
/// Implementations parse the whole source in memory and either return a complete
/// ImportedTranscript or an Error naming the file and line (`location` = "path:line") of the
/// first thing they could not read: never a partial result. They do no I/O besides reading.
class VALIS_HARNESS_EXPORT TranscriptImporter
{
public:
    virtual ~TranscriptImporter();

    /// The format name stored as SessionInfo::originKind: "claude-code", "codex", ...
    virtual QString format() const = 0;
    /// A person's name for the format, for listings.
    virtual QString displayName() const = 0;
    /// A cheap guess from the file name and its first few KiB; no full parse.
    virtual bool recognises(const QString &path, QByteArrayView head) const = 0;
    /// Reads `path` (and its companion files) completely.
    virtual Result<ImportedTranscript> read(const QString &path) const = 0;
};

/// The importers built into harness, and format detection over them.
class VALIS_HARNESS_EXPORT TranscriptImporters
{
public:
    TranscriptImporters();
    ~TranscriptImporters();
    TranscriptImporters(const TranscriptImporters &) = delete;
    TranscriptImporters &operator=(const TranscriptImporters &) = delete;

    const std::vector<std::unique_ptr<TranscriptImporter>> &all() const { return m_importers; }
    /// The importer for a format name, or nullptr.
    const TranscriptImporter *find(const QString &format) const;
    /// The importer that recognises `path`, or an Error that lists the known formats.
    Result<const TranscriptImporter *> detect(const QString &path) const;
    /// Reads `path` with the importer detect() finds: the transcript, or the first error.
    Result<ImportedTranscript> read(const QString &path) const;
    /// The files under `directory` that some importer recognises, skipping companion files
    /// that their main file imports (Claude Code's subagents/ folders).
    QStringList scan(const QString &directory) const;

private:
    std::vector<std::unique_ptr<TranscriptImporter>> m_importers;
};

} // namespace valis
