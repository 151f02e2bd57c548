#include "testtools.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace valis::test {

QString resultText(const Part &result)
{
    QString text;
    for (const Part &part : result.content)
        text += part.text;
    return text;
}

QList<ToolSpec> TestToolProvider::tools() const
{
    const QJsonObject schema{{QStringLiteral("type"), QStringLiteral("object")},
                             {QStringLiteral("properties"), QJsonObject{{QStringLiteral("text"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}}}},
                             {QStringLiteral("required"), QJsonArray{QStringLiteral("text")}}};
    QList<ToolSpec> specs = {
        {QStringLiteral("read"), QStringLiteral("Reads something; changes nothing."), schema, true},
        {QStringLiteral("write"), QStringLiteral("Writes something."), schema, false},
        {QStringLiteral("flaky"), QStringLiteral("Fails, retryably, `failures` times."), schema, false},
        {QStringLiteral("broken"), QStringLiteral("Always fails."), schema, false},
        {QStringLiteral("hang"), QStringLiteral("Runs until cancelled."), schema, true},
    };
    for (int i = 1; i <= extraTools; ++i)
        specs.append({QStringLiteral("extra_%1").arg(i), QStringLiteral("Extra tool number %1.").arg(i), schema, true});
    return specs;
}

ToolInvocation *TestToolProvider::invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                                         QObject *parent)
{
    contexts.append(context);
    attempts[context.callId] += 1;
    return new TestInvocation(this, toolName, arguments.toObject(), context.callId, parent);
}

TestInvocation::TestInvocation(TestToolProvider *owner, const QString &tool, const QJsonObject &arguments,
                               const QString &callId, QObject *parent)
    : ToolInvocation(parent), m_owner(owner), m_callId(callId)
{
    m_owner->log.append(QStringLiteral("start:") + callId);
    if (tool == QLatin1String("hang"))
        return;
    const QString text = arguments.value(QLatin1String("text")).toString();
    const int failures = arguments.value(QLatin1String("failures")).toInt();
    m_timer.setSingleShot(true);
    const QJsonArray output = arguments.value(QLatin1String("output")).toArray();
    connect(&m_timer, &QTimer::timeout, this, [this, tool, text, failures, output] {
        for (const QJsonValue &line : output)
            Q_EMIT outputReceived(line.toString());
        if (tool == QLatin1String("broken")) {
            complete(Part::makeToolResultText(m_callId, QStringLiteral("broken: ") + text, true), false);
        } else if (tool == QLatin1String("flaky") && m_owner->attempts.value(m_callId) <= failures) {
            complete(Part::makeToolResultText(m_callId, QStringLiteral("busy, try again"), true), true);
        } else {
            complete(Part::makeToolResultText(m_callId, tool + QStringLiteral(": ") + text), false);
        }
    });
    m_timer.start(arguments.value(QLatin1String("delayMs")).toInt(0));
}

void TestInvocation::complete(const Part &result, bool retryable)
{
    if (m_done)
        return;
    m_done = true;
    m_owner->log.append(QStringLiteral("end:") + m_callId);
    setRetryable(retryable);
    Q_EMIT finished(result);
}

void TestInvocation::cancel()
{
    m_timer.stop();
    complete(Part::makeToolResultText(m_callId, QStringLiteral("cancelled"), true), false);
}

namespace {
/// Finishes with a fixed result on the next loop turn.
class ImmediateInvocation : public ToolInvocation
{
public:
    ImmediateInvocation(const Part &result, QObject *parent) : ToolInvocation(parent)
    {
        QTimer::singleShot(0, this, [this, result] { Q_EMIT finished(result); });
    }
    void cancel() override {}
};

QJsonObject numberSchema()
{
    const QJsonObject integer{{QStringLiteral("type"), QStringLiteral("integer")}};
    return {{QStringLiteral("type"), QStringLiteral("object")},
            {QStringLiteral("properties"), QJsonObject{{QStringLiteral("a"), integer}, {QStringLiteral("b"), integer}}},
            {QStringLiteral("required"), QJsonArray{QStringLiteral("a"), QStringLiteral("b")}}};
}
} // namespace

QList<ToolSpec> RecordedTools::tools() const
{
    const QJsonObject weather{{QStringLiteral("type"), QStringLiteral("object")},
                              {QStringLiteral("properties"), QJsonObject{{QStringLiteral("location"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}}}},
                              {QStringLiteral("required"), QJsonArray{QStringLiteral("location")}}};
    return {{QStringLiteral("weather"), QStringLiteral("Get weather information for a location"), weather, true},
            {QStringLiteral("add"), QStringLiteral("Add two numbers"), numberSchema(), true},
            {QStringLiteral("multiply"), QStringLiteral("Multiply two numbers"), numberSchema(), true}};
}

ToolInvocation *RecordedTools::invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                                      QObject *parent)
{
    const QJsonObject object = arguments.toObject();
    calls.append(toolName + QLatin1Char(' ') + QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)));
    QString text = QStringLiteral("40 C");
    if (toolName == QLatin1String("add"))
        text = QString::number(object.value(QLatin1String("a")).toInteger() + object.value(QLatin1String("b")).toInteger());
    else if (toolName == QLatin1String("multiply"))
        text = QString::number(object.value(QLatin1String("a")).toInteger() * object.value(QLatin1String("b")).toInteger());
    return new ImmediateInvocation(Part::makeToolResultText(context.callId, text), parent);
}

} // namespace valis::test
