#pragma once

#include "valis/agent/contextpipeline.h"
#include "valis/context/requestmanifest.h"
#include "valis/plugins/provider.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

#include <optional>

namespace valis {

class ProviderStream;

/// Writes the RequestManifest of each model request an AgentLoop sends (turn-scoped state of
/// the loop): what the view was built from when the build starts, the view, request and body
/// digest when it goes out, and the manifest for the answer message that the request produced.
class RequestRecorder
{
public:
    /// The build of a request's view starts from `path` with `tail` appended.
    void buildStarted(const QList<Message> &path, const QList<Message> &tail, const QSet<QString> &pinnedTools);
    /// The request built from `view` went out as `request` on `stream`, whose transport may have
    /// hashed the body.
    void sent(const ContextView &view, const ProviderRequest &request, const QString &providerId,
              const ProviderStream *stream);
    /// The manifest of the last request sent, for its answer, with the system prompt and tool
    /// definitions stored when no manifest of `path` holds them yet; nullopt when none was sent.
    std::optional<RequestManifest> take(const QList<Message> &path);

private:
    QList<Message> m_path;
    QList<Message> m_tail;
    QSet<QString> m_pinnedTools;
    std::optional<RequestManifest> m_manifest;
    QJsonValue m_system;
    QJsonArray m_tools;
    /// The last view's message hashes by id, with the parts they were computed from: a message
    /// whose parts are still shared with those (untouched since) is not hashed again.
    QHash<QString, QPair<QList<Part>, QString>> m_messageHashes;
};

} // namespace valis
