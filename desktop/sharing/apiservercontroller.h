#pragma once

#include <QObject>
#include <QProcess>
#include <QString>

class QTimer;

namespace valis {

/// The desktop's switch for the OpenAI-compatible API: runs `valis-cli serve --port N
/// [--profile P]` (the
/// valis-cli installed beside the desktop) as a child process, reads the URL from the line it
/// prints when it listens ("Serving the OpenAI-compatible API at http://ADDR:PORT/v1"), keeps
/// the tail of its stderr for when it fails, and stops it when switched off or destroyed (the
/// main window owns one, so the server ends with the app). Whether it is on and the port are
/// remembered in the desktop's settings file, so restore() starts it again after a restart.
/// GUI thread only.
class ApiServerController : public QObject
{
    Q_OBJECT

public:
    enum class State { Stopped, Starting, Serving, Failed };

    /// `program` is valis-cli; `settingsPath` the desktop's settings file (desktop.ini);
    /// `valisHome` is passed on as VALIS_HOME when not empty (a desktop started with --home).
    ApiServerController(QString program, QString settingsPath, QString valisHome, QObject *parent = nullptr);
    ~ApiServerController() override;

    /// The port asked for when none was chosen: valis-cli serve's own default, so the URL a
    /// client was given works whether the desktop or a terminal runs the server.
    static constexpr quint16 DefaultPort = 8787;

    QString program() const { return m_program; }
    State state() const { return m_state; }
    /// The URL the server printed; empty until it serves.
    QString url() const { return m_url; }
    /// Why it failed or stopped unexpectedly, with the last lines of its stderr.
    QString problem() const { return m_problem; }
    quint16 port() const { return m_port; }
    /// Takes effect at the next start; remembered. 0: a free port (the URL names it).
    void setPort(quint16 port);
    /// The profile of config/serve.json a request without a model uses (--profile); empty:
    /// the file's defaultProfile. Takes effect at the next start; remembered.
    QString profile() const { return m_profile; }
    void setProfile(const QString &profile);
    /// Whether the switch was left on (the desktop's settings).
    bool rememberedOn() const;

    /// Starts the server (restarts it when running) and remembers the switch as on.
    void start();
    /// Stops the server and remembers the switch as off.
    void stop();
    /// Starts the server when the switch was left on.
    void restore();

    /// "Stopped", "Starting…", "Serving", "Failed" (translated).
    static QString stateText(State state);

Q_SIGNALS:
    /// state(), url() or problem() changed.
    void stateChanged();

private:
    void remember(bool on);
    void setState(State state);
    void readOutput();
    void readErrors();
    void keepError(const QByteArray &line);
    void finished(int exitCode, QProcess::ExitStatus status);
    void terminate(bool wait);

    QString m_program;
    QString m_settingsPath;
    QString m_home;
    quint16 m_port = DefaultPort;
    QString m_profile;
    QProcess *m_process = nullptr;
    QTimer *m_killTimer = nullptr;
    State m_state = State::Stopped;
    QString m_url;
    QString m_problem;
    QByteArray m_stdout;  ///< a line not yet complete
    QByteArray m_stderr;  ///< the tail, at most a few KiB
    QByteArray m_stderrLine; ///< a stderr line not yet complete
    bool m_stopping = false;
};

} // namespace valis
