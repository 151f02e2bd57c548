// A process that holds one MCP server until it is killed: the test kills it with SIGKILL and
// checks that no server process outlives it. Arguments: the server's program and arguments.
#include "valis/mcp/mcpserverconnection.h"

#include <QCoreApplication>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments().mid(1);
    if (arguments.isEmpty())
        return 2;
    valis::McpServerConfig config;
    config.name = QStringLiteral("held");
    config.command = arguments.first();
    config.args = arguments.mid(1);
    valis::McpServerConnection connection(config, {});
    QObject::connect(&connection, &valis::McpServerConnection::stateChanged, &app, [&connection] {
        if (connection.state() == valis::McpServerConnection::State::Ready) {
            QTextStream(stdout) << "ready" << Qt::endl;
        } else if (connection.state() == valis::McpServerConnection::State::Failed) {
            QTextStream(stderr) << connection.lastError()->message << Qt::endl;
            QCoreApplication::exit(1);
        }
    });
    connection.start();
    return app.exec();
}
