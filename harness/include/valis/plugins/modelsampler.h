#pragma once

#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace valis {

/// A one-off model request a tool asks for on the session's behalf (MCP sampling): no tools, no
/// record of its own; the session's provider and model answer it.
struct VALIS_HARNESS_EXPORT SamplingRequest
{
    QList<Message> messages;        ///< user and assistant messages, text and images
    QString systemPrompt;
    int maxTokens = 1024;
    std::optional<double> temperature;
    QStringList stopSequences;
    QStringList modelHints;         ///< model names the asker would prefer (advisory)
    /// The model to answer with (llm_call's); empty: the session's model (ModelSampler::model()).
    QString model = {};
    /// What the request is for, in the session's UsageReported event ("llm_call"); empty: "sampling".
    QString purpose = {};
};

/// How a SamplingRun ended: the answer's text, the model that gave it and why it stopped
/// ("endTurn", "maxTokens", "stopSequence"), or an error.
struct VALIS_HARNESS_EXPORT SamplingOutcome
{
    QString text;
    QString model;
    QString stopReason;
    bool isError = false;
    QString error;
    /// What the request used and cost (also added to the session's totals): usage fields the
    /// provider did not report are -1; no cost when the catalogue has no price for the model.
    Usage usage = {};
    std::optional<double> costUsd = {};
};

/// The record's form of a direct model call's usage ({inputTokens, outputTokens,
/// cacheWriteTokens, cacheReadTokens, model, costUsd}), kept by the tool that made the call on
/// its result (Part::wire["valis"]["usage"]), so a reopened session's totals include it.
VALIS_HARNESS_EXPORT QJsonObject samplingUsageToJson(const SamplingOutcome &outcome);
VALIS_HARNESS_EXPORT Usage samplingUsageFromJson(const QJsonObject &json);
/// The cost samplingUsageToJson() kept; none when it was unknown.
VALIS_HARNESS_EXPORT std::optional<double> costFromUsageJson(const QJsonObject &json);

/// One sampling request in progress (turn-scoped). Emits finished() exactly once, never from
/// inside ModelSampler::sample().
class VALIS_HARNESS_EXPORT SamplingRun : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~SamplingRun() override;
    virtual void cancel() = 0;

Q_SIGNALS:
    void finished(const valis::SamplingOutcome &outcome);
};

/// Runs SamplingRequests with a session's provider and model (ToolContext::sampler).
class VALIS_HARNESS_EXPORT ModelSampler
{
public:
    virtual ~ModelSampler();
    /// The model that will answer, for the person deciding whether to let it.
    virtual QString model() const = 0;
    /// The model for requests that need no more than a cheap one (llm_call's default): the
    /// session's provider's cheapest catalogued model; by default model().
    virtual QString cheapModel() const;
    virtual SamplingRun *sample(const SamplingRequest &request, QObject *parent) = 0;
};

} // namespace valis
