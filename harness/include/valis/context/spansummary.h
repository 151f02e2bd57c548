#pragma once

#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace valis {

/// What a summary must keep verbatim from the span of conversation it replaces: every file
/// path, URL, issue id and error code the span's messages and tool calls name, and the commands
/// it ran. A model's summary is completed with whatever of these it left out, so nothing that
/// identifies an artefact is ever lost to summarisation.
struct VALIS_HARNESS_EXPORT SpanArtifacts
{
    QStringList files;      ///< paths named by tool arguments (path, file_path, ...) or text, in first-seen order
    QStringList urls;       ///< http(s) URLs
    QStringList issues;     ///< "#123", "ABC-123", "GH-45", GitHub issue/PR URLs' numbers stay with the URL
    QStringList errorCodes; ///< "E0425", "TS2345", "ENOENT", "SIGSEGV", "HTTP 404", "exit code 2", ...
    QStringList commands;   ///< commands the span ran (exec, Bash, shell, execute_bash), first line each
    /// How many more of each were found than a list keeps (200): the saved transcript has them.
    int moreFiles = 0;
    int moreUrls = 0;
    int moreIssues = 0;
    int moreErrorCodes = 0;
    int moreCommands = 0;

    bool isEmpty() const;
    /// Each list as one Markdown bullet ("- Files: a.cpp, b.h"), lists that are empty left out.
    QString toMarkdown() const;
};

/// The artifacts of `span` (any importer's tool names and argument spellings).
VALIS_HARNESS_EXPORT SpanArtifacts extractArtifacts(const QList<Message> &span);

/// What is never summarised about progress: the files the agent read, each with the hash of the
/// content it saw (so a later read tells whether the file changed), and the step it is on. It is
/// carried verbatim into the context after every summary, before the summary itself.
struct VALIS_HARNESS_EXPORT ProgressLedger
{
    struct FileRead
    {
        QString path;
        QString sha256;  ///< first 12 hex digits of the SHA-256 of the text the read returned
        int turn = -1;   ///< the turn of the last read
        qint64 bytes = 0;
    };
    QList<FileRead> filesRead;  ///< the last read of each path, in the order paths were first read
    /// The plan's item in progress when there is a plan, else the first line of the latest user
    /// request.
    QString currentStep;

    bool isEmpty() const { return filesRead.isEmpty() && currentStep.isEmpty(); }
    /// "<progress-ledger>\nCurrent step: ...\nFiles read (path, sha256 of what was read, turn):\n- ...\n</progress-ledger>"
    QString toText() const;
};

/// The ledger of `record` (read_file, Read, view_file, str_replace_editor view, cat via a shell
/// are reads; write_todos / update_plan / TodoWrite give the step).
VALIS_HARNESS_EXPORT ProgressLedger progressLedger(const QList<Message> &record);
/// The ledger of the reads in `span`, with the step `record` (the whole record, `span` being a
/// part of it) is on: a strategy that summarises a span keeps the turns after it verbatim, and
/// a request among them is newer than the span's last, which would send the model back to a
/// finished step.
VALIS_HARNESS_EXPORT ProgressLedger progressLedger(const QList<Message> &span, const QList<Message> &record);

/// The instruction appended to the live prefix to ask the model for a summary of the
/// conversation through the turn `throughLabel` ("T-41"): the six sections (Session intent;
/// Progress and artifacts, every file path, URL, issue id and error code verbatim; Decisions;
/// Current state; Next steps; Key details), no tool calls, plain Markdown, at most
/// `maxWords` words.
VALIS_HARNESS_EXPORT QString summaryInstruction(const QString &throughLabel, int maxWords = 1200);

/// A deterministic summary of `span` with the same six sections, for when no model is available:
/// the first user request as intent, each turn's request and outcome in a line, the artifacts,
/// sentences that state decisions ("decided", "instead", "because", ...), the last assistant
/// message as current state, open plan items as next steps. At most about `maxChars` characters.
VALIS_HARNESS_EXPORT QString extractiveSummary(const QList<Message> &span, const SpanArtifacts &artifacts,
                                               qsizetype maxChars = 12000);

/// A model's summary with what it left out of `artifacts` appended verbatim under "Artifacts
/// not named above".
VALIS_HARNESS_EXPORT QString completeSummary(const QString &modelSummary, const SpanArtifacts &artifacts);

/// The saved form of a summarised span: `name` like "T-1-through-41-3f9a2c" (the turns, and an id
/// of the span's messages, so two spans of one long turn get two files), `json` the messages as
/// Valis JSONL (one recordjson::toJson(Message) per line, re-importable), `markdown` the
/// readable export.
struct VALIS_HARNESS_EXPORT SpanTranscript
{
    QString name;
    QByteArray json;
    QByteArray markdown;
};
VALIS_HARNESS_EXPORT SpanTranscript spanTranscript(const QList<Message> &span);

} // namespace valis
