#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

namespace valis {
class AgentFilesystem;
}

namespace valis::tools {

/// Where the full output of one exec call goes when it is too long to show:
/// `/context/exec/<call id>.log` in the session scratch.
///
/// Written as the output arrives, straight into the file when the scratch is a local folder
/// (FilesystemBackend::localRoot()), so memory stays small whatever the output's size; for a
/// scratch that is not local the bytes are held up to MaxBufferedBytes and written at the end
/// through AgentFilesystem::write, and the rest is dropped (and said so). Lives on the thread
/// of the exec call.
class ExecLog
{
public:
    static constexpr qint64 MaxBufferedBytes = 64LL * 1024 * 1024;

    /// The agent path for a call's log: "/context/exec/<call id>.log", the id reduced to
    /// letters, digits, '-', '_' and '.' so it is a safe file name.
    static QString pathFor(const QString &callId);

    /// Prepares the log at `agentPath`; false with `error()` set when it cannot be written.
    bool open(AgentFilesystem *filesystem, const QString &agentPath);
    void append(const QByteArray &bytes);
    /// Completes the log; false with `error()` set when some of it could not be written.
    bool close();

    bool isOpen() const { return m_open; }
    QString agentPath() const { return m_agentPath; }
    qint64 bytesWritten() const { return m_written; }
    /// Bytes that are not in the log (a write failed, or over MaxBufferedBytes).
    qint64 bytesDropped() const { return m_dropped; }
    QString error() const { return m_error; }

private:
    AgentFilesystem *m_filesystem = nullptr;
    QString m_agentPath;
    QFile m_file;
    QByteArray m_buffer; // only when the scratch is not a local folder
    bool m_open = false;
    bool m_local = false;
    qint64 m_written = 0;
    qint64 m_dropped = 0;
    QString m_error;
};

} // namespace valis::tools
