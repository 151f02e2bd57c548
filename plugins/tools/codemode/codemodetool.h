#pragma once

#include "scriptlimits.h"

#include "valis/plugins/toolprovider.h"

#include <QJsonObject>

namespace valis::codemode {

/// The limits from the plugin's settings ({"wallTimeSeconds", "memoryMB", "maxToolCalls",
/// "maxOutputKB"}); missing or out-of-range values keep the defaults.
ScriptLimits limitsFromSettings(const QJsonObject &settings);

/// The `run_script` tool (code mode): runs the model's JavaScript, in which every tool the
/// session offers is `tools.<name>(args)`, and answers with what the script returned and
/// logged. The tools' TypeScript declarations go in the system prompt (systemPromptSection),
/// asked once per session, so run_script's own definition is the same for every session and the
/// cached prefix never changes while a session runs.
class CodeModeToolProvider : public ToolProvider
{
public:
    explicit CodeModeToolProvider(const ScriptLimits &limits = {}) : m_limits(limits) {}

    QString id() const override { return QStringLiteral("codemode"); }
    QList<ToolSpec> tools() const override;
    ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                           QObject *parent) override;
    QString systemPromptSection(const ToolContext &context) const override;

private:
    ScriptLimits m_limits;
};

/// What the model reads back from a script: the value, after the console output when there is some.
QString scriptResultText(const ScriptOutcome &outcome);

} // namespace valis::codemode
