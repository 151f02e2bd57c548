#include "execlog.h"

#include "valis/filesystem/agentfilesystem.h"

#include <QDir>
#include <QFileInfo>

namespace valis::tools {

// Errors here reach the model inside the exec result: English, not tr()'d.

QString ExecLog::pathFor(const QString &callId)
{
    QString name;
    for (const QChar c : callId) {
        const bool safe = (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
            || (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('-') || c == QLatin1Char('_')
            || c == QLatin1Char('.');
        name += safe ? c : QLatin1Char('_');
    }
    name = name.left(100);
    if (name.isEmpty() || name.startsWith(QLatin1Char('.')))
        name.prepend(QStringLiteral("call"));
    return QStringLiteral("/context/exec/") + name + QStringLiteral(".log");
}

bool ExecLog::open(AgentFilesystem *filesystem, const QString &agentPath)
{
    m_agentPath = agentPath;
    if (!filesystem) {
        m_error = QStringLiteral("this session has no file view to save it in");
        return false;
    }
    const Result<AgentFilesystem::Location> location = filesystem->resolve(agentPath);
    if (!location.ok()) {
        m_error = location.error().message;
        return false;
    }
    if (location->mountPoint != QLatin1String("/context/")) {
        m_error = QStringLiteral("this session has no /context/ scratch folder");
        return false;
    }
    m_filesystem = filesystem;
    const QString root = location->backend->localRoot();
    if (!root.isEmpty()) {
        // Streamed straight to disk: a 100 MB output must not be held in memory.
        const QString local = QDir(root).filePath(location->relativePath);
        if (!QDir().mkpath(QFileInfo(local).absolutePath())) {
            m_error = QStringLiteral("cannot create the folder of %1").arg(agentPath);
            return false;
        }
        m_file.setFileName(local);
        if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            m_error = QStringLiteral("cannot write %1: %2").arg(agentPath, m_file.errorString());
            return false;
        }
        m_local = true;
    }
    m_open = true;
    return true;
}

void ExecLog::append(const QByteArray &bytes)
{
    if (!m_open || bytes.isEmpty())
        return;
    if (m_local) {
        if (!m_error.isEmpty()) {
            m_dropped += bytes.size();
            return;
        }
        const qint64 written = m_file.write(bytes);
        if (written != bytes.size()) {
            m_error = QStringLiteral("writing %1 failed after %2 bytes: %3").arg(m_agentPath).arg(m_written).arg(m_file.errorString());
            m_written += qMax<qint64>(written, 0);
            m_dropped += bytes.size() - qMax<qint64>(written, 0);
            return;
        }
        m_written += written;
        return;
    }
    const qint64 room = MaxBufferedBytes - m_buffer.size();
    if (room < bytes.size()) {
        m_buffer.append(bytes.constData(), qMax<qint64>(room, 0));
        m_dropped += bytes.size() - qMax<qint64>(room, 0);
    } else {
        m_buffer.append(bytes);
    }
}

bool ExecLog::close()
{
    if (!m_open)
        return false;
    m_open = false;
    if (m_local) {
        if (!m_file.flush() && m_error.isEmpty())
            m_error = QStringLiteral("writing %1 failed: %2").arg(m_agentPath, m_file.errorString());
        m_file.close();
        return m_error.isEmpty();
    }
    const Result<void> written = m_filesystem->write(m_agentPath, m_buffer);
    if (!written.ok()) {
        m_error = written.error().message;
        m_dropped += m_buffer.size();
        m_buffer.clear();
        return false;
    }
    m_written = m_buffer.size();
    m_buffer.clear();
    if (m_dropped > 0) {
        m_error = QStringLiteral("only the first %1 bytes were kept (the scratch folder is not local)").arg(MaxBufferedBytes);
        return false;
    }
    return true;
}

} // namespace valis::tools
