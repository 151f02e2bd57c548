#pragma once

// Tools for tests of the orchestrator and the agent loop: real ToolProvider implementations
// whose behaviour the arguments choose, and which log what they do.
#include "valis/plugins/toolinvocation.h"
#include "valis/plugins/toolprovider.h"

#include <QJsonObject>
#include <QPointer>
#include <QStringList>
#include <QTimer>

namespace valis::test {

/// The text of a ToolResult part (its text parts, joined).
QString resultText(const Part &result);

/// read (read-only), write, flaky (fails retryably `failures` times), broken (fails, not
/// retryably), hang (runs until cancelled). Arguments: {"text": ..., "delayMs": N, "failures": N,
/// "output": [lines emitted as outputReceived before the result]}.
/// Every start and end is appended to log() as "start:<callId>" / "end:<callId>".
class TestToolProvider : public ToolProvider
{
public:
    explicit TestToolProvider(const QString &id = QStringLiteral("test-tools")) : m_id(id) {}
    QString id() const override { return m_id; }
    QList<ToolSpec> tools() const override;
    ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                           QObject *parent) override;

    QStringList log;
    QHash<QString, int> attempts; ///< callId -> invocations
    QList<ToolContext> contexts;
    int extraTools = 0;           ///< add this many more read-only tools ("extra_1", ...)

private:
    QString m_id;
};

/// The tools the recorded provider cassettes call: weather {location}, add {a, b} and
/// multiply {a, b}, all read-only. Calls are logged as "<tool> <arguments JSON>".
class RecordedTools : public ToolProvider
{
public:
    QString id() const override { return QStringLiteral("recorded-tools"); }
    QList<ToolSpec> tools() const override;
    ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                           QObject *parent) override;

    QStringList calls;
};

class TestInvocation : public ToolInvocation
{
    Q_OBJECT

public:
    TestInvocation(TestToolProvider *owner, const QString &tool, const QJsonObject &arguments, const QString &callId,
                   QObject *parent);
    void cancel() override;

private:
    void complete(const Part &result, bool retryable);

    TestToolProvider *m_owner;
    QString m_callId;
    QTimer m_timer;
    bool m_done = false;
};

} // namespace valis::test
