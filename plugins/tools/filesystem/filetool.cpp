#include "filetool.h"

namespace valis::tools::files {

ToolOutcome FileTool::run(const ToolCall &call) const
{
    // Goes back to the model, which reads English best: not tr()'d.
    if (!call.context.filesystem)
        return ToolOutcome::error(QStringLiteral("%1 cannot run here: this session gives tools no access to files.").arg(m_name));
    ToolArguments arguments(m_name, call.arguments);
    return runOn(call, *call.context.filesystem, arguments);
}

} // namespace valis::tools::files
