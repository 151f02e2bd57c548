#pragma once

// A tool that calls other tools through ToolContext::toolCaller, as run_script does, small
// enough to read in the tests: `orchestrate` starts every call of its arguments at once and
// answers with what each child returned, as JSON.
#include "valis/plugins/toolcaller.h"
#include "valis/plugins/toolinvocation.h"
#include "valis/plugins/toolprovider.h"

#include <QJsonArray>
#include <QList>
#include <QPointer>
#include <QStringList>

namespace valis::test {

/// orchestrate {"calls": [{"name": <tool>, "arguments": {...}}, ...]}: its result is a JSON
/// object {"offered": [names the ToolCaller offers], "children": [{"callId", "tool", "isError",
/// "text", "length", "captured"}]}. Without a ToolCaller it fails. Cancelling it does not cancel
/// its children (the harness must).
class NestingTools : public ToolProvider
{
public:
    QString id() const override { return QStringLiteral("nesting"); }
    QList<ToolSpec> tools() const override;
    ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                           QObject *parent) override;

    /// Every child result the tool received, in the order they came.
    QList<Part> childResults;
    /// Whether the contexts the calls ran in carried a ToolCaller.
    QList<bool> hadToolCaller;
};

class NestingInvocation : public ToolInvocation
{
    Q_OBJECT

public:
    NestingInvocation(NestingTools *owner, const QJsonArray &calls, const ToolContext &context, QObject *parent);
    void cancel() override;

private:
    void maybeFinish();

    NestingTools *m_owner;
    QString m_callId;
    QJsonArray m_offered;
    QList<QPointer<NestedToolCall>> m_calls;
    QList<std::optional<Part>> m_results;
    bool m_done = false;
};

} // namespace valis::test
