#include "faketoolcaller.h"

#include "valis/record/part.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>
#include <QTimer>

namespace valis::test {

namespace {

class FakeCall : public NestedToolCall
{
public:
    FakeCall(FakeToolCaller *owner, const QString &callId, QObject *parent)
        : NestedToolCall(parent), m_owner(owner), m_callId(callId)
    {
    }
    QString callId() const override { return m_callId; }
    void cancel() override
    {
        if (m_done)
            return;
        ++m_owner->cancelled;
        finish(Part::makeToolResultText(m_callId, QStringLiteral("cancelled"), true));
    }
    void finishLater(const Part &result, int delayMs)
    {
        QTimer::singleShot(delayMs, this, [this, result] { finish(result); });
    }

private:
    void finish(const Part &result)
    {
        if (m_done)
            return;
        m_done = true;
        --m_owner->running;
        Q_EMIT finished(result);
    }

    FakeToolCaller *m_owner;
    QString m_callId;
    bool m_done = false;
};

ToolSpec spec(const QString &name, const QString &description, const QJsonObject &schema)
{
    ToolSpec tool;
    tool.name = name;
    tool.description = description;
    tool.inputSchema = schema;
    return tool;
}

} // namespace

QList<ToolSpec> FakeToolCaller::tools() const
{
    const QJsonObject pathSchema = QJsonDocument::fromJson(
        R"({"type":"object","properties":{"path":{"type":"string"}},"required":["path"]})").object();
    const QJsonObject anySchema{{QStringLiteral("type"), QStringLiteral("object")}};
    return {spec(QStringLiteral("read_file"), QStringLiteral("Reads a file."), pathSchema),
            spec(QStringLiteral("echo"), QStringLiteral("Answers with its arguments as JSON."), anySchema),
            spec(QStringLiteral("fail"), QStringLiteral("Always fails."), anySchema),
            spec(QStringLiteral("slow"), QStringLiteral("Answers late."), anySchema)};
}

NestedToolCall *FakeToolCaller::call(const QString &parentCallId, const QString &toolName, const QJsonValue &args,
                                     QObject *parent)
{
    if (parent && parent->thread() != QThread::currentThread())
        wrongThread = true;
    ++calls;
    ++running;
    maxRunning = std::max(maxRunning, running);
    const QString callId = parentCallId + QLatin1Char('.') + QString::number(calls);
    callIds.append(callId);
    arguments.append(args);
    auto *call = new FakeCall(this, callId, parent);
    const QJsonObject object = args.toObject();
    Part result;
    int delay = delayMs;
    if (toolName == QLatin1String("read_file")) {
        const QString path = object.value(QStringLiteral("path")).toString();
        result = files.contains(path) ? Part::makeToolResultText(callId, files.value(path))
                                      : Part::makeToolResultText(callId, QStringLiteral("File not found: ") + path, true);
    } else if (toolName == QLatin1String("echo")) {
        result = Part::makeToolResultText(callId, QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)));
    } else if (toolName == QLatin1String("fail")) {
        result = Part::makeToolResultText(callId, QStringLiteral("The user denied this call."), true);
    } else if (toolName == QLatin1String("slow")) {
        result = Part::makeToolResultText(callId, QStringLiteral("slow done"));
        delay = object.value(QStringLiteral("ms")).toInt(delayMs);
    } else {
        result = Part::makeToolResultText(callId, QStringLiteral("Unknown tool: ") + toolName, true);
    }
    call->finishLater(result, delay);
    return call;
}

} // namespace valis::test
