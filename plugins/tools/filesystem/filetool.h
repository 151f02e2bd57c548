#pragma once

#include "threadedtool.h"
#include "toolarguments.h"

namespace valis {
class AgentFilesystem;
}

namespace valis::tools::files {

/// A tool that works on the call's file view (ToolContext::filesystem): run() refuses a call
/// the host gave none before looking at its arguments, and otherwise hands the view and a
/// reader of the arguments to runOn().
class FileTool : public ThreadedTool
{
public:
    /// `name`: what the model calls the tool, for the spec and the messages.
    explicit FileTool(const QString &name) : m_name(name) {}

    ToolOutcome run(const ToolCall &call) const final;

protected:
    const QString &name() const { return m_name; }
    /// The call itself; `arguments` reads `call`'s arguments under the tool's name.
    virtual ToolOutcome runOn(const ToolCall &call, const AgentFilesystem &fs, ToolArguments &arguments) const = 0;

private:
    QString m_name;
};

} // namespace valis::tools::files
