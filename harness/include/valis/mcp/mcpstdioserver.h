#pragma once

#include "valis/harness_export.h"
#include "valis/mcp/mcpserversession.h"

#include <QObject>

#include <memory>

namespace valis {

/// Serves one McpServerSession over this process's stdin and stdout: newline-delimited
/// JSON-RPC, nothing else on stdout. A thread reads stdin (blocking reads work on every
/// platform, pipes and consoles alike) and hands each line to the event loop; a line that is
/// not JSON gets a -32700 parse error (id null), valid JSON that is no JSON-RPC message a
/// -32600, and the server goes on. End of input emits finished().
class VALIS_HARNESS_EXPORT McpStdioServer : public QObject
{
    Q_OBJECT

public:
    explicit McpStdioServer(McpServerHandler *handler, QObject *parent = nullptr);
    ~McpStdioServer() override;

    McpServerSession *session() const;
    /// Starts reading stdin.
    void start();

Q_SIGNALS:
    /// stdin reached its end (the client closed it): the server is done.
    void finished();

private:
    void handleLine(const QByteArray &line);
    void write(const JsonRpcMessage &message);

    struct Bridge;
    std::shared_ptr<Bridge> m_bridge;
    McpServerSession *m_session = nullptr;
};

} // namespace valis
