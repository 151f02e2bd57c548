#include "mcpfailure.h"

#include <QCoreApplication>

namespace valis::mcp {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpTools)
};

} // namespace

CallFailure classifyCallFailure(const QString &server, const QString &tool, const McpResponse &response,
                                bool readOnly, const QString &serverLogTail)
{
    const Error &error = *response.error;
    const QString code = error.code;
    if (code == QLatin1String("mcp.remote-error")) {
        QString text = Text::tr("The MCP server \"%1\" answered the call of %2 with an error: %3").arg(server, tool, error.message);
        if (response.rpcCode == JsonRpcCode::InvalidParams)
            text += QLatin1Char(' ') + Text::tr("Check the arguments against the tool's input schema.");
        return {text, false};
    }
    if (code == QLatin1String("mcp.timeout"))
        return {Text::tr("The MCP server \"%1\" did not answer the call of %2 in time, so it was cancelled (%3). It may have "
                         "done part of the work.").arg(server, tool, error.message),
                readOnly};
    if (code == QLatin1String("mcp.cancelled"))
        return {Text::tr("[interrupted: the call of %1 was cancelled]").arg(tool), false};
    QString text = Text::tr("The MCP server \"%1\" stopped answering while %2 ran: %3").arg(server, tool, error.message);
    if (!serverLogTail.isEmpty() && !error.message.contains(serverLogTail.right(qMin<qsizetype>(30, serverLogTail.size()))))
        text += QLatin1Char('\n') + Text::tr("Its last log lines:") + QLatin1Char('\n') + serverLogTail;
    // A lost connection (the server crashed, HTTP failed) may be worth one more try, unless the
    // call could have changed something already.
    return {text, readOnly};
}

} // namespace valis::mcp
