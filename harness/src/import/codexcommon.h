#pragma once

#include "valis/import/jsonsource.h"
#include "valis/import/transcriptimporter.h"

#include <QJsonObject>
#include <QMap>
#include <QString>

/// Pieces the two Codex readers (rollout files and TUI session logs) share.
namespace valis::codex {

/// "codex-" and the first 12 hex digits of the file's SHA-256: the session id of a file that
/// names none. Empty when the file cannot be read.
QString fallbackSessionId(const QString &path);

/// The session title a prompt gives: its first non-empty line, whitespace collapsed, cut at about
/// 80 characters with an ellipsis.
QString titleFromPrompt(const QString &prompt);

/// True for the user messages Codex writes itself into the model's input (environment context,
/// AGENTS.md / user instructions, ...), which are not prompts a person typed.
bool isInjectedContext(const QString &text);

/// Reads a token_count event: the per-request usage in either the older flat form
/// ({input_tokens, cached_input_tokens, output_tokens, ...}) or the newer one
/// ({info: {last_token_usage: {...}}}; info may be null). OpenAI's input count includes the
/// cached tokens; the record's inputTokens does not, so they are split. Returns false when the
/// event has the wrong shape; `*present` says whether it carried usage at all.
bool readTokenCount(const QJsonObject &event, Usage *usage, qint64 *reasoningTokens, bool *present);

/// Counts of what a reader deliberately left out or rebuilt, turned into ImportedTranscript
/// notes.
class ImportNotes
{
public:
    /// Something not carried into the record ("key_event lines").
    void leftOut(const QString &what, int count = 1) { m_leftOut[what] += count; }
    /// Something the record holds in a rebuilt form ("reasoning texts rebuilt from deltas").
    void rebuilt(const QString &what, int count = 1) { m_rebuilt[what] += count; }
    /// "left out app_event lines: 19740", "rebuilt ...: 3", one note per kind, in name order.
    QStringList notes() const;

private:
    QMap<QString, int> m_leftOut;
    QMap<QString, int> m_rebuilt;
};

} // namespace valis::codex
