#include "agent/requestrecorder.h"

#include "valis/plugins/requestbodywriter.h"

#include <algorithm>

namespace valis {

void RequestRecorder::buildStarted(const QList<Message> &path, const QList<Message> &tail, const QSet<QString> &pinnedTools)
{
    m_path = path;
    m_tail = tail;
    m_pinnedTools = pinnedTools;
}

void RequestRecorder::sent(const ContextView &view, const ProviderRequest &sentRequest, const QString &providerId,
                           const ProviderStream *stream)
{
    // The view hash is over the record's form of the messages, before image bytes were loaded.
    ProviderRequest request = sentRequest;
    request.messages = view.messages;
    RequestManifest manifest;
    manifest.provider = providerId;
    manifest.model = request.model;
    if (const std::optional<RequestBodyDigest> digest = requestBodyDigest(stream)) {
        manifest.bodySha256 = digest->sha256;
        manifest.bodyBytes = digest->bytes;
    }
    // Hashing the whole view on every request would cost the session's thread time that grows
    // with the view; the messages a request repeats unchanged keep their hash.
    QStringList messageHashes;
    QHash<QString, QPair<QList<Part>, QString>> hashes;
    for (const Message &message : request.messages) {
        const auto known = m_messageHashes.constFind(message.id);
        const QString hash = known != m_messageHashes.cend() && !message.id.isEmpty() && known->first.isSharedWith(message.parts)
                                 ? known->second
                                 : viewMessageSha256(message);
        messageHashes.append(hash);
        manifest.messageDigests += hash.left(8);
        if (!message.id.isEmpty())
            hashes.insert(message.id, {message.parts, hash});
    }
    m_messageHashes = hashes;
    manifest.viewSha256 = requestViewSha256(request, messageHashes);
    manifest.lastMessageId = m_path.isEmpty() ? QString() : m_path.constLast().id;
    for (const CompactionEvent &event : view.compactions)
        manifest.compactions.append(event.id);
    // The view is the rebuilt history, then the pinned reminder, the boards and the tail
    // (ContextPipeline::build()); only the history is in the record.
    const bool reminder = pinnedResultReminder(m_path, m_pinnedTools).has_value();
    const int appended = (reminder ? 1 : 0) + view.boardMessages + int(m_tail.size());
    manifest.baseMessages = int(qMax<qsizetype>(0, view.messages.size() - appended));
    for (qsizetype i = manifest.baseMessages; i < view.messages.size(); ++i) {
        manifest.appended.append(view.messages.at(i));
        const qsizetype at = i - manifest.baseMessages;
        const bool board = at >= (reminder ? 1 : 0) && at < (reminder ? 1 : 0) + view.boardMessages;
        manifest.appendedOrigins.append(board ? QStringLiteral("board") : QStringLiteral("reminder"));
    }
    QStringList pinned(m_pinnedTools.cbegin(), m_pinnedTools.cend());
    std::sort(pinned.begin(), pinned.end());
    manifest.pinnedTools = pinned;
    manifest.options = request.options;
    manifest.maxOutputTokens = request.maxOutputTokens;
    manifest.stableHistoryEnd = request.stableHistoryEnd;
    manifest.cacheKey = request.cacheKey;
    m_system = systemPromptContent(request.system);
    m_tools = request.tools;
    manifest.systemSha256 = contentSha256(m_system);
    manifest.toolsSha256 = contentSha256(m_tools);
    m_manifest = manifest;
}

std::optional<RequestManifest> RequestRecorder::take(const QList<Message> &path)
{
    std::optional<RequestManifest> manifest = std::exchange(m_manifest, std::nullopt);
    if (!manifest)
        return std::nullopt;
    bool haveSystem = false;
    bool haveTools = false;
    // Stored once per branch: a later inspection finds the content on the path it rebuilds.
    for (auto it = path.crbegin(); it != path.crend() && !(haveSystem && haveTools); ++it) {
        if (it->role != Role::Assistant)
            continue;
        const QJsonObject content = it->metadata.value(RequestManifest::metadataKey()).toObject().value(QLatin1String("content")).toObject();
        haveSystem = haveSystem || content.contains(manifest->systemSha256);
        haveTools = haveTools || content.contains(manifest->toolsSha256);
    }
    if (!haveSystem)
        manifest->content.insert(manifest->systemSha256, QJsonObject{{QStringLiteral("kind"), QStringLiteral("system")},
                                                                     {QStringLiteral("value"), m_system}});
    if (!haveTools)
        manifest->content.insert(manifest->toolsSha256, QJsonObject{{QStringLiteral("kind"), QStringLiteral("tools")},
                                                                    {QStringLiteral("value"), m_tools}});
    return manifest;
}

} // namespace valis
