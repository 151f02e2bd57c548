#include "valis/agent/failureclassifier.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::FailureClassifier)
};

using Kind = ProviderFailure::Kind;

bool typeIs(const ProviderFailure &failure, std::initializer_list<const char *> types)
{
    for (const char *type : types) {
        if (failure.errorType.compare(QLatin1String(type), Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

// Providers word "your prompt does not fit" in many ways, and some (Ollama, llama.cpp, vLLM)
// only in the message. This list is the one place that knows them.
bool isContextOverflow(const ProviderFailure &failure)
{
    if (typeIs(failure, {"context_length_exceeded", "model_context_window_exceeded", "request_too_large"}))
        return true;
    if (failure.kind == Kind::Http && failure.httpStatus == 413)
        return true;
    static const QRegularExpression pattern(
        QStringLiteral("prompt is too long|context[ _-]?length|context window|maximum context|"
                       "exceeds? the (available )?context|too many tokens|input is too long|"
                       "reduce the length of the messages|context size"),
        QRegularExpression::CaseInsensitiveOption);
    const bool clientError = failure.kind == Kind::Http && failure.httpStatus >= 400 && failure.httpStatus < 500;
    return (clientError || failure.kind == Kind::StreamError) && pattern.match(failure.message).hasMatch();
}

// "HTTP 429: rate limit reached" / "overloaded_error: Overloaded" / "".
QString detail(const ProviderFailure &failure)
{
    QString head;
    if (failure.kind == Kind::Http)
        head = QStringLiteral("HTTP %1").arg(failure.httpStatus);
    else if (!failure.errorType.isEmpty())
        head = failure.errorType;
    const QString message = failure.message.left(400);
    if (head.isEmpty())
        return message;
    return message.isEmpty() ? head : head + QStringLiteral(": ") + message;
}

QString withDetail(const QString &sentence, const ProviderFailure &failure)
{
    const QString what = detail(failure);
    return what.isEmpty() ? sentence : sentence + QStringLiteral(" (") + what + QLatin1Char(')');
}

QString keyAdvice(const FailureContext &context)
{
    QString advice = Text::tr("Store a key with \"valis-cli keys set %1\" (it goes to the OS keychain)").arg(context.providerId);
    if (!context.defaults.apiKeyVariables.isEmpty())
        advice += Text::tr(" or set %1").arg(context.defaults.apiKeyVariables.join(QStringLiteral(" / ")));
    advice += QLatin1Char('.');
    if (!context.defaults.apiKeyHelpUrl.isEmpty())
        advice += QLatin1Char(' ') + Text::tr("Keys are issued at %1.").arg(context.defaults.apiKeyHelpUrl);
    return advice;
}

QString authMessage(const ProviderFailure &failure, const FailureContext &context)
{
    const QString name = context.providerName.isEmpty() ? context.providerId : context.providerName;
    QString sentence;
    if (context.keySource.isEmpty())
        sentence = Text::tr("%1 needs an API key and none was sent.").arg(name);
    else if (failure.httpStatus == 403)
        sentence = Text::tr("%1 accepted the API key from %2 but refuses it this request: the key lacks permission for it.")
                       .arg(name, context.keySource);
    else
        sentence = Text::tr("%1 refused the API key from %2.").arg(name, context.keySource);
    return withDetail(sentence, failure) + QLatin1Char(' ') + keyAdvice(context);
}

void classifyHttp(const ProviderFailure &failure, const QString &name, ClassifiedFailure *out)
{
    const int status = failure.httpStatus;
    if (status == 401 || status == 403 || typeIs(failure, {"authentication_error", "permission_error", "invalid_api_key"})) {
        out->category = FailureCategory::Auth;
    } else if (isContextOverflow(failure)) {
        out->category = FailureCategory::ContextOverflow;
    } else if (typeIs(failure, {"insufficient_quota", "billing_error"})) {
        out->category = FailureCategory::RateLimited;
        out->error.message = withDetail(Text::tr("%1 refuses requests until the account's quota or billing is sorted out; retrying cannot help.").arg(name), failure);
        return;
    } else if (status == 429 || typeIs(failure, {"rate_limit_error", "rate_limit_exceeded"})) {
        out->category = FailureCategory::RateLimited;
        out->retryable = true;
    } else if (status == 529 || status == 503 || typeIs(failure, {"overloaded_error"})) {
        out->category = FailureCategory::Overloaded;
        out->retryable = true;
    } else if (status == 408) {
        out->category = FailureCategory::Timeout;
        out->retryable = true;
    } else if (status >= 500 || status == 409 || typeIs(failure, {"api_error", "server_error"})) {
        out->category = FailureCategory::ServerError;
        out->retryable = true;
    } else {
        out->category = FailureCategory::InvalidRequest;
    }
}

QString categoryMessage(const ClassifiedFailure &classified, const FailureContext &context)
{
    const ProviderFailure &failure = classified.failure;
    const QString name = context.providerName.isEmpty() ? context.providerId : context.providerName;
    switch (classified.category) {
    case FailureCategory::Auth:
        return authMessage(failure, context);
    case FailureCategory::RateLimited:
        return withDetail(Text::tr("%1 is limiting the rate of requests.").arg(name), failure);
    case FailureCategory::Overloaded:
        return withDetail(Text::tr("%1 is overloaded.").arg(name), failure);
    case FailureCategory::ServerError:
        return withDetail(Text::tr("%1 had a server error.").arg(name), failure);
    case FailureCategory::ContextOverflow:
        return withDetail(Text::tr("The request does not fit the model's context window at %1.").arg(name), failure);
    case FailureCategory::InvalidRequest:
        return withDetail(Text::tr("%1 refused the request.").arg(name), failure);
    case FailureCategory::Network:
        return withDetail(Text::tr("Could not reach %1 at %2.").arg(name, context.baseUrl), failure);
    case FailureCategory::Timeout:
        return withDetail(Text::tr("%1 sent nothing for too long; the request was given up.").arg(name), failure);
    case FailureCategory::Interrupted:
        return withDetail(Text::tr("The connection to %1 ended in the middle of the answer.").arg(name), failure);
    case FailureCategory::Protocol:
        return withDetail(Text::tr("%1 sent an answer that could not be read.").arg(name), failure);
    case FailureCategory::Cancelled:
        return Text::tr("The request to %1 was cancelled.").arg(name);
    }
    return {};
}

} // namespace

QString failureCategoryName(FailureCategory category)
{
    switch (category) {
    case FailureCategory::Auth: return QStringLiteral("auth");
    case FailureCategory::RateLimited: return QStringLiteral("rate-limited");
    case FailureCategory::Overloaded: return QStringLiteral("overloaded");
    case FailureCategory::ServerError: return QStringLiteral("server-error");
    case FailureCategory::ContextOverflow: return QStringLiteral("context-overflow");
    case FailureCategory::InvalidRequest: return QStringLiteral("invalid-request");
    case FailureCategory::Network: return QStringLiteral("network");
    case FailureCategory::Timeout: return QStringLiteral("timeout");
    case FailureCategory::Interrupted: return QStringLiteral("interrupted");
    case FailureCategory::Protocol: return QStringLiteral("protocol");
    case FailureCategory::Cancelled: return QStringLiteral("cancelled");
    }
    return {};
}

ClassifiedFailure classifyProviderFailure(const ProviderFailure &reported, const FailureContext &context)
{
    ProviderFailure failure = reported;
    if (context.secret.size() >= 8)
        failure.message.replace(context.secret, QStringLiteral("[key]"));
    ClassifiedFailure out;
    out.failure = failure;
    out.retryAfter = failure.retryAfter;
    const QString name = context.providerName.isEmpty() ? context.providerId : context.providerName;

    switch (failure.kind) {
    case Kind::Http:
        classifyHttp(failure, name, &out);
        break;
    case Kind::StreamError: {
        // An error event inside a 200 stream carries the same types an HTTP error body would.
        auto set = [&out](FailureCategory category, bool retryable) {
            out.category = category;
            out.retryable = retryable;
        };
        if (typeIs(failure, {"authentication_error", "permission_error", "invalid_api_key"}))
            set(FailureCategory::Auth, false);
        else if (isContextOverflow(failure))
            set(FailureCategory::ContextOverflow, false);
        else if (typeIs(failure, {"overloaded_error"}))
            set(FailureCategory::Overloaded, true);
        else if (typeIs(failure, {"rate_limit_error", "rate_limit_exceeded"}))
            set(FailureCategory::RateLimited, true);
        else if (typeIs(failure, {"api_error", "server_error", "internal_error"}) || failure.errorType.isEmpty())
            set(FailureCategory::ServerError, true);
        else
            set(FailureCategory::InvalidRequest, false);
        break;
    }
    case Kind::Transport:
        out.category = FailureCategory::Network;
        out.retryable = true;
        break;
    case Kind::Timeout:
        out.category = FailureCategory::Timeout;
        out.retryable = true;
        break;
    case Kind::Interrupted:
        // Retryable as a request; the agent loop only retries when nothing of the answer was
        // shown yet, so a partial answer is never silently replaced.
        out.category = FailureCategory::Interrupted;
        out.retryable = true;
        break;
    case Kind::Protocol:
        out.category = FailureCategory::Protocol;
        break;
    case Kind::Cancelled:
        out.category = FailureCategory::Cancelled;
        break;
    }

    out.error.code = QStringLiteral("provider.") + failureCategoryName(out.category);
    if (out.error.message.isEmpty())
        out.error.message = categoryMessage(out, context);
    return out;
}

} // namespace valis
