#pragma once

#include "valis/plugins/providerevent.h"
#include "valis/record/message.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>

namespace valis {

/// Builds the assistant Message of one streamed answer from its ProviderEvents, and keeps
/// what the agent loop needs to judge it: which tool calls completed, the merged usage, the
/// stop reason. When the provider's Stopped event carries the assembled parts, those are the
/// message (they keep the wire extras); otherwise the deltas are.
class StreamAssembler
{
public:
    void add(const ProviderEvent &event);

    /// True once any text, thinking or tool call arrived: the answer has begun.
    bool hasContent() const { return m_hasContent; }
    bool isStopped() const { return m_stopped; }
    QString stopReason() const { return m_stopReason; }
    Usage usage() const { return m_usage; }
    QString text() const;

    /// The answer as a message of the record. `interrupted` marks a message whose stream ended
    /// before its end (metadata "interrupted": true); calls that did not finish are listed in
    /// metadata "incompleteCalls" and are never run.
    Message message(bool interrupted) const;
    /// The tool calls the stream finished, in the order the model made them (their arguments
    /// may still be invalid JSON: the orchestrator answers those with an error).
    QList<Part> completeCalls() const;
    QStringList incompleteCallIds() const;
    /// What the provider reported it edited on its side (ProviderEvent::ContextEdited details).
    QList<QJsonObject> contextEdits() const { return m_contextEdits; }

private:
    Part &openPart(PartKind kind);
    /// The answer's parts: the provider's own assembly when it gave one, else the deltas'.
    const QList<Part> &answerParts() const { return m_finalParts.isEmpty() ? m_parts : m_finalParts; }

    QList<Part> m_parts;
    QList<Part> m_finalParts;
    QHash<QString, qsizetype> m_callIndex;
    QSet<QString> m_finishedCalls;
    qsizetype m_open = -1; ///< index of the text or thinking part deltas append to
    QString m_stopReason;
    Usage m_usage;
    QList<QJsonObject> m_contextEdits;
    bool m_stopped = false;
    bool m_hasContent = false;
};

} // namespace valis
