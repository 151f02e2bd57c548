#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/toolprovider.h"
#include "valis/record/part.h"

#include <QJsonValue>
#include <QList>
#include <QObject>
#include <QString>

namespace valis {

/// One tool call a tool made through a ToolCaller (a child call of run_script).
///
/// Emits finished() exactly once, never from inside ToolCaller::call(). The result is what a
/// direct call of the tool would have given the model before capture: a denial, an unknown tool
/// or invalid arguments are error results, not failures of the caller.
class VALIS_HARNESS_EXPORT NestedToolCall : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~NestedToolCall() override;

    /// The call id the child was recorded under ("<parent call id>.3").
    virtual QString callId() const = 0;
    /// Stops the child; finished() follows with a cancelled error result.
    virtual void cancel() = 0;

Q_SIGNALS:
    /// `result` is a ToolResult part whose content is whole; `result.captured` is set when the
    /// harness also stored it in the DetailStore (its key lets the caller hand the content on
    /// by key, as save_document's from_key does).
    void finished(const valis::Part &result);
};

/// Lets a tool call the other tools of its session (ToolContext::toolCaller).
///
/// Each nested call goes through the session's ToolOrchestrator rules as a direct call does:
/// approvals (a person may be asked), the tool pack, the sandbox, retries, MemoryRef capture.
/// The session records every child call and its result with the parent call, and reports them
/// as SessionEvents whose details carry "parentCallId", so people watch them run.
class VALIS_HARNESS_EXPORT ToolCaller
{
public:
    virtual ~ToolCaller();

    /// The tools a nested call may reach: what the session offers, without the tools that
    /// themselves call tools (run_script) and without client tools.
    virtual QList<ToolSpec> tools() const = 0;
    /// Starts `toolName` with `arguments` as a child of the running call `parentCallId`; the
    /// call is parented to `parent`. Never null.
    virtual NestedToolCall *call(const QString &parentCallId, const QString &toolName,
                                 const QJsonValue &arguments, QObject *parent) = 0;
};

} // namespace valis
