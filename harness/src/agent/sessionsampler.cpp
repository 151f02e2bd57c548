#include "sessionsampler.h"

#include "valis/agent/session.h"
#include "valis/plugins/providerstream.h"

#include <QCoreApplication>
#include <QPointer>
#include <QTimer>

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
    ProviderSamplingRun(Provider *provider, const ProviderRequest &request, QObject *parent) : SamplingRun(parent)
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
            });
            connect(stream, &ProviderStream::finished, this, [this] {
                finish({m_text, m_model, mcpStopReason(m_stopReason), false, {}});
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
    void finish(const SamplingOutcome &outcome)
    {
        if (m_done)
            return;
        m_done = true;
        QTimer::singleShot(0, this, [this, outcome] { Q_EMIT finished(outcome); });
    }

    QPointer<ProviderStream> m_stream;
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

SamplingRun *SessionSampler::sample(const SamplingRequest &sampling, QObject *parent)
{
    const SessionConfig &config = m_session->config();
    ProviderRequest request;
    request.model = config.model;
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
    return new ProviderSamplingRun(config.provider, request, parent);
}

} // namespace valis
