#include "nestingtools.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

namespace valis::test {

QList<ToolSpec> NestingTools::tools() const
{
    ToolSpec spec;
    spec.name = QStringLiteral("orchestrate");
    spec.description = QStringLiteral("Calls other tools.");
    spec.inputSchema = QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                                   {QStringLiteral("properties"), QJsonObject{{QStringLiteral("calls"), QJsonObject{{QStringLiteral("type"), QStringLiteral("array")}}}}},
                                   {QStringLiteral("required"), QJsonArray{QStringLiteral("calls")}}};
    spec.callsTools = true;
    return {spec};
}

ToolInvocation *NestingTools::invoke(const QString &, const QJsonValue &arguments, const ToolContext &context, QObject *parent)
{
    hadToolCaller.append(context.toolCaller != nullptr);
    return new NestingInvocation(this, arguments.toObject().value(QLatin1String("calls")).toArray(), context, parent);
}

NestingInvocation::NestingInvocation(NestingTools *owner, const QJsonArray &calls, const ToolContext &context, QObject *parent)
    : ToolInvocation(parent), m_owner(owner), m_callId(context.callId)
{
    if (!context.toolCaller) {
        QTimer::singleShot(0, this, [this] {
            m_done = true;
            Q_EMIT finished(Part::makeToolResultText(m_callId, QStringLiteral("no tool caller"), true));
        });
        return;
    }
    for (const ToolSpec &spec : context.toolCaller->tools())
        m_offered.append(spec.name);
    for (const QJsonValue &value : calls) {
        const QJsonObject call = value.toObject();
        NestedToolCall *child = context.toolCaller->call(m_callId, call.value(QLatin1String("name")).toString(),
                                                         call.value(QLatin1String("arguments")), this);
        const qsizetype index = m_calls.size();
        m_calls.append(child);
        m_results.append(std::nullopt);
        connect(child, &NestedToolCall::finished, this, [this, index](const Part &result) {
            m_owner->childResults.append(result);
            m_results[index] = result;
            maybeFinish();
        });
    }
    if (calls.isEmpty())
        QTimer::singleShot(0, this, [this] { maybeFinish(); });
}

void NestingInvocation::maybeFinish()
{
    if (m_done)
        return;
    QJsonArray children;
    for (qsizetype i = 0; i < m_results.size(); ++i) {
        if (!m_results.at(i))
            return;
        const Part &result = *m_results.at(i);
        QString text;
        for (const Part &part : result.content)
            text += part.text;
        children.append(QJsonObject{{QStringLiteral("callId"), m_calls.at(i) ? m_calls.at(i)->callId() : QString()},
                                    {QStringLiteral("tool"), result.toolName},
                                    {QStringLiteral("isError"), result.isError},
                                    {QStringLiteral("text"), text.left(300)},
                                    {QStringLiteral("length"), qint64(text.size())},
                                    {QStringLiteral("captured"), result.captured.key}});
    }
    m_done = true;
    const QJsonObject answer{{QStringLiteral("offered"), m_offered}, {QStringLiteral("children"), children}};
    Q_EMIT finished(Part::makeToolResultText(m_callId, QString::fromUtf8(QJsonDocument(answer).toJson(QJsonDocument::Compact))));
}

void NestingInvocation::cancel()
{
    if (m_done)
        return;
    m_done = true;
    Q_EMIT finished(Part::makeToolResultText(m_callId, QStringLiteral("orchestrate cancelled"), true));
}

} // namespace valis::test
