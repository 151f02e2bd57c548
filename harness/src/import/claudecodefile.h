#pragma once

#include "valis/core/result.h"
#include "valis/import/transcriptimporter.h"

#include <QHash>
#include <QMap>
#include <QString>

namespace valis::claudecode {

/// One Claude Code JSONL file read into one session, with what the importer needs to link it
/// to its parent or children. Used by ClaudeCodeImporter only.
struct SessionFile
{
    QString path;
    ImportedSession session;
    QString sessionUuid;                  ///< the lines' sessionId
    QString agentId;                      ///< set for subagent transcripts
    QMap<QString, int> leftOut;           ///< line kind ("progress", "system/turn_duration") -> count
    QHash<QString, QString> taskByAgentId; ///< agentId -> the Task tool_use id that started it

    /// The message id a line uuid belongs to, following parentUuid through left-out lines;
    /// empty when the chain ends or leaves the file.
    QString messageIdFor(const QString &uuid) const;

    // The line tree, kept for messageIdFor().
    QHash<QString, QString> parentOf;       ///< every line uuid -> its parentUuid (empty for null)
    QHash<QString, QString> messageIdByUuid; ///< every kept line uuid -> its (merged) message id
};

/// Reads one file completely; any line it cannot read fails it with import.malformed "path:line".
Result<SessionFile> readSessionFile(const QString &path);

/// A title from the first real user prompt: commands and harness notices are passed over, a
/// slash command with arguments counts, the text is trimmed to about 80 characters.
QString titleFromMessages(const QList<Message> &messages);

} // namespace valis::claudecode
