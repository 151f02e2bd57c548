#pragma once

#include "valis/harness_export.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace valis {

/// A conversation's identity and where it came from. The messages themselves live in the
/// SessionStore; this is the row that names them. `originKind` is "valis" for sessions created
/// here and the importer's format name for imported ones ("claude-code", "codex", ...).
/// `parent*` link a subagent or forked session to the session, message and tool call it came
/// from. `activeLeafId` is the branch of the conversation it was left on (see BranchIndex).
struct VALIS_HARNESS_EXPORT SessionInfo
{
    QString id;
    QString title;
    QString workspace;
    QString model;
    QDateTime createdAt;
    QDateTime updatedAt;
    QString originKind;
    QString originPath;
    QString originId;
    QString parentSessionId;
    QString parentMessageId;
    QString parentToolCallId;
    QJsonObject metadata;
    /// The message last made the active leaf (an edit-and-resend, a regeneration, a branch
    /// switch): the session goes on from the newest message under it, since whatever follows
    /// on that branch was appended under it. Empty: the record's last message. Session state
    /// like the title, beside the append-only record (SessionStore::setActiveLeaf()).
    QString activeLeafId;

    qint64 messageCount = 0; ///< Filled in by the store when it lists sessions.

    bool operator==(const SessionInfo &other) const = default;
};

/// A Turn: a user message and everything that follows it until the next user message.
/// Turn numbers start at 1 and are stable: they are assigned when messages are appended.
/// Messages before the first user message (a system prompt) are in turn 0.
struct VALIS_HARNESS_EXPORT TurnInfo
{
    QString sessionId;
    int index = 0;
    qint64 firstSeq = 0;
    qint64 lastSeq = 0;

    /// "T-<index>": the id the context pipeline tags turns with.
    QString id() const { return QStringLiteral("T-") + QString::number(index); }
};

/// A new session id ("s-" followed by 18 base32 characters, time-ordered).
VALIS_HARNESS_EXPORT QString newSessionId();

} // namespace valis
