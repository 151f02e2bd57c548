#include "sessionsampler.h"

#include "valis/agent/session.h"
#include "valis/plugins/providerstream.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QPointer>
#include <QTimer>

#include <functional>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::SessionSampler)
};

QString mcpStopReason(const QString &stopReason)
{
    if (stopReason == QLatin1String("max_tokens") || stopReason == QLatin1String("length"))
        return QStringLiteral("maxTokens");
    if (stopReason == QLatin1String("stop_sequence"))
        return QStringLiteral("stopSequence");
    return QStringLiteral("endTurn");
}

class ProviderSamplingRun : public SamplingRun
{
public:
    ProviderSamplingRun(Provider *provider, const ProviderRequest &request, std::function<void(SamplingOutcome &)> account,
                        QObject *parent)
        : SamplingRun(parent), m_account(std::move(account))
    {
        m_model = request.model;
        QTimer::singleShot(0, this, [this, provider, request] {
            ProviderStream *stream = provider->stream(request, this);
            m_stream = stream;
            connect(stream, &ProviderStream::eventReceived, this, [this](const ProviderEvent &event) {
                if (event.kind == ProviderEvent::Kind::TextDelta)
                    m_text += event.text;
                else if (event.kind == ProviderEvent::Kind::Stopped)
                    m_stopReason = event.stopReason;
                else if (event.kind == ProviderEvent::Kind::UsageReported)
                    mergeUsage(event.usage);
            });
            connect(stream, &ProviderStream::finished, this, [this] {
                SamplingOutcome outcome{m_text, m_model, mcpStopReason(m_stopReason), false, {}, m_usage, {}};
                if (m_account)
                    m_account(outcome);
                finish(outcome);
            });
            connect(stream, &ProviderStream::failed, this, [this](const ProviderFailure &failure) {
                finish({{}, m_model, {}, true,
                        failure.message.isEmpty() ? ProviderFailure::kindName(failure.kind) : failure.message});
            });
        });
    }

    void cancel() override
    {
        if (m_stream)
            m_stream->cancel();
        finish({{}, m_model, {}, true, Text::tr("cancelled")});
    }

private:
    void mergeUsage(const Usage &usage)
    {
        // Later reports win field by field, as the agent loop merges them.
        if (usage.inputTokens >= 0)
            m_usage.inputTokens = usage.inputTokens;
        if (usage.outputTokens >= 0)
            m_usage.outputTokens = usage.outputTokens;
        if (usage.cacheWriteTokens >= 0)
            m_usage.cacheWriteTokens = usage.cacheWriteTokens;
        if (usage.cacheReadTokens >= 0)
            m_usage.cacheReadTokens = usage.cacheReadTokens;
    }

    void finish(const SamplingOutcome &outcome)
    {
        if (m_done)
            return;
        m_done = true;
        QTimer::singleShot(0, this, [this, outcome] { Q_EMIT finished(outcome); });
    }

    std::function<void(SamplingOutcome &)> m_account;
    QPointer<ProviderStream> m_stream;
    Usage m_usage;
    QString m_model;
    QString m_text;
    QString m_stopReason;
    bool m_done = false;
};

} // namespace

QString SessionSampler::model() const
{
    return m_session->config().model;
}

QString SessionSampler::cheapModel() const
{
    const ModelCatalog &catalog = m_session->config().catalog;
    const ModelMatch current = catalog.lookup(m_session->config().model);
    // Only a model named by its catalogue id, served by this very provider: a routed name
    // ("anthropic/claude-..." through OpenRouter) or a local server's model has no sibling the
    // endpoint is sure to know.
    const QStringList served = catalog.modelIdsFor(m_session->config().provider->id());
    if (current.kind != MatchKind::Exact || !served.contains(current.model.id))
        return model();
    const auto price = [](const ModelInfo &info) -> std::optional<double> {
        if (!info.prices.input || !info.prices.output)
            return std::nullopt;
        return *info.prices.input + *info.prices.output;
    };
    QString cheapest = model();
    std::optional<double> best = price(current.model);
    for (const QString &id : served) {
        const std::optional<ModelInfo> candidate = catalog.model(id);
        if (!candidate || candidate->status == QLatin1String("deprecated") || candidate->status == QLatin1String("retired"))
            continue;
        const std::optional<double> candidatePrice = price(*candidate);
        if (candidatePrice && (!best || *candidatePrice < *best)) {
            best = candidatePrice;
            cheapest = candidate->id;
        }
    }
    return cheapest;
}

SamplingRun *SessionSampler::sample(const SamplingRequest &sampling, QObject *parent)
{
    const SessionConfig &config = m_session->config();
    ProviderRequest request;
    request.model = sampling.model.isEmpty() ? config.model : sampling.model;
    if (!sampling.systemPrompt.isEmpty()) {
        request.system.role = Role::System;
        request.system.parts.append(Part::makeText(sampling.systemPrompt));
    }
    request.messages = sampling.messages;
    request.maxOutputTokens = sampling.maxTokens > 0 ? sampling.maxTokens : 1024;
    if (sampling.temperature)
        request.options.insert(QStringLiteral("temperature"), *sampling.temperature);
    if (!sampling.stopSequences.isEmpty())
        request.options.insert(QStringLiteral("stop_sequences"), QJsonArray::fromStringList(sampling.stopSequences));
    request.endpoint = config.endpoint;
    // The system prompt is the stable part of repeated requests: it gets the cache breakpoint
    // (providers that route caching by key get one per prompt).
    if (!sampling.systemPrompt.isEmpty())
        request.cacheKey = QStringLiteral("sampling-") + QString::fromLatin1(QCryptographicHash::hash(sampling.systemPrompt.toUtf8(), QCryptographicHash::Sha256).toHex().left(16));
    const QString purpose = sampling.purpose.isEmpty() ? QStringLiteral("sampling") : sampling.purpose;
    QPointer<Session> session(m_session);
    auto account = [session, purpose](SamplingOutcome &outcome) {
        if (!session || outcome.usage.isEmpty())
            return;
        outcome.costUsd = session->config().catalog.cost(outcome.model, outcome.usage).total();
        session->mutableTotals().add(outcome.usage, outcome.costUsd);
        SessionEvent used;
        used.kind = SessionEvent::Kind::UsageReported;
        used.usage = outcome.usage;
        used.cost = outcome.costUsd;
        used.totals = session->totals();
        used.details = {{QStringLiteral("purpose"), purpose}, {QStringLiteral("model"), outcome.model}};
        session->emitEvent(used);
    };
    return new ProviderSamplingRun(config.provider, request, std::move(account), parent);
}

} // namespace valis
