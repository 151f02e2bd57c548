#include "modalstandin.h"

#include <QDeadlineTimer>
#include <QJsonDocument>
#include <QStandardPaths>

namespace valis::test {

ModalStandin::~ModalStandin()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    // Closing stdin makes it kill every process it started and exit.
    m_process.closeWriteChannel();
    if (!m_process.waitForFinished(10000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

bool ModalStandin::start()
{
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty()) {
        m_error = QStringLiteral("node is not installed");
        return false;
    }
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process.start(node, {QStringLiteral(VALIS_SOURCE_DIR "/tests/standins/modal/server.mjs")});
    if (!m_process.waitForStarted(10000)) {
        m_error = m_process.errorString();
        return false;
    }
    QDeadlineTimer deadline(30000);
    while (!deadline.hasExpired()) {
        if (m_process.canReadLine() || m_process.waitForReadyRead(int(deadline.remainingTime()))) {
            const QByteArray line = m_process.readLine().trimmed();
            if (line.startsWith("MODAL_STANDIN ")) {
                m_info = QJsonDocument::fromJson(line.mid(14)).object();
                return true;
            }
        }
        if (m_process.state() == QProcess::NotRunning)
            break;
    }
    m_error = QStringLiteral("the stand-in did not start (is node_modules installed? run `npm ci`)");
    return false;
}

QJsonObject ModalStandin::control(QJsonObject message)
{
    const int id = m_nextId++;
    message.insert(QStringLiteral("id"), id);
    m_process.write(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
    QDeadlineTimer deadline(15000);
    while (!deadline.hasExpired()) {
        while (m_process.canReadLine()) {
            const QJsonObject reply = QJsonDocument::fromJson(m_process.readLine()).object();
            if (reply.value(QStringLiteral("id")).toInt() == id)
                return reply;
        }
        if (!m_process.waitForReadyRead(int(deadline.remainingTime())))
            break;
    }
    return {};
}

bool ModalStandin::setFaults(const QJsonObject &faults)
{
    return control({{QStringLiteral("cmd"), QStringLiteral("faults")}, {QStringLiteral("faults"), faults}})
        .value(QStringLiteral("ok"))
        .toBool();
}

QJsonArray ModalStandin::sandboxes()
{
    return control({{QStringLiteral("cmd"), QStringLiteral("state")}}).value(QStringLiteral("sandboxes")).toArray();
}

QJsonObject ModalStandin::sandbox(const QString &id)
{
    for (const QJsonValue &value : sandboxes())
        if (value.toObject().value(QStringLiteral("id")).toString() == id)
            return value.toObject();
    return {};
}

} // namespace valis::test
