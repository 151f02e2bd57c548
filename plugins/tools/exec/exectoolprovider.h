#pragma once

#include "execinvocation.h"

#include "valis/core/result.h"
#include "valis/plugins/toolprovider.h"

#include <QJsonObject>

namespace valis::tools {

class ToolArguments;

/// The exec tool (provider id "exec"): runs a command through the session's Sandbox
/// (ToolContext::sandbox), never on the host directly; with no sandbox it refuses.
class ExecToolProvider : public ToolProvider
{
public:
    static constexpr qint64 DefaultTimeoutMs = 120000;
    static constexpr qint64 MaxTimeoutMs = 600000;

    explicit ExecToolProvider(const ExecOptions &options = {});

    /// Reads the plugin's settings ({"outputCapChars": 30000}); an error names the bad value.
    static Result<ExecOptions> optionsFromSettings(const QJsonObject &settings);

    QString id() const override;
    QList<ToolSpec> tools() const override;
    ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                           QObject *parent) override;

    /// Checks the arguments and builds the command; every problem goes to `arguments`.
    static ExecRequest readRequest(ToolArguments &arguments, const ToolContext &context);

private:
    ExecOptions m_options;
};

} // namespace valis::tools
