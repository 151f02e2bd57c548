#pragma once

#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QList>
#include <QSet>
#include <QString>

/// How the OpenAI-compatible API finds the Valis session a request belongs to, and what of the
/// request is new to it. An API client sends its whole history every time; the session keeps the
/// record, so only the messages past what the record already holds are appended.
///
/// The comparison is by "units", one per chat message, with a tool message counted once per
/// result (the record may group results in one message, a client never does): a user message by
/// its text and images, an assistant message by its text and the ids of its calls, a tool result
/// by its call id. Whitespace is not compared (streamed deltas and stored parts join text
/// differently). Record messages a client never saw are left out: context control (compaction
/// events, pins, history choices), recall reminders, and an answer cut off by an interrupt (with
/// the "not run" results of its calls), and the calls of Valis's own tools (`ownTools`) that
/// Valis ran inside a turn, with their results: the answers around them count as the one
/// answer the client got. Results the client sent are marked (ClientResultKey in the Tool
/// message's metadata), so a client tool that shares an own tool's name stays the client's.
/// All functions are pure.
namespace valis::apiserver {

/// The stable key of a conversation: the session key the client named (the `user` field,
/// metadata.session or the X-Session-Id header), else a hash of the system prompt and the first
/// user message. "k-" followed by 32 hex digits either way.
VALIS_HARNESS_EXPORT QString conversationKey(const QString &systemText, const QList<Message> &messages,
                                             const QString &explicitKey = {});

/// The units of a client's messages, in order.
VALIS_HARNESS_EXPORT QStringList clientUnits(const QList<Message> &messages);
/// The units of a session's active path (see above for what is left out).
VALIS_HARNESS_EXPORT QStringList recordUnits(const QList<Message> &activePath, const QSet<QString> &ownTools = {});

/// The metadata key that marks a Tool message as the client's results (true).
inline constexpr QLatin1String ClientResultKey("apiClientResults");

/// What a request adds to a session.
struct VALIS_HARNESS_EXPORT AppendPlan
{
    /// The client's history starts with everything the record shows it: the request continues
    /// this session. False: it diverged (an edited or dropped message), so it is another one.
    bool extends = false;
    qsizetype matchedUnits = 0;
    /// The client's messages past the record, to append (a tool message the record holds in part
    /// carries only the results it lacks).
    QList<Message> newMessages;
};

/// Compares a client's history (without its leading system messages) with a session's active
/// path.
VALIS_HARNESS_EXPORT AppendPlan planAppend(const QList<Message> &activePath, const QList<Message> &clientMessages,
                                           const QSet<QString> &ownTools = {});

} // namespace valis::apiserver
