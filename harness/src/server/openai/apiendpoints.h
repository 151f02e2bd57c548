#pragma once

// What the endpoints of the OpenAI-compatible API share: the start of a served turn, errors in
// OpenAI's shape, and ids.
#include "server/openai/apiconversations.h"
#include "server/openai/apiturn.h"

#include "valis/server/httpserver.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QPointer>
#include <QSet>

namespace valis::apiserver {

/// One request of a conversation, read from its body.
struct TurnRequest
{
    ApiProfile profile;
    QString requestedModel;      ///< the `model` as the client wrote it (echoed back)
    QString key;                 ///< the conversation key
    QString system;              ///< the client's system prompt
    QList<Message> messages;     ///< the client's history without its system messages
    QJsonArray clientTools;      ///< {name, description, input_schema}
    bool stream = false;
    QJsonObject sampling;        ///< temperature, top_p, stop, seed as the upstream provider names them
    qint64 maxOutputTokens = -1; ///< the client's limit; -1: the profile's
};

/// Reads the sampling parameters of `body` into `request` (`maxTokenFields`: the names of the
/// output limit, first found wins), keeping those the profile's provider accepts. False (and
/// `error` set) when one has the wrong type.
bool readSampling(const QJsonObject &body, const QStringList &maxTokenFields, TurnRequest *request, QString *error);

void respondError(HttpResponder *responder, int status, const QString &message, const QString &type, const QString &code);
/// An error answer to a started stream, as an SSE event, then the end.
void streamError(HttpResponder *responder, const QByteArray &eventName, int status, const QString &message,
                 const QString &type, const QString &code);

/// Finds the request's session, offers it the client's tools, appends what is new and starts the
/// turn; the ApiTurn made with `onText` / `onFinished` hears it. A client that goes away
/// interrupts the turn. On failure answers `responder` and returns nullptr.
Session *startTurn(ApiConversations &conversations, const TurnRequest &request, HttpResponder *responder,
                   std::function<void(const QString &)> onText, std::function<void(const TurnOutcome &)> onFinished,
                   std::function<void(const SessionEvent &)> onToolCall = {});
/// The names of `clientTools` ({name, ...}).
QSet<QString> toolNames(const QJsonArray &clientTools);

/// "<prefix><24 random hex digits>".
QString randomId(const QString &prefix);
/// The text of an answer as it was streamed (its Text parts).
QString answerText(const QList<Message> &answers);
/// The calls of the turn's last answer to the client's tools (`clientTools`, {name, ...}).
QList<Part> answerCalls(const QList<Message> &answers, const QJsonArray &clientTools);
/// A message's plain text (its Text parts joined), for system prompts.
QString plainText(const Message &message);

/// Answers POST /v1/chat/completions and POST /v1/responses (`body` is a JSON object).
void serveChatCompletions(ApiConversations &conversations, const QJsonObject &body, const TurnRequest &base,
                          HttpResponder *responder);
void serveResponses(ApiConversations &conversations, const QJsonObject &body, const TurnRequest &base,
                    HttpResponder *responder);

} // namespace valis::apiserver
