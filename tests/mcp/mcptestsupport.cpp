#include "mcptestsupport.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QJsonArray>
#include <QTcpServer>
#include <QTest>

namespace valis::test {

QString nodeProgram()
{
    return QStandardPaths::findExecutable(QStringLiteral("node"));
}

QString nodeModule(const QString &path)
{
    return QStringLiteral(VALIS_SOURCE_DIR "/node_modules/") + path;
}

QString faultServerScript()
{
    return QStringLiteral(VALIS_SOURCE_DIR "/tests/mcp/servers/faultserver.mjs");
}

McpServerConfig everythingServer(const QString &name)
{
    McpServerConfig config;
    config.name = name;
    config.command = nodeProgram();
    config.args = {nodeModule(QStringLiteral("@modelcontextprotocol/server-everything/dist/index.js")), QStringLiteral("stdio")};
    return config;
}

McpServerConfig faultServer(const QString &name, const QStringList &arguments)
{
    McpServerConfig config;
    config.name = name;
    config.command = nodeProgram();
    config.args = QStringList{faultServerScript()} + arguments;
    return config;
}

int freePort()
{
    QTcpServer server;
    server.listen(QHostAddress::LocalHost, 0);
    return server.serverPort();
}

QList<qint64> pidsIn(const QString &file)
{
    QFile pids(file);
    QList<qint64> list;
    if (!pids.open(QIODevice::ReadOnly))
        return list;
    for (const QByteArray &line : pids.readAll().split('\n')) {
        if (!line.trimmed().isEmpty())
            list.append(line.trimmed().toLongLong());
    }
    return list;
}

bool processAlive(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return false;
    const QByteArray stat = status.readAll();
    // The state follows the command name in parentheses; Z is a zombie, X dead.
    const qsizetype close = stat.lastIndexOf(')');
    return close > 0 && close + 2 < stat.size() && stat.at(close + 2) != 'Z' && stat.at(close + 2) != 'X';
}

McpResponse call(McpClient *client, const QString &method, const QJsonObject &params, const McpRequestOptions &options,
                 QList<double> *progress)
{
    McpResponse response;
    bool done = false;
    McpRequest *request = client->request(method, params, options);
    if (progress)
        QObject::connect(request, &McpRequest::progressed, request, [progress](double value, double, const QString &) { progress->append(value); });
    QObject::connect(request, &McpRequest::finished, request, [&](const McpResponse &r) {
        response = r;
        done = true;
    });
    if (!QTest::qWaitFor([&done] { return done; }, 30000))
        response.error = Error(QStringLiteral("test.no-answer"), QStringLiteral("no answer within 30 s"));
    return response;
}

QString resultText(const McpResponse &response)
{
    QString text;
    for (const QJsonValue &item : response.result.value(QLatin1String("content")).toArray())
        text += item.toObject().value(QLatin1String("text")).toString();
    return text;
}

} // namespace valis::test
