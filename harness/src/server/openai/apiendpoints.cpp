#include "server/openai/apiendpoints.h"

#include "valis/agent/session.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QRandomGenerator>

namespace valis::apiserver {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::OpenAiApiServer)
};
} // namespace

void respondError(HttpResponder *responder, int status, const QString &message, const QString &type, const QString &code)
{
    if (!responder || responder->isFinished() || responder->isClientGone())
        return;
    if (responder->isStarted()) {
        streamError(responder, {}, status, message, type, code);
        return;
    }
    responder->respondJson(status, errorBody(message, type, code));
}

void streamError(HttpResponder *responder, const QByteArray &eventName, int status, const QString &message,
                 const QString &type, const QString &code)
{
    QJsonObject body = errorBody(message, type, code);
    QJsonObject error = body.value(QLatin1String("error")).toObject();
    error.insert(QStringLiteral("status"), status);
    body.insert(QStringLiteral("error"), error);
    QByteArray event;
    if (!eventName.isEmpty()) {
        body.insert(QStringLiteral("type"), QString::fromLatin1(eventName));
        event = "event: " + eventName + "\n";
    }
    responder->write(event + "data: " + QJsonDocument(body).toJson(QJsonDocument::Compact) + "\n\n");
    responder->end();
}

Session *startTurn(ApiConversations &conversations, const TurnRequest &request, HttpResponder *responder,
                   std::function<void(const QString &)> onText, std::function<void(const TurnOutcome &)> onFinished)
{
    const Result<ApiConversations::Match> match = conversations.find(request.profile, request.key, request.system, request.messages);
    if (match.hasError()) {
        respondError(responder, 500, match.error().message, QStringLiteral("server_error"), match.error().code);
        return nullptr;
    }
    Session *session = match->session;
    if (session->isBusy()) {
        respondError(responder, 409, Text::tr("this conversation is answering another request; send the next one when it is done"),
                     QStringLiteral("invalid_request_error"), QStringLiteral("conversation_busy"));
        return nullptr;
    }
    const Result<void> tools = session->setClientTools(request.clientTools);
    if (tools.hasError()) {
        respondError(responder, 409, tools.error().message, QStringLiteral("invalid_request_error"), QStringLiteral("conversation_busy"));
        return nullptr;
    }
    // Heard from the first event on, so nothing of the turn is missed; owned by the responder,
    // so it goes when the answer is done.
    auto *turn = new ApiTurn(session, std::move(onText), std::move(onFinished), responder);
    QPointer<Session> guarded(session);
    QObject::connect(responder, &HttpResponder::clientDisconnected, session, [guarded] {
        if (guarded)
            guarded->interrupt();
    });
    const Result<void> started = session->continueWith(match->newMessages);
    if (started.hasError()) {
        delete turn;
        respondError(responder, 400, started.error().message, QStringLiteral("invalid_request_error"), started.error().code);
        return nullptr;
    }
    return session;
}

QString randomId(const QString &prefix)
{
    QString id = prefix;
    for (int i = 0; i < 3; ++i)
        id += QString::number(QRandomGenerator::global()->generate(), 16).rightJustified(8, QLatin1Char('0'));
    return id;
}

QString answerText(const QList<Message> &answers)
{
    QString text;
    for (const Message &answer : answers) {
        for (const Part &part : answer.parts) {
            if (part.kind == PartKind::Text)
                text += part.text;
        }
    }
    return text;
}

QList<Part> answerCalls(const QList<Message> &answers)
{
    QList<Part> calls;
    if (answers.isEmpty())
        return calls;
    for (const Part &part : answers.constLast().parts) {
        if (part.kind == PartKind::ToolCall)
            calls.append(part);
    }
    return calls;
}

QString plainText(const Message &message)
{
    QStringList texts;
    for (const Part &part : message.parts) {
        if (part.kind == PartKind::Text)
            texts.append(part.text);
    }
    return texts.join(QLatin1Char('\n'));
}

} // namespace valis::apiserver
