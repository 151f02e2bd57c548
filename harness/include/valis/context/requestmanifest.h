#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/provider.h"
#include "valis/record/message.h"

#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

namespace valis {

/// What a Valis model request leaves on its answer's record message (metadata "request"), so the
/// request can be rebuilt from the record and checked: everything the record cannot give back.
///
/// The history part of the view is rebuilt from the record prefix through `lastMessageId` plus
/// the CompactionEvents this request's build recorded (`compactions`); the messages appended
/// after it (the pinned reminder, the strategies' boards, the tail reminders) are kept verbatim
/// in `appended`. The system prompt and the tool definitions are named by SHA-256; their
/// content is stored once per session branch, in `content` of the first manifest that used it.
struct VALIS_HARNESS_EXPORT RequestManifest
{
    /// The metadata key of the answer message.
    static QString metadataKey();

    int version = 1;
    QString provider;            ///< the Provider id that sent it
    QString model;
    QString bodySha256;          ///< hex SHA-256 of the body as sent; empty when the transport did not hash
    qint64 bodyBytes = -1;
    QString viewSha256;          ///< see requestViewSha256()
    QString lastMessageId;       ///< the last active-path message the view was built from
    QStringList compactions;     ///< ids of the CompactionEvents this request's build recorded
    int baseMessages = 0;        ///< view messages rebuilt from the record
    QList<Message> appended = {}; ///< the messages after them, verbatim
    QStringList appendedOrigins = {}; ///< per appended message: "reminder" | "board"
    /// 8 hex digits of the SHA-256 of each view message's canonical form, concatenated: where a
    /// rebuilt view differs, this names the first message that does.
    QString messageDigests;
    QStringList pinnedTools = {};
    QJsonObject options = {};
    qint64 maxOutputTokens = -1;
    int stableHistoryEnd = -1;
    QString cacheKey;
    QString systemSha256;
    QString toolsSha256;
    /// sha256 -> {"kind": "system" | "tools", "value": the content}; only content no earlier
    /// manifest of the branch stored.
    QJsonObject content = {};

    QJsonObject toJson() const;
    static Result<RequestManifest> fromJson(const QJsonObject &json);
    /// The manifest `message` carries, or nullopt when it carries none.
    static std::optional<Result<RequestManifest>> fromMessage(const Message &message);
};

/// Hex SHA-256 of one view message's canonical form: its id, role and parts as the record
/// serialises them (before image bytes are loaded).
VALIS_HARNESS_EXPORT QString viewMessageSha256(const Message &message);
/// The provider-independent canonical form of a request (never the endpoint or key): model,
/// system, tools, the messages by viewMessageSha256() (given in `messageSha256s`, one per
/// message, or computed when empty), options, maxOutputTokens, stableHistoryEnd.
VALIS_HARNESS_EXPORT QJsonObject canonicalRequestView(const ProviderRequest &request, const QStringList &messageSha256s = {});
/// Hex SHA-256 of the compact JSON of canonicalRequestView().
VALIS_HARNESS_EXPORT QString requestViewSha256(const ProviderRequest &request, const QStringList &messageSha256s = {});
/// The 8 hex digits RequestManifest::messageDigests keeps for one view message (the start of
/// its viewMessageSha256()).
VALIS_HARNESS_EXPORT QString viewMessageDigest(const Message &message);
/// The stored forms of the system prompt and the tool definitions, and their hashes.
VALIS_HARNESS_EXPORT QJsonValue systemPromptContent(const Message &system);
VALIS_HARNESS_EXPORT Result<Message> systemPromptFromContent(const QJsonValue &content);
VALIS_HARNESS_EXPORT QString contentSha256(const QJsonValue &content);

} // namespace valis
