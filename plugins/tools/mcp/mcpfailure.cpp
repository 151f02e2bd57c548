#include "mcpfailure.h"

// These texts become tool results: the model reads them and the record keeps them, so they are
// English whatever the UI language (not tr()'d).
namespace valis::mcp {

CallFailure classifyCallFailure(const QString &server, const QString &tool, const McpResponse &response,
                                bool readOnly, const QString &serverLogTail)
{
    const Error &error = *response.error;
    const QString code = error.code;
    if (code == QLatin1String("mcp.remote-error")) {
        QString text = QStringLiteral("The MCP server \"%1\" answered the call of %2 with an error: %3").arg(server, tool, error.message);
        if (response.rpcCode == JsonRpcCode::InvalidParams)
            text += QLatin1Char(' ') + QStringLiteral("Check the arguments against the tool's input schema.");
        return {text, false};
    }
    if (code == QLatin1String("mcp.timeout"))
        return {QStringLiteral("The MCP server \"%1\" did not answer the call of %2 in time, so it was cancelled (%3). It may have "
                         "done part of the work.").arg(server, tool, error.message),
                readOnly};
    if (code == QLatin1String("mcp.cancelled"))
        return {QStringLiteral("[interrupted: the call of %1 was cancelled]").arg(tool), false};
    QString text = QStringLiteral("The MCP server \"%1\" stopped answering while %2 ran: %3").arg(server, tool, error.message);
    if (!serverLogTail.isEmpty() && !error.message.contains(serverLogTail.right(qMin<qsizetype>(30, serverLogTail.size()))))
        text += QLatin1Char('\n') + QStringLiteral("Its last log lines:") + QLatin1Char('\n') + serverLogTail;
    // A lost connection (the server crashed, HTTP failed) may be worth one more try, unless the
    // call could have changed something already.
    return {text, readOnly};
}

} // namespace valis::mcp
