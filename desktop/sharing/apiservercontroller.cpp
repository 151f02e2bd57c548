#include "apiservercontroller.h"

#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QSettings>
#include <QTimer>

#include <utility>

namespace valis {

namespace {

const QString EnabledKey = QStringLiteral("apiServer/enabled");
const QString PortKey = QStringLiteral("apiServer/port");
const QString ProfileKey = QStringLiteral("apiServer/profile");
constexpr qsizetype StderrTail = 4096;
constexpr int GraceMs = 3000;

} // namespace

ApiServerController::ApiServerController(QString program, QString settingsPath, QString valisHome, QObject *parent)
    : QObject(parent), m_program(std::move(program)), m_settingsPath(std::move(settingsPath)), m_home(std::move(valisHome))
{
    const QSettings settings(m_settingsPath, QSettings::IniFormat);
    const uint port = settings.value(PortKey, DefaultPort).toUInt();
    m_port = port <= 65535 ? quint16(port) : DefaultPort;
    m_profile = settings.value(ProfileKey).toString();
    m_killTimer = new QTimer(this);
    m_killTimer->setSingleShot(true);
    m_killTimer->setInterval(GraceMs);
    connect(m_killTimer, &QTimer::timeout, this, [this] {
        if (m_process && m_process->state() != QProcess::NotRunning)
            m_process->kill();
    });
}

ApiServerController::~ApiServerController()
{
    // The app is quitting: the server goes with it, but the switch stays as it was so the next
    // start serves again.
    terminate(true);
}

void ApiServerController::setProfile(const QString &profile)
{
    m_profile = profile;
    QSettings settings(m_settingsPath, QSettings::IniFormat);
    settings.setValue(ProfileKey, profile);
}

void ApiServerController::setPort(quint16 port)
{
    m_port = port;
    QSettings settings(m_settingsPath, QSettings::IniFormat);
    settings.setValue(PortKey, int(port));
}

bool ApiServerController::rememberedOn() const
{
    const QSettings settings(m_settingsPath, QSettings::IniFormat);
    return settings.value(EnabledKey, false).toBool();
}

void ApiServerController::remember(bool on)
{
    QSettings settings(m_settingsPath, QSettings::IniFormat);
    settings.setValue(EnabledKey, on);
}

void ApiServerController::restore()
{
    if (rememberedOn())
        start();
}

void ApiServerController::start()
{
    remember(true);
    if (m_process && m_process->state() != QProcess::NotRunning && !m_stopping)
        return;
    if (m_process) {
        // A server still going away: it is let go, and its signals no longer count.
        m_process->disconnect(this);
        if (m_process->state() != QProcess::NotRunning)
            m_process->kill();
        m_process->deleteLater();
    }
    m_stopping = false;
    m_url.clear();
    m_problem.clear();
    m_stdout.clear();
    m_stderr.clear();
    m_stderrLine.clear();
    m_process = new QProcess(this);
    if (!m_home.isEmpty()) {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("VALIS_HOME"), m_home);
        m_process->setProcessEnvironment(environment);
    }
    connect(m_process, &QProcess::readyReadStandardOutput, this, &ApiServerController::readOutput);
    connect(m_process, &QProcess::readyReadStandardError, this, &ApiServerController::readErrors);
    connect(m_process, &QProcess::finished, this, &ApiServerController::finished);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return; // the others arrive with finished()
        m_problem = tr("%1 could not be started: %2").arg(m_program, m_process->errorString());
        setState(State::Failed);
    });
    setState(State::Starting);
    QStringList arguments{QStringLiteral("serve"), QStringLiteral("--port"), QString::number(m_port)};
    if (!m_profile.isEmpty())
        arguments << QStringLiteral("--profile") << m_profile;
    m_process->start(m_program, arguments);
}

void ApiServerController::stop()
{
    remember(false);
    if (!m_process || m_process->state() == QProcess::NotRunning) {
        m_url.clear();
        setState(State::Stopped);
        return;
    }
    m_stopping = true;
    terminate(false);
}

void ApiServerController::terminate(bool wait)
{
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    m_stopping = true;
    m_process->terminate();
    if (!wait) {
        m_killTimer->start(); // it goes on its own or is killed after the grace time
        return;
    }
    m_process->disconnect(this);
    if (!m_process->waitForFinished(GraceMs)) {
        m_process->kill();
        m_process->waitForFinished(1000);
    }
}

void ApiServerController::readOutput()
{
    static const QRegularExpression serving(QStringLiteral("^Serving the OpenAI-compatible API at (http://\\S+/v1)\\s*$"));
    m_stdout += m_process->readAllStandardOutput();
    qsizetype newline = -1;
    while ((newline = m_stdout.indexOf('\n')) >= 0) {
        const QString line = QString::fromUtf8(m_stdout.left(newline)).trimmed();
        m_stdout.remove(0, newline + 1);
        const QRegularExpressionMatch match = serving.match(line);
        if (match.hasMatch() && m_state == State::Starting) {
            m_url = match.captured(1);
            setState(State::Serving);
        }
    }
}

void ApiServerController::readErrors()
{
    m_stderrLine += m_process->readAllStandardError();
    qsizetype newline = -1;
    while ((newline = m_stderrLine.indexOf('\n')) >= 0) {
        keepError(m_stderrLine.left(newline + 1));
        m_stderrLine.remove(0, newline + 1);
    }
}

void ApiServerController::keepError(const QByteArray &line)
{
    // The line that shows a new bearer token names its keychain account in every language: it
    // is never kept, so a failure shown in the window cannot put the secret on the screen.
    if (line.contains("api-server-token"))
        return;
    m_stderr += line;
    if (m_stderr.size() > StderrTail)
        m_stderr = m_stderr.right(StderrTail);
}

void ApiServerController::finished(int exitCode, QProcess::ExitStatus status)
{
    readOutput();
    readErrors();
    keepError(std::exchange(m_stderrLine, QByteArray()));
    m_killTimer->stop();
    m_url.clear();
    if (m_stopping) {
        m_stopping = false;
        m_problem.clear();
        setState(State::Stopped);
        return;
    }
    const QString tail = QString::fromUtf8(m_stderr).trimmed();
    const QString how = status == QProcess::CrashExit ? tr("valis-cli serve crashed")
                                                      : tr("valis-cli serve ended (exit code %1)").arg(exitCode);
    m_problem = tail.isEmpty() ? how : how + QStringLiteral(":\n") + tail;
    setState(State::Failed);
}

void ApiServerController::setState(State state)
{
    m_state = state;
    Q_EMIT stateChanged();
}

QString ApiServerController::stateText(State state)
{
    switch (state) {
    case State::Stopped: return tr("Stopped");
    case State::Starting: return tr("Starting…");
    case State::Serving: return tr("Serving");
    case State::Failed: return tr("Failed");
    }
    return QString();
}

} // namespace valis
