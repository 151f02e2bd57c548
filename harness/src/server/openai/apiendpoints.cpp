#include "server/openai/apiendpoints.h"

#include "valis/agent/session.h"
#include "valis/memory/resultcapture.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSet>

namespace valis::apiserver {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::OpenAiApiServer)
};
/// The client's tool results among `messages`, named after the calls they answer, with the
/// scope their capture has.
void collectClientResults(Session *session, QList<Message> *messages, QList<Part> *calls, QList<Part> *results,
                          CaptureScope *scope)
{
    QHash<QString, Part> callsById;
    for (const Message &message : session->activePath()) {
        if (message.role != Role::Assistant)
            continue;
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolCall)
                callsById.insert(part.callId, part);
        }
    }
    for (Message &message : *messages) {
        if (message.role != Role::Tool)
            continue;
        for (Part &part : message.parts) {
            if (part.kind != PartKind::ToolResult || !callsById.contains(part.callId))
                continue;
            const Part &call = callsById.value(part.callId);
            if (part.toolName.isEmpty())
                part.toolName = call.toolName; // OpenAI's tool messages do not name the tool
            calls->append(call);
            results->append(part);
        }
    }
    scope->agentId = session->config().agentId;
    scope->sessionId = session->id();
    if (!session->activePath().isEmpty())
        scope->turn = session->activePath().constLast().turn;
}
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
                   std::function<void(const QString &)> onText, std::function<void(const TurnOutcome &)> onFinished,
                   std::function<void(const SessionEvent &)> onToolCall)
{
    const Result<ApiConversations::Match> match = conversations.find(request.profile, request.key, request.system, request.messages);
    if (match.hasError()) {
        respondError(responder, 500, match.error().message, QStringLiteral("server_error"), match.error().code);
        return nullptr;
    }
    Session *session = match->session;
    if (session->isBusy() || conversations.isPreparing(session)) {
        respondError(responder, 409, Text::tr("this conversation is answering another request; send the next one when it is done"),
                     QStringLiteral("invalid_request_error"), QStringLiteral("conversation_busy"));
        return nullptr;
    }
    Result<void> tools = session->setClientTools(request.clientTools);
    if (tools.ok())
        tools = session->setTurnOptions(request.sampling, request.maxOutputTokens);
    if (tools.hasError()) {
        respondError(responder, 409, tools.error().message, QStringLiteral("invalid_request_error"), QStringLiteral("conversation_busy"));
        return nullptr;
    }
    // Heard from the first event on, so nothing of the turn is missed; owned by the responder,
    // so it goes when the answer is done.
    auto *turn = new ApiTurn(session, std::move(onText), std::move(onFinished), responder, std::move(onToolCall));
    QPointer<Session> guarded(session);
    QObject::connect(responder, &HttpResponder::clientDisconnected, session, [guarded] {
        if (guarded)
            guarded->interrupt();
    });
    QList<Message> newMessages = match->newMessages;
    QList<Part> calls;
    QList<Part> results;
    CaptureScope scope;
    ResultCapture *capture = session->resultCapture();
    if (capture)
        collectClientResults(session, &newMessages, &calls, &results, &scope);
    bool any = false;
    for (const Part &result : std::as_const(results))
        any = any || capture->wouldCapture(result, scope);
    if (!any) {
        const Result<void> started = session->continueWith(newMessages);
        if (started.hasError()) {
            delete turn;
            respondError(responder, 400, started.error().message, QStringLiteral("invalid_request_error"), started.error().code);
            return nullptr;
        }
        return session;
    }
    // The client's large results go upstream as MemoryRefs, as Valis's own do; stored on a
    // worker thread, and the conversation counts as busy meanwhile.
    conversations.setPreparing(session, true);
    QPointer<ApiTurn> guardedTurn(turn);
    QPointer<HttpResponder> guardedResponder(responder);
    ApiConversations *owner = &conversations;
    capture->capture(calls, results, scope,
                     [owner, guarded, guardedTurn, guardedResponder, newMessages](QList<Part> captured, QList<Error> warnings) mutable {
                         if (!guarded)
                             return;
                         owner->setPreparing(guarded, false);
                         // A result that could not be stored goes upstream as it came; the
                         // person running the server hears why.
                         for (const Error &warning : std::as_const(warnings))
                             owner->reportWarning(guarded, warning);
                         QHash<QString, Part> byCall;
                         for (const Part &result : std::as_const(captured))
                             byCall.insert(result.callId, result);
                         for (Message &message : newMessages) {
                             if (message.role != Role::Tool)
                                 continue;
                             for (Part &part : message.parts) {
                                 if (part.kind == PartKind::ToolResult && byCall.contains(part.callId))
                                     part = byCall.value(part.callId);
                             }
                         }
                         const Result<void> started = guarded->continueWith(newMessages);
                         if (started.hasError()) {
                             delete guardedTurn.data();
                             respondError(guardedResponder, 400, started.error().message, QStringLiteral("invalid_request_error"),
                                          started.error().code);
                         }
                     });
    return session;
}

bool readSampling(const QJsonObject &body, const QStringList &maxTokenFields, TurnRequest *request, QString *error)
{
    // Each wire's own names; a field its API refuses is left out (Anthropic has no seed, the
    // Responses API neither stop nor seed).
    const QString &provider = request->profile.provider;
    const bool anthropic = provider == QLatin1String("anthropic");
    const bool responses = provider == QLatin1String("openai-responses");
    const auto number = [&](const char *name) -> bool {
        const QJsonValue value = body.value(QLatin1String(name));
        if (value.isUndefined() || value.isNull())
            return true;
        if (!value.isDouble()) {
            *error = Text::tr("\"%1\" must be a number").arg(QLatin1String(name));
            return false;
        }
        if (qstrcmp(name, "seed") == 0 && (anthropic || responses))
            return true;
        request->sampling.insert(QLatin1String(name), value);
        return true;
    };
    if (!number("temperature") || !number("top_p") || !number("seed"))
        return false;
    const QJsonValue stop = body.value(QLatin1String("stop"));
    if (!stop.isUndefined() && !stop.isNull()) {
        if (!stop.isString() && !stop.isArray()) {
            *error = Text::tr("\"stop\" must be a string or an array of strings");
            return false;
        }
        if (anthropic)
            request->sampling.insert(QStringLiteral("stop_sequences"), stop.isString() ? QJsonArray{stop} : stop.toArray());
        else if (!responses)
            request->sampling.insert(QStringLiteral("stop"), stop);
    }
    for (const QString &field : maxTokenFields) {
        const QJsonValue value = body.value(field);
        if (value.isUndefined() || value.isNull())
            continue;
        if (!value.isDouble() || value.toDouble() < 1) {
            *error = Text::tr("\"%1\" must be a positive number").arg(field);
            return false;
        }
        request->maxOutputTokens = qint64(value.toDouble());
        break;
    }
    return true;
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

QList<Part> answerCalls(const QList<Message> &answers, const QJsonArray &clientTools)
{
    QList<Part> calls;
    if (answers.isEmpty())
        return calls;
    const QSet<QString> names = toolNames(clientTools);
    // Calls of Valis's own tools ran inside the turn: they are not the client's to see.
    for (const Part &part : answers.constLast().parts) {
        if (part.kind == PartKind::ToolCall && names.contains(part.toolName))
            calls.append(part);
    }
    return calls;
}

QSet<QString> toolNames(const QJsonArray &clientTools)
{
    QSet<QString> names;
    for (const QJsonValue &tool : clientTools)
        names.insert(tool.toObject().value(QLatin1String("name")).toString());
    return names;
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
