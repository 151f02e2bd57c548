#pragma once

// One request's turn through a Session, as the API endpoints need it: text as it streams, the
// answer's messages, the usage of its requests, and how it ended.
#include "valis/agent/sessionevent.h"

#include <QObject>
#include <QPointer>

#include <functional>

namespace valis {

class Session;

namespace apiserver {

/// How a served turn ended, with what the client gets.
struct TurnOutcome
{
    QString reason;             ///< TurnFinished's reason ("answered", "client-tools", "max-tokens", ...)
    QList<Message> answers;     ///< the assistant messages the turn recorded, in order
    Usage usage;                ///< summed over the turn's requests
    Error error;                ///< the last Error event (empty code: none)
    QString errorCategory;      ///< its failure category ("rate-limited", ...)
};

/// Listens to `session` from construction until its TurnFinished; calls `onText` with each text
/// delta, `onToolCall` with each ToolCallStarted and ToolCallArgumentsDelta event, and
/// `onFinished` once. Deleting it stops listening.
class ApiTurn : public QObject
{
    Q_OBJECT

public:
    ApiTurn(Session *session, std::function<void(const QString &)> onText,
            std::function<void(const TurnOutcome &)> onFinished, QObject *parent = nullptr,
            std::function<void(const SessionEvent &)> onToolCall = {});

private:
    void onEvent(const SessionEvent &event);

    QPointer<Session> m_session;
    std::function<void(const QString &)> m_onText;
    std::function<void(const TurnOutcome &)> m_onFinished;
    std::function<void(const SessionEvent &)> m_onToolCall;
    TurnOutcome m_outcome;
    bool m_done = false;
};

/// The HTTP status, OpenAI error type and code for a failed turn.
struct HttpFailure
{
    int status = 500;
    QString type;
    QString code;
};
HttpFailure failureFor(const TurnOutcome &outcome);

/// {"error": {"message", "type", "code", "param": null}}.
QJsonObject errorBody(const QString &message, const QString &type, const QString &code);

} // namespace apiserver
} // namespace valis
