#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"
#include "valis/record/session.h"

#include <QList>
#include <QString>

namespace valis {

class SessionStore;

/// What a fork of a session is made from.
struct VALIS_HARNESS_EXPORT ForkRequest
{
    QString parentSessionId;
    /// The fork starts from the parent's conversation up to and including this message (the
    /// path to it, whichever branch it is on).
    QString atMessageId;
    /// The fork's history strategy ("regular", "gradient", "oneshot"); empty: the parent's.
    QString historyStrategy;
    /// The fork's first request, when it is known now (kept in the fork's metadata).
    QString prompt;
    /// Empty: "Fork of <the parent's title>".
    QString title;
};

/// Creates a fork: a new session linked to its parent like a subagent (parentSessionId,
/// parentMessageId = the message forked at; metadata {"fork": {"at", "history", "prompt"}}),
/// whose record starts with a copy of the parent's messages on the path to the message forked
/// at (same ids and turns, one linear path, without the parent's usage so costs are not counted
/// twice) followed by the fork's history-strategy entry. The parent's record is not touched.
/// Errors: "store.no-session", "fork.no-message" (not in the parent, or a record entry rather
/// than a message), the store's own.
VALIS_HARNESS_EXPORT Result<SessionInfo> createFork(SessionStore *store, const ForkRequest &request);

/// Whether `info` is a fork (its metadata says so).
VALIS_HARNESS_EXPORT bool isFork(const SessionInfo &info);

/// The report of a fork's result to its parent: a user message (metadata
/// valis.forkReport {session, title, reason}) holding the fork's final answer, its session id and
/// title, so the parent's next turn reads it.
VALIS_HARNESS_EXPORT Message forkReportMessage(const SessionInfo &fork, const QString &answer, const QString &reason);
/// The fork report `message` holds ({session, title, reason}); empty when it is none.
VALIS_HARNESS_EXPORT QJsonObject forkReportOf(const Message &message);

/// Appends `report` to the stored record of a parent no Session holds open, at the end of the
/// branch it shows (Session::receiveForkReport() is the way when one does).
VALIS_HARNESS_EXPORT Result<Message> appendForkReport(SessionStore *store, const QString &parentSessionId, Message report);

/// The text of the last assistant message of turn `turn` in `record`; empty when it has none.
VALIS_HARNESS_EXPORT QString turnAnswer(const QList<Message> &record, int turn);

} // namespace valis
