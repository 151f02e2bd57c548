// llm_call: one direct model request without tools, on the session's provider, a cheaper
// model by default; its usage and cost go to the session's totals and onto the tool result.
#include "orchestrationtools.h"

#include "threadedtool.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "valis/plugins/modelsampler.h"
#include "valis/plugins/toolinvocation.h"
#include "valis/prompts/promptstore.h"

#include <QJsonDocument>
#include <QPointer>

namespace valis::tools {

// What the model reads is English and not tr()'d.

namespace {

const QString LlmCallName = QStringLiteral("llm_call");

class LlmCallInvocation : public ToolInvocation
{
public:
    LlmCallInvocation(const QString &callId, ModelSampler *sampler, const SamplingRequest &request, QObject *parent)
        : ToolInvocation(parent), m_callId(callId)
    {
        m_run = sampler->sample(request, this);
        connect(m_run, &SamplingRun::finished, this, [this](const SamplingOutcome &outcome) { finish(outcome); });
    }

    void cancel() override
    {
        if (!m_done && m_run)
            m_run->cancel();
    }

private:
    void finish(const SamplingOutcome &outcome)
    {
        if (m_done)
            return;
        m_done = true;
        const QString text = outcome.isError ? QStringLiteral("The model call failed: ") + outcome.error
                             : outcome.text.isEmpty() ? QStringLiteral("(The model answered with no text.)")
                                                      : outcome.text;
        Part result = Part::makeToolResultText(m_callId, text, outcome.isError);
        result.toolName = LlmCallName;
        // The record keeps what the call cost, so a reopened session's totals include it.
        if (!outcome.usage.isEmpty())
            result.wire.insert(QStringLiteral("valis"), QJsonObject{{QStringLiteral("usage"), samplingUsageToJson(outcome)}});
        Q_EMIT finished(result);
    }

    QString m_callId;
    QPointer<SamplingRun> m_run;
    bool m_done = false;
};

QString inputsText(const QJsonObject &inputs)
{
    return QString::fromUtf8(QJsonDocument(inputs).toJson(QJsonDocument::Indented));
}

} // namespace

QList<ToolSpec> llmCallSpecs()
{
    ToolSpec spec;
    spec.name = LlmCallName;
    spec.description = QStringLiteral(
        "Makes one direct model call without tools and returns its answer: for classifying, extracting, "
        "summarising or rewriting text you already have, cheaply and without filling your context. Give either "
        "`prompt` (the instructions) or `prompt_key` (a stored prompt, rendered with `inputs` as its "
        "{{variables}}); `inputs` are sent as JSON after the instructions. A cheaper model answers unless `model` "
        "names one. Repeated calls with the same instructions reuse the provider's prompt cache.");
    spec.inputSchema =
        ToolSchema()
            .string(QStringLiteral("prompt"), QStringLiteral("The instructions for the model."))
            .string(QStringLiteral("prompt_key"), QStringLiteral("The key of a stored prompt to use instead of `prompt`."))
            .property(QStringLiteral("inputs"),
                      QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                                  {QStringLiteral("description"),
                                   QStringLiteral("Values for the prompt's {{variables}}, and the data to work on.")}})
            .string(QStringLiteral("model"), QStringLiteral("A model id of the session's provider; default: a cheaper one."))
            .integer(QStringLiteral("max_tokens"), QStringLiteral("The longest answer, in tokens."), 1, 64000, 2048)
            .build();
    spec.readOnly = true; // a model call changes nothing
    return {spec};
}

ToolInvocation *invokeLlmCall(const QJsonValue &arguments, const ToolContext &context, const QString &defaultModel,
                              QObject *parent)
{
    if (!context.sampler) {
        return immediateResult(context.callId, LlmCallName,
                               ToolOutcome::error(QStringLiteral("Direct model calls are not available here.")), parent);
    }
    ToolArguments args(LlmCallName, arguments.toObject());
    const std::optional<QString> prompt = args.optionalString(QStringLiteral("prompt"));
    const std::optional<QString> key = args.optionalString(QStringLiteral("prompt_key"));
    const std::optional<QString> model = args.optionalString(QStringLiteral("model"));
    const qint64 maxTokens = args.integer(QStringLiteral("max_tokens"), 2048, 1, 64000);
    const QJsonValue inputsValue = args.raw().value(QLatin1String("inputs"));
    if (!inputsValue.isUndefined() && !inputsValue.isNull() && !inputsValue.isObject())
        args.fail(QStringLiteral("inputs must be an object"));
    const QJsonObject inputs = inputsValue.toObject();
    if (!arguments.isObject())
        args.fail(QStringLiteral("the arguments must be a JSON object"));
    if (prompt.has_value() == key.has_value())
        args.fail(QStringLiteral("give exactly one of prompt and prompt_key"));
    if (!args.ok())
        return immediateResult(context.callId, LlmCallName, ToolOutcome::error(args.errorMessage()), parent);

    QString instructions = prompt.value_or(QString());
    QJsonObject unused = inputs;
    if (key) {
        if (!context.prompts) {
            return immediateResult(context.callId, LlmCallName,
                                   ToolOutcome::error(QStringLiteral("There is no prompt store here: use `prompt`.")), parent);
        }
        const Result<QString> rendered = context.prompts->render(*key, inputs);
        if (rendered.hasError())
            return immediateResult(context.callId, LlmCallName, ToolOutcome::error(rendered.error().message), parent);
        instructions = rendered.value();
        // The inputs the prompt already shows are not sent twice.
        if (const Result<QStringList> named = context.prompts->variables(*key); named.ok()) {
            for (const QString &name : named.value())
                unused.remove(name);
        }
    }

    // The instructions are the system prompt: the stable part of repeated calls, where the
    // provider's cache breakpoint goes; the data follows as the user message.
    SamplingRequest request;
    request.systemPrompt = instructions;
    Message user;
    user.role = Role::User;
    user.parts.append(Part::makeText(unused.isEmpty() ? QStringLiteral("Answer as instructed.")
                                                      : QStringLiteral("Inputs:\n") + inputsText(unused)));
    request.messages = {user};
    request.maxTokens = int(maxTokens);
    request.model = model ? *model : !defaultModel.isEmpty() ? defaultModel : context.sampler->cheapModel();
    request.purpose = LlmCallName;
    return new LlmCallInvocation(context.callId, context.sampler, request, parent);
}

} // namespace valis::tools
