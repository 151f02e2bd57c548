#include "terminalinput.h"

#include <QSocketNotifier>
#include <QTimer>

#include <cstdio>
#include <iostream>

#if defined(Q_OS_UNIX)
#include <csignal>
#include <sys/socket.h>
#include <unistd.h>
#elif defined(Q_OS_WIN)
#include <QPointer>
#include <qt_windows.h>
#endif

namespace valis::cli {

TerminalInput::TerminalInput(QObject *parent) : QObject(parent) {}

TerminalInput::~TerminalInput() = default;

bool TerminalInput::isTerminal() const
{
#if defined(Q_OS_UNIX)
    return isatty(STDIN_FILENO);
#else
    return false;
#endif
}

QString TerminalInput::readAll()
{
    QByteArray bytes;
    char chunk[65536];
    while (true) {
        const size_t n = std::fread(chunk, 1, sizeof chunk, stdin);
        if (n == 0)
            break;
        bytes.append(chunk, qsizetype(n));
    }
    m_atEnd = true;
    return QString::fromUtf8(bytes);
}

void TerminalInput::start()
{
#if defined(Q_OS_UNIX)
    if (!m_atEnd) {
        m_notifier = new QSocketNotifier(STDIN_FILENO, QSocketNotifier::Read, this);
        connect(m_notifier, &QSocketNotifier::activated, this, [this] { onReadable(); });
        return;
    }
#endif
    QTimer::singleShot(0, this, [this] { Q_EMIT closed(); });
}

void TerminalInput::onReadable()
{
#if defined(Q_OS_UNIX)
    char chunk[4096];
    const ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
    if (n <= 0) {
        m_notifier->setEnabled(false);
        m_atEnd = true;
        if (!m_buffer.isEmpty())
            Q_EMIT lineRead(QString::fromUtf8(std::exchange(m_buffer, QByteArray())));
        Q_EMIT closed();
        return;
    }
    m_buffer.append(chunk, qsizetype(n));
    qsizetype newline;
    while ((newline = m_buffer.indexOf('\n')) >= 0) {
        const QByteArray line = m_buffer.left(newline);
        m_buffer.remove(0, newline + 1);
        Q_EMIT lineRead(QString::fromUtf8(line));
    }
#endif
}

#if defined(Q_OS_UNIX)
namespace {
int interruptPipe[2] = {-1, -1};
volatile sig_atomic_t interruptCount = 0;

void onSigint(int)
{
    interruptCount = interruptCount + 1;
    if (interruptCount > 1)
        _exit(130);
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = ::write(interruptPipe[1], &byte, 1);
}
} // namespace
#endif

#if defined(Q_OS_WIN)
namespace {
QPointer<InterruptSignal> consoleListener;

BOOL WINAPI onConsoleControl(DWORD)
{
    // Another thread: the signal is emitted through the listener's own event queue.
    if (consoleListener)
        QMetaObject::invokeMethod(consoleListener.data(), &InterruptSignal::triggered, Qt::QueuedConnection);
    return TRUE;
}
} // namespace
#endif

InterruptSignal::InterruptSignal(Hears hears, QObject *parent) : QObject(parent), m_hears(hears)
{
#if defined(Q_OS_UNIX)
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, interruptPipe) != 0)
        return;
    m_notifier = new QSocketNotifier(interruptPipe[0], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, [this] {
        char byte;
        [[maybe_unused]] const ssize_t n = ::read(interruptPipe[0], &byte, 1);
        Q_EMIT triggered();
    });
    struct sigaction action = {};
    action.sa_handler = onSigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
    if (m_hears == Hears::InterruptAndTerminate)
        sigaction(SIGTERM, &action, nullptr);
#elif defined(Q_OS_WIN)
    if (m_hears == Hears::InterruptAndTerminate) {
        consoleListener = this;
        SetConsoleCtrlHandler(onConsoleControl, TRUE);
    }
#endif
}

InterruptSignal::~InterruptSignal()
{
#if defined(Q_OS_UNIX)
    signal(SIGINT, SIG_DFL);
    if (m_hears == Hears::InterruptAndTerminate)
        signal(SIGTERM, SIG_DFL);
    if (interruptPipe[0] >= 0) {
        ::close(interruptPipe[0]);
        ::close(interruptPipe[1]);
        interruptPipe[0] = interruptPipe[1] = -1;
    }
#elif defined(Q_OS_WIN)
    if (m_hears == Hears::InterruptAndTerminate) {
        SetConsoleCtrlHandler(onConsoleControl, FALSE);
        consoleListener = nullptr;
    }
#endif
}

} // namespace valis::cli
