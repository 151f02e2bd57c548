#pragma once

#include "valis/record/message.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>

#include <optional>

namespace valis::openhands {

/// One event of an OpenHands trajectory whose shape the importer has checked: exactly one of
/// `action` and `observation` is set, and the object fields are objects (empty when absent).
struct Event
{
    qint64 id = 0;
    QString source;
    QString action;
    QString observation;
    std::optional<qint64> cause;
    QDateTime timestamp;
    QJsonObject json;
    QJsonObject args;
    QJsonObject extras;
    QJsonObject toolCallMetadata;
};

/// Turns a trajectory's events, fed in file order, into record messages the way OpenHands'
/// ConversationMemory builds the model's messages:
///   - a tool-calling action adds a ToolCall to the assistant message of the model response
///     that issued it (one message per response id), with the arguments the model sent;
///   - an observation answering such a call (by tool_call_metadata, else by `cause`) becomes a
///     Tool message; one that answers nothing is kept as a System message and counted;
///   - `message`, `finish` and `think` without a call are text; `system` is the system prompt;
///   - a `recall` observation (workspace context, microagent knowledge) is the user message the
///     model was shown, each microagent's knowledge once;
///   - everything else the model never saw is counted in leftOut() and dropped.
/// Every ToolResult it produces pairs with a ToolCall produced before it.
class TrajectoryBuilder
{
public:
    void add(const Event &event);

    const QList<Message> &messages() const { return m_messages; }
    /// Event kinds ("agent_state_changed", "null", ...) that were left out, with counts.
    const QMap<QString, int> &leftOut() const { return m_leftOut; }
    /// Observations kept as System messages because they answer no tool call.
    int unpairedObservations() const { return m_unpaired; }

private:
    void addAction(const Event &event);
    void addObservation(const Event &event);
    void addToolCall(const Event &event);
    void addRecall(const Event &event);
    void addText(const Event &event, Role role, const QString &text);
    Message newMessage(const Event &event, Role role) const;

    QList<Message> m_messages;
    QHash<QString, qsizetype> m_messageByResponse;
    QHash<qint64, QString> m_callByEvent;
    QHash<QString, QString> m_toolByCall;
    QSet<QString> m_answered;
    QSet<QString> m_recalledAgents;
    QMap<QString, int> m_leftOut;
    int m_unpaired = 0;
};

} // namespace valis::openhands
