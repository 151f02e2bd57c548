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
};

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
    virtual SamplingRun *sample(const SamplingRequest &request, QObject *parent) = 0;
};

} // namespace valis
