#include "server/openai/apiturn.h"

#include "valis/agent/session.h"

namespace valis::apiserver {

namespace {
qint64 add(qint64 total, qint64 value)
{
    if (value < 0)
        return total;
    return qMax<qint64>(total, 0) + value;
}
} // namespace

ApiTurn::ApiTurn(Session *session, std::function<void(const QString &)> onText,
                 std::function<void(const TurnOutcome &)> onFinished, QObject *parent,
                 std::function<void(const SessionEvent &)> onToolCall)
    : QObject(parent), m_session(session), m_onText(std::move(onText)), m_onFinished(std::move(onFinished)),
      m_onToolCall(std::move(onToolCall))
{
    connect(session, &Session::eventOccurred, this, &ApiTurn::onEvent);
}

void ApiTurn::onEvent(const SessionEvent &event)
{
    if (m_done)
        return;
    switch (event.kind) {
    case SessionEvent::Kind::TextDelta:
        if (m_onText)
            m_onText(event.text);
        break;
    case SessionEvent::Kind::ToolCallStarted:
    case SessionEvent::Kind::ToolCallArgumentsDelta:
        if (m_onToolCall)
            m_onToolCall(event);
        break;
    case SessionEvent::Kind::MessageAppended:
        if (event.message.role == Role::Assistant)
            m_outcome.answers.append(event.message);
        break;
    case SessionEvent::Kind::UsageReported:
        // A compaction the provider ran on its side is billed too, but it is not this answer.
        if (event.details.value(QLatin1String("purpose")).toString().isEmpty()) {
            m_outcome.usage.inputTokens = add(m_outcome.usage.inputTokens, event.usage.inputTokens);
            m_outcome.usage.outputTokens = add(m_outcome.usage.outputTokens, event.usage.outputTokens);
            m_outcome.usage.cacheReadTokens = add(m_outcome.usage.cacheReadTokens, event.usage.cacheReadTokens);
            m_outcome.usage.cacheWriteTokens = add(m_outcome.usage.cacheWriteTokens, event.usage.cacheWriteTokens);
        }
        break;
    case SessionEvent::Kind::Error:
        m_outcome.error = event.error;
        m_outcome.errorCategory = event.details.value(QLatin1String("category")).toString();
        break;
    case SessionEvent::Kind::TurnFinished: {
        m_done = true;
        m_outcome.reason = event.text;
        disconnect(m_session, nullptr, this, nullptr);
        const auto finished = m_onFinished;
        const TurnOutcome outcome = m_outcome;
        if (finished)
            finished(outcome);
        break;
    }
    default:
        break;
    }
}

HttpFailure failureFor(const TurnOutcome &outcome)
{
    const QString &category = outcome.errorCategory;
    if (outcome.reason == QLatin1String("context-overflow") || category == QLatin1String("context-overflow"))
        return {400, QStringLiteral("invalid_request_error"), QStringLiteral("context_length_exceeded")};
    if (category == QLatin1String("rate-limited"))
        return {429, QStringLiteral("rate_limit_error"), QStringLiteral("rate_limit_exceeded")};
    if (category == QLatin1String("overloaded"))
        return {503, QStringLiteral("server_error"), QStringLiteral("overloaded")};
    if (category == QLatin1String("invalid-request"))
        return {400, QStringLiteral("invalid_request_error"), QStringLiteral("upstream_invalid_request")};
    if (category == QLatin1String("timeout"))
        return {504, QStringLiteral("server_error"), QStringLiteral("upstream_timeout")};
    if (category == QLatin1String("auth"))
        return {502, QStringLiteral("server_error"), QStringLiteral("upstream_auth")};
    if (outcome.reason == QLatin1String("step-limit") || outcome.reason == QLatin1String("budget-limit"))
        return {500, QStringLiteral("server_error"), outcome.reason};
    return {502, QStringLiteral("server_error"), QStringLiteral("upstream_error")};
}

QJsonObject errorBody(const QString &message, const QString &type, const QString &code)
{
    return {{QStringLiteral("error"), QJsonObject{{QStringLiteral("message"), message},
                                                  {QStringLiteral("type"), type},
                                                  {QStringLiteral("code"), code.isEmpty() ? QJsonValue() : QJsonValue(code)},
                                                  {QStringLiteral("param"), QJsonValue()}}}};
}

} // namespace valis::apiserver
