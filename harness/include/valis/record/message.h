#pragma once

#include "valis/harness_export.h"
#include "valis/record/part.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace valis {

/// Who speaks. Anthropic's user messages that only carry tool results become Tool messages;
/// OpenAI's `developer` role is a System message with the wire hint kept.
enum class Role { System, User, Assistant, Tool };

VALIS_HARNESS_EXPORT QString roleName(Role role);
/// Returns false when `name` is not a role this build knows.
VALIS_HARNESS_EXPORT bool roleFromName(QStringView name, Role *role);

/// Token usage a provider reported for the request that produced a message; -1 means "not
/// reported", which is different from 0.
struct VALIS_HARNESS_EXPORT Usage
{
    qint64 inputTokens = -1;
    qint64 outputTokens = -1;
    qint64 cacheWriteTokens = -1;
    qint64 cacheReadTokens = -1;

    bool isEmpty() const
    {
        return inputTokens < 0 && outputTokens < 0 && cacheWriteTokens < 0 && cacheReadTokens < 0;
    }
    bool operator==(const Usage &other) const = default;

    /// Usage as providers that count cached tokens inside the prompt report it (OpenAI's
    /// prompt_tokens, LiteLLM, Codex, Aider's "sent"): the record's inputTokens are the uncached
    /// ones (Anthropic's convention), so the cached counts are taken out of `promptTokens`.
    static Usage fromInclusivePrompt(qint64 promptTokens, qint64 outputTokens, qint64 cacheWriteTokens,
                                     qint64 cacheReadTokens)
    {
        Usage usage;
        usage.inputTokens = promptTokens < 0 ? -1
                                             : qMax<qint64>(0, promptTokens - qMax<qint64>(cacheWriteTokens, 0)
                                                                   - qMax<qint64>(cacheReadTokens, 0));
        usage.outputTokens = outputTokens;
        usage.cacheWriteTokens = cacheWriteTokens;
        usage.cacheReadTokens = cacheReadTokens;
        return usage;
    }
};

/// The parentId of a message that starts the conversation anew although it is not the first of
/// the record: the first message, edited and sent again. An empty parentId cannot say that (it
/// means "the previous message"), and no source's message id looks like this.
inline constexpr QLatin1String NoParentId("valis:no-parent");

/// One message of the canonical record.
///
/// `id` is stable for the life of the record: generated for new messages (newMessageId()),
/// taken from the source for imported ones, unique within its session. `parentId` names the
/// message this one answers or follows when a conversation branches (edit-and-resend, Claude
/// Code's parentUuid tree); empty means "the previous message", and NoParentId "none" (see
/// BranchIndex for how the tree is read). `seq` and `turn` are assigned by the SessionStore when
/// the message is appended and are -1 before that.
class VALIS_HARNESS_EXPORT Message
{
public:
    QString id;
    QString parentId;
    Role role = Role::User;
    QList<Part> parts;
    QDateTime createdAt;
    QString model;
    QString stopReason;
    Usage usage;
    QJsonObject metadata; ///< Source facts the record keeps (flags, markers, cwd, source ids).
    QJsonObject wire;     ///< Format-specific message-level extras, keyed by format name.

    qint64 seq = -1;
    int turn = -1;

    /// The concatenated Text parts, separated by blank lines.
    QString text() const;
    /// True when this message opens a new Turn: a user message that is not a tool result, nor
    /// the reminder the recall step adds to a turn (metadata "recall", see recallMessage()), nor
    /// the report of background agents that ended (metadata "backgroundAgents").
    bool startsTurn() const;
    /// The number of parts of the given kind, counting parts nested in tool results.
    int countParts(PartKind kind) const;

    bool operator==(const Message &other) const;
    bool operator!=(const Message &other) const { return !(*this == other); }
};

/// A new, time-ordered message id ("m-" followed by 18 base32 characters).
VALIS_HARNESS_EXPORT QString newMessageId();

} // namespace valis
